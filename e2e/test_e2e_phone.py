"""A phone player never squints or guesses, in Chromium. On a 390 x 844 phone
and an 844 x 390 one, every game's cards are at least 44 px wide and the board uses the
room it has; "Larger cards" draws every card larger; the score line shows every count,
whole; Zodiac's pile counts (the "×2" badges) and corner indices never cover a card's
rank and suit. Each is measured with getBoundingClientRect on the built page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from conftest import Orbit
from helpers import find_position
from pyapp.app.controller import Controller, MemoryStorage

VIEWPORTS = {"phone": (390, 844), "landscape": (844, 390)}
LINKS = {"gravity": "#g=gravity&v=1&o=&s=42", "gyre": "#g=gyre&s=42", "square": "#g=square&o=ends&s=5",
         "zodiac": "#g=zodiac&s=2024"}
#: A phone on its side shows Square's grid with rows 0.04 of a card apart (so its cards are 44 px
#: wide): there is no room for them to grow.
NO_ROOM_TO_GROW = {("square", "landscape")}

MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const cards = [...document.querySelectorAll('#board .card')].map(c => [c.dataset.at, ...box(c)]);
  const b = document.querySelector('#board');
  const wrap = box(document.querySelector('#board-wrap'));
  wrap[1] += parseFloat(b.style.top) || 0;  // (the first games' tip takes a strip at the top of the board's room)
  return {cards, board: box(b), wrap,
          grow: parseFloat(b.style.getPropertyValue('--grow')), view: [innerWidth, innerHeight]};
}"""


def open_page(browser: Browser, base: str, viewport: str, link: str, large: bool) -> tuple[Orbit, Page]:
    width, height = {**VIEWPORTS, "laptop": (1280, 800)}[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  reduced_motion="reduce", has_touch=True)
    if large:  # the setting as the page keeps it (pyapp/core/settings.py)
        context.add_init_script("localStorage.setItem('orbit.settings', JSON.stringify(['large']))")
    orbit = Orbit(context.new_page(), base)
    page = orbit.open(link)
    page.wait_for_selector("#board .card", state="attached")
    orbit.idle()
    return orbit, page


@pytest.fixture
def pages(browser: Browser, base_url_orbit: str) -> Iterator[list[Orbit]]:
    opened: list[Orbit] = []
    yield opened
    for orbit in opened:
        orbit.assert_clean()
        orbit.page.context.close()


