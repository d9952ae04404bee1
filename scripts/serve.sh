#!/usr/bin/env bash
# Build Solitaire Orbit and serve it on http://127.0.0.1:8000 (Ctrl+C stops).
# Needs Python 3.11+ and Node 20 (npm); everything else comes from the lock files and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund --loglevel=error
# The build compiles the catalogues with Babel, from PyPI into .venv/ (the tests use the same one).
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[build]'
.venv/bin/python scripts/build.py
echo "Solitaire Orbit is served on http://127.0.0.1:8000 (Ctrl+C to stop)"
exec python3 -m http.server 8000 --bind 127.0.0.1 --directory dist
