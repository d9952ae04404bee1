"""Zodiac in Chromium: the stock (draw and redeal), drags from the waste to the
zodiac and the equator, refused drops, the phase change, the two-foundation
choice, Auto-finish to a win, a dead end, links, peeking and the phone layouts.

Positions are links (seed + moves) built with the engine's greedy player, so
each one is reached by play."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from conftest import Orbit
from helpers import assert_board_matches, assert_same_as_fresh, assert_same_as_fresh_page, card_locator, pile_locator, play_via_ui
from pyapp.games.zodiac.rules import (
    EQUATOR_IDS,
    NO_OPTIONS,
    ZODIAC,
    ZODIAC_IDS,
    ZodiacState,
    auto_finish_move,
    auto_target,
    foundation_choices,
    greedy_move,
    pile_cards,
)
from pyapp.app.session import Session
from pyapp.core.table import standard_face
from pyapp.games.zodiac.table import PROMPT_DEAD_END, PROMPT_PHASE2_START, WHY_CLOSED, WHY_PHASE2, short, table

#: A deal the engine's greedy player wins; another it takes to a phase-1 dead end.
WIN_SEED = 1186
DEAD_SEED = 12


def greedy_game(seed: int) -> tuple[list[str], list[ZodiacState]]:
    state = ZODIAC.deal(seed, NO_OPTIONS)
    moves: list[str] = []
    states = [state]
    while ZODIAC.legal_moves(state):
        token = greedy_move(state)
        moves.append(token)
        state = ZODIAC.apply(state, token)
        states.append(state)
    return moves, states


def link(seed: int, moves: list[str]) -> str:
    return f"#g=zodiac&v=1&o=&s={seed}" + (("&m=" + ".".join(moves)) if moves else "")


def session_at(seed: int, moves: list[str]) -> Session:
    session = Session.new(ZODIAC, seed)
    for token in moves:
        session = session.played(token)
    return session


def open_at(orbit: Orbit, seed: int, moves: list[str]) -> Session:
    session = session_at(seed, moves)
    orbit.open(link(seed, moves))
    assert orbit.page.evaluate("location.hash") == link(seed, moves)
    assert_board_matches(orbit.page, session)
    return session


def first_state(seed: int, want: Any) -> tuple[list[str], ZodiacState]:
    """The greedy game's first position where ``want(state)`` holds."""
    moves, states = greedy_game(seed)
    n = next(i for i, s in enumerate(states) if want(s))
    return moves[:n], states[n]


def top_card(page: Page, pile: str, state: ZodiacState) -> Any:
    return card_locator(page, pile, len(pile_cards(state, pile)) - 1)


def target_of(page: Page, pile: str, state: ZodiacState) -> Any:
    """Where to drop on a pile: its top card, or the place when it is empty."""
    return top_card(page, pile, state) if pile_cards(state, pile) else pile_locator(page, pile)


def settled(page: Page, node: Any) -> dict[str, float]:
    """The box of ``node`` once it has stopped moving (a card refused a drop glides back)."""
    last = None
    for _ in range(50):
        box = node.bounding_box()
        if box is not None and box == last:
            return dict(box)
        last = box
        page.wait_for_timeout(60)
    raise AssertionError("still moving")


def drag_and_look(orbit: Orbit, source: Any, target: Any) -> set[str]:
    """A real mouse drag; returns the piles lit while the card is held."""
    page = orbit.page
    a, b = settled(page, source), settled(page, target)
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 + 12, steps=3)
    # the page may take the moves at its next frame: read the lit piles once the card is held
    page.wait_for_selector("#board .card.dragging", state="attached")
    lit = set(page.eval_on_selector_all("#board .pile.lit", "ps => ps.map(p => p.dataset.pile)"))
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    orbit.idle()
    return lit


def expect_hash(page: Page, fragment: str) -> None:
    page.wait_for_function("t => location.hash === t", arg=fragment)


# -- the stock ---------------------------------------------------------------------------------


