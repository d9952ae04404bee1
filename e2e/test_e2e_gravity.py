"""Gravity in Chromium: stacking by drag and by taps, collapse choices, forced
collapses, MOON to PLANET when stuck, undo across a collapse, the end screen."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import expect

from conftest import Orbit
import helpers
from helpers import assert_board_matches, card_locator, pile_locator, play_via_ui
from pyapp.games import get_game, get_view
from pyapp.games.gravity.rules import rating
from pyapp.app.session import Session

GRAVITY = get_game("gravity")


def hole(session: Session) -> str:
    return GRAVITY.format_state(session.state).split("|H=")[1].split("|")[0]


def find_position(options: str, want: Callable[[Session], bool], max_moves: int = 400, seeds: int = 300) -> Session:
    return helpers.find_position("gravity", options, want, max_moves, seeds, stride=(7, 3))


def open_session(orbit: Orbit, session: Session) -> None:
    orbit.open(session.link().fragment())
    assert_board_matches(orbit.page, session)


def is_stack(token: str) -> bool:
    return len(token) == 4


def test_stack_by_mouse_drag_lights_only_legal_targets(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(is_stack(m) for m in s.legal_moves()) and not s.moves)
    open_session(orbit, session)
    page = orbit.page
    stack = next(m for m in session.legal_moves() if is_stack(m))
    table = get_view("gravity").table(session.state, False, frozenset())
    gesture = next(g for g in table.gestures if g.token == stack)
    assert gesture.source is not None
    legal_targets = {m[2:] for m in session.legal_moves() if is_stack(m) and m[:2] == stack[:2]}
    source = card_locator(page, *gesture.source)
    box = source.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 + 12, steps=3)
    lit = set(page.eval_on_selector_all("#board .pile.lit", "ps => ps.map(p => p.dataset.pile)"))
    assert lit == legal_targets
    target = pile_locator(page, stack[2:]).bounding_box()
    assert target
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    orbit.idle()
    session = session.played(stack)
    assert str(page.evaluate("location.hash")).endswith(f"&m={stack}")
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_stack_by_tapping_two_cells(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(is_stack(m) for m in s.legal_moves()) and len(s.moves) == 2)
    open_session(orbit, session)
    stack = next(m for m in session.legal_moves() if is_stack(m))
    play_via_ui(orbit, session, stack, how="tap")
    session = session.played(stack)
    assert_board_matches(orbit.page, session)
    orbit.assert_clean()


def test_collapse_choice_by_click_then_undo_across_it(orbit: Orbit) -> None:
    session = find_position("", lambda s: hole(s) != "-")
    open_session(orbit, session)
    page = orbit.page
    the_hole = hole(session)
    expect(pile_locator(page, the_hole)).to_have_class(re.compile(r"\bhole\b"))
    candidates = sorted(page.eval_on_selector_all("#board .pile.candidate", "ps => ps.map(p => p.dataset.pile)"))
    assert candidates == sorted(session.legal_moves())
    assert len(candidates) >= 2
    arrows = page.locator("#board .overlay .arrow")
    expect(arrows).to_have_count(len(candidates))
    choice = session.legal_moves()[-1]
    table = get_view("gravity").table(session.state, False, frozenset())
    gesture = next(g for g in table.gestures if g.token == choice)
    assert gesture.source is not None and gesture.tap
    card_locator(page, *gesture.source).click()
    orbit.idle()
    before = session.link().fragment()
    session = session.played(choice)
    assert page.evaluate("location.hash") == session.link().fragment()
    assert_board_matches(page, session)
    page.locator("#undo").click()
    orbit.idle()
    assert page.evaluate("location.hash") == before
    expect(page.locator("#board .pile.candidate")).to_have_count(len(candidates))
    page.keyboard.press("Control+Shift+Z")
    orbit.idle()
    assert page.evaluate("location.hash") == session.link().fragment()
    orbit.assert_clean()


def test_a_forced_collapse_runs_by_itself(orbit: Orbit) -> None:
    def forced_next(s: Session) -> bool:
        if hole(s) != "-" or len(s.moves) < 1:
            return False
        for m in s.legal_moves():
            if is_stack(m):
                after = GRAVITY.apply(s.state, m)
                steps = GRAVITY.steps(s.state, m)
                if GRAVITY.format_state(after).split("|H=")[1].startswith("-") and len(steps) >= 3:
                    return True
        return False

    session = find_position("", forced_next)
    stack = next(
        m for m in session.legal_moves()
        if is_stack(m) and GRAVITY.format_state(GRAVITY.apply(session.state, m)).split("|H=")[1].startswith("-")
        and len(GRAVITY.steps(session.state, m)) >= 3
    )
    open_session(orbit, session)
    page = orbit.page
    # The tests run with reduced motion, which turns the "instant" setting on: turn it off here.
    page.locator("#more").click()  # the settings are in the menu
    expect(page.locator("#set-instant")).to_be_checked()
    page.locator("#set-instant").uncheck()
    page.evaluate("""() => { window.__busySeen = false;
        new MutationObserver(() => { if (document.querySelector('#board').dataset.busy === 'true') window.__busySeen = true; })
          .observe(document.querySelector('#board'), {attributes: true}); }""")
    play_via_ui(orbit, session, stack, how="drag")
    session = session.played(stack)
    assert page.evaluate("window.__busySeen") is True  # the slides were animated step by step
    assert page.evaluate("location.hash") == session.link().fragment()
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_moon_to_planet_only_when_stuck(orbit: Orbit) -> None:
    session = find_position("", lambda s: any(is_stack(m) for m in s.legal_moves()))
    open_session(orbit, session)
    expect(orbit.page.locator("#act-moon")).to_be_disabled()
    session = find_position("", lambda s: "m" in s.legal_moves(), max_moves=600)
    open_session(orbit, session)
    page = orbit.page
    expect(page.locator("#act-moon")).to_be_enabled()
    expect(page.locator("#prompt")).to_contain_text("MOON")
    page.locator("#act-moon").click()
    orbit.idle()
    session = session.played("m")
    assert str(page.evaluate("location.hash")).endswith(".m")
    assert_board_matches(page, session)
    orbit.assert_clean()


def test_autocollapse_setting_resolves_choices(orbit: Orbit) -> None:
    def choice_next(s: Session) -> bool:
        return hole(s) == "-" and any(is_stack(m) and hole_after(s, m) for m in s.legal_moves())

    def hole_after(s: Session, m: str) -> bool:
        return GRAVITY.format_state(GRAVITY.apply(s.state, m)).split("|H=")[1].split("|")[0] != "-"

    session = find_position("", choice_next)
    stack = next(m for m in session.legal_moves() if is_stack(m) and hole_after(session, m))
    open_session(orbit, session)
    page = orbit.page
    page.locator("#more").click()  # the settings are in the menu
    page.locator("#set-autocollapse").check()
    play_via_ui(orbit, session, stack, how="drag")
    session = session.played(stack)
    while hole(session) != "-":
        session = session.played(sorted(session.legal_moves(), key=lambda t: (int(t[1]), t[0]))[0])
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    assert_board_matches(page, session)
    page.locator("#more").click()  # a move closed the menu
    page.locator("#set-autocollapse").uncheck()
    orbit.assert_clean()


def test_end_screen_with_rating(orbit: Orbit) -> None:
    def ending(s: Session) -> list[str]:
        return [m for m in s.legal_moves() if is_stack(m) and GRAVITY.status(GRAVITY.apply(s.state, m)) != "playing"]

    session = find_position("", lambda s: bool(ending(s)), max_moves=800)
    open_session(orbit, session)
    page = orbit.page
    last = ending(session)[0]
    play_via_ui(orbit, session, last, how="drag")
    session = session.played(last)
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-body")).to_contain_text(str(session.score()))
    summary = page.locator("#summary-body").inner_text()
    assert rating(session.score()) in summary
    assert page.locator("#board").get_attribute("data-status") in ("won", "finished")
    page.locator("#summary-again").click()
    orbit.idle()
    assert page.evaluate("location.hash") == f"#g=gravity&v=1&o=&s={session.seed}"
    orbit.assert_clean()


def test_hidden_moon_shows_a_back_and_options_survive_in_the_link(orbit: Orbit) -> None:
    page = orbit.open("#g=gravity&v=1&o=decks=2,hidden&s=12")
    session = assert_board_matches(page)
    assert session.options_text == "decks=2,hidden"
    expect(page.locator('#board .card.back[data-at="M"]')).to_have_count(1)
    orbit.assert_clean()


def test_a_whole_game_by_mouse(orbit: Orbit) -> None:
    session = helpers.play_whole_game(
        orbit, "gravity", "hidden", 5, lambda turn, n: (turn * 5) % n,
        lambda token: "drag" if is_stack(token) else "tap", check_every=15, fresh_every=30,
    )  # 58 moves: a real fresh page after moves 1 and 31 and at the end (a fresh controller after every move)
    expect(orbit.page.locator("#summary-body")).to_contain_text(rating(session.score()))
    orbit.assert_clean()
