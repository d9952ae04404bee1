"""Watching a game again, in Chromium: a game played to its end is watched again (step,
seek, play and pause) and played on from its middle, on a laptop and on a phone; a
Gravity game's replay steps a stack with its collapse choices as one move, as the status
line counts. Screenshots of the replay go to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import Orbit
from helpers import assert_board_matches, play_via_ui
from pyapp.games import get_game, moves_made
from pyapp.app.replay import Replay
from pyapp.app.session import Session

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def replay_index(page: Page) -> int:
    return int(page.locator("#rp-seek").input_value())



def at(session: Session, n: int) -> Session:
    s = Session.new(session.game, session.seed, session.options_text)
    for token in session.moves[:n]:
        s = s.played(token)
    return s


def test_play_to_the_end_watch_the_replay_step_seek_play_and_play_from_its_middle(orbit: Orbit) -> None:
    done = Session.new(get_game("gyre"), 77)
    while done.legal_moves():
        done = done.played(done.legal_moves()[0])
    n = len(done.moves)
    before_end = at(done, n - 1)
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open(before_end.link().fragment())
    play_via_ui(orbit, before_end, done.moves[-1], how="tap")  # the last move, played in the page
    page.wait_for_selector("#summary[open]")
    assert page.locator("#summary-replay").is_visible()
    page.locator("#summary-replay").click()
    page.wait_for_selector("#actions .replay-bar")
    assert page.locator("#rp-seek").get_attribute("max") == str(n) and replay_index(page) == 0
    assert_board_matches(page, at(done, 0))
    assert page.evaluate("location.hash") == done.link().fragment()  # the address keeps the game
    page.locator("#rp-forward").click()
    page.locator("#rp-forward").click()
    page.locator("#rp-back").click()
    orbit.idle()
    assert replay_index(page) == 1 and "Move 1 of" in page.locator("#prompt").inner_text()
    assert_board_matches(page, at(done, 1))
    # jump with the slider (the change a player's release makes)
    page.evaluate("""n => { const s = document.getElementById('rp-seek'); s.value = String(n);
                            s.dispatchEvent(new Event('change', {bubbles: true})); }""", n // 2)
    orbit.idle()
    assert replay_index(page) == n // 2
    assert_board_matches(page, at(done, n // 2))
    assert page.locator("#board .card.movable").count() == 0  # nothing to play on a replay
    shot(page, "replay-1280.png")
    # play at the fastest speed, then pause
    page.select_option("#rp-speed", "8")
    page.locator("#rp-play").click()
    page.wait_for_function("k => Number(document.getElementById('rp-seek').value) >= k", arg=n // 2 + 3)
    page.locator("#rp-play").click()  # pause
    orbit.idle()
    paused = replay_index(page)
    page.wait_for_timeout(600)
    assert replay_index(page) == paused and "Play" in page.locator("#rp-play").inner_text()
    assert_board_matches(page, at(done, paused))
    # play on from here: a game at that position, the rest on Redo
    page.locator("#rp-here").click()
    page.wait_for_selector("#actions .replay-bar", state="detached")
    mid = at(done, paused)
    page.wait_for_function("h => location.hash === h", arg=mid.link().fragment())
    assert_board_matches(page, mid)
    assert not page.locator("#redo").is_disabled()
    token = mid.legal_moves()[-1]
    play_via_ui(orbit, mid, token, how="drag")
    mid = mid.played(token)
    page.wait_for_function("h => location.hash === h", arg=mid.link().fragment())
    assert_board_matches(page, mid)
    orbit.assert_clean()


def test_the_replay_screen_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    done = Session.new(get_game("zodiac"), 5)
    for _ in range(40):
        done = done.played(done.legal_moves()[0])
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="reduce", has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        orbit.open(done.link().fragment())
        page.locator("#more").click()
        page.locator("#watch").click()
        page.wait_for_selector("#actions .replay-bar")
        page.locator("#rp-end").click()
        page.locator("#rp-back").click()
        orbit.idle()
        assert replay_index(page) == 39
        assert_board_matches(page, at(done, 39))
        for name in ("rp-back", "rp-play", "rp-forward", "rp-here", "rp-close"):  # all on the screen, none cut off
            box = page.locator(f"#{name}").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 36
        shot(page, "replay-390.png")
        page.locator("#rp-close").click()
        page.wait_for_selector("#actions .replay-bar", state="detached")
        assert_board_matches(page, done)
        orbit.assert_clean()
    finally:
        context.close()


def test_watching_gravity_steps_a_stack_with_its_collapse_choices_as_the_status_line_counts(orbit: Orbit) -> None:
    """Watch counts a Gravity game's moves as the status line does (a stack and the
    collapse choices that finish it are one), steps such a move at once, and Play from here
    takes over after it, the status line saying the move Watch named."""
    done = Session.new(get_game("gravity"), 42)
    while moves_made("gravity", done.moves) < 6 or done.state.hole >= 0:
        done = done.played(done.legal_moves()[0])
    made, stops = moves_made("gravity", done.moves), Replay.from_link(done.link()).stops
    assert made < len(done.moves) and stops[1] > 1  # the first move is a stack and its choice
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open(done.link().fragment())
    assert f"· {made} moves" in page.locator("#deal").inner_text()
    if not page.locator("#watch").is_visible():
        page.locator("#more").click()
    page.locator("#watch").click()
    page.wait_for_selector("#actions .replay-bar")
    assert page.locator("#rp-seek").get_attribute("max") == str(made)
    assert f"({made} moves to watch)" in page.locator("#prompt").inner_text()
    page.locator("#rp-forward").click()
    orbit.idle()
    assert replay_index(page) == 1 and f"Move 1 of {made}: " in page.locator("#prompt").inner_text()
    assert_board_matches(page, at(done, stops[1]))  # the stack and its collapse choice, in one step
    page.locator("#rp-here").click()
    page.wait_for_selector("#actions .replay-bar", state="detached")
    page.wait_for_function("h => location.hash === h", arg=at(done, stops[1]).link().fragment())
    assert "· 1 move" in page.locator("#deal").inner_text() and not page.locator("#redo").is_disabled()
    orbit.assert_clean()
