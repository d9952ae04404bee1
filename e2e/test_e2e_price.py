"""Square's price on a phone, in Chromium with its animations on: a card dropped on a
cell that costs cards stays on that cell, marked as waiting for its price, while the
cards to pay are picked; after a finger's drag, taps on them 100 to 200 ms after the
drop, in the middle of what shows of each, all count, and Confirm plays the move, ten
times out of ten."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect

from conftest import Orbit
import helpers
from helpers import card_locator, pile_locator
from pyapp.games import get_view
from pyapp.app.session import Session
from pyapp.core.table import Table

def square_table(session: Session) -> Table:
    return get_view("square").table(session.state, False, frozenset())


def priced(session: Session) -> bool:
    return any(g.pick and g.pick.count >= 2 for g in square_table(session).gestures)


def test_taps_right_after_a_drop_pay_the_price_ten_times_out_of_ten(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block")  # animations on, as on a phone
    page = context.new_page()
    orbit = Orbit(page, base_url_orbit)
    session = helpers.find_position("square", "", lambda s: len(s.moves) >= 4 and priced(s), 40, seeds=200, stride=(5, 3))
    orbit.open(session.link().fragment())
    before = page.evaluate("location.hash")
    t = square_table(session)
    gesture = next(g for g in t.gestures if g.pick and g.pick.count >= 2)
    assert gesture.source is not None and gesture.target is not None and gesture.pick is not None
    options = gesture.pick.options
    done = 0
    cdp = context.new_cdp_session(page)
    for attempt in range(10):
        picked, token = options[(attempt * 7) % len(options)]
        page.wait_for_timeout(400)  # the cards are back in their places (they slide for 0.2 s)
        # where the player sees the cards to pay before the drop
        spots = page.evaluate("""places => places.map(([at, i]) => {
            const el = document.querySelector(`#board .card[data-at="${at}"][data-index="${i}"]`), r = el.getBoundingClientRect();
            const xs = []; for (let x = r.left + 1; x < r.right; x += 2) if (el.contains(document.elementFromPoint(x, r.top + r.height / 2))) xs.push(x);
            return [xs[Math.floor(xs.length / 2)], r.top + r.height / 2]; })""", [list(p) for p in picked])
        a = card_locator(page, *gesture.source).bounding_box()
        b = pile_locator(page, gesture.target).bounding_box()
        assert a and b
        # a finger's drag: down on the hand card, along to the cell, up there
        x0, y0 = a["x"] + 8, a["y"] + a["height"] / 2
        x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for k in range(1, 9):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        dropped = time.monotonic()
        wait = 0.1 + 0.1 * attempt / 9  # 100 to 200 ms after the drop
        for x, y in spots:  # the middle of what shows of each card to pay
            time.sleep(max(0.0, dropped + wait - time.monotonic()))
            page.touchscreen.tap(x, y)
            dropped = time.monotonic() - wait + 0.06  # the next tap a little later
        confirm = page.locator("#act-pick-confirm")
        if confirm.count() and confirm.is_enabled():
            confirm.tap()
            orbit.idle()
            if page.evaluate("location.hash") != before:
                expected = Session.from_link(session.link())
                expected = expected.played(token)
                assert page.evaluate("location.hash") == expected.link().fragment()
                done += 1
        if page.evaluate("location.hash") != before:
            page.locator("#undo").tap()
            orbit.idle()
        elif page.locator("#act-pick-cancel").count():
            page.locator("#act-pick-cancel").tap()
        expect(page.locator("#act-pick-confirm")).to_have_count(0)
        assert page.evaluate("location.hash") == before
    assert done == 10
    assert orbit.errors == [] and orbit.off_origin == []
    context.close()
