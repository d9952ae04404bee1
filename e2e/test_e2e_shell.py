"""The page shell: start screen, links, resume, bad input, offline, requests."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, expect

from conftest import START_TIMEOUT, Orbit
from helpers import assert_board_matches, session_of


def test_start_screen_lists_the_four_games(orbit: Orbit) -> None:
    page = orbit.open()
    expect(page.locator("#start")).to_be_visible()
    for game in ("gravity", "square", "gyre", "zodiac"):
        tile = page.locator(f'.tile[data-game="{game}"]')
        expect(tile).to_be_enabled()
        expect(tile).not_to_contain_text("Coming soon")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#tools")).to_be_hidden()  # no game, no game tools
    page.locator('.tile[data-game="gyre"]').click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#tools")).to_be_visible()
    assert str(page.evaluate("location.hash")).startswith("#g=gyre&v=1&o=&s=")
    assert_board_matches(page)
    orbit.assert_clean()


def test_deep_link_shows_exactly_that_deal(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=jokers&s=123456789")
    assert page.evaluate("location.hash") == "#g=gyre&v=1&o=jokers&s=123456789"
    session = assert_board_matches(page)
    assert session.options_text == "jokers"
    orbit.assert_clean()


def test_malformed_links_open_a_playable_game_with_a_notice(orbit: Orbit) -> None:
    """The first opens the page; the others are followed in it, as links in an open tab
    (the same parsing of the link as at a start, pyapp/app/opening.py)."""
    for i, bad in enumerate(("#g=gyre&v=1&o=&s=banana", "#g=gyre&v=7&s=1", "#g=nope&v=1&s=1",
                             "#g=gyre&v=1&o=turbo&s=1", "#%%%")):
        if i == 0:
            page = orbit.open(bad)
        else:
            page.locator("#notice-close").click()
            expect(page.locator("#notice")).to_be_hidden()
            page = orbit.follow(bad)
        expect(page.locator("#notice")).to_be_visible()
        expect(page.locator("#notice-text")).to_contain_text("could not be opened")
        expect(page.locator("#board .card").first).to_be_visible()
        assert_board_matches(page)
    orbit.assert_clean()


def test_a_link_with_an_illegal_move_opens_up_to_that_move(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=5")
    first = session_of(page).legal_moves()[0]
    # a fresh start on the link (Orbit.open goes through about:blank): a goto that changes only
    # the part after "#" would be a hashchange in the page already open, not a start
    page = orbit.open(f"#g=gyre&v=1&o=&s=5&m={first}.CAS5")
    expect(page.locator("#notice-text")).to_contain_text("move 2")
    assert page.evaluate("location.hash") == f"#g=gyre&v=1&o=&s=5&m={first}"
    assert_board_matches(page)
    orbit.assert_clean()


def test_reload_resumes_and_a_corrupt_save_is_set_aside(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=easy&s=77")
    move = session_of(page).legal_moves()[0]
    orbit.follow(f"#g=gyre&v=1&o=easy&s=77&m={move}")  # until the page has opened it, not only set it
    assert_board_matches(page)
    # reload with no link: the saved game comes back
    page.goto(orbit.base)
    orbit.wait_ready()
    assert page.evaluate("location.hash") == f"#g=gyre&v=1&o=easy&s=77&m={move}"
    assert_board_matches(page)
    # corrupt the save: the player is told, the bad save is kept aside, a game starts
    page.evaluate("localStorage.setItem('orbit.save.gyre', '{not json')")
    page.goto(orbit.base)
    orbit.wait_ready()
    expect(page.locator("#notice-text")).to_contain_text("could not be read")
    assert page.evaluate("localStorage.getItem('orbit.corrupt.gyre')") == "{not json"
    assert_board_matches(page)
    saved = json.loads(page.evaluate("localStorage.getItem('orbit.save.gyre')"))
    assert saved["link"] == page.evaluate("location.hash")
    orbit.assert_clean()


def test_game_starts_when_storage_is_refused(orbit: Orbit) -> None:
    # As in a sandboxed iframe: localStorage throws on every use.
    orbit.page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"
    )
    page = orbit.open("#g=gyre&v=1&o=&s=8")
    move = session_of(page).legal_moves()[0]
    orbit.follow(f"#g=gyre&v=1&o=&s=8&m={move}")
    assert_board_matches(page)
    assert not page.locator("#banner").is_visible()


def test_offline_after_one_visit(sw_context: BrowserContext, base_url_orbit: str) -> None:
    page = sw_context.new_page()
    orbit = Orbit(page, base_url_orbit)
    orbit.open("#g=gravity&v=1&o=&s=3")
    # wait for the service worker to control the page and finish precaching
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=START_TIMEOUT)
    orbit.wait_until(
        """async () => { const keys = (await caches.keys()).filter(k => k !== "orbit-snapshot");
            if (keys.length !== 1) return false;
            const c = await caches.open(keys[0]); return (await c.keys()).length > 25; }"""
    )
    sw_context.set_offline(True)
    page.reload()
    orbit.wait_ready()
    session = assert_board_matches(page)
    move = session.legal_moves()[0]
    orbit.follow(f"#g=gravity&v=1&o=&s=3&m={move}")
    assert_board_matches(page)
    # the solver is part of the app: Can I still win? answers offline too (this position is
    # won in CPython's search as well: pyapp.solve.solve_state)
    page.keyboard.press("w")
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    # a new tab, offline, also starts
    other = sw_context.new_page()
    o2 = Orbit(other, base_url_orbit)
    o2.open("#g=gyre&v=1&o=&s=4")
    assert_board_matches(other)
    assert orbit.errors == [] and o2.errors == []
    assert orbit.off_origin == [] and o2.off_origin == []


def test_a_python_exception_in_a_handler_shows_the_banner_and_keeps_the_game(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=2")
    # A pointer event without coordinates or button makes the handler raise in Python.
    page.evaluate("document.querySelector('#board').dispatchEvent(new Event('pointerdown'))")
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner-text")).to_contain_text("Something went wrong")
    assert any("Solitaire Orbit" in e for e in orbit.errors)  # the traceback went to the console
    page.locator("#banner-close").click()
    expect(page.locator("#banner")).to_be_hidden()
    session = session_of(page)
    move = session.legal_moves()[0]
    orbit.follow(f"#g=gyre&v=1&o=&s=2&m={move}")
    assert_board_matches(page)


def test_rules_panel_and_giving_up(orbit: Orbit) -> None:
    page = orbit.open("#g=gravity&v=1&o=&s=6")
    page.locator("#help").click()
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-body")).to_contain_text("PLANET")
    page.locator("#rules button").click()
    expect(page.locator("#rules")).to_be_hidden()
    session = session_of(page)
    page.locator("#resign").click()
    expect(page.locator("#resign")).to_contain_text("Sure")
    assert page.evaluate("location.hash") == "#g=gravity&v=1&o=&s=6"  # one press does nothing yet
    page.locator("#resign").click()
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#summary-body")).to_contain_text(str(session.score()))
    assert page.evaluate("location.hash") == "#g=gravity&v=1&o=&s=6&m=q"
    assert page.locator("#board").get_attribute("data-status") == "finished"
    page.locator("#summary-close").click()
    page.locator("#undo").click()
    assert page.evaluate("location.hash") == "#g=gravity&v=1&o=&s=6"
    assert page.locator("#board").get_attribute("data-status") == "playing"
    orbit.assert_clean()


def test_opening_a_link_keeps_the_game_in_progress(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=21")
    move = session_of(page).legal_moves()[0]
    mine = f"#g=gyre&v=1&o=&s=21&m={move}"
    orbit.follow(mine)
    # a friend's link to another deal of the same game
    orbit.follow("#g=gyre&v=1&o=easy&s=22")
    expect(page.locator("#notice-text")).to_contain_text("Your game in progress was kept")
    assert_board_matches(page)
    page.locator("#notice-action").click()
    page.wait_for_function("t => location.hash === t", arg=mine)
    assert_board_matches(page)
    orbit.assert_clean()


def test_a_link_followed_is_opened_when_the_page_draws_before_its_hashchange(orbit: Orbit) -> None:
    """A draw between a link followed and its hashchange event (here a resize; in the axe-core
    test, the close event of a dialog closed by Escape, which comes with the next frame) opens
    the link: it wrote the old address back over it, the hashchange then read the old address and
    the link was lost (pyapp/web/address.py)."""
    page = orbit.open("#g=zodiac&s=5")
    page.evaluate("""f => new Promise(done => {
        addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
        location.hash = f;
        dispatchEvent(new Event('resize'));  // the page draws before it hears of the link
    })""", "#g=zodiac&s=5&m=S.S.S")
    orbit.idle()
    assert page.evaluate("location.hash") == "#g=zodiac&v=1&o=&s=5&m=S.S.S"
    assert_board_matches(page)
    orbit.assert_clean()
