"""Hints (pyapp/app/hints.py, each game's heuristic in pyapp/games/<id>/hints.py):
over random positions of every game and variant, a hint is a legal move or None,
None once the game is over, and it never depends on what the player cannot see
(the order of face-down cards)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games import entries, get_game
from pyapp.app.hints import hint, hint_for
from pyapp.app.session import Session

CONFIGS = [
    ("gravity", ""), ("gravity", "hidden"), ("gravity", "decks=2,nomoonplanet"), ("gravity", "missing=QH-2C"),
    ("gyre", ""), ("gyre", "jokers"), ("gyre", "attrition"), ("gyre", "easy,jokers"),
    ("square", ""), ("square", "ends"), ("square", "wrap"),
    ("zodiac", ""),
]


def position(game_id: str, options: str, seed: int, steps: int, picks: random.Random) -> Any:
    """The state after ``steps`` random legal moves from deal ``seed`` (or the end)."""
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    for _ in range(steps):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, legal[picks.randrange(len(legal))])
    return state


def hidden_shuffled(game_id: str, state: Any, rng: random.Random) -> Any:
    """The same position as the player sees it, with the face-down cards in another order."""
    def mix(cards: tuple[Any, ...]) -> tuple[Any, ...]:
        out = list(cards)
        rng.shuffle(out)
        return tuple(out)

    if game_id in ("gyre", "square"):
        return dataclasses.replace(state, deck=mix(state.deck))
    if game_id == "zodiac":
        return dataclasses.replace(state, stock=mix(state.stock))
    if game_id == "gravity":
        if state.options.hidden:
            return dataclasses.replace(state, moon=mix(state.moon))
        return dataclasses.replace(state, moon=state.moon[:1] + mix(state.moon[1:]))  # the top is face up
    raise AssertionError(game_id)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(1, 10**6), st.integers(0, 250), st.integers(0, 2**32))
def test_a_hint_is_legal_and_never_reads_the_face_down_cards(config: tuple[str, str], seed: int, steps: int,
                                                              salt: int) -> None:
    game_id, options = config
    game = get_game(game_id)
    rng = random.Random(salt)
    state = position(game_id, options, seed, steps, rng)
    token = hint(game_id, state)
    legal = game.legal_moves(state)
    if game.status(state) != "playing" or not legal:
        assert token is None
        return
    assert token is None or token in legal
    for _ in range(2):
        other = hidden_shuffled(game_id, state, rng)
        assert game.legal_moves(other) == legal  # the shuffle changed nothing the player sees
        assert hint(game_id, other) == token


@pytest.mark.parametrize("game_id, options", CONFIGS)
def test_hints_play_whole_games_to_their_end(game_id: str, options: str) -> None:
    """Following the hints (the first legal move when no move helps) ends every game."""
    game = get_game(game_id)
    for seed in (1, 2):
        state = game.deal(seed, game.parse_options(options))
        for _ in range(5000):
            legal = game.legal_moves(state)
            if not legal:
                break
            token = hint(game_id, state)
            assert token is None or token in legal
            state = game.apply(state, token or legal[0])
        assert game.status(state) != "playing"


def test_every_game_has_a_heuristic_and_a_given_up_game_has_no_hint() -> None:
    assert {e.id for e in entries() if e.hint is not None} == {"gravity", "gyre", "square", "zodiac"}
    s = Session.new(get_game("gyre"), 5)
    assert hint_for(s) in s.legal_moves()
    s.resign()
    assert hint_for(s) is None


def test_gyre_hint_prefers_the_capture_worth_most() -> None:
    """Not merely the first legal move: KS could take 5S (listed first) or QS, and
    only 5H (equal rank, Easier) can take 5S, so the hint keeps both captures in
    reach: 5H takes 5S (the weaker card first), or KS takes QS."""
    game = get_game("gyre")
    from pyapp.core.cards import standard_deck

    used = ("5S", "QS", "9D", "TC", "7H", "KS", "5H", "3C", "2D", "6C")
    rest = ".".join(c.code for c in standard_deck() if c.code not in used)
    state = game.parse_state(f"GY1|R=5S.QS.9D.TC.7H.-|H=KS.5H.2D.3C.6C|D={rest}|P=|X=|Q=-|Z=0|O=easy")
    legal = game.legal_moves(state)
    assert legal[0] == "CKS0" and hint("gyre", state) == "C5H0"
