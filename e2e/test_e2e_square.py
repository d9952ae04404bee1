"""Solitaire Square in Chromium: a free placement by mouse drag with the costs on
the lit cells, a costly placement that asks which cards to discard, a refused
drop that says why, undo bringing discards back, the first game with ``ends``,
a link reopening the same board, the layouts on a laptop and a phone, and a
whole game played by taps on a phone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from conftest import Orbit
import helpers
from helpers import assert_board_matches, assert_same_as_fresh_page, card_locator, pile_locator, play_via_ui
from pyapp.games import get_game, get_view
from pyapp.games.square.rules import greedy_move
from pyapp.app.session import Session
from pyapp.core.table import Gesture, Table

SQUARE = get_game("square")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def square_table(session: Session) -> Table:
    return get_view("square").table(session.state, False, frozenset())


def find_position(options: str, want: Callable[[Session], bool], max_moves: int = 40) -> Session:
    return helpers.find_position("square", options, want, max_moves, seeds=200, stride=(5, 3))


def open_session(orbit: Orbit, session: Session) -> None:
    orbit.open(session.link().fragment())
    assert_board_matches(orbit.page, session)


def hash_of(page: Page) -> str:
    return str(page.evaluate("location.hash"))


def lit_notes(page: Page) -> dict[str, str]:
    result: dict[str, str] = page.eval_on_selector_all(
        "#board .pile.lit", "ps => Object.fromEntries(ps.map(p => [p.dataset.pile, p.querySelector('.pile-note').dataset.t]))")
    return result


def costly(session: Session, least: int = 1) -> bool:
    t = square_table(session)
    return any(g.pick and g.pick.count >= least for g in t.gestures) and any(g.note == "free" for g in t.gestures)


def test_free_placement_by_mouse_drag_lights_the_cells_with_their_costs(orbit: Orbit) -> None:
    session = find_position("ends", lambda s: len(s.moves) >= 3 and costly(s))
    open_session(orbit, session)
    page = orbit.page
    t = square_table(session)
    free = next(g for g in t.gestures if g.note == "free" and any(h.pick for h in t.gestures if h.source == g.source))
    assert free.source is not None and free.target is not None
    expected = {target: g.note for target, g in t.moves_from(free.source).items()}
    assert "free" in expected.values() and any(n.startswith("cost ") for n in expected.values())
    source = card_locator(page, *free.source)
    box = source.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 15, box["y"] - 20, steps=4)
    assert lit_notes(page) == expected
    target = pile_locator(page, free.target).bounding_box()
    assert target
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    orbit.idle()
    session = session.played(free.token)
    assert hash_of(page) == session.link().fragment()
    assert_board_matches(page, session)
    expect(page.locator("#score")).to_contain_text(f"Cells {session.state.filled}/36")
    assert lit_notes(page) == {}
    orbit.assert_clean()


def test_a_costly_placement_asks_for_the_discards_and_undo_brings_them_back(orbit: Orbit) -> None:
    session = find_position("", lambda s: len(s.moves) >= 4 and costly(s, least=2))
    open_session(orbit, session)
    page = orbit.page
    before = Session.from_link(session.link())
    t = square_table(session)
    g: Gesture = next(x for x in t.gestures if x.pick and x.pick.count >= 2)
    assert g.source is not None and g.target is not None and g.pick is not None
    orbit.drag(card_locator(page, *g.source), pile_locator(page, g.target))
    # nothing is played yet: the prompt asks for the discards and Confirm waits for them
    assert hash_of(page) == session.link().fragment()
    expect(page.locator("#prompt")).to_have_text(g.pick.prompt)
    confirm = page.locator("#act-pick-confirm")
    expect(confirm).to_be_disabled()
    expect(page.locator("#board .card.choice")).to_have_count(len(g.pick.places))
    # the note is drawn by CSS from data-t: a cell's spoken name carries it for screen readers
    expect(pile_locator(page, g.target).locator(".pile-note")).to_have_attribute("data-t", g.note)
    picked, token = g.pick.options[-1]
    for k, place in enumerate(picked):
        card_locator(page, *place).click()
        if k < len(picked) - 1:
            expect(confirm).to_be_disabled()
    expect(page.locator("#board .card.picked")).to_have_count(len(picked))
    expect(confirm).to_be_enabled()
    confirm.click()
    orbit.idle()
    hand = session.state.hand
    discarded = [str(hand[j]) for _, j in picked]
    session = session.played(token)
    assert hash_of(page) == session.link().fragment()
    assert_board_matches(page, session)
    for code in discarded:
        expect(page.locator(f'#board .card[data-card="{code}"]')).to_have_attribute("data-at", "X")
    expect(page.locator("#score")).to_contain_text(f"Discards {len(session.state.discards)}")
    # undo: the discarded cards are back in the hand
    page.locator("#undo").click()
    orbit.idle()
    assert hash_of(page) == before.link().fragment()
    assert_board_matches(page, before)
    for code in discarded:
        expect(page.locator(f'#board .card[data-card="{code}"]')).to_have_attribute("data-at", "H")
    # Cancel puts the held card back and plays nothing
    orbit.drag(card_locator(page, *g.source), pile_locator(page, g.target))
    expect(page.locator("#act-pick-cancel")).to_be_visible()
    page.locator("#act-pick-cancel").click()
    expect(page.locator("#act-pick-confirm")).to_have_count(0)
    assert hash_of(page) == before.link().fragment()
    orbit.assert_clean()


def test_an_illegal_cell_refuses_the_drop_and_says_why(orbit: Orbit) -> None:
    session = Session.new(SQUARE, 1, "ends")  # hand 11 27 38 61 74; 1 in A1, 80 in F6
    open_session(orbit, session)
    page = orbit.page
    t = square_table(session)
    reason = t.refusal(("H", 0), "B1")
    assert reason == "Cost 10 (11 beside 1 in A1): 5 or more is not allowed"
    orbit.drag(card_locator(page, "H", 0), pile_locator(page, "B1"))
    expect(page.locator("#notice-text")).to_have_text(reason)
    assert hash_of(page) == session.link().fragment()
    assert_board_matches(page, session)
    # an order refusal, after a free placement by taps
    page.locator("#notice-close").click()
    card_locator(page, "H", 0).click()
    pile_locator(page, "C1").click(force=True)
    orbit.idle()
    session = session.played("11@C1")
    assert hash_of(page) == session.link().fragment()
    j = session.state.hand.index(27)
    orbit.drag(card_locator(page, "H", j), pile_locator(page, "B1"))
    expect(page.locator("#notice-text")).to_have_text("Out of order: B1 needs a number above 1 (in A1) and below 11 (in C1)")
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_the_first_game_starts_with_1_and_80_in_the_corners(orbit: Orbit) -> None:
    page = orbit.open()
    tile = page.locator('.tile[data-game="square"]')
    expect(tile).to_be_enabled()
    expect(tile).not_to_contain_text("Coming soon")
    tile.click()
    expect(page.locator("#game")).to_be_visible()
    assert hash_of(page).startswith("#g=square&v=1&o=ends&s=")
    expect(card_locator(page, "A1", 0)).to_have_attribute("data-card", "1")
    expect(card_locator(page, "F6", 0)).to_have_attribute("data-card", "80")
    session = assert_board_matches(page)
    assert session.state.grid[0] == 1 and session.state.grid[35] == 80 and len(session.state.deck) == 73
    expect(page.locator("#score")).to_have_text("Cells 2/36 · Deck 73 · Discards 0")
    # the rules panel is Square's
    page.locator("#help").click()
    expect(page.locator("#rules-body")).to_contain_text("reading order")
    orbit.assert_clean()


def test_a_link_reopens_the_same_deal_and_board(orbit: Orbit) -> None:
    session = Session.new(SQUARE, 12345, "wrap")
    open_session(orbit, session)
    page = orbit.page
    for _ in range(4):
        token = greedy_move(session.state)
        play_via_ui(orbit, session, token, how="drag")
        session = session.played(token)
        assert hash_of(page) == session.link().fragment()
    assert_board_matches(page, session)
    fresh = page.context.new_page()
    assert_same_as_fresh_page(page, fresh, orbit.base)
    assert hash_of(fresh) == session.link().fragment()
    assert_board_matches(fresh, session)
    fresh.close()
    orbit.assert_clean()


BOX = """() => { const out = {}; for (const e of document.querySelectorAll('#board .pile, #board .card')) {
  const r = e.getBoundingClientRect(); out[(e.dataset.pile || ('card ' + e.dataset.at + e.dataset.index))] = [r.left, r.top, r.right, r.bottom]; }
  return {boxes: out, scroll: [document.documentElement.scrollWidth, innerWidth],
          unit: parseFloat(getComputedStyle(document.querySelector('#board')).getPropertyValue('--u'))}; }"""


def fits(page: Page, width: int, height: int) -> dict[str, Any]:
    """The grid and the hand are on screen with no sideways scrolling."""
    seen: dict[str, Any] = page.evaluate(BOX)
    assert seen["scroll"][0] <= seen["scroll"][1] == width
    for key, (x0, y0, x1, y1) in seen["boxes"].items():
        assert -0.5 <= x0 and x1 <= width + 0.5 and y1 <= height + 0.5, (key, x0, y0, x1, y1)
    return seen


def test_the_layouts_fit_a_laptop_and_a_phone_both_ways(browser: Browser, base_url_orbit: str) -> None:
    session = find_position("ends", lambda s: len(s.moves) >= 8 and costly(s))
    least = {(1280, 800): 65.0, (390, 844): 48.0, (844, 390): 24.0}
    for (width, height), unit in least.items():
        context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                      reduced_motion="reduce", has_touch=width < 900, is_mobile=width < 900)
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        open_session(orbit, session)
        portrait = height > width
        cells = page.eval_on_selector_all("#board .pile[data-pile='A1'], #board .pile[data-pile='F6'], #board .pile[data-pile='H']",
                                          "ps => ps.map(p => p.getBoundingClientRect().toJSON())")
        a1, f6, hand = cells
        assert (hand["top"] > f6["top"]) == portrait and (hand["left"] > f6["left"]) == (not portrait)
        assert fits(page, width, height)["unit"] >= unit
        # in the middle of a discard pick (Confirm and Cancel showing), everything still fits
        t = square_table(session)
        g = next(x for x in t.gestures if x.pick)
        assert g.source is not None and g.target is not None
        card_locator(page, *g.source).click()
        pile_locator(page, g.target).click(force=True)
        expect(page.locator("#act-pick-confirm")).to_be_visible()
        fits(page, width, height)
        assert orbit.errors == [] and orbit.off_origin == []
        context.close()


def tap_move(orbit: Orbit, session: Session, token: str) -> None:
    """Play ``token`` with finger taps: the hand card, the cell, then the discards and Confirm."""
    page = orbit.page
    t = square_table(session)
    gesture = next((g for g in t.gestures if g.token == token), None)
    picked: tuple[tuple[str, int], ...] = ()
    if gesture is None:
        gesture, picked = next((g, cards) for g in t.gestures if g.pick for cards, tok in g.pick.options if tok == token)
    assert gesture.source is not None and gesture.target is not None
    card_locator(page, *gesture.source).tap()
    pile_locator(page, gesture.target).tap(force=True)
    if gesture.pick is not None:
        expect(page.locator("#act-pick-confirm")).to_be_disabled()
        for place in picked:
            card_locator(page, *place).tap()
        page.locator("#act-pick-confirm").tap()
    orbit.idle()


def test_a_whole_game_by_taps_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    orbit = Orbit(page, base_url_orbit)
    session = Session.new(SQUARE, 2, "ends")  # the greedy player wins this deal in 34 moves
    open_session(orbit, session)
    picks = 0
    while session.legal_moves():
        token = greedy_move(session.state)
        picks += any(g.pick for g in square_table(session).gestures
                     if g.pick and any(tok == token for _, tok in g.pick.options))
        tap_move(orbit, session, token)
        session = session.played(token)
        page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
        if len(session.moves) % 8 == 0:
            assert_board_matches(page, session)
            fits(page, 390, 844)
        if len(session.moves) % 17 == 0:
            # a fresh page on the link shows the same board (a page of its own, closed at once:
            # a page left in the background slows the game page's waits)
            fresh = context.new_page()
            assert_same_as_fresh_page(page, fresh, orbit.base)
            fresh.close()
            page.bring_to_front()
    assert session.status() == "won" and picks >= 10
    assert_board_matches(page, session)
    page.wait_for_selector("#summary[open]")
    body = page.locator("#summary-body")
    expect(body.locator("h2")).to_have_text("You won: all 36 cells are filled.")
    left = len(session.state.hand) + len(session.state.deck)
    expect(body).to_contain_text(f"Cards left (hand and deck): {left}")
    expect(body).to_contain_text(f"Placed by you: 34 (1 and 80 started on the board)")
    expect(body.locator(".big")).to_have_text("Cells 36/36")
    assert page.locator("#board").get_attribute("data-status") == "won"
    assert orbit.errors == [] and orbit.off_origin == []
    context.close()


#: Each hand card's numbers (the big one in its middle and the small one in its corner) that a card
#: painted over it covers: that card's box, moved as drawn and grown by its outer rings and glow
#: (a ring or glow over a number hides it as much as the card does; a light dark drop shadow does not).
HAND_NUMBERS_COVERED = """() => {
  const hand = [...document.querySelectorAll('#board .card[data-at="H"]')];
  const ctx = document.createElement('canvas').getContext('2d');
  const outer = c => {
    const s = getComputedStyle(c).boxShadow;
    if (s === 'none') return 0;
    let most = 0;
    for (const part of s.split(/,(?![^(]*\\))/)) {
      if (part.includes('inset')) continue;
      const [r, g, b, alpha = 1] = (part.match(/rgba?\\(([^)]*)\\)/) || ['', '0,0,0'])[1].split(',').map(parseFloat);
      if (Math.max(r, g, b) < 60 && alpha <= .5) continue;  // a drop shadow darkens what it falls on, hides nothing
      const [x = 0, y = 0, blur = 0, spread = 0] = part.replace(/rgba?\\([^)]*\\)/, '').trim().split(/\\s+/).map(parseFloat);
      most = Math.max(most, spread + blur + Math.max(Math.abs(x), Math.abs(y)));
    }
    return most;
  };
  const text = el => {  // the box of the words drawn by ::before, centred or at the left as the style says
    const b = getComputedStyle(el, '::before'), r = el.getBoundingClientRect();
    ctx.font = `${b.fontStyle} ${b.fontWeight} ${b.fontSize} ${b.fontFamily}`;
    ctx.letterSpacing = b.letterSpacing;
    const w = ctx.measureText(el.dataset.t).width, centred = getComputedStyle(el).textAlign === 'center';
    const left = centred ? r.left + (r.width - w) / 2 : r.left;
    return [left, r.top, left + w, r.bottom];
  };
  const z = c => parseInt(getComputedStyle(c).zIndex) || 0;
  const bad = [];
  hand.forEach((below, i) => {
    for (const part of below.querySelectorAll('.pip, .corner')) {
      if (!part.checkVisibility() || !part.dataset.t) continue;
      const [l, t, r, btm] = text(part);
      hand.forEach((above, j) => {
        if (j === i || !(z(above) > z(below) || (z(above) === z(below) && j > i))) return;
        const a = above.getBoundingClientRect(), e = outer(above);
        if (a.left - e < r - 1 && l + 1 < a.right + e && a.top - e < btm - 1 && t + 1 < a.bottom + e)
          bad.push(below.dataset.card + ' ' + part.className + ' under ' + above.dataset.card + ' (' + above.className + ')');
      });
    }
  });
  return bad;
}"""


def test_every_hand_card_keeps_its_number_readable_while_another_is_picked_up(browser: Browser, base_url_orbit: str) -> None:
    """Square's fanned hand on a phone, upright and on its side: no card's number is hidden by
    another card, as dealt, with a card taken up to place and with each card picked to discard."""
    for width, height in ((390, 844), (844, 390)):
        context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                      reduced_motion="reduce", has_touch=True, is_mobile=True)
        orbit = Orbit(context.new_page(), base_url_orbit)
        try:
            session = find_position("", lambda s: len(s.state.hand) >= 5 and costly(s))
            open_session(orbit, session)
            page = orbit.page
            assert page.evaluate(HAND_NUMBERS_COVERED) == [], (width, "as dealt")
            t = square_table(session)
            g = next(x for x in t.gestures if x.pick and x.pick.count >= 1)
            assert g.source is not None and g.target is not None and g.pick is not None
            card_locator(page, *g.source).tap()  # taken up: its targets light up
            orbit.idle()
            assert page.evaluate(HAND_NUMBERS_COVERED) == [], (width, "one taken up")
            pile_locator(page, g.target).tap(force=True)  # a costly place: the cards to discard light up
            orbit.idle()
            expect(page.locator("#board .card.choice").first).to_be_visible()
            assert page.evaluate(HAND_NUMBERS_COVERED) == [], (width, "cards to pick")
            for place in sorted({p for picked, _token in g.pick.options for p in picked}):
                card_locator(page, *place).tap()  # picked: raised and ringed
                orbit.idle()
                expect(page.locator("#board .card.picked")).to_have_count(1)
                assert page.evaluate(HAND_NUMBERS_COVERED) == [], (width, place)
                page.screenshot(path=str(ARTIFACTS / f"square-picked-{width}x{height}.png"))
                card_locator(page, *place).tap()  # put back
                orbit.idle()
                expect(page.locator("#board .card.picked")).to_have_count(0)
            orbit.assert_clean()
        finally:
            context.close()
