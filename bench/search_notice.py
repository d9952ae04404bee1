"""What the page does when "Can I win?" is asked on a phone: the notice's words and the board's
place and card width, each time they change, from the ask to the verdict, in Chromium at 390x844
(a MutationObserver on the board's style and on the notice's words).

    .venv/bin/python bench/search_notice.py [--dist dist] LINK...

For example ``"#g=square&s=6" "#g=zodiac&s=4"``. Each line: ``LINK board|notice MS ...`` with the
milliseconds since the first change: for the board its ``top`` and a card's width, for the notice
the start of its words. A verdict found in a few slices shows no "Searching…" and moves no board.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from startup import serve  # noqa: E402
from webtest import CHROMIUM, FLAGS  # noqa: E402

WATCH = """() => { window.orbitLog = []; const b = document.querySelector('#board');
  const n = document.querySelector('#notice-text'); const card = () => b.querySelector('.card');
  new MutationObserver(() => orbitLog.push(['board', performance.now(), b.style.top,
      card() && Math.round(card().getBoundingClientRect().width * 10) / 10]))
    .observe(b, {attributes: true, attributeFilter: ['style']});
  new MutationObserver(() => orbitLog.push(['notice', performance.now(), n.textContent.slice(0, 30)]))
    .observe(n, {childList: true, characterData: true, subtree: true}); }"""
SETTLED = """() => { const t = document.querySelector('#notice-text').textContent;
  return t && !t.startsWith('Searching'); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("links", nargs="+")
    args = parser.parse_args()
    with sync_playwright() as pw, serve(args.dist) as base:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for link in args.links:
            context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                          has_touch=True)
            page = context.new_page()
            page.goto(base + link)
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
            page.wait_for_timeout(1500)  # (the page's first compiling and rehearsal done)
            page.evaluate(WATCH)
            page.locator("#more").tap()
            page.locator("#verdict").tap()
            page.wait_for_function(SETTLED, timeout=120_000)
            page.wait_for_timeout(500)
            first = None
            for kind, at, *what in page.evaluate("orbitLog"):
                first = at if first is None else first
                print(link, kind, round(at - first), *what, flush=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
