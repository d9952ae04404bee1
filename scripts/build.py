"""Build the static site into dist/ (or the folder given): page, app, runtime, service worker.

    python3 scripts/build.py [--out dist] [--zip solitaire-orbit.zip]

Needs only the standard library, this repository's pyapp/ (the start screen's
game tiles and today's deal buttons are written from its registry of games) and
`npm ci` having filled node_modules/. Every URL in the output is relative, so the folder works from any sub-path
(GitHub Pages) and zipped with index.html at its root (itch.io).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Pyodide's runtime files; its python_stdlib.zip is replaced by a pre-compiled one.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: PyScript's chunks for features the game does not use (the code editor, the
#: terminal, TOML configs, MicroPython, workers' sync service worker). The page
#: never requests them; leaving them out keeps them out of the offline precache.
PYSCRIPT_UNUSED = ("codemirror", "xterm", "toml", "index-", "mpy-", "py-Dl-", "pyodide_graph", "service-worker", "storage")
#: Standard library packages and modules neither the game nor Pyodide's and
#: PyScript's start imports (e-mail, XML, HTTP, the REPL and debuggers, tests,
#: processes). The whole e2e suite runs against this trimmed library.
STDLIB_UNUSED = frozenset({
    "email", "multiprocessing", "xml", "_pyrepl", "unittest", "http", "pdb.pyc", "pydoc.pyc", "pydoc_data",
    "mailbox.pyc", "xmlrpc", "wsgiref", "imaplib.pyc", "pickletools.pyc", "doctest.pyc", "tarfile.pyc",
    "optparse.pyc", "configparser.pyc", "ftplib.pyc", "poplib.pyc", "smtplib.pyc", "nntplib.pyc", "telnetlib.pyc",
    "sqlite3", "curses", "dbm", "tkinter", "turtle.pyc", "turtledemo", "idlelib", "lib2to3", "ensurepip", "venv",
    "msilib", "calendar.pyc", "cProfile.pyc", "profile.pyc", "pstats.pyc", "trace.pyc", "tabnanny.pyc",
    "zipapp.pyc", "mimetypes.pyc", "netrc.pyc", "plistlib.pyc", "sched.pyc", "smtpd.pyc", "sndhdr.pyc",
    "xdrlib.pyc", "aifc.pyc", "wave.pyc", "chunk.pyc", "sunau.pyc", "uu.pyc", "cgi.pyc", "cgitb.pyc",
    "urllib", "argparse.pyc", "ctypes", "_pyio.pyc", "pickle.pyc", "ipaddress.pyc", "difflib.pyc", "platform.pyc",
    "_ast_unparse.pyc", "bdb.pyc", "tomllib", "uuid.pyc", "fractions.pyc", "socketserver.pyc", "modulefinder.pyc",
    "tracemalloc.pyc", "symtable.pyc", "compileall.pyc", "cmd.pyc", "fileinput.pyc", "zoneinfo", "timeit.pyc",
    "code.pyc", "pyclbr.pyc", "runpy.pyc", "shelve.pyc", "getpass.pyc", "webbrowser.pyc", "pty.pyc", "tty.pyc",
    "rlcompleter.pyc", "graphlib.pyc", "filecmp.pyc", "quopri.pyc", "this.pyc",
})
#: Codecs kept: the ones Python's start and zipfile use; the other ~120 go.
CODECS_KEPT = frozenset({"__init__", "aliases", "utf_8", "utf_8_sig", "ascii", "latin_1", "cp437", "utf_16", "utf_32",
                         "utf_16_le", "utf_16_be", "utf_32_le", "utf_32_be", "idna", "punycode", "raw_unicode_escape",
                         "unicode_escape", "charmap"})
#: Pyodide's syncSleep (used only under Node, where Atomics.wait may block) makes its shared
#: wasm memory when the module loads. In a page that is not cross-origin isolated, Chromium
#: reports every such SharedArrayBuffer as a deprecated API (Lighthouse's best practices
#: lose "Uses deprecated APIs"), though the page never calls syncSleep on the main thread,
#: where Atomics.wait throws anyway. The build makes the memory on syncSleep's first call,
#: inside its try: the same result whenever it is called, and no shared memory before.
SYNC_SLEEP_EAGER = ("var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
                    "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}")
SYNC_SLEEP_LAZY = ("var io;"
                   "function so(t){try{return io??=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer),"
                   "Atomics.wait(io,0,0,t),!0}catch{return!1}}")
#: Fixed timestamp for zip entries so identical sources give an identical app.zip.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


def app_zip(root: Path, dest: Path, node: Path | None = None) -> None:
    """pyapp/ (the engine, the tables and the DOM binding) as one zip, unpacked by PyScript into
    its cwd. With ``node`` (node_modules), as byte code compiled by Pyodide's own Python
    (scripts/compile_pyc.mjs): a first visit then imports the app without compiling it."""
    files = sorted(p for p in (root / "pyapp").rglob("*.py") if "__pycache__" not in p.parts)
    sources = dest if node is None else dest.with_suffix(".sources.zip")
    with zipfile.ZipFile(sources, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    if node is not None:
        subprocess.run(["node", str(ROOT / "scripts" / "compile_pyc.mjs"), str(node / "pyodide"), str(dest), str(sources)],
                       check=True, stdout=subprocess.DEVNULL)
        sources.unlink()


def compiled_stdlib(node: Path) -> Path:
    """The standard library as .pyc, compiled by Pyodide's own Python under Node;
    cached in node_modules/.cache per Pyodide version (it takes a few seconds)."""
    version = json.loads((node / "pyodide" / "package.json").read_text())["version"]
    cached = node / ".cache" / "solitaire-orbit" / f"python_stdlib_pyc-{version}-deflated.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        subprocess.run(["node", str(ROOT / "scripts" / "compile_pyc.mjs"), str(node / "pyodide"), str(partial)], check=True)
        partial.replace(cached)
    return cached


def trimmed_stdlib(source: Path, dest: Path) -> None:
    """The compiled standard library without what the game never imports (STDLIB_UNUSED, most codecs)."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            parts = info.filename.split("/")
            if parts[0] in STDLIB_UNUSED:
                continue
            if parts[0] == "encodings" and len(parts) == 2 and parts[1].removesuffix(".pyc") not in CODECS_KEPT:
                continue
            out.writestr(info, src.read(info), compress_type=info.compress_type)


