#!/usr/bin/env bash
# The tests under the thread sanitizer with the OpenCombine, GTK and Postgres traits (BinderyCombine's; BinderyGTK's on Xvfb, typing with xdotool; the store suites against PostgreSQL): no failure, no race, no warning in those targets
# BINDERY_REQUIRE=combine,gtk,postgres: a test in each of those modules fails when its trait, the
# display, xdotool or the server's URL is missing, so their suites cannot be skipped quietly.
# GTK_A11Y=none: no accessibility bus under Xvfb. GSK_RENDERER=cairo: GTK draws without Mesa's
# software GL, which the sanitizer's run once saw crash.
# TSAN_OPTIONS=exitcode=66 (the sanitizer's default, said here): a test process in which it reported
# a race exits with 66, so swift test fails; the log is searched for reports too, as a second guard.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

url="$(postgres_url)"
log=/tmp/bindery-tsan.log
run_tests "$log" env BINDERY_REQUIRE=combine,gtk,postgres BINDERY_POSTGRES_URL="$url" GSK_RENDERER=cairo GTK_A11Y=none \
  TSAN_OPTIONS="exitcode=66 ${TSAN_OPTIONS:-}" "${XVFB[@]}" swift test "${TSAN_BUILD[@]}"
tail -n 3 "$log"
if grep -q 'WARNING: ThreadSanitizer' "$log"; then
  echo "the thread sanitizer reported races ($(grep -c 'WARNING: ThreadSanitizer' "$log")); the first:"
  first_tsan_report "$log"
  exit 1
fi
if grep -E '^/.*(Sources|Tests)/(BinderyCombine|BinderyGTK|GTKMainLoopCheck).*warning:' "$log"; then
  echo "warnings in BinderyCombine or BinderyGTK"
  exit 1
fi
if grep -E '^/.*(Sources|Tests)/BinderyPostgres.*warning:' "$log"; then
  echo "warnings in BinderyPostgres"
  exit 1
fi
