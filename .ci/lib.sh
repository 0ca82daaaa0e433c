# Sourced by .ci/run and by each step in .ci/steps (never run): the shell's settings, the toolchain
# on PATH, and what several steps share (the thread-sanitizer build's flags, servers on a port, the
# failures of a test run shown with what follows them).
# shellcheck shell=bash
# The arrays and variables below are the steps' (SC2034), and a comma inside a word is a list of traits (SC2054).
# shellcheck disable=SC2034,SC2054
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v swift >/dev/null 2>&1; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# The thread-sanitizer build with every trait: the tsan step's tests, the names step's symbol graph, the
# desktop windows and PersonEditor on PostgreSQL all use it (one build in .build-tsan).
TSAN_BUILD=(--sanitize=thread --scratch-path .build-tsan --traits OpenCombine,GTK,Postgres)
# A display for GTK: Xvfb, no TCP.
XVFB=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp")
# The port of the PersonEditor (or FilmRatings) a browser step starts.
PORT=18080

# The PostgreSQL cluster's URL, started if it is not running (.ci/postgres.sh; .ci/run stops it at the end).
postgres_url() { bash .ci/postgres.sh url; }

# swift build ARGS..., its output in a log: the last line when it builds, the errors and the end when not.
build() {
  local log=/tmp/bindery-build-step.log status=0
  swift build "$@" >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    echo "swift build $* failed (exit code $status):"
    grep -E -A3 '^error:|: error:' "$log" | head -n 100 || true
    echo "--- the end of $log"
    tail -n 20 "$log"
    return "$status"
  fi
  tail -n 1 "$log"
}

# Why a test run in LOG failed: each issue with the lines after it (its message, the ↳ lines), crashes,
# build errors, and the first ThreadSanitizer report in full; the log's end when none of these is there.
show_failures() {
  local log=$1 shown=0
  if grep -qE '✘|Fatal error|^error:|: error:|WARNING: ThreadSanitizer' "$log"; then shown=1; fi
  if grep -q '✘' "$log"; then
    echo "--- the tests that failed ($log)"
    grep -E '✘.*(Test|Suite) .* failed after' "$log" | head -n 60 || true
    echo "--- their issues, each with the 6 lines after it"
    grep -E -A6 '✘.*recorded an issue' "$log" | head -n 400 || true
  fi
  if grep -qE 'Fatal error|^error:|: error:' "$log"; then
    echo "--- crashes and errors, each with the lines after it"
    grep -E -A10 'Fatal error' "$log" | head -n 120 || true
    grep -E -A6 '^error:|\.swift:[0-9]+(:[0-9]+)?: error:' "$log" | head -n 120 || true
  fi
  if grep -q 'WARNING: ThreadSanitizer' "$log"; then
    echo "--- the first ThreadSanitizer report ($(grep -c 'WARNING: ThreadSanitizer' "$log") in all)"
    first_tsan_report "$log"
  fi
  if [ "$shown" = 0 ]; then
    echo "--- the end of $log"
    tail -n 40 "$log"
  fi
}

# The first ThreadSanitizer report in LOG, from its WARNING line to its SUMMARY line.
first_tsan_report() {
  awk '/WARNING: ThreadSanitizer/ { on = 1 } on { print } on && /^SUMMARY: ThreadSanitizer/ { exit }' "$1" | head -n 300
}

# run_tests LOG COMMAND...: runs a test command with its output in LOG; when it fails, says why
# (show_failures) and returns its exit code.
run_tests() {
  local log=$1 status=0
  shift
  "$@" >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    echo "exit code $status from: $*"
    show_failures "$log"
  fi
  return "$status"
}

# Servers a step starts (start_server) are stopped when the step ends, however it ends.
servers=()
stop_servers() {
  local pid
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_servers EXIT

# start_server LOG COMMAND...: starts a server in the background, its output in LOG; its id in $server.
start_server() {
  server_log=$1
  shift
  "$@" >"$server_log" 2>&1 &
  server=$!
  servers+=("$server")
}

# stop_server PID: stops a server, waiting up to 15 s before kill -9.
stop_server() {
  local pid=$1
  kill "$pid" 2>/dev/null || true
  timeout 15 tail --pid="$pid" -f /dev/null || kill -9 "$pid" 2>/dev/null || true
}

# wait_for_port PORT: waits up to 60 s for something to listen on 127.0.0.1:PORT.
wait_for_port() {
  local port=$1
  for _ in $(seq 1 60); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; then return 0; fi
    sleep 1
  done
  echo "nothing listens on port $port after 60 s"
  if [ -n "${server_log:-}" ]; then
    echo "--- the end of $server_log"
    tail -n 20 "$server_log"
  fi
  return 1
}
