#!/usr/bin/env bash
# Sets up and runs the whole test suite (unit, git wrapper, vault and end-to-end CLI tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --build-tests
swift test --skip-build
