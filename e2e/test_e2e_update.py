"""A new build replaces the old service-worker cache cleanly."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import Browser

from conftest import FLAGS, ROOT, START_TIMEOUT, Handler, Orbit  # noqa: F401

sys.path.insert(0, str(ROOT / "scripts"))
import build as build_module  # noqa: E402


def test_a_new_build_replaces_the_old_cache(browser: Browser, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "static", project / "static")
    shutil.copytree(ROOT / "pyapp", project / "pyapp", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "index.html", project / "index.html")
    (project / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    site = tmp_path / "site"
    first = build_module.build(site, root=project)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        orbit = Orbit(page, base)
        orbit.open("#g=gyre&v=1&o=&s=1")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START_TIMEOUT)
        orbit.wait_until("v => caches.keys().then(k => k.filter(n => n !== 'orbit-snapshot')).then(k => k.length === 1 && k[0] === v)", f"orbit-{first['version']}")
        # a new deploy: one style changed
        with (project / "static" / "orbit.css").open("a") as fh:
            fh.write("\n#score { letter-spacing: .01em; }\n")
        second = build_module.build(site, root=project)
        assert second["version"] != first["version"]
        page.reload()  # the browser checks sw.js on navigation and installs the new worker
        orbit.wait_ready()
        # the new worker precaches the new build, takes over and deletes the old cache
        orbit.wait_until("v => caches.keys().then(k => k.filter(n => n !== 'orbit-snapshot')).then(k => k.length === 1 && k[0] === v)", f"orbit-{second['version']}")
        orbit.wait_until("() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'")
        page.reload()
        orbit.wait_ready()
        css = page.evaluate("fetch('./static/orbit.css').then(r => r.text())")
        assert "letter-spacing: .01em" in css
        assert json.loads(page.evaluate("fetch('./version.json').then(r => r.text())"))["version"] == second["version"]
        assert orbit.errors == [] and orbit.off_origin == []
    finally:
        context.close()
        server.shutdown()
