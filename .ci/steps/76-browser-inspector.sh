#!/usr/bin/env bash
# The bindings inspector (PersonEditor --inspect) in headless Chromium, refused to a client from another address (Tests/Browser/test_inspector.py)
# Listening on every address, so the test can check that a client coming through this machine's
# other address is refused the inspector.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
other_address="$(hostname -I 2>/dev/null | awk '{print $1}')"
start_server /tmp/bindery-person-editor-inspect.log .build/debug/PersonEditor --memory --host 0.0.0.0 --port "$PORT" --inspect
wait_for_port "$PORT"
mkdir -p /tmp/bindery-browser
python3 Tests/Browser/test_inspector.py --url "http://127.0.0.1:$PORT" --screenshot /tmp/bindery-browser/inspector.png \
  --other-address "$other_address"
stop_server "$server"