def test_stock_clicks_draw_and_the_empty_stock_turns_the_waste_over(orbit: Orbit) -> None:
    page = orbit.page
    session = open_at(orbit, 2024, [])
    expect(page.locator('#board .card[data-at="S"]')).to_have_count(72)
    expect(page.locator('#board .card[data-at="S"][data-card]')).to_have_count(0)  # face down, codes unknown
    expect(page.locator("#score")).to_have_text("Foundations 0/104 · Phase 1 · Stock 72 · Waste 0")
    card_locator(page, "S", 71).click()
    session = session.played("S")
    expect_hash(page, link(2024, ["S"]))
    assert_board_matches(page, session)
    expect(page.locator('#board .card[data-at="W"]')).to_have_attribute("data-card", session.state.waste[-1].code)
    # near the end of the stock: two more clicks empty it, a click on the empty stock redeals
    session = open_at(orbit, 2024, ["S"] * 70)
    for n in (1, 0):
        card_locator(page, "S", n).click()
        orbit.idle()
        session = session.played("S")
    expect_hash(page, link(2024, ["S"] * 72))
    expect(page.locator('#board .card[data-at="S"]')).to_have_count(0)
    expect(page.locator("#prompt")).to_contain_text("the stock is empty")
    expect(page.locator("#score")).to_contain_text("Stock 0 · Waste 72")
    expect(pile_locator(page, "S")).to_have_class(re.compile(r"\bzd-redeal\b"))
    pile_locator(page, "S").click()
    session = session.played("S")
    expect_hash(page, link(2024, ["S"] * 73))
    assert_board_matches(page, session)
    expect(page.locator("#score")).to_contain_text("Stock 72 · Waste 0")
    assert session.state.stock == ZODIAC.deal(2024, NO_OPTIONS).stock  # the same order again
    orbit.assert_clean()


# -- drags --------------------------------------------------------------------------------------


def test_waste_to_zodiac_drag_lights_the_targets(orbit: Orbit) -> None:
    moves, state = first_state(WIN_SEED, lambda s: sum(m.startswith("W-Z") for m in ZODIAC.legal_moves(s)) >= 1
                                and len(s.stock) < 60)
    session = open_at(orbit, WIN_SEED, moves)
    page = orbit.page
    token = [m for m in ZODIAC.legal_moves(state) if m.startswith("W-Z")][-1]
    target = token[2:]
    lit = drag_and_look(orbit, top_card(page, "W", state), target_of(page, target, state))
    assert lit == set(table(state, False, frozenset()).targets(("W", len(state.waste) - 1)))
    assert target in lit
    session = session.played(token)
    expect_hash(page, link(WIN_SEED, [*moves, token]))
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_waste_to_equator_drag(orbit: Orbit) -> None:
    moves, state = first_state(WIN_SEED, lambda s: sum(m.startswith("W-E") for m in ZODIAC.legal_moves(s)) >= 2)
    session = open_at(orbit, WIN_SEED, moves)
    page = orbit.page
    token = [m for m in ZODIAC.legal_moves(state) if m.startswith("W-E")][-1]  # not where a tap would go
    assert auto_target(state, "W") != token[2:]
    lit = drag_and_look(orbit, top_card(page, "W", state), pile_locator(page, token[2:]))
    assert token[2:] in lit
    session = session.played(token)
    expect_hash(page, link(WIN_SEED, [*moves, token]))
    assert_board_matches(page, session)
    expect(card_locator(page, token[2:], 0)).to_have_attribute("data-card", state.waste[-1].code)
    orbit.assert_clean()


