"""Every start path ends on a live board: with the start-up snapshot, with a broken
one, and a start that fails shows the banner with a Retry; the page runs under
its Content-Security-Policy with no violation and uses no deprecated API."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import BrowserContext, Page, Route

import helpers
from conftest import START_TIMEOUT, Orbit
from pyapp.games import get_game
from pyapp.app.session import Session

DEAL = "#g=gyre&v=1&o=&s=12345"
SNAPSHOT = "window.orbitSnapshot && {state: orbitSnapshot.state, made: orbitSnapshot.made, error: orbitSnapshot.error, restoreError: orbitSnapshot.restoreError}"


def wait_for_snapshot(orbit: Orbit) -> int:
    """The snapshot this start made once idle (the page makes one after a start without it)."""
    made = orbit.wait_until("(window.orbitSnapshot && (orbitSnapshot.made || orbitSnapshot.error)) || 0", timeout=60)
    info = orbit.page.evaluate(SNAPSHOT)
    assert info["error"] == "" and made > 0, info
    return int(made)


def play_first_move(orbit: Orbit) -> None:
    """The deal's first legal move plays by taps: the board is live."""
    session = Session.new(get_game("gyre"), 12345)
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token, how="tap")
    session = session.played(token)
    orbit.page.wait_for_function("t => location.hash === t", arg=session.link().fragment(), timeout=10_000)


@pytest.fixture
def sw_orbit(sw_context: BrowserContext, base_url_orbit: str) -> Orbit:
    """A page where the service worker may register: the page then makes its snapshot."""
    page = sw_context.new_page()
    page.emulate_media(reduced_motion="reduce")
    return Orbit(page, base_url_orbit)


def test_no_snapshot_is_made_where_the_service_worker_is_refused(orbit: Orbit) -> None:
    orbit.open(DEAL)
    orbit.page.wait_for_timeout(4000)
    assert orbit.page.evaluate(SNAPSHOT)["made"] == 0
    assert orbit.page.evaluate("caches.open('orbit-snapshot').then(c => c.keys()).then(k => k.length)") == 0


def test_a_returning_start_restores_the_snapshot_and_plays(sw_orbit: Orbit) -> None:
    orbit = sw_orbit
    orbit.open(DEAL)
    assert orbit.page.evaluate(SNAPSHOT)["state"] == "none"
    size = wait_for_snapshot(orbit)
    assert 4_000_000 < size < 32 * 1024 * 1024, size  # packed; Pyodide's restore limit is about 30 MiB unpacked
    orbit.page.reload()
    orbit.wait_ready()
    assert orbit.page.evaluate(SNAPSHOT)["state"] == "restored"
    assert orbit.page.evaluate("performance.getEntriesByName('orbit-live').length") == 1
    play_first_move(orbit)
    orbit.assert_clean()


def test_a_broken_snapshot_falls_back_to_a_normal_start_and_is_replaced(sw_orbit: Orbit) -> None:
    orbit = sw_orbit
    orbit.open(DEAL)
    wait_for_snapshot(orbit)
    # Replace the stored snapshot by garbage of the right format's magic, and by a truncated one.
    for garbage in ("new Uint8Array([0x4f, 0x52, 0x42, 0x31, 1, 2, 3])", "new Uint8Array(1000).fill(7)"):
        orbit.page.evaluate(f"""async () => {{
            const cache = await caches.open("orbit-snapshot");
            const [key] = await cache.keys();
            await cache.put(key, new Response({garbage}));
        }}""")
        orbit.page.reload()
        orbit.wait_ready()
        info = orbit.page.evaluate(SNAPSHOT)
        assert info["state"] == "failed", info
        assert orbit.page.locator("#board .card").count() > 0
        assert not orbit.page.locator("#banner").is_visible()
        wait_for_snapshot(orbit)  # a good one replaces it
    orbit.page.reload()
    orbit.wait_ready()
    assert orbit.page.evaluate(SNAPSHOT)["state"] == "restored"
    play_first_move(orbit)
    # The fallback warns in the console (a warning, not an error); nothing else went wrong.
    orbit.assert_clean()


@pytest.mark.parametrize("game_id,seed", [("square", 7), ("zodiac", 2024)])
def test_the_rehearsed_first_move_leaves_the_page_as_drawn(orbit: Orbit, game_id: str, seed: int) -> None:
    """After start-up the page rehearses a move off the page (pyapp.web.rehearsal): nothing
    the player sees, hears or can share changes, and the first real move plays as usual."""
    page = orbit.open(f"#g={game_id}&v=1&o=&s={seed}")
    before = page.evaluate("""() => [location.hash, document.querySelector('#live').textContent,
        document.querySelector('#board').innerHTML, document.querySelectorAll('body *').length]""")
    orbit.wait_until("performance.getEntriesByName('orbit-rehearsed').length")
    after = page.evaluate("""() => [location.hash, document.querySelector('#live').textContent,
        document.querySelector('#board').innerHTML, document.querySelectorAll('body *').length]""")
    assert after == before
    helpers.assert_same_as_fresh(page, None, orbit.base)
    session = Session.new(get_game(game_id), seed)
    token = session.legal_moves()[0]
    helpers.play_via_ui(orbit, session, token)
    session = session.played(token)
    page.wait_for_function("t => location.hash === t", arg=session.link().fragment())
    helpers.assert_same_as_fresh(page, None, orbit.base)
    orbit.assert_clean()


