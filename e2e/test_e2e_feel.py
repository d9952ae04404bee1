"""How play feels, in Chromium: the board never jumps, illegal drops explain
themselves, tools are big enough on a phone, cards are big enough on a phone on
its side, the end screen; and screenshots of every game on a laptop, a phone
and a phone on its side, after the first move and at the end, saved under
``e2e/artifacts/`` for a reviewer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import Orbit
from helpers import card_locator, one_move_from_a_zodiac_win, pile_locator, play_via_ui
from pyapp.games import get_game
from pyapp.games.gravity.table import stack_reason
from pyapp.games.zodiac.rules import greedy_move
from pyapp.app.session import Session

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
VIEWPORTS = {"laptop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}
GAMES = {"gravity": ("", 42), "gyre": ("", 42), "square": ("ends", 5), "zodiac": ("", 2024)}


def new_orbit(browser: Browser, base: str, viewport: str, motion: str = "reduce") -> tuple[BrowserContext, Orbit]:
    width, height = VIEWPORTS[viewport]
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  reduced_motion=motion, has_touch=viewport != "laptop")  # type: ignore[arg-type]
    return context, Orbit(context.new_page(), base)


@pytest.fixture(params=["laptop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Browser, base_url_orbit: str) -> Iterator[Orbit]:
    """A page on a laptop or a phone, with animations on (the board must not move during them)."""
    context, orbit = new_orbit(browser, base_url_orbit, request.param, motion="no-preference")
    yield orbit
    context.close()


def box(page: Page) -> tuple[float, float, float, float]:
    b = page.locator("#board").bounding_box()
    assert b is not None
    return round(b["x"], 1), round(b["y"], 1), round(b["width"], 1), round(b["height"], 1)


def test_the_board_never_jumps_and_tools_are_disabled_not_hidden_while_a_move_animates(sized: Orbit) -> None:
    page = sized.open("#g=gravity&v=1&o=&s=42")
    sized.close_tip()  # (the first games' tip takes room from the board until the first move)
    first = box(page)
    # a notice (an illegal drop's reason) floats over the page
    sized.drag(card_locator(page, "c1", 0), pile_locator(page, "e5"))
    expect(page.locator("#notice")).to_be_visible()
    assert box(page) == first
    # a move with forced steps (the piles slide in, frame by frame): watch every frame
    page.evaluate("""() => { window.__boxes = []; window.__tools = [];
        const b = document.querySelector('#board');
        new MutationObserver(() => { const r = b.getBoundingClientRect();
            window.__boxes.push([r.x, r.y, r.width, r.height].map(v => Math.round(v * 10) / 10));
            if (b.dataset.busy === 'true') { const u = document.querySelector('#undo');
                window.__tools.push([u.offsetParent !== null, u.disabled]); } })
          .observe(b, {subtree: true, attributes: true, childList: true}); }""")
    sized.drag(card_locator(page, "e2", 0), card_locator(page, "e3", 0))
    page.wait_for_function("location.hash.endsWith('m=e2e3')")
    sized.idle()
    frames = {tuple(b) for b in page.evaluate("window.__boxes")}
    tools_seen = [tuple(t) for t in page.evaluate("window.__tools")]
    assert frames == {first}, frames
    assert tools_seen and all(visible and disabled for visible, disabled in tools_seen)
    assert not page.locator("#undo").is_disabled()  # and enabled again once the move is over
    # a collapse choice changes the prompt; the board stays
    sized.drag(card_locator(page, "c1", 0), card_locator(page, "c2", 0))
    page.wait_for_function("location.hash.endsWith('e2e3.c1c2')")
    sized.idle()
    expect(page.locator("#prompt")).to_contain_text("Collapse")
    assert box(page) == first
    sized.assert_clean()


def test_a_link_followed_while_a_move_animates_opens_once_the_move_is_shown(browser: Browser, base_url_orbit: str) -> None:
    """The address changed during a move's steps: the page opens the link after them (it once
    kept the old game and wrote its address back over the link)."""
    context, orbit = new_orbit(browser, base_url_orbit, "laptop", motion="no-preference")
    page = orbit.open("#g=gravity&v=1&o=&s=42")
    orbit.drag(card_locator(page, "e2", 0), card_locator(page, "e3", 0), wait=False)
    page.wait_for_selector("#board[data-busy=true]", state="attached")  # its piles slide in, step by step
    assert page.evaluate("location.hash = '#g=gyre&v=1&o=&s=9'; document.querySelector('#board').dataset.busy") == "true"
    orbit.idle()
    page.wait_for_function("document.querySelectorAll('#board .card[data-at^=R]').length === 5")
    assert page.evaluate("location.hash") == "#g=gyre&v=1&o=&s=9"
    orbit.assert_clean()
    context.close()


def test_an_illegal_drop_puts_the_card_back_and_says_why_then_the_notice_goes(orbit: Orbit) -> None:
    page = orbit.open("#g=gravity&v=1&o=&s=42")
    card = card_locator(page, "d1", 0)
    home = card.bounding_box()
    orbit.drag(card, card_locator(page, "e1", 0))  # A♣ onto 2♣ side by side: same suit only goes diagonally
    expect(page.locator("#notice-text")).to_have_text(stack_reason("AC", "2C", True))
    page.wait_for_function("""b => { const r = document.querySelector('#board .card[data-at="d1"]').getBoundingClientRect();
        return Math.abs(r.x - b.x) < 1 && Math.abs(r.y - b.y) < 1; }""", arg=home)
    assert page.evaluate("location.hash") == "#g=gravity&v=1&o=&s=42"
    expect(page.locator("#notice")).to_be_hidden(timeout=10_000)  # a plain notice dismisses itself
    # a card with no move says so when pressed; marks show the cards that can move
    gyre = orbit.open("#g=gyre&v=1&o=&s=42")
    marked = gyre.locator("#board .card.marked")
    assert marked.count() == 3
    card_locator(gyre, "R0", 0).click()
    expect(gyre.locator("#notice-text")).to_contain_text("No move for this card")
    orbit.assert_clean()


def test_rotate_previews_the_card_it_discards(orbit: Orbit) -> None:
    page = orbit.open("#g=gyre&v=1&o=&s=42")
    ring = card_locator(page, "R0", 0)  # the card clockwise of the gap (slot 5)
    assert "preview" in (ring.get_attribute("class") or "")
    shadow = "getComputedStyle(document.querySelector('#board .card.preview')).boxShadow"
    before = page.evaluate(shadow)
    assert "255, 107, 107" not in before
    page.locator("#act-rotate").hover()
    assert "255, 107, 107" in page.evaluate(shadow)  # lit in red while Rotate is hovered
    assert page.locator("#board .decor.ring-arrow").count() == 6
    orbit.assert_clean()


def test_a_finger_held_on_rotate_previews_its_discard_and_a_tap_still_rotates(browser: Browser,
                                                                               base_url_orbit: str) -> None:
    """A phone has no hover: holding Rotate shows the card it would discard, letting go
    plays nothing, and a short tap rotates."""
    context, orbit = new_orbit(browser, base_url_orbit, "phone")
    page = orbit.open("#g=gyre&v=1&o=&s=42")
    cdp = context.new_cdp_session(page)
    b = page.locator("#act-rotate").bounding_box()
    assert b
    point = {"x": b["x"] + b["width"] / 2, "y": b["y"] + b["height"] / 2}
    shadow = "getComputedStyle(document.querySelector('#board .card.preview')).boxShadow"
    address = page.evaluate("location.hash")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(150)
    assert "255, 107, 107" not in page.evaluate(shadow)  # not yet: it may be a tap
    page.wait_for_function(f"() => {shadow}.includes('255, 107, 107')")  # held: the discard is lit
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(400)
    assert "255, 107, 107" not in page.evaluate(shadow)  # let go: the light goes (no sticky hover)
    assert page.evaluate("location.hash") == address  # and nothing was played
    page.locator("#act-rotate").tap()
    page.wait_for_function("a => location.hash !== a", arg=address)  # a tap rotates
    assert "255, 107, 107" not in page.evaluate(shadow)
    orbit.assert_clean()
    context.close()


def test_the_lines_above_the_board_never_overlap_on_a_phone(browser: Browser, base_url_orbit: str) -> None:
    """Gravity's long score line ("Piles left 52 · the MOON's 27 cards count as piles") is
    two short lines on a phone (the score beside the deal, the MOON under it), both above
    the prompt; a third line once showed behind the prompt (e2e/test_e2e_phone.py checks
    that every count shows whole)."""
    context, orbit = new_orbit(browser, base_url_orbit, "phone")
    page = orbit.open("#g=gravity&v=1&o=&s=42")
    prompt = page.locator("#prompt").bounding_box()
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#prompt')).lineHeight)")
    for part in ("#score .score-main", "#score .score-info", "#deal"):
        score = page.locator(part).bounding_box()
        assert score and prompt and score["y"] + score["height"] <= prompt["y"] + 0.5, (part, score, prompt)
        assert score["height"] <= line + 1, (part, score, line)  # one line each
    orbit.assert_clean()
    context.close()


def test_phone_tools_are_44_px_and_the_menu_holds_the_rest(browser: Browser, base_url_orbit: str) -> None:
    context, orbit = new_orbit(browser, base_url_orbit, "phone")
    page = orbit.open("#g=gyre&v=1&o=&s=42")
    for name in ("undo", "redo", "new", "restart", "more"):
        b = page.locator(f"#{name}").bounding_box()
        assert b and b["width"] >= 44 and b["height"] >= 44, (name, b)
        expect(page.locator(f"#{name} .lbl")).to_be_visible()
    undo, restart = page.locator("#undo"), page.locator("#restart")
    assert undo.evaluate("e => getComputedStyle(e).borderColor") != restart.evaluate("e => getComputedStyle(e).borderColor")
    ub, rb = undo.bounding_box(), restart.bounding_box()
    assert ub and rb and rb["x"] - (ub["x"] + ub["width"]) > 60  # apart
    expect(page.locator("#resign")).to_be_hidden()
    page.locator("#more").click()
    for name in ("resign", "copy", "help"):
        b = page.locator(f"#{name}").bounding_box()
        assert b and b["width"] >= 44 and b["height"] >= 44, (name, b)
    expect(page.locator("#set-marks")).to_be_checked()
    page.locator("#set-marks").uncheck()
    expect(page.locator("#board .card.marked")).to_have_count(0)
    b = page.locator("#act-rotate").bounding_box()
    assert b and b["height"] >= 44
    orbit.assert_clean()
    context.close()


#: What a notice covers of the elements ``what`` (a selector), and whether it is inside the window.
COVERED = """(what) => {
    const n = document.querySelector('#notice').getBoundingClientRect();
    const apart = r => r.right <= n.left || n.right <= r.left || r.bottom <= n.top || n.bottom <= r.top;
    const inside = n.left >= 0 && n.top >= 0 && n.right <= innerWidth && n.bottom <= innerHeight;
    return [inside, [...document.querySelectorAll(what)]
        .filter(e => e.getClientRects().length && !apart(e.getBoundingClientRect())).map(e => e.id || e.dataset.at || 'pile ' + e.dataset.pile)];
}"""


def test_landscape_phone_cards_are_44_px_wide(browser: Browser, base_url_orbit: str) -> None:
    """Each game in turn in one page on a phone on its side (the first opened, the others
    followed as links in it); a notice docks over the words at the right, never over the
    cards or the buttons."""
    context, orbit = new_orbit(browser, base_url_orbit, "landscape")
    for i, (game, (options, seed)) in enumerate(GAMES.items()):
        link = f"#g={game}&v=1&o={options}&s={seed}"
        page = orbit.open(link) if i == 0 else orbit.follow(link)
        assert page.evaluate("location.hash").startswith(f"#g={game}&"), game
        b = page.locator("#board .card").first.bounding_box()
        assert b and b["width"] >= 44, (game, b)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), game
        board = page.locator("#board").bounding_box()
        assert board and board["y"] + board["height"] <= 390 + 0.5 and board["height"] > 300, (game, board)
        for name in ("undo", "redo", "new", "restart", "more"):
            t = page.locator(f"#{name}").bounding_box()
            assert t and t["width"] >= 44 and t["height"] >= 44, (game, name, t)
        # a notice (here: a link with a move that is not one) covers no card and no button
        orbit.follow(link + "&m=QQ")
        expect(page.locator("#notice")).to_be_visible()
        covered = page.evaluate(COVERED, "#board .card, #tools button, #actions button, #bar .brand")
        assert covered == [True, []], (game, covered)
        close = page.locator("#notice-close").bounding_box()
        assert close and close["width"] >= 44 and close["height"] >= 44, (game, close)
        page.locator("#notice-close").click()
    orbit.assert_clean()
    context.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_on_a_laptop_a_notice_sits_in_a_corner_clear_of_the_tools_the_words_and_the_cards(
        browser: Browser, base_url_orbit: str, size: tuple[int, int]) -> None:
    """Each game in turn at 1280x800 and at 1024x768 (where the tools take two rows): a notice (a
    link with a move that is not one, in three lines at 1024 px) covers no tool, no line above the
    board, no button under it and no card (at 1024x768 Zodiac's board gives it room); over a replay
    it stays clear of the replay's bar."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block",
                                  reduced_motion="reduce")
    orbit = Orbit(context.new_page(), base_url_orbit)
    for i, (game, (options, seed)) in enumerate(GAMES.items()):
        link = f"#g={game}&v=1&o={options}&s={seed}"
        page = orbit.open(link + "&m=QQ") if i == 0 else orbit.follow(link + "&m=QQ")
        expect(page.locator("#notice")).to_be_visible()
        covered = page.evaluate(COVERED, "#tools button, #actions button, #bar .brand, #title, #prompt, #score, #deal,"
                                " #board .card")
        assert covered == [True, []], (game, size, covered)
        page.locator("#notice-close").click()
    session = Session.new(get_game("gyre"), 42)
    for _ in range(3):
        session = session.played(session.legal_moves()[0])
    page = orbit.follow(session.link().fragment())
    if not page.locator("#watch").is_visible():
        page.locator("#more").click()
    page.locator("#watch").click()
    expect(page.locator("#actions .replay-bar")).to_be_visible()
    if not page.locator("#copy").is_visible():  # (behind More on a narrower laptop)
        page.locator("#more").click()
    page.locator("#copy").click()  # "Link copied.", or the link to copy by hand
    expect(page.locator("#notice")).to_be_visible()
    assert page.evaluate(COVERED, "#actions *, #tools button") == [True, []], size
    orbit.assert_clean()
    context.close()


