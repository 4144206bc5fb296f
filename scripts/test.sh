#!/usr/bin/env bash
# The test command, by layer (README, "Tests"):
#   scripts/test.sh            everything CI runs (.ci/run): the module graph, one debug build, every
#                              test (the browser test too, where Chromium can be installed), the demo
#                              on that debug build, then the release build of what the release checks
#                              look at (alog, alog-full) and those checks;
#   scripts/test.sh --quick    the library-level test modules, pure or in-process (the domain, notes,
#                              reports, formats, git files, crypto): no CLI, sync, widget or web
#                              suite, no demo, no release build;
#   scripts/test.sh --in-process  every test that starts no process of its own (all but the
#                              tags .process and .browser): the quick layer and the in-process
#                              CLI, sync, widget and web tests;
#   scripts/test.sh --process  the tests tagged .process alone (the front's exec, signals,
#                              terminals, kill -9, exit codes, servers, scripts);
#   scripts/test.sh --browser  the dashboard's browser test alone (Chromium, Playwright and
#                              axe-core set up).
# The tags select through scripts/tagged-tests.py: this toolchain's runner filters on test IDs.
set -euo pipefail
cd "$(dirname "$0")/.."
layer=${1:-all}
case "$layer" in
all | --quick | --in-process | --process | --browser) ;;
*)
  echo "usage: scripts/test.sh [--quick | --in-process | --process | --browser]" >&2
  exit 2
  ;;
esac
scripts/setup.sh
# The tests' vaults, repositories and servers' folders (everything under TMPDIR, children
# included) go to a tmpfs when /dev/shm is one with 1 GiB free (the suite peaks at ~350 MB):
# on a disk every test's `init`, commits and clean-up wait on the journal and on ext4's inode
# allocation (README, "Tests", has the figures). ALOG_TEST_TMPDIR=DIR puts them in DIR instead
# (a disk, to run the suite on ext4). The build keeps the caller's TMPDIR.
if [ -n "${ALOG_TEST_TMPDIR:-}" ]; then
  mkdir -p "$ALOG_TEST_TMPDIR"
  test_tmp=$(mktemp -d "$ALOG_TEST_TMPDIR/alog-tests.XXXXXX")
elif [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && [ -w /dev/shm ] &&
  [ "$(($(stat -f -c '%a * %S' /dev/shm)))" -ge $((1 << 30)) ]; then
  test_tmp=$(mktemp -d /dev/shm/alog-tests.XXXXXX)
else
  test_tmp=$(mktemp -d "${TMPDIR:-/tmp}/alog-tests.XXXXXX")
fi
cleanup() { rm -rf "$test_tmp" ${demo_home:+"$demo_home"}; }
trap cleanup EXIT
# The test bundle run directly, as `swift test --skip-build` runs it (Swift Testing's tests with
# the arguments given; XCTest's, of which there are none today, in the full run): `swift test`
# first plans the whole build again, ~35 s of a fresh clone's test phase.
run_tests() {
  local bundle
  bundle="$(swift build --show-bin-path)/ActivityLedgerPackageTests.xctest"
  if [ $# -eq 0 ]; then TMPDIR="$test_tmp" "$bundle" --testing-library xctest; fi
  TMPDIR="$test_tmp" "$bundle" --testing-library swift-testing "$@"
}
if [ "$layer" = all ] || [ "$layer" = --browser ]; then
  # Chromium and Playwright for the dashboard's browser test (skipped, saying why, without them).
  scripts/browser-setup.sh
fi
case "$layer" in
--quick)
  swift build --build-tests
  run_tests \
    --filter '^(LedgerCoreTests|LedgerNotesTests|LedgerReportsTests|LedgerInterchangeTests|LedgerGitTests|LedgerCryptoTests)\.'
  exit 0
  ;;
--in-process)
  # Assigned first: a pattern the script cannot make stops here instead of selecting nothing.
  process_tests=$(scripts/tagged-tests.py process)
  browser_tests=$(scripts/tagged-tests.py browser)
  swift build --build-tests
  run_tests --skip "$process_tests" --skip "$browser_tests"
  exit 0
  ;;
--process)
  process_tests=$(scripts/tagged-tests.py process)
  swift build --build-tests
  run_tests --filter "$process_tests"
  exit 0
  ;;
--browser)
  browser_tests=$(scripts/tagged-tests.py browser)
  swift build --build-tests
  run_tests --filter "$browser_tests"
  exit 0
  ;;
esac
# The module graph in docs/architecture.md matches Package.swift, and every target declares
# exactly what it imports.
scripts/module-graph.sh --check
# One debug build serves the tests and the demo: every executable is in it. Our own code
# compiles without a warning (scripts/check-warnings.sh reads the build's log).
build_log=$(mktemp)
swift build --build-tests 2>&1 | tee "$build_log"
scripts/check-warnings.sh "$build_log"
rm -f "$build_log"
run_tests
# The demo end to end on that build, on a throwaway default vault and a configuration folder of
# its own (a developer's `alog config vault` must not send the demo's entries into their vault).
demo_home=$(mktemp -d)
XDG_DATA_HOME="$demo_home" XDG_CONFIG_HOME="$demo_home/config" scripts/demo.sh --built .build/debug \
  >"$demo_home/demo.log" 2>&1 || {
  cat "$demo_home/demo.log"
  echo "test.sh: the demo failed" >&2
  exit 1
}
# What ships, built as scripts/build-release.sh builds it, for the checks only a release build
# can answer (static linking, what each binary links): alog and alog-full, which need none of
# the web server's stack, so this build compiles no NIO, Hummingbird or Yams.
scripts/build-release.sh --product alog-full
scripts/build-release.sh --product alog
# The release front and alog-full end to end: the front answers, hands over with exec, and the
# commit is git's.
release_vault="$demo_home/release-vault"
release() { XDG_CONFIG_HOME="$demo_home/config" .build/release/alog "$@" --vault "$release_vault"; }
release init >/dev/null
release log wake --at -1h >/dev/null
release status >/dev/null
release widget tap meal >/dev/null
# (history --json is one line: its entries are counted by their "type" keys.)
[ "$(release history --json | grep -o '"type"' | wc -l)" -ge 2 ] || {
  echo "test.sh: the release alog did not keep its entries" >&2
  exit 1
}
release verify >/dev/null
git -C "$release_vault" fsck --strict --no-dangling >/dev/null
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
echo "test.sh: demo and release checks ok"
