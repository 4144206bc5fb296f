#!/usr/bin/env bash
# A/B of two release builds on the everyday commands: `log`, warm `status`, `widget tap`
# (each on a small vault) and `sync` (to a local bare remote, one new event each time),
# alternating base and head, medians of N runs (wall time of the whole process).
#   scripts/ab-release.sh BASE_RELEASE_DIR [HEAD_RELEASE_DIR]   (N=31 by default)
# e.g. git worktree add /tmp/base <rev> && (cd /tmp/base && scripts/build-release.sh)
#      scripts/build-release.sh && scripts/ab-release.sh /tmp/base/.build/release
set -euo pipefail
base=${1:?give the release folder of the base build}
head=${2:-$(cd "$(dirname "$0")/.." && pwd)/.build/release}
N=${N:-31}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/cfg TZ=UTC GIT_AUTHOR_NAME=ab GIT_AUTHOR_EMAIL=ab@example.com
for side in b h; do
  bin=$base; [ $side = h ] && bin=$head
  "$bin/alog" init --vault "$work/$side" >/dev/null 2>&1
  git init -q --bare "$work/$side.git"
  "$bin/alog" remote add origin "$work/$side.git" --vault "$work/$side" >/dev/null
  for i in 1 2 3; do "$bin/alog" log meal --vault "$work/$side" >/dev/null; done
  "$bin/alog" sync --vault "$work/$side" >/dev/null 2>&1
done
median() { sort -n | sed -n "$(( (N+1)/2 ))p"; }
micros() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e-s)/1000 )); }
measure() {
  local name=$1; shift
  local tb=() th=()
  for i in $(seq "$N"); do
    tb+=("$(micros "$base/alog" "$@" --vault "$work/b")")
    th+=("$(micros "$head/alog" "$@" --vault "$work/h")")
    if [ "$name" = sync ]; then
      "$base/alog" log meal --vault "$work/b" >/dev/null; "$head/alog" log meal --vault "$work/h" >/dev/null
    fi
  done
  local mb mh
  mb=$(printf "%s\n" "${tb[@]}" | median); mh=$(printf "%s\n" "${th[@]}" | median)
  printf "%-12s base %6d us   head %6d us   head/base %s\n" "$name" "$mb" "$mh" \
    "$(awk -v h="$mh" -v b="$mb" 'BEGIN { printf "%.2f", h / b }')"
}
measure "log" log meal
measure "status" status
measure "widget tap" widget tap meal
measure "sync" sync
