#!/usr/bin/env bash
# Creates tools/browser-test/.venv with Playwright for Python, for the browser
# end-to-end test; does nothing when it is already there. Playwright drives the
# system chromium (executable_path), so no browser is downloaded.
set -euo pipefail
cd "$(dirname "$0")"
if [ -x .venv/bin/python ] && .venv/bin/python -c 'import playwright' 2>/dev/null; then
  exit 0
fi
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
