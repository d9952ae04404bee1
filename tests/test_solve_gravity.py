"""Gravity's own solver (pyapp/games/gravity/solver.py): it agrees with the engine, its bound
is never below what can be reached, its pruning loses nothing, and its lines replay.

* Along random games of every variant, the moves it offers are the engine's legal tokens and
  its state after a token is the engine's state after it.
* Its bound is at least the best any line reaches: on small positions against an exhaustive
  search over the engine, and on every position of random and solved games against the
  result of that game.
* Its exact result equals an exhaustive search over the engine's own moves, on more and
  deeper positions than tests/test_solve.py checks.
* Its won and best lines from fresh deals replay through the engine to exactly what it claims.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games import entry, get_game
from pyapp.games.gravity.rules import GRAVITY, GravityState
from pyapp.games.gravity.solver import EMPTY, GravityProblem, State, problem
from pyapp.solve import EngineProblem, Problem, Search, solve, solve_state
from solving import random_line

#: The registry's variants, and more options the engine accepts.
OPTIONS = ["", *entry("gravity").variants, "nomoonplanet", "hidden", "decks=2,missing=AS-2H-KC",
           "missing=" + "-".join(c + "S" for c in "A23456789TJQK") + "-" + "-".join(c + "H" for c in "A23456789")]


def normal(s: State) -> tuple[bytes, bytes, int]:
    """A state without the shared MOON: top cards, the MOON left, the hole."""
    tops, moon, pos, hole = s
    return tops, moon[pos:], hole


def engine_normal(p: GravityProblem, state: GravityState) -> tuple[bytes, bytes, int]:
    return normal(p.start(state))


def exhaustive(engine: EngineProblem, state: Any, limit: list[int], path: frozenset[Any] = frozenset()) -> int:
    """The best value by trying every line (no pruning, no transpositions); OverflowError
    past ``limit[0]`` nodes. Gravity has no cycles (every stack lowers the piles)."""
    limit[0] -= 1
    if limit[0] < 0:
        raise OverflowError
    moves = engine.moves(state)
    if not moves:
        return engine.value(state)
    return max(exhaustive(engine, engine.apply(state, m), limit) for m in moves)


def near_end(options: str, seed: int, back: int) -> GravityState:
    game = random_line(GRAVITY, options, seed)
    state: GravityState = game[max(0, len(game) - 1 - back)][0]
    return state


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("attempt", [0, 1, 2, 3, 5])
def test_moves_and_states_agree_with_the_engine(options: str, attempt: int) -> None:
    """Every attempt's order (the restarts') offers exactly the engine's legal tokens."""
    p = problem(GRAVITY.deal(1, GRAVITY.parse_options(options)))
    p.attempt(attempt)
    for seed in range(4):
        game = random_line(GRAVITY, options, seed)
        s = p.start(game[0][0])
        for (state, token), (after, _) in zip(game, game[1:]):
            assert engine_normal(p, state) == normal(s)
            offered = p.moves(s)
            assert len(set(offered)) == len(offered) and set(offered) == set(GRAVITY.legal_moves(state))
            s = p.apply(s, token)
            assert normal(s) == engine_normal(p, after)
        assert p.moves(s) == [] and -p.value(s) == GRAVITY.score(game[-1][0])
        assert p.won(s) == (GRAVITY.status(game[-1][0]) == "won")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPTIONS), st.integers(0, 10**6), st.integers(1, 12))
def test_bound_and_exact_result_equal_an_exhaustive_search(options: str, seed: int, back: int) -> None:
    state = near_end(options, seed, back)
    engine = EngineProblem(entry("gravity"))
    try:
        best = exhaustive(engine, state, [20_000])
    except OverflowError:
        return
    p = problem(state)
    s = p.start(state)
    if p.moves(s):
        assert p.bound(s) >= best
    verdict = solve(p, s, budget=10**7)
    assert verdict.kind == ("won" if best == -1 else "impossible")
    assert verdict.score is not None and verdict.score <= best and (verdict.score == best or not verdict.exact)
    # restarts every few nodes, through every order: the same verdicts
    r = GravityProblem(state.options, attempts=(3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377))
    restarted = solve(r, s, budget=10**7)
    assert restarted.kind == verdict.kind and restarted.score is not None and restarted.score <= best
    assert restarted.score == best or not restarted.exact
    p.win_value = None  # type: ignore[assignment]  # the best score itself, not only whether it wins
    verdict = solve(p, s, budget=10**7)
    assert verdict.exact and verdict.score == best
    r.win_value = None  # type: ignore[assignment]
    restarted = solve(r, s, budget=10**7)
    assert restarted.exact and restarted.score == best
    assert verdict.kind == ("won" if best == -1 else "impossible")
    for token in verdict.line:
        assert token in GRAVITY.legal_moves(state)
        state = GRAVITY.apply(state, token)
    assert GRAVITY.status(state) != "playing" and GRAVITY.score(state) == -best


