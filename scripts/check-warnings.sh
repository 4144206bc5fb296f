#!/usr/bin/env bash
# Fails when a build log holds a compiler warning in our own code (Sources/, Tests/).
# Warnings in the packages we depend on, and the static linker's note about dlopen in
# libswiftCore, are not ours and are ignored. Usage: scripts/check-warnings.sh BUILD-LOG
set -euo pipefail
log=${1:?usage: scripts/check-warnings.sh BUILD-LOG}
root=$(cd "$(dirname "$0")/.." && pwd)
# A warning inside a macro's expansion (`#expect(try …)` with nothing that throws) is reported at
# "macro expansion #expect:1:22", and the next line's note names the file by its full path.
ours=$(
  {
    grep -E "^($root/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" || true
    awk -v root="$root" '
      /^macro expansion .*: warning:/ { warning = $0; next }
      warning != "" {
        if (match($0, root "/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+")) print substr($0, RSTART + length(root) + 1, RLENGTH - length(root) - 1) ": " warning
        warning = ""
      }' "$log"
  } | sort -u
)
if [ -n "$ours" ]; then
  echo "$ours" >&2
  echo "check-warnings.sh: $(echo "$ours" | wc -l) compiler warning(s) in our code; the build must stay warning-free" >&2
  exit 1
fi
