"""Can I still win? The controller asks the solver about the position on the table, runs
the search in slices on the page's timer, says the verdict, drops a search when the
position changes, and shows the solver's line in the Watch viewer."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.session import Session
from pyapp.games import entry
from pyapp.solve import Verdict, problem_for
from pyapp.app.can_win import QUIET_SLICES
from pyapp.solve.verdicts import SEARCHING, SLICE_GAP, TRACING, Finding, Verdicts, verdict_words


#: Square's deal 6: the grid can be filled (the solver finds the line in a few hundred nodes).
WINNABLE = "#g=square&v=1&o=&s=6"


def solve_timer(c: Controller) -> int | None:
    return next((t.ticket for t in c.view().timers if t.name == "solve"), None)


def run_search(c: Controller) -> int:
    """Fire the view's solve timer until it is gone, as the page does; the slices run."""
    slices = 0
    while (ticket := solve_timer(c)) is not None:
        assert c.fire("solve", ticket) not in (False, None)  # True: drawn; a number: again after it
        slices += 1
        assert slices < 10_000
    return slices


def until_searching(c: Controller) -> None:
    """Fire the solve timer until the search asked for shows its notice (after QUIET_SLICES slices)."""
    for _unused in range(QUIET_SLICES):
        assert c.notice is None or c.notice.text != SEARCHING
        c.fire("solve", solve_timer(c))  # type: ignore[arg-type]
    assert c.notice is not None and c.notice.text == SEARCHING and c.notice.action == "Stop"


def test_asking_searches_in_slices_then_says_the_verdict_and_show_me_plays_the_line_to_a_win() -> None:
    """The search is heard at once ("Searching."), seen only if it goes on for QUIET_SLICES slices
    (a verdict found sooner flashes no notice before it), then its verdict is said and shown."""
    c = Controller(MemoryStorage())
    c.start(WINNABLE)
    assert c.view().tools["verdict"]
    moves_before = len(c.session.moves)  # type: ignore[union-attr]
    assert c.key("w")
    assert c.notice is None and c.effects().announce == "Searching."
    seen = []
    while (ticket := solve_timer(c)) is not None:
        c.fire("solve", ticket)
        seen.append(c.notice.text if c.notice else "")
    searching = [i + 1 for i, text in enumerate(seen) if text == SEARCHING]
    assert searching == (list(range(QUIET_SLICES, len(seen))) if len(seen) > QUIET_SLICES else []), (len(seen), searching)
    assert c.notice is not None and c.notice.text == "Winnable from here." and c.notice.action == "Show me"
    assert c.effects().announce == "Winnable from here."
    c.notice_action()  # Show me
    view = c.view()
    assert view.replay is not None and c.watching.replay is not None
    replay = c.watching.replay
    assert replay.index == moves_before and replay.length > moves_before
    c.replay_control("end")
    replay = c.watching.replay
    assert replay is not None and replay.at_end and replay.status() == "won"
    c.replay_control("here")  # play on from the end of the line: a won game
    assert c.session is not None and c.session.status() == "won"


def test_a_move_drops_the_search_and_a_known_position_answers_at_once() -> None:
    c = Controller(MemoryStorage())
    c.start(WINNABLE)
    c.click("verdict")
    old = solve_timer(c)
    assert old is not None
    c.play(c.session.legal_moves()[0])  # type: ignore[union-attr]
    assert solve_timer(c) is None and c.fire("solve", old) is False
    assert c.notice is None or c.notice.text != SEARCHING
    c.undo()
    c.click("verdict")
    run_search(c)
    said = c.notice.text if c.notice else ""
    c.play(c.session.legal_moves()[0])  # type: ignore[union-attr]
    c.undo()  # back to the position just solved: no search, the verdict at once
    c.click("verdict")
    assert solve_timer(c) is None and c.notice is not None and c.notice.text == said


