#!/usr/bin/env bash
# Hostile clients: nested JSON, hello floods, churn, caps, expiry, idle sockets, bad HTTP, rates, close codes (Tests/Browser/test_hostile_clients.py)
# On the debug build the build step made (a release build would add swift-syntax's optimized build,
# 12 minutes): a debug server makes a session several times slower than a release one, so a behaving
# client's edit is held to 500 ms here instead of 100 ms (WebFrontEnd.md has a release run's figures).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
ulimit -n
start_server /tmp/bindery-person-editor-hostile.log \
  .build/debug/PersonEditor --memory --port "$PORT" --resume-window 5
wait_for_port "$PORT"
python3 Tests/Browser/test_hostile_clients.py --url "http://127.0.0.1:$PORT" --pid "$server" \
  --log /tmp/bindery-person-editor-hostile.log --probe-limit-ms 500
stop_server "$server"
