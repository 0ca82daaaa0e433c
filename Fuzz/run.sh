#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for its share of the time:
#   - the expression parser (Fuzz/ExpressionParserFuzzer.swift, with the parser's sources), and
#   - the spec loader (Fuzz/SpecLoaderFuzzer.swift, built into the BinderySpec module with its
#     sources, instrumented, and linked with the package's debug build of the modules it imports).
#   Fuzz/run.sh [seconds]      (default 60, half for each fuzzer)
# Crashes are written to .build-fuzz/ as expression-crash-* and spec-crash-* (timeouts and
# out-of-memory inputs as timeout-*/oom-*); the corpora grow in .build-fuzz/corpus and
# .build-fuzz/spec-corpus. Exits with 1 when either fuzzer found something.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
share=$((seconds / 2))
if ((share < 1)); then share=1; fi
out=.build-fuzz
mkdir -p "$out/corpus" "$out/spec-corpus"
cp Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
cp Fuzz/spec-corpus/* "$out/spec-corpus/" 2>/dev/null || true
quiet() { grep -v "Cannot export local symbol" || true; }

# The expression parser: its sources import only the core's error types (ExpressionError,
# TextPosition, LocatedError), which are compiled in beside them, so the fuzzer needs no build.
rm -rf "$out/expression-src" && mkdir -p "$out/expression-src"
for file in Sources/BinderyExpressions/Syntax/*.swift; do
  grep -vE '^(public )?import Bindery$' "$file" >"$out/expression-src/$(basename "$file")"
done
swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name ExpressionFuzz \
  "$out"/expression-src/*.swift Sources/Bindery/Errors/ExpressionError.swift \
  Sources/Bindery/Errors/TextPosition.swift Sources/Bindery/Errors/LocatedError.swift \
  Fuzz/ExpressionParserFuzzer.swift -module-name ExpressionFuzz -o "$out/expression-fuzzer" 2>&1 | quiet
test -x "$out/expression-fuzzer"

# The spec loader: the modules it imports come from the debug build (built here if missing).
swift build --product bindery-lint 2>&1 | tail -1
bin="$(swift build --show-bin-path)"
yaml_include=.build/checkouts/Yams/Sources/CYaml/include
# The package name SwiftPM gave the debug build, so that BinderySpec sees Bindery's `package` API.
package_name="$(python3 -c 'import json, sys
arguments = json.load(open(sys.argv[1]))["swiftTargetScanArgs"]["Bindery"]
print(arguments[arguments.index("-package-name") + 1])' "$bin/description.json")"
swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name BinderySpec \
  -package-name "$package_name" \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
  -I "$bin/Modules" -Xcc -fmodule-map-file="$yaml_include/module.modulemap" -Xcc -I"$yaml_include" \
  -Xcc -fmodule-map-file="$bin/CBinderyRuntime.build/module.modulemap" \
  $(find Sources/BinderySpec -name '*.swift' | sort) Fuzz/SpecLoaderFuzzer.swift \
  $(grep -E '/(Bindery|BinderyControls|BinderyControllers|BinderyExpressions|BinderyPropertyNames|CBinderyRuntime|Yams|CYaml)\.build/' \
    "$bin/bindery-lint.product/Objects.LinkFileList" | tr -d "'\"") \
  -o "$out/spec-fuzzer" 2>&1 | quiet
test -x "$out/spec-fuzzer"

status=0
"$out/expression-fuzzer" -max_total_time="$share" -max_len=16384 -timeout=5 -rss_limit_mb=2048 \
  -dict=Fuzz/expressions.dict -artifact_prefix="$out/expression-" "$out/corpus" || status=1
# No leak check: Swift packs some pointers with tag bits, which the leak checker cannot see, so a
# cache of parsed expressions looks leaked.
ASAN_OPTIONS=detect_leaks=0 "$out/spec-fuzzer" -max_total_time="$share" -max_len=32768 -timeout=5 -rss_limit_mb=2048 \
  -dict=Fuzz/spec.dict -artifact_prefix="$out/spec-" "$out/spec-corpus" || status=1
exit "$status"