def measure(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate(MEASURE)
    return result


def each_link(browser: Browser, base: str, viewport: str, links: dict[str, str], large: bool,
              pages: list[Orbit]) -> Iterator[tuple[str, Page]]:
    """Each of ``links`` in turn in one page: the first opened, the others followed in it as a
    player follows a link in an open tab (a start costs a few seconds of the machine)."""
    orbit: Orbit | None = None
    for name, link in links.items():
        if orbit is None:
            orbit, page = open_page(browser, base, viewport, link, large)
            pages.append(orbit)
        else:
            page = orbit.follow(link)
            page.wait_for_selector("#board .card", state="attached")
        game = link.split("g=")[1].split("&")[0]
        assert f"g={game}&" in page.evaluate("location.hash"), (name, page.evaluate("location.hash"))
        yield name, page


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_cards_are_44_px_wide_use_the_room_and_larger_cards_are_larger(
        pages: list[Orbit], browser: Browser, base_url_orbit: str, viewport: str) -> None:
    found = {}
    for large in (False, True):
        for game_id, page in each_link(browser, base_url_orbit, viewport, LINKS, large, pages):
            m = measure(page)
            cards = m["cards"]
            assert isinstance(cards, list) and cards
            found[game_id, large] = min(c[3] - c[1] for c in cards), m
            vw, vh = m["view"]  # type: ignore[misc]
            for _, left, top, right, bottom in cards:  # every card whole on the screen
                assert left >= -0.5 and top >= -0.5 and right <= vw + 0.5 and bottom <= vh + 0.5, (game_id, large)
    for game_id in LINKS:
        cards_are_44_px_wide_and_larger_cards_larger(game_id, viewport, found[game_id, False], found[game_id, True])


def cards_are_44_px_wide_and_larger_cards_larger(game_id: str, viewport: str, plain_found: tuple[float, dict[str, object]],
                                                 large_found: tuple[float, dict[str, object]]) -> None:
    (normal, m), (larger, m_large) = plain_found, large_found
    assert normal >= 44, f"{game_id} on a {viewport}: cards {normal:.1f} px wide"
    # the board fills its room's width or its height
    bx0, by0, bx1, by1 = m["board"]  # type: ignore[misc]
    wx0, wy0, wx1, wy1 = m["wrap"]  # type: ignore[misc]
    assert bx1 - bx0 >= wx1 - wx0 - 1 or by1 - by0 >= wy1 - wy0 - 1, (game_id, m["board"], m["wrap"])
    if (game_id, viewport) in NO_ROOM_TO_GROW:
        assert larger >= normal - 0.01
    else:
        assert larger >= normal * 1.04, f"{game_id} on a {viewport}: {normal:.1f} px, {larger:.1f} px with Larger cards"
        # grown cards keep clear of cards of other piles they did not touch
        plain = {(c[0], i): c[1:] for i, c in enumerate(m["cards"])}  # type: ignore[attr-defined]
        grown = {(c[0], i): c[1:] for i, c in enumerate(m_large["cards"])}  # type: ignore[attr-defined]
        keys = list(plain)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                if a[0] == b[0]:
                    continue
                pa, pb, ga, gb = plain[a], plain[b], grown[a], grown[b]
                if pa[2] <= pb[0] or pb[2] <= pa[0] or pa[3] <= pb[1] or pb[3] <= pa[1]:
                    assert ga[2] <= gb[0] or gb[2] <= ga[0] or ga[3] <= gb[1] or gb[3] <= ga[1], (game_id, a, b)


def expected_counts(link: str, room: tuple[float, float]) -> list[str]:
    """Every count of the score line the page shows for ``link`` (a controller in CPython)."""
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.resize(*room)
    c.start(link)
    view = c.view()
    parts = [view.score, *view.info.split(" · ")] if view.info else [view.score]
    return [p.replace("\u00a0", " ") for p in parts if p]


SCORE_PARTS = """() => {
  const info = document.querySelector('#info').getBoundingClientRect();
  const out = [];
  for (const e of [document.querySelector('#score'), ...document.querySelectorAll('#score > span')]) {
    const r = e.getBoundingClientRect();
    if (!r.width && !r.height) continue;  // a part shown as its children (display: contents)
    out.push({name: e.id || e.className, sw: e.scrollWidth, cw: e.clientWidth, sh: e.scrollHeight, ch: e.clientHeight,
              left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              clamp: getComputedStyle(e).webkitLineClamp, ellipsis: getComputedStyle(e).textOverflow});
  }
  return {info: [info.left, info.top, info.right, info.bottom], parts: out,
          text: document.querySelector('#score').innerText.replace(/\\u00a0/g, ' ')};
}"""

# Square with the longest deal number: the status line beside the score is at its widest
SCORE_LINKS = {**LINKS, "square-long-deal": "#g=square&o=ends&s=18446744073709551615"}


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_score_line_shows_every_count_whole(pages: list[Orbit], browser: Browser, base_url_orbit: str,
                                                 viewport: str) -> None:
    for name, page in each_link(browser, base_url_orbit, viewport, SCORE_LINKS, False, pages):
        room = page.evaluate("() => { const w = document.querySelector('#board-wrap'); return [w.clientWidth, w.clientHeight]; }")
        found = page.evaluate(SCORE_PARTS)
        for count in expected_counts(SCORE_LINKS[name], tuple(room)):
            assert count in found["text"], (name, count, found["text"])
        x0, y0, x1, y1 = found["info"]
        assert found["parts"]
        for part in found["parts"]:
            assert part["sw"] <= part["cw"] and part["sh"] <= part["ch"], (name, part)  # nothing cut off inside it
            assert part["clamp"] in ("none", "") and part["ellipsis"] != "ellipsis", (name, part)
            # and nothing cut off by the lines' box, which hides what overflows it
            assert part["left"] >= x0 - 0.5 and part["right"] <= x1 + 0.5 and part["top"] >= y0 - 0.5 \
                and part["bottom"] <= y1 + 0.5, (name, part, found["info"])


BADGES = """(worst) => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  for (const pile of document.querySelectorAll('#board .pile.zd-z')) {
    const badge = pile.querySelector('.badge');
    const count = Number(pile.dataset.count);
    if (!badge || !count) continue;
    const card = document.querySelector(`#board .card[data-at="${pile.dataset.pile}"][data-index="${count - 1}"]`);
    if (worst) {  // the widest index and count there are: a ten, under a pile of 13
      card.querySelector('.corner').dataset.t = '10\\n♥';
      badge.dataset.t = '×13';
    }
    out.push({pile: pile.dataset.pile, badge: box(badge), corner: box(card.querySelector('.corner')),
              pip: box(card.querySelector('.pip')), card: box(card)});
  }
  return out;
}"""


def apart(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01


@pytest.mark.parametrize("large", [False, True], ids=["normal", "larger-cards"])
def test_zodiac_counts_and_indices_never_cover_rank_and_suit(pages: list[Orbit], browser: Browser, base_url_orbit: str,
                                                            large: bool) -> None:
    """On a phone both ways and a laptop: one page, its window turned and widened in turn."""
    session = find_position("zodiac", "", lambda s: sum(len(p) > 1 for p in s.state.zodiac) >= 3)
    orbit, page = open_page(browser, base_url_orbit, "phone", session.link().fragment(), large)
    pages.append(orbit)
    for viewport, (width, height) in {**VIEWPORTS, "laptop": (1280, 800)}.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        orbit.idle()
        for worst in (False, True):
            found = page.evaluate(BADGES, worst)
            assert len(found) >= 3
            for f in found:
                # the count is clear of the rank and suit at the top left and of the suit at the bottom
                assert apart(f["badge"], f["corner"]) and apart(f["badge"], f["pip"]), (viewport, worst, f)
                # the index is clear of the suit at the bottom, and the count lies on its card
                assert apart(f["corner"], f["pip"]), (viewport, worst, f)
                assert f["badge"][0] >= f["card"][0] - 0.5 and f["badge"][2] <= f["card"][2] + 0.5, (viewport, worst, f)