def test_the_hint_follows_the_solvers_line_once_it_is_known() -> None:
    c = Controller(MemoryStorage())
    c.start(WINNABLE)
    c.hint()
    assert c.notice is not None and not c.notice.text.startswith("The solver's next move")
    c.asking.ask()
    run_search(c)
    c.hint()
    assert c.notice is not None and c.notice.text.startswith("The solver's next move. ")
    verdict = c.can_win.verdicts.known_for("square", c.session.state)  # type: ignore[union-attr]
    assert verdict is not None and c.ui.hint is not None
    token = verdict.line[0]
    c.play(token)  # the move the hint lit is the line's first
    assert c.session is not None and c.session.moves[-1] == token


def test_stop_ends_the_search_and_nothing_is_asked_where_nothing_can_be_played() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=zodiac&s=3")
    c.asking.ask()
    until_searching(c)
    c.notice_action()  # Stop
    assert solve_timer(c) is None and c.notice is None
    c.resign()
    c.resign()  # given up: nothing to ask (the end screen's own search of the deal runs)
    assert not c.view().tools["verdict"] and c.can_win.judging
    c.asking.ask()
    assert not c.can_win.asked and c.notice is None
    c.home()
    c.asking.ask()
    assert solve_timer(c) is None and not c.can_win.asked


def test_a_slice_waits_while_a_move_is_shown_or_a_card_is_held() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=zodiac&s=3")  # a search of many slices
    c.asking.ask()
    ticket = solve_timer(c)
    assert ticket is not None
    c.busy(True)
    assert c.fire("solve", ticket) is None
    c.busy(False)
    assert c.fire("solve", ticket) == SLICE_GAP  # set up
    search = c.can_win.verdicts.search
    assert search is not None and search.nodes == 1
    again = c.fire("solve", ticket)  # SLICE_GAP: nothing to draw yet, the same timer again after the gap
    assert (again == SLICE_GAP and search.nodes > 1) or (again is True and c.can_win.verdicts.finding is not None)


def test_a_search_the_budget_stops_says_not_sure_in_every_game() -> None:
    for fragment in ("#g=gravity&s=5", "#g=square&s=5", "#g=gyre&s=5", "#g=zodiac&s=5"):
        c = Controller(MemoryStorage())
        c.start(fragment)
        session: Session = c.session  # type: ignore[assignment]
        c.asking.ask()
        c.fire("solve", solve_timer(c))  # type: ignore[arg-type]  # the first slice sets the search up
        assert c.can_win.verdicts.search is not None and session is c.session
        c.can_win.verdicts.search.budget = 3  # a fresh deal: no line ends within 3 nodes
        run_search(c)
        text = c.notice.text if c.notice else ""
        if fragment == "#g=gyre&s=5":  # Gyre, played for points, says what no line can beat (the bound at the deal)
            gyre = problem_for("gyre")
            assert text == f"The best possible: at most {gyre.bound(gyre.start(session.state))}.", text
            continue
        assert text == "Not sure: after 3 positions the search had not finished.", text


def test_a_lost_position_names_the_move_that_lost_it_and_undo_to_there_brings_back_a_winnable_one() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=square&s=6&m=48@D3.38@E1")  # deal 6 could be filled, and after 48@D3 still could
    c.asking.ask()
    said = []
    while (ticket := solve_timer(c)) is not None:
        c.fire("solve", ticket)
        said.append(c.notice.text if c.notice else "")
    assert TRACING in said  # said while it looked back
    assert c.notice is not None and c.notice.action == "Undo to there"
    assert c.notice.text.startswith("No longer winnable: move 2 (card 38 to cell E1) lost it. "), c.notice.text
    assert c.can_win.verdicts.finding is not None and c.can_win.verdicts.finding.since == 2
    c.notice_action()  # Undo to there
    assert c.session is not None and c.session.moves == ("48@D3",) and c.session.redo_moves == ("38@E1",)
    c.asking.ask()  # known already: at once
    assert solve_timer(c) is None and c.notice is not None and c.notice.text == "Winnable from here."


