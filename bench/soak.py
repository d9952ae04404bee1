"""Soak benchmark: many whole games in one tab, and whether the page's memory stays flat.

    nice .venv/bin/python bench/soak.py [--games 40] [--every 4] [--max-moves 150] [--out DIR] [--json]

It builds the site into a temporary folder (or takes ``--out``, a built site), serves
it on 127.0.0.1 and opens ONE tab at 1280x800 with reduced motion (moves are instant),
on the start screen, as a new player. Then it plays ``--games`` whole games one after
another in that tab, cycling through the games of the registry (Gravity, Solitaire
Square, Gyre, Zodiac, ...), each as a player would:

* a new deal from the start screen's tile of the game: the tile deals one the first
  time; later it shows the last game of it, ended, and the New tool's Deal button
  deals the next;
* the moves by real pointer input on the board, taps and drags in turn (or the game's
  buttons), the way e2e/helpers.play_via_ui plays them; the moves are chosen by the
  engine in CPython on the deal the page shows (its link): a game's greedy player
  where it has one (Solitaire Square, Zodiac), else legal move number 7t;
* to the end screen: until no legal move is left, or Give up (pressed twice, as the
  page asks) after ``--max-moves`` moves;
* then "Look at the table", and the Solitaire Orbit button back to the start screen.

Before the first game, and after every ``--every`` games (on the start screen, after
a second's rest), it reports:

* **JS heap**: V8's used heap after forced collections (DevTools protocol
  ``HeapProfiler.collectGarbage``, then ``Runtime.getHeapUsage``: ``usedSize``), and
  **Blink heap**: the browser's own objects on the same collected heap (its
  ``embedderHeapUsedSize``: elements, events, performance entries);
* **wasm**: the size of Pyodide's WebAssembly memory (``HEAP8.buffer.byteLength``:
  it never shrinks, a high-water mark) and **malloc**: the bytes in use in it
  (``mallinfo().uordblks``: what Python and its allocator hold now, read before Python's
  collection, so Python's uncollected garbage is in it, as it is in the page);
* **DOM nodes**: ``document.getElementsByTagName('*').length``;
* **JS refs**: the JavaScript values Python holds (Pyodide's hiwire table,
  ``_hiwire_num_refs()``: every JsProxy), and **handlers**: the proxies the binding
  keeps (``len(Binding.proxies)``, pyapp/web/browser.py), with the card elements it
  keeps (``len(Binding.nodes)``);
* **Py objects**: ``len(gc.get_objects())`` after ``gc.collect()`` (what play made: the
  start-up's objects are frozen, out of the collector's lists, by the binding), with
  the 40 commonest types (the verdict names the types that grew most);
* **entries**: the page's performance timeline (``performance.getEntries().length``)
  and **storage**: the characters in localStorage (statistics and saves: these grow
  per game by design, a player's records are kept);
* the median and p95 **latency** of the moves since the last report: pointer-up to the
  next frame after the board changed (as bench/input_latency.py measures it).

Pyodide is reached through the page's own loader module (runtime/pyodide/loader.mjs:
``loadPyodide()`` hands back the interpreter the page started); Python is read with
``runPython`` in a namespace of its own, dropped after. It also lists the game modules'
biggest module-level containers (the solvers' memos and caches: dicts of numbers and
tuples, which the collector does not track, so they show in malloc, not in Py objects).

The verdict line fits a least-squares line to each figure over the reports after the
first two (the first games warm up caches, compiled code and the allocator) and gives
its slope per game, and the rise over those games against the noise: the standard
deviation of the reports around the line. A figure grows when its rise is over three
times that noise and over 1 % of its size (a count that never moves has no noise:
any rise of it counts).
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
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from input_latency import Player, pct  # noqa: E402
from startup import serve  # noqa: E402
from pyapp.games import entries, get_game  # noqa: E402
from pyapp.core.links import Link  # noqa: E402
from pyapp.app.session import Session  # noqa: E402

GAMES = [e.id for e in entries()]

#: Pointer-up to the frame after the board changed; only the last move's figures are kept.
PROBE = """() => {
  const log = window.__soak = { frames: [], pending: undefined };
  document.addEventListener("pointerup", (e) => { log.pending = e.timeStamp; }, true);
  new MutationObserver((records) => {
    if (log.pending === undefined) return;
    if (records.every((r) => r.type === "attributes" && r.target.id === "board" && r.attributeName === "data-busy")) return;
    const up = log.pending;
    log.pending = undefined;
    requestAnimationFrame((frame) => log.frames.push(frame - up));
  }).observe(document.getElementById("board"), { childList: true, subtree: true, attributes: true, characterData: true });
}"""

#: The interpreter the page started (its loader module hands back the same one).
PYODIDE = """async () => {
  const loader = await import(new URL("runtime/pyodide/loader.mjs", document.baseURI).href);
  window.__soakPy = await loader.loadPyodide();
  return window.__soakPy.version;
}"""

#: Run in a namespace of its own (dropped after): the figures of Python's side, as JSON.
PY_FIGURES = """
import collections, gc, json, sys
from pyapp.web.browser import BINDING as b
gc.collect()
objects = gc.get_objects()
containers = []  # the module-level dicts, lists and sets of the game's modules (caches, memos), and lru_caches
for name, module in list(sys.modules.items()):
    if name.startswith("pyapp"):
        for key, value in list(vars(module).items()):
            if isinstance(value, (dict, list, set)) and not key.startswith("__"):
                containers.append((len(value), name + "." + key))
            elif isinstance(value, tuple) and value and all(isinstance(v, dict) for v in value):
                containers.append((sum(map(len, value)), name + "." + key))
            elif hasattr(value, "cache_info"):
                containers.append((value.cache_info().currsize, name + "." + key + "()"))