@pytest.mark.parametrize("options", OPTIONS)
def test_the_bound_is_never_below_a_result_reached(options: str) -> None:
    """Every position of a game is bounded by that game's result: random games, and the
    solver's own lines from fresh deals (the MOON phase, where MOON->PLANET can pay)."""
    p = problem(GRAVITY.deal(1, GRAVITY.parse_options(options)))
    for seed in range(6):
        game = random_line(GRAVITY, options, seed)
        final = -GRAVITY.score(game[-1][0])
        s = p.start(game[0][0])
        for _, token in game[:-1]:
            assert p.bound(s) >= final
            s = p.apply(s, token)
    for seed in range(3):
        root = p.start(GRAVITY.deal(seed, GRAVITY.parse_options(options)))
        verdict = solve(p, root, budget=5_000)
        s = root
        for token in verdict.line:
            assert verdict.score is not None and p.bound(s) >= verdict.score
            s = p.apply(s, token)


def test_the_bound_counts_what_the_moon_can_pay_for() -> None:
    """Two lone cards (AS, 7H) and a MOON card related to neither: without MOON->PLANET three
    piles must stay; with it, one MOON card can bury one lone card at the PLANET, but not the
    MOON card of a turn under way."""
    tops = bytearray([EMPTY] * 25)
    tops[12], tops[13] = 0, 19  # AS on c3, 7H on d3
    moon = bytes([10])  # JS
    s: State = (bytes(tops), moon, 0, -1)
    assert GravityProblem(GRAVITY.parse_options("nomoonplanet")).bound(s) == -3
    assert GravityProblem(GRAVITY.parse_options("")).bound(s) == -2
    assert GravityProblem(GRAVITY.parse_options("")).bound((bytes(tops), moon, 1, -1)) == -2
    # during a collapse the MOON card of the turn lands on the corner: it pays for nothing
    assert GravityProblem(GRAVITY.parse_options("")).bound((bytes(tops), moon, 0, 7)) == -3


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_lines_from_fresh_deals_replay_to_what_they_claim(options: str) -> None:
    for seed in range(100, 106):
        state = GRAVITY.deal(seed, GRAVITY.parse_options(options))
        verdict = solve_state("gravity", state, budget=8_000)
        assert verdict.kind in ("won", "best", "unknown")
        for token in verdict.line:
            assert token in GRAVITY.legal_moves(state)
            state = GRAVITY.apply(state, token)
        if verdict.kind != "unknown":
            assert GRAVITY.status(state) != "playing" and GRAVITY.score(state) == verdict.score
            assert (verdict.kind == "won") == (GRAVITY.status(state) == "won")


def test_the_registry_names_this_solver() -> None:
    assert isinstance(entry("gravity").solver(None), GravityProblem)  # type: ignore[misc]
    assert get_game("gravity") is GRAVITY


def test_a_transit_frame_is_what_the_engine_says() -> None:
    """An animation frame (a collapse under way, no choice pending) has no move and is not
    won, even with one pile left; the settled state after it is won."""
    rest = "".join(c + s for s in "SHDC" for c in "A23456789TJQK" if c + s not in ("8S", "7H"))
    state = GRAVITY.parse_state(f"GR1|M=|G=-.-.-.-.-/-.-.-.-.-/-.{rest}8S.7H.-.-/-.-.-.-.-/-.-.-.-.-|H=-|N=50.0")
    frame, final = GRAVITY.steps(state, "c3b3")
    p = problem(state)
    for st_, won in ((frame, False), (final, True)):
        s = p.start(st_)
        assert p.moves(s) == GRAVITY.legal_moves(st_) == []
        assert p.won(s) == won == (GRAVITY.status(st_) == "won") and -p.value(s) == GRAVITY.score(st_)
    assert solve_state("gravity", frame).kind == "impossible"