def test_looking_back_stops_at_the_first_winnable_or_undetermined_position_or_at_the_deal() -> None:
    session = Session.from_link("#g=square&s=6&m=48@D3.38@E1.2@A1")
    states, game = session.states, session.game
    lost, unsure = Verdict("impossible", 30, ("1@A1",), True, 10), Verdict("best", 31, ("1@A1",), False, 10)
    for earlier, since in ((lost, 0), (unsure, None), (Verdict("won", 36, ("1@A1",), True, 10), 1)):
        v = Verdicts()
        for state in states[1:]:
            v.remember("square", state, lost)
        v.remember("square", states[0], earlier)
        found = v.ask("square", states)  # every verdict known: no search
        assert found is not None and not v.searching and (found.at, found.since) == (3, since)
        words = verdict_words(entry("square"), found, "48 to cell D3")
        assert words == {0: "This deal could never be won, even knowing every card. Best now: 30 cells filled.",
                         None: "Cannot be won from here: 30 cells filled at best.",
                         1: "No longer winnable: move 1 (48 to cell D3) lost it. Best now: 30 cells filled."}[since]


def timer(c: Controller, name: str) -> int | None:
    return next((t.ticket for t in c.view().timers if t.name == name), None)


def test_the_standing_verdict_is_off_by_default_and_once_on_follows_every_position_after_a_pause() -> None:
    storage = MemoryStorage()
    c = Controller(storage)
    c.start(WINNABLE)
    assert c.view().verdict == "" and timer(c, "verdict") is None and timer(c, "solve") is None
    c.change("set-verdict", "", True)
    assert "verdict" in storage.get("orbit.settings")  # type: ignore[operator]
    assert c.view().verdict == "Solver: searching…"
    pause = timer(c, "verdict")
    assert pause is not None and timer(c, "solve") is None  # it waits for the pause first
    assert c.fire("verdict", pause) is True
    run_search(c)
    assert c.view().verdict == "Solver: Winnable from here." and c.notice is None  # not asked: no notice
    assert c.effects().announce == "Winnable from here."  # said once
    assert c.effects().announce == "" and c.view().verdict == "Solver: Winnable from here."
    c.play(c.session.legal_moves()[-1])  # type: ignore[union-attr]
    assert c.view().verdict == "Solver: searching…"
    assert c.fire("verdict", pause) is False  # the old position's pause does nothing
    again = timer(c, "verdict")
    assert again is not None and again != pause
    c.undo()  # back to the position solved: its verdict comes at once when the pause is over
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    assert timer(c, "solve") is None and c.view().verdict == "Solver: Winnable from here."
    c.resign()
    c.resign()
    assert c.view().verdict == "" and timer(c, "verdict") is None
    assert Controller(storage).settings.verdict  # kept


def standing_on(link: str, settle: bool = True) -> Controller:
    """A controller on ``link`` with the verdict kept shown, its pause over and (``settle``) its
    search run to its end."""
    c = Controller(MemoryStorage())
    c.start(link)
    c.change("set-verdict", "", True)
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    if settle:
        run_search(c)
    return c


def standing_verdict_after(c: Controller, token: str) -> tuple[str, str]:
    """Play ``token`` with the standing verdict on: the verdict under the board once its search
    ended, and what was announced to a screen reader meanwhile."""
    c.play(token)
    c.effects()  # the move's own words
    told = []
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    while (ticket := solve_timer(c)) is not None:
        c.fire("solve", ticket)
        told.append(c.effects().announce)
    told.append(c.effects().announce)
    return c.view().verdict, " | ".join(t for t in told if t)


def test_the_standing_verdict_is_announced_once_when_it_changes_not_after_every_move() -> None:
    c = standing_on(WINNABLE)
    assert c.effects().announce == "Winnable from here."
    # 48 to D3 keeps the deal winnable: the same words under the board, nothing said again
    assert standing_verdict_after(c, "48@D3") == ("Solver: Winnable from here.", "")
    # 38 to E1 loses it: the new verdict is said, once
    shown, told = standing_verdict_after(c, "38@E1")
    assert shown.startswith("Solver: No longer winnable: move 2 (card 38 to cell E1) lost it.")
    assert told.startswith("No longer winnable: move 2") and told.count("No longer winnable") == 1, told
    c.undo()  # back to a winnable position: it changed again, so it is said again
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    assert c.view().verdict == "Solver: Winnable from here." and c.effects().announce.endswith(" Winnable from here.")
    c.asking.ask()  # asked for, it is always said, even unchanged
    assert c.notice is not None and c.effects().announce == "Winnable from here."


