#!/usr/bin/env bash
# Builds the expression parser's libFuzzer target and runs it.
#   Fuzz/run.sh [seconds]      (default 60)
# Crashes are written to .build-fuzz/ as crash-*; the corpus grows in .build-fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
cp Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 \
  Sources/BinderyExpressions/Syntax/*.swift Fuzz/ExpressionParserFuzzer.swift \
  -module-name ExpressionFuzz -o "$out/expression-fuzzer" 2>&1 | grep -v "Cannot export local symbol" || true
test -x "$out/expression-fuzzer"
"$out/expression-fuzzer" -max_total_time="$seconds" -max_len=512 -timeout=5 \
  -dict=Fuzz/expressions.dict -artifact_prefix="$out/" "$out/corpus"
