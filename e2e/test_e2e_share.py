"""Sharing as phones share: a deal through the share sheet with a short link, and the link opens
the same game for a friend (pyapp/core/compact.py, Browser.copy); a daily deal's result, from
its end screen and from the statistics, through the sheet or, without one, the clipboard."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import Browser, Page, expect

import helpers
from conftest import Orbit
from pyapp.core.daily import daily_link, daily_seed
from pyapp.games import entry, get_game
from pyapp.app.session import Session

#: The page's navigator.share, recorded (Chromium headless has no share sheet).
SHARE = """
window.orbitShared = [];
navigator.share = async (data) => { window.orbitShared.push(data.url); };
"""


def test_a_phone_shares_a_short_link_through_the_share_sheet_and_it_opens_the_same_game(
        browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    page.add_init_script(SHARE)
    orbit = Orbit(page, base_url_orbit)
    session = Session.new(get_game("zodiac"), 203)
    for _ in range(40):
        session = session.played(session.legal_moves()[0])
    orbit.open(session.link().fragment())
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")
    session = session.played(token)
    if not page.locator("#copy").is_visible():
        page.locator("#more").click()
    page.locator("#copy").click()
    expect(page.locator("#notice-text")).to_have_text("Link shared.")
    shared = page.evaluate("window.orbitShared")
    assert len(shared) == 1 and shared[0].endswith(session.short_link().fragment())
    assert "&k=41." in shared[0] and len(shared[0]) < len(base_url_orbit) + 80
    notice = page.locator("#notice").bounding_box()
    assert notice is not None and notice["height"] < 80  # one short line, not the address
    friend = Orbit(context.new_page(), base_url_orbit)
    friend.open("#" + shared[0].split("#", 1)[1])
    helpers.assert_board_matches(friend.page, session)
    assert friend.page.evaluate("location.hash") == session.link().fragment()  # written out in the address
    orbit.assert_clean()
    friend.assert_clean()
    context.close()


#: navigator.share recording every message (Chromium headless has no share sheet).
SHARE_TEXT = """
window.orbitShared = [];
navigator.share = async (data) => { window.orbitShared.push(data.text || data.url); };
"""
#: A phone without a share sheet: the result goes to the clipboard.
NO_SHARE = "Object.defineProperty(Navigator.prototype, 'share', {value: undefined, configurable: true});"


def give_up_by_taps(page: Page) -> None:
    """Give up, and confirm, by taps (on a phone Give up is in the menu)."""
    for _i in range(2):
        if not page.locator("#resign").is_visible():
            page.locator("#more").tap()
        page.locator("#resign").tap()
    page.wait_for_selector("#summary[open]")


def check_message(text: str, game_id: str, day: datetime.date, base: str) -> None:
    lines = text.splitlines()
    assert entry(game_id).title in lines[0] and day.isoformat() in lines[0], text
    assert lines[-1] == base + daily_link(game_id, day), text  # the deal at move 0: no moves, no cards
    assert "m=" not in text and "k=" not in text


@pytest.mark.parametrize("sheet", [True, False])
def test_a_daily_deal_ended_on_a_phone_shares_its_result_through_the_sheet_or_the_clipboard(
        browser: Browser, base_url_orbit: str, sheet: bool) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block", reduced_motion="reduce")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.add_init_script(SHARE_TEXT if sheet else NO_SHARE)
    orbit = Orbit(page, base_url_orbit)
    day = datetime.datetime.now(datetime.timezone.utc).date()
    orbit.open(daily_link("gyre", day))
    session = Session.new(get_game("gyre"), daily_seed("gyre", day))
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")
    give_up_by_taps(page)
    share = page.locator("#summary-share")
    expect(share).to_be_visible()
    expect(share).to_have_text("Share result")
    share.tap()
    if sheet:
        expect(page.locator("#notice-text")).to_have_text("Result shared.")
        sent = page.evaluate("window.orbitShared")
        assert len(sent) == 1
        text = sent[0]
    else:
        expect(page.locator("#notice-text")).to_have_text("Result copied: paste it in a message.")
        text = page.evaluate("navigator.clipboard.readText()")
    check_message(text, "gyre", day, base_url_orbit)
    assert token not in text.split()
    # the statistics share the same result
    if not page.locator("#stats-game").is_visible():
        page.locator("#more").tap()
    page.locator("#stats-game").tap()
    page.wait_for_selector("#stats[open]")
    button = page.locator(f"#stats-share-gyre-{day.isoformat()}")
    expect(button).to_be_visible()
    button.tap()
    page.wait_for_selector("#stats:not([open])", state="attached")
    again = page.evaluate("window.orbitShared[1]") if sheet else page.evaluate("navigator.clipboard.readText()")
    check_message(again, "gyre", day, base_url_orbit)
    assert again.splitlines()[1] == text.splitlines()[1]  # the same result
    orbit.assert_clean()
    context.close()


def test_an_ordinary_deal_offers_no_share_result(orbit: Orbit) -> None:
    page = orbit.open("#g=gravity&s=42")
    for _i in range(2):
        if not page.locator("#resign").is_visible():
            page.locator("#more").click()
        page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")
    expect(page.locator("#summary-copy")).to_be_visible()
    expect(page.locator("#summary-share")).to_be_hidden()
    orbit.assert_clean()
