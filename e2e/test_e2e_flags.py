"""The Chromium the end-to-end tests drive: Playwright's own features stay off, and the
browser's omnibox popup is not readied for every context (e2e/conftest.py's ``E2E_FLAGS``:
each popup cost a renderer of its own per test, docs/PERFORMANCE.md, "The test suite")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from conftest import E2E_DISABLED, e2e_flags, playwright_disabled_features


def test_one_list_of_features_off_holds_playwrights_and_ours(monkeypatch: Any) -> None:
    """Chromium reads only the last ``--disable-features``: the suite's one list must hold every
    feature Playwright's driver turns off (read from the installed driver) and ours."""
    theirs = playwright_disabled_features()
    assert "PaintHolding" in theirs and "HttpsUpgrades" in theirs, theirs  # (the driver's list was read)
    monkeypatch.delenv("ORBIT_E2E_FLAGS", raising=False)
    lists = [flag.split("=", 1)[1].split(",") for flag in e2e_flags() if flag.startswith("--disable-features=")]
    assert len(lists) == 1 and set(lists[0]) == {*theirs, *E2E_DISABLED}, lists


def test_a_new_context_readies_no_omnibox_popup(browser: Browser, base_url_orbit: str) -> None:
    """A context and its page, as every test makes them: the browser's targets hold the page and
    no popup of the address bar (without the flag, two ``chrome://omnibox-popup.top-chrome/``
    targets of the browser's own interface appear with every new window)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url_orbit + "static/icon.svg")
        page.wait_for_timeout(500)  # (the popup is readied just after the window opens)
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    assert any(t["type"] == "page" and t["url"].endswith("icon.svg") for t in targets), targets
    assert not [t["url"] for t in targets if "omnibox" in t["url"]], targets
