"""Today's deal in Chromium: its start-screen tile says "not played yet", then "in
progress" after a move; it keeps a save of its own, so the ordinary game is as it was,
and a reload keeps both."""

from __future__ import annotations

import datetime

from conftest import Orbit
from helpers import assert_board_matches, play_via_ui
from pyapp.core.daily import daily_seed
from pyapp.games import get_game
from pyapp.app.session import Session


def test_todays_deal_says_in_progress_after_a_move_and_the_ordinary_game_is_kept(orbit: Orbit) -> None:
    ordinary = Session.new(get_game("gyre"), 4242)
    page = orbit.open(ordinary.link().fragment())
    token = ordinary.legal_moves()[0]
    play_via_ui(orbit, ordinary, token, how="tap")
    ordinary = ordinary.played(token)
    page.wait_for_function("h => location.hash === h", arg=ordinary.link().fragment())
    page.locator("#home").click()
    today = page.locator('[data-daily="gyre"]')
    assert today.get_attribute("data-state") == "unplayed" and "not played" in today.inner_text()
    today.click()
    page.wait_for_function("() => location.hash.includes('&s=')")
    daily = Session.from_link(str(page.evaluate("location.hash")))
    assert daily.options_text == "" and not daily.moves
    day_token = daily.legal_moves()[0]
    play_via_ui(orbit, daily, day_token, how="tap")
    daily = daily.played(day_token)
    page.wait_for_function("h => location.hash === h", arg=daily.link().fragment())
    page.locator("#home").click()
    assert today.get_attribute("data-state") == "playing" and "in progress" in today.inner_text()
    # the ordinary game is as it was
    page.locator('.tile[data-game="gyre"]').click()
    page.wait_for_function("h => location.hash === h", arg=ordinary.link().fragment())
    assert_board_matches(page, ordinary)
    # a reload keeps it, and today's deal resumes with its move
    page.reload()
    orbit.wait_ready()
    assert page.evaluate("location.hash") == ordinary.link().fragment()
    page.locator("#home").click()
    today.click()
    page.wait_for_function("h => location.hash === h", arg=daily.link().fragment())
    assert_board_matches(page, daily)
    now = datetime.datetime.fromtimestamp(float(page.evaluate("Date.now()")) / 1000, datetime.timezone.utc).date()
    assert daily.seed in {daily_seed("gyre", now + datetime.timedelta(days=k)) for k in (-1, 0)}
    orbit.assert_clean()
