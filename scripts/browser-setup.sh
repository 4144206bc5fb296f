#!/usr/bin/env bash
# Installs what the dashboard's browser test needs (scripts/browser-test.py): Debian's
# Chromium, an emoji font for its screenshots, Python's playwright (driving that Chromium; its
# own browser download is not used) and axe-core (axe-playwright-python). Never fails the
# caller: without them the test is skipped and says why.
set -uo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! [ -x /usr/bin/chromium ]; then
  $SUDO apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null 2>&1 ||
    echo "browser-setup: could not install chromium; the browser test will be skipped" >&2
fi
# axe-playwright-python brings axe-core for the accessibility audits (audit-phone, audit-desktop).
# A Debian Python (PEP 668) refuses a plain `pip install`: then it goes to the user's site.
if ! python3 -c "import playwright, axe_playwright_python" >/dev/null 2>&1; then
  python3 -m pip install -q playwright axe-playwright-python >/dev/null 2>&1 ||
    python3 -m pip install -q --user --break-system-packages playwright axe-playwright-python >/dev/null 2>&1 ||
    echo "browser-setup: could not install playwright and axe-playwright-python (pip); the browser test will be skipped" >&2
fi
exit 0
