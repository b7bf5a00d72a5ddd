#!/bin/sh
# Installs what the browser test (page/test_page.py) and the worker's (page/test_worker.js) need,
# each only when missing: the wasm target (rustup), Chromium and Node, Playwright from PyPI,
# which drives that Chromium through its executable path (`playwright install` and its browser
# download are never used), and axe-core from npm, the accessibility checker the test injects
# into the page, in $STUDY_PAGE_CACHE (by default ~/.cache/study-page).
#
# Chromium and Node come from the environment when set (CHROMIUM=/path/to/chromium,
# NODE=/path/to/node), else from PATH, else from apt-get on Debian or Ubuntu as root. Anything
# still missing stops the run with one line saying what and how to provide it.
set -e
missing() {
  echo "page/setup.sh: $1" >&2
  exit 1
}
# apt-get installs a package when it can (root on Debian or Ubuntu), quietly; its own messages
# are kept in a log rather than shown, so that a failure reads as one line.
can_apt() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; }
log="${TMPDIR:-/tmp}/study-page-setup.log"
apt_install() {
  can_apt || return 1
  { apt-get update -q && apt-get install -y -q "$@"; } >"$log" 2>&1 || missing "apt-get install $* failed (its output: $log)"
}

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

if [ -n "$CHROMIUM" ]; then
  [ -x "$CHROMIUM" ] || missing "CHROMIUM=$CHROMIUM is not an executable file: point it at a Chromium or Chrome binary"
elif ! command -v chromium >/dev/null 2>&1; then
  apt_install chromium || missing "Chromium is missing: install it, or set CHROMIUM=/path/to/chromium (apt-get needs root on Debian or Ubuntu)"
fi

if [ -n "$NODE" ]; then
  [ -x "$NODE" ] || command -v "$NODE" >/dev/null 2>&1 || missing "NODE=$NODE is not an executable: point it at a Node.js binary (18 or later)"
elif ! command -v node >/dev/null 2>&1; then
  apt_install nodejs || missing "Node.js is missing: install it, or set NODE=/path/to/node (apt-get needs root on Debian or Ubuntu)"
fi

if ! python3 -c 'import playwright' 2>/dev/null; then
  python3 -m pip install -q playwright >"$log" 2>&1 \
    || missing "Playwright for Python is missing and pip could not install it (its output: $log): python3 -m pip install playwright, in a virtualenv if your Python refuses"
fi

cache="${STUDY_PAGE_CACHE:-$HOME/.cache/study-page}"
if [ ! -f "$cache/node_modules/axe-core/axe.min.js" ]; then
  # npm beside the chosen node first (Node's own builds ship it there), then PATH, then apt-get.
  npm="$(dirname "$(command -v "${NODE:-node}")")/npm"
  [ -x "$npm" ] || npm=npm
  command -v "$npm" >/dev/null 2>&1 || apt_install npm \
    || missing "npm is missing, needed once for axe-core: install npm, or run npm install --prefix $cache axe-core@4 elsewhere and copy $cache here"
  "$npm" install --prefix "$cache" --no-audit --no-fund --no-save axe-core@4 >"$log" 2>&1 \
    || missing "npm could not install axe-core into $cache (its output: $log)"
fi
