"""The solver's own thread in Chromium (issue 45): once the page is idle a Web Worker with its
own Pyodide (static/solver-worker.mjs) answers "Can I still win?", the page's thread runs no
search step (``window.orbitSolver``, written by pyapp/web/browser.py, counts the slices each
ran), it works offline from the service worker's cache, a move during a search cancels it and
the next answer is for the new position, and a whole game with the standing verdict on runs no
search step on the page's thread (whether taking the worker's answers makes a long task is a
timing: ``bench/input_latency.py --worker``)."""

from __future__ import annotations

import sys
from typing import Any

from playwright.sync_api import BrowserContext, Page

from conftest import CACHED, Orbit
from helpers import play_via_ui
from pyapp.app.session import Session
from pyapp.games import entry, get_game
from pyapp.solve.verdicts import Verdicts, verdict_words

WORKER_READY = "() => window.orbitSolver && window.orbitSolver.state === 'worker'"


def solver(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("() => ({...window.orbitSolver, stats: undefined})"))


def notice(page: Page) -> str:
    return page.locator("#notice-text").inner_text() if page.locator("#notice").is_visible() else ""


def local_words(session: Session) -> str:
    """What the page's own search says of the position (CPython, the same solver)."""
    v = Verdicts()
    found = v.ask(session.game.id, session.states)
    while found is None:
        found = v.step(0.05)
    return verdict_words(entry(session.game.id), found)


def test_a_verdict_asked_is_answered_by_the_worker_and_the_page_searches_nothing(orbit: Orbit) -> None:
    page = orbit.open("#g=square&s=6")  # Square's deal 6 can be filled
    orbit.wait_until(WORKER_READY)
    before = solver(page)
    assert before["startMs"] > 0 and before["findings"] == 0
    page.keyboard.press("w")
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    after = solver(page)
    assert after["findings"] == 1 and after["slices"] > before["slices"]  # the worker searched it
    assert after["pageSlices"] == 0 and after["state"] == "worker"  # and the page's thread did not
    assert page.locator("#notice-action").inner_text() == "Show me"
    orbit.assert_clean()


def test_a_verdict_is_answered_by_the_worker_with_the_network_off(orbit: Orbit, sw_context: BrowserContext) -> None:
    page = sw_context.new_page()
    o = Orbit(page, orbit.base)
    o.open("#g=square&s=6")
    o.wait_until(CACHED)
    sw_context.set_offline(True)
    try:
        page.reload()
        o.wait_ready()
        o.wait_until(WORKER_READY)
        page.keyboard.press("w")
        o.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
        found = solver(page)
        assert found["findings"] == 1 and found["slices"] > 0 and found["pageSlices"] == 0
    finally:
        sw_context.set_offline(False)
    o.assert_clean()


def worker_status(page: Page) -> tuple[int, bool, int]:
    """The worker's own count of its slices, whether it searches and how many positions the request
    it answers has: asked for, so every message it had to read before (a cancel) has been read."""
    page.evaluate("() => { window.orbitSolver.wasm = 0; window.orbitSolver.stats(); }")
    page.wait_for_function("() => window.orbitSolver.wasm > 0")
    got = page.evaluate("[window.orbitSolver.slices, window.orbitSolver.busy, window.orbitSolver.positions]")
    return int(got[0]), bool(got[1]), int(got[2])