def run_hunt(c: Controller) -> int:
    slices = 0
    while (ticket := timer(c, "hunt")) is not None:
        assert c.fire("hunt", ticket) not in (False, None)
        slices += 1
        assert slices < 20_000
    return slices


def test_winnable_deals_only_deals_a_deal_the_solver_proved_and_keeps_its_line() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gravity&s=5")
    c.dialogs.new_game()
    assert c.dialog is not None and "winnable" in [f.name for f in c.dialog.fields]
    c.dialogs.submit_new({"winnable": "1", "decks": "1"})
    assert c.dialog is None and c.notice is not None and c.notice.text == "Looking for a winnable deal…"
    assert c.session is not None and c.session.seed == 5  # the game stays until the deal is found
    run_hunt(c)
    session = c.session
    assert session is not None and session.seed != 5 and not session.moves
    assert c.notice is not None and c.notice.text.startswith(f"Deal {session.seed}, after ")
    c.asking.ask()  # proved already: at once
    assert timer(c, "solve") is None and c.notice is not None and c.notice.text == "Winnable from here."
    game, state = session.game, session.state
    for token in c.can_win.line_to_watch(session):
        state = game.apply(state, token)
    assert game.status(state) == "won"


def test_a_game_without_a_win_hunts_for_a_best_score_and_a_hunt_can_be_cancelled_or_outlived() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=5")
    c.dialogs.new_game()
    assert c.dialog is not None and "winnable" not in [f.name for f in c.dialog.fields]
    level = next(f for f in c.dialog.fields if f.name == "level")
    assert level.choices[0] == "" and "40" in level.choices
    c.dialogs.submit_new({"level": "40"})
    assert c.notice is not None and c.notice.text == "Looking for a deal whose best score reaches 40…"
    run_hunt(c)
    session = c.session
    assert session is not None and session.seed != 5
    known = c.can_win.verdicts.known_for("gyre", session.state)
    assert known is not None and known.score is not None and known.score >= 40
    c.dialogs.new_game()
    c.dialogs.submit_new({"level": "40"})
    c.notice_action()  # Cancel
    assert timer(c, "hunt") is None and c.session is session
    c.dialogs.new_game()
    c.dialogs.submit_new({"level": "40"})
    c.open_game("square")  # another game opened meanwhile: the hunt stops
    assert c.hunter.hunt is None and timer(c, "hunt") is None


def test_the_end_screen_says_what_the_deal_allowed_and_watch_how_plays_the_solvers_line() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=square&s=6&m=48@D3.38@E1")  # deal 6 could be filled
    c.resign()
    c.resign()
    assert c.dialog is not None and c.dialog.kind == "summary" and not c.dialog.best
    run_search(c)  # the deal is searched while the end screen shows
    assert c.dialog is not None and c.dialog.best
    assert c.dialog.compare[-1] == "You: 2 cells filled; the deal could be won (the solver knows the order of every card)."
    assert c.effects().announce.endswith(c.dialog.compare[-1])
    c.summary_action("best")
    replay = c.watching.replay
    assert replay is not None and replay.index == 0
    assert replay.to_end().status() == "won"


def test_a_won_game_is_not_searched_again() -> None:
    c = Controller(MemoryStorage())
    c.start(WINNABLE)
    c.asking.ask()
    run_search(c)
    line = c.can_win.line_to_watch(c.session)  # type: ignore[arg-type]
    for token in line:
        c.play(token)
    assert c.session is not None and c.session.status() == "won" and c.dialog is not None
    assert solve_timer(c) is None and not c.dialog.best