def test_refused_drops_say_why(orbit: Orbit) -> None:
    page = orbit.page
    # phase 2: a zodiac card dropped on another zodiac pile
    moves, state = first_state(WIN_SEED, lambda s: s.phase == 2 and any(m.startswith("Z") for m in ZODIAC.legal_moves(s)))
    open_at(orbit, WIN_SEED, moves)
    source = next(m for m in ZODIAC.legal_moves(state) if m.startswith("Z")).split("-")[0]
    other = next(z for z in ZODIAC_IDS if z != source and pile_cards(state, z))
    drag_and_look(orbit, top_card(page, source, state), top_card(page, other, state))
    expect(page.locator("#notice-text")).to_have_text(WHY_PHASE2)
    assert page.evaluate("location.hash") == link(WIN_SEED, moves)
    # phase 1: an equator card on a zodiac pile that does not take it, and on a foundation
    moves, state = first_state(WIN_SEED, lambda s: s.phase == 1 and any(m.startswith("E") for m in ZODIAC.legal_moves(s)))
    open_at(orbit, WIN_SEED, moves)
    cell = next(m for m in ZODIAC.legal_moves(state) if m.startswith("E")).split("-")[0]
    card = pile_cards(state, cell)[-1]
    wrong = next(z for z in ZODIAC_IDS if f"{cell}-{z}" not in ZODIAC.legal_moves(state)
                 and state.zodiac[int(z[1:])][-1].suit != card.suit)
    drag_and_look(orbit, top_card(page, cell, state), top_card(page, wrong, state))
    top = state.zodiac[int(wrong[1:])][-1]
    expect(page.locator("#notice-text")).to_have_text(
        f"{short(card)} does not fit on {short(top)}: the zodiac builds by suit, one rank up or down")
    drag_and_look(orbit, top_card(page, cell, state), pile_locator(page, "FuS"))
    expect(page.locator("#notice-text")).to_have_text(WHY_CLOSED)
    assert page.evaluate("location.hash") == link(WIN_SEED, moves)
    orbit.assert_clean()


# -- phase 2 -----------------------------------------------------------------------------------


def test_the_phase_change(orbit: Orbit) -> None:
    moves, states = greedy_game(WIN_SEED)
    p2 = next(i for i, s in enumerate(states) if s.phase == 2)
    session = open_at(orbit, WIN_SEED, moves[: p2 - 1])
    page = orbit.page
    expect(page.locator("#board .decor.zd-p2")).to_have_count(0)
    expect(page.locator("#score")).to_contain_text("Phase 1 · Stock 0 · Waste 1")
    play_via_ui(orbit, session, moves[p2 - 1], how="drag")
    session = session.played(moves[p2 - 1])
    expect_hash(page, link(WIN_SEED, moves[:p2]))
    expect(page.locator("#prompt")).to_have_text(PROMPT_PHASE2_START)
    expect(page.locator("#score")).to_have_text("Foundations 0/104 · Phase 2")
    expect(page.locator("#board .decor.zd-p2")).to_have_count(2)
    expect(page.locator("#board .pile.zd-open")).to_have_count(8)
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_a_card_fitting_both_foundations_goes_where_it_is_dragged(orbit: Orbit) -> None:
    moves, states = greedy_game(1)
    p2 = next(i for i, s in enumerate(states) if s.phase == 2)
    moves, state = moves[:p2], states[p2]
    while not any(len(foundation_choices(state, p)) == 2 for p in EQUATOR_IDS + ZODIAC_IDS):
        token = ZODIAC.legal_moves(state)[0]
        moves.append(token)
        state = ZODIAC.apply(state, token)
    pid = next(p for p in EQUATOR_IDS + ZODIAC_IDS if len(foundation_choices(state, p)) == 2)
    fu, fd = foundation_choices(state, pid)
    session = open_at(orbit, 1, moves)
    page = orbit.page
    lit = drag_and_look(orbit, top_card(page, pid, state), target_of(page, fd, state))
    assert {fu, fd} <= lit
    session = session.played(f"{pid}-{fd}")
    expect_hash(page, link(1, [*moves, f"{pid}-{fd}"]))
    assert_board_matches(page, session)
    # undo, then a tap sends it up
    page.locator("#undo").click()
    expect_hash(page, link(1, moves))
    orbit.idle()
    top_card(page, pid, state).click()
    expect_hash(page, link(1, [*moves, f"{pid}-{fu}"]))
    orbit.assert_clean()


