#!/usr/bin/env bash
# Sets up, builds alog (release) and runs a short demo in a throwaway vault of its own: the
# user's default vault and settings are left alone, so their own `alog init` (or `clone`)
# afterwards becomes their default vault.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The four executables: `alog` (the small front), `alog-full` (the whole CLI it hands over
# to), `alog-notes` (the CLI with the task-notes reader, for `tasks`, `task …`, `open`) and
# `alog-serve` (the web dashboard, `alog serve`).
scripts/build-release.sh --product alog-full
scripts/build-release.sh --product alog-notes
scripts/build-release.sh --product alog-serve
scripts/build-release.sh --product alog
ALOG=.build/release/alog
demo_dir=$(mktemp -d "${TMPDIR:-/tmp}/alog-demo.XXXXXX")
vault="$demo_dir/vault"
# The demo's vault for every command below; nothing is written to ~/.config/alog or the default vault.
export ALOG_VAULT="$vault"
echo "== alog init: the demo's own vault at $vault"
$ALOG init --vault "$vault"
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
echo "== a task note of the vault (Exocortex frontmatter): alog task start, current, complete"
mkdir -p "$vault/Tasks"
printf -- '---\nexo__Asset_label: "Write the report"\nems__Effort_status: "[[ems__EffortStatusToDo]]"\n---\nDraft it.\n' >"$vault/Tasks/report.md"
$ALOG tasks --status all
$ALOG task start report --at "-20m"
$ALOG task current --json
$ALOG task complete
cat "$vault/Tasks/report.md"
echo "== alog notes enable: one Markdown note per day"
$ALOG notes enable
cat "$vault/Activities/$(date +%Y-%m-%d).md"
echo "== alog serve: the web dashboard (a free port), asked for /api/status, then Ctrl-C"
serve_log=$(mktemp)
$ALOG serve --port 0 >"$serve_log" 2>&1 &
serve_pid=$!
for _ in $(seq 50); do grep -q "http://" "$serve_log" && break; sleep 0.1; done
cat "$serve_log"
url=$(grep -o "http://[^ ]*" "$serve_log" | head -1)
python3 -c "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + 'api/status').read().decode()[:200])" "$url"
kill -INT "$serve_pid"
wait "$serve_pid"
rm -f "$serve_log"
echo "== alog verify"
$ALOG verify
echo "== done. The demo's vault stays at $vault (look around: ALOG_VAULT=$vault alog history);"
echo "   remove it with: rm -rf $demo_dir"
echo "   Your own vault: scripts/install.sh, then alog init --vault ~/Notes (it becomes your default vault)."
