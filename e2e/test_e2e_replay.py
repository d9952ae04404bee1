"""Issue 10 in Chromium: a game played to its end is watched again (step, seek,
play and pause) and played on from its middle; a hint lights a legal move that
plays as lit; the timer shows and survives a reload; today's deal says "in
progress" after a move and the ordinary game is kept. Screenshots of the replay
and of a hint go to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import Orbit
from helpers import assert_board_matches, card_locator, engine_board, dom_board, pile_locator, play_via_ui
from pyapp.core.daily import daily_seed
from pyapp.app.hints import locate_hint
from pyapp.games import get_game, get_view, moves_made
from pyapp.app.hints import hint_for
from pyapp.app.replay import Replay
from pyapp.app.session import Session

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))
TIME = re.compile(r"(\d+):(\d\d)$")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def replay_index(page: Page) -> int:
    return int(page.locator("#rp-seek").input_value())


def seconds_shown(page: Page) -> int:
    """The timer at the end of the status line's deal text, in seconds."""
    m = TIME.search(page.locator("#deal").inner_text().strip())
    assert m, page.locator("#deal").inner_text()
    return int(m.group(1)) * 60 + int(m.group(2))


def at(session: Session, n: int) -> Session:
    s = Session.new(session.game, session.seed, session.options_text)
    for token in session.moves[:n]:
        s.play(token)
    return s


def test_play_to_the_end_watch_the_replay_step_seek_play_and_play_from_its_middle(orbit: Orbit) -> None:
    done = Session.new(get_game("gyre"), 77)
    while done.legal_moves():
        done.play(done.legal_moves()[0])
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
    mid.play(token)
    page.wait_for_function("h => location.hash === h", arg=mid.link().fragment())
    assert_board_matches(page, mid)
    orbit.assert_clean()


def test_the_replay_screen_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    done = Session.new(get_game("zodiac"), 5)
    for _ in range(40):
        done.play(done.legal_moves()[0])
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
    """Issue 43: Watch counts a Gravity game's moves as the status line does (a stack and the
    collapse choices that finish it are one), steps such a move at once, and Play from here
    takes over after it, the status line saying the move Watch named."""
    done = Session.new(get_game("gravity"), 42)
    while moves_made("gravity", done.moves) < 6 or done.state.hole >= 0:
        done.play(done.legal_moves()[0])
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


def check_hint(orbit: Orbit, session: Session, shot_name: str = "") -> None:
    """Ask for a hint (the H key, then the button): the lit card and place are the
    hinted legal move's, and playing it as lit plays it."""
    page = orbit.page
    expected = hint_for(session)
    assert expected is not None and expected in session.legal_moves()
    table = get_view(session.game.id).table(session.state, False, frozenset())
    marks = locate_hint(table, expected)
    assert marks is not None and marks.source is not None and marks.target is not None
    page.locator("#board").click(position={"x": 1, "y": 1})  # the page has the focus; nothing selected
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    page.wait_for_selector("#board .card.hint-from")
    lit = page.locator("#board .card.hint-from")
    assert lit.count() == 1
    assert (lit.get_attribute("data-at"), int(lit.get_attribute("data-index") or -1)) == marks.source
    assert "hint-to" in (pile_locator(page, marks.target).get_attribute("class") or "")
    assert page.locator("#notice-text").inner_text().startswith("Hint:")
    if shot_name:
        shot(page, shot_name)
    # the button too
    page.locator("#hint").click()
    page.wait_for_selector("#board .card.hint-from")
    target_pile = table.pile(marks.target)
    target = card_locator(page, marks.target, len(target_pile.cards) - 1) if target_pile.cards else \
        pile_locator(page, marks.target)
    orbit.drag(card_locator(page, *marks.source), target)
    session.play(expected)
    page.wait_for_function("h => location.hash === h", arg=session.link().fragment())
    assert page.locator("#board .card.hint-from").count() == 0
    assert dom_board(page) == engine_board(session)


