"""The game's timer in Chromium: it shows on the status line, starts with the first
move, survives a reload (kept in the save, running again) and pauses while the page
is hidden."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from conftest import Orbit
from helpers import play_via_ui
from pyapp.games import get_game
from pyapp.app.session import Session

TIME = re.compile(r"(\d+):(\d\d)$")


def seconds_shown(page: Page) -> int:
    """The timer at the end of the status line's deal text, in seconds."""
    m = TIME.search(page.locator("#deal").inner_text().strip())
    assert m, page.locator("#deal").inner_text()
    return int(m.group(1)) * 60 + int(m.group(2))


def test_the_timer_shows_and_survives_a_reload(orbit: Orbit) -> None:
    session = Session.new(get_game("square"), 404)
    page = orbit.open(session.link().fragment())
    assert seconds_shown(page) == 0
    token = session.legal_moves()[0]
    play_via_ui(orbit, session, token, how="drag")
    session = session.played(token)
    page.wait_for_function("h => location.hash === h", arg=session.link().fragment())
    page.wait_for_function("() => /0:0[3-9]$/.test(document.getElementById('deal').innerText.trim())", timeout=10_000)
    page.reload()
    orbit.wait_ready()
    assert page.evaluate("location.hash") == session.link().fragment()
    assert seconds_shown(page) >= 3  # kept in the save
    page.wait_for_timeout(2200)
    assert seconds_shown(page) >= 4  # and running again
    # hidden: paused (the page tells the controller on visibilitychange)
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    stopped = seconds_shown(page)
    page.wait_for_timeout(2300)
    assert seconds_shown(page) <= stopped + 1
    orbit.assert_clean()