def test_a_move_during_a_search_cancels_it_and_the_next_answer_is_for_the_new_position(orbit: Orbit) -> None:
    session = Session.new(get_game("gyre"), 5)  # a fresh Gyre deal searched to its budget: seconds in the worker
    page = orbit.open(session.link().fragment())
    orbit.wait_until(WORKER_READY)
    page.keyboard.press("w")
    orbit.wait_until("() => window.orbitSolver.slices > 2")  # the worker searches the deal
    assert worker_status(page)[1:] == (True, 1)
    token = session.legal_moves()[0]
    play_via_ui(orbit, session, token, how="tap")  # while it searches
    session = session.played(token)
    orbit.idle()
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    for _unused in range(3):  # the deal's search stopped: the worker is idle, or searches the new position
        slices, busy, positions = worker_status(page)
        assert not busy or positions == 2, (busy, positions)
        page.wait_for_timeout(200)
    # the deal was never answered (a finding, if any, is the new position's: searched ahead of the ask)
    assert solver(page)["findings"] == 0 or solver(page)["lastAt"] == 1
    assert "Searching" not in notice(page)
    page.keyboard.press("w")
    expected = local_words(session)
    orbit.wait_until("() => window.orbitSolver.lastAt === 1", timeout=120)
    orbit.wait_until("() => !document.querySelector('#notice-text').textContent.startsWith('Searching')")
    # the range proved so far comes first (a glimpse), then the search's own verdict, the same as here
    page.wait_for_function("w => document.querySelector('#notice-text').textContent.startsWith(w)", arg=expected,
                           timeout=120_000)
    assert solver(page)["pageSlices"] == 0
    orbit.assert_clean()


def test_the_page_runs_no_search_step_during_a_whole_game_with_the_standing_verdict(orbit: Orbit) -> None:
    """The solver's work is the worker's: through a whole game by taps with the standing verdict on,
    the worker answers position after position while the page's thread only takes its answers.
    Whether taking them ever makes a long task is a timing, measured on a quiet machine by
    ``bench/input_latency.py --worker`` (docs/PERFORMANCE.md): on the test machine two pages and
    their workers share two cores, and a 10 ms answer can take 75 ms of the wall clock."""
    page = orbit.open("#g=square&s=6")
    page.evaluate("localStorage.setItem('orbit.settings', JSON.stringify(['verdict']))")
    page = orbit.open("#g=square&s=6")  # the setting as a returning player has it
    orbit.wait_until(WORKER_READY)
    searched_here = solver(page)["pageSlices"]  # (the deal's verdict, searched here before the worker was ready)
    session = Session.new(get_game("square"), 6)
    greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move")
    handled = 0  # the page taking the worker's messages (measured by the binding)
    answered = moves = 0
    while session.legal_moves():
        token = greedy(session.state)
        play_via_ui(orbit, session, token, how="tap")
        session = session.played(token)
        moves += 1
        page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
        orbit.idle()
        page.wait_for_timeout(700)  # the player thinks: the worker searches the position (the standing verdict)
        if "searching" not in page.locator("#verdict-line").inner_text():
            answered += 1
        handled += page.evaluate("""() => { const n = performance.getEntriesByName('orbit-solver').length;
            performance.clearMeasures('orbit-solver'); return n; }""")
    info = solver(page)
    assert info["pageSlices"] == searched_here, info  # not one search step on the page's thread
    assert handled and answered >= moves // 2 and info["findings"] >= answered // 2, (info, answered, moves)
    orbit.assert_clean()


NOTICES = """() => { window.__notices = []; const n = document.querySelector('#notice-text');
    new MutationObserver(() => { const t = n.textContent; if (window.__notices.at(-1) !== t) window.__notices.push(t); })
        .observe(n, {childList: true, characterData: true, subtree: true}); }"""


def test_gyre_shows_a_range_while_the_worker_searches_then_narrows_it_to_the_searchs_own(orbit: Orbit) -> None:
    session = Session.new(get_game("gyre"), 5)  # 55 to 62 after its 10,000 nodes: seconds in the worker
    page = orbit.open(session.link().fragment())
    orbit.wait_until(WORKER_READY)
    page.evaluate(NOTICES)
    page.keyboard.press("w")
    expected = local_words(session)
    page.wait_for_function("w => window.__notices.includes(w)", arg=expected, timeout=120_000)
    said = [t for t in page.evaluate("window.__notices") if t.startswith("The best possible")]
    assert said.index(expected) > 0, said  # a range came before the search's end (then it may narrow further)
    ranges = [tuple(int(x) for x in t.removeprefix("The best possible: ").rstrip(".").split(" to ")) for t in said]
    assert all(a[0] <= b[0] and a[-1] >= b[-1] for a, b in zip(ranges, ranges[1:])), said  # never wider
    assert solver(page)["pageSlices"] == 0
    orbit.assert_clean()
