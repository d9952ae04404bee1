"""The page says what it means and takes every input, in Chromium: Watch names each move
in words and loses no quick click on a phone; Gyre's and Gravity's end screens and
statistics speak their own measure (points, piles left); the header names the game, its
variants and today's deal, nothing in it cut off, and Home is a labelled 44 px button;
the menu's switches are 24 px and Give up's confirmation does not shift the toolbar.
Screenshots go to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import Orbit
from helpers import play_via_ui
from pyapp.games import get_game
from pyapp.app.session import Session

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))
GYRE_7 = "#g=gyre&v=1&o=&s=7&m=C6H0.P0.C7D4.P4.C4C3.P3.CTS0.P0.C7S0.P0"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_watch_says_moves_in_words_and_no_quick_click_is_lost(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="no-preference", has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        orbit.open(GYRE_7)
        page.locator("#more").click()
        page.locator("#watch").click()
        page.wait_for_selector("#actions .replay-bar")
        box = page.locator("#rp-forward").bounding_box()
        assert box is not None
        for _ in range(5):  # Gyre's captures show two forced steps each: clicks come while they are shown
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_timeout(100)
        orbit.idle()
        page.wait_for_function("() => document.getElementById('rp-seek').value === '5'", timeout=5000)
        orbit.idle()
        prompt = page.locator("#prompt").inner_text()
        assert "Move 5 of 10: " in prompt and "C4C3" not in prompt and " to " in prompt, prompt
        shot(page, "words-watch-390.png")
        orbit.assert_clean()
    finally:
        context.close()


def give_up(page: Page) -> None:
    for _ in range(2):  # the second press confirms
        if not page.locator("#resign").is_visible():
            page.locator("#more").click()
        page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")


def open_stats(page: Page) -> str:
    if not page.locator("#stats-game").is_visible():
        page.locator("#more").click()
    page.locator("#stats-game").click()
    page.wait_for_selector("#stats[open]")
    return page.locator("#stats-body").inner_text()


def test_gyre_and_gravity_end_screens_and_statistics_speak_their_own_measure(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open("#g=gyre&v=1&o=&s=12345")
    session = Session.new(get_game("gyre"), 12345)
    play_via_ui(orbit, session, session.legal_moves()[0], how="tap")
    give_up(page)
    summary = page.locator("#summary").inner_text()
    assert "win" not in summary.lower() and "points" in summary, summary  # Gyre has no win
    shot(page, "words-end-gyre-1280.png")
    page.locator("#summary-close").click()
    stats = open_stats(page)
    assert "won" not in stats.lower() and "streak\t" not in stats.lower() and " points" in stats, stats
    page.locator("#stats-close").click()
    page = orbit.open("#g=gravity&v=1&o=&s=5")
    session = Session.new(get_game("gravity"), 5)
    play_via_ui(orbit, session, session.legal_moves()[0], how="tap")
    give_up(page)
    summary = page.locator("#summary").inner_text()
    assert "a win is one pile left" in summary and "piles left" in summary, summary
    shot(page, "words-end-gravity-1280.png")
    page.locator("#summary-close").click()
    stats = open_stats(page)
    assert "Won (one pile left)" in stats and "piles left" in stats and "Rating bands" in stats, stats
    shot(page, "words-stats-1280.png")
    orbit.assert_clean()


def shown_heading(page: Page) -> str:
    """The game's heading the player sees: the header's title, or (a phone on its side) the one beside the board."""
    return " ".join(page.locator(sel).inner_text() for sel in ("#title", "#heading") if page.locator(sel).is_visible())


def test_the_header_names_the_game_its_variants_and_todays_deal_and_home_is_a_labelled_button(
        browser: Browser, base_url_orbit: str) -> None:
    for width, height in ((1280, 800), (390, 844), (844, 390)):
        phone = width < 1000
        context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                      reduced_motion="reduce", has_touch=phone, is_mobile=phone)
        try:
            page = context.new_page()
            orbit = Orbit(page, base_url_orbit)
            orbit.open("#g=gyre&v=1&o=jokers,easy&s=5")
            words = shown_heading(page)
            assert "Gyre" in words and "jokers" in words and "Easier" in words, (width, words)
            home = page.locator("#home")
            box = home.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, (width, box)
            label = home.inner_text().strip()
            assert label and label != "◉" and ("Games" in label or "Orbit" in label), (width, label)
            orbit.close_tip()  # (a first deal's tip, read and closed)
            home.click()
            page.wait_for_selector("#start:not([hidden])")
            page.locator('[data-daily="gravity"]').click()
            page.wait_for_selector("#board .card[data-card]")
            words = shown_heading(page)
            assert "Gravity" in words and "Today's deal" in words, (width, words)
            for sel in ("#home", "#title", "#heading", "#tools"):  # nothing in the header is cut off
                b = page.locator(sel).bounding_box() if page.locator(sel).is_visible() else None
                assert b is None or (b["x"] >= 0 and b["x"] + b["width"] <= width + 0.5), (width, sel, b)
            shot(page, f"words-header-{width}x{height}.png")
            orbit.assert_clean()
        finally:
            context.close()


def test_menu_switches_are_24_px_and_give_up_does_not_shift_the_toolbar(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open("#g=gyre&v=1&o=&s=12345")
    tools = ("#undo", "#restart", "#resign", "#copy", "#more")
    before = [page.locator(t).bounding_box() for t in tools]
    page.locator("#resign").click()
    assert "Sure" in page.locator("#resign").inner_text()
    after = [page.locator(t).bounding_box() for t in tools]
    assert all(a is not None and b is not None and abs(a["x"] - b["x"]) < 2 and abs(a["width"] - b["width"]) < 2
               for a, b in zip(after, before)), (before, after)
    page.keyboard.press("Escape")
    page.locator("#more").click()
    boxes = [page.locator("#settings input[type=checkbox]").nth(i).bounding_box()
             for i in range(page.locator("#settings input[type=checkbox]").count())]
    assert boxes and all(b is not None and b["width"] >= 24 and b["height"] >= 24 for b in boxes), boxes
    orbit.assert_clean()
