"""The solver in the page: time from a move to its verdict, and the wait for a winnable
deal, per game, in Chromium.

    .venv/bin/python bench/verdicts.py [--games ID,ID] [--moves 30] [--hunts 5] [--out BUILD]

It builds the site into a temporary folder (or uses ``--out``), serves it on 127.0.0.1,
and for each game:

* opens its bench deal (the registry entry's ``bench_seed``) at 1280x800 with reduced
  motion and the setting that keeps the verdict shown, and plays up to ``--moves`` moves
  by real taps and drags (the game's greedy player's moves, as bench/input_latency.py
  does); after each move it waits for the line under the board to give the new
  position's verdict and takes the time from the move's pointer-up to that change
  (the line waits 0.4 s after a move before it searches; that pause is counted);
* asks New deal for a winnable deal (for Gyre, one whose best score reaches its
  middle level) ``--hunts`` times, and takes the time from the dialog's Deal to the
  notice that the deal is dealt (from the pre-solved pool when the build has one:
  ``static/pools/``; a build without, the search).

It prints the medians and 95th percentiles and how the verdicts fell. No target is
enforced; the figures go into docs/PERFORMANCE.md.
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
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from input_latency import Player, pct  # noqa: E402
from startup import serve  # noqa: E402
from pyapp.games import entries, entry  # noqa: E402

#: Records when the line under the board changes, on the page's clock.
PROBE = """() => {
  const log = window.__verdicts = { ups: [], lines: [] };
  document.addEventListener("pointerup", (e) => log.ups.push(e.timeStamp), true);
  new MutationObserver(() => log.lines.push([performance.now(), document.getElementById("verdict-line").textContent]))
    .observe(document.getElementById("verdict-line"), { childList: true, subtree: true, characterData: true });
}"""


def verdict_times(page: Page, base: str, game_id: str, moves: int) -> dict[str, Any]:
    import helpers  # type: ignore[import-not-found]  # e2e/helpers.py: plays a token as a player would

    from pyapp.app.session import Session

    seed = entry(game_id).bench_seed
    page.goto(f"{base}index.html#g={game_id}&v=1&o=&s={seed}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.evaluate("localStorage.setItem('orbit.settings', JSON.stringify(['marks', 'verdict']))")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.evaluate(PROBE)
    session = Session.new(entry(game_id).game, seed)
    player = Player(page)
    times: list[float] = []
    kinds: dict[str, int] = {}
    turn = 0
    while turn < moves and session.legal_moves():
        greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move", None)
        legal = session.legal_moves()
        token = greedy(session.state) if greedy is not None else legal[(turn * 7) % len(legal)]
        page.evaluate("() => { window.__verdicts.ups = []; window.__verdicts.lines = []; }")
        helpers.play_via_ui(player, session, token, how="drag" if turn % 2 else "tap")
        session = session.played(token)
        turn += 1
        if session.status() != "playing":
            break
        page.wait_for_function(
            "() => { const t = document.getElementById('verdict-line').textContent;"
            " return t && !t.includes('searching') && !t.includes('Looking'); }", timeout=120_000)
        log = page.evaluate("window.__verdicts")
        up = log["ups"][-1] if log["ups"] else None
        shown = next((at for at, text in log["lines"] if text and "searching" not in text and "Looking" not in text),
                     None)
        if up is not None and shown is not None:
            times.append(shown - up)
            text = page.locator("#verdict-line").inner_text()
            kind = text.removeprefix("Solver: ").split(":")[0].split(".")[0]
            kinds[kind] = kinds.get(kind, 0) + 1
    return {"game": game_id, "moves": turn, "times": times, "kinds": kinds}


def hunt_times(page: Page, base: str, game_id: str, hunts: int) -> list[float]:
    e = entry(game_id)
    page.goto(f"{base}index.html#g={game_id}&v=1&o=&s={e.bench_seed}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.wait_for_timeout(1000)  # (the pre-solved pool of the rules, when the build has one, loaded after the first draw)
    waits: list[float] = []
    for _ in range(hunts):
        page.locator("#new").click()
        dialog = page.locator("#newgame")
        if e.can_win:
            dialog.locator('input[name="winnable"]').check()
        else:
            dialog.locator('select[name="level"]').select_option(str(e.levels[len(e.levels) // 2]))
        start = page.evaluate("performance.now()")
        dialog.locator("#deal-go").click()
        page.wait_for_function("() => document.getElementById('notice-text').textContent.startsWith('Deal ')",
                               timeout=600_000, polling=50)
        waits.append((page.evaluate("performance.now()") - start) / 1000)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(e.id for e in entries()))
    parser.add_argument("--moves", type=int, default=30, help="moves per game (default 30)")
    parser.add_argument("--hunts", type=int, default=5, help="winnable deals asked for per game (default 5)")
    parser.add_argument("--out", help="use this build folder instead of building one")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    with tempfile.TemporaryDirectory(prefix="orbit-verdicts-") as tmp:
        site = Path(args.out) if args.out else Path(tmp) / "site"
        if not args.out:
            subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(site)], check=True,
                           capture_output=True)
        results, hunts = [], {}
        with serve(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                          service_workers="block")
            for game_id in games:
                page = context.new_page()
                results.append(verdict_times(page, base, game_id, args.moves))
                page.close()
                page = context.new_page()
                hunts[game_id] = hunt_times(page, base, game_id, args.hunts)
                page.close()
            browser.close()
    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit: the solver in the page, {now:%Y-%m-%d %H:%M} UTC")
    print(f"Chromium {version} (headless), {os.cpu_count()} cores, {platform.system()} {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    print()
    print("| game | moves | move to verdict shown, median / p95 / max s | verdicts | winnable deal: wait median / p95 / max s |")
    print("|---|---|---|---|---|")
    for r in results:
        t, w = [x / 1000 for x in r["times"]], hunts[r["game"]]
        kinds = ", ".join(f"{k}: {n}" for k, n in sorted(r["kinds"].items(), key=lambda kv: -kv[1]))
        times = f"{statistics.median(t):.2f} / {pct(t, 0.95):.2f} / {max(t):.2f}" if t else "-"
        print(f"| {r['game']} | {r['moves']} | {times} | {kinds} | "
              f"{statistics.median(w):.1f} / {pct(w, 0.95):.1f} / {max(w):.1f} |")


if __name__ == "__main__":
    main()
