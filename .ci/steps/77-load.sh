#!/usr/bin/env bash
# A load smoke run: 50 WebSocket clients on a shared model for 5 s (Benchmarks/load/load.py)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
start_server /tmp/bindery-person-editor-load.log .build/debug/PersonEditor --memory --port "$PORT"
wait_for_port "$PORT"
python3 Benchmarks/load/load.py --url "ws://127.0.0.1:$PORT/socket" --clients 50 --seconds 5
stop_server "$server"
