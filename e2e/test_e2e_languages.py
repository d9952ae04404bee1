"""The player's own language in Chromium: every screen and dialog of every game in the
pseudo-locale says nothing that did not pass through the catalogue (every letter of a
looked-up message is accented, ``[Ûñðø ~~]``: a word with a plain letter was never looked up), the browser's language is the
page's, the player's choice is kept, and the longer words of each language fit the
phone and the laptop. Screenshots of every game in every language go to
``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from conftest import Orbit
from pyapp.games import all_games, get_game
from pyapp.i18n import LANGUAGES, PSEUDO
from pyapp.app.session import Session

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))
GAMES = tuple(g.id for g in all_games())
#: Words that stay as they are in every language: the games' and the collection's names,
#: and the languages' own names in the language menu.
KEPT_WORDS = {"Gravity", "Solitaire", "Square", "Gyre", "Zodiac", "Orbit",
              *(word for _tag, name in LANGUAGES for word in re.findall(r"\w+", name))}
#: A token that is not a word: a grid cell (A1, c3), a count (x2), a key (H), a number with a unit sign.
NOT_A_WORD = re.compile(r"^(?:[A-Fa-f][1-6]|x\d+|[A-Za-z]|\d+\w?)$")

# Every text the page shows (text nodes of visible elements, the names and tooltips of
# elements) and every announcement made since the page started (#live).
COLLECT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !el || el.closest('script,style,template') || !el.checkVisibility({visibilityProperty: true})) continue;
    out.push(['text', el.id || el.className || el.tagName, text]);
  }
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-description]')) {
    if (!el.checkVisibility() && !el.closest('#board')) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push([a, el.id || el.className || el.tagName, v.trim()]);
    }
  }
  for (const said of (window.orbitSaid || [])) out.push(['said', 'live', said]);
  out.push(['title', 'document', document.title]);
  return out;
}"""
HEAR = """
window.orbitSaid = [];
document.addEventListener('DOMContentLoaded', () => {
  const live = document.getElementById('live');
  if (live) new MutationObserver(() => { const t = live.textContent.trim(); if (t) window.orbitSaid.push(t); })
    .observe(live, {childList: true, characterData: true, subtree: true});
});
"""


