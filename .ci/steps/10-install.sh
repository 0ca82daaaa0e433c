#!/usr/bin/env bash
# Installs what the steps need, once: Debian's GTK 4, libadwaita, its SVG loader, Xvfb, xdotool, graphviz, PostgreSQL 15, D-Bus, AT-SPI and Chromium, PyPI's selenium and websockets
# Each group only when it is missing, with one apt-get update for all of them.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

packages=()
# GTK 4 and libadwaita's headers, Xvfb and xdotool: BinderyGTK and its tests (the names step's
# dump-symbol-graph builds every trait, GTK's too).
if ! pkg-config --exists libadwaita-1 2>/dev/null || ! command -v xvfb-run >/dev/null 2>&1 \
  || ! command -v xdotool >/dev/null 2>&1; then
  packages+=(pkg-config libadwaita-1-dev xvfb xauth xdotool)
fi
# gdk-pixbuf's SVG loader, which GTK recommends: an image view's SVG image in a window.
test -d /usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0 && ls /usr/lib/*/gdk-pixbuf-2.0/*/loaders/libpixbufloader-svg.so   >/dev/null 2>&1 || packages+=(librsvg2-common)
# graphviz, for the test that renders the bindings' DOT graph.
command -v dot >/dev/null 2>&1 || packages+=(graphviz)
# PostgreSQL 15, for .ci/postgres.sh's throwaway cluster (the store tests, two instances, nothing lost).
test -x /usr/lib/postgresql/15/bin/postgres || packages+=(postgresql)
# The accessibility bus (at-spi2-core) and a screen reader's view of it (python3-pyatspi, run by
# Debian's python3) in a D-Bus session, for the desktop step.
if ! command -v dbus-run-session >/dev/null 2>&1 || ! /usr/bin/python3 -c 'import pyatspi' 2>/dev/null \
  || ! test -x /usr/libexec/at-spi-bus-launcher; then
  packages+=(dbus at-spi2-core python3-pyatspi)
fi
# Chromium and its driver, for the browser steps.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  packages+=(chromium chromium-driver)
fi

if ((${#packages[@]} > 0)); then
  echo "apt-get install ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
else
  echo "Debian's packages: all there"
fi
# Selenium and websockets, for the browser tests and the load run.
python3 -c 'import selenium, websockets' 2>/dev/null || pip install -q selenium websockets
swift --version