json.dumps(dict(objects=len(objects), types=collections.Counter(type(o).__qualname__ for o in objects).most_common(40),
                containers=sorted(containers, reverse=True)[:12], handlers=len(b.proxies), cards=len(b.nodes), timers=len(b.timers)))
"""

FIGURES = """code => {
  const py = window.__soakPy, m = py._module;
  const info = m._malloc(64);
  m._mallinfo(info);
  const malloc = m.HEAP32[info / 4 + 7];  // struct mallinfo's uordblks: bytes allocated
  m._free(info);
  let storage = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    storage += key.length + (localStorage.getItem(key) || "").length;
  }
  const namespace = py.toPy({});
  let python;
  try { python = JSON.parse(py.runPython(code, { globals: namespace })); } finally { namespace.destroy(); }
  const again = m._malloc(64);  // after the code's gc.collect(): what is held, the garbage aside
  m._mallinfo(again);
  const collected = m.HEAP32[again / 4 + 7];
  m._free(again);
  return { python, wasm: m.HEAP8.buffer.byteLength, malloc, collected,
           js_refs: m._hiwire_num_refs(), dom: document.getElementsByTagName("*").length,
           entries: performance.getEntries().length, storage };
}"""

#: (key, column title, scale, format) of the figures in the table and the verdict.
COLUMNS = [
    ("js_heap", "JS heap MB", 1e-6, "{:.2f}"),
    ("blink_heap", "Blink heap MB", 1e-6, "{:.2f}"),
    ("wasm", "wasm MB", 1e-6, "{:.1f}"),
    ("malloc", "malloc MB", 1e-6, "{:.2f}"),
    ("dom", "DOM nodes", 1, "{:.0f}"),
    ("js_refs", "JS refs", 1, "{:.0f}"),
    ("handlers", "handlers", 1, "{:.0f}"),
    ("cards", "cards kept", 1, "{:.0f}"),
    ("objects", "Py objects", 1, "{:.0f}"),
    ("entries", "perf entries", 1, "{:.0f}"),
    ("storage", "storage chars", 1, "{:.0f}"),
]


def measure(page: Page, cdp: CDPSession) -> dict[str, Any]:
    """The figures now, after a rest and a forced collection in JavaScript; malloc as the page
    holds it (Python's garbage included: the page forces no collection), then Python's figures
    after a forced collection in Python, and malloc again after it (``collected``)."""
    page.wait_for_timeout(1000)
    cdp.send("HeapProfiler.collectGarbage")
    page.wait_for_timeout(200)  # the finalizers the collection queued (Python's objects JS held) run
    got: dict[str, Any] = page.evaluate(FIGURES, PY_FIGURES)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    got["js_heap"], got["blink_heap"] = heap["usedSize"], heap.get("embedderHeapUsedSize", 0)
    got.update(got.pop("python"))
    return got


def move_latency(page: Page) -> float | None:
    page.wait_for_timeout(60)  # the frame after the change
    frames: list[float] = page.evaluate("window.__soak.frames")
    return frames[-1] if frames else None


def play_game(page: Page, player: Player, game_id: str, max_moves: int, latencies: list[float]) -> dict[str, Any]:
    """A new deal from the start screen's tile, played to its end screen, and back to the start screen."""
    import helpers  # type: ignore[import-not-found]  # e2e/helpers.py: plays a token as a player would

    page.locator(f"#tile-{game_id}").click()
    page.wait_for_function("g => location.hash.startsWith('#g=' + g + '&')", arg=game_id, timeout=10_000)
    player.idle()
    shown = str(page.evaluate("location.hash"))
    if Session.from_link(Link.parse(shown)).moves:  # the tile shows the last game of it, ended: New, Deal
        page.locator("#new").click()
        page.wait_for_selector("#newgame[open]")
        page.locator("#deal-go").click()
        page.wait_for_function("old => location.hash !== old", arg=shown, timeout=10_000)
        player.idle()
    session = Session.from_link(Link.parse(str(page.evaluate("location.hash"))))
    if session.moves:
        raise AssertionError(f"no new deal of {game_id}: {session.link().fragment()}")
    greedy = getattr(sys.modules[type(get_game(game_id)).__module__], "greedy_move", None)
    turn = 0
    while session.legal_moves() and turn < max_moves:
        legal = session.legal_moves()
        token = greedy(session.state) if greedy is not None else legal[(turn * 7) % len(legal)]
        page.evaluate("() => { window.__soak.frames = []; window.__soak.pending = undefined; }")
        helpers.play_via_ui(player, session, token, how="drag" if turn % 2 else "tap")
        after = Session.from_link(session.link())
        after = after.played(token)
        page.wait_for_function("t => location.hash === t", arg=after.link().fragment(), timeout=10_000)
        session = session.played(token)
        latency = move_latency(page)
        if latency is not None:
            latencies.append(latency)
        turn += 1
    gave_up = bool(session.legal_moves())
    if gave_up:  # Give up asks for a second press
        page.locator("#resign").click()
        page.locator("#resign").click()
    page.wait_for_selector("#summary[open]", timeout=20_000)
    page.locator("#summary-close").click()
    page.wait_for_selector("#summary:not([open])", state="attached")
    player.idle()
    page.locator("#home").click()
    page.wait_for_selector("#start:not([hidden])")
    return {"game": game_id, "seed": session.seed, "moves": turn, "gave_up": gave_up, "score": session.score()}


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least-squares slope of ys over xs, and the standard deviation of ys around the line."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    residuals = [y - (my + slope * (x - mx)) for x, y in zip(xs, ys)]
    noise = (sum(r * r for r in residuals) / max(1, len(xs) - 2)) ** 0.5
    return slope, noise


def warmed(reports: list[dict[str, Any]]) -> int:
    """The first report the fit uses: the third, or the second when there are fewer than four."""
    return 2 if len(reports) >= 4 else 1


def verdict(reports: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per figure: slope per game over the reports after the first two, the rise over those
    games, the noise around the line, and whether it grows (see the module's docstring)."""
    used = reports[warmed(reports):]
    xs = [float(r["games"]) for r in used]
    out = []
    for key, title, scale, _ in COLUMNS:
        ys = [float(r[key]) * scale for r in used]
        if len(xs) < 2:
            continue
        slope, noise = fit(xs, ys)
        rise = slope * (xs[-1] - xs[0])
        grows = rise > 3 * noise and rise > 0.01 * statistics.fmean(ys) and rise > 0
        out.append({"figure": key, "title": title, "slope_per_game": slope, "rise": rise, "noise": noise,
                    "from_games": xs[0], "to_games": xs[-1], "grows": grows})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="whole games to play in the tab (default 40: ten of each)")
    parser.add_argument("--every", type=int, default=4, help="report after every K games (default 4)")
    parser.add_argument("--max-moves", type=int, default=150, help="Give up after this many moves (default 150)")
    parser.add_argument("--only", default=",".join(GAMES), help="comma-separated game ids to cycle through (default: all)")
    parser.add_argument("--out", help="use this build folder instead of building one")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    args = parser.parse_args()
    cycle = [g for g in args.only.split(",") if g]
    if not cycle or any(g not in GAMES for g in cycle):
        parser.error(f"--only takes {','.join(GAMES)}")
    began = time.monotonic()
    reports: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="orbit-soak-") as tmp:
        site = Path(args.out) if args.out else Path(tmp) / "site"
        if not args.out:
            subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(site)], check=True,
                           capture_output=True)
        with serve(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                          service_workers="block")
            page = context.new_page()
            page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
            page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
            page.on("crash", lambda _: errors.append("the renderer crashed"))
            cdp = context.new_cdp_session(page)
            page.goto(f"{base}index.html")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
            pyodide_version = page.evaluate(PYODIDE)
            page.evaluate(PROBE)
            player = Player(page)
            latencies: list[float] = []
            moves = 0

            def report(played: int) -> None:
                row = measure(page, cdp)
                row.update(games=played, moves=moves, measured=len(latencies),
                           median=statistics.median(latencies) if latencies else None,
                           p95=pct(latencies, 0.95) if latencies else None,
                           banner=page.evaluate("!document.getElementById('banner').hidden"),
                           minutes=(time.monotonic() - began) / 60)
                reports.append(row)
                latencies.clear()
                print(f"after {played} games ({moves} moves, {row['minutes']:.1f} min): "
                      + ", ".join(f"{title} {fmt.format(row[key] * scale)}" for key, title, scale, fmt in COLUMNS)
                      + (f", latency median {row['median']:.1f} ms" if row["median"] is not None else ""),
                      file=sys.stderr, flush=True)

            report(0)
            for n in range(args.games):
                game = play_game(page, player, cycle[n % len(cycle)], args.max_moves, latencies)
                games.append(game)
                moves += game["moves"]
                if (n + 1) % args.every == 0 or n + 1 == args.games:
                    report(n + 1)
            browser.close()
    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit soak benchmark, {now:%Y-%m-%d %H:%M} UTC, {(time.monotonic() - began) / 60:.0f} min")
    print(f"Chromium {version} (headless), Pyodide {pyodide_version}, {os.cpu_count()} cores, "
          f"{platform.system()} {platform.machine()}, load average {os.getloadavg()[0]:.2f}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    counts = ", ".join(f"{g}: {sum(1 for x in games if x['game'] == g)}" for g in cycle)
    print(f"{len(games)} games in one tab ({counts}), "
          f"{sum(g['moves'] for g in games)} moves by pointer, {sum(g['gave_up'] for g in games)} given up after "
          f"{args.max_moves} moves; latency = pointer-up to the next frame after the board changed")
    print()
    print("| games | moves | " + " | ".join(title for _, title, _, _ in COLUMNS) + " | latency median / p95 ms (moves) |")
    print("|" + "---|" * (len(COLUMNS) + 3))
    for r in reports:
        latency = f"{r['median']:.1f} / {r['p95']:.1f} ({r['measured']})" if r["median"] is not None else "-"
        print(f"| {r['games']} | {r['moves']} | " + " | ".join(fmt.format(r[key] * scale) for key, _, scale, fmt in COLUMNS)
              + f" | {latency} |")
    print()
    fits = verdict(reports)
    if fits:
        print(f"growth per game, least squares over the reports from game {fits[0]['from_games']:.0f} to "
              f"{fits[0]['to_games']:.0f} (rise over them; noise = standard deviation around the line):")
        for f in fits:
            print(f"  {f['title']}: {f['slope_per_game']:+.4g} per game, rise {f['rise']:+.4g} against noise "
                  f"{f['noise']:.3g}: {'GROWS' if f['grows'] else 'flat'}")
        first, last = dict(reports[warmed(reports)]["types"]), dict(reports[-1]["types"])
        grew = sorted(((last[t] - first.get(t, 0), t) for t in last), reverse=True)[:8]
        print("  Python objects by type, the most grown over those games: "
              + (", ".join(f"{t} {d:+d}" for d, t in grew if d > 0) or "none"))
        print("  the game's biggest module-level containers at the end (entries): "
              + ", ".join(f"{n} {k}" for k, n in reports[-1]["containers"][:6]))
        growing = [f["title"] for f in fits if f["grows"]]
        if len(reports) < 5:
            print("  (few reports: a game met for the first time still adds its board and warms its caches)")
        print("verdict: " + ("flat: no figure grows per game beyond its noise" if not growing
                             else "grows per game: " + ", ".join(growing)))
    print(f"errors in the page: {len(errors)}" + "".join(f"\n  {e[:300]}" for e in errors[:10]))
    if any(r["banner"] for r in reports):
        print("the error banner was showing at a report")
    if args.json:
        print(json.dumps({"reports": reports, "games": games, "fits": fits, "errors": errors}))


if __name__ == "__main__":
    main()
