#!/usr/bin/env bash
# Nothing acknowledged is lost on PostgreSQL: 20 clients editing, the server killed with kill -9 and restarted (Tests/Browser/test_nothing_lost.py)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

url="$(postgres_url)"
build "${TSAN_BUILD[@]}" --product PersonEditor
editor="$(swift build "${TSAN_BUILD[@]}" --show-bin-path)/PersonEditor"
python3 Tests/Browser/test_nothing_lost.py --binary "$editor" --postgres "$url" --port 18090
