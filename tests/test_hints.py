"""Hints (pyapp/app/hints.py, each game's heuristic in pyapp/games/<id>/hints.py). What every
game's hint must do (a legal move or None, None once the game is over, never reading the
face-down cards, playing whole games to their end) is checked for each game by the
conformance suite (tests/conformance.py); here, what the app does around them and one
game's heuristic at work."""

from __future__ import annotations

from pyapp.app.hints import hint, hint_for
from pyapp.app.session import Session
from pyapp.core.cards import standard_deck
from pyapp.games import get_game


def test_a_given_up_game_has_no_hint() -> None:
    s = Session.new(get_game("gyre"), 5)
    assert hint_for(s) in s.legal_moves()
    s = s.given_up()
    assert hint_for(s) is None


def test_gyre_hint_prefers_the_capture_worth_most() -> None:
    """Not merely the first legal move: KS could take 5S (listed first) or QS, and
    only 5H (equal rank, Easier) can take 5S, so the hint keeps both captures in
    reach: 5H takes 5S (the weaker card first), or KS takes QS."""
    game = get_game("gyre")
    used = ("5S", "QS", "9D", "TC", "7H", "KS", "5H", "3C", "2D", "6C")
    rest = ".".join(c.code for c in standard_deck() if c.code not in used)
    state = game.parse_state(f"GY1|R=5S.QS.9D.TC.7H.-|H=KS.5H.2D.3C.6C|D={rest}|P=|X=|Q=-|Z=0|O=easy")
    legal = game.legal_moves(state)
    assert legal[0] == "CKS0" and hint("gyre", state) == "C5H0"
