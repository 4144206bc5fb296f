#!/usr/bin/env bash
# Sets up, builds alog (release) and runs a short demo in a throwaway vault of its own: the
# user's default vault and settings are left alone, so their own `alog init` (or `clone`)
# afterwards becomes their default vault.
#
# `scripts/demo.sh --built DIR` runs the demo on executables already built in DIR, building
# nothing: scripts/test.sh runs it on the tests' debug build (.build/debug), which has all four.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --built ]; then
  built=${2:?"demo.sh: --built needs the folder of alog, alog-full, alog-notes and alog-serve"}
  for name in alog alog-full alog-notes alog-serve; do
    [ -x "$built/$name" ] || {
      echo "demo.sh: $built/$name is not there; build it first (swift build --build-tests)" >&2
      exit 2
    }
  done
else
  scripts/setup.sh
  # The four executables: `alog` (the small front), `alog-full` (the whole CLI it hands over
  # to), `alog-notes` (the CLI with the task-notes reader, for `tasks`, `task …`, `open`) and
  # `alog-serve` (the web dashboard, `alog serve`). One swift build each: a product's build
  # compiles only what that product links.
  scripts/build-release.sh --product alog-full
  scripts/build-release.sh --product alog-notes
  scripts/build-release.sh --product alog-serve
  scripts/build-release.sh --product alog
  built=.build/release
fi
ALOG=$built/alog
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
# Its output through a FIFO, read line by line until it says its address: the demo waits for
# that line (or for the server's end), never for a time it hopes is enough.
serve_out="$demo_dir/serve.out"
mkfifo "$serve_out"
$ALOG serve --port 0 >"$serve_out" 2>&1 &
serve_pid=$!
exec 3<"$serve_out"
url=""
while [ -z "$url" ] && IFS= read -r line <&3; do
  echo "$line"
  url=$(grep -o "http://[^ ]*" <<<"$line" | head -1 || true)
done
if [ -z "$url" ]; then
  echo "demo.sh: alog serve ended without saying its address" >&2
  exit 1
fi
python3 -c "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1] + 'api/status').read().decode()[:200])" "$url"
kill -INT "$serve_pid"
wait "$serve_pid"
cat <&3
exec 3<&-
rm -f "$serve_out"
echo "== alog verify"
$ALOG verify
echo "== done. The demo's vault stays at $vault (look around: ALOG_VAULT=$vault alog history);"
echo "   remove it with: rm -rf $demo_dir"
echo "   Your own vault: scripts/install.sh, then alog init --vault ~/Notes (it becomes your default vault)."
