#!/usr/bin/env bash
# Sets up, builds alog (release) and runs a short demo on the embedded default vault.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Both executables: `alog` (the small front) and `alog-full` (the whole CLI it hands over to).
scripts/build-release.sh --product alog-full
scripts/build-release.sh --product alog
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
echo "== alog widget tap exercise (queued, no git), then the status-bar view"
$ALOG widget tap exercise --at "-5m"
$ALOG widget status --format waybar
echo "== alog widget timeline --after-tap"
$ALOG widget timeline --after-tap
echo "== alog history --limit 2 (commits the queued tap first)"
$ALOG history --limit 2
echo "== alog verify"
$ALOG verify
