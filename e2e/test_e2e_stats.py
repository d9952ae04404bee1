"""Statistics and today's deal through the page: a finished game shows in the
statistics, an export imports into a fresh profile without counting twice, and
today's deal is the same in two fresh profiles and changes the next day."""

from __future__ import annotations

import datetime
from pathlib import Path

from playwright.sync_api import Browser, Page

import helpers
from conftest import START_TIMEOUT, Orbit
from pyapp.core.daily import daily_seed
from pyapp.games import get_game
from pyapp.app.session import Session


def open_stats(page: Page) -> str:
    if page.locator("#start").is_visible():
        page.locator("#stats-open").click()
    else:
        if not page.locator("#stats-game").is_visible():
            page.locator("#more").click()
        page.locator("#stats-game").click()
    page.wait_for_selector("#stats[open]")
    return page.locator("#stats-body").inner_text()


def close_stats(page: Page) -> None:
    page.locator("#stats-close").click()
    page.wait_for_selector("#stats:not([open])", state="attached")


def test_a_game_given_up_counts_and_an_export_imports_once_into_a_fresh_profile(orbit: Orbit, browser: Browser,
                                                                                 base_url_orbit: str,
                                                                                 tmp_path: Path) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=12345")
    assert "No games played yet" in open_stats(page)
    close_stats(page)
    session = Session.new(get_game("gyre"), 12345)
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")
    if not page.locator("#resign").is_visible():
        page.locator("#more").click()
    page.locator("#resign").click()
    if not page.locator("#resign").is_visible():
        page.locator("#more").click()
    page.locator("#resign").click()  # the second press confirms
    page.wait_for_selector("#summary[open]")
    page.locator("#summary-close").click()
    text = open_stats(page)
    assert "Played 1." in text and "Gyre" in text and "won" not in text.lower()  # Gyre has no win
    with page.expect_download() as download:
        page.locator("#stats-export").click()
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    assert '"version"' in exported.read_text()
    orbit.assert_clean()

    fresh = browser.new_context(service_workers="block", reduced_motion="reduce")
    try:
        other = fresh.new_page()
        other.goto(base_url_orbit)
        other.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)
        assert "No games played yet" in open_stats(other)
        for _ in range(2):  # the same file twice: counted once
            other.set_input_files("#stats-file", str(exported))
            other.wait_for_function("document.getElementById('stats-body').innerText.includes('Played 1.')")
        assert "Played 1." in other.locator("#stats-body").inner_text()
        # a bad file: a clear message, nothing lost
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        other.set_input_files("#stats-file", str(bad))
        other.wait_for_selector("#notice:not([hidden])")
        assert other.locator("#notice-text").inner_text()
        assert "Played 1." in other.locator("#stats-body").inner_text()
        # reset asks for a second press
        other.locator("#stats-reset").click()
        assert "Played 1" in other.locator("#stats-body").inner_text()
        other.locator("#stats-reset").click()
        other.wait_for_function("document.getElementById('stats-body').innerText.includes('No games played yet')")
    finally:
        fresh.close()


def todays_deal(browser: Browser, base: str, when: datetime.datetime) -> str:
    context = browser.new_context(service_workers="block", reduced_motion="reduce")
    try:
        page = context.new_page()
        page.clock.set_fixed_time(when)
        page.goto(base)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)
        page.locator('[data-daily="gyre"]').click()
        page.wait_for_function("location.hash.startsWith('#g=gyre')")
        page.wait_for_selector("#board .card[data-card]")
        return str(page.evaluate("location.hash"))
    finally:
        context.close()


def test_todays_deal_is_the_same_for_everyone_and_changes_the_next_day(browser: Browser, base_url_orbit: str) -> None:
    day = datetime.datetime(2026, 11, 23, 9, 30, tzinfo=datetime.timezone.utc)
    first = todays_deal(browser, base_url_orbit, day)
    second = todays_deal(browser, base_url_orbit, day + datetime.timedelta(hours=3))
    tomorrow = todays_deal(browser, base_url_orbit, day + datetime.timedelta(days=1))
    assert first == second
    assert f"s={daily_seed('gyre', day.date())}" in first
    assert tomorrow != first and f"s={daily_seed('gyre', (day + datetime.timedelta(days=1)).date())}" in tomorrow


def test_a_game_played_to_a_win_changes_the_statistics(orbit: Orbit) -> None:
    """The last move of a won Zodiac game, played in the page: the statistics count it."""
    won, last = helpers.one_move_from_a_zodiac_win()
    page = orbit.open(won.link().fragment())
    assert "Played 0." in open_stats(page)
    close_stats(page)
    helpers.play_via_ui(orbit, won, last, "tap")
    page.wait_for_selector("#summary[open]")
    page.locator("#summary-close").click()
    text = open_stats(page)
    assert "Zodiac" in text and "Played 1, won 1" in text, text
    orbit.assert_clean()
