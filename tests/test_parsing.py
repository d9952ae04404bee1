"""Any text given as a state, a move, options or a link raises only the
project's typed errors, for every game; any accepted state prints back
canonically (RULES.md 0.5)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.cli import main
from pyapp.core.errors import OrbitError
from pyapp.games import all_games, get_game
from pyapp.core.links import Link
from pyapp.core.rng import SplitMix64
from pyapp.app.session import Session

GAME_IDS = [g.id for g in all_games()]


def sample_states(game_id: str, seed: int, steps: int) -> list[str]:
    """State texts met along one pseudo-random game."""
    game = get_game(game_id)
    specs = [s.name for s in game.option_specs if s.kind == "flag"]
    rng = SplitMix64(seed)
    options = ",".join(name for name in specs if rng.rand_below(2))
    state = game.deal(seed, game.parse_options(options))
    texts = [game.format_state(state)]
    for _ in range(steps):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, moves[rng.rand_below(len(moves))])
        texts.append(game.format_state(state))
    return texts


ALPHABET = "|=.-/0123456789ASHDCXRBTJQKOGPMEWZFud@x,"


@st.composite
def mutated(draw: Any, game_id: str) -> Any:
    texts = sample_states(game_id, draw(st.integers(0, 2**20)), draw(st.integers(0, 60)))
    text = texts[draw(st.integers(0, len(texts) - 1))]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "truncate", "swap", "empty-field", "dup-field"]))
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 6)):]
        elif kind == "insert":
            text = text[:i] + draw(st.text(ALPHABET, min_size=1, max_size=4)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(st.sampled_from(ALPHABET)) + text[i + 1:]
        elif kind == "truncate":
            text = text[:i]
        else:
            fields = text.split("|")
            j = draw(st.integers(0, len(fields) - 1))
            if kind == "swap":
                k = draw(st.integers(0, len(fields) - 1))
                fields[j], fields[k] = fields[k], fields[j]
            elif kind == "empty-field":
                fields[j] = fields[j].split("=")[0] + "="
            else:
                fields.insert(j, fields[j])
            text = "|".join(fields)
    return text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_mutated_state_texts_raise_only_typed_errors_and_accepted_ones_are_canonical(game_id: str) -> None:
    game = get_game(game_id)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated(game_id))
    def check(text: str) -> None:
        try:
            state = game.parse_state(text)
        except OrbitError:
            return
        canon = game.format_state(state)
        assert game.format_state(game.parse_state(canon)) == canon
        for token in game.legal_moves(state)[:5]:
            game.apply(state, token)

    check()


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(token=st.text(ALPHABET + "qv#& ", max_size=12), options=st.text("abcdefghijklmnopqrstuvwxyz=,-0123456789", max_size=16))
def test_any_token_or_option_text_raises_only_typed_errors(game_id: str, token: str, options: str) -> None:
    game = get_game(game_id)
    state = game.deal(1, game.parse_options(""))
    try:
        game.apply(state, token)
    except OrbitError:
        pass
    try:
        opts = game.parse_options(options)
    except OrbitError:
        return
    assert game.parse_options(game.format_options(opts)) == opts


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80))
def test_any_link_text_raises_only_typed_errors(text: str) -> None:
    try:
        Session.from_link(Link.parse(text))
    except OrbitError:
        pass


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_are_refused_when_repeated_or_unknown_in_every_game(game_id: str) -> None:
    game = get_game(game_id)
    with pytest.raises(OrbitError, match="unknown"):
        game.parse_options("wings")
    for spec in game.option_specs:
        twice = f"{spec.name},{spec.name}" if spec.kind == "flag" else f"{spec.name}={spec.default or '1'},{spec.name}=1"
        with pytest.raises(OrbitError, match="given twice"):
            game.parse_options(twice)


def test_cli_moves_with_an_empty_waiting_card_field_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    gyre = get_game("gyre")
    text = gyre.format_state(gyre.deal(1, gyre.parse_options(""))) + "|Q="
    assert main(["moves", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err
