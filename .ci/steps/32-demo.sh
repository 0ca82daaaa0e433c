#!/usr/bin/env bash
# The demo runs headless, and with BINDERY_DIAGNOSTICS=1 lists its live bindings: the first-name field bound to the controller's selection
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

swift run PersonEditor --headless | tail -5
BINDERY_DIAGNOSTICS=1 swift run PersonEditor --headless >/tmp/bindery-diagnostics.log
grep -A3 'the live bindings of the page' /tmp/bindery-diagnostics.log
if ! grep -q 'text ⇄ ArrayController<Person>#1.selection.firstName' /tmp/bindery-diagnostics.log; then
  echo "the diagnostics do not show the first-name field bound to the controller's selection"
  exit 1
fi
