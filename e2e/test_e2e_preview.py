"""A returning player's board at once: the game screen as drawn when the page was
left is shown by static/boot.js before Python is ready, and input made on it is
queued and played through the controller once it is live."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, Route

import helpers
from conftest import Orbit
from pyapp.app.session import Session


def hold_python(page: Page) -> list[Route]:
    """Hold the page's main.py (the binding cannot start without it) until released."""
    held: list[Route] = []
    page.route("**/static/main.py", lambda route: held.append(route))
    return held


def release(page: Page, held: list[Route]) -> None:
    for route in held:
        route.continue_()
    page.unroute("**/static/main.py")


def shown_before_python(page: Page) -> bool:
    return bool(page.evaluate("""() => !!document.querySelector('#board[data-preview]')
        && document.body.dataset.ready === 'false' && !document.querySelector('#game').hidden"""))


def play_one(orbit: Orbit, session: Session, how: str) -> str:
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how=how)
    return token


def test_a_returning_player_sees_the_board_at_once_and_input_on_it_is_played(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=42")
    session = helpers.session_of(page)
    session = session.played(play_one(orbit, session, "tap"))
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    before = helpers.dom_layout(page)

    held = hold_python(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#board[data-preview]", state="attached")
    assert shown_before_python(page)
    assert helpers.dom_layout(page) == before  # the board exactly as it was left
    shown = page.evaluate("performance.getEntriesByName('orbit-shown').length")
    assert shown == 1

    # Two moves on the shown board, by taps and by a drag, before Python is ready.
    first = play_one(orbit, session, "tap")
    session = session.played(first)
    second = play_one(orbit, session, "drag")
    session = session.played(second)
    assert shown_before_python(page)
    queued = page.evaluate("window.orbitQueue.length")
    assert queued >= 2

    release(page, held)
    orbit.wait_ready()
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    helpers.assert_board_matches(page, session)
    assert page.evaluate("window.orbitQueue.length") == 0
    assert page.locator("#board[data-preview]").count() == 0
    assert int(page.get_attribute("#board", "data-queue-played") or 0) == queued
    # No card drawn twice: the kept board's elements are gone.
    assert page.evaluate("document.querySelectorAll('#board [data-uid]').length") == sum(
        len(cards) for cards in helpers.engine_board(session).values())
    orbit.assert_clean()


def test_an_illegal_move_on_the_shown_board_is_refused_by_the_controller(orbit: Orbit) -> None:
    """Queued input is judged by the rules once Python is ready, like live input."""
    page = orbit.open("#g=gravity&v=1&o=&s=7")
    session = helpers.session_of(page)
    helpers.play_via_ui(orbit, session, session.legal_moves()[0], how="drag")
    page.wait_for_function("() => location.hash.includes('&m=')")
    address = page.evaluate("location.hash")
    held = hold_python(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#board[data-preview]", state="attached")
    # A drag that goes nowhere (to the board's corner).
    card = page.locator("#board .card").first
    box = card.bounding_box()
    board = page.locator("#board").bounding_box()
    assert box and board
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()
    page.mouse.move(board["x"] + 2, board["y"] + board["height"] - 2, steps=6)
    page.mouse.up()
    release(page, held)
    orbit.wait_ready()
    orbit.idle()
    assert page.evaluate("location.hash") == address  # nothing played
    helpers.assert_board_matches(page)
    orbit.assert_clean()


def new_tab_shows(page: Page, fragment: str, size: tuple[int, int] | None = None, start: bool = True) -> Any:
    """Whether a new tab in the same browser (same storage) opened on ``fragment``
    shows the kept board before Python is ready; the tab then starts (unless not
    ``start``: it stays before Python, where it never keeps its board) and is returned."""
    tab = page.context.new_page()
    if size:
        tab.set_viewport_size({"width": size[0], "height": size[1]})
    held = hold_python(tab)
    tab.goto(page.url.split("#")[0] + fragment, wait_until="domcontentloaded")
    tab.wait_for_timeout(300)
    shown = shown_before_python(tab)
    if start:
        release(tab, held)
        tab.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    return shown, tab


def test_the_kept_board_is_shown_only_for_the_same_address_window_and_build(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=5")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # not hidden: nothing kept
    assert page.evaluate("localStorage.getItem('orbit.preview')") is None
    page.evaluate("""() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
                             document.dispatchEvent(new Event('visibilitychange')); }""")  # the tab is left
    kept = page.evaluate("JSON.parse(localStorage.getItem('orbit.preview'))")
    assert kept["address"] == "#g=gyre&v=1&o=&s=5" and kept["build"]
    size = page.viewport_size
    assert size
    same, tab = new_tab_shows(page, "#g=gyre&v=1&o=&s=5")
    assert same
    helpers.assert_board_matches(tab)
    other, tab = new_tab_shows(page, "#g=gyre&v=1&o=&s=6")
    assert not other  # another deal: its own board, never the kept one
    helpers.assert_board_matches(tab)
    # (the tabs left open have started and are shown: none keeps its board over the first's)
    smaller, tab = new_tab_shows(page, "#g=gyre&v=1&o=&s=5", (700, 600), start=False)
    assert not smaller  # another window size: the kept board would be drawn at another scale
    tab.evaluate("localStorage.setItem('orbit.preview', JSON.stringify({...JSON.parse(localStorage.getItem('orbit.preview')), build: 'old'}))")
    tab.close()
    older, tab = new_tab_shows(page, "#g=gyre&v=1&o=&s=5", start=False)
    assert not older  # kept by another build of the app
    tab.evaluate("localStorage.setItem('orbit.preview', '{not json')")
    tab.close()
    broken, tab = new_tab_shows(page, "#g=gyre&v=1&o=&s=5")
    assert not broken  # a corrupted record: a normal start
    helpers.assert_board_matches(tab)
    assert not tab.locator("#banner").is_visible()
    orbit.assert_clean()