def test_verdicts_survive_a_reload_and_a_kept_verdict_that_does_not_replay_is_searched_again() -> None:
    import json

    from pyapp.app.can_win import VERDICTS_KEY

    storage = MemoryStorage()
    c = Controller(storage)
    c.start(WINNABLE)
    c.asking.ask()
    run_search(c)
    assert json.loads(storage.get(VERDICTS_KEY))[0][2] == "won"  # type: ignore[arg-type]
    again = Controller(storage)  # a reload
    again.start(WINNABLE)
    again.asking.ask()
    assert solve_timer(again) is None and again.notice is not None and again.notice.text == "Winnable from here."
    rows = json.loads(storage.get(VERDICTS_KEY))  # type: ignore[arg-type]
    rows[0][6] = rows[0][6].split(".", 1)[1]  # a line that no longer replays from its position
    rows.append(["square", "nonsense", "won", 36, True, 5, "1@A1"])
    rows.append("not a row")
    storage.set(VERDICTS_KEY, json.dumps(rows))
    tampered = Controller(storage)
    tampered.start(WINNABLE)
    tampered.asking.ask()
    assert solve_timer(tampered) is not None  # not trusted: searched again
    storage.set(VERDICTS_KEY, "{broken")
    broken = Controller(storage)
    broken.start(WINNABLE)
    broken.asking.ask()
    assert solve_timer(broken) is not None


def test_the_statistics_keep_what_the_solver_proved_of_each_deal_played() -> None:
    from pyapp.stats.markup import stats_html
    from pyapp.stats.summary import Stats
    from pyapp.stats.keeper import STATS_KEY

    storage = MemoryStorage()
    c = Controller(storage)
    c.start("#g=square&s=6&m=48@D3")  # deal 6 could be filled: given up, a winnable deal lost
    c.play("38@E1")
    c.resign(); c.resign()
    v = c.stats.stats.variant("square", "")
    assert (v.judged, v.winnable_lost, v.as_well_as_possible) == (0, 0, 0)  # not known yet ...
    run_search(c)
    v = c.stats.stats.variant("square", "")
    assert (v.judged, v.winnable_lost, v.as_well_as_possible) == (1, 1, 0)  # ... kept once the search ends
    c.start("#g=gravity&s=5")  # a deal whose best the solver proved (told here): the player does as well
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    c.can_win.verdicts.remember("gravity", c.session.states[0], Verdict("best", 51, ("x",), True, 9))
    c.resign(); c.resign()
    assert c.session.score() == 51
    v = c.stats.stats.variant("gravity", "")
    assert (v.judged, v.winnable_lost, v.as_well_as_possible) == (1, 0, 1)
    kept = Stats.loads(storage.get(STATS_KEY) or "")  # kept with the record, and read back
    assert [(r.judged, r.possible) for r in kept.ordered()] == [("won", 36), ("exact", 51)]
    html = stats_html(kept.summary(c.stats.today()))
    assert "Winnable deals lost</th><td>1<" in html and "1 of 1 judged by the solver" in html


def _square_after_random_moves(seed: int, moves: int) -> list[Any]:
    import random

    game = entry("square").game
    states = [game.deal(seed, game.parse_options(""))]
    rnd = random.Random(seed)
    for _ in range(moves):
        states.append(game.apply(states[-1], rnd.choice(game.legal_moves(states[-1]))))
    return states


def test_a_position_that_cannot_be_won_gets_its_best_settled_by_a_second_search() -> None:
    """The first search of a game with a win settles only whether it can be won; when it
    left lines out, a second search (every line that could beat the best) settles the best:
    the player hears the best still possible, here 26 cells where the first search's line
    filled 15, and that line replays to it."""
    from pyapp.solve import problem_for, solve_state, Search
    from pyapp.solve.games import engine_verdict

    states = _square_after_random_moves(4, 10)
    first = solve_state("square", states[-1])
    assert first.kind == "impossible" and not first.exact  # the case this is about
    plain = problem_for("square", states[-1])
    plain.win_value = None
    search = Search(plain, plain.start(states[-1]))
    while not search.run(5_000):
        pass
    best = engine_verdict(plain, search.verdict())
    assert best.exact and best.score is not None and first.score is not None and best.score > first.score

    v = Verdicts()
    assert v.ask("square", states) is None
    while v.step(0.05) is None:
        pass
    found = v.finding
    assert found is not None and found.verdict.kind == "impossible" and found.verdict.exact
    assert found.verdict.score == best.score
    game = entry("square").game
    end = states[-1]
    for token in found.verdict.line:
        end = game.apply(end, token)
    assert game.score(end) == best.score and game.status(end) != "playing"
    assert verdict_words(entry("square"), Finding(found.verdict, found.at, None)) == \
        f"Cannot be won from here: {best.score} cells filled at best."


