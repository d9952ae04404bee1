"""Gyre in Chromium: real drags and taps, every kind of move, undo/redo, variants, the end."""

from __future__ import annotations

import re

from collections.abc import Callable

from playwright.sync_api import Browser, expect

from conftest import Orbit
import helpers
from helpers import assert_board_matches, card_locator, pile_locator, play_via_ui, session_of
from pyapp.games import get_game, get_view
from pyapp.core.links import Link
from pyapp.app.session import Session

GYRE = get_game("gyre")


def find_position(options: str, want: Callable[[Session], bool], max_moves: int = 120) -> Session:
    return helpers.find_position("gyre", options, want, max_moves, stride=(1, 1))


def open_session(orbit: Orbit, session: Session) -> None:
    orbit.open(session.link().fragment())
    assert_board_matches(orbit.page, session)


def test_mouse_drag_captures_and_the_revealed_card_is_placed(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(m.startswith("C") for m in s.legal_moves()) and len(s.moves) == 0)
    open_session(orbit, session)
    page = orbit.page
    capture = next(m for m in session.legal_moves() if m.startswith("C"))
    card, slot = capture[1:3], capture[3:]
    source = page.locator(f'#board .card[data-at="H"][data-card="{card}"]')
    table = get_view("gyre").table(session.state, False, frozenset())
    expected_lit = set(table.targets(next(g.source for g in table.gestures if g.token == capture and g.source)).keys())
    # drag by hand, checking the legal targets light up while dragging
    box = source.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 30, box["y"] - 30, steps=4)
    lit = set(page.eval_on_selector_all("#board .pile.lit", "ps => ps.map(p => p.dataset.pile)"))
    assert lit == expected_lit and f"R{slot}" in lit
    target = page.locator(f'#board .card[data-at="R{slot}"]')
    tbox = target.bounding_box()
    assert tbox
    page.mouse.move(tbox["x"] + tbox["width"] / 2, tbox["y"] + tbox["height"] / 2, steps=8)
    page.mouse.up()
    orbit.idle()
    assert str(page.evaluate("location.hash")).endswith(f"&m={capture}")
    session = session.played(capture)
    assert_board_matches(page, session)
    # the revealed card waits in Q; the two empty slots are highlighted; a tap places it
    assert session.legal_moves() and all(m.startswith("P") for m in session.legal_moves())
    expect(page.locator('#board .card[data-at="Q"]')).to_have_count(1)
    empty = sorted(page.eval_on_selector_all("#board .pile.target", "ps => ps.map(p => p.dataset.pile)"))
    assert empty == sorted("R" + m[1:] for m in session.legal_moves())
    place = session.legal_moves()[-1]
    pile_locator(page, "R" + place[1:]).click()
    orbit.idle()
    session = session.played(place)
    assert str(page.evaluate("location.hash")).endswith(f"&m={capture}.{place}")
    assert_board_matches(page, session)
    expect(page.locator("#score")).to_contain_text(str(session.score()))
    orbit.assert_clean()


def test_place_by_dragging_the_revealed_card(orbit: Orbit) -> None:
    session = find_position("", lambda s: bool(s.legal_moves()) and s.legal_moves()[0].startswith("P"))
    open_session(orbit, session)
    place = session.legal_moves()[0]
    play_via_ui(orbit, session, place, how="drag")
    session = session.played(place)
    assert_board_matches(orbit.page, session)
    orbit.assert_clean()


def test_rotate_button_only_when_no_capture(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(m.startswith("C") for m in s.legal_moves()))
    open_session(orbit, session)
    expect(orbit.page.locator("#act-rotate")).to_be_disabled()
    session = find_position("", lambda s: "R" in s.legal_moves())
    open_session(orbit, session)
    expect(orbit.page.locator("#act-rotate")).to_be_enabled()
    orbit.page.locator("#act-rotate").click()
    orbit.idle()
    session = session.played("R")
    assert str(orbit.page.evaluate("location.hash")).endswith(".R")
    assert_board_matches(orbit.page, session)
    orbit.assert_clean()


def test_replace_by_drag(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(m.startswith("S") for m in s.legal_moves()))
    open_session(orbit, session)
    replace = next(m for m in session.legal_moves() if m.startswith("S"))
    play_via_ui(orbit, session, replace, how="drag")
    session = session.played(replace)
    assert_board_matches(orbit.page, session)
    orbit.assert_clean()


def test_attrition_rotation_asks_which_hand_card_to_give_up(orbit: Orbit) -> None:
    session = find_position("attrition", lambda s: any(m.startswith("R") for m in s.legal_moves()))
    open_session(orbit, session)
    page = orbit.page
    rotate = next(m for m in session.legal_moves() if m.startswith("R"))
    page.locator("#act-rotate").click()
    expect(page.locator("#board .card.choice")).to_have_count(len([m for m in session.legal_moves() if m.startswith("R")]))
    page.locator(f'#board .card[data-at="H"][data-card="{rotate[1:]}"]').click()
    orbit.idle()
    session = session.played(rotate)
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_undo_redo_with_buttons_and_keys(orbit: Orbit) -> None:
    session = find_position("jokers", lambda s: len(s.moves) == 3)
    open_session(orbit, session)
    page = orbit.page
    moves = session.moves
    page.locator("#undo").click()
    orbit.idle()
    assert page.evaluate("location.hash") == Link("gyre", "jokers", session.seed, moves[:2]).fragment()
    page.keyboard.press("Control+z")
    orbit.idle()
    assert page.evaluate("location.hash") == Link("gyre", "jokers", session.seed, moves[:1]).fragment()
    page.keyboard.press("Control+Shift+Z")
    orbit.idle()
    assert page.evaluate("location.hash") == Link("gyre", "jokers", session.seed, moves[:2]).fragment()
    page.locator("#redo").click()
    orbit.idle()
    assert page.evaluate("location.hash") == session.link().fragment()
    expect(page.locator("#redo")).to_be_disabled()
    assert_board_matches(page, session)
    page.locator("#restart").click()
    orbit.idle()
    assert page.evaluate("location.hash") == Link("gyre", "jokers", session.seed, ()).fragment()
    expect(page.locator("#redo")).to_be_enabled()
    orbit.assert_clean()


