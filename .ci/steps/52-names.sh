#!/usr/bin/env bash
# Every product's public names beside SwiftUI, Observation, Combine, SwiftData, Testing and Foundation (.ci/taken_names.py, on the symbol graphs of the build with every trait)
# The symbol graphs are read from the modules the tsan step built (the build with every trait), with
# swift-symbolgraph-extract: `swift package dump-symbol-graph` would build again in a configuration of
# its own (about 4 minutes). Alone, the step builds first.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift build --build-tests "${TSAN_BUILD[@]}" | tail -n 1
graphs=/tmp/bindery-symbolgraph
rm -rf "$graphs"
python3 .ci/taken_names.py extract "$(swift build "${TSAN_BUILD[@]}" --show-bin-path)" "$graphs"
python3 .ci/taken_names.py check "$graphs"
