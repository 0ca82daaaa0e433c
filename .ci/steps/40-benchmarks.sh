#!/usr/bin/env bash
# The benchmarks build in release and run once quickly (Benchmarks, bindery-benchmarks --quick)
# Only bindery-benchmarks is built: store-benchmarks (SQLite, run by hand; Performance.md) would add GRDB's
# release build, minutes that CI's hour cannot spare.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift build -c release --package-path Benchmarks --product bindery-benchmarks
swift run -c release --package-path Benchmarks bindery-benchmarks --quick
