#!/usr/bin/env bash
# Nothing acknowledged is lost in PersonEditor's SQLite file: 20 clients editing, the server killed with kill -9 and restarted (Tests/Browser/test_nothing_lost.py)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build --product PersonEditor
python3 Tests/Browser/test_nothing_lost.py --binary .build/debug/PersonEditor --database /tmp/bindery-nothing-lost.sqlite \
  --port 18090
