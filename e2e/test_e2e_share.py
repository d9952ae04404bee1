"""Sharing a deal as phones share: the share sheet with a short link, and the link opens
the same game for a friend (pyapp/core/compact.py, Browser.copy)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

import helpers
from conftest import Orbit
from pyapp.games import get_game
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
