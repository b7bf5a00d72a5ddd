#!/bin/sh
# Installs what the browser test (page/test_page.py) and the worker's (page/test_worker.js) need,
# each only when missing: the wasm target, Debian's chromium and Node (apt-get), Playwright from
# PyPI, which drives that chromium through its executable path (`playwright install` and its
# browser download are never used), and axe-core from npm (with Debian's npm when there is none),
# the accessibility checker the test injects into the page, in $STUDY_PAGE_CACHE (by default
# ~/.cache/study-page).
set -e
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
command -v chromium >/dev/null 2>&1 || { apt-get update -q && apt-get install -y -q chromium; }
command -v node >/dev/null 2>&1 || { apt-get update -q && apt-get install -y -q nodejs; }
python3 -c 'import playwright' 2>/dev/null || python3 -m pip install -q playwright
cache="${STUDY_PAGE_CACHE:-$HOME/.cache/study-page}"
if [ ! -f "$cache/node_modules/axe-core/axe.min.js" ]; then
  command -v npm >/dev/null 2>&1 || { apt-get update -q && apt-get install -y -q npm; }
  npm install --prefix "$cache" --no-audit --no-fund --no-save axe-core@4
fi
