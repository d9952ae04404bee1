"""A newcomer's first minute, in Chromium, as a new player (a fresh context) on a phone
upright and on its side (touch) and on two laptops (mouse): the first games' tip covers no tool,
card or word and a tap on a tool does what the tool says, before the first move and after Undo
back to move 0; Hint answers the first tap; no line of words is cut at any size, in English,
German and the pseudo-locale. Screenshots of every game's first deal go to ``e2e/artifacts/``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import Orbit
from helpers import play_via_ui
from pyapp.games import all_games, get_game
from pyapp.i18n import PSEUDO
from pyapp.app.session import Session

ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "first-minute"
SIZES = {"phone": (390, 844), "phone-side": (844, 390), "laptop": (1280, 800), "small-laptop": (800, 600)}
GAMES = tuple(g.id for g in all_games())
SEED = 3

#: Every tool a player may press that is on the page (not in a closed menu, not hidden), and what
#: ``document.elementFromPoint`` finds at its centre (its id when it is the tool or inside it);
#: a tool outside the window counts as covered (it cannot be pressed).
TOOLS_HIT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#bar button, #actions button, #tip-close')) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    const ok = hit !== null && (hit === el || el.contains(hit));
    out.push([el.id || el.className, ok, hit ? (hit.id || hit.className || hit.tagName) : 'outside the window']);
  }
  return out;
}"""

#: The cards and places of the board and the words around it that the tip overlaps (none may be).
TIP_OVER = """() => {
  const t = document.querySelector('#tip');
  if (!t.checkVisibility()) return null;
  const n = t.getBoundingClientRect();
  const apart = r => r.right <= n.left || n.right <= r.left || r.bottom <= n.top || n.bottom <= r.top;
  return [...document.querySelectorAll('#board .card, #board [data-pile], #title, #heading, #prompt, #score, #deal')]
    .filter(e => e.checkVisibility() && e.getClientRects().length && !apart(e.getBoundingClientRect()))
    .map(e => e.id || e.dataset.at || 'pile ' + e.dataset.pile);
}"""

#: Each line of words in the header, the status and prompt area, the tip and a notice that does not show its
#: whole text: let go of any clamp, fixed height or overflow limit on it (in place, so every rule of
#: the page still applies; put back at once) and it is taller than the box it has; or its text is
#: wider than its box; or the box reaches past an ancestor that hides what overflows it, or past the
#: window.
WORDS_CUT = """() => {
  const bad = [];
  const sel = '#bar button .lbl, #title, #heading, #prompt, #score, #score .score-main, #score .score-info, #deal, #tip-text p, #verdict-line, #notice-text, #notice button';
  for (const el of document.querySelectorAll(sel)) {
    if (!el.checkVisibility() || !el.textContent.trim()) continue;
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents') continue;  // (its block is checked)
    if (r.width <= 1 && r.height <= 1) continue;  // (for screen readers only)
    const what = (el.id || el.parentElement.id + ' ' + el.className) + ': ' + el.textContent.trim().slice(0, 70);
    const kept = el.getAttribute('style');
    el.style.setProperty('-webkit-line-clamp', 'none', 'important');
    el.style.setProperty('max-height', 'none', 'important');
    el.style.setProperty('height', 'auto', 'important');
    el.style.setProperty('overflow', 'visible', 'important');
    if (cs.display.includes('-webkit-box')) el.style.setProperty('display', 'block', 'important');
    const whole = el.getBoundingClientRect().height;
    if (kept === null) el.removeAttribute('style'); else el.setAttribute('style', kept);
    if (whole > r.height + 1.5) bad.push(what + ' (' + Math.round(r.height) + ' px of ' + Math.round(whole) + ')');
    if (el.scrollWidth > el.clientWidth + 1.5) bad.push(what + ' (wider than its box)');
    if (r.right > innerWidth + 1 || r.left < -1 || r.bottom > innerHeight + 1) bad.push(what + ' (off the window)');
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.bottom > b.bottom + 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.left < b.left - 1)
        bad.push(what + ' (hidden by ' + (a.id || a.tagName) + ')');
    }
  }
  return bad;
}"""


#: How many lines an element's text takes (its height over its line height).
ONE_LINE = """sel => { const e = document.querySelector(sel), s = getComputedStyle(e);
  return Math.round(e.getBoundingClientRect().height / parseFloat(s.lineHeight)); }"""


def new_player(browser: Browser, size: str, settings: str = "") -> BrowserContext:
    width, height = SIZES[size]
    touch = size.startswith("phone")
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  reduced_motion="reduce", has_touch=touch, is_mobile=touch)
    if settings:
        context.add_init_script(f"try {{ localStorage.setItem('orbit.settings', {json.dumps(settings)}) }} catch (e) {{}}")
    return context


