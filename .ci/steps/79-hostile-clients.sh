#!/usr/bin/env bash
# Hostile clients: nested JSON, hello floods, churn, caps, expiry, idle sockets, bad HTTP, rates, close codes (Tests/Browser/test_hostile_clients.py)
# A release build: the suite holds a behaving client to 100 ms per edit while 200 tabs churn. Built
# through the benchmarks package, whose release build of the dependencies is already there (4 min
# instead of 13).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build -c release --package-path Benchmarks --product PersonEditor
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
ulimit -n
start_server /tmp/bindery-person-editor-hostile.log \
  Benchmarks/.build/release/PersonEditor --memory --port "$PORT" --resume-window 5
wait_for_port "$PORT"
python3 Tests/Browser/test_hostile_clients.py --url "http://127.0.0.1:$PORT" --pid "$server" \
  --log /tmp/bindery-person-editor-hostile.log
stop_server "$server"
