"""How the end-to-end tests and the benchmarks serve the site and launch
Chromium: the MIME types the page needs, Debian's binary and the flags that
work here as root with no network (shared by e2e/conftest.py and bench/startup.py)."""

from __future__ import annotations

import os

#: Debian's Chromium; ORBIT_CHROMIUM points elsewhere if needed.
CHROMIUM = os.environ.get("ORBIT_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Containers often give /dev/shm only 64 MB; a renderer that runs out of it crashes.
    "--disable-dev-shm-usage",
]

#: Beyond http.server's defaults: streaming wasm compilation needs application/wasm.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
}