def test_stopped_while_its_best_is_settled_the_first_searchs_verdict_is_kept() -> None:
    states = _square_after_random_moves(4, 10)
    v = Verdicts()
    v.ask("square", states)
    while v._settling is None:  # the first search ends; the second is about to start
        assert v.step(0.05) is None
    v.drop()
    kept = v.known_for("square", states[-1])
    assert kept is not None and kept.kind == "impossible" and not kept.exact


def test_gravitys_best_still_possible_names_its_rating_band() -> None:
    """The issue asks for Gravity's piles and band: the best a lost position still allows, and
    what the end screen says no one could beat, carry the band of RULES.md 1.7."""
    gravity = entry("gravity")
    lost = Finding(Verdict("impossible", 3, ("a1b1",), True, 900), 4, 2)
    assert verdict_words(gravity, lost, "5 of clubs onto a2").endswith(
        "Best now: 3 piles left (Planet saved, with a little debris left).")
    never = Finding(Verdict("impossible", 6, ("a1b1",), True, 900), 4, None)
    assert verdict_words(gravity, never) == \
        "Cannot be won from here: 6 piles left (Not a failure: you bought some time) at best."


def test_a_long_search_shows_how_it_goes_under_its_notice_without_saying_it() -> None:
    """Gyre's deal 5 is searched to its budget from the deal (many seconds on the page): once its
    notice shows (QUIET_SLICES slices) it shows the positions searched and the best line found so
    far under it, and again every second; a screen reader hears only "Searching." and then the
    verdict."""
    from pyapp.app.can_win import PROGRESS_SLICES
    from pyapp.ui.markup import page_writes
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=5")
    c.asking.ask()
    assert c.view().notice is None and c.effects().announce == "Searching."
    drawn = []
    for _unused in range(3 * PROGRESS_SLICES):
        drawn.append(c.fire("solve", solve_timer(c)))  # type: ignore[arg-type]
        if len(drawn) == QUIET_SLICES:  # the notice shows, with its progress already, and is not said again
            shown = c.view().notice
            assert shown is not None and shown.text == SEARCHING and "positions searched" in shown.progress
            assert c.effects().announce == ""
    assert [i + 1 for i, d in enumerate(drawn) if d is True] == [QUIET_SLICES, *(k * PROGRESS_SLICES for k in (1, 2, 3))]
    notice = c.view().notice
    assert notice is not None and notice.text == SEARCHING
    assert notice.progress.endswith(" of at most 10,000 positions searched; the best line so far: a final score of "
                                    + notice.progress.split("a final score of ")[1]), notice.progress
    assert c.effects().announce == ""  # not spoken
    writes = page_writes(c.view())
    assert ("#notice-progress", "text", notice.progress) in writes and ("#notice-progress", "hidden", "") in writes
    c.notice_action()  # Stop
    after = c.view().notice
    assert after is None or after.progress == ""


def test_the_standing_verdict_shows_how_a_long_search_goes() -> None:
    from pyapp.app.can_win import PROGRESS_SLICES
    c = standing_on("#g=gyre&s=5", settle=False)
    assert c.view().verdict == "Solver: searching…"
    for _unused in range(PROGRESS_SLICES):
        c.fire("solve", solve_timer(c))  # type: ignore[arg-type]
    assert c.view().verdict.startswith("Solver: searching… ") and "of at most 10,000 positions searched" in c.view().verdict
    assert c.view().notice is None  # not asked: no notice


#: Gyre's deal 1 after 40 moves (each the first legal one): the best still possible is 33 exactly;
#: after R it is 31 (a replace would have kept it).
GYRE_AT_40 = ("#g=gyre&v=1&o=&s=1&m=CJS1.P1.C5H2.P2.C6H2.P2.CJH0.P0.C7D0.P0.CJD2.P2.R.R.R.R.R.R.C9C4.P4.C5C4.P4."
              "CQS4.P4.C6S4.P4.R.R.R.R.R.R.R.C6C5.P0.R.R.R.R.R")


