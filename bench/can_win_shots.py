"""How long "Can I win?" takes in the page, and what the player sees: for each game's deal and
each window (laptop 1280x800, phone 390x844, phone on its side 844x390), a fresh context opens
the deal, presses W, waits for the verdict and takes a screenshot.

    .venv/bin/python bench/can_win_shots.py [--dist dist] [--out /tmp/shots] [--sizes laptop,phone,landscape] [GAME ...]

Each line: the game, the window, the seconds from W to the verdict, and the verdict's words.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from startup import serve  # noqa: E402

DEALS = {"gravity": "#g=gravity&s=5", "square": "#g=square&s=6&m=48@D3", "gyre": "#g=gyre&s=5", "zodiac": "#g=zodiac&s=4"}
SIZES = {"laptop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}
DONE = """() => { const t = document.querySelector('#notice-text').textContent;
                  return t && !t.startsWith('Searching') && !t.startsWith('Looking'); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(DEALS))
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with serve(args.dist) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for game in args.games:
            for name in args.sizes.split(","):
                width, height = SIZES[name]
                phone = name != "laptop"
                context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                              reduced_motion="reduce", has_touch=phone, is_mobile=phone)
                page = context.new_page()
                page.goto(base + DEALS[game])
                page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
                page.keyboard.press("w")
                t0 = time.perf_counter()
                page.wait_for_function(DONE, timeout=120_000)
                took = time.perf_counter() - t0
                print(f"{game} {name} {took:.2f} s: {page.locator('#notice-text').inner_text()}", flush=True)
                page.screenshot(path=str(args.out / f"{game}-{name}.png"))
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
