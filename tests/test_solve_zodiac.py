"""The Zodiac solver (pyapp/games/zodiac/solver.py) against the engine.

* Its start/apply/moves agree with the engine: the moves it offers are legal engine tokens,
  it offers none exactly when the engine has none, and the engine's state after a token is
  (through ``start``) its own state after it, over random games.
* Its bound is never below the exhaustive best, on small positions.
* Its safe and symmetric move cuts lose nothing: its exact result equals a brute force over
  the engine's own moves, on more and deeper positions than tests/test_solve.py checks.
* Its lines from fresh deals replay through the engine to exactly what they claim.
"""

from __future__ import annotations

import random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games.zodiac.rules import NO_OPTIONS, ZODIAC, ZodiacState, arrange, score_range
from pyapp.games.zodiac.solver import ZodiacProblem, problem, suit_best
from pyapp.solve import solve_state

P = ZodiacProblem()


def exhaustive(state: ZodiacState, limit: list[int], path: frozenset[ZodiacState] = frozenset()
               ) -> tuple[int | None, bool]:
    """Best engine score and whether a win is reachable, over every line of the engine's own
    moves that does not come back to a position on it; OverflowError past ``limit[0]`` nodes."""
    limit[0] -= 1
    if limit[0] < 0:
        raise OverflowError
    moves = ZODIAC.legal_moves(state)
    if not moves:
        return ZODIAC.score(state), ZODIAC.status(state) == "won"
    path = path | {state}
    results = [exhaustive(child, limit, path) for m in moves if (child := ZODIAC.apply(state, m)) not in path]
    values = [v for v, _ in results if v is not None]
    return (max(values) if values else None), any(w for _, w in results)


def random_game(seed: int, solver_moves: bool = False) -> list[ZodiacState]:
    """The states of a random game (random engine moves, or random moves of the solver's)."""
    rnd = random.Random(seed)
    states = [ZODIAC.deal(seed, NO_OPTIONS)]
    while moves := (P.moves(P.start(states[-1])) if solver_moves else ZODIAC.legal_moves(states[-1])):
        states.append(ZODIAC.apply(states[-1], rnd.choice(moves)))
    return states


def test_start_apply_and_moves_agree_with_the_engine() -> None:
    for seed in range(6):
        rnd = random.Random(seed)
        state = ZODIAC.deal(seed, NO_OPTIONS)
        mine = P.start(state)
        steps = 0
        while True:
            legal = ZODIAC.legal_moves(state)
            offered = P.moves(mine)
            assert set(offered) <= set(legal) and (not offered) == (not legal)
            assert P.bound(mine) >= (score_range(state) or (0, 0))[1]
            if not legal:
                assert P.value(mine) == ZODIAC.score(state)
                assert P.won(mine) == (ZODIAC.status(state) == "won")
                break
            # mostly the solver's own moves (they reach phase 2), sometimes any engine move
            token = rnd.choice(offered if seed % 2 and rnd.random() < 0.9 else legal)
            state, mine = ZODIAC.apply(state, token), P.apply(mine, token)
            assert P.start(state) == mine and P.key(P.start(state)) == P.key(mine)
            steps += 1
        assert steps > 20


def test_the_equator_key_merges_permuted_cells_only() -> None:
    s = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9S"}, waste="KD")
    t = arrange(zodiac={3: "6H"}, equator={5: "5H", 2: "9S"}, waste="KD")
    u = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9C"}, waste="KD")
    assert P.key(P.start(s)) == P.key(P.start(t)) != P.key(P.start(u))
    assert P.start(s) != P.start(t)


def test_phase_two_is_exact_and_its_bound_is_the_engine_best() -> None:
    for seed in range(30):
        states = random_game(seed, solver_moves=True)
        two = next((s for s in states if s.phase == 2), None)
        if two is None:
            continue
        best = score_range(two)
        assert best is not None and P.bound(P.start(two)) == best[1]
        v = solve_state("zodiac", two)
        assert v.exact and v.score == best[1] and len(v.line) == v.score


def near_end(seed: int, back: int, solver_moves: bool) -> ZodiacState:
    states = random_game(seed, solver_moves)
    return states[max(0, len(states) - 1 - back)]


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 25), st.booleans())
def test_on_small_positions_bound_and_exact_result_match_a_brute_force(seed: int, back: int, mine: bool) -> None:
    state = near_end(seed, back, mine)
    try:
        best, winnable = exhaustive(state, [5_000])
    except OverflowError:
        return
    start = P.start(state)
    assert best is not None
    assert P.bound(start) >= best
    v = solve_state("zodiac", state, budget=10**7)
    assert v.exact and v.score == best
    assert v.kind == ("won" if winnable else "impossible")
    replay(state, v.line, v.score, v.kind == "won")


def replay(state: ZodiacState, line: tuple[str, ...], score: int | None, won: bool) -> None:
    for token in line:
        assert token in ZODIAC.legal_moves(state), token
        state = ZODIAC.apply(state, token)
    assert not ZODIAC.legal_moves(state) and ZODIAC.score(state) == score
    assert (ZODIAC.status(state) == "won") == won


def test_lines_from_fresh_deals_replay_to_what_they_claim() -> None:
    kinds = set()
    for seed in range(25):
        deal = ZODIAC.deal(seed, NO_OPTIONS)
        v = solve_state("zodiac", deal, budget=4_000)
        kinds.add(v.kind)
        assert v.kind != "impossible" or v.exact
        if v.kind != "unknown":
            replay(deal, v.line, v.score, v.kind == "won")
    assert "won" in kinds  # some fresh deals are won quickly


def test_the_registry_uses_this_solver() -> None:
    from pyapp.solve import problem_for

    assert isinstance(problem_for("zodiac"), ZodiacProblem) and isinstance(problem(None), ZodiacProblem)
    assert suit_best(0, 14, ()) == 26

