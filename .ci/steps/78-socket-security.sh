#!/usr/bin/env bash
# Bad input at the socket is refused: a foreign origin, bad messages, an oversized frame, a client that never reads (Tests/Browser/test_socket_security.py)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
start_server /tmp/bindery-person-editor-security.log .build/debug/PersonEditor --memory --port "$PORT"
wait_for_port "$PORT"
python3 Tests/Browser/test_socket_security.py --url "ws://127.0.0.1:$PORT/socket" --pid "$server"
stop_server "$server"
