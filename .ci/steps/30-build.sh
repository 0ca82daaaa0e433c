#!/usr/bin/env bash
# The debug build with the tests, and no warning in Bindery's own targets (Sources, Tests, Examples)
# The warnings are read from the build's log, so they are only all there in a build from cold, as CI's is.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift build --build-tests 2>&1 | tee /tmp/bindery-build.log
if grep -E '^/.*(Sources|Tests|Examples)/.*warning:' /tmp/bindery-build.log | grep -v '/.build/'; then
  echo "warnings in Bindery's own targets"
  exit 1
fi