def test_a_start_that_fails_shows_the_banner_with_a_retry(page: Page, base_url_orbit: str) -> None:
    broken = {"on": True}

    def maybe_fail(route: Route) -> None:
        if broken["on"]:
            route.fulfill(status=404, body="gone")
        else:
            route.continue_()

    page.route("**/app.zip", maybe_fail)
    page.goto(base_url_orbit + DEAL)
    page.wait_for_selector("#banner-retry", timeout=START_TIMEOUT)
    assert page.locator("#banner").is_visible()
    assert "could not start" in page.locator("#banner-text").inner_text()
    assert not page.locator("#loading").is_visible()
    broken["on"] = False
    page.locator("#banner-retry").click()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)
    assert page.locator("#board .card").count() > 0


def test_a_rejected_promise_during_start_shows_the_banner(page: Page, base_url_orbit: str) -> None:
    # Pyodide's own module is refused: its dynamic import rejects, and the banner says so.
    page.route("**/pyodide.asm.mjs", lambda route: route.abort())
    page.goto(base_url_orbit + DEAL)
    page.wait_for_selector("#banner-retry", timeout=START_TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.startFailed") == "true"
    assert "pyodide.asm.mjs" in page.locator("#banner-text").inner_text()


def test_a_start_that_never_settles_shows_the_banner_after_30_s(page: Page, base_url_orbit: str) -> None:
    # The interpreter's wasm is asked for and never comes (the request is held, never
    # answered): the start never settles, so boot.js's watchdog shows the banner after 30 s,
    # on the page's clock (the test moves it on rather than wait). (A refused wasm is no
    # such case: Pyodide's start then rejects in some runs and hangs in others.)
    page.clock.install()
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(base_url_orbit + DEAL)
    deadline = time.monotonic() + START_TIMEOUT / 1000
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the page never asked for pyodide.asm.wasm"
    page.clock.run_for(29_000)
    assert page.locator("#banner-retry").count() == 0  # not before its time
    page.clock.run_for(2_000)
    page.wait_for_selector("#banner-retry", timeout=10_000)
    assert page.evaluate("document.documentElement.dataset.startFailed") == "true"
    assert "over 30 s" in page.locator("#banner-text").inner_text()


def test_the_page_runs_under_its_content_security_policy(orbit: Orbit) -> None:
    violations: list[str] = []
    orbit.page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    orbit.open(DEAL)
    policy = orbit.page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content") or ""
    for directive in ("default-src 'self'", "object-src 'none'", "base-uri 'self'", "'wasm-unsafe-eval'"):
        assert directive in policy
    play_first_move(orbit)
    assert violations == []
    # The policy is in force: an inline script is refused.
    blocked = orbit.page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), {once: true});
        const s = document.createElement("script"); s.textContent = "window.__inline = 1"; document.body.append(s);
        setTimeout(() => resolve(window.__inline ? "ran" : "none"), 1000);
    })""")
    assert blocked.startswith("script-src"), blocked
    orbit.errors = [e for e in orbit.errors if "Content Security Policy" not in e]  # the one we provoked
    orbit.assert_clean()


def test_the_page_uses_no_deprecated_api(orbit: Orbit) -> None:
    """No deprecated API on the start screen or in a game (Lighthouse's best practices):
    Pyodide's runtime as built makes no SharedArrayBuffer at load (scripts/build.py)."""
    orbit.open()
    orbit.open(DEAL)
    play_first_move(orbit)
    assert orbit.deprecations == []
    orbit.assert_clean()


def test_offline_start_restores_from_the_service_worker(sw_context: BrowserContext, base_url_orbit: str) -> None:
    page = sw_context.new_page()
    page.goto(base_url_orbit + DEAL)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)
    page.wait_for_function("navigator.serviceWorker.controller !== null && window.orbitSnapshot.made > 0",
                           timeout=START_TIMEOUT)
    sw_context.set_offline(True)
    try:
        fresh = sw_context.new_page()
        fresh.goto(base_url_orbit + DEAL)
        fresh.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)
        assert fresh.evaluate(SNAPSHOT)["state"] == "restored"
        assert fresh.locator("#board .card").count() > 0
    finally:
        sw_context.set_offline(False)
