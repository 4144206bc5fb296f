#!/usr/bin/env bash
# The module graph of docs/architecture.md, and the import check, from Package.swift:
# no flag prints the graph, --write updates the doc, --check (CI: scripts/test.sh) fails
# on drift or undeclared imports, --imports checks imports only. See module-graph.py.
set -euo pipefail
exec python3 "$(dirname "$0")/module-graph.py" "$@"
