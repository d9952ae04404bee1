"""Hints in Chromium: a hint lights a legal move (the card, the place) that plays as lit,
on a laptop in Gyre and Gravity and on a phone in Square. Screenshots of a hint go to
``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import Orbit
from helpers import card_locator, engine_board, dom_board, pile_locator, session_of
from pyapp.app.hints import locate_hint
from pyapp.games import get_game, get_view
from pyapp.app.hints import solver_hint
from pyapp.app.session import Session

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def check_hint(orbit: Orbit, session: Session, shot_name: str = "") -> None:
    """Ask for a hint (the H key, then the button): the lit card and place are the
    hinted legal move's, and playing it as lit plays it."""
    page = orbit.page
    expected = solver_hint(session.game.id, session.state)  # (the solver's move, as the page searches it first)
    assert expected is not None and expected in session.legal_moves()
    table = get_view(session.game.id).table(session.state, False, frozenset())
    marks = locate_hint(table, expected)
    assert marks is not None and marks.source is not None and marks.target is not None
    page.locator("#board").click(position={"x": 1, "y": 1})  # the page has the focus; nothing selected
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    page.wait_for_selector("#board .card.hint-from")
    lit = page.locator("#board .card.hint-from")
    assert lit.count() == 1
    assert (lit.get_attribute("data-at"), int(lit.get_attribute("data-index") or -1)) == marks.source
    assert "hint-to" in (pile_locator(page, marks.target).get_attribute("class") or "")
    assert "Hint: " in page.locator("#notice-text").inner_text()
    if shot_name:
        shot(page, shot_name)
    # the button too
    page.locator("#hint").click()
    page.wait_for_selector("#board .card.hint-from")
    target_pile = table.pile(marks.target)
    target = card_locator(page, marks.target, len(target_pile.cards) - 1) if target_pile.cards else \
        pile_locator(page, marks.target)
    orbit.drag(card_locator(page, *marks.source), target)
    session = session.played(expected)
    page.wait_for_function("h => location.hash === h", arg=session.link().fragment())
    assert page.locator("#board .card.hint-from").count() == 0
    assert dom_board(page) == engine_board(session)


def test_a_hint_lights_a_legal_move_and_playing_it_works(orbit: Orbit) -> None:
    gyre = Session.new(get_game("gyre"), 31)
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    orbit.open(gyre.link().fragment())
    check_hint(orbit, gyre, "hint-gyre-1280.png")
    gravity = Session.new(get_game("gravity"), 12)
    orbit.open(gravity.link().fragment())
    check_hint(orbit, gravity)
    orbit.assert_clean()


def test_a_hint_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        square = Session.new(get_game("square"), 9)
        orbit.open(square.link().fragment())
        page.locator("#hint").click()
        page.wait_for_selector("#board .card.hint-from")
        assert page.locator("#hint").bounding_box() is not None
        shot(page, "hint-square-390.png")
        orbit.assert_clean()
    finally:
        context.close()


def test_following_hint_by_taps_on_a_phone_wins_a_winnable_gravity_deal(browser: Browser, base_url_orbit: str) -> None:
    """Issue 45: on a phone, Hint pressed and its lit move tapped, again and again from the deal of
    a Gravity deal the solver wins: every hint is the solver's next move, and the game is won."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="reduce", has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        orbit.open("#g=gravity&v=1&o=&s=42")
        lit = "#board .card.hint-from, #board .hint-to, #tools .hint, #actions .hint"
        for _unused in range(200):
            session = session_of(page)
            if session.status() != "playing":
                break
            page.locator("#hint").tap()
            page.wait_for_selector(lit, timeout=30_000)
            assert page.locator("#notice-text").inner_text().startswith("The solver's next move.")
            before = page.evaluate("location.hash")
            source = page.locator("#board .card.hint-from")
            if source.count():
                source.first.tap()
                orbit.idle()
            if page.evaluate("location.hash") == before:
                target = page.locator("#board .hint-to")
                if target.count():
                    target.first.tap(force=True)
                else:
                    page.locator("#tools .hint, #actions .hint").first.tap()
            page.wait_for_function("h => location.hash !== h", arg=before)
            orbit.idle()
        assert session_of(page).status() == "won"
        shot(page, "hint-followed-gravity-390.png")
    finally:
        context.close()
