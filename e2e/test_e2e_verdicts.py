"""Can I still win? in Chromium: the verdict appears, "Show me" plays the solver's line to
a win and "Play from here" takes over; a search in progress never holds up a move (the
move plays, the search for the old position stops); the W key asks too. Screenshots go
to ``e2e/artifacts/`` (or ``$ORBIT_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from conftest import Orbit
from helpers import assert_board_matches, play_via_ui
from pyapp.games import get_game
from pyapp.app.session import Session
from pyapp.solve import Verdict

SHOTS = Path(os.environ.get("ORBIT_SHOTS", str(Path(__file__).resolve().parent / "artifacts")))


def notice(page: Page) -> str:
    return page.locator("#notice-text").inner_text() if page.locator("#notice").is_visible() else ""


def test_a_verdict_appears_show_me_plays_the_line_to_a_win_and_play_from_here_takes_over(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open("#g=square&s=6")  # Square's deal 6 can be filled
    page.locator("#verdict").click()
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    assert page.locator("#notice-action").inner_text() == "Show me"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "verdict-square-laptop.png"))
    page.locator("#notice-action").click()
    page.wait_for_selector("#rp-seek")
    assert page.locator("#rp-seek").input_value() == "0"  # the line starts from the position asked about
    page.locator("#rp-end").click()
    page.locator("#rp-here").click()
    orbit.wait_until("() => !document.querySelector('#replay-bar, #rp-seek')")
    assert "Cells 36/36" in page.locator("#score").inner_text()  # every cell filled: won
    orbit.assert_clean()


def test_a_move_made_while_the_solver_searches_plays_and_stops_the_search(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    session = Session.new(get_game("gyre"), 3)  # a fresh Gyre deal: a search of many slices, to its budget
    page = orbit.open(session.link().fragment())
    page.evaluate("""() => { window.said = []; new MutationObserver(() => window.said.push(
        document.querySelector('#notice-text').textContent)).observe(document.querySelector('#notice'),
        {subtree: true, childList: true, characterData: true}); }""")
    page.keyboard.press("w")
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('Searching')")
    token = session.legal_moves()[0]
    play_via_ui(orbit, session, token, how="tap")  # by taps, while the search runs
    session = session.played(token)
    orbit.idle()
    assert_board_matches(page, session)
    assert "Searching" not in notice(page)
    page.wait_for_timeout(300)
    said = page.evaluate("window.said")
    assert any(t.startswith("Searching") for t in said)
    # the tap was answered while the search ran: it never got to say a verdict
    assert not any(t.startswith(("Not sure", "Winnable", "Cannot", "The best")) for t in said), said
    assert "Searching" not in notice(page)
    orbit.assert_clean()


def test_a_lost_game_names_the_losing_move_and_one_tap_undoes_back_to_a_winnable_position(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    page = orbit.open("#g=square&s=6&m=48@D3.38@E1")
    page.locator("#more").click()
    page.locator("#verdict").click()
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('No longer winnable')")
    assert page.locator("#notice-text").inner_text().startswith("No longer winnable: move 2 (card 38 to cell E1) lost it.")
    page.screenshot(path=str(SHOTS / "verdict-square-phone-lost.png"))
    page.locator("#notice-action").click()  # Undo to there
    orbit.wait_until("() => location.hash.endsWith('m=48@D3')")
    page.keyboard.press("w")
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    orbit.assert_clean()


def test_the_standing_verdict_shows_under_the_board_follows_a_move_and_survives_a_reload(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    session = Session.new(get_game("square"), 6)
    page = orbit.open(session.link().fragment())
    assert not page.locator("#verdict-line").is_visible()  # off by default: no spoilers
    page.locator("#more").click()
    page.locator("#set-verdict").check()
    page.locator("#more").click()
    orbit.wait_until("() => document.querySelector('#verdict-line').textContent === 'Solver: Winnable from here.'")
    page.screenshot(path=str(SHOTS / "verdict-standing-square-phone.png"))
    token = "2@E6"  # 2 in the last cell: nothing can follow it
    play_via_ui(orbit, session, token, how="tap")
    session = session.played(token)
    assert_board_matches(page, session)
    assert page.locator("#verdict-line").is_hidden()  # the game is over: nothing to search
    page.reload()
    orbit.wait_ready()
    page.keyboard.press("Control+z")
    orbit.wait_until("() => document.querySelector('#verdict-line').textContent === 'Solver: Winnable from here.'")
    orbit.assert_clean()


def test_a_winnable_only_deal_is_won_by_its_own_line_on_a_phone(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    page = orbit.open("#g=gravity&s=5")
    page.locator("#new").click()
    dialog = page.locator("#newgame")
    dialog.locator('input[name="winnable"]').check()
    page.screenshot(path=str(SHOTS / "verdict-winnable-dialog-phone.png"))
    dialog.locator("#deal-go").click()
    expect(dialog).to_be_hidden()
    orbit.wait_until("() => document.querySelector('#notice-text').textContent.startsWith('Deal ')")
    assert "s=5&" not in page.evaluate("location.hash") + "&"  # a new deal, in the link for a friend
    page.keyboard.press("w")  # proved while it was found: at once
    orbit.wait_until("() => document.querySelector('#notice-text').textContent === 'Winnable from here.'")
    page.locator("#notice-action").click()  # Show me
    page.locator("#rp-end").click()
    page.locator("#rp-here").click()
    orbit.wait_until("() => document.querySelector('#score').textContent.startsWith('Piles left 1')")
    orbit.assert_clean()


def test_the_end_screen_says_the_deal_could_be_won_and_watch_how_shows_the_solvers_line(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 1280, "height": 800})
    page = orbit.open("#g=square&s=6&m=48@D3.38@E1")
    page.locator("#resign").click()
    page.locator("#resign").click()
    page.wait_for_selector("#summary[open]")
    orbit.wait_until("() => document.querySelector('#summary').textContent.includes('the deal could be won')")
    page.screenshot(path=str(SHOTS / "verdict-end-screen-laptop.png"))
    page.locator("#summary-best").click()
    page.wait_for_selector("#rp-seek")
    assert page.locator("#rp-seek").input_value() == "0"
    page.locator("#rp-end").click()
    assert "Cells 36/36" in page.locator("#score").inner_text()
    orbit.assert_clean()


def test_a_long_search_shows_how_it_goes_and_stop_ends_it_on_a_phone(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    page = orbit.open("#g=gyre&s=5")  # searched from the deal to its budget: many seconds
    page.keyboard.press("w")
    progress = page.locator("#notice-progress")
    expect(progress).to_be_visible(timeout=20_000)
    assert "of at most 10,000 positions searched" in progress.inner_text()
    assert progress.get_attribute("aria-hidden") == "true"  # seen, not spoken: it changes every second
    assert page.locator("#notice-text").inner_text().startswith("Searching")
    first = progress.inner_text()
    orbit.wait_until("t => document.querySelector('#notice-progress').textContent !== t", first)  # it goes on
    page.screenshot(path=str(SHOTS / "verdict-progress-gyre-phone.png"))
    page.locator("#notice-action").click()  # Stop
    expect(page.locator("#notice")).to_be_hidden()
    orbit.assert_clean()


def test_gyres_standing_verdict_says_what_a_move_cost_in_the_dark_theme(orbit: Orbit) -> None:
    orbit.page.set_viewport_size({"width": 390, "height": 844})
    orbit.page.emulate_media(color_scheme="dark")
    session = Session.from_link("#g=gyre&v=1&o=&s=1&m=CJS1.P1.C5H2.P2.C6H2.P2.CJH0.P0.C7D0.P0.CJD2.P2.R.R.R.R.R.R."
                                "C9C4.P4.C5C4.P4.CQS4.P4.C6S4.P4.R.R.R.R.R.R.R.C6C5.P0.R.R.R.R.R")
    page = orbit.open(session.link().fragment())
    page.locator("#more").click()
    page.locator("#set-verdict").check()
    page.locator("#more").click()
    line = page.locator("#verdict-line")
    expect(line).to_have_text("Solver: The best possible: 33.", timeout=30_000)
    play_via_ui(orbit, session, "R", how="tap")  # a replace would have kept 33
    session = session.played("R")
    assert_board_matches(page, session)
    expect(line).to_have_text("Solver: The best possible: 31. Your last move cost 2 points of the best possible.",
                              timeout=30_000)
    page.screenshot(path=str(SHOTS / "verdict-gyre-cost-phone-dark.png"))
    orbit.assert_clean()


def asked_with_a_kept_verdict(orbit: Orbit, session: Session, verdict: Verdict, width: int, height: int) -> Page:
    """The page at ``width`` x ``height``, on the position on the table, finds ``verdict`` (left
    undetermined) kept as an earlier visit keeps it; W says it at once: the range from the best
    line found to what no line can beat."""
    import json

    from pyapp.app.can_win import VERDICTS_KEY

    row = ["gyre", get_game("gyre").format_state(session.state), verdict.kind, verdict.score, verdict.exact,
           verdict.nodes, ".".join(verdict.line), verdict.upper]
    orbit.page.add_init_script(f"if (location.protocol.startsWith('http')) "  # (not on about:blank)
                               f"localStorage.setItem({json.dumps(VERDICTS_KEY)}, {json.dumps(json.dumps([row]))})")
    orbit.page.set_viewport_size({"width": width, "height": height})
    page = orbit.open(session.link().fragment())
    page.keyboard.press("w")
    expect(page.locator("#notice-text")).to_have_text(f"The best possible: {verdict.score} to {verdict.upper}.")
    return page


def test_gyres_verdict_kept_from_an_earlier_visit_says_the_best_line_and_what_no_line_beats(orbit: Orbit) -> None:
    """A verdict the solver left undetermined on an earlier visit (kept by the page, its line
    replayed before it is trusted) answers at once: the best line found and the score no line
    can beat, on a phone."""
    from pyapp.solve import solve_state

    session = Session.new(get_game("gyre"), 5)
    verdict = solve_state("gyre", session.state, budget=300)  # cut short: not exact, with its bound
    assert not verdict.exact and verdict.score is not None and verdict.upper is not None
    assert verdict.upper > verdict.score
    page = asked_with_a_kept_verdict(orbit, session, verdict, 390, 844)
    page.screenshot(path=str(SHOTS / "verdict-gyre-bound-phone.png"))
    orbit.assert_clean()


def test_keep_looking_searches_an_undetermined_verdict_again_and_says_the_settled_one_in_landscape(orbit: Orbit) -> None:
    """A verdict left undetermined (kept from an earlier visit: a search cut short at 20 nodes)
    offers Keep looking beside Show me, on a phone on its side with the close button in reach;
    pressing it searches the position again, further, and the notice says the settled best."""
    from pyapp.solve import solve_state

    session = Session.from_link("#g=gyre&v=1&o=&s=1&m=CJS1.P1.C5H2.P2.C6H2.P2.CJH0.P0.C7D0.P0.CJD2.P2.R.R.R.R.R.R."
                                "C9C4.P4.C5C4.P4.CQS4.P4.C6S4.P4")
    short, settled = solve_state("gyre", session.state, budget=20), solve_state("gyre", session.state)
    assert not short.exact and settled.exact and short.score is not None and settled.score is not None
    assert short.score < settled.score and short.upper is not None
    assert short.nodes == 20
    page = asked_with_a_kept_verdict(orbit, session, short, 844, 390)
    more = page.locator("#notice-more")
    expect(more).to_have_text("Keep looking")
    expect(page.locator("#notice-action")).to_have_text("Show me")
    notice = page.locator("#notice").bounding_box()
    assert notice is not None
    for button in ("#notice-action", "#notice-more", "#notice-close"):  # each in sight, none scrolled away
        box = page.locator(button).bounding_box()
        assert box is not None and notice["y"] <= box["y"] and box["y"] + box["height"] <= notice["y"] + notice["height"]
    page.screenshot(path=str(SHOTS / "verdict-keep-looking-landscape.png"))
    page.set_viewport_size({"width": 390, "height": 844})  # upright: each button a finger's size
    for button in ("#notice-action", "#notice-more", "#notice-close"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, (button, box)
    page.screenshot(path=str(SHOTS / "verdict-keep-looking-phone.png"))
    more.click()
    expect(page.locator("#notice-text")).to_have_text(f"The best possible: {settled.score}.", timeout=30_000)
    expect(more).to_be_hidden()
    orbit.assert_clean()
