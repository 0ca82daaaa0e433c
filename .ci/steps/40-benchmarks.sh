#!/usr/bin/env bash
# The benchmarks build in release and run once quickly (Benchmarks, bindery-benchmarks --quick)
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift build -c release --package-path Benchmarks
swift run -c release --package-path Benchmarks bindery-benchmarks --quick
