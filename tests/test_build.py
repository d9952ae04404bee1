"""The static build: relative URLs only, a complete precache list, a cache that
changes with the content, an itch.io zip with index.html at its root."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"



def build(out: Path, *extra: str) -> str:
    if not (NODE / "pyodide").exists():
        pytest.fail("node_modules is missing: run `npm ci` (scripts/test.sh does)")
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out), *extra],
                          capture_output=True, text=True, check=True)
    return proc.stdout


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build (with its itch.io zip beside it, ``game.zip``) for the tests that only read
    a build: each build costs about ten seconds of the machine."""
    out = tmp_path_factory.mktemp("build") / "site"
    build(out, "--zip", str(out.parent / "game.zip"))
    return out


def precache(out: Path) -> list[str]:
    """The precached URLs; each entry must carry the SHA-256 of the file it names."""
    text = (out / "sw.js").read_text()
    match = re.search(r"const PRECACHE = (\[.*?\]);\n", text, re.S)
    assert match, "sw.js has no precache list"
    entries: list[list[str]] = json.loads(match.group(1))
    for url, sha in entries:
        path = out / ("index.html" if url == "./" else url[2:])
        assert hashlib.sha256(path.read_bytes()).hexdigest() == sha, url
    return [url for url, _ in entries]


CHECK_STDLIB = """
import { loadPyodide } from "%s";
import fs from "node:fs";
const pyodide = await loadPyodide({ stdLibURL: "%s" });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync("%s")), "zip", { extractDir: "/home/pyodide" });
console.log(pyodide.runPython(`
import os, sys
sys.path.insert(0, "/home/pyodide")
import pyapp.web.warmup, asyncio, traceback, functools, dataclasses, typing, json, random
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import entries
games = [e.id for e in entries()]
for game in games:
    c = Controller(MemoryStorage(), True); c.resize(800, 600); c.start(f"#g={game}&v=1&o=&s=7"); c.view()
from pyapp.solve.games import solve_state
for e in entries():
    solve_state(e.id, e.game.deal(7, e.game.parse_options("")), budget=300)
"imports fine, games " + ",".join(games)
`));
"""


def test_the_trimmed_standard_library_has_all_the_page_imports(site: Path, tmp_path: Path) -> None:
    """Pyodide's own Python, under Node, from the build's runtime (its patched
    pyodide.asm.mjs) with the build's trimmed standard library, imports everything
    the page does, finds every game (the registry's discovery, in pyapp/ unpacked from
    app.zip, byte code only) and starts each, and runs each game's solver."""
    out = site
    script = tmp_path / "check.mjs"
    script.write_text(CHECK_STDLIB % (out / "runtime" / "pyodide" / "pyodide.mjs", out / "runtime" / "pyodide" / "python_stdlib_pyc.zip",
                                      out / "app.zip"))
    done = subprocess.run(["node", str(script)], capture_output=True, text=True)
    from pyapp.games import entries

    assert f"imports fine, games {','.join(e.id for e in entries())}" in done.stdout, done.stderr[-2000:]


def build_module() -> Any:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build as module
    finally:
        sys.path.pop(0)
    return module


SYNC_SLEEP_RUN = """
let made = 0;
const Memory = WebAssembly.Memory;
WebAssembly.Memory = class extends Memory { constructor(d) { super(d); if (d.shared) made++; } };
%s
const before = made, t0 = performance.now(), slept = so(40), took = performance.now() - t0, again = so(1);
console.log(JSON.stringify({before, slept, took, again, made}));
"""


