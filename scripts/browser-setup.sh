#!/usr/bin/env bash
# Installs what the dashboard's browser test needs (scripts/browser-test.py): Debian's
# Chromium, an emoji font for its screenshots, Python's playwright (driving that Chromium; its
# own browser download is not used). Never fails the caller: without them the test is skipped
# and says why.
set -uo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! [ -x /usr/bin/chromium ]; then
  $SUDO apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null 2>&1 ||
    echo "browser-setup: could not install chromium; the browser test will be skipped" >&2
fi
if ! python3 -c "import playwright" >/dev/null 2>&1; then
  python3 -m pip install -q playwright >/dev/null 2>&1 ||
    echo "browser-setup: could not install playwright (pip); the browser test will be skipped" >&2
fi
exit 0