def assert_tools_free(page: Page, why: str) -> None:
    hits = page.evaluate(TOOLS_HIT)
    assert len(hits) >= 5, (why, hits)
    assert [h for h in hits if not h[1]] == [], why


@pytest.mark.parametrize("size", list(SIZES))
def test_the_tip_covers_no_tool_card_or_word_before_the_first_move_and_after_undo(
        browser: Browser, base_url_orbit: str, size: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = new_player(browser, size)
    orbit = Orbit(context.new_page(), base_url_orbit)
    page = orbit.open(f"#g={GAMES[0]}&s={SEED}")
    try:
        shown = []
        for game in GAMES:
            orbit.follow(f"#g={game}&s={SEED}")
            why = f"{game} at {size}, move 0"
            page.wait_for_selector("#tip:not([hidden])", state="attached")  # (a new player's deal: the tip is in the page)
            if page.locator("#tip").is_visible():  # (else the board has no room for even its first line)
                shown.append(game)
                assert page.evaluate(TIP_OVER) == [], why
                if size.startswith("phone"):  # the tip leaves the cards a finger's width
                    width = page.evaluate("Math.min(...[...document.querySelectorAll('#board .card')].map(c => c.getBoundingClientRect().width))")
                    assert width >= 44, (why, width)
            assert_tools_free(page, why)
            page.screenshot(path=str(ARTIFACTS / f"{game}-{size}.png"))
            session = Session.new(get_game(game), SEED)
            play_via_ui(orbit, session, session.legal_moves()[0], how="tap" if size.startswith("phone") else "drag")
            expect(page.locator("#tip")).to_be_hidden()
            page.locator("#undo").click()
            orbit.idle()
            expect(page.locator("#redo")).to_be_enabled()
            expect(page.locator("#tip")).to_be_hidden()  # it does not come back over the tools once moved
            assert_tools_free(page, f"{game} at {size}, after Undo to move 0")
            page.locator("#redo").click()  # Redo does what it says: the move is back
            orbit.idle()
            expect(page.locator("#undo")).to_be_enabled()
            assert str(page.evaluate("location.hash")).count("&m=") == 1, game
        # a laptop has room for every game's tip; a small window and a phone for some (800x600: all but
        # Gravity's; upright: Gravity's and Gyre's whole, Square's first line; on its side: Gyre's)
        assert shown == list(GAMES) if size == "laptop" else shown, (size, shown)
        orbit.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_hint_answers_a_new_players_first_tap(browser: Browser, base_url_orbit: str, size: str) -> None:
    """Hint first thing (the tip showing): the tap lights a move or says why none helps; it is not
    swallowed by the tip."""
    context = new_player(browser, size)
    orbit = Orbit(context.new_page(), base_url_orbit)
    page = orbit.open(f"#g=gyre&s={SEED}")
    try:
        for game in GAMES:
            orbit.follow(f"#g={game}&s={SEED}")
            page.wait_for_selector("#tip:not([hidden])", state="attached")  # (shown where the board has room for it)
            hint = page.locator("#hint")
            hint.tap() if size == "phone" else hint.click()
            orbit.idle()
            shown = page.locator("#board .hint-from, #board .hint-to, #board .hint-pick, #actions button.hint, #notice:not([hidden])")
            expect(shown.first).to_be_visible()
        orbit.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "de", PSEUDO])
def test_no_line_of_words_is_cut_at_any_size(browser: Browser, base_url_orbit: str, lang: str) -> None:
    """The header, the lines above the board and the tip show every word, wrapped rather than
    clamped, at every size, in English, German and the pseudo-locale (the long ones); also on a
    long deal number (the status line breaks between whole items). On a laptop the title, with
    the variants' names, keeps to one line."""
    context = new_player(browser, "laptop", f'["lang={lang}"]')
    orbit = Orbit(context.new_page(), base_url_orbit)
    page = orbit.open(f"#g=gravity&s={SEED}")
    problems: list[str] = []
    try:
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            for game, options in (("gravity", ""), ("square", "ends,wrap"), ("gyre", "jokers,easy"), ("zodiac", "")):
                for seed in (SEED, 717596096):
                    orbit.follow(f"#g={game}&o={options}&s={seed}")
                    problems += [f"{size} {game}: {p}" for p in page.evaluate(WORDS_CUT)]
                    if "laptop" in size:  # the title, variants and all, on one line
                        lines = page.evaluate(ONE_LINE, "#title")
                        if lines > 1:
                            problems.append(f"{size} {game}: the title takes {lines} lines")
            if lang == PSEUDO:
                page.screenshot(path=str(ARTIFACTS / f"words-{lang}-{size}.png"))
        assert problems == [], "\n".join(problems)
        orbit.assert_clean()
    finally:
        context.close()
