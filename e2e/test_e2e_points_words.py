"""Gyre, played for points, in Chromium: its solver's button, tooltip and setting speak of the best
score (never of winning), its answer is a number or a range ("The best possible: 56 to 61."), never
"Not sure"; in every language, on a phone (390x844) and a laptop (1280x800), with no word cut. Screenshots go to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``): ``points-<lang>-<size>-*.png``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from conftest import Orbit
from pyapp.app.can_win import VERDICTS_KEY
from pyapp.app.session import Session
from pyapp.games import get_game
from pyapp.solve import solve_state
from test_e2e_languages import OVERFLOW, catalogue, pseudo_context

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))

#: Per language: the button's label, and the verdict's words as a pattern (a number, or a range).
WORDS = {
    "en": ("Best score?", r"The best possible: (\d+)( to (\d+))?\."),
    "de": ("Bestwert?", r"Bestenfalls möglich: (\d+)( bis (\d+))?\."),
    "fr": ("Meilleur score\u00a0?", r"Le meilleur possible\s?: (?:de )?(\d+)( à (\d+))?\."),
    "es": ("¿Mejor puntuación?", r"Lo mejor posible: (?:de )?(\d+)( a (\d+))?\."),
    "pt-BR": ("Melhor pontuação?", r"O melhor possível: (?:de )?(\d+)( a (\d+))?\."),
    "ja": ("最高得点は？", r"可能な最高得点：(\d+)(〜(\d+))?。"),
}
#: Each language's words for winning, none of which the solver's words in Gyre may say.
WINNING = {"en": re.compile(r"\b(win|won|winnable)\b", re.I), "de": re.compile("gewinn|gewonn", re.I),
           "fr": re.compile("gagn", re.I), "es": re.compile(r"\bgan[aáeéoó]", re.I),
           "pt-BR": re.compile(r"\b(venc|ganh)", re.I), "ja": re.compile("勝")}


def kept_verdict_script(session: Session, budget: int) -> str:
    """A page script that keeps Gyre's verdict on ``session``'s position as an earlier visit keeps
    it (cut short at ``budget`` nodes: a range), so that the solver answers at once."""
    verdict = solve_state("gyre", session.state, budget=budget)
    assert not verdict.exact and verdict.score is not None and verdict.upper is not None
    row = ["gyre", get_game("gyre").format_state(session.state), verdict.kind, verdict.score, verdict.exact,
           verdict.nodes, ".".join(verdict.line), verdict.upper]
    return (f"if (location.protocol.startsWith('http')) "
            f"localStorage.setItem({json.dumps(VERDICTS_KEY)}, {json.dumps(json.dumps([row]))})")


@pytest.mark.parametrize("tag", sorted(WORDS))
def test_gyres_verdict_button_asks_for_the_best_score_and_its_answer_is_a_range_or_a_number(
        browser: Browser, base_url_orbit: str, tag: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    label, answer = WORDS[tag]
    if tag != "en":
        assert catalogue(tag)["Best score?"] == label
    session = Session.new(get_game("gyre"), 5)
    kept = kept_verdict_script(session, 300)
    problems: list[str] = []
    for width, height in ((390, 844), (1280, 800)):
        context = pseudo_context(browser, width, height, settings=f'["lang={tag}"]')
        context.add_init_script(kept)
        try:
            orbit = Orbit(context.new_page(), base_url_orbit)
            page = orbit.open(session.link().fragment())
            assert page.evaluate("document.documentElement.lang") == tag
            button = page.locator("#verdict")
            expect(page.locator("#verdict .lbl")).to_have_text(label)
            expect(button).to_have_attribute("aria-label", label)
            tip = button.get_attribute("title") or ""
            assert tip.endswith(("(W)", "（W）")) and not WINNING[tag].search(tip), tip
            if not button.is_visible():  # on a phone: in the menu, with the setting
                page.locator("#more").click()
                setting = page.locator("label:has(#set-verdict)").inner_text()
                assert not WINNING[tag].search(setting), setting
            problems += [f"{tag} {width}x{height} menu: {p}" for p in page.evaluate(OVERFLOW)]
            page.screenshot(path=str(SHOTS / f"points-{tag}-{width}x{height}-button.png"))
            button.click()
            text = page.locator("#notice-text")
            expect(text).to_have_text(re.compile(answer), timeout=30_000)
            said = text.inner_text()
            found = re.fullmatch(answer, said)
            assert found is not None and not WINNING[tag].search(said), said
            low, high = int(found.group(1)), found.group(3)
            assert high is None or int(high) > low, said  # a range from the best line to what none beats
            problems += [f"{tag} {width}x{height} verdict: {p}" for p in page.evaluate(OVERFLOW)]
            page.screenshot(path=str(SHOTS / f"points-{tag}-{width}x{height}-verdict.png"))
            orbit.assert_clean()
        finally:
            context.close()
    assert not problems, "\n".join(problems)


def test_gyres_settled_verdict_is_the_best_itself_and_the_standing_one_says_so_on_a_phone(orbit: Orbit) -> None:
    """A position the solver settles at once: the notice is the best itself, and kept shown under
    the board (the setting, which speaks of the best score) it says the same."""
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    session = Session.from_link("#g=gyre&v=1&o=&s=1&m=CJS1.P1.C5H2.P2.C6H2.P2.CJH0.P0.C7D0.P0.CJD2.P2.R.R.R.R.R.R."
                                "C9C4.P4.C5C4.P4.CQS4.P4.C6S4.P4.R.R.R.R.R.R.R.C6C5.P0.R.R.R.R.R")
    page = orbit.open(session.link().fragment())
    orbit.close_tip()
    page.locator("#more").click()
    expect(page.locator("label:has(#set-verdict)")).to_have_text("Always show the best score still possible (spoilers)")
    page.locator("#verdict").click()
    expect(page.locator("#notice-text")).to_have_text("The best possible: 33.", timeout=30_000)
    expect(page.locator("#notice-action")).to_have_text("Show me")
    page.locator("#more").click()
    page.locator("#set-verdict").check()
    page.locator("#more").click()
    expect(page.locator("#verdict-line")).to_have_text("Solver: The best possible: 33.", timeout=30_000)
    page.screenshot(path=str(SHOTS / "points-en-390x844-standing.png"))
    orbit.assert_clean()
