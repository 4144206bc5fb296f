#!/usr/bin/env bash
# A/B of two release builds on the everyday commands: `log`, warm `status`, `widget tap`
# (each on a small vault) and `sync` (to a local bare remote, one new event each time),
# alternating base and head, medians of N runs (wall time of the whole process); then, when
# both folders hold `alog-serve` and `wrk` is installed, `GET /api/status` against each
# build's server (ROUNDS rounds of SECONDS_PER_ROUND s each, alternating; p50/p99 latency and requests/s,
# the median round).
#   scripts/ab-release.sh BASE_RELEASE_DIR [HEAD_RELEASE_DIR]   (N=31, ROUNDS=5, SECONDS_PER_ROUND=5)
# e.g. git worktree add /tmp/base <rev>
#      (cd /tmp/base && for p in alog-full alog-serve alog; do scripts/build-release.sh --product $p; done)
#      (same here) && scripts/ab-release.sh /tmp/base/.build/release
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

# GET /api/status: each build's server on its own copy of the vault.
if [ -x "$base/alog-serve" ] && [ -x "$head/alog-serve" ] && command -v wrk >/dev/null; then
  ROUNDS=${ROUNDS:-5}
  SECS=${SECONDS_PER_ROUND:-5}
  servers=()
  start_server() {  # bin vault port
    "$1/alog-serve" serve --vault "$2" --port "$3" >/dev/null 2>&1 &
    servers+=($!)
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$3/api/status" >/dev/null && return; sleep 0.1; done
    echo "alog-serve did not start on port $3" >&2; exit 1
  }
  trap 'kill "${servers[@]}" 2>/dev/null; rm -rf "$work"' EXIT
  start_server "$base" "$work/b" 18781
  start_server "$head" "$work/h" 18782
  round() {  # port → "p50_us p99_us rps"
    wrk -t2 -c8 -d"${SECS}s" --latency "http://127.0.0.1:$1/api/status" | awk '
      function us(v) { if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; return v * 1000000 }
      $1 == "50%" { p50 = us($2) } $1 == "99%" { p99 = us($2) } $1 == "Requests/sec:" { rps = $2 }
      END { printf "%d %d %d\n", p50, p99, rps }'
  }
  rb=() rh=()
  for i in $(seq "$ROUNDS"); do rb+=("$(round 18781)"); rh+=("$(round 18782)"); done
  pick() { printf "%s\n" "$@" | sort -n -k2 | sed -n "$(( (${#@}+1)/2 ))p"; }
  read -r b50 b99 brps <<<"$(pick "${rb[@]}")"
  read -r h50 h99 hrps <<<"$(pick "${rh[@]}")"
  printf "%-12s base p50 %5d us p99 %6d us %6d req/s   head p50 %5d us p99 %6d us %6d req/s   p99 head/base %s\n" \
    "GET status" "$b50" "$b99" "$brps" "$h50" "$h99" "$hrps" "$(awk -v h="$h99" -v b="$b99" 'BEGIN { printf "%.2f", h / b }')"
fi
