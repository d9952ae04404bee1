"""What placing a notice costs the page: one draw (a window resize event, which the page handles
at once) timed in Chromium on Zodiac's deal 4, with no notice, with a long notice already placed
(the page finds it placed for the same words, board and window), and with one whose words change
each time (measured and placed again), per build.

    .venv/bin/python bench/notice_cost.py [--dist dist] [--dist OTHER ...] [--draws 40] [--tip]

Each line: ``BUILD SIZE none|placed|again median X ms p90 Y`` over the draws after the first five.

``--tip``: the first games' tip instead, on Gravity's deal 3 in a fresh page (a new player's): a tap on
a card picks it up and the next puts it down, each a draw whose board differs from the last, so the
tip is placed again; the page's own measure of the pointer-up handler (``orbit-input``) with the tip
shown (``tip``) and after it is closed (``closed``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from notice_cover import LONG  # noqa: E402
from startup import serve  # noqa: E402
from webtest import CHROMIUM, FLAGS  # noqa: E402

TIME = """([text, n, vary]) => { const out = [];
  const words = document.querySelector('#notice-text');
  for (let i = 0; i < n; i++) {
    if (text !== null) { document.querySelector('#notice').hidden = false; words.textContent = vary ? text + ' ' + i : text; }
    const t = performance.now(); dispatchEvent(new Event('resize')); out.push(performance.now() - t); }
  return out; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, action="append", help="a build (default dist/; several: in turn)")
    parser.add_argument("--draws", type=int, default=40)
    parser.add_argument("--tip", action="store_true", help="taps with the first games' tip shown, then closed")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for dist in args.dist or [ROOT / "dist"]:
            with serve(dist) as base:
                for width, height in ((390, 844), (1280, 800)):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  service_workers="block", reduced_motion="reduce")
                    page = context.new_page()
                    if args.tip:
                        tip_taps(page, base, args.draws, f"{dist} {width}x{height}")
                        context.close()
                        continue
                    page.goto(base + "#g=zodiac&s=4")
                    page.reload()
                    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
                    page.wait_for_timeout(1500)  # (the page's first compiling and rehearsal done)
                    if page.locator("#tip-close").is_visible():  # (a new player's first deal: its tip closed)
                        page.locator("#tip-close").click()
                    for label, text, vary in (("none", None, False), ("placed", LONG, False), ("again", LONG, True)):
                        times = sorted(page.evaluate(TIME, [text, args.draws, vary])[5:])
                        print(f"{dist} {width}x{height} {label:6} median {statistics.median(times):5.2f} ms "
                              f"p90 {times[int(len(times) * 0.9)]:5.2f}", flush=True)
                    context.close()
        browser.close()


def tip_taps(page: Any, base: str, draws: int, label: str) -> None:
    """Taps on a card, with the tip shown and then closed (see the module doc)."""
    page.goto(base + "#g=gravity&s=3")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.wait_for_timeout(1500)
    for name in ("tip", "closed"):
        if name == "closed" and not page.locator("#tip-close").count():  # (a build before it could be closed)
            break
        if name == "closed":
            page.locator("#tip-close").click()
        assert page.locator("#tip").is_visible() == (name == "tip")
        page.evaluate("performance.clearMeasures('orbit-input')")
        card = page.locator("#board .card").nth(12)
        for _ in range(draws):
            card.click()
            page.wait_for_timeout(30)
        times = sorted(page.evaluate("performance.getEntriesByName('orbit-input').map(e => e.duration)")[5:])
        print(f"{label} {name:6} median {statistics.median(times):5.2f} ms p90 {times[int(len(times) * 0.9)]:5.2f}"
              f" ({len(times)} taps)", flush=True)


if __name__ == "__main__":
    main()
