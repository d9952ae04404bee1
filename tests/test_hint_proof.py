"""Hint follows the proof (issue 45): from a position the solver settles, pressing Hint and
playing the move it lights, to the end, wins (or reaches the exact best in a game without a
win); and a best the page shows is never worse than a line the player already played from
that position (the record of what is known, :mod:`pyapp.solve.knowledge`)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from playing import controller, hinted, settle

from pyapp.app.controller import Controller
from pyapp.app.session import Session
from pyapp.games import all_games, entry, get_game

#: Every registered game with each variant its conformance data plays.
def _configs(game_id: str) -> tuple[str, ...]:
    conformance = entry(game_id).conformance
    return conformance.configs if conformance is not None else ("",)


CONFIGS = [(g.id, options) for g in all_games() for options in _configs(g.id)]


def walked(game_id: str, options: str, seed: int, share: float, rng: object) -> Session:
    """A random walk of the deal ``seed``, stopped ``share`` of the way to its end (random moves)."""
    s = Session.new(get_game(game_id), seed, options)
    walk = [s]
    while (legal := s.legal_moves()) and len(walk) < 3_000:
        s = s.played(legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]
        walk.append(s)
    return walk[int(share * (len(walk) - 1))]


def follow_hints(c: Controller) -> None:
    """Press Hint and play the move it lights until the game ends."""
    for _unused in range(2_000):
        s = c.session
        assert s is not None
        if s.status() != "playing":
            return
        hinted(c)
        marks = c.ui.hint
        assert marks is not None, (c.notice, s.link().fragment())
        assert c.notice is not None and c.notice.text.startswith("The solver's next move."), c.notice
        c.play(marks.token)
        settle(c)
    raise AssertionError("the hints never ended the game")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.sampled_from(CONFIGS), st.integers(1, 10**6), st.floats(0.75, 0.97), st.randoms(use_true_random=False))
def test_following_hint_from_a_settled_position_wins_or_reaches_the_proven_best(
        config: tuple[str, str], seed: int, share: float, rng: object) -> None:
    game_id, options = config
    s = walked(game_id, options, seed, share, rng)
    assume(s.status() == "playing")
    c = controller(s.link().fragment())
    c.dialogs.close()
    c.asking.ask()
    settle(c)
    start = c.session
    assert start is not None
    proved = c.can_win.known(start)
    assume(proved is not None and bool(proved.line) and (proved.kind == "won" or proved.exact))
    assert proved is not None and proved.score is not None
    follow_hints(c)
    end = c.session
    assert end is not None
    if proved.kind == "won":
        assert end.status() == "won", (start.link().fragment(), end.link().fragment())
    else:
        assert end.score() == proved.score, (start.link().fragment(), end.link().fragment(), proved)


def test_following_hint_on_a_winnable_gravity_deal_wins_from_the_first_move() -> None:
    """A deal the solver wins: every hint from the deal to the end is the solver's, and it wins."""
    c = controller("#g=gravity&v=1&o=&s=42")
    c.dialogs.close()
    follow_hints(c)
    assert c.session is not None and c.session.status() == "won"


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([("gravity", ""), ("gyre", ""), ("square", ""), ("zodiac", "")]), st.integers(1, 10**6),
       st.integers(1, 5), st.randoms(use_true_random=False))
def test_a_best_shown_is_never_worse_than_a_line_played_from_that_position(
        config: tuple[str, str], seed: int, back: int, rng: object) -> None:
    """Play a game to its end at random, undo back through it: at each position, what the page
    knows is at least the end the player reached from there (and Redo gives the line back)."""
    game_id, options = config
    done = walked(game_id, options, seed, 1.0, rng)
    assume(done.status() != "playing")
    c = controller(done.link().fragment())
    c.dialogs.close()
    c.can_win.verdicts.budget = 3_000  # (searches cut short leave bests below the lines played: what is checked)
    known = entry(game_id)
    for _unused in range(min(back, len(done.moves))):
        c.undo()
        s = c.session
        assert s is not None
        settle(c)
        c.asking.ask()
        settle(c)
        v = c.can_win.known(s)
        assert v is not None, s.link().fragment()
        if done.status() == "won":
            assert v.kind == "won"
        elif v.kind != "won":
            assert v.score is not None
            assert (v.score <= done.score()) if known.lower_is_better else (v.score >= done.score()), \
                (s.link().fragment(), v, done.score())
        words = c.can_win.line(s, standing=True)
        assert words


def test_the_rules_say_that_hint_and_the_solver_know_the_order_of_the_cards() -> None:
    for fragment, words in (("#g=gravity&s=42", "calls winnable, Hint wins"), ("#g=gyre&s=42", "Hint reaches that score")):
        c = controller(fragment)
        c.dialogs.close()
        c.dialogs.rules()
        d = c.dialog
        assert d is not None and d.kind == "rules"
        assert "<h3>Hint and the solver</h3>" in d.html and "knows the order of every card" in d.html and words in d.html


def test_a_won_game_is_not_told_that_its_deal_could_be_won() -> None:
    """The record learns the player's winning line from the deal: the end screen still says
    nothing of what the deal allowed (the player showed it)."""
    c = controller("#g=gravity&v=1&o=&s=42")
    c.dialogs.close()
    follow_hints(c)
    assert c.session is not None and c.session.status() == "won"
    assert c.can_win.judgement(c.session) == ("", ())
    d = c.dialog
    assert d is not None and d.kind == "summary" and not any("could be won" in line for line in d.compare)


def test_a_hint_waiting_for_a_long_search_shows_how_it_goes_under_its_notice() -> None:
    """A position the solver takes its whole budget over (Zodiac's deal 2024 after 30 first moves:
    tens of seconds, even in the worker; here Gyre's deal 5, fewer slices): the hint's notice shows
    how the search goes, as the verdict's does, and Stop ends the wait."""
    from pyapp.app.can_win import QUIET_SLICES
    from pyapp.app.can_win import HINT_SEARCHING
    from pyapp.core.storage import MemoryStorage

    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=5")  # searched to its budget from the deal: many slices
    c.hint()
    shown = c.view().notice
    assert shown is not None and shown.text == HINT_SEARCHING and shown.progress == ""
    for _unused in range(QUIET_SLICES):
        ticket = next(t.ticket for t in c.view().timers if t.name == "solve")
        c.fire("solve", ticket)
    shown = c.view().notice
    assert shown is not None and shown.text == HINT_SEARCHING and "positions searched" in shown.progress, shown
    c.notice_action()  # Stop
    after = c.view().notice
    assert after is None or after.progress == ""
