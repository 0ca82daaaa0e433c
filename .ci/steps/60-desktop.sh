#!/usr/bin/env bash
# PersonEditor's and FilmRatings' GTK windows through AT-SPI, keyboard only (xdotool), in a D-Bus session (Tests/Desktop)
# Debian's at-spi2-core (the accessibility bus) and python3-pyatspi (a screen reader's view), run by
# Debian's python3; the windows are the thread-sanitizer build's (built there already, so this only
# links them if needed).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

for product in PersonEditor FilmRatings; do
  build "${TSAN_BUILD[@]}" --product "$product"
done
bin="$(swift build "${TSAN_BUILD[@]}" --show-bin-path)"
# The session's own chatter, left out of the log.
quiet() { grep -vE 'dbus-daemon|SpiRegistry' || true; }
mkdir -p /tmp/bindery-desktop
timeout 300 dbus-run-session -- "${XVFB[@]}" /usr/bin/python3 \
  Tests/Desktop/test_person_editor_gtk.py --app "$bin/PersonEditor" \
  --screenshot /tmp/bindery-desktop/person-editor-gtk.png 2>&1 | quiet
# FilmRatings' own star control (a GTKControl of the example's), pressed as a screen reader does.
timeout 180 dbus-run-session -- "${XVFB[@]}" /usr/bin/python3 \
  Tests/Desktop/test_film_ratings_gtk.py --app "$bin/FilmRatings" 2>&1 | quiet
