#!/usr/bin/env bash
# Sets up, builds alog (release) and runs a short demo on the embedded default vault.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product alog
ALOG=.build/release/alog
echo "== alog writes to the default vault: ${XDG_DATA_HOME:-$HOME/.local/share}/alog/vault"
$ALOG log wake --at "-7h"
$ALOG log meal --at "-5h" --note "porridge"
$ALOG log exercise --at "-3h" --note "run, 5 km"
$ALOG log meal --at "-40m"
echo "== alog status"
$ALOG status
echo "== alog history --limit 5"
$ALOG history --limit 5
echo "== alog status --json"
$ALOG status --json
echo "== alog verify"
$ALOG verify
