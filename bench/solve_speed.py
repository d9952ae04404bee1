"""The solvers' speed in CPython and in the page's Pyodide, on the same deals in one run.

    .venv/bin/python bench/solve_speed.py [--deals 10] [--budget NODES] [--dist dist]

For each game (default rules), deals 1..N are solved from the deal by
:func:`pyapp.solve.solve_state` at the budget (default: the solver's own), once in this
CPython and once in Pyodide in Debian's Chromium, deal by deal in turn (CPython, then
Pyodide, then the next deal), by the same code: CPython imports ``pyapp`` from this tree,
Pyodide from the build's ``app.zip`` (byte code for Pyodide's Python), so build this tree
first. Pyodide is the build's own runtime
(``dist/runtime/pyodide``, its pre-compiled standard library and ``app.zip``), started in
a blank page of its own served from 127.0.0.1 (no game on screen; the page's start-up
snapshot is not used). It prints, per game and runtime, the nodes per second over all
the deals (total nodes / total seconds), the median and 95th percentile seconds to a
verdict, and the ratio Pyodide / CPython; both runtimes must give the same verdicts
(they run the same deterministic search), which it checks.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import math
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parent.parent

#: Run as is in both runtimes: ``measure(game_id, seed, budget)`` -> a JSON text.
CODE = """
import json, time
from pyapp.games import get_game
from pyapp.solve import solve_state

def measure(game_id, seed, budget):
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(""))
    start = time.perf_counter()
    v = solve_state(game_id, state, budget or None)  # JavaScript gives null for None: no budget named
    seconds = time.perf_counter() - start
    return json.dumps({"verdict": v.text(), "score": v.score, "line": len(v.line), "nodes": v.nodes,
                       "seconds": seconds})
"""

PAGE = """<!doctype html><meta charset="utf-8"><title>solver speed</title><body>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const py = await loadPyodide({ stdLibURL: "./runtime/pyodide/python_stdlib_pyc.zip" });
const zip = await (await fetch("./app.zip")).arrayBuffer();
const cwd = py.runPython("import os; os.getcwd()");
py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: cwd });
py.runPython("import sys, os; sys.path.insert(0, os.getcwd())");
window.py = py;
document.body.dataset.ready = "true";
</script>"""

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def blank_page(dist: str, options: str = "") -> Iterator[tuple["Page", "Browser"]]:
    """The build's Pyodide in a blank page of its own (:data:`PAGE`, ``window.py`` once
    ``body[data-ready]``), served from a copy of ``dist`` on 127.0.0.1 in Debian's Chromium;
    ``options`` go into ``loadPyodide``'s (e.g. ``env: {PYTHONMALLOC: "mimalloc"}, ``)."""
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="blank-page-"))
    shutil.copytree(dist, site, dirs_exist_ok=True)
    (site / "blank.html").write_text(PAGE.replace("loadPyodide({ ", "loadPyodide({ " + options))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/blank.html")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
            yield page, browser
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--budget", type=int, default=None, help="nodes per deal (default: each game's own)")
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="the built site (scripts/build.py)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))  # the code the build was made from (the verdicts must agree)
    from pyapp.games import entries
    scope: dict[str, Any] = {}
    exec(CODE, scope)
    games = [g for g in args.games.split(",") if g] or [e.id for e in entries()]
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with blank_page(args.dist) as (page, browser):
        page.evaluate("code => py.runPython(code)", CODE)
        for game_id in games:
            for seed in range(1, args.deals + 1):
                c = json.loads(scope["measure"](game_id, seed, args.budget))
                w = json.loads(page.evaluate(
                    "([g, s, b]) => py.globals.get('measure')(g, s, b)", [game_id, seed, args.budget or 0]))
                if (c["verdict"], c["score"], c["nodes"]) != (w["verdict"], w["score"], w["nodes"]):
                    raise SystemExit(f"{game_id} {seed}: CPython {c} but Pyodide {w}")
                results.setdefault((game_id, "CPython"), []).append(c)
                results.setdefault((game_id, "Pyodide"), []).append(w)
                print(f"{game_id} {seed}: {c['verdict']} {c['nodes']} nodes, "
                      f"{c['seconds']:.2f} s / {w['seconds']:.2f} s", file=sys.stderr)
        version = page.evaluate("py.version")
        chromium = browser.version
    print(f"python bench/solve_speed.py --deals {args.deals} {'' if args.budget is None else f'--budget {args.budget}'}: deals 1..{args.deals} of each "
          f"game's default rules; CPython {platform.python_version()}, Pyodide {version} in Chromium {chromium}, "
          f"{os.cpu_count()} cores")
    print()
    print("| game | CPython nodes/s | Pyodide nodes/s | Pyodide / CPython | CPython s median / p95 |"
          " Pyodide s median / p95 | verdicts |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for game_id in games:
        c, w = results[(game_id, "CPython")], results[(game_id, "Pyodide")]
        cn = sum(r["nodes"] for r in c) / sum(r["seconds"] for r in c)
        wn = sum(r["nodes"] for r in w) / sum(r["seconds"] for r in w)
        kinds: dict[str, int] = {}
        for r in c:
            kind = r["verdict"].split()[0] + (" exact" if r["verdict"].endswith("exact") else "")
            kinds[kind] = kinds.get(kind, 0) + 1
        cs, ws = [r["seconds"] for r in c], [r["seconds"] for r in w]
        print(f"| {game_id} | {cn:,.0f} | {wn:,.0f} | {wn / cn:.2f} | {statistics.median(cs):.2f} / {pct(cs, 0.95):.2f} |"
              f" {statistics.median(ws):.2f} / {pct(ws, 0.95):.2f} |"
              f" {', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))} |")


if __name__ == "__main__":
    main()