def test_stacks_that_cut_the_live_cards_apart_come_last() -> None:
    """7H on c3 between 6C (b3) and 8S (d3), every other card buried: burying 7H leaves 6C and
    8S unrelated (two components), burying 6C or 8S keeps the rest connected, so those first
    (then 7H and 8S, side by side, stack into one pile)."""
    rest = "".join(c + s for s in "SHDC" for c in "A23456789TJQK" if c + s not in ("8S", "7H", "6C"))
    state = GRAVITY.parse_state(f"GR1|M=|G=-.-.-.-.-/-.-.-.-.-/-.6C.{rest}7H.8S.-/-.-.-.-.-/-.-.-.-.-|H=-|N=49.0")
    p = problem(state)
    s = p.start(state)
    assert p.moves(s) == ["c3b3", "c3d3", "b3c3", "d3c3"]
    assert sorted(p.moves(s)) == sorted(GRAVITY.legal_moves(state))
    verdict = solve(p, s)
    assert verdict.kind == "won" and verdict.line[0] == "c3b3"


@pytest.mark.parametrize("seed", [288, 383, 44, 63])
def test_deals_once_left_undetermined_are_won_and_replay(seed: int) -> None:
    """Deals of the winnability studies that their budget left undetermined: 288 and 383 (a
    group of cards cut off early: the search then spent its budget below that cut), 44 and 63
    (200,000 nodes in one order; a few thousand with restarts in other orders)."""
    state = GRAVITY.deal(seed, GRAVITY.parse_options(""))
    verdict = solve_state("gravity", state, budget=20_000)
    assert verdict.kind == "won"
    for token in verdict.line:
        assert token in GRAVITY.legal_moves(state)
        state = GRAVITY.apply(state, token)
    assert GRAVITY.status(state) == "won" and GRAVITY.score(state) == 1


class _Ring(Problem[int]):
    """0..n-1 on a ring, steps +1, +2 or -1 (cycles), or stop (worth the number); every attempt
    tries the steps in another order and restarts after a few nodes."""

    def __init__(self, n: int, attempts: tuple[int, ...]) -> None:
        self.n, self.attempts, self.order = n, attempts, ["+1", "+2", "-1", "stop"]

    def attempt(self, k: int) -> int | None:
        self.order = self.order[1:] + self.order[:1]
        return self.attempts[k] if k < len(self.attempts) else None

    def moves(self, s: int) -> list[str]:
        return [] if s >= self.n else list(self.order)

    def apply(self, s: int, m: str) -> int:
        return self.n + s if m == "stop" else (s + int(m)) % self.n

    def value(self, s: int) -> int:
        return s - self.n

    def won(self, s: int) -> bool:
        return s == 2 * self.n - 1


@pytest.mark.parametrize("n", [3, 5, 8])
@pytest.mark.parametrize("attempts", [(), (1,), (2, 3), (1, 1, 1, 1, 1, 1, 1, 1), (4, 2, 7, 1, 3)])
def test_restarts_of_the_search_change_no_verdict(n: int, attempts: tuple[int, ...]) -> None:
    """The core's restarts (Problem.attempt), on a game with cycles (a restart then forgets the
    positions it knew): the same verdict as one search, run at once or a node at a time, and
    the same exact best in a game without a win."""
    plain = solve(_Ring(n, ()), 0)
    restarted = solve(_Ring(n, attempts), 0)
    assert plain.kind == restarted.kind == "won" and plain.score == restarted.score == n - 1
    search = Search(_Ring(n, attempts), 0, budget=10**6)
    while not search.run(1):
        pass
    assert search.verdict().kind == "won"
    assert n == 3 or search._attempt == len(attempts)  # every attempt was made (and cut short)

    class NoWin(_Ring):
        has_win = False

        def won(self, s: int) -> bool:
            return False

    assert solve(NoWin(n, attempts), 0).text() == solve(NoWin(n, ()), 0).text() == f"best {n - 1} exact"