def lazy_sync_sleep(text: str) -> str:
    """``pyodide.asm.mjs`` with syncSleep's shared memory made on its first call (SYNC_SLEEP_EAGER).
    Stops the build unless the snippet is there exactly once: a new Pyodide must be looked at."""
    found = text.count(SYNC_SLEEP_EAGER)
    if found != 1:
        sys.exit(f"scripts/build.py: Pyodide's eager syncSleep memory was found {found} times in pyodide.asm.mjs, "
                 "not once: check the new Pyodide and update SYNC_SLEEP_EAGER / SYNC_SLEEP_LAZY")
    return text.replace(SYNC_SLEEP_EAGER, SYNC_SLEEP_LAZY)


#: The markers in index.html where the words and buttons made from the registry of games go: the
#: page's description, the start screen's lead (how many games), a tile per game and today's
#: deal buttons.
START_MARKERS = ("GAME-DESCRIPTION", "GAME-LEAD", "GAME-TILES", "GAME-DAILIES")


def start_screen(page: str) -> str:
    """The page with the words and buttons of the registry of games written in at the markers
    (:data:`START_MARKERS`, each on a line of its own, replaced with that line's indentation),
    from the registry of the pyapp/ beside this script: the description
    (``pyapp.ui.chrome.description``), the lead (``pyapp.ui.chrome.lead``, in English: the page
    applies a language's words when it knows it), a tile and a daily deal button per game
    (``pyapp.ui.markup.start_screen_html``). The start screen shows before Python starts.
    Stops the build unless each marker is there exactly once."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from html import escape

    from pyapp.i18n import language
    from pyapp.ui.chrome import description, lead
    from pyapp.ui.markup import start_screen_html

    if language() != "en":
        sys.exit(f"scripts/build.py: the page is written in English, not {language()!r}")
    writers: dict[str, Callable[[str], str]] = {
        "GAME-DESCRIPTION": lambda indent: f'{indent}<meta name="description" content="{escape(description())}">',
        "GAME-LEAD": lambda indent: indent + escape(lead(), quote=False),
        "GAME-TILES": lambda indent: start_screen_html(indent)[0],
        "GAME-DAILIES": lambda indent: start_screen_html(indent)[1],
    }
    for name in START_MARKERS:
        found = list(re.finditer(rf"^([ \t]*)<!-- {name}\b[^\n]*?-->[ \t]*$", page, re.M))
        if len(found) != 1:
            sys.exit(f"scripts/build.py: index.html has the {name} marker {len(found)} times, not once "
                     f"(<!-- {name} ... --> on a line of its own)")
        marker = found[0]
        page = page[:marker.start()] + writers[name](marker.group(1)) + page[marker.end():]
    return page


#: The marker in static/orbit.css where each game's own styles go (:func:`game_styles`).
STYLE_MARKER = "GAME-STYLES"


def game_styles(sheet: str, root: Path = ROOT) -> str:
    """static/orbit.css with each game's own styles (``pyapp/games/<id>/style.css``, a game
    folder's, if it has one) written in at the GAME-STYLES marker (a comment on a line of its
    own), one after the other in the registry's order: where they stand in the sheet decides
    which rule wins over the shared ones. Stops the build unless the marker is there exactly
    once, or when a style sheet lies in a folder that is no registered game's."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyapp.games import entries

    found = list(re.finditer(rf"^[ \t]*/\* {STYLE_MARKER}\b[^\n]*?\*/[ \t]*$", sheet, re.M))
    if len(found) != 1:
        sys.exit(f"scripts/build.py: static/orbit.css has the {STYLE_MARKER} marker {len(found)} times, not once "
                 f"(/* {STYLE_MARKER} ... */ on a line of its own)")
    # a game's folder is its rules' package: pyapp.games.<folder>.rules
    folders = [type(e.game).__module__.split(".")[2] for e in entries() if type(e.game).__module__.startswith("pyapp.games.")]
    sheets = {path.parent.name: path for path in (root / "pyapp" / "games").glob("*/style.css")}
    strays = sorted(set(sheets) - set(folders))
    if strays:
        sys.exit(f"scripts/build.py: pyapp/games/{strays[0]}/style.css is not the folder of a registered game")
    styles = "\n".join(sheets[folder].read_text().rstrip("\n") for folder in folders if folder in sheets)
    return sheet[:found[0].start()] + styles + sheet[found[0].end():]


