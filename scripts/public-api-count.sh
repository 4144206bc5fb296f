#!/usr/bin/env bash
# Counts the public (and open) declarations of each module under Sources/ — of the working
# tree, or of a commit (scripts/public-api-count.sh REV). `public import` lines do not count.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-}
pattern='^\s*(@[A-Za-z]+\s+)*(public|open)\s+(static\s+|final\s+|mutating\s+|nonisolated\s+|override\s+|convenience\s+|required\s+|indirect\s+)*(func|var|let|struct|class|enum|protocol|typealias|init|subscript|actor|extension|case)\b'
for dir in Sources/*/; do
  module=$(basename "$dir")
  if [ -n "$rev" ]; then
    count=$(git grep -E -h "$pattern" "$rev" -- "$dir" 2>/dev/null | wc -l || true)
  else
    count=$(grep -rhE "$pattern" --include='*.swift' "$dir" 2>/dev/null | wc -l || true)
  fi
  if [ "$count" -gt 0 ]; then printf '%-20s %5d\n' "$module" "$count"; fi
done
