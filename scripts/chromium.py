"""How this project launches Chromium: Debian's binary and the flags that work
here as root with no network (shared by e2e/conftest.py and bench/startup.py)."""

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
]
