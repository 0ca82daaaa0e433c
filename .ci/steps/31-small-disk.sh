#!/usr/bin/env bash
# SQLite on a real full disk and on a file made immutable: the store tests fill a 4 MB tmpfs of their own (BINDERY_SMALL_DISK), as root
# Root ignores file modes and a busy file system cannot be remounted read-only, so the tests fill this
# tmpfs and chattr +i a file on it; it is unmounted whatever they do. BINDERY_REQUIRE=small-disk makes
# a test fail, rather than the disk fault tests skip, when the folder is not there. The whole store
# module runs, not only the disk fault suite (the rest takes seconds): a filter naming the suite would
# pass, running nothing, were the suite renamed.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

small_disk=/mnt/bindery-small
mkdir -p "$small_disk"
if mountpoint -q "$small_disk"; then umount "$small_disk"; fi
mount -t tmpfs -o size=4m,mode=0700 bindery-small "$small_disk"
trap 'umount "$small_disk" || umount -l "$small_disk"' EXIT
log=/tmp/bindery-small-disk.log
run_tests "$log" env BINDERY_SMALL_DISK="$small_disk" BINDERY_REQUIRE=small-disk \
  swift test --filter BinderyStoreTests
grep -E 'Test run with|skipped' "$log" || true
