#!/usr/bin/env bash
# Every product's public names beside SwiftUI, Observation, Combine, SwiftData, Testing and Foundation (.ci/taken_names.py, on the symbol graphs of the build with every trait)
# The symbol graphs are read from the modules the tsan step built (the build with every trait), with
# swift-symbolgraph-extract. Nothing is built when those modules are newer than every source: both
# `swift package dump-symbol-graph` and `swift build --build-tests` would build again after
# `swift test` (3 to 4 minutes). Alone, on older or missing modules, the step builds first.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

bin="$(swift build "${TSAN_BUILD[@]}" --show-bin-path)"
module="$bin/Modules/BinderyGTK.swiftmodule"
if [ ! -f "$module" ] || [ -n "$(find Sources Package.swift -newer "$module" -print -quit)" ]; then
  swift build --build-tests "${TSAN_BUILD[@]}" | tail -n 1
fi
graphs=/tmp/bindery-symbolgraph
rm -rf "$graphs"
python3 .ci/taken_names.py extract "$bin" "$graphs"
python3 .ci/taken_names.py check "$graphs"
