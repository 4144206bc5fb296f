#!/usr/bin/env bash
# The dashboard kept busy for a while, as a day of open tabs keeps it (issue 48): alog-serve on
# 127.0.0.1 with a generated vault, 20 pages' live streams (`GET /api/events`) held open the
# whole time, wrk asking for the pages one after another, and a log from the terminal every
# 30 s (so every stream gets a `change` event and the pages change). Every 10 s it notes the
# server's resident memory (VmRSS) and open descriptors; at the end it prints them over time,
# wrk's requests/s and latency percentiles, and checks that the 20 streams are still open and
# each saw every change.
#
#   scripts/web-soak.sh [BIN_DIR [MINUTES]]     (default .build/release, 10 minutes)
#
# BIN_DIR holds alog and alog-serve (scripts/build-release.sh builds them). The server and wrk
# run under `nice` (the machine may be shared). Installs Debian's wrk when it is missing.
# ALOG_SOAK_VAULT=PATH uses that vault (a copy of it is not made: the soak's logs land in it);
# ALOG_SOAK_OUT=DIR keeps the samples and wrk's output there. Exit status 0 when the server
# stayed up, answered without errors, and the streams held.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "${1:-.build/release}" && pwd)
minutes=${2:-10}
for program in alog alog-serve; do
  [ -x "$bin/$program" ] || { echo "web-soak: no $bin/$program (build it: scripts/build-release.sh)" >&2; exit 64; }
done
if ! command -v wrk >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "web-soak: installing wrk (apt-get install -y wrk)"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null ||
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null; }
fi

out=${ALOG_SOAK_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/alog-soak.XXXXXX")}
mkdir -p "$out"
export HOME="$out/home" XDG_CONFIG_HOME="$out/home/config" NO_COLOR=1
export GIT_AUTHOR_NAME="Soak" GIT_AUTHOR_EMAIL="soak@example.com"
export GIT_COMMITTER_NAME="Soak" GIT_COMMITTER_EMAIL="soak@example.com"
mkdir -p "$HOME"

vault=${ALOG_SOAK_VAULT:-}
if [ -z "$vault" ]; then
  # Two months of days: work and reading windows, meals, a wake-up; about 300 entries.
  vault="$out/vault"
  echo "web-soak: generating a vault in $vault"
  "$bin/alog" init --vault "$vault" >/dev/null
  "$bin/alog" types add work --color "#8250DF" --group job --vault "$vault" >/dev/null
  "$bin/alog" types add reading --icon "📖" --vault "$vault" >/dev/null
  for back in $(seq 1 60); do
    day=$(date -d "-$back days" +%F)
    "$bin/alog" log wake --at "${day}T07:00" --vault "$vault" >/dev/null
    "$bin/alog" track work --from "${day}T09:00" --to "${day}T12:$((back % 60 / 10))0" --vault "$vault" >/dev/null
    "$bin/alog" log meal --at "${day}T12:30" --note "lunch $back" --vault "$vault" >/dev/null
    "$bin/alog" track reading --from "${day}T21:00" --to "${day}T21:45" --vault "$vault" >/dev/null
    "$bin/alog" log exercise --at "${day}T18:00" --vault "$vault" >/dev/null
  done
fi

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -n "${server:-}" ]; then
    kill -INT "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
}
trap cleanup EXIT

nice -n 10 "$bin/alog-serve" serve --port 0 --vault "$vault" >"$out/serve.out" 2>"$out/serve.err" &
server=$!
for _ in $(seq 1 200); do
  grep -q "127.0.0.1:" "$out/serve.out" 2>/dev/null && break
  sleep 0.1
done
port=$(sed -n 's|.*127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$out/serve.out" | head -1)
[ -n "$port" ] || { echo "web-soak: alog-serve printed no address: $(cat "$out/serve.out" "$out/serve.err")" >&2; exit 1; }
base="http://127.0.0.1:$port"
echo "web-soak: alog-serve (pid $server) at $base; $minutes minutes; samples and logs in $out"

# The 20 pages' live streams, each written to its own file.
for n in $(seq 1 20); do
  curl -sN "$base/api/events" >"$out/stream-$n.txt" 2>/dev/null &
  pids+=($!)
done

cat >"$out/pages.lua" <<'LUA'
-- Each connection asks for the pages in turn, as a person going through them.
local paths = { "/", "/timeline", "/history", "/reports", "/calendar", "/settings", "/api/status",
  "/history?type=meal", "/reports?period=month" }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
LUA

seconds=$((minutes * 60))
nice -n 10 wrk -t2 -c4 -d"${seconds}s" --timeout 10s --latency -s "$out/pages.lua" "$base" >"$out/wrk.txt" 2>&1 &
wrk_pid=$!
pids+=("$wrk_pid")

sample() {
  local rss fds
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server/status" 2>/dev/null || echo 0)
  fds=$(ls "/proc/$server/fd" 2>/dev/null | wc -l)
  echo "$1 $((rss / 1024)) $fds" >>"$out/samples.txt"
}
echo "seconds rss_mb descriptors" >"$out/samples.txt"
started=$(date +%s)
logs=0
sample 0
while kill -0 "$wrk_pid" 2>/dev/null; do
  sleep 10
  elapsed=$(($(date +%s) - started))
  kill -0 "$server" 2>/dev/null || { echo "web-soak: alog-serve died after $elapsed s" >&2; break; }
  sample "$elapsed"
  if [ $((elapsed / 30)) -gt "$logs" ]; then
    "$bin/alog" log meal --note "soak $logs" --vault "$vault" >/dev/null
    logs=$((logs + 1))
  fi
done
wait "$wrk_pid" || true
sleep 2

status=0
echo
echo "RSS and descriptors over time (seconds, MB, open descriptors):"
column -t "$out/samples.txt"
echo
cat "$out/wrk.txt"
echo
if ! kill -0 "$server" 2>/dev/null; then
  echo "FAIL alog-serve is no longer running"
  status=1
fi
grep -q "Non-2xx or 3xx responses\|Socket errors" "$out/wrk.txt" && { echo "FAIL wrk saw errors (above)"; status=1; }
short=0
for n in $(seq 1 20); do
  changes=$(grep -c "^event: change" "$out/stream-$n.txt" || true)
  [ "$changes" -ge "$logs" ] || short=$((short + 1))
done
open=0
for pid in "${pids[@]:0:20}"; do kill -0 "$pid" 2>/dev/null && open=$((open + 1)); done
echo "streams still open: $open of 20; streams that saw all $logs terminal logs: $((20 - short)) of 20"
[ "$open" -eq 20 ] && [ "$short" -eq 0 ] || status=1
echo "web-soak: $([ $status -eq 0 ] && echo passed || echo failed)"
exit $status
