#!/usr/bin/env bash
# Install what the tests need and run every test: type check, unit and
# property tests, doctests, and end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "== installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "error: /usr/bin/chromium is missing; run: sudo apt-get install chromium" >&2
    exit 1
  fi
fi

# Japanese is one of the page's languages: its screenshots and layout checks need a
# Japanese font (a player's device has one; a bare Debian has none).
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  if [ "$(id -u)" = 0 ]; then
    echo "== installing a Japanese font (fonts-ipafont-gothic)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipafont-gothic >/dev/null
  else
    echo "warning: no Japanese font (sudo apt-get install fonts-ipafont-gothic): Japanese screenshots show boxes" >&2
  fi
fi

echo "== python environment (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,study]'

echo "== browser runtime (npm ci) and build"
npm ci --no-audit --no-fund --loglevel=error
.venv/bin/python scripts/build.py

echo "== mypy --strict"
.venv/bin/python -m mypy

echo "== import-linter: the layers, the games apart, only the binding on the page (pyproject.toml)"
.venv/bin/lint-imports

echo "== pytest (unit, properties, doctests, end to end), one worker per core"
# pytest-xdist spreads the tests over the cores (two on CI); each worker has its
# own Chromium and its own server on a free port. The slowest tests go first
# (e2e/conftest.py orders them) so none is left running alone at the end.
.venv/bin/python -m pytest -n "${ORBIT_TEST_WORKERS:-auto}" --dist worksteal "$@"
