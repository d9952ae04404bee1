"""The solver in a Web Worker (issue 45) against the solver on the page's thread: two builds side
by side in one run.

    nice .venv/bin/python bench/solver_worker.py --old REV [--new REV] [--asks 10] [--games 40] [--parts start,asks,memory]

Each of ``--old`` and ``--new`` (default HEAD) is a commit, built from a clean worktree of it in a
temporary folder (this checkout's node_modules linked in), or a built site's folder. Both are served
on 127.0.0.1 and driven by Chromium as shipped (bench/ flags, not the e2e suite's), 1280x800,
reduced motion, no service worker. Parts:

* **start**: when the worker said it was ready (the page's mark ``orbit-solver-ready``), counted
  from the board going live (``orbit-live``), and the worker's own start (``orbitSolver.startMs``:
  its Pyodide, the app unpacked and the service imported), for each page opened by the parts below.
* **asks**: for Gravity, Square and Zodiac (their registry ``bench_seed`` deal), moves by real
  pointer input (e2e/helpers.play_via_ui; the game's greedy player, else legal move 7t); after a
  move the player waits 3 s, then presses W: the time from the key to the verdict on screen (the
  notice showing words other than "Searching…"), ``--asks`` asks per game, with the standing verdict
  setting off and on. The share answered within 100 ms is the issue's figure.
* **memory**: ``--games`` games in one tab with the standing verdict on, cycling Gravity, Square,
  Gyre and Zodiac (deals 1000+i, played by the same players in CPython), each position shown by
  following its link (every 3rd, then the last), 0.7 s apart so that the solver searches each;
  then the page's JS heap after forced collections (DevTools ``Runtime.getHeapUsage``), its
  Pyodide's WebAssembly memory and malloc'd bytes, and the worker's (its ``stats`` message).

Nothing here is a timed test; the figures go into docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from startup import serve  # noqa: E402
from pyapp.app.session import Session  # noqa: E402
from pyapp.games import entries, get_game  # noqa: E402

DEALS = {e.id: e.bench_seed for e in entries()}
ASK_GAMES = ("gravity", "square", "zodiac")
MEMORY_GAMES = ("gravity", "square", "gyre", "zodiac")

PROBE = """() => {
  const log = window.__ask = { key: 0, shown: 0 };
  document.addEventListener("keydown", (e) => { if (e.key === "w") { log.key = performance.now(); log.shown = 0; } }, true);
  new MutationObserver(() => {
    const notice = document.getElementById("notice"), text = document.getElementById("notice-text").textContent;
    if (log.key && !log.shown && !notice.hidden && text && !text.startsWith("Searching"))
      log.shown = performance.now();
  }).observe(document.getElementById("notice"), { subtree: true, childList: true, characterData: true, attributes: true });
}"""

PYODIDE_MEMORY = """async () => {
  const loader = await import(new URL("runtime/pyodide/loader.mjs", document.baseURI).href);
  const py = await loader.loadPyodide(), m = py._module;
  py.runPython("import gc; gc.collect()");
  const info = m._malloc(64);
  m._mallinfo(info);
  const malloc = m.HEAP32[info / 4 + 7];
  m._free(info);
  return { wasm: m.HEAP8.buffer.byteLength, malloc };
}"""


def site_for(rev: str, tmp: Path, name: str) -> Path:
    """A built site: ``rev`` itself when it is a folder with index.html, else a build of that commit."""
    if (Path(rev) / "index.html").exists():
        return Path(rev)
    tree = tmp / f"tree-{name}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True,
                   capture_output=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    out = tmp / f"site-{name}"
    subprocess.run([sys.executable, str(tree / "scripts" / "build.py"), "--out", str(out)], check=True,
                   capture_output=True, cwd=tree)
    return out


class Player:
    """What e2e/helpers.play_via_ui needs."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def idle(self) -> None:
        self.page.wait_for_selector("#board:not([data-busy=true])", state="attached")

    def drag(self, source: Any, target: Any, steps: int = 8) -> None:
        a, b = source.bounding_box(), target.bounding_box()
        assert a and b
        mouse = self.page.mouse
        mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        mouse.down()
        mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
        mouse.up()
        self.idle()


