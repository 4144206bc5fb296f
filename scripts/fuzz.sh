#!/usr/bin/env bash
# The fuzzing harness of docs/robustness.md: builds alog-fuzz (release) and runs it in one
# process with fixed seeds: 10^6 command lines, 10^6 event lines, 70,000 outside files (import
# data, task notes' frontmatter, task links; up to 1 MB each), 10^5 damaged vaults.
#
#   scripts/fuzz.sh                          the full run (about 13 minutes on 2 cores)
#   scripts/fuzz.sh --arguments 100000 --lines 100000 --inputs 7000 --vaults 10000    a tenth
#   scripts/fuzz.sh --arguments 0 --lines 0 --vaults 0 --inputs 70000   the outside files alone
#   scripts/fuzz.sh --seed 7                 other cases
#   scripts/fuzz.sh --from 123456 --arguments 1 --lines 0 --inputs 0 --vaults 0    one case again
#
# Options are alog-fuzz's (--seed, --arguments, --lines, --inputs, --vaults, --from,
# --directory); the defaults above are its own. Exit 0: no findings; 1: findings (listed with seed and case);
# 2: a usage error; anything else: the run died or hung, and the case it was running is printed
# from the cursor file (reproduce it with --from). ALOG_FUZZ_TIMEOUT (seconds, default 3600)
# bounds the whole run.
set -uo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product alog-fuzz >&2 || exit 2
bin="$(swift build -c release --show-bin-path)"
cursor="$(mktemp "${TMPDIR:-/tmp}/alog-fuzz-cursor.XXXXXX")"
trap 'rm -f "$cursor"' EXIT
timeout "${ALOG_FUZZ_TIMEOUT:-3600}" "$bin/alog-fuzz" --cursor "$cursor" "$@"
status=$?
if [ "$status" -gt 2 ]; then
    echo "alog-fuzz ended with status $status (a crash, a signal or the timeout) while running: $(cat "$cursor")" >&2
fi
exit "$status"
