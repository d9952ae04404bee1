"""Everyone can play, by keyboard and by screen reader, in Chromium: whole games of Gyre
and Gravity played with the keyboard alone, from the deal to the end screen, a few moves of Solitaire
Square (a price paid by cards picked with keys) and Zodiac (the stock) by keys, the
live region's words for a move, a forced step and the end, axe-core clean on every
screen and dialog in both themes, no animation with reduced motion, focus kept by
dialogs, and the theme and deck choices kept across a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import ROOT, Orbit
from helpers import dom_board, session_of
from pyapp.ui import focus
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.hints import locate_hint
from pyapp.games import get_game
from pyapp.games.zodiac.rules import greedy_move
from pyapp.app.hints import hint
from pyapp.app.session import Session
from pyapp.core.table import Table

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ACTIVE = """() => { const a = document.activeElement;
  if (!a || !document.querySelector('#board').contains(a)) return null;
  if (a.dataset.uid) return [a.dataset.at, Number(a.dataset.index)];
  return [a.dataset.pile, null]; }"""


@pytest.fixture
def axe_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context that lets the tests inject axe-core (the page's CSP forbids inline scripts)."""
    context = browser.new_context(service_workers="block", reduced_motion="reduce", bypass_csp=True)
    yield context
    context.close()


def twin_of(page: Page) -> Controller:
    """A fresh controller in CPython on the page's link, in the page's room."""
    width, height = page.evaluate("""() => { const w = document.querySelector('#board-wrap');
        return [Math.max(200, w.clientWidth), Math.max(240, w.clientHeight)]; }""")
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.resize(width, height)
    c.start(str(page.evaluate("location.hash")))
    return c


def page_table(page: Page) -> Table:
    """The table the page shows, as a fresh controller in CPython draws it in the page's room."""
    table = twin_of(page).tables.table_now()
    assert table is not None
    return table


def focus_on_board(page: Page) -> None:
    """Tab from the top of the page until the focus is on the board (the tools come first)."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE) is not None:
            return
    raise AssertionError("Tab never reached the board")


def key(orbit: Orbit, name: str) -> None:
    orbit.page.keyboard.press(name)
    orbit.idle()


def go_to(orbit: Orbit, table: Table, goal: focus.Stop) -> None:
    """Arrow keys from where the page's focus is to ``goal`` (the path the focus module walks)."""
    here = orbit.page.evaluate(ACTIVE)
    assert here is not None, "the focus left the board"
    for direction in focus.path(table, (here[0], here[1]), goal):
        key(orbit, "Arrow" + direction.capitalize())
    assert tuple(orbit.page.evaluate(ACTIVE)) == goal


def play_by_keys(orbit: Orbit, token: str) -> None:
    """Play one move with the keyboard alone: the game's key for a button's move, else
    arrows to the card, Space to pick it up, arrows to the place, Enter to put it there."""
    page = orbit.page
    before = str(page.evaluate("location.hash"))
    table = page_table(page)
    button = next((b for b in table.buttons if b.token == token), None)
    if button is not None:
        assert button.key, button
        key(orbit, button.key)
    else:
        gesture = next(g for g in table.gestures if g.token == token)
        assert gesture.source is not None and gesture.target is not None
        go_to(orbit, table, focus.stop_of(table, gesture.source))
        key(orbit, "Space")
        go_to(orbit, table, focus.stop_of(table, (gesture.target, None)))
        key(orbit, "Enter")
    page.wait_for_function("b => location.hash !== b", arg=before, timeout=10_000)
    assert str(page.evaluate("location.hash")).endswith(token) or token in str(page.evaluate("location.hash"))


def end_of(game_id: str, seed: int) -> Session:
    """A whole game of ``game_id`` deal ``seed`` (the engine's first legal move each time)."""
    session = Session.new(get_game(game_id), seed)
    while session.status() == "playing":
        session = session.played(session.legal_moves()[0])
    return session


def live(page: Page) -> str:
    return str(page.locator("#live").text_content())


#: Every text the live region says, in order (the painter makes a repeated text differ, so each is a change).
LIVE_LOG = """() => { window.__live = []; const n = document.querySelector('#live');
    new MutationObserver(() => window.__live.push(n.textContent)).observe(n, {childList: true, characterData: true, subtree: true}); }"""