def test_a_long_notice_never_covers_a_card_the_board_makes_room_on_a_phone_and_takes_it_back(
        browser: Browser, base_url_orbit: str) -> None:
    """Gyre's deal 5 on a phone: the solver's long notices ("Searching... (the solver knows the
    order of every card...)", seconds of search, then the range "The best possible: ..." with Show me and Keep looking)
    would cover the deck, the captured pairs and the discards; the board gives up the strip the
    notice takes, so no card, pile or button is covered, and takes it back once the notice is closed.
    The same verdict on a phone on its side, laptops and a small window (the window turned and
    resized under it): nothing covered, the notice inside the window."""
    context, orbit = new_orbit(browser, base_url_orbit, "phone")
    page = orbit.open("#g=gyre&s=5")
    orbit.close_tip()  # (the board's room whole, as the notice leaves it)
    card = page.locator("#board .card").first
    width = card.bounding_box()["width"]  # type: ignore[index]
    blocked = "#board .card, #board [data-pile], #tools button, #actions button, #bar .brand"
    page.locator("#more").click()
    page.locator("#verdict").click()
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('Searching')")
    assert page.evaluate(COVERED, blocked) == [True, []]
    orbit.wait_until("() => !document.querySelector('#notice-text').textContent.startsWith('Searching')")
    orbit.idle()
    assert page.locator("#notice-text").inner_text().startswith("The best possible: ")
    assert page.evaluate(COVERED, blocked) == [True, []]
    notice = page.locator("#notice").bounding_box()
    top = page.evaluate("Math.min(...[...document.querySelectorAll('#board .card, #board [data-pile]')]"
                        ".map(c => c.getBoundingClientRect().top))")
    assert notice and top >= notice["y"] + notice["height"]  # the board's cards and piles start under it
    page.screenshot(path=str(ARTIFACTS / "notice-gyre-phone.png"))
    for size in ((844, 390), (1280, 800), (1024, 768), (800, 600), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(300)
        orbit.idle()
        assert page.evaluate(COVERED, blocked) == [True, []], size
    page.locator("#notice-close").click()
    expect(page.locator("#notice")).to_be_hidden()
    orbit.idle()
    page.wait_for_timeout(300)
    assert card.bounding_box()["width"] == pytest.approx(width, abs=0.5)  # type: ignore[index]
    assert page.evaluate("getComputedStyle(document.querySelector('#board')).top") == "0px"
    orbit.assert_clean()
    context.close()


def test_end_screens_after_giving_up_and_after_a_win(orbit: Orbit) -> None:
    session = Session.new(get_game("gyre"), 42)
    while session.score() == 0:
        session = session.played(session.legal_moves()[0])
    page = orbit.open(session.link().fragment())
    page.locator("#resign").click()
    page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")
    expect(page.locator("#summary-body h2")).to_have_text("You gave up")
    expect(page.locator("#summary-body .big")).to_have_text(f"Points {session.score()}")
    for name in ("new", "again", "copy"):
        expect(page.locator(f"#summary-{name}")).to_be_visible()
    expect(page.locator("#summary-replay")).to_be_visible()  # the replay module offers Watch replay
    # a win: said once, celebrated
    won, last = one_move_from_a_zodiac_win()
    page = orbit.open(won.link().fragment())
    play_via_ui(orbit, won, last, "tap")
    page.wait_for_selector("#summary[open]")
    expect(page.locator("#summary-body h2")).to_have_text("You won!")
    assert page.locator("#summary-body").inner_text().count("won") == 1
    assert "celebrate" in (page.locator("#board").get_attribute("class") or "")
    orbit.assert_clean()


def _end_of(game: str, options: str, seed: int) -> Session:
    session = Session.new(get_game(game), seed, options)
    while session.legal_moves():
        session = session.played(greedy_move(session.state) if game == "zodiac" else session.legal_moves()[0])
    return session


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_screenshots_after_the_first_move_and_at_the_end(browser: Browser, base_url_orbit: str, viewport: str) -> None:
    """Artifacts for a reviewer: every game, after its first move and at its end (with the end screen)."""
    ARTIFACTS.mkdir(exist_ok=True)
    context, orbit = new_orbit(browser, base_url_orbit, viewport)
    page = orbit.open()
    for game, (options, seed) in GAMES.items():
        session = Session.new(get_game(game), seed, options)
        page = orbit.follow(session.link().fragment())
        play_via_ui(orbit, session, session.legal_moves()[0])
        page.wait_for_function("() => location.hash.includes('&m=')")
        orbit.idle()
        page.screenshot(path=str(ARTIFACTS / f"{game}-{viewport}-first-move.png"))
        end = _end_of(game, options, seed)
        last = end.moves[-1]
        end = end.undone()
        page = orbit.follow(end.link().fragment())
        play_via_ui(orbit, end, last)
        page.wait_for_selector("#summary[open]")
        page.screenshot(path=str(ARTIFACTS / f"{game}-{viewport}-end.png"))
        # the end screen opens with its title in sight (it scrolls to its focused first button)
        assert page.evaluate("""() => document.querySelector('#summary h2').getBoundingClientRect().top
                                   >= document.querySelector('#summary').getBoundingClientRect().top""")
        page.locator("#summary-close").click()
        page.screenshot(path=str(ARTIFACTS / f"{game}-{viewport}-end-table.png"))
    orbit.assert_clean()
    context.close()
    assert len(list(ARTIFACTS.glob(f"*-{viewport}-*.png"))) >= 12
