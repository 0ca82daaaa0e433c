#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster on 127.0.0.1:55432 for the store tests and the PostgreSQL browser steps (.ci/postgres.sh; the postgres-stop step stops it)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

postgres_url