@pytest.mark.parametrize("game_id,seed", [("gyre", 1), ("gravity", 42)])
def test_a_whole_game_by_keyboard_alone(orbit: Orbit, game_id: str, seed: int) -> None:
    whole = end_of(game_id, seed)
    page = orbit.open(Session.new(get_game(game_id), seed).link().fragment())
    focus_on_board(page)
    page.evaluate(LIVE_LOG)
    said: list[list[str]] = []  # what the live region said after each move (the solver's judgement may follow the end)
    for token in whole.moves:
        before = page.evaluate("window.__live.length")
        play_by_keys(orbit, token)
        said.append(page.evaluate("n => window.__live.slice(n)", before))
    assert session_of(page).moves == whole.moves
    expect(page.locator("#summary")).to_be_visible()
    title = page.locator("#summary-body h2").inner_text()
    # the live region said each move, its forced steps, and the end (once, with the score)
    assert all(any(" to " in s or ": " in s for s in move) for move in said), [m for m in said if not any(
        " to " in s or ": " in s for s in m)]
    assert any(" Then: " in s for move in said for s in move), said
    end = f"{title.rstrip('.!')}{'!' if title.endswith('!') else '.'} {page.locator('#summary-body .big').inner_text()}."
    assert any(s.rstrip("\u00a0").endswith(end) or title in s for s in said[-1]), said[-1]
    assert sum(s.count(title) for move in said for s in move) == 1, said[-3:]
    # the end screen took the focus (a modal dialog); closing it gives the focus back to the board
    assert page.evaluate("document.querySelector('#summary').contains(document.activeElement)")
    page.locator("#summary-close").focus()
    key(orbit, "Enter")
    expect(page.locator("#summary")).to_be_hidden()
    assert page.evaluate(ACTIVE) is not None
    orbit.assert_clean()


def test_a_move_a_forced_step_and_a_prompt_are_announced(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&s=1")
    focus_on_board(page)
    capture = Session.new(get_game("gyre"), 1).legal_moves()[0]
    play_by_keys(orbit, capture)
    said = live(page)
    assert "to captured pairs." in said and "Then: Your hand: " in said and "Revealed card: " in said
    assert said.endswith("Place the revealed card in one of the two highlighted slots.")
    # a card picked up says where it can go; Escape puts it back
    table = page_table(page)
    go_to(orbit, table, ("Q", 0))
    key(orbit, "Space")
    assert "picked up: it can go to slot" in live(page)
    assert page.locator("#board .pile.lit").count() == 2  # its places light as for a drag
    key(orbit, "Escape")
    assert live(page) == "Put back." and page.locator("#board .pile.lit").count() == 0
    assert table.prompt in page.locator("#prompt").inner_text()
    orbit.assert_clean()


def test_dialogs_keep_the_focus_and_give_it_back(orbit: Orbit) -> None:
    page = orbit.open("#g=zodiac&s=5")
    focus_on_board(page)
    key(orbit, "ArrowRight")
    where = page.evaluate(ACTIVE)
    key(orbit, "?")
    expect(page.locator("#rules")).to_be_visible()
    expect(page.locator("#rules-body dl.keys")).to_contain_text("Stock: as Enter on it")
    for _ in range(6):  # a modal dialog: Tab never reaches the page behind it
        page.keyboard.press("Tab")
        assert page.evaluate("""() => { const a = document.activeElement;
            return a === document.body || document.querySelector('#rules').contains(a); }""")
    key(orbit, "Escape")
    expect(page.locator("#rules")).to_be_hidden()
    assert page.evaluate(ACTIVE) == where
    key(orbit, "n")
    expect(page.locator("#newgame")).to_be_visible()
    page.locator("#deal-cancel").focus()
    key(orbit, "Enter")
    expect(page.locator("#newgame")).to_be_hidden()
    assert page.evaluate(ACTIVE) == where
    key(orbit, "s")  # the stock's key draws a card
    assert "m=S" in str(page.evaluate("location.hash")) and "Waste: " in live(page)
    orbit.assert_clean()


def test_a_dialog_escape_closed_stays_closed_when_a_drawing_came_just_before_its_close_event(orbit: Orbit) -> None:
    """A drawing while a dialog shows (a worker's answer, a resize) must not open it again once
    the browser has closed it: here the close event comes before the drawing's deferred work,
    as a loaded machine sometimes orders them."""
    page = orbit.open("#g=gravity&s=7")
    for dialog, tool in (("#stats", "#stats-game"), ("#rules", "#help")):
        if not page.locator(tool).is_visible():
            page.locator("#more").click()
        page.locator(tool).click()
        expect(page.locator(dialog)).to_be_visible()
        page.evaluate("""(sel) => { window.dispatchEvent(new Event('resize'));
            const d = document.querySelector(sel); d.close(); d.dispatchEvent(new Event('close')); }""", dialog)
        page.wait_for_timeout(400)
        orbit.idle()
        assert not page.locator(dialog).evaluate("d => d.open"), f"{dialog} opened again after the browser closed it"
    key(orbit, "?")  # the page knows no dialog is open: the keys still open one
    expect(page.locator("#rules")).to_be_visible()
    orbit.assert_clean()


def axe(page: Page, where: str) -> list[str]:
    """axe-core's violations on the page as it is (every impact), as readable lines."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[Any] = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' '
          + n.any.concat(n.all).map(c => c.message).join('; ')).join(', '))""")
    return [f"{where}: {v}" for v in found]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_nothing_on_any_screen_or_dialog(axe_context: BrowserContext, base_url_orbit: str, scheme: str) -> None:
    page = axe_context.new_page()
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    orbit = Orbit(page, base_url_orbit)
    found: list[str] = []
    orbit.open()
    found += axe(page, "start")
    for game_id, fragment in (("gravity", "#g=gravity&s=42"), ("square", "#g=square&s=2&o=ends"),
                              ("gyre", "#g=gyre&s=1"), ("zodiac", "#g=zodiac&s=5")):
        orbit.follow(fragment)
        focus_on_board(page)
        key(orbit, "Space")  # a card picked up: its places lit, names said
        found += axe(page, game_id)
        key(orbit, "Escape")
    page.locator("#more").click()  # the settings menu (the tools' overflow on small screens)
    found += axe(page, "settings")
    page.locator("#more").click()
    for opener, dialog in (("#help", "rules"), ("#new", "newgame"), ("#stats-game", "stats")):
        if not page.locator(opener).is_visible():
            page.locator("#more").click()
        page.locator(opener).click()
        expect(page.locator(f"#{dialog}")).to_be_visible()
        found += axe(page, dialog)
        page.keyboard.press("Escape")
        expect(page.locator(f"#{dialog}")).to_be_hidden()
    orbit.follow("#g=zodiac&s=5&m=S.S.S")  # a squared pile to peek into, by its key
    focus_on_board(page)
    go_to(orbit, page_table(page), ("W", 2))
    key(orbit, "v")
    expect(page.locator("#peek")).to_be_visible()
    found += axe(page, "peek")
    page.keyboard.press("Escape")
    whole = end_of("gyre", 1)
    orbit.follow(whole.link().fragment().rsplit(".", 1)[0])
    focus_on_board(page)
    play_by_keys(orbit, whole.moves[-1])
    expect(page.locator("#summary")).to_be_visible()
    found += axe(page, "end screen")
    assert found == [], "\n".join(found)
    orbit.assert_clean()


