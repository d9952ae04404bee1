"""Issue 22 in Chromium, "A phone player never squints or guesses": what the page shows
and how it takes input. Each test failed on the build before the issue's work.
Screenshots go to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import Orbit

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
