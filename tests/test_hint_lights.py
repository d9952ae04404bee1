"""Hints through the controller in CPython: over random positions of every game and
variant, a hint is a legal move, lit on the table (the card, the place, the button,
the cards to pick) and played as lit, its lights gone with the move; hints are counted
per game and variant in the statistics (not once the game is over), and a position
where no move helps says so."""

from __future__ import annotations

import datetime

import pytest
from playing import controller, hinted, move
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyapp.app.hints as hints_mod
from pyapp.app.controller import Controller
from pyapp.app.hints import NO_HINT, RULE_OF_THUMB
from pyapp.games import get_game
from pyapp.app.session import Session

DAY = datetime.date(2025, 6, 1)


CONFIGS = [("gravity", ""), ("gravity", "hidden"), ("gyre", ""), ("gyre", "attrition"), ("gyre", "jokers,easy"),
           ("square", ""), ("square", "ends,wrap"), ("zodiac", "")]


def play_as_lit(c: Controller) -> None:
    """Play the hinted move the way its lights say: the lit card onto the lit place
    (or a tap on it), or the lit button, then the cards to pick."""
    marks = c.ui.hint
    assert marks is not None
    if marks.button:
        c.press(marks.button)
    elif marks.source is None:
        assert marks.target is not None
        c.tap(marks.target)
    else:
        c.drop(marks.source, marks.target)
    for place in marks.picks:
        c.tap(*place)
    if c.hand.picking is not None:
        c.press("pick-confirm")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(1, 10**6), st.integers(0, 120), st.randoms(use_true_random=False))
def test_a_hint_is_a_legal_move_lit_on_the_table_and_plays_as_lit(config: tuple[str, str], seed: int, steps: int,
                                                                   rng: object) -> None:
    game_id, options = config
    s = Session.new(get_game(game_id), seed, options)
    for _ in range(steps):
        legal = s.legal_moves()
        if not legal:
            break
        s = s.played(legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]
    c = controller(s.link().fragment())
    c.dialogs.close()
    assert c.session is not None
    legal = c.session.legal_moves()
    # the lights of the game's rule of thumb (the solver's own moves are tested in test_hint_proof.py)
    c.can_win.ask_hint = lambda session, move_words: False  # type: ignore[method-assign]
    c.hint()
    v = c.view()
    if c.session.status() != "playing":
        assert c.ui.hint is None and not v.tools["hint"]
        return
    marks = c.ui.hint
    if marks is None:
        assert v.notice is not None and v.notice.text == NO_HINT
        return
    assert marks.token in legal and v.notice is not None and v.notice.text.startswith(RULE_OF_THUMB + " Hint:")
    assert v.board is not None
    lit = {(x.pile, x.index) for x in v.board.cards if {"hint-from", "hint-pick"} & set(x.classes)}
    assert lit == ({marks.source} if marks.source else set()) | set(marks.picks)
    if marks.target is not None:
        assert "hint-to" in next(p for p in v.board.piles if p.id == marks.target).classes
    if marks.button:
        assert next(b for b in v.buttons if b.id == marks.button).hint
    before = c.session.moves
    play_as_lit(c)
    assert c.session.moves == (*before, marks.token)
    assert c.ui.hint is None  # the lights go with the move


def test_hints_are_counted_per_game_and_variant_and_no_move_helps_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    c = controller("#g=gyre&v=1&o=jokers&s=4")
    assert c.session is not None
    hinted(c)  # before the first move: counted once the game counts
    move(c)
    hinted(c)
    hinted(c)
    (o,) = c.stats.stats.open.values()
    assert o.hints == 3
    c.resign()
    c.resign()
    assert c.stats.stats.variant("gyre", "jokers").hints == 3 and c.stats.stats.variant("gyre", "").hints == 0
    summary = c.stats.stats.summary(DAY, "gyre")
    assert next(v for v in summary.variants if v.options == "jokers").hints == 3
    from pyapp.stats.markup import stats_html
    assert "<th>Hints used</th><td>3</td>" in stats_html(summary)  # the statistics dialog shows them
    c.hint()  # the game is over: no hint, nothing counted
    assert c.ui.hint is None and c.stats.stats.variant("gyre", "jokers").hints == 3
    d = controller("#g=square&s=2")
    monkeypatch.setattr(hints_mod, "hint_for", lambda session: None)
    monkeypatch.setattr(d.can_win, "next_move", lambda session: None)  # nor does the solver know a line
    monkeypatch.setattr(d.can_win, "ask_hint", lambda session, words: False)
    d.hint()
    assert d.notice is not None and d.notice.text == NO_HINT and d.ui.hint is None
    assert d.key("h") and d.notice.text == NO_HINT