def outside_catalogue(text: str) -> list[str]:
    """The words of ``text`` that did not pass through the catalogue: in the pseudo-locale
    every letter of a translated message is accented (its fields and markup aside), so a
    word with a plain letter was never looked up (a game's name and a cell's name aside)."""
    return [w for w in re.findall(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*", text) if w not in KEPT_WORDS and not NOT_A_WORD.match(w)]


def test_the_check_finds_a_word_outside_the_catalogue() -> None:
    assert outside_catalogue("[Ûñðø ~~] Deal 42") == ["Deal"]
    assert outside_catalogue("Gyre · [Šçøŕé {n} ~~] 12 · A1 x2") == []
    assert outside_catalogue("[[ţéñ ~~] øƒ [ĥéåŕţš ~~], çåŕð 1 øƒ 2 îñ [ýøûŕ ĥåñð") == []
    assert outside_catalogue("[Ṁøṽé ~~]: C4C3") == ["C4C3"]


def pseudo_context(browser: Browser, width: int = 1280, height: int = 800, settings: str = f'["lang={PSEUDO}"]') -> BrowserContext:
    phone = width < 900
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                  reduced_motion="reduce", has_touch=phone, is_mobile=phone)
    context.add_init_script(f"try {{ localStorage.setItem('orbit.settings', {json.dumps(settings)}) }} catch (e) {{}}")
    context.add_init_script(HEAR)
    return context


def moves_played(game_id: str, seed: int, count: int) -> str:
    """The link of ``count`` first legal moves of a deal (a game under way: Undo, Watch and the move announcements)."""
    session = Session.new(get_game(game_id), seed)
    for _i in range(count):
        legal = session.legal_moves()
        if not legal or session.status() != "playing":
            break
        session = session.played(legal[0])
    return "#" + session.link().fragment().lstrip("#")


class Seen:
    """Every text seen on the way, with where."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: dict[str, tuple[str, str]] = {}

    def look(self, where: str) -> None:
        self.page.wait_for_timeout(150)
        for kind, element, text in self.page.evaluate(COLLECT):
            words = outside_catalogue(text)
            if words:
                self.found.setdefault(text, (where, f"{kind} of {element}: {' '.join(words)}"))


def tour(orbit: Orbit, game_id: str, seen: Seen) -> None:
    """Every screen and dialog a player meets in ``game_id``, each looked at."""
    page = orbit.page
    seen.look("start screen")
    page.locator(f"#tile-{game_id}").click()  # a new deal: the first games' tip
    page.wait_for_selector("#tip:not([hidden])")
    seen.look("tip")
    orbit.follow(moves_played(game_id, 7, 3))
    orbit.idle()
    seen.look("game")
    page.keyboard.press("h")  # a hint, said
    seen.look("hint")
    for tool, dialog in (("#new", "#newgame"), ("#help", "#rules"), ("#stats-game", "#stats")):
        if not page.locator(tool).is_visible():
            page.locator("#more").click()
        page.locator(tool).click()
        page.wait_for_selector(f"{dialog}[open]")
        seen.look(dialog)
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")
    page.locator("#more").click()
    seen.look("menu")
    page.locator("#more").click()
    page.keyboard.press("?")  # the keys
    seen.look("keys")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+z")
    seen.look("undo")
    page.keyboard.press("w")  # can I win?
    page.wait_for_timeout(1500)
    seen.look("verdict")
    page.locator("#more").click()
    page.locator("#watch").click()
    page.wait_for_selector("#actions .replay-bar")
    page.locator("#rp-forward").click()
    seen.look("watch")
    page.keyboard.press("Escape")
    orbit.follow("#g=nothing&s=x")  # a broken link: its notice
    page.wait_for_selector("#notice:not([hidden])")
    seen.look("broken link")
    page.locator("#notice-close").click()
    orbit.follow(moves_played(game_id, 7, 2))
    for _i in range(2):  # give up, and confirm: the end screen
        if not page.locator("#resign").is_visible():
            page.locator("#more").click()
        page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")
    seen.look("end screen")
    page.locator("#summary-copy").click()
    seen.look("link copied")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_screen_in_the_pseudo_locale_passes_through_the_catalogue(browser: Browser, base_url_orbit: str,
                                                                        game_id: str) -> None:
    context = pseudo_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        orbit = Orbit(context.new_page(), base_url_orbit)
        orbit.open()
        assert orbit.page.evaluate("document.documentElement.lang") == PSEUDO
        seen = Seen(orbit.page)
        tour(orbit, game_id, seen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        orbit.page.screenshot(path=str(SHOTS / f"lang-{PSEUDO}-{game_id}-end.png"))
        assert not seen.found, "words that did not pass through the catalogue:\n" + "\n".join(
            f"  {where}: {why}  <- {text[:120]!r}" for text, (where, why) in seen.found.items())
        orbit.assert_clean()
    finally:
        context.close()


def english_of(page: Page, selector: str) -> str:
    return str(page.locator(selector).inner_text()).strip()


def catalogue(tag: str) -> dict[str, Any]:
    """The translations of ``tag``'s .po file, by English message."""
    from babel.messages.pofile import read_po

    locale = tag.replace("-", "_")
    path = Path(__file__).resolve().parent.parent / "pyapp" / "locale" / locale / "LC_MESSAGES" / "orbit.po"
    with path.open("rb") as f:
        return {str(m.id): m.string for m in read_po(f) if isinstance(m.id, str) and m.id and not m.fuzzy}


def test_the_browsers_language_is_the_pages_and_the_players_choice_is_kept(browser: Browser, base_url_orbit: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block", locale="de-AT")
    try:
        orbit = Orbit(context.new_page(), base_url_orbit)
        page = orbit.open("#g=gravity&s=3")
        undo = catalogue("de")["Undo"]
        assert undo and undo != "Undo"
        assert page.evaluate("document.documentElement.lang") == "de"
        assert english_of(page, "#undo .lbl") == undo
        page.locator("#more").click()
        page.select_option("#set-lang", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert english_of(page, "#undo .lbl") == "Undo"
        page.reload()
        orbit.wait_ready()
        assert page.evaluate("document.documentElement.lang") == "en"
        assert english_of(page, "#undo .lbl") == "Undo"
        page.locator("#more").click()
        page.select_option("#set-lang", "ja")
        page.wait_for_function("document.documentElement.lang === 'ja'")
        assert english_of(page, "#undo .lbl") == catalogue("ja")["Undo"]
        orbit.assert_clean()
    finally:
        context.close()


OVERFLOW = """() => {
  const bad = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > innerWidth + 1) bad.push('page is ' + doc.scrollWidth + ' px wide');
  for (const el of document.querySelectorAll('button, #prompt, #score, #deal, h1, h2, .tile-text, label')) {
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if ((el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible')
        || (el.scrollHeight > el.clientHeight + 2 && getComputedStyle(el).overflowY !== 'visible'))
      bad.push((el.id || el.className || el.tagName) + ' clips its text: ' + el.textContent.trim().slice(0, 60));
    if (r.right > innerWidth + 1 || r.left < -1)
      bad.push((el.id || el.className || el.tagName) + ' runs off the screen: ' + el.textContent.trim().slice(0, 60));
  }
  return bad;
}"""


@pytest.mark.parametrize("tag", [tag for tag, _name in LANGUAGES if tag != "en"])
def test_every_game_fits_the_phone_and_the_laptop_in_each_language(browser: Browser, base_url_orbit: str, tag: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for width, height in ((390, 844), (1280, 800)):
        context = pseudo_context(browser, width, height, settings=f'["lang={tag}"]')
        try:
            orbit = Orbit(context.new_page(), base_url_orbit)
            page = orbit.open()
            assert page.evaluate("document.documentElement.lang") == tag
            problems += [f"{tag} {width}x{height} start: {p}" for p in page.evaluate(OVERFLOW)]
            page.screenshot(path=str(SHOTS / f"lang-{tag}-start-{width}x{height}.png"))
            for game_id in GAMES:
                orbit.follow(moves_played(game_id, 5, 2))
                problems += [f"{tag} {width}x{height} {game_id}: {p}" for p in page.evaluate(OVERFLOW)]
                narrowest = page.evaluate("Math.min(...[...document.querySelectorAll('#board .card')]"
                                          ".map(c => c.getBoundingClientRect().width))")
                if width < 900 and narrowest < 44:  # the phone's 44 px cards hold in every language
                    problems.append(f"{tag} {width}x{height} {game_id}: cards {narrowest:.1f} px wide")
                page.screenshot(path=str(SHOTS / f"lang-{tag}-{game_id}-{width}x{height}.png"))
            if not page.locator("#help").is_visible():
                page.locator("#more").click()
            page.locator("#help").click()
            page.wait_for_selector("#rules[open]")
            problems += [f"{tag} {width}x{height} rules: {p}" for p in page.evaluate(OVERFLOW)]
            orbit.assert_clean()
        finally:
            context.close()
    assert not problems, "\n".join(problems)


def test_a_whole_game_by_taps_on_a_phone_in_japanese(browser: Browser, base_url_orbit: str) -> None:
    """A player whose phone asks for Japanese plays a whole game by taps: every word on the
    way, the end screen and what a screen reader hears included, is Japanese (the game's
    name, PLANET and MOON, and keys' names aside)."""
    from helpers import play_whole_game

    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  reduced_motion="reduce", has_touch=True, is_mobile=True, locale="ja-JP")
    context.add_init_script(HEAR)
    try:
        orbit = Orbit(context.new_page(), base_url_orbit)
        orbit.open()
        assert orbit.page.evaluate("document.documentElement.lang") == "ja"
        play_whole_game(orbit, "gyre", "", 11, lambda turn, count: turn % count, lambda token: "tap", fresh_every=0)
        english = []
        for kind, element, text in orbit.page.evaluate(COLLECT):
            words = [w for w in re.findall(r"[A-Za-z][A-Za-z']+", text)
                     if w not in KEPT_WORDS and w not in ("No", "PLANET", "MOON", "Ctrl", "Shift", "Esc", "Tab")]
            if words:
                english.append(f"{kind} of {element}: {' '.join(words)}  <- {text[:80]!r}")
        orbit.page.screenshot(path=str(SHOTS / "lang-ja-gyre-end-390x844.png"))
        assert not english, "English on a Japanese page:\n" + "\n".join(english)
        orbit.assert_clean()
    finally:
        context.close()