def test_a_hint_lights_a_legal_move_and_playing_it_works(orbit: Orbit) -> None:
    gyre = Session.new(get_game("gyre"), 31)
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    orbit.open(gyre.link().fragment())
    check_hint(orbit, gyre, "hint-gyre-1280.png")
    gravity = Session.new(get_game("gravity"), 12)
    orbit.open(gravity.link().fragment())
    check_hint(orbit, gravity)
    orbit.assert_clean()


def test_a_hint_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        orbit = Orbit(page, base_url_orbit)
        square = Session.new(get_game("square"), 9)
        orbit.open(square.link().fragment())
        page.locator("#hint").click()
        page.wait_for_selector("#board .card.hint-from")
        assert page.locator("#hint").bounding_box() is not None
        shot(page, "hint-square-390.png")
        orbit.assert_clean()
    finally:
        context.close()


def test_the_timer_shows_and_survives_a_reload(orbit: Orbit) -> None:
    session = Session.new(get_game("square"), 404)
    page = orbit.open(session.link().fragment())
    assert seconds_shown(page) == 0
    token = session.legal_moves()[0]
    play_via_ui(orbit, session, token, how="drag")
    session.play(token)
    page.wait_for_function("h => location.hash === h", arg=session.link().fragment())
    page.wait_for_function("() => /0:0[3-9]$/.test(document.getElementById('deal').innerText.trim())", timeout=10_000)
    page.reload()
    orbit.wait_ready()
    assert page.evaluate("location.hash") == session.link().fragment()
    assert seconds_shown(page) >= 3  # kept in the save
    page.wait_for_timeout(2200)
    assert seconds_shown(page) >= 4  # and running again
    # hidden: paused (the page tells the controller on visibilitychange)
    page.evaluate("""() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                             document.dispatchEvent(new Event('visibilitychange')); }""")
    stopped = seconds_shown(page)
    page.wait_for_timeout(2300)
    assert seconds_shown(page) <= stopped + 1
    orbit.assert_clean()


def test_todays_deal_says_in_progress_after_a_move_and_the_ordinary_game_is_kept(orbit: Orbit) -> None:
    ordinary = Session.new(get_game("gyre"), 4242)
    page = orbit.open(ordinary.link().fragment())
    token = ordinary.legal_moves()[0]
    play_via_ui(orbit, ordinary, token, how="tap")
    ordinary.play(token)
    page.wait_for_function("h => location.hash === h", arg=ordinary.link().fragment())
    page.locator("#home").click()
    today = page.locator('[data-daily="gyre"]')
    assert today.get_attribute("data-state") == "unplayed" and "not played" in today.inner_text()
    today.click()
    page.wait_for_function("() => location.hash.includes('&s=')")
    daily = Session.from_link(str(page.evaluate("location.hash")))
    assert daily.options_text == "" and not daily.moves
    day_token = daily.legal_moves()[0]
    play_via_ui(orbit, daily, day_token, how="tap")
    daily.play(day_token)
    page.wait_for_function("h => location.hash === h", arg=daily.link().fragment())
    page.locator("#home").click()
    assert today.get_attribute("data-state") == "playing" and "in progress" in today.inner_text()
    # the ordinary game is as it was
    page.locator('.tile[data-game="gyre"]').click()
    page.wait_for_function("h => location.hash === h", arg=ordinary.link().fragment())
    assert_board_matches(page, ordinary)
    # a reload keeps it, and today's deal resumes with its move
    page.reload()
    orbit.wait_ready()
    assert page.evaluate("location.hash") == ordinary.link().fragment()
    page.locator("#home").click()
    today.click()
    page.wait_for_function("h => location.hash === h", arg=daily.link().fragment())
    assert_board_matches(page, daily)
    now = datetime.datetime.fromtimestamp(float(page.evaluate("Date.now()")) / 1000, datetime.timezone.utc).date()
    assert daily.seed in {daily_seed("gyre", now + datetime.timedelta(days=k)) for k in (-1, 0)}
    orbit.assert_clean()