def test_auto_finish_to_the_win(orbit: Orbit) -> None:
    moves, states = greedy_game(WIN_SEED)
    assert ZODIAC.status(states[-1]) == "won"
    page = orbit.page
    # one step from winning
    open_at(orbit, WIN_SEED, moves[:-1])
    button = page.locator("#act-autofinish")
    expect(button).to_be_enabled()
    button.click()
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-body")).to_contain_text("You won!")
    expect(page.locator("#summary-body")).to_contain_text("Foundations 104/104")
    assert page.locator("#board").get_attribute("data-status") == "won"
    expect_hash(page, link(WIN_SEED, moves))
    # from the first position where it is offered: it plays every move left
    first = next(i for i, s in enumerate(states) if auto_finish_move(s) is not None)
    assert len(moves) - first >= 5
    page.goto("about:blank")
    open_at(orbit, WIN_SEED, moves[:first])
    expect(page.locator("#prompt")).to_contain_text("Auto-finish")
    page.locator("#act-autofinish").click()
    expect(page.locator("#summary")).to_be_visible(timeout=30_000)
    expect_hash(page, link(WIN_SEED, moves))
    assert_board_matches(page, session_at(WIN_SEED, moves))
    # before phase 2 it is disabled and says why
    page.locator("#summary-close").click()
    page.goto("about:blank")
    open_at(orbit, WIN_SEED, moves[:10])
    expect(page.locator("#act-autofinish")).to_be_disabled()
    expect(page.locator("#act-autofinish")).to_have_attribute("title", "Auto-finish comes in phase 2, once every stock card is placed")
    orbit.assert_clean()


# -- the end, links, peeking -----------------------------------------------------------------------


def test_a_dead_end_is_announced_and_undone(orbit: Orbit) -> None:
    moves, states = greedy_game(DEAD_SEED)
    assert ZODIAC.status(states[-1]) == "lost" and states[-1].phase == 1
    session = open_at(orbit, DEAD_SEED, moves[:-1])
    page = orbit.page
    play_via_ui(orbit, session, moves[-1], how="tap")
    session = session.played(moves[-1])
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-body")).to_contain_text("Dead end: the game cannot go on.")
    expect(page.locator("#prompt")).to_have_text(PROMPT_DEAD_END)
    assert page.locator("#board").get_attribute("data-status") == "lost"
    assert_board_matches(page, session)
    page.locator("#summary-undo").click()
    expect_hash(page, link(DEAD_SEED, moves[:-1]))
    orbit.idle()
    assert page.locator("#board").get_attribute("data-status") == "playing"
    orbit.assert_clean()


def test_a_link_reopens_the_same_deal_and_a_pile_can_be_peeked(orbit: Orbit) -> None:
    moves, states = greedy_game(3)
    state = states[90]
    page = orbit.page
    open_at(orbit, 3, moves[:90])
    fresh = page.context.new_page()
    assert_same_as_fresh_page(page, fresh, orbit.base)
    fresh.close()
    page.locator("#copy").click()  # the link shared is short: its moves packed (k=)
    expect(page.locator("#notice-text")).to_have_text(re.compile(
        r"Link copied\.|Copy this link: .*" + re.escape(session_at(3, moves[:90]).short_link().fragment()) + "$"))
    # the deal itself, with no moves, is the same deal from the start
    page.goto("about:blank")
    open_at(orbit, 3, [])
    for e, card in zip(EQUATOR_IDS, ZODIAC.deal(3, NO_OPTIONS).equator):
        assert card is not None
        expect(card_locator(page, e, 0)).to_have_attribute("data-card", card.code)
    # peek: a double-click opens a squared zodiac pile (phase 1: its cards do not move)
    page.goto("about:blank")
    open_at(orbit, 3, moves[:90])
    z = max(ZODIAC_IDS, key=lambda p: len(state.zodiac[int(p[1:])]))
    assert len(state.zodiac[int(z[1:])]) >= 2
    top_card(page, z, state).dblclick()
    expect(page.locator("#peek")).to_be_visible()
    expect(page.locator("#peek-body .card")).to_have_count(len(state.zodiac[int(z[1:])]))
    bottom = standard_face(pile_cards(state, z)[0].code).name
    expect(page.locator("#peek-body .card").first).to_have_attribute("aria-label", bottom)
    page.keyboard.press("Escape")
    expect(page.locator("#peek")).to_be_hidden()
    top_card(page, z, state).click(button="right")  # a right click peeks too, with no browser menu
    expect(page.locator("#peek-body .card")).to_have_count(len(state.zodiac[int(z[1:])]))
    assert page.evaluate("location.hash") == link(3, moves[:90])
    orbit.assert_clean()


