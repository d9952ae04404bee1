"""Two tabs of one browser on one deal, and a storage that fills up, in Chromium: the
player's game is never lost without a word (pyapp/app/tabs.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Page

import helpers
from conftest import Orbit
from pyapp.games import get_game
from pyapp.app.session import Session
from pyapp.app.tabs import KEPT_AGAIN, KEPT_OTHER, NOT_KEPT, WENT_ON

DEAL = "#g=gravity&v=1&o=&s=777"
TIME = re.compile(r"(\d+):(\d\d)$")


def notice(page: Page, text: str) -> None:
    page.wait_for_function("t => !document.querySelector('#notice').hidden && "
                           "document.querySelector('#notice-text').textContent === t", arg=text)


def test_a_move_in_a_stale_tab_keeps_the_game_the_other_tab_went_on_with(orbit: Orbit) -> None:
    page_b = orbit.open(DEAL)  # tab B, the deal at move 0
    tab_a = Orbit(page_b.context.new_page(), orbit.base)
    tab_a.open(DEAL + "&m=b3c4.b4")  # tab A goes two moves further
    notice(page_b, WENT_ON)  # B hears of it at once, with one tap to load it ...
    assert page_b.locator("#notice-action").inner_text() == "Load it"
    session = Session.new(get_game("gravity"), 777)
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")  # ... but plays on in B
    notice(page_b, KEPT_OTHER)
    assert page_b.locator("#notice-action").inner_text() == "Open it"
    fresh = Orbit(page_b.context.new_page(), orbit.base)
    fresh.open()  # a new tab resumes B's game, the last played ...
    assert helpers.session_of(fresh.page).moves == (token,)
    fresh.page.close()
    page_b.locator("#notice-action").click()  # ... and A's is one tap away
    page_b.wait_for_function("() => location.hash.includes('m=b3c4.b4')")
    helpers.assert_board_matches(page_b)
    assert page_b.locator("#notice-action").inner_text() == "Back to it"
    page_b.locator("#notice-action").click()  # and back to B's own
    page_b.wait_for_function("t => location.hash.endsWith('m=' + t)", arg=token)
    helpers.assert_board_matches(page_b)
    orbit.assert_clean()
    tab_a.assert_clean()


FULL = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.orbitFull && key !== 'orbit.probe') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return setItem.call(this, key, value);
};
"""


def test_a_full_storage_is_said_with_the_link_and_the_game_is_written_once_there_is_room(orbit: Orbit) -> None:
    orbit.page.add_init_script(FULL)
    page = orbit.open(DEAL)
    page.evaluate("window.orbitFull = true")
    session = Session.new(get_game("gravity"), 777)
    for _ in range(2):
        token = session.legal_moves()[0]
        helpers.play_via_ui(orbit, session, token, how="tap")
        session = session.played(token)
    notice(page, NOT_KEPT)
    assert page.locator("#notice-action").inner_text() == "Copy link"
    assert page.locator("#notice").evaluate("n => n.classList.contains('error')")
    kept = page.evaluate("localStorage.getItem('orbit.save.gravity')")
    assert Session.from_save(kept).moves == ()  # the device kept only the deal
    page.locator("#notice-action").click()  # the link, which keeps the game
    page.wait_for_function("() => ['Link copied.', 'Link shared.'].includes(document.querySelector('#notice-text')"
                           ".textContent) || document.querySelector('#notice-text').textContent.includes('&k=2.')")
    page.evaluate("window.orbitFull = false")
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")
    session = session.played(token)
    notice(page, KEPT_AGAIN)
    kept = page.evaluate("localStorage.getItem('orbit.save.gravity')")
    assert Session.from_save(kept).moves == session.moves
    orbit.assert_clean()


def seconds_shown(page: Page) -> int:
    """The timer at the end of the status line, in seconds."""
    m = TIME.search(page.locator("#deal").inner_text().strip())
    assert m, page.locator("#deal").inner_text()
    return int(m.group(1)) * 60 + int(m.group(2))


def test_two_tabs_both_played_then_reloaded_keep_their_clocks(orbit: Orbit) -> None:
    """Two tabs play one saved game, each its own way, then reload: each shows its own game
    with at least the time it showed before (the clock never falls back). The test waits for
    the clocks to show some seconds, not for a time to pass: on a slow machine they show more."""
    one = orbit.open(DEAL)
    session = Session.new(get_game("gravity"), 777)
    first = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, first, how="tap")
    session = session.played(first)
    one.wait_for_function("t => location.hash.endsWith('m=' + t)", arg=first)
    tab_two = Orbit(one.context.new_page(), orbit.base)
    two = tab_two.open()  # a second tab resumes the game, and goes on its own way ...
    assert helpers.session_of(two).moves == (first,)
    mine, theirs = session.legal_moves()[:2]
    helpers.play_via_ui(tab_two, session, mine, how="tap")
    two.wait_for_function("t => location.hash.endsWith('.' + t)", arg=mine)
    helpers.play_via_ui(orbit, session, theirs, how="tap")  # ... and so does the first
    one.wait_for_function("t => location.hash.endsWith('.' + t)", arg=theirs)
    for page in (one, two):  # (a clock that falls back to 0 on a reload cannot show 3 s at once)
        page.wait_for_function("() => /([1-9]:\\d\\d|0:0[3-9]|0:[1-5]\\d)$/.test("
                               "document.getElementById('deal').innerText.trim())", timeout=30_000)
    for tab in (tab_two, orbit):  # the second tab first (its reload saves its game), then the first
        page = tab.page
        link, shown = page.evaluate("location.hash"), seconds_shown(page)
        page.reload()
        tab.wait_ready()
        assert page.evaluate("location.hash") == link  # its own game, as it was ...
        assert seconds_shown(page) >= shown, (link, shown, seconds_shown(page))  # ... with its time
    tab_two.assert_clean()
    orbit.assert_clean()