def choose(session: Session, turn: int) -> str:
    greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move", None)
    legal = session.legal_moves()
    return str(greedy(session.state)) if greedy is not None else legal[(turn * 7) % len(legal)]


def open_page(browser: Browser, base: str, fragment: str, standing: bool) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, reduced_motion="reduce", service_workers="block")
    page.goto(base + "index.html" + fragment)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.evaluate("on => localStorage.setItem('orbit.settings', JSON.stringify(on ? ['marks', 'verdict'] : ['marks']))",
                  standing)
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    return page


def worker_start(page: Page, starts: list[tuple[float, float]]) -> bool:
    """Wait (at most 60 s) for the worker, when the build has one (``window.orbitSolver`` is made when it
    starts, some seconds after the page is live); its start figures go to ``starts``."""
    if page.evaluate("() => fetch('runtime/pyodide/solver-worker.mjs', {method: 'HEAD'}).then(r => !r.ok, () => true)"):
        return False
    try:
        page.wait_for_function("() => window.orbitSolver && ['worker', 'failed'].includes(window.orbitSolver.state)",
                               timeout=30_000)
    except PlaywrightError:
        return False  # a build whose worker does not start
    got = page.evaluate("""() => { const m = n => (performance.getEntriesByName(n)[0] || {}).startTime;
        return [m('orbit-solver-ready') - m('orbit-live'), window.orbitSolver.startMs, window.orbitSolver.state]; }""")
    if got[2] == "worker":
        starts.append((float(got[0]), float(got[1])))
    return bool(got[2] == "worker")


def asks(browser: Browser, base: str, game_id: str, count: int, standing: bool, starts: list[tuple[float, float]]
         ) -> list[float]:
    import helpers  # type: ignore[import-not-found]

    seed = DEALS[game_id]
    page = open_page(browser, base, f"#g={game_id}&v=1&o=&s={seed}", standing)
    worker_start(page, starts)
    page.evaluate(PROBE)
    session, player, turn = Session.new(get_game(game_id), seed), Player(page), 0
    times: list[float] = []
    while len(times) < count and session.legal_moves():
        token = choose(session, turn)
        helpers.play_via_ui(player, session, token, how="tap")
        session = session.played(token)
        turn += 1
        page.wait_for_function("t => location.hash === t", arg=session.link().fragment(), timeout=10_000)
        if not session.legal_moves():
            break
        page.wait_for_timeout(3000)
        if page.locator("#notice").is_visible():
            page.locator("#notice-close").click()
            page.wait_for_selector("#notice", state="hidden")
        page.keyboard.press("w")
        page.wait_for_function("() => window.__ask.shown > 0", timeout=120_000)
        times.append(float(page.evaluate("window.__ask.shown - window.__ask.key")))
        page.locator("#notice-close").click()
    page.close()
    return times


def memory(browser: Browser, base: str, games: int, starts: list[tuple[float, float]]) -> dict[str, Any]:
    page = open_page(browser, base, "#g=gravity&s=1000", True)
    has_worker = worker_start(page, starts)
    cdp = page.context.new_cdp_session(page)
    for i in range(games):
        game_id = MEMORY_GAMES[i % len(MEMORY_GAMES)]
        session = Session.new(get_game(game_id), 1000 + i)
        shown = [session]
        turn = 0
        while session.legal_moves() and turn < 150:
            session = session.played(choose(session, turn))
            turn += 1
            shown.append(session)
        for n, s in enumerate(shown):
            if n % 3 == 0 or n == len(shown) - 1:
                page.evaluate("f => { location.hash = f; }", s.link().fragment())
                page.wait_for_timeout(700)
    page.evaluate("location.hash = '#g=gravity&s=1'")
    page.wait_for_timeout(2000)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    got: dict[str, Any] = {"js_heap": heap["usedSize"], **{f"page_{k}": v for k, v in page.evaluate(PYODIDE_MEMORY).items()}}
    if has_worker:
        page.evaluate("window.orbitSolver.stats()")
        page.wait_for_function("() => window.orbitSolver.wasm > 0", timeout=30_000)
        got.update(worker_wasm=page.evaluate("window.orbitSolver.wasm"), worker_malloc=page.evaluate("window.orbitSolver.malloc"),
                   worker_slices=page.evaluate("window.orbitSolver.slices"), page_slices=page.evaluate("window.orbitSolver.pageSlices"))
    page.close()
    return got


