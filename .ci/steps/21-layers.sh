#!/usr/bin/env bash
# The layers (.ci/check_layers.py): model-side modules import no view-side one, the core's folders point only down, every lock is one the thread sanitizer sees, no @_spi, no exact versions (public names are checked by the names step, after the thread-sanitizer build)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

python3 .ci/check_layers.py
