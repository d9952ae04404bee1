"""The pre-solved pools in Chromium (static/pools/, pyapp/app/hunt.py): the page loads the pool of
the rules played from its own origin, and New deal's "Winnable deals only" then deals at once,
with no search notice; today's deal after the cut-over (a clock set to 2026-12-07) comes from
the daily pool and its end screen shows its par. Screenshots go to ``e2e/artifacts/`` (or
``$ORBIT_SHOTS``): the New deal dialog and the daily end screen, on a phone and a laptop."""

from __future__ import annotations

import datetime
import os
import time
from pathlib import Path

import pytest

from conftest import Orbit
from pyapp.app.session import Session
from pyapp.core.daily import daily_era, daily_par, daily_pool, daily_seed

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
#: A day after the cut-over (2026-12-06): its daily deals come from the daily pools.
DAY = datetime.datetime(2026, 12, 7, 12, 0, tzinfo=datetime.timezone.utc)
#: A day of each version of the daily pools (pyapp/core/daily.py, DAILY_POOL_ERAS): the phone plays one, the laptop the other.
DAYS = {"phone": DAY, "laptop": datetime.datetime(2027, 2, 2, 12, 0, tzinfo=datetime.timezone.utc)}
NOTICES = """() => { window.said = []; new MutationObserver(() => window.said.push(
    document.querySelector('#notice-text').textContent)).observe(document.querySelector('#notice'),
    {subtree: true, childList: true, characterData: true}); }"""


def pool_loaded(name: str) -> str:
    return (f"() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/static/pools/{name}')"
            " && e.responseEnd > 0)")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_winnable_deals_only_deals_at_once_from_the_pool_with_no_search_notice(orbit: Orbit, size: str) -> None:
    orbit.page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page = orbit.open("#g=gravity&s=5")
    orbit.wait_until(pool_loaded("gravity.pool"))
    page.wait_for_timeout(200)  # (the bytes handed to Python)
    page.evaluate(NOTICES)
    page.locator("#new").click()
    dialog = page.locator("#newgame")
    dialog.locator('input[name="winnable"]').check()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pools-newdeal-{size}.png"))
    began = time.perf_counter()
    dialog.locator("#deal-go").click()
    page.wait_for_function("() => !location.hash.includes('s=5&') && !location.hash.endsWith('s=5')")
    waited = time.perf_counter() - began
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('Deal ')")
    said = page.locator("#notice-text").inner_text()
    session = Session.from_link(str(page.evaluate("location.hash")))
    assert said == f"Deal {session.seed}: the solver has proved it can be won.", said
    assert not [s for s in page.evaluate("window.said") if "Looking" in s], page.evaluate("window.said")
    print(f"\n{size}: the winnable deal {session.seed} came {waited * 1000:.0f} ms after Deal")
    page.screenshot(path=str(SHOTS / f"pools-dealt-{size}.png"))
    page.keyboard.press("w")  # the deal is winnable, as its words said
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    orbit.assert_clean()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_todays_deal_after_the_cut_over_is_from_the_pool_and_its_end_screen_shows_its_par(orbit: Orbit,
                                                                                        size: str) -> None:
    orbit.page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    day = DAYS[size]
    orbit.page.clock.set_fixed_time(day)
    page = orbit.open("")
    today = page.locator('[data-daily="gyre"]')
    today.click()
    page.wait_for_function("() => location.hash.includes('&s=')")
    daily = Session.from_link(str(page.evaluate("location.hash")))
    era = daily_era(day.date())
    assert era is not None and era[1] == (1 if size == "phone" else 2)
    pool = daily_pool("gyre", era[1])
    par = daily_par("gyre", day.date())
    assert pool is not None and par is not None and par.score is not None
    assert daily.seed == daily_seed("gyre", day.date()) and pool.has(daily.seed)
    for _press in range(2):  # Give up, pressed twice (on a phone, in the tools' overflow menu)
        if not page.locator("#resign").is_visible():
            page.locator("#more").click()
        page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")
    summary = page.locator("#summary")
    orbit.wait_until("() => document.querySelector('#summary').textContent.includes(\"Today's par\")")
    assert f"Today's par: {par.score}, the best score possible." in summary.inner_text()
    page.screenshot(path=str(SHOTS / f"pools-daily-par-{size}.png"))
    orbit.assert_clean()


def test_a_corrupt_pool_is_said_on_the_console_and_the_search_deals(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    warned: list[str] = []
    orbit.page.on("console", lambda msg: warned.append(msg.text) if msg.type == "warning" else None)
    orbit.page.route("**/static/pools/square.pool", lambda route: route.fulfill(status=200, body=b"<!doctype html>"))
    page = orbit.open("#g=square&s=6")
    orbit.wait_until("() => true")
    page.wait_for_timeout(500)
    assert any("square.pool: pool file: it does not start with ORBP" in w for w in warned), warned
    page.locator("#new").click()
    page.locator("#newgame").locator('input[name="winnable"]').check()
    page.locator("#newgame").locator("#deal-go").click()
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('Deal ')", timeout=120)
    assert "s=6&" not in page.evaluate("location.hash") + "&"
    assert "tried: the solver found a line that wins it." in page.locator("#notice-text").inner_text()  # the search's
    orbit.assert_clean()
