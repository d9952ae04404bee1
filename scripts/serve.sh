#!/usr/bin/env bash
# Build Solitaire Orbit and serve it on http://127.0.0.1:8000 (Ctrl+C stops).
# Needs Python 3.11+ and Node 20 (npm); everything else comes from the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund --loglevel=error
python3 scripts/build.py
echo "Solitaire Orbit is served on http://127.0.0.1:8000 (Ctrl+C to stop)"
exec python3 -m http.server 8000 --bind 127.0.0.1 --directory dist
