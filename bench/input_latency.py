"""Input benchmark: from the player's pointer-up to the updated board on screen,
for ordinary moves of every game, and the long tasks during play, in Chromium.

    .venv/bin/python bench/input_latency.py [--games ID,ID] [--moves 40]

It builds the site into a temporary folder (never dist/), serves it on
127.0.0.1, opens each game's deal at 1280x800 with reduced motion (moves are
instant, so no animation time is counted), waits ``--settle`` seconds (default 1),
as a player looks at a deal before the first move, and plays ``--moves`` moves
chosen by the engine in CPython, the way e2e/helpers.py plays them: real mouse
taps and drags on the cards and piles.

The wait matters on a small machine: in the first few hundred milliseconds after the
page is live, V8 compiles Pyodide's busiest WebAssembly functions to its top tier on
background threads (a trace here counted 436 ms of that compiling in the first 0.3 s,
on two cores), and the page rehearses a move (``pyapp.web.rehearsal``). A move made
then competes with both; ``--settle 0.3`` measures that case.

What is measured, per move (instrumentation is added with ``page.evaluate``
after the page is live, so the start is untouched):

* the ``pointerup`` event that completes the move (its ``timeStamp``: when the
  browser received it);
* the first change the move makes under ``#board`` (a MutationObserver; the board's
  ``data-busy`` flag alone does not count);
* the next animation frame after that change (``requestAnimationFrame``):
  the frame that shows the updated board. Latency = that frame's time minus
  the pointer-up's.

The binding also measures each call of the controller's ``view()`` (the
performance entry ``orbit-view``): the Python side of a render, apart from drawing;
and its whole pointer-up handler (``orbit-input``: the move, the view and the
drawing, before the browser's style, layout and paint), which, unlike the latency,
does not depend on where in a 16.7 ms frame the handler ends.
Long tasks (PerformanceObserver ``longtask``, over 50 ms by definition) are
counted from the first move to the last, and listed with the move they came in
(the game's last move also opens its end screen). No target is enforced; the
figures go into docs/PERFORMANCE.md.

``--verdict on`` turns on the setting that keeps the solver's verdict shown: after each
move the page waits 0.4 s, then searches in slices between frames; ``--gap 0.8`` waits
that long after each move, so that the next move comes while the solver searches.
``--verdict both`` plays each game twice, without and with it (the same deal and moves,
one after the other), for a side-by-side comparison in one run.

``--sound on`` turns the Sound setting on (it starts off here: the bench asks for reduced
motion), so each move's sounds are made with the Web Audio API as the player hears them;
``--sound both`` plays each game without, then with them (the same deal and moves), side by side.

``--worker`` waits, before the first move, until the solver's Web Worker answers the page's
verdicts (``window.orbitSolver.state``: about 8 s after the page is live); with ``--gap 0.8``
it then searches each new position while the player pauses (and the verdict shown, with
``--verdict on``), so that the moves are measured with the worker searching.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from startup import serve  # noqa: E402
from pyapp.games import entries  # noqa: E402

#: The deal of each game (its registry entry's ``bench_seed``: the same seeds every run).
DEALS = {e.id: e.bench_seed for e in entries()}

PROBE = """() => {
  const log = window.__latency = { ups: [], frames: [], long: [] };
  document.addEventListener("pointerup", (e) => { log.ups.push(e.timeStamp); log.pending = e.timeStamp; }, true);
  new MutationObserver((records) => {
    if (log.pending === undefined) return;
    // the board saying it is busy is not the board changing (a move that waits would hide there)
    if (records.every((r) => r.type === "attributes" && r.target.id === "board" && r.attributeName === "data-busy")) return;
    const up = log.pending;
    log.pending = undefined;
    const changed = performance.now();
    requestAnimationFrame((frame) => log.frames.push({ up, changed, frame }));
  }).observe(document.getElementById("board"), { childList: true, subtree: true, attributes: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.long.push([e.startTime, e.duration]);
  }).observe({ type: "longtask" });
}"""


class Player:
    """What e2e/helpers.play_via_ui needs: the page, a wait for animations, a mouse drag."""

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
        mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + a["height"] / 2 + 10, steps=2)
        mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
        mouse.up()
        self.idle()


def play(page: Page, base: str, game_id: str, moves: int, settle: float = 1.0, verdict: bool = False,
         gap: float = 0.0, worker: bool = False, sound: bool = False) -> dict[str, Any]:
    import helpers  # type: ignore[import-not-found]  # e2e/helpers.py: plays a token as a player would

    from pyapp.games import get_game
    from pyapp.app.session import Session

    seed = DEALS[game_id]
    page.goto(f"{base}index.html#g={game_id}&v=1&o=&s={seed}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.evaluate("([v, s]) => localStorage.setItem('orbit.settings', JSON.stringify(['marks', ...(v ? ['verdict'] : []), "
                  "...(s ? ['sound'] : [])]))", [verdict, sound])
    page.reload()  # the setting as a returning player has it
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    if worker:
        page.wait_for_function("() => window.orbitSolver && window.orbitSolver.state === 'worker'", timeout=90_000)
    page.wait_for_timeout(settle * 1000)
    page.evaluate(PROBE)
    session = Session.new(get_game(game_id), seed)
    player = Player(page)
    samples: list[float] = []
    views: list[float] = []
    handlers: list[float] = []
    kinds: dict[str, int] = {"tap": 0, "drag": 0}
    start = page.evaluate("performance.now()")
    turn = 0
    began: list[float] = []  # when each move began (the page's clock), to say which move a long task came in
    while turn < moves and session.legal_moves():
        legal = session.legal_moves()
        # Square and Zodiac games end early on arbitrary moves: their greedy player keeps them going.
        greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move", None)
        token = greedy(session.state) if greedy is not None else legal[(turn * 7) % len(legal)]
        how = "drag" if turn % 2 else "tap"
        page.evaluate("() => { window.__latency.frames = []; window.__latency.pending = undefined; }")
        began.append(page.evaluate("performance.now()"))
        helpers.play_via_ui(player, session, token, how=how)
        session = session.played(token)
        page.wait_for_function("t => location.hash === t", arg=session.link().fragment(), timeout=10_000)
        page.wait_for_timeout(60 + gap * 1000)  # the frame after the change (and the gap)
        frames = page.evaluate("window.__latency.frames")
        views.extend(page.evaluate("""() => { const v = performance.getEntriesByName("orbit-view").map(e => e.duration);
            performance.clearMeasures("orbit-view"); return v; }"""))
        handlers.extend(page.evaluate("""() => { const v = performance.getEntriesByName("orbit-input").map(e => e.duration);
            performance.clearMeasures("orbit-input"); return v; }"""))
        if frames:
            last = frames[-1]
            samples.append(float(last["frame"]) - float(last["up"]))
            kinds[how] += 1
        turn += 1
    end = page.evaluate("performance.now()")
    long = [(sum(1 for b in began if b <= s), d) for s, d in page.evaluate("window.__latency.long") if start <= s <= end]
    return {"game": game_id, "solver": "on" if verdict else "off", "sound": "on" if sound else "off", "seed": seed, "moves": turn, "measured": len(samples), "samples": samples,
            "taps": kinds["tap"], "drags": kinds["drag"], "views": views, "handlers": handlers, "long_tasks": len(long),
            "long_max": max((d for _, d in long), default=0.0), "long": long}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(DEALS), help="comma-separated game ids (default: all)")
    parser.add_argument("--moves", type=int, default=40, help="moves per game (default 40)")
    parser.add_argument("--settle", type=float, default=1.0, help="seconds between the page going live and the first move (default 1)")
    parser.add_argument("--out", help="use this build folder instead of building one")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    parser.add_argument("--verdict", choices=("off", "on", "both"), default="off",
                        help="the setting that keeps the solver's verdict shown (both: each game twice)")
    parser.add_argument("--gap", type=float, default=0.0, help="seconds between two moves (default 0)")
    parser.add_argument("--worker", action="store_true", help="wait for the solver's Web Worker before the first move")
    parser.add_argument("--sound", choices=("off", "on", "both"), default="off",
                        help="the Sound setting (both: each game twice, without then with)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if any(g not in DEALS for g in games):
        parser.error(f"--games takes {','.join(DEALS)}")
    with tempfile.TemporaryDirectory(prefix="orbit-latency-") as tmp:
        site = Path(args.out) if args.out else Path(tmp) / "site"
        if not args.out:
            subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(site)], check=True,
                           capture_output=True)
        results = []
        with serve(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                          service_workers="block")
            for game_id in games:
                for verdict in {"off": (False,), "on": (True,), "both": (False, True)}[args.verdict]:
                    for sound in {"off": (False,), "on": (True,), "both": (False, True)}[args.sound]:
                        page = context.new_page()
                        results.append(play(page, base, game_id, args.moves, args.settle, verdict, args.gap, args.worker,
                                            sound))
                        page.close()
            browser.close()
    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit input benchmark, {now:%Y-%m-%d %H:%M} UTC")
    print(f"Chromium {version} (headless), {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    print("latency = pointer-up to the next frame after the board changed, ms; instant moves (reduced motion); "
          f"first move {args.settle:g} s after the page went live"
          + (" and the solver's worker was ready" if args.worker else "") + (f"; {args.gap:g} s between moves" if args.gap else ""))
    print()
    print("| game | solver | sound | moves measured (taps/drags) of moves played | median ms | p95 ms | max ms | long tasks > 50 ms during play | longest ms | controller view() median / p95 ms | pointer-up handler median / p95 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        s = r["samples"]
        if not s:
            print(f"| {r['game']} | {r['solver']} | {r['sound']} | 0 | - | - | - | {r['long_tasks']} | {r['long_max']:.0f} |")
            continue
        print(f"| {r['game']} | {r['solver']} | {r['sound']} | {r['measured']} ({r['taps']}/{r['drags']}) of {r['moves']} | {statistics.median(s):.1f} | "
              f"{pct(s, 0.95):.1f} | {max(s):.1f} | {r['long_tasks']} | {r['long_max']:.0f} | "
              f"{statistics.median(r['views'] or [0]):.1f} / {pct(r['views'] or [0], 0.95):.1f} | "
              f"{statistics.median(r['handlers'] or [0]):.1f} / {pct(r['handlers'] or [0], 0.95):.1f} |")
    for r in results:
        for move, duration in r["long"]:
            print(f"long task in {r['game']} (solver {r['solver']}, sound {r['sound']}): {duration:.0f} ms, at move {move} of {r['moves']}")
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