def test_reduced_motion_leaves_nothing_moving(orbit: Orbit) -> None:
    page = orbit.open("#g=gravity&s=42")
    focus_on_board(page)
    play_by_keys(orbit, "e2e3")  # a move with forced steps
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate("""() => [...document.querySelectorAll('#board .card')].every(c => {
        const s = getComputedStyle(c); return s.transitionDuration.split(',').every(d => parseFloat(d) === 0)
          && s.animationName === 'none'; })""")
    orbit.assert_clean()


def test_cards_glide_when_motion_is_allowed(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(service_workers="block", reduced_motion="no-preference")
    try:
        orbit = Orbit(context.new_page(), base_url_orbit)
        page = orbit.open("#g=gravity&s=42")
        duration = page.evaluate("getComputedStyle(document.querySelector('#board .card')).transitionDuration")
        assert any(0.15 <= float(d.strip()[:-1]) <= 0.25 for d in duration.split(",")), duration
        orbit.assert_clean()
    finally:
        context.close()


def test_theme_and_deck_choices_survive_a_reload(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&s=1")
    page.locator("#more").click()
    page.locator("#set-theme").select_option("light")
    page.locator("#set-fourcolour").check()
    expect(page.locator("html")).to_have_class("theme-light four-colour")
    light_bg = page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()")
    page.reload()
    # theme.js puts the classes back before Python is ready, the binding keeps them
    expect(page.locator("html")).to_have_class("theme-light four-colour")
    orbit.wait_ready()
    expect(page.locator("html")).to_have_class("theme-light four-colour")
    assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--felt').trim()") == light_bg == "#dbe4ee"
    page.locator("#more").click()
    expect(page.locator("#set-theme")).to_have_value("light")
    expect(page.locator("#set-fourcolour")).to_be_checked()
    diamonds = page.locator('#board .card[data-card$="D"]')
    if diamonds.count():
        assert diamonds.first.evaluate("c => getComputedStyle(c).color") == "rgb(11, 92, 194)"
    orbit.assert_clean()


def test_the_board_is_a_labelled_group_of_named_cards(orbit: Orbit) -> None:
    page = orbit.open("#g=zodiac&s=5")
    board = page.locator("#board")
    expect(board).to_have_attribute("role", "group")
    expect(board).to_have_attribute("aria-label", "Zodiac table")
    top = page.locator('#board .card[data-at="Z5"][role="button"]')
    expect(top).to_have_count(1)
    assert ", top of zodiac pile 5" in str(top.get_attribute("aria-label"))
    assert page.locator('#board .card[data-at="S"][aria-hidden="true"]').count() >= 1  # the cards under the top
    assert page.locator("#board [tabindex='0']").count() == 1  # one place in the tab order
    orbit.assert_clean()


def both(orbit: Orbit, twin: Controller, name: str) -> str:
    """A key pressed in the page and given to the twin controller: the page's focus
    ring then stands where the controller's does. Returns what the controller said."""
    key(orbit, name)
    assert twin.key(" " if name == "Space" else name, board=True), name
    said = twin.effects().announce
    table = twin.tables.table_now()
    assert table is not None
    assert tuple(orbit.page.evaluate(ACTIVE)) == focus.settle(table, twin.focus.stop), name
    return said


def play_on_both(orbit: Orbit, twin: Controller, token: str, pile_key: bool = False) -> None:
    """``token`` played by keys alone in the page and in the twin (the same keys, as the
    Keys help says); then the page shows the twin's board, link and words."""
    table = twin.tables.table_now()
    assert table is not None and twin.session is not None
    marks = locate_hint(table, token)
    assert marks is not None and marks.target is not None

    def walk(goal: focus.Stop) -> None:
        now = twin.tables.table_now()
        assert now is not None
        for direction in focus.path(now, focus.settle(now, twin.focus.stop), goal):
            both(orbit, twin, "Arrow" + direction.capitalize())

    gesture = table.moves_from(marks.source)[marks.target] if marks.source else None
    spot = focus.stop_of(table, marks.source or (marks.target, None))
    if pile_key:
        said = both(orbit, twin, next(p.key for p in table.piles if p.id == spot[0] and p.key))
    elif gesture is None or (gesture.tap and gesture.pick is None):
        walk(spot)
        said = both(orbit, twin, "Enter")
    else:
        assert marks.source is not None
        walk(spot)
        assert " picked up: it can go to " in both(orbit, twin, "Space")
        expect(orbit.page.locator("#board .pile.lit")).to_have_count(len(table.moves_from(marks.source)))
        walk(focus.stop_of(table, (marks.target, None)))
        said = both(orbit, twin, "Enter")
        if gesture.pick is not None:
            assert said == gesture.pick.prompt + "."
            expect(orbit.page.locator("#prompt")).to_have_text(gesture.pick.prompt)
            for chosen in marks.picks:
                walk(focus.stop_of(table, chosen))
                said = both(orbit, twin, "Enter")
            expect(orbit.page.locator("#board .card.picked")).to_have_count(len(marks.picks))
            said = both(orbit, twin, "c")
    assert twin.session.moves[-1] == token
    address = twin.view().address
    orbit.page.wait_for_function("a => location.hash === a", arg=address, timeout=10_000)
    board = twin.view().board
    assert board is not None
    drawn: dict[str, list[str]] = {p.id: [] for p in board.piles}
    for card in sorted(board.cards, key=lambda k: (k.pile, k.index)):
        drawn[card.pile].append(card.code or "??")
    assert dom_board(orbit.page) == drawn
    assert live(orbit.page) == said


def test_square_and_zodiac_moves_by_keyboard_alone(orbit: Orbit) -> None:
    """A few moves of Solitaire Square (one paying its price by cards picked with the
    arrows and Enter, then C) and of Zodiac (an equator card to the zodiac, the stock by
    S and by Enter, a waste card), every one by keys alone, each key given to a
    controller in CPython too: the page's focus ring, board, link and live region
    follow it. tests/test_a11y.py plays both games to their end by keys through the controller."""
    square = Session.new(get_game("square"), 2, "ends")
    for _ in range(15):  # the hint's game: move 16 is free, move 17 costs 2 (RULES.md 2)
        square = square.played(hint("square", square.state) or "")
    page = orbit.open(square.link().fragment())
    focus_on_board(page)
    twin = twin_of(page)
    discards = dom_board(page)["X"]
    for _ in range(2):
        play_on_both(orbit, twin, hint("square", twin.session.state) or "")  # type: ignore[union-attr]
    assert twin.session.moves[-2:] == ("14@F1", "78@E6x23-76")  # type: ignore[union-attr]
    assert dom_board(page)["X"] == [*discards, "23", "76"]  # the two cards picked, discarded

    zodiac = Session.new(get_game("zodiac"), 1186)
    for _ in range(3):
        zodiac = zodiac.played(greedy_move(zodiac.state))
    page = orbit.follow(zodiac.link().fragment())
    focus_on_board(page)
    twin = twin_of(page)
    for n in range(4):  # E7-Z1, S, S, W-Z3
        play_on_both(orbit, twin, greedy_move(twin.session.state), pile_key=n == 1)  # type: ignore[union-attr]
    assert twin.session.moves[-4:] == ("E7-Z1", "S", "S", "W-Z3")  # type: ignore[union-attr]
    orbit.assert_clean()
