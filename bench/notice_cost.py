"""What placing a notice costs the page: one draw (a window resize event, which the page handles
at once) timed in Chromium on Zodiac's deal 4, with no notice, with a long notice already placed
(the page finds it placed for the same words, board and window), and with one whose words change
each time (measured and placed again), per build.

    .venv/bin/python bench/notice_cost.py [--dist dist] [--dist OTHER ...] [--draws 40]

Each line: ``BUILD SIZE none|placed|again median X ms p90 Y`` over the draws after the first five.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

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
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for dist in args.dist or [ROOT / "dist"]:
            with serve(dist) as base:
                for width, height in ((390, 844), (1280, 800)):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  service_workers="block", reduced_motion="reduce")
                    page = context.new_page()
                    page.goto(base + "#g=zodiac&s=4")
                    page.reload()
                    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
                    page.wait_for_timeout(1500)  # (the page's first compiling and rehearsal done)
                    for label, text, vary in (("none", None, False), ("placed", LONG, False), ("again", LONG, True)):
                        times = sorted(page.evaluate(TIME, [text, args.draws, vary])[5:])
                        print(f"{dist} {width}x{height} {label:6} median {statistics.median(times):5.2f} ms "
                              f"p90 {times[int(len(times) * 0.9)]:5.2f}", flush=True)
                    context.close()
        browser.close()


if __name__ == "__main__":
    main()
