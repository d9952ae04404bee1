"""The solver of Solitaire Square (pyapp/games/square/solver.py) against the engine.

* Its state follows the engine's: every token it offers is legal in the engine, it drops
  no placement (only dominated discard sets), and after any engine token its state is the
  engine's state (random games of every variant).
* Its bound is never below the best reachable (a memoised exhaustive search over the
  engine's own moves, on small positions), at every position of that search; its chain
  count equals a brute force; its reach follows the cards one placement at a time.
* Its exact result equals the exhaustive search's (deeper positions than tests/test_solve.py).
* Its lines replay through the engine to exactly what it claims, on fresh deals.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games import entry
from pyapp.games.square.rules import SQUARE, SquareState, greedy_move
from pyapp.games.square.solver import Pos, SquareProblem, _chain, problem_for_state
from pyapp.solve import problem_for, solve, solve_state
from solving import best_score

VARIANTS = ["", "ends", "wrap", "ends,wrap"]


def game(options: str, seed: int, back: int, greedy: float = 0.0) -> list[SquareState]:
    """The states of a random game (the greedy player's move with probability ``greedy``, so
    that it lasts: its end has few empty cells), cut ``back`` moves before its end."""
    rnd = random.Random(seed)
    states = [SQUARE.deal(seed, SQUARE.parse_options(options))]
    while moves := SQUARE.legal_moves(states[-1]):
        move = greedy_move(states[-1]) if rnd.random() < greedy else rnd.choice(moves)
        states.append(SQUARE.apply(states[-1], move))
    return states[: max(1, len(states) - back)]


def same(pos: Pos, state: SquareState) -> bool:
    grid, hand, ptr, deal = pos
    return (grid == tuple(v or 0 for v in state.grid) and hand == state.hand
            and deal[0][ptr:] == state.deck)


def test_the_solver_is_the_entry_s_and_follows_the_options() -> None:
    assert isinstance(problem_for("square"), SquareProblem) and not problem_for_state(None).wrap
    wrapped = SQUARE.deal(1, SQUARE.parse_options("ends,wrap"))
    assert problem_for("square", wrapped).wrap  # type: ignore[attr-defined]
    assert entry("square").solver is not None


def test_its_moves_and_states_follow_the_engine_in_random_games_of_every_variant() -> None:
    for options in VARIANTS:
        p = problem_for_state(SQUARE.deal(0, SQUARE.parse_options(options)))
        for seed in range(6):
            rnd = random.Random(seed)
            state = SQUARE.deal(seed, SQUARE.parse_options(options))
            pos = p.start(state)
            while True:
                assert same(pos, state)
                legal = SQUARE.legal_moves(state)
                mine = p.moves(pos)
                assert set(mine) <= set(legal) and len(set(mine)) == len(mine)
                # only discard sets are dropped: every placement keeps at least one move
                assert {m.split("x")[0] for m in mine} == {m.split("x")[0] for m in legal}
                assert p.value(pos) == SQUARE.score(state)
                assert p.won(pos) == (SQUARE.status(state) == "won")
                b = p.bound(pos)
                assert b is not None and p.value(pos) <= b <= 36
                if not legal:
                    assert not mine
                    break
                r = rnd.random()  # the greedy player's move mostly, so that games last
                token = greedy_move(state) if r < 0.6 else rnd.choice(legal if r < 0.8 else mine)
                state, pos = SQUARE.apply(state, token), p.apply(pos, token)


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 10**6), st.integers(1, 12), st.sampled_from([0.0, 0.8, 1.0]))
def test_bound_never_below_the_best_and_the_exact_result_equals_a_brute_force(options: str, seed: int,
                                                                             back: int, greedy: float) -> None:
    state = game(options, seed, back, greedy)[-1]
    memo: dict[SquareState, int] = {}
    try:
        best = best_score(SQUARE, state, memo, [6_000])
    except OverflowError:
        return
    p = problem_for_state(state)
    root = p.start(state)
    for s, value in memo.items():  # every position of the brute force, as the solver sees it
        pos = p.start(s)
        b = p.bound(pos)
        assert b is not None and b >= value, (SQUARE.format_state(s), b, value)
    verdict = solve(p, root, budget=10**7)
    assert verdict.kind == ("won" if best == 36 else "impossible")
    assert verdict.score is not None and verdict.score <= best and (verdict.score == best or not verdict.exact)
    p.win_value = None  # type: ignore[assignment]  # the best score itself, not only whether it wins
    verdict = solve(p, root, budget=10**7)
    assert verdict.exact and verdict.score == best
    assert verdict.kind == ("won" if best == 36 else "impossible")
    end = state
    for token in verdict.line:
        end = SQUARE.apply(end, token)
    assert SQUARE.status(end) != "playing" and SQUARE.score(end) == best


def test_dead_cards_pay_first_and_stand_for_each_other() -> None:
    # 5 (below A1) and 11 (between A1 and B1) can never be placed: 14 on C1 costs 2, and
    # the only discard set offered is theirs; the engine has all six
    rest = ".".join(str(v) for v in range(1, 81) if v not in (10, 12, 5, 11, 14, 40, 50))
    grid = "10.12.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
    state = SQUARE.parse_state(f"SQ1|G={grid}|H=5.11.14.40.50|D={rest}|X=")
    p = problem_for_state(state)
    pos = p.start(state)
    assert [m for m in p.moves(pos) if m.startswith("14@C1")] == ["14@C1x5-11"]
    assert len([m for m in SQUARE.legal_moves(state) if m.startswith("14@C1")]) == 6
    # 40 on D1 is free; the dead cards count, not which ones: keys merge
    a, b = p.apply(pos, "14@C1x5-11"), p.apply(pos, "14@C1x40-50")
    assert p.key(a) != p.key(b)


def test_the_bound_counts_two_cards_a_cell_where_no_cell_is_free_and_no_less() -> None:
    """B1 and D1 are left, each between filled neighbours (no free cell: z = 0), and the four
    cards pay for both: 11 on B1 and 13 on D1 cost one card each. The cards' count of the bound,
    (2) of the module doc, allows exactly two more cells: the game can be won, and the bound says so."""
    row1, hand = (10, 12, 14, 15), (11, 13, 50, 51)
    rows = [list(range(16 + 6 * r, 22 + 6 * r)) for r in range(5)]
    used = set(row1) | set(hand) | {v for row in rows for v in row}
    grid = "/".join(["10.-.12.-.14.15", *(".".join(map(str, row)) for row in rows)])
    discards = ".".join(str(v) for v in range(1, 81) if v not in used)
    state = SQUARE.parse_state(f"SQ1|G={grid}|H={'.'.join(map(str, hand))}|D=|X={discards}")
    p = problem_for_state(state)
    assert p.bound(p.start(state)) == 36
    verdict = solve_state("square", state)
    assert verdict.kind == "won" and verdict.line == ("11@B1x50", "13@D1x51")


def test_lines_on_fresh_deals_replay_to_what_they_claim() -> None:
    for options in VARIANTS:
        for seed in range(100, 104):
            state = SQUARE.deal(seed, SQUARE.parse_options(options))
            verdict = solve_state("square", state, budget=2_000)
            assert verdict.kind in ("won", "best", "impossible")
            end = state
            for token in verdict.line:
                assert token in SQUARE.legal_moves(end)
                end = SQUARE.apply(end, token)
            assert SQUARE.status(end) != "playing" and SQUARE.score(end) == verdict.score
            assert (verdict.kind == "won") == (SQUARE.status(end) == "won")


def chain_by_brute_force(cells: tuple[int, ...], avail: int) -> int:
    cards = [u for u in range(avail.bit_length()) if (avail >> u) & 1]
    for k in range(min(len(cells), len(cards)), 0, -1):
        for js in combinations(range(len(cells)), k):
            for us in combinations(cards, k):  # ascending, as the cells
                if all((cells[j] >> u) & 1 for j, u in zip(js, us)):
                    return k
    return 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**9 - 1), min_size=0, max_size=6), st.integers(0, 2**9 - 1))
def test_the_chain_count_equals_a_brute_force(cells: list[int], avail: int) -> None:
    assert _chain(tuple(cells), avail) == chain_by_brute_force(tuple(cells), avail)


def test_the_bound_follows_the_cards_within_reach() -> None:
    # only 39 (on F3, cost 2) can be placed; the three cards drawn then are dead, like the rest
    # of the hand: one more cell at most, though 30 cards are left and each empty cell has some
    state = SQUARE.parse_state(
        "SQ1|G=1.-.-.6.10.-/-.17.21.23.25.27/29.-.31.35.37.-/41.43.44.48.50.51/54.55.59.62.64.65/"
        "69.70.-.75.76.78|H=18.39.49.53.61|D=68.67.20.12.16.40.26.34.4.32.19.9.66.63.11.73.5.3.38.7.45.74."
        "14.24.30|X=2.8.13.15.22.28.33.36.42.46.47.52.56.57.58.60.71.72.77.79.80")
    p = problem_for_state(state)
    assert p.bound(p.start(state)) == 30 == best_score(SQUARE, state, {}, [10_000])
