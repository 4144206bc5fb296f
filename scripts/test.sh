#!/usr/bin/env bash
# Sets up and runs the whole test suite (unit, git wrapper, vault and end-to-end CLI tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Chromium and Playwright for the dashboard's browser test (skipped, saying why, without them).
scripts/browser-setup.sh
# The module graph in docs/architecture.md matches Package.swift, and every target declares
# exactly what it imports.
scripts/module-graph.sh --check
swift build --build-tests
swift test --skip-build
# The release build the README's demo uses (libgit2 linked in where the archives exist),
# exercised end to end on a throwaway default vault.
demo_home=$(mktemp -d)
trap 'rm -rf "$demo_home"' EXIT
# A configuration folder of its own too: a developer's `alog config vault` must not send the
# demo's entries into their own vault.
XDG_DATA_HOME="$demo_home" XDG_CONFIG_HOME="$demo_home/config" scripts/demo.sh >"$demo_home/demo.log" 2>&1 || {
  cat "$demo_home/demo.log"
  echo "test.sh: the release demo failed" >&2
  exit 1
}
if [ "$(cat .build/release/libgit2-linking)" = static ] && ldd .build/release/alog-full | grep -q libgit2; then
  echo "test.sh: alog-full was meant to link libgit2 statically (scripts/build-release.sh)" >&2
  exit 1
fi
if [ "$(cat .build/release/libstdcxx-linking 2>/dev/null)" = static ] && ldd .build/release/alog-full | grep -q -E 'libstdc\+\+|libgcc_s'; then
  echo "test.sh: alog-full was meant to link libstdc++ and libgcc statically (scripts/build-release.sh)" >&2
  exit 1
fi
# Foundation's internationalisation (ICU) stays out of alog-full: only alog-notes links Yams,
# which imports the whole Foundation (docs/obsidian.md, "Why a third executable").
if grep -q -a "FoundationInternationalization" .build/release/alog-full; then
  echo "test.sh: alog-full links FoundationInternationalization (only alog-notes may)" >&2
  exit 1
fi
# The server stack stays in alog-serve: neither alog nor alog-full links Hummingbird or NIO.
for binary in alog alog-full; do
  if grep -q -a -E "HummingbirdCore|NIOPosix" ".build/release/$binary"; then
    echo "test.sh: $binary links the web server's stack (only alog-serve may)" >&2
    exit 1
  fi
done
echo "test.sh: release demo ok"

