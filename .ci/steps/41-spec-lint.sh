#!/usr/bin/env bash
# bindery-lint passes the specs of the tests and of the two examples
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift run bindery-lint --transformer YearsText --transformer YearsDigits --validator NotBlank \
  Tests/BinderySpecTests/Specs Examples/PersonEditor/PersonEditor.spec.yaml Examples/FilmRatings/FilmRatings.spec.yaml