def test_the_runtime_makes_no_shared_memory_until_sync_sleep_is_called(site: Path, tmp_path: Path) -> None:
    """Pyodide's syncSleep makes its shared wasm memory on its first call, not when the
    module loads (Chromium reports a SharedArrayBuffer without cross-origin isolation as
    a deprecated API); under Node it still sleeps as before."""
    out = site
    asm = (out / "runtime" / "pyodide" / "pyodide.asm.mjs").read_text()
    assert not re.search(r"var \w+=new Int32Array\(new WebAssembly\.Memory\(\{shared", asm)
    assert asm.count("shared:!0") == 1 and 'a(so,"syncSleep")' in asm
    lazy = re.search(r"var (\w+);function so\(t\)\{try\{return \1\?\?=new Int32Array\(new WebAssembly\.Memory\(\{shared:!0,"
                     r"[^}]*\}\)\.buffer\),Atomics\.wait\(\1,0,0,t\),!0\}catch\{return!1\}\}", asm)
    assert lazy, "syncSleep is not the lazy one"
    script = tmp_path / "sleep.mjs"
    script.write_text(SYNC_SLEEP_RUN % lazy.group(0))
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    ran = json.loads(done.stdout)
    assert ran["before"] == 0 and ran["made"] == 1, ran  # none at load, one on the first call, kept
    assert ran["slept"] is True and ran["again"] is True and ran["took"] >= 35, ran
    # the rest of the file is Pyodide's own, byte for byte
    original = (NODE / "pyodide" / "pyodide.asm.mjs").read_text()
    module = build_module()
    assert original.replace(module.SYNC_SLEEP_EAGER, module.SYNC_SLEEP_LAZY) == asm


def test_the_build_stops_when_pyodide_changed_its_sync_sleep() -> None:
    module = build_module()
    for text in ("var io=1;", module.SYNC_SLEEP_EAGER * 2):
        with pytest.raises(SystemExit, match="syncSleep"):
            module.lazy_sync_sleep(text)
    assert module.lazy_sync_sleep("a;" + module.SYNC_SLEEP_EAGER + "b") == "a;" + module.SYNC_SLEEP_LAZY + "b"


def test_build_is_relative_complete_and_versioned(site: Path) -> None:
    out = site
    html = (out / "index.html").read_text()
    urls = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert urls and all(u.startswith("./") for u in urls), urls
    config = json.loads((out / "pyscript.json").read_text())
    assert config["interpreter"] == "./runtime/pyodide/loader.mjs"
    assert config["files"] == {"./app.zip": "./*"}
    loader = (out / "runtime" / "pyodide" / "loader.mjs").read_text()
    assert 'from "./pyodide.mjs"' in loader and "python_stdlib_pyc.zip" in loader
    # the start-up snapshot is keyed by a hash of what it is made of
    assert "__BUILD__" not in loader and re.search(r'const BUILD = "[0-9a-f]{16}"', loader)
    assert (out / "runtime" / "pyodide" / "snapshot-worker.mjs").exists()
    # PyScript's editor, terminal and TOML chunks are not shipped; every chunk it loads is preloaded
    chunks = {p.name for p in (out / "runtime" / "pyscript").iterdir()}
    assert not any(n.startswith(("codemirror", "xterm", "toml")) for n in chunks), chunks
    assert all(f'href="./runtime/pyscript/{n}"' in html for n in chunks if n.startswith(("core-", "error-", "py-editor")))
    # the standard library ships compiled by Pyodide's own Python (3.14 byte code)
    with zipfile.ZipFile(out / "runtime" / "pyodide" / "python_stdlib_pyc.zip") as zf:
        stdlib = set(zf.namelist())
        header = zf.read("json/__init__.pyc")[:4]
    assert "json/__init__.py" not in stdlib and "asyncio/__init__.pyc" in stdlib
    # trimmed of what nothing imports, but never of what the page's Python imports
    assert "email/__init__.pyc" not in stdlib and "encodings/cp1252.pyc" not in stdlib
    # a .pyc magic number, and not this CPython's: the byte code is for Pyodide's Python
    assert header[2:4] == b"\r\n" and header != importlib.util.MAGIC_NUMBER
    manifest = json.loads((out / "static" / "manifest.webmanifest").read_text())
    assert all(not icon["src"].startswith(("/", "http")) for icon in manifest["icons"])
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib_pyc.zip"):
        assert (out / "runtime" / "pyodide" / name).exists()
    assert (out / "runtime" / "pyscript" / "core.js").exists()
    with zipfile.ZipFile(out / "app.zip") as zf:
        names = zf.namelist()
        app_header = zf.read("pyapp/web/browser.pyc")[:4]
    # the app as byte code for Pyodide's Python (the same magic as its standard library), no sources
    assert "pyapp/games/gyre/rules.pyc" in names and not any("test" in n for n in names)
    assert app_header == header and not any(n.endswith(".py") for n in names)
    # every file of the site is precached, by a relative URL
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {"sw.js", "version.json"}
    listed = precache(out)
    assert "./" in listed and {u[2:] for u in listed if u != "./"} == files
    # the itch.io zip has index.html at its root and stays under the 1,000-file limit
    with zipfile.ZipFile(out.parent / "game.zip") as zf:
        names = zf.namelist()
    assert "index.html" in names and "sw.js" in names and len(names) < 1000
    assert not any(n.startswith("/") or n.startswith("dist/") for n in names)


