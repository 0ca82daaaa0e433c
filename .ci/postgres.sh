#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for BinderyPostgres's tests, on 127.0.0.1:55432 with trust
# authentication, its socket in /tmp and its files in /tmp/bindery-postgres (gone after `stop`).
#   bash .ci/postgres.sh start     installs Debian's postgresql if missing, starts the cluster, creates bindery_test
#   bash .ci/postgres.sh url       starts it if needed, then prints postgres://postgres@127.0.0.1:55432/bindery_test
#   bash .ci/postgres.sh restart   restarts the server (connections drop; the files stay)
#   bash .ci/postgres.sh stop      stops it and removes its files
# Each is idempotent. Messages go to stderr, so `url` prints only the URL.
set -euo pipefail

PORT=55432
BASE=/tmp/bindery-postgres
DATA="$BASE/data"
DATABASE=bindery_test
BIN=/usr/lib/postgresql/15/bin
URL="postgres://postgres@127.0.0.1:$PORT/$DATABASE"

say() { echo "postgres.sh: $*" >&2; }
as_postgres() { runuser -u postgres -- "$@"; }
running() { [ -f "$DATA/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

install() {
  if [ ! -x "$BIN/postgres" ]; then
    say "installing Debian's postgresql"
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  fi
}

start() {
  install
  if ! running; then
    if [ ! -f "$DATA/PG_VERSION" ]; then
      rm -rf "$BASE"
      mkdir -p "$BASE"
      chown postgres: "$BASE"
      # --no-locale: text sorts by bytes, as in SQLite.
      as_postgres "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --no-locale -E UTF8 >/dev/null
    fi
    as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$BASE/server.log" -w -t 30 start \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null
    say "started on 127.0.0.1:$PORT (log: $BASE/server.log)"
  fi
  if [ -z "$(psql -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" ]; then
    psql -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -qc "CREATE DATABASE $DATABASE" >&2
  fi
}

stop() {
  if running; then as_postgres "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; say "stopped"; fi
  rm -rf "$BASE"
}

case "${1:-}" in
  start) start ;;
  url) start; echo "$URL" ;;
  restart)
    start
    as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$BASE/server.log" -m fast -w restart \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null
    say "restarted"
    ;;
  stop) stop ;;
  *) echo "usage: $0 start|url|restart|stop" >&2; exit 2 ;;
esac
