#!/usr/bin/env bash
# Fuzzing finds nothing in the expression parser and the spec loader, 45 s each (Fuzz/run.sh)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

status=0
bash Fuzz/run.sh 90 >/tmp/bindery-fuzz.log 2>&1 || status=$?
if [ "$status" != 0 ]; then
  grep -E 'ERROR|SUMMARY|Test unit written|Fatal error|precondition' /tmp/bindery-fuzz.log | head -20 || true
  echo "--- the end of /tmp/bindery-fuzz.log"
  tail -n 20 /tmp/bindery-fuzz.log
  exit "$status"
fi
grep -E '^Done' /tmp/bindery-fuzz.log
