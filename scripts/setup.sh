#!/usr/bin/env bash
# Installs what ActivityLedger needs on Debian/Ubuntu (libgit2, OpenSSL's libcrypto, pkg-config, git, tmux,
# python3), when missing.
set -euo pipefail
missing=()
# tmux: the tests drive `alog watch` in a real terminal.
# libssl-dev: OpenSSL's libcrypto (LedgerCrypto: SHA-1, HMAC-SHA256); libgit2-dev brings it
# too, named here because alog uses it itself.
for pkg in libgit2-dev libssl-dev pkg-config git tmux; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
# scripts/module-graph.sh (run by scripts/test.sh) needs a Python 3, any.
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
