"""How long "Can I win?" takes in the page, and what the player sees: for each game's deal and
each window (laptop 1280x800, phone 390x844, phone on its side 844x390), a fresh context opens
the deal, presses W, waits for the verdict and takes a screenshot.

    .venv/bin/python bench/can_win_shots.py [--dist dist] [--out /tmp/shots] [--sizes laptop,phone,landscape] [GAME ...]

Each line: the game, the window, the seconds from W to the verdict, and the verdict's words.

``--trace`` also records the page's main thread from W to the verdict (Chromium's trace, its
``RunTask`` events) and prints how busy it was, and the tasks over 2 ms: how many, their median
and longest, and how many over 30 and over 50 ms (a long task: a tap waits for it). The trace
slows the page a little; compare builds in one run (``--dist`` more than once: in turn).
``--deal`` asks about another position (a link's part from ``#``) instead of each game's own.
``--keep-looking`` then presses the verdict's Keep looking, when it offers it, and times the
second verdict too (its screenshot ``GAME-WINDOW-more.png``); ``--memory`` prints Pyodide's
WebAssembly memory and malloc after each verdict (bench/soak.py's measure: after a rest and a
forced collection in JavaScript).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from soak import PYODIDE, measure  # noqa: E402
from startup import serve  # noqa: E402

DEALS = {"gravity": "#g=gravity&s=5", "square": "#g=square&s=6&m=48@D3", "gyre": "#g=gyre&s=5", "zodiac": "#g=zodiac&s=4"}
SIZES = {"laptop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}
DONE = """() => { const t = document.querySelector('#notice-text').textContent;
                  return t && !t.startsWith('Searching') && !t.startsWith('Looking'); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(DEALS))
    parser.add_argument("--dist", type=Path, action="append", help="a build (default dist/; several: in turn)")
    parser.add_argument("--trace", action="store_true", help="the main thread's tasks from W to the verdict")
    parser.add_argument("--deal", default="", help="ask about this link's position (from #) instead")
    parser.add_argument("--runs", type=int, default=1, help="each build, game and window this many times")
    parser.add_argument("--keep-looking", action="store_true", help="then press Keep looking, and time it too")
    parser.add_argument("--memory", action="store_true", help="WebAssembly memory and malloc after each verdict")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    dists = args.dist or [ROOT / "dist"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for run in range(args.runs):
            for dist in dists:
                with serve(dist) as base:
                    for game in args.games:
                        for name in args.sizes.split(","):
                            shot = args.out / f"{game}-{name}{f'-{dist.name}' if len(dists) > 1 else ''}.png"
                            line = ask(browser, base + (args.deal or DEALS[game]), name, args.trace, shot,
                                       args.keep_looking, args.memory)
                            print(f"{dist.name if len(dists) > 1 else ''} {game} {name} {line}".strip(), flush=True)
        browser.close()


def ask(browser: Any, url: str, name: str, trace: bool, shot: Path, more: bool = False, memory: bool = False) -> str:
    """Open ``url`` in a fresh context at window ``name``, press W and wait for the verdict: the
    seconds it took and its words (and, with ``trace``, the main thread's tasks meanwhile); with
    ``more``, then Keep looking's too, when the verdict offers it."""
    width, height = SIZES[name]
    phone = name != "laptop"
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  reduced_motion="reduce", has_touch=phone, is_mobile=phone)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    cdp = context.new_cdp_session(page) if memory else None
    if cdp is not None:
        page.evaluate(PYODIDE)
    if trace:
        page.wait_for_timeout(1_000)  # (the start's own work over)
        browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    page.keyboard.press("w")
    t0 = time.perf_counter()
    page.wait_for_function(DONE, timeout=120_000)
    took = time.perf_counter() - t0
    tasks = main_thread_tasks(browser.stop_tracing()) if trace else ""
    words = page.locator("#notice-text").inner_text()
    page.screenshot(path=str(shot))
    said = f"{took:.2f} s{tasks}{memory_words(page, cdp)}: {words}"
    if more and page.locator("#notice-more").is_visible():
        if trace:
            browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
        page.locator("#notice-more").click()
        t0 = time.perf_counter()
        page.wait_for_function(DONE, timeout=600_000)
        took = time.perf_counter() - t0
        tasks = main_thread_tasks(browser.stop_tracing()) if trace else ""
        page.screenshot(path=str(shot.with_name(shot.stem + "-more.png")))
        said += f" | Keep looking: {took:.2f} s{tasks}{memory_words(page, cdp)}: {page.locator('#notice-text').inner_text()}"
    context.close()
    return said


def memory_words(page: Any, cdp: Any) -> str:
    """Pyodide's WebAssembly memory and malloc now, in words ("" without ``--memory``)."""
    if cdp is None:
        return ""
    got = measure(page, cdp)
    return f" (wasm {got['wasm'] / 1e6:.1f} MB, malloc {got['malloc'] / 1e6:.2f} MB)"


def main_thread_tasks(data: bytes) -> str:
    """The renderer main thread's tasks in a trace, in words."""
    trace = json.loads(data)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks = sorted((e["ts"], e["dur"] / 1000) for e in events
                   if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in main)
    if not tasks:
        return " (no task traced)"
    span = (tasks[-1][0] + tasks[-1][1] * 1000 - tasks[0][0]) / 1e6
    busy = sum(d for _, d in tasks) / 1000
    long = [d for _, d in tasks if d > 2]
    return (f" (main thread busy {100 * busy / span:.0f}% of {span:.1f} s; {len(long)} tasks over 2 ms, median "
            f"{statistics.median(long) if long else 0:.1f} ms, longest {max(long, default=0):.0f} ms, "
            f"{sum(d > 30 for d in long)} over 30 ms, {sum(d > 50 for d in long)} over 50 ms)")

if __name__ == "__main__":
    main()
