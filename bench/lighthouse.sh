#!/usr/bin/env bash
# Lighthouse's accessibility and best-practices scores of a locally served build, in
# Debian's Chromium (docs/ACCESSIBILITY.md records them with this command).
#
#   bash bench/lighthouse.sh [DIST]     # DIST: a built site (default: build one into a temp dir)
#   ISOLATED=1 bash bench/lighthouse.sh # served with COOP/COEP headers (cross-origin isolated), as a
#                                       # host that can set headers would
#
# Lighthouse is pinned in bench/lighthouse/package.json and its lock, installed there
# with npm ci: the game's own package.json never carries it, so CI's npm ci stays small.
# It audits the start screen and a game (Gyre, deal 1), prints each score and exits 1
# when one is under 95.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=python3
[ -x .venv/bin/python ] && PY=.venv/bin/python
if [ ! -x bench/lighthouse/node_modules/.bin/lighthouse ] || [ bench/lighthouse/package-lock.json -nt bench/lighthouse/node_modules/.package-lock.json ]; then
  npm ci --prefix bench/lighthouse --no-audit --no-fund
fi
WORK=$(mktemp -d)
cleanup() { [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
DIST=${1:-}
if [ -z "$DIST" ]; then
  [ -d node_modules/pyodide ] || npm ci --no-audit --no-fund
  DIST=$WORK/dist
  "$PY" scripts/build.py --out "$DIST" >/dev/null
fi
PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PY" - "$DIST" "$PORT" <<'PYEOF' &
import functools, http.server, sys
sys.path.insert(0, "scripts")
from webtest import MIME_TYPES
import os
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    def log_message(self, *args): pass
    def end_headers(self):
        if os.environ.get("ISOLATED"):
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), functools.partial(Handler, directory=sys.argv[1])).serve_forever()
PYEOF
SERVER=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/index.html" >/dev/null && break; sleep 0.1; done
FLAGS="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage"
status=0
for page in "start screen|" "Gyre game|#g=gyre&s=1"; do
  name=${page%%|*}
  url="http://127.0.0.1:$PORT/${page#*|}"
  CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} bench/lighthouse/node_modules/.bin/lighthouse "$url" --quiet \
    --only-categories=accessibility,best-practices --form-factor=desktop --screenEmulation.disabled \
    --chrome-flags="$FLAGS" --output=json --output-path="$WORK/report.json" || { echo "lighthouse failed on $name"; exit 1; }
  "$PY" - "$WORK/report.json" "$name" <<'PYEOF' || status=1
import json, sys
report = json.load(open(sys.argv[1]))
scores = {k: round(c["score"] * 100) for k, c in report["categories"].items()}
print(f"{sys.argv[2]}: accessibility {scores['accessibility']}, best practices {scores['best-practices']}"
      f" (Lighthouse {report['lighthouseVersion']}, {report['environment']['hostUserAgent'].split(') ')[-1]})")
for key, cat in report["categories"].items():
    for ref in cat["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            print(f"  {key}: {audit['id']} - {audit['title']}")
            for item in (audit.get("details") or {}).get("items", [])[:5]:
                source = item.get("source") or {}
                print(f"    {item.get('value') or item.get('description') or ''} {source.get('url', '')}:{source.get('line', '')}")
sys.exit(0 if min(scores.values()) >= 95 else 1)
PYEOF
done
exit $status