def test_gyres_verdict_says_what_the_last_move_cost_against_the_best_still_possible() -> None:
    c = standing_on(GYRE_AT_40)
    assert c.view().verdict == "Solver: The best possible: 33."
    c.play("R")
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    run_search(c)
    assert c.view().verdict == "Solver: The best possible: 31. Your last move cost 2 points of the best possible."
    c.undo()  # the best move instead: it costs nothing, and nothing is said of it
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    assert c.session is not None
    best = c.can_win.line_to_watch(c.session)[0]
    c.play(best)
    c.fire("verdict", timer(c, "verdict"))  # type: ignore[arg-type]
    run_search(c)
    assert c.view().verdict == "Solver: The best possible: 33."
    # a game with a win says no such thing (its verdict names the move that lost it)
    assert c.can_win.cost(Session.from_link(WINNABLE), Finding(Verdict("best", 30, (), True, 9), 0)) == 0


def test_gyres_verdict_not_settled_says_what_no_line_can_beat_and_keeps_it_across_a_reload(monkeypatch: Any) -> None:
    """A search cut short by its budget says the best line it found and what no line can beat
    (proven: the solver's bound at the position); a reload keeps both, and a kept bound below the
    best line (a tampered record) is dropped, never shown."""
    import json

    from pyapp.app.can_win import VERDICTS_KEY
    from pyapp.games.gyre.solver import GyreProblem

    monkeypatch.setattr(GyreProblem, "budget", 300)  # cut short at once
    storage = MemoryStorage()
    c = Controller(storage)
    c.start("#g=gyre&s=5")
    c.asking.ask()
    run_search(c)
    assert c.notice is not None
    said = c.notice.text
    best, most = map(int, said.removeprefix("The best possible: ").removesuffix(".").split(" to "))  # a range
    assert best < most <= 76, said
    rows = json.loads(storage.get(VERDICTS_KEY))  # type: ignore[arg-type]
    assert rows[0][2:5] == ["best", best, False] and rows[0][7] == most
    again = Controller(storage)  # a reload: known at once, with both
    again.start("#g=gyre&s=5")
    again.asking.ask()
    assert solve_timer(again) is None and again.notice is not None and again.notice.text == said
    rows[0][7] = best - 1  # below the best line: not a bound
    storage.set(VERDICTS_KEY, json.dumps(rows))
    tampered = Controller(storage)
    tampered.start("#g=gyre&s=5")
    tampered.asking.ask()
    assert tampered.notice is not None and tampered.notice.text == f"The best possible: at least {best}."


def test_keep_looking_searches_an_undetermined_position_four_times_as_far_and_its_verdict_replaces_the_first(
        monkeypatch: Any) -> None:
    """A verdict the budget cut short offers Keep looking beside Show me; it searches the same
    position again with four times the nodes (Gyre's ceiling too), and says and keeps the new
    verdict, settled here; a verdict that already took that many offers it no more."""
    import json

    from pyapp.app.can_win import VERDICTS_KEY
    from pyapp.games.gyre.solver import GyreProblem

    monkeypatch.setattr(GyreProblem, "budget", 1_000)  # (the page's 10,000 and 48,000, scaled down)
    monkeypatch.setattr(GyreProblem, "ceiling_positions", 4_800)
    storage = MemoryStorage()
    c = Controller(storage)
    c.start("#g=gyre&s=2")
    for _unused in range(10):  # a position that 1,000 nodes leave undetermined and 4,000 settle
        c.play(c.session.legal_moves()[0])  # type: ignore[union-attr]
    c.asking.ask()
    run_search(c)
    assert c.notice is not None and c.notice.text.startswith("The best possible: ") and " to " in c.notice.text, c.notice
    assert (c.notice.action, c.notice.more) == ("Show me", "Keep looking")
    first = c.can_win.verdicts.known_for("gyre", c.session.state)  # type: ignore[union-attr]
    assert first is not None and not first.exact and first.score is not None and first.upper is not None
    assert c.click("notice-more")
    assert c.notice is not None and c.notice.text == SEARCHING and c.notice.action == "Stop"
    search = c.can_win.verdicts.search
    run_search(c)
    assert search is None  # (set up by the first slice)
    verdict = c.can_win.verdicts.known_for("gyre", c.session.state)  # type: ignore[union-attr]
    assert verdict is not None and verdict.exact and 1_000 < verdict.nodes <= 4_000 and verdict.score is not None
    assert first.score <= verdict.score <= first.upper  # (64: no better than the first line, here)
    assert c.notice is not None and c.notice.text == f"The best possible: {verdict.score}." and c.notice.more == ""
    assert json.loads(storage.get(VERDICTS_KEY))[-1][2:5] == ["best", verdict.score, True]  # type: ignore[arg-type]
    # cut short after four times the nodes: as far as Gyre looks, Keep looking does nothing
    c.can_win.verdicts.remember("gyre", c.session.state, replace(first, nodes=4_000))  # type: ignore[union-attr]
    c.can_win.look_longer(c.session)  # type: ignore[arg-type]
    assert solve_timer(c) is None and not c.can_win.verdicts.searching


