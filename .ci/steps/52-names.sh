#!/usr/bin/env bash
# Every product's public names beside SwiftUI, Observation, Combine, SwiftData, Testing and Foundation (.ci/taken_names.py, on the symbol graph of the build with every trait)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift package "${TSAN_BUILD[@]}" dump-symbol-graph --minimum-access-level public --skip-synthesized-members >/dev/null
python3 .ci/taken_names.py check "$(swift build "${TSAN_BUILD[@]}" --show-bin-path)/../symbolgraph"