def test_new_game_dialog_sets_variants_and_seed(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=1")
    page.locator("#new").click()
    dialog = page.locator("#newgame")
    expect(dialog).to_be_visible()
    dialog.locator('input[name="attrition"]').check()
    dialog.locator('input[name="easy"]').check()
    dialog.locator('input[name="seed"]').fill("31")
    dialog.locator("#deal-go").click()
    expect(dialog).to_be_hidden()
    assert page.evaluate("location.hash") == "#g=gyre&v=1&o=attrition,easy&s=31"
    assert_board_matches(page)
    # a bad deal number is refused in the dialog, nothing else changes
    page.locator("#new").click()
    dialog.locator('input[name="seed"]').fill("12x")
    dialog.locator("#deal-go").click()
    expect(dialog.locator(".form-error")).to_contain_text("seed")
    orbit.assert_clean()


def test_whole_game_to_the_summary_and_copy_link(orbit: Orbit) -> None:
    def near_end(s: Session) -> bool:
        moves = s.legal_moves()
        return len(moves) == 1 and GYRE.status(GYRE.apply(s.state, moves[0])) == "finished"

    session = find_position("", near_end, max_moves=200)
    open_session(orbit, session)
    page = orbit.page
    last = session.legal_moves()[0]
    play_via_ui(orbit, session, last, how="drag")
    session = session.played(last)
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-body")).to_contain_text(str(session.score()))
    assert page.locator("#board").get_attribute("data-status") == "finished"
    page.locator("#summary-close").click()
    page.locator("#copy").click()  # the link shared is short: its moves packed (k=)
    expect(page.locator("#notice-text")).to_have_text(re.compile(
        r"Link copied\.|Copy this link: .*" + re.escape(session.short_link().fragment()) + "$"))
    page.locator("#undo").click()
    orbit.idle()
    assert page.locator("#board").get_attribute("data-status") == "playing"
    orbit.assert_clean()


def test_touch_phone_taps_and_a_touch_drag(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 760}, has_touch=True, is_mobile=True, service_workers="block")
    page = context.new_page()
    orbit = Orbit(page, base_url_orbit)
    session = find_position("easy", lambda s: any(m.startswith("C") for m in s.legal_moves()))
    orbit.open(session.link().fragment())
    board = page.locator("#board").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= 390 + 0.5
    # taps: a hand card, then its target
    capture = next(m for m in session.legal_moves() if m.startswith("C"))
    table = get_view("gyre").table(session.state, True, frozenset())
    gesture = next(g for g in table.gestures if g.token == capture)
    assert gesture.source and gesture.target
    card_locator(page, *gesture.source).tap()
    if not gesture.tap:
        pile_locator(page, gesture.target).tap(force=True)
    orbit.idle()
    session = session.played(capture)
    assert_board_matches(page, session)
    # a real touch drag through the DevTools protocol (touchstart/move/end)
    session = find_position("easy", lambda s: len(s.moves) >= 6 and any(m.startswith("C") for m in s.legal_moves()))
    page.goto("about:blank")
    orbit.open(session.link().fragment())
    assert_board_matches(page, session)
    move = next(m for m in session.legal_moves() if m.startswith("C"))
    table = get_view("gyre").table(session.state, True, frozenset())
    gesture = next(g for g in table.gestures if g.token == move)
    assert gesture.source is not None and gesture.target is not None
    a = card_locator(page, *gesture.source).bounding_box()
    b = pile_locator(page, gesture.target).bounding_box()
    assert a and b
    cdp = context.new_cdp_session(page)
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        point = {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    orbit.idle()
    session = session.played(move)
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    assert_board_matches(page, session)
    assert orbit.errors == [] and orbit.off_origin == []
    context.close()


def play_whole_game(orbit: Orbit, options: str, seed: int, how: str) -> Session:
    # A fresh page on the position's link every 30 moves and at the end (each is a cold start of a few seconds)
    session = helpers.play_whole_game(orbit, "gyre", options, seed, lambda turn, n: (seed + turn) % n, lambda token: how,
                                      fresh_every=30)
    expect(orbit.page.locator("#score")).to_have_text(f"Points {session.score()}")
    return session


def test_a_whole_attrition_game_by_taps(orbit: Orbit) -> None:
    session = play_whole_game(orbit, "attrition,easy", 4, "tap")
    assert session.status() == "finished"
    orbit.assert_clean()


def test_a_whole_jokers_game_by_mouse_drags(orbit: Orbit) -> None:
    session = play_whole_game(orbit, "jokers", 9, "drag")
    assert session.status() == "finished"
    orbit.assert_clean()
