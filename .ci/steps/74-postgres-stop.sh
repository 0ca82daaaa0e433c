#!/usr/bin/env bash
# Stops the PostgreSQL cluster and removes its files: no step after this one needs it
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

bash .ci/postgres.sh stop
