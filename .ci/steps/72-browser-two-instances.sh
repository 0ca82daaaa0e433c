#!/usr/bin/env bash
# Two PersonEditor instances on one PostgreSQL database, in headless Chromium: an edit on one shows on the other (Tests/Browser/test_two_instances.py)
# PersonEditor as the thread-sanitizer build makes it, with the Postgres trait.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

url="$(postgres_url)"
build "${TSAN_BUILD[@]}" --product PersonEditor
editor="$(swift build "${TSAN_BUILD[@]}" --show-bin-path)/PersonEditor"
psql "$url" -qc "DROP TABLE IF EXISTS person" 2>/dev/null || true
start_server /tmp/bindery-person-editor-pg1.log "$editor" --postgres "$url" --port 18081
first=$server
start_server /tmp/bindery-person-editor-pg2.log "$editor" --postgres "$url" --port 18082
second=$server
wait_for_port 18081
wait_for_port 18082
python3 Tests/Browser/test_two_instances.py --first http://127.0.0.1:18081 --second http://127.0.0.1:18082
stop_server "$first"
stop_server "$second"