def mb(n: float) -> str:
    return f"{n / 2**20:.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="a commit (or a built folder): the page's thread")
    parser.add_argument("--new", default="HEAD", help="a commit (or a built folder): the worker (default HEAD)")
    parser.add_argument("--asks", type=int, default=10, help="asks per game, setting and build (default 10)")
    parser.add_argument("--games", type=int, default=40, help="games for the memory part (default 40)")
    parser.add_argument("--parts", default="start,asks,memory")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    with tempfile.TemporaryDirectory(prefix="orbit-solver-") as tmp_name, ExitStack() as stack:
        tmp = Path(tmp_name)
        try:
            sites = {"old": site_for(args.old, tmp, "old"), "new": site_for(args.new, tmp, "new")}
            bases = {name: stack.enter_context(serve(site)) for name, site in sites.items()}
            pw = stack.enter_context(sync_playwright())
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            starts: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
            times: dict[tuple[str, str, bool], list[float]] = {}
            if "asks" in parts:
                for game_id in ASK_GAMES:
                    for standing in (False, True):
                        for name in ("old", "new"):  # side by side: the builds in turn
                            times[(game_id, name, standing)] = asks(browser, bases[name], game_id, args.asks, standing,
                                                                     starts[name])
                            print(f"# {game_id} {name} standing={standing}: {times[(game_id, name, standing)]}",
                                  file=sys.stderr)
            mem: dict[str, dict[str, Any]] = {}
            if "memory" in parts:
                for name in ("old", "new"):
                    mem[name] = memory(browser, bases[name], args.games, starts[name])
                    print(f"# memory {name}: {mem[name]}", file=sys.stderr)
            if "start" in parts and not starts["new"]:
                for _unused in range(3):
                    page = open_page(browser, bases["new"], "#g=square&s=6", False)
                    worker_start(page, starts["new"])
                    page.close()
            browser.close()
        finally:
            for tree in tmp.glob("tree-*"):
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], capture_output=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit: the solver in a worker against the page's thread, {now:%Y-%m-%d %H:%M} UTC")
    print(f"Chromium {version} (headless), {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    print(f"old = {args.old}, new = {args.new}")
    if starts["new"]:
        after = [a for a, _ in starts["new"]]
        own = [b for _, b in starts["new"]]
        print(f"\nworker ready after the board live: median {statistics.median(after) / 1000:.2f} s "
              f"({min(after) / 1000:.2f}-{max(after) / 1000:.2f}, {len(after)} pages); its own start "
              f"median {statistics.median(own) / 1000:.2f} s ({min(own) / 1000:.2f}-{max(own) / 1000:.2f})")
    if times:
        print("\nasked 3 s after a move, key to the verdict on screen:\n")
        print("| game | standing verdict | build | asks | within 100 ms | median ms | p90 ms | max ms |")
        print("|---|---|---|---:|---:|---:|---:|---:|")
        for (game_id, name, standing), t in times.items():
            if not t:
                continue
            ordered = sorted(t)
            p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
            print(f"| {game_id} | {'on' if standing else 'off'} | {name} | {len(t)} | "
                  f"{sum(1 for x in t if x <= 100) / len(t):.0%} | {statistics.median(t):.0f} | {p90:.0f} | {max(t):.0f} |")
    if mem:
        print(f"\nmemory after {args.games} games (standing verdict on):\n")
        for name, m in mem.items():
            line = f"{name}: page JS heap {mb(m['js_heap'])}, page wasm {mb(m['page_wasm'])} (malloc {mb(m['page_malloc'])})"
            if "worker_wasm" in m:
                line += (f"; worker wasm {mb(m['worker_wasm'])} (malloc {mb(m['worker_malloc'])}), "
                         f"worker slices {m['worker_slices']}, page slices {m['page_slices']}")
            print(line)


if __name__ == "__main__":
    main()