def catalogues(out: Path) -> list[str]:
    """Each language's compiled catalogue (``locale/<tag>.mo``, with Babel, from
    pyapp/locale/) and the words of the page's frame in it (``locale/<tag>.json``: the
    writes of ``pyapp.ui.chrome.frame_writes``, which static/boot.js applies before Python
    starts); the pseudo-locale's frame too (tests only; it has no catalogue)."""
    for folder in (ROOT, ROOT / "scripts"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    from catalogues import compile_all
    from pyapp.ui.chrome import frame_writes
    from pyapp.i18n import PSEUDO, use

    written = compile_all(out)
    try:
        for tag in (*written, PSEUDO):
            use(tag, (out / f"{tag}.mo").read_bytes() if tag != PSEUDO else None)
            (out / f"{tag}.json").write_text(json.dumps(frame_writes(), ensure_ascii=False, separators=(",", ":")) + "\n")
    finally:
        use("en")
    return written


def check_pools(folder: Path) -> list[str]:
    """The pre-solved pools (``static/pools/``, written by bench/pools.py), copied with the static
    files and so precached by the service worker: each must read back as the pool of the rules its
    name says, else the build stops (the page would only fall back to the search)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyapp.core.pool import Pool, PoolError, pool_name
    names = []
    for path in sorted(folder.glob("*")):
        try:
            pool = Pool.decode(path.read_bytes())
        except PoolError as exc:
            sys.exit(f"scripts/build.py: {path.name}: {exc}")
        if pool_name(pool.game, pool.options) != path.name:
            sys.exit(f"scripts/build.py: {path.name} holds the pool of {pool.game} {pool.options!r}")
        names.append(path.name)
    return names


def build(out: Path, root: Path = ROOT) -> dict[str, object]:
    """Build the site from the project at ``root`` into ``out``; returns a summary."""
    node = root / "node_modules"
    if not (node / "pyodide" / "pyodide.mjs").exists() or not (node / "@pyscript" / "core" / "dist" / "core.js").exists():
        sys.exit("node_modules is missing pyodide or @pyscript/core: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    (out / "runtime" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(node / "pyodide" / name, out / "runtime" / "pyodide" / name)
    # Patched before anything below hashes it (the snapshot key, the precache).
    asm = out / "runtime" / "pyodide" / "pyodide.asm.mjs"
    asm.write_bytes(lazy_sync_sleep(asm.read_bytes().decode("utf-8")).encode("utf-8"))
    trimmed_stdlib(compiled_stdlib(node), out / "runtime" / "pyodide" / "python_stdlib_pyc.zip")
    shutil.copy2(root / "static" / "snapshot-worker.mjs", out / "runtime" / "pyodide" / "snapshot-worker.mjs")
    # The solver's worker (issue 45) imports ./pyodide.mjs too; the service worker precaches it with the rest.
    shutil.copy2(root / "static" / "solver-worker.mjs", out / "runtime" / "pyodide" / "solver-worker.mjs")
    shutil.copytree(
        node / "@pyscript" / "core" / "dist",
        out / "runtime" / "pyscript",
        ignore=lambda folder, names: [n for n in names if n.endswith(".map") or n.startswith(PYSCRIPT_UNUSED)],
    )
    shutil.copytree(root / "static", out / "static",
                    ignore=shutil.ignore_patterns("sw.js", "*.md", "pyodide-loader.mjs", "snapshot-worker.mjs",
                                                  "solver-worker.mjs"))
    (out / "static" / "orbit.css").write_text(game_styles((root / "static" / "orbit.css").read_text(), root))
    check_pools(out / "static" / "pools")
    app_zip(root, out / "app.zip", node)
    catalogues(out / "locale")
    # The start-up snapshot (see pyodide-loader.mjs) is keyed by everything it is made of.
    snap = hashlib.sha256()
    for rel in ("app.zip", *(f"runtime/pyodide/{n}" for n in (*PYODIDE_FILES, "python_stdlib_pyc.zip", "snapshot-worker.mjs"))):
        snap.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    loader = (root / "static" / "pyodide-loader.mjs").read_text().replace("__BUILD__", snap.hexdigest()[:16])
    (out / "runtime" / "pyodide" / "loader.mjs").write_text(loader)
    (out / "pyscript.json").write_text(
        json.dumps({"interpreter": "./runtime/pyodide/loader.mjs", "files": {"./app.zip": "./*"}}, indent=1) + "\n"
    )
    chunks = sorted(p.name for p in (out / "runtime" / "pyscript").glob("*-*.js"))
    preloads = "\n".join(f'<link rel="modulepreload" href="./runtime/pyscript/{name}">' for name in chunks if not name.startswith("zip-"))
    page = start_screen((root / "index.html").read_text())
    marker = re.search(r"<!-- PYSCRIPT-CHUNKS:.*?-->", page)
    if marker is None:
        sys.exit("index.html lacks the PYSCRIPT-CHUNKS marker")
    # The board kept for a returning player's next start (static/boot.js) is shown only
    # by the same build of the app, which draws it the same way.
    page = page.replace('<html lang="en">', f'<html lang="en" data-build="{snap.hexdigest()[:16]}">', 1)
    (out / "index.html").write_text(page.replace(marker.group(0), preloads))

    # The service worker precaches every file; its cache name is a hash of them all,
    # so any change to the build installs a new cache and drops the old one.
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    sw = (root / "static" / "sw.js").read_text()
    digest = hashlib.sha256(sw.encode())
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    version = digest.hexdigest()[:16]
    # The page is cached under both of the URLs it is opened by; each file with its hash.
    sha = {rel: hashlib.sha256((out / rel).read_bytes()).hexdigest() for rel in files}
    precache = [["./", sha["index.html"]]] + [[f"./{rel}", sha[rel]] for rel in files]
    sw = sw.replace("__VERSION__", version).replace('"__PRECACHE__"', json.dumps(precache, indent=0))
    (out / "sw.js").write_text(sw)
    (out / "version.json").write_text(json.dumps({"version": version}) + "\n")
    size = sum((out / rel).stat().st_size for rel in files)
    return {"out": str(out), "version": version, "files": len(files) + 2, "bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    parser.add_argument("--zip", help="also write an itch.io zip of the site to this path")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    info = build(out)
    if args.zip:
        with zipfile.ZipFile(args.zip, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in sorted(out.rglob("*")):
                if p.is_file():
                    zf.write(p, p.relative_to(out).as_posix())
        info["zip"] = args.zip
    print(f"built {info['out']}: {info['files']} files, {int(info['bytes']) / 1e6:.1f} MB, version {info['version']}")  # type: ignore[call-overload]


if __name__ == "__main__":
    main()
