#!/usr/bin/env bash
# The README's test command, swift test, last: its summary closes the log
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

log=/tmp/bindery-tests.log
swift test 2>&1 | tee "$log" || {
  status=$?
  echo "exit code $status from: swift test"
  show_failures "$log"
  exit "$status"
}
