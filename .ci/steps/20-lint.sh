#!/usr/bin/env bash
# swift format lint --strict on the package, its sources, tests and examples, and the benchmarks (before the build: it needs none)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift format lint --strict -r Package.swift Sources Tests Examples Benchmarks/Package.swift Benchmarks/Sources