def test_a_search_done_with_is_freed_on_the_start_screen_and_while_its_line_is_watched(monkeypatch: Any) -> None:
    """The retire timer that frees a search's tables a piece at a time runs on every screen: a
    player who goes home, or watches the line (Show me), does not keep them until back at a game."""
    from pyapp.games.gyre.solver import GyreProblem

    monkeypatch.setattr(GyreProblem, "budget", 1_500)
    c = Controller(MemoryStorage())
    for leave, seed in (("home", 5), ("show-line", 6)):
        c.start(f"#g=gyre&v=1&o=&s={seed}")
        c.asking.ask()
        run_search(c)
        teardown = c.can_win.verdicts.teardown
        assert teardown.pending
        if leave == "home":
            c.home()
            assert c.screen == "start"
        else:
            c.notice_action()  # Show me
            assert c.watching.replay is not None
        while (ticket := timer(c, "retire")) is not None:
            assert c.fire("retire", ticket) is not None
        assert not teardown.pending, leave
        c.home()


def test_the_searches_of_a_game_are_freed_as_they_end_not_left_to_the_cyclic_collector() -> None:
    """A search the controller is done with goes at once, its memos with it: in the page the
    cyclic collector may not run for a long time, and a standing verdict searches after every
    move (docs/PERFORMANCE.md: Gyre's problem and its relaxed game held each other)."""
    import gc

    gc.collect()
    gc.disable()
    try:
        c = standing_on("#g=gyre&v=1&o=&s=3")
        assert c.session is not None
        standing_verdict_after(c, c.session.legal_moves()[0])
        c.resign()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = {type(o).__qualname__ for o in gc.garbage} & {"GyreProblem", "Relaxed", "Question", "Search"}
        assert left == set()
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_a_search_done_with_is_freed_by_the_retire_timer_a_piece_at_a_time(monkeypatch: Any) -> None:
    """Once the verdict is in, the search's tables are not freed in that slice (one long task in
    the page) but by the ``retire`` timer, a slice at a time, the pause between slices apart;
    the timer goes once all is freed. A hunt's deals tried are freed so too."""
    from pyapp.games.gyre.solver import GyreProblem

    monkeypatch.setattr(GyreProblem, "budget", 1_500)
    c = Controller(MemoryStorage())
    c.start("#g=gyre&v=1&o=&s=5")
    c.asking.ask()
    run_search(c)
    assert c.notice is not None and c.notice.text.startswith("The best possible: ")  # cut short: a range
    teardown = c.can_win.verdicts.teardown
    held = sum(len(t) for t in teardown.held)
    assert held > 10_000 and [t.name for t in c.view().timers] == ["retire"]
    fired = []
    while (ticket := timer(c, "retire")) is not None:
        fired.append(c.fire("retire", ticket))
        assert len(fired) < 1_000
    assert fired[-1] is False and set(fired[:-1]) <= {SLICE_GAP} and not teardown.pending
    assert c.view().timers == ()
    c.dialogs.new_game()
    c.dialogs.submit_new({"level": "40"})  # a hunt: each deal tried is freed so too
    run_hunt(c)
    assert c.can_win.verdicts.teardown.pending and timer(c, "retire") is not None