def test_the_start_screen_has_a_tile_and_a_daily_button_per_game_in_order(site: Path) -> None:
    """index.html has markers where scripts/build.py writes the registry's games: the
    built page has one tile and one daily deal button per entry, in the registry's
    order, each disabled until the app is ready, so the start screen shows before
    Python starts."""
    from pyapp.games import entries

    html = (site / "index.html").read_text()
    ids = [e.id for e in entries()]
    tiles = re.findall(r'<button class="tile" type="button" id="tile-(\w+)" data-game="(\w+)" disabled>\n'
                       r' *<span class="tile-name">([^<]*)</span>\n *<span class="tile-text">([^<]*)</span>', html)
    assert [t[:2] for t in tiles] == [(i, i) for i in ids]
    assert [t[2:] for t in tiles] == [(e.title, e.blurb) for e in entries()]
    daily = re.findall(r'<button type="button" id="daily-(\w+)" data-daily="(\w+)" disabled>([^<]*) '
                       r'<span class="daily-state"></span></button>', html)
    assert daily == [(e.id, e.id, e.short_title) for e in entries()]
    assert "GAME-TILES" not in html and "GAME-DAILIES" not in html
    assert html.index('id="tile-') < html.index('<div class="today"') < html.index('id="daily-') < html.index('id="stats-open"')
    source = (ROOT / "index.html").read_text()
    assert 'id="tile-' not in source and 'id="daily-' not in source  # written only from the registry


def test_the_build_stops_when_a_start_screen_marker_is_missing() -> None:
    from pyapp.games import entries

    module = build_module()
    page = (ROOT / "index.html").read_text()
    for name in module.START_MARKERS:
        line = re.search(rf"(?m)^.*<!-- {name}\b.*\n", page)
        assert line is not None
        for broken in (page.replace(line.group(0), ""), page.replace(line.group(0), line.group(0) * 2)):
            with pytest.raises(SystemExit, match=name):
                module.start_screen(broken)
    built = module.start_screen(page)
    assert built.count('<button class="tile"') == built.count('class="daily-state"') == len(entries())


def test_same_sources_same_version_and_any_change_makes_a_new_cache(site: Path, tmp_path: Path) -> None:
    version_a = json.loads((site / "version.json").read_text())["version"]
    sw = (site / "sw.js").read_text()
    assert f'const VERSION = "{version_a}"' in sw and '"__PRECACHE__"' not in sw
    # a copy of the project builds the same version; one changed style sheet, a new one
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "static", copy / "static")
    shutil.copytree(ROOT / "pyapp", copy / "pyapp", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "index.html", copy / "index.html")
    (copy / "node_modules").symlink_to(NODE, target_is_directory=True)
    module = build_module()
    same = module.build(tmp_path / "c", root=copy)
    assert same["version"] == version_a
    with (copy / "static" / "orbit.css").open("a") as fh:
        fh.write("/* changed */\n")
    changed = module.build(tmp_path / "d", root=copy)
    assert changed["version"] != version_a


def test_the_pre_solved_pools_are_in_the_site_precached_and_a_corrupt_one_stops_the_build(site: Path,
                                                                                          tmp_path: Path) -> None:
    pools = sorted(p.name for p in (ROOT / "static" / "pools").glob("*.pool"))
    listed = precache(site)  # (the page plays offline: the pools are fetched from the cache)
    assert pools and all(f"./static/pools/{name}" in listed for name in pools)
    assert all((site / "static" / "pools" / n).read_bytes() == (ROOT / "static" / "pools" / n).read_bytes() for n in pools)
    spec = importlib.util.spec_from_file_location("orbit_build", ROOT / "scripts" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (tmp_path / "gravity.pool").write_bytes((ROOT / "static" / "pools" / "gyre.pool").read_bytes())
    with pytest.raises(SystemExit, match="gravity.pool holds the pool of gyre"):
        module.check_pools(tmp_path)
    (tmp_path / "gravity.pool").write_bytes(b"<!doctype html>")
    with pytest.raises(SystemExit, match="gravity.pool: pool file: it does not start with ORBP"):
        module.check_pools(tmp_path)
