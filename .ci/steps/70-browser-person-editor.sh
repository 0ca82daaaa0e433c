#!/usr/bin/env bash
# PersonEditor's page in headless Chromium (Selenium): Tests/Browser/test_person_editor.py
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
start_server /tmp/bindery-person-editor.log .build/debug/PersonEditor --memory --port "$PORT"
wait_for_port "$PORT"
mkdir -p /tmp/bindery-browser
python3 Tests/Browser/test_person_editor.py --url "http://127.0.0.1:$PORT" --screenshot /tmp/bindery-browser/person-editor.png
stop_server "$server"