# -- phones -----------------------------------------------------------------------------------------


def boxes(page: Page, ids: list[str] | tuple[str, ...]) -> list[dict[str, float]]:
    out = []
    for pid in ids:
        b = pile_locator(page, pid).bounding_box()
        assert b
        out.append(b)
    return out


def test_phone_portrait_tall_ring_and_taps(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    orbit = Orbit(page, base_url_orbit)
    moves, state = first_state(WIN_SEED, lambda s: len(s.stock) < 50 and any(m.startswith("W-") for m in ZODIAC.legal_moves(s)))
    session = open_at(orbit, WIN_SEED, moves)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    board = page.locator("#board").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390.5
    top, right = boxes(page, ZODIAC_IDS[:6]), boxes(page, ZODIAC_IDS[6:12])
    bottom, left = boxes(page, ZODIAC_IDS[12:18]), boxes(page, ZODIAC_IDS[18:])
    assert len({round(b["y"]) for b in top}) == 1 and len({round(b["y"]) for b in bottom}) == 1
    assert len({round(b["x"]) for b in right}) == 1 and len({round(b["x"]) for b in left}) == 1
    assert bottom[0]["y"] > top[0]["y"] + top[0]["height"] and right[0]["x"] > left[0]["x"] + left[0]["width"]
    # clockwise from the top left: along the top, down the right, back along the bottom, up the left
    assert [b["x"] for b in top] == sorted(b["x"] for b in top)
    assert [b["y"] for b in right] == sorted(b["y"] for b in right)
    assert [b["x"] for b in bottom] == sorted((b["x"] for b in bottom), reverse=True)
    assert [b["y"] for b in left] == sorted((b["y"] for b in left), reverse=True)
    ring = top + right + bottom + left
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 and b["y"] + b["height"] <= 844 for b in ring)
    assert min(b["width"] for b in ring) >= 44  # a card is at least 44 px wide (28 px in the two rows before)
    # a tap on the waste card plays it where RULES.md 4.8 item 11 says
    token = f"W-{auto_target(state, 'W')}"
    top_card(page, "W", state).tap()
    session = session.played(token)
    expect_hash(page, link(WIN_SEED, [*moves, token]))
    # a tap on the stock draws
    card_locator(page, "S", len(session.state.stock) - 1).tap()
    session = session.played("S")
    expect_hash(page, session.link().fragment())
    assert_board_matches(page, session)
    assert orbit.errors == [] and orbit.off_origin == []
    context.close()


def test_phone_landscape_shows_the_ring(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    orbit = Orbit(page, base_url_orbit)
    open_at(orbit, WIN_SEED, [])
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    board = page.locator("#board").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= 844.5 and board["y"] + board["height"] <= 390.5
    z = boxes(page, ZODIAC_IDS)
    e = boxes(page, EQUATOR_IDS)
    cx = (e[3]["x"] + e[4]["x"] + e[4]["width"]) / 2
    assert abs(z[0]["x"] + z[0]["width"] / 2 - cx) < 1  # Z0 at 12 o'clock
    assert z[0]["y"] < e[0]["y"] < z[12]["y"] and z[6]["x"] > e[7]["x"] and z[18]["x"] + z[18]["width"] < e[0]["x"]
    assert z[0]["width"] >= 30
    assert orbit.errors == [] and orbit.off_origin == []
    context.close()


def test_a_whole_game_by_taps_through_both_phases(orbit: Orbit) -> None:
    """The engine's greedy player wins WIN_SEED; every move is a tap where a tap plays
    it (a drag where the card's tap would go elsewhere), and after every move the
    board equals a fresh start's on the position's link."""
    import helpers

    session = helpers.play_whole_game(orbit, "zodiac", "", WIN_SEED, lambda turn, n: 0, lambda token: "tap",
                                      check_every=25, fresh_every=150, choose=greedy_move)
    # 311 moves: a real fresh page after moves 1, 151 and 301 and at the end (a fresh controller after every move)
    assert session.status() == "won"
    expect(orbit.page.locator("#summary-body")).to_contain_text("104")
    orbit.assert_clean()
