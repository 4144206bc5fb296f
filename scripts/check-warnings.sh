#!/usr/bin/env bash
# Fails when a build log holds a compiler warning in our own code (Sources/, Tests/).
# Warnings in the packages we depend on, and the static linker's note about dlopen in
# libswiftCore, are not ours and are ignored. Usage: scripts/check-warnings.sh BUILD-LOG
set -euo pipefail
log=${1:?usage: scripts/check-warnings.sh BUILD-LOG}
root=$(cd "$(dirname "$0")/.." && pwd)
ours=$(grep -E "^($root/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u || true)
if [ -n "$ours" ]; then
  echo "$ours" >&2
  echo "check-warnings.sh: $(echo "$ours" | wc -l) compiler warning(s) in our code; the build must stay warning-free" >&2
  exit 1
fi
