"""The solver's cost in the page's memory: the same moves played with the solver off and
with the verdict kept shown (a search after every move), per game, in Chromium.

    .venv/bin/python bench/solver_memory.py [--games ID,ID] [--moves 25] [--out BUILD]

For each game and each setting it opens a fresh browser context (nothing cached, nothing
stored) on the game's bench deal (the registry entry's ``bench_seed``) at 1280x800,
measures the page once it is live, plays ``--moves`` moves by real taps and drags (the
moves bench/verdicts.py plays), waiting for each verdict when it is on, and measures
again. Each measure is taken after a rest and a forced collection in JavaScript
(bench/soak.py's): V8's heap, Pyodide's WebAssembly memory and the bytes in use inside it
(malloc) as the page holds them, Python's garbage included (its cyclic collector may not have
run: the page does not force one), then malloc again after a forced collection in Python
(what is held for good). It prints one row per game and setting; the figures go into
docs/PERFORMANCE.md. No target is enforced.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from input_latency import Player  # noqa: E402
from soak import PYODIDE, measure  # noqa: E402
from startup import serve  # noqa: E402
from pyapp.games import entries, entry  # noqa: E402


def run(browser: Browser, base: str, game_id: str, moves: int, verdict: bool) -> dict[str, Any]:
    import helpers  # type: ignore[import-not-found]  # e2e/helpers.py: plays a token as a player would

    from pyapp.app.session import Session

    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    seed = entry(game_id).bench_seed
    if verdict:
        page.add_init_script("localStorage.setItem('orbit.settings', JSON.stringify(['marks', 'verdict']))")
    page.goto(f"{base}index.html#g={game_id}&v=1&o=&s={seed}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.evaluate(PYODIDE)
    before = measure(page, cdp)
    session = Session.new(entry(game_id).game, seed)
    player = Player(page)
    turn = 0
    while turn < moves and session.legal_moves() and session.status() == "playing":
        greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move", None)
        legal = session.legal_moves()
        token = greedy(session.state) if greedy is not None else legal[(turn * 7) % len(legal)]
        helpers.play_via_ui(player, session, token, how="drag" if turn % 2 else "tap")
        session = session.played(token)
        turn += 1
        if verdict and session.status() == "playing":
            page.wait_for_function(
                "() => { const t = document.getElementById('verdict-line').textContent;"
                " return t && !t.includes('searching') && !t.includes('Looking'); }", timeout=120_000)
    after = measure(page, cdp)
    context.close()
    return {"game": game_id, "verdict": verdict, "moves": turn, "before": before, "after": after}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(e.id for e in entries()))
    parser.add_argument("--moves", type=int, default=25, help="moves per game (default 25)")
    parser.add_argument("--out", help="use this build folder instead of building one")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    rows = []
    with tempfile.TemporaryDirectory(prefix="orbit-memory-") as tmp:
        site = Path(args.out) if args.out else Path(tmp) / "site"
        if not args.out:
            subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(site)], check=True,
                           capture_output=True)
        with serve(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            for game_id in games:
                for verdict in (False, True):
                    rows.append(run(browser, base, game_id, args.moves, verdict))
            browser.close()
    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit: the solver's memory in the page, {now:%Y-%m-%d %H:%M} UTC")
    print(f"Chromium {version} (headless), {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    print()
    print("| game | solver | moves | JS heap MB (live / after) | wasm MB (live / after) | malloc MB (live / after) "
          "| malloc MB after a collection |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        b, a = r["before"], r["after"]
        print(f"| {r['game']} | {'verdict shown' if r['verdict'] else 'off'} | {r['moves']} | "
              f"{b['js_heap'] / 1e6:.2f} / {a['js_heap'] / 1e6:.2f} | {b['wasm'] / 1e6:.1f} / {a['wasm'] / 1e6:.1f} | "
              f"{b['malloc'] / 1e6:.2f} / {a['malloc'] / 1e6:.2f} | {a['collected'] / 1e6:.2f} |")


if __name__ == "__main__":
    main()
