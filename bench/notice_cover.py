"""What a notice covers on the page, per game and window size: a long notice (a verdict's words,
with Show me and Keep looking) and a short one ("Winnable from here.", with Show me) are planted
on each game's deal, and every tool, line above the board, button under it and card it overlaps
is listed with the share of it covered (a pile, empty or not, as ``pile-ID``).

    .venv/bin/python bench/notice_cover.py [--dist dist] [--dist OTHER ...] [--sizes 1280x800,1024x768] [--tip]

Each line: ``[build] SIZE GAME long|short at X,Y WxH cards A->B px covers: ID:PERCENT ...`` (``-``:
nothing; ``A->B``: a card's width before the notice and with it, smaller where the board gives the
notice room). With more than one ``--dist``, the builds in turn (old and new side by side). The notice
is planted in the page, which is then made to draw again (a resize), so that the page places it as
it places its own.

``--tip``: the first games' tip instead, as a new player meets it (a fresh page of each game's deal 3,
before its first move; a window under 600 px wide or 500 px high is a phone, with touch): the same line, ``tip`` for
the notice's kind, with how many of its lines show (``0 lines``: the board had no room for it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from startup import serve  # noqa: E402
from webtest import CHROMIUM, FLAGS  # noqa: E402

DEALS = {"gravity": "#g=gravity&s=5", "square": "#g=square&s=6&m=48@D3", "gyre": "#g=gyre&s=5", "zodiac": "#g=zodiac&s=4"}
SIZES = "1280x800,1366x768,1440x900,1536x864,1920x1080,1024x768,1280x1024,1280x720,800x600"
LONG = ("Not sure: after 10,000 positions the search had not finished. The best line it found: a final score "
        "of 55. No line can do better than a final score of 62.")
SHORT = "Winnable from here."
PLANT = """([text, more]) => {
  const n = document.querySelector('#notice'); n.hidden = false; n.classList.remove('error');
  document.querySelector('#notice-text').textContent = text;
  const a = document.querySelector('#notice-action'); a.hidden = false; a.textContent = 'Show me';
  const m = document.querySelector('#notice-more'); m.hidden = !more; m.textContent = 'Keep looking';
  window.dispatchEvent(new Event('resize')); }"""  # (the page draws again, and places the notice as it places its own)
COVERS = """(what) => {
  const n = document.querySelector(what).getBoundingClientRect(); const hit = [];
  const over = r => Math.max(0, Math.min(n.right, r.right) - Math.max(n.left, r.left))
                  * Math.max(0, Math.min(n.bottom, r.bottom) - Math.max(n.top, r.top));
  for (const e of document.querySelectorAll('#tools button, #prompt, #score, #deal, #actions button, #board .card, #board [data-pile]')) {
    const r = e.getBoundingClientRect(); const a = r.width ? over(r) : 0;
    if (a > 0) hit.push((e.id || e.dataset.at || 'pile-' + e.dataset.pile) + ':' + Math.round(100 * a / (r.width * r.height)) + '%'); }
  return [Math.round(n.left), Math.round(n.top), Math.round(n.width), Math.round(n.height), hit.join(' ')]; }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, action="append", help="a build (default dist/; several: in turn)")
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--tip", action="store_true", help="the first games' tip instead of planted notices")
    args = parser.parse_args()
    dists: list[Path] = args.dist or [ROOT / "dist"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for dist in dists:
            named = dist.name if len({d.name for d in dists}) == len(dists) else str(dist)  # (two dist/: their paths)
            label = f"{named} " if len(dists) > 1 else ""
            with serve(dist) as base:
                if args.tip:
                    tips(browser, base, args.sizes, label)
                    continue
                for size in args.sizes.split(","):
                    width, height = (int(v) for v in size.split("x"))
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  service_workers="block", reduced_motion="reduce")
                    page = context.new_page()
                    for game, deal in DEALS.items():
                        page.goto(base + deal)
                        page.reload()  # (a new hash alone opens no new page)
                        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
                        if page.locator("#tip-close").is_visible():  # (a new player's first deal: its tip closed)
                            page.locator("#tip-close").click()
                        card = "document.querySelector('#board .card').getBoundingClientRect().width"
                        for text, more, kind in ((LONG, True, "long"), (SHORT, False, "short")):
                            before = page.evaluate(card)
                            page.evaluate(PLANT, [text, more])
                            page.wait_for_timeout(300)
                            x, y, w, h, hit = page.evaluate(COVERS, '#notice')
                            cards = f"cards {before:.0f}->{page.evaluate(card):.0f} px"
                            print(f"{label}{size} {game:7} {kind:5} at {x},{y} {w}x{h} {cards} covers: {hit or '-'}", flush=True)
                            page.evaluate("() => { document.querySelector('#notice').hidden = true; dispatchEvent(new Event('resize')); }")
                            page.wait_for_timeout(300)
                    context.close()
        browser.close()


def tips(browser: Any, base: str, sizes: str, label: str) -> None:
    """What the first games' tip covers, each game's deal 3 in a fresh page at each size."""
    for size in sizes.split(","):
        width, height = (int(v) for v in size.split("x"))
        for game in DEALS:
            phone = width < 600 or height < 500
            context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                          reduced_motion="reduce", has_touch=phone, is_mobile=phone)
            page = context.new_page()
            page.goto(base + f"#g={game}&s=3")
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
            page.wait_for_timeout(300)
            card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
            x, y, w, h, hit = page.evaluate(COVERS, "#tip")
            shown = page.evaluate("[...document.querySelectorAll('#tip-text p')].filter(p => p.checkVisibility()).length")
            print(f"{label}{size} {game:7} tip   at {x},{y} {w}x{h} ({shown} lines) cards {card:.0f} px covers: {hit or '-'}", flush=True)
            context.close()


if __name__ == "__main__":
    main()
