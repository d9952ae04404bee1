"""The Zodiac solver (pyapp/games/zodiac/solver.py) against the engine.

* Its start/apply/moves agree with the engine: each move it offers (one token, or several
  joined by ".": clicks, then a placement) replays token by token through the engine, it
  offers none exactly when the engine has none, and the engine's state after the tokens is
  (through ``start``) its own state after the move, over random games.
* Its key merges only what the proofs allow: the talon's order and pointer, the equator's
  and the zodiac's order; never a different card anywhere.
* Its bound is never below the exhaustive best, on small positions.
* Its safe and symmetric move cuts lose nothing: its exact result equals a brute force over
  the engine's own moves, on more and deeper positions than tests/test_solve.py checks.
* Its lines from fresh deals replay through the engine to exactly what they claim.
"""

from __future__ import annotations

import random
from dataclasses import replace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.games.zodiac.rules import NO_OPTIONS, ZODIAC, ZodiacState, arrange, greedy_move, score_range
from pyapp.games.zodiac.solver import ZodiacProblem, _stranded, problem, suit_best
from pyapp.solve import solve, solve_state

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


def play(state: ZodiacState, move: str) -> ZodiacState:
    """The engine's state after a solver move, token by token (each must be legal)."""
    for token in move.split("."):
        assert token in ZODIAC.legal_moves(state), (token, move)
        state = ZODIAC.apply(state, token)
    return state


def random_game(seed: int, solver_moves: bool = False) -> list[ZodiacState]:
    """The states of a random game (random engine moves, or random moves of the solver's)."""
    rnd = random.Random(seed)
    states = [ZODIAC.deal(seed, NO_OPTIONS)]
    while moves := (P.moves(P.start(states[-1])) if solver_moves else ZODIAC.legal_moves(states[-1])):
        states.append(play(states[-1], rnd.choice(moves)))
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
            assert (not offered) == (not legal)
            for move in offered[:1] + rnd.sample(offered, min(2, len(offered))):
                assert P.key(P.start(play(state, move))) == P.key(P.apply(mine, move))
            assert P.bound(mine) >= (score_range(state) or (0, 0))[1]
            if not legal:
                assert P.value(mine) == ZODIAC.score(state)
                assert P.won(mine) == (ZODIAC.status(state) == "won")
                break
            # mostly the solver's own moves (they reach phase 2), sometimes any engine move
            token = rnd.choice(offered if seed % 2 and rnd.random() < 0.9 else legal)
            state, mine = play(state, token), P.apply(mine, token)
            assert P.start(state) == mine and P.key(P.start(state)) == P.key(mine)
            steps += 1
        assert steps > 20


def test_the_equator_key_merges_permuted_cells_only() -> None:
    s = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9S"}, waste="KD")
    t = arrange(zodiac={3: "6H"}, equator={5: "5H", 2: "9S"}, waste="KD")
    u = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9C"}, waste="KD")
    assert P.key(P.start(s)) == P.key(P.start(t)) != P.key(P.start(u))
    assert P.start(s) != P.start(t)


def test_the_key_forgets_the_talon_order_and_pointer_and_the_pile_order_only() -> None:
    deal = ZODIAC.deal(7, NO_OPTIONS)
    clicked = ZODIAC.apply(ZODIAC.apply(deal, "S"), "S")
    assert P.start(deal) != P.start(clicked) and P.key(P.start(deal)) == P.key(P.start(clicked))
    stock = deal.stock
    reordered = replace(deal, stock=stock[::-1][:30], waste=stock[::-1][30:])
    assert P.key(P.start(reordered)) == P.key(P.start(deal))
    swapped = replace(deal, zodiac=(deal.zodiac[5],) + deal.zodiac[1:5] + (deal.zodiac[0],) + deal.zodiac[6:])
    assert P.key(P.start(swapped)) == P.key(P.start(deal))
    # a card moved between the talon and the equator, or between piles: another key
    e0 = deal.equator[0]
    assert e0 is not None
    other = replace(deal, stock=(e0,) + stock[1:], equator=(stock[0],) + deal.equator[1:])
    assert e0 == stock[0] or P.key(P.start(other)) != P.key(P.start(deal))
    piles = replace(deal, zodiac=(deal.zodiac[0] + (deal.stock[0],),) + deal.zodiac[1:], stock=deal.stock[1:])
    assert P.key(P.start(piles)) != P.key(P.start(deal))


def test_a_talon_that_fits_the_free_cells_is_stored_at_once() -> None:
    s = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9S"}, stock="KD4H", waste="7H3C", rest="zodiac")
    moves = P.moves(P.start(s))
    assert len(moves) == 1 and moves[0].count("-E") == 4
    end = play(s, moves[0])
    assert end.phase == 2 and P.start(end) == P.apply(P.start(s), moves[0])


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


@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    assert v.kind == ("won" if winnable else "impossible")
    assert v.score is not None and v.score <= best and (v.score == best or not v.exact)  # the win settled first
    replay(state, v.line, v.score, v.kind == "won")
    exact_best = problem(state)
    exact_best.win_value = None  # type: ignore[assignment]  # the best score itself, not only whether it wins
    v = solve(exact_best, exact_best.start(state), budget=10**7)
    assert v.exact and v.score == best
    assert v.kind == ("won" if winnable else "impossible")
    replay(state, v.line, v.score, v.kind == "won")


def replay(state: ZodiacState, line: tuple[str, ...], score: int | None, won: bool) -> None:
    for token in line:
        assert token in ZODIAC.legal_moves(state), token
        state = ZODIAC.apply(state, token)
    assert not ZODIAC.legal_moves(state) and ZODIAC.score(state) == score
    assert (ZODIAC.status(state) == "won") == won


def test_eight_cards_no_pile_can_take_still_fit_the_equator() -> None:
    """The dead-end rule of the bound (*Dead ends* in the solver's doc) needs more than eight
    stranded cards: with exactly eight, all can wait in the equator and phase 1 can still end. On
    the engine's greedy line of a deal, a phase-1 position with eight stranded cards is worth at
    least what that line goes on to score, so the bound there is at least that too."""
    for seed in range(1, 30):
        line = [ZODIAC.deal(seed, NO_OPTIONS)]
        while ZODIAC.status(line[-1]) == "playing":
            line.append(ZODIAC.apply(line[-1], greedy_move(line[-1])))
        p = problem(line[0])
        eight = [s for s in line if s.phase == 1 and _stranded(p.start(s)) == 8]
        if eight and ZODIAC.score(line[-1]) > 0:
            break
    else:
        raise AssertionError("no greedy line of deals 1-29 passes a position with eight stranded cards")
    assert all(p.bound(p.start(s)) >= ZODIAC.score(line[-1]) for s in eight)


def test_lines_from_fresh_deals_replay_to_what_they_claim() -> None:
    kinds = []
    for seed in range(6):
        deal = ZODIAC.deal(seed, NO_OPTIONS)
        v = solve_state("zodiac", deal, budget=4_000)
        kinds.append(v.kind)
        assert v.kind != "impossible" or v.exact
        if v.kind != "unknown":
            replay(deal, v.line, v.score, v.kind == "won")
    assert kinds.count("won") >= 4  # the suits' plans find most wins on the first line


def test_the_registry_uses_this_solver() -> None:
    from pyapp.solve import problem_for

    assert isinstance(problem_for("zodiac"), ZodiacProblem) and isinstance(problem(None), ZodiacProblem)
    assert suit_best(0, 14, ()) == 26



def test_no_step_of_the_page_search_does_more_than_its_share_of_work() -> None:
    """The page reads the clock between the search's steps: a step's work (the
    positions :func:`suit_best` computes, the plan searches' nodes) stays under a cap, with
    the suits' plans spread over many steps, and the search cut into steps is the same
    search (verdict, line and nodes) as the one in one go. Counted, not timed."""
    from pyapp.games.zodiac.solver import STEP_WORK, work_done
    from pyapp.solve import Search

    most, cut, deepened = 0, 0, 0
    # (deal 151: its first plans leave 9 cards, and a deeper plan search, cut into steps, wins)
    for state in (ZODIAC.deal(7, NO_OPTIONS), near_end(12, 25, False), near_end(3, 40, True), ZODIAC.deal(151, NO_OPTIONS)):
        p = problem(state)
        before = work_done()
        s = Search(p, p.start(state), 10**6)
        most = max(most, work_done() - before)
        cuts = 0
        while True:
            before, nodes = work_done(), s.nodes
            done = s.run(1)
            most = max(most, work_done() - before)
            if not done and s._stack and s._stack[-1].again is not None or s._pending_root:
                cuts += 1  # cut short (Pending): counted as a node, the same call again next step
            if done:
                break
        unbounded = ZodiacProblem()  # no share: every call does all its work at once
        u, v = solve(unbounded, unbounded.start(state), 10**6), s.verdict()
        assert (v.kind, v.score, v.line, v.exact, v.nodes) == (u.kind, u.score, u.line, u.exact, u.nodes)
        assert s.nodes == v.nodes + cuts  # the steps cut short: counted by the search, not in the verdict
        cut += cuts
        deepened += len(p._deep)
    assert cut > 50  # the plans did run over many steps
    assert deepened > 0
    assert most <= 3 * STEP_WORK, most  # a step's apply calls and its moves, each within its share


def test_a_plan_search_carries_only_true_clearing_orders() -> None:
    """A witness (a clearing order) exists exactly when ``suit_best`` says 26, and every
    configuration the plan search enters with a witness carried from its parent (no search
    of its own) is one ``suit_best`` can clear: a wrong carried order would only mislead the
    ordering, but it must not happen either."""
    from pyapp.games.zodiac.suits import PlanSearch, SuitConfig, suit_config, witness

    carried = 0

    class Checked(PlanSearch):
        def _enter(self, cfg: SuitConfig, left: int, wit: object) -> bool | None:
            nonlocal carried
            if wit is not None and cfg not in self.visited:
                carried += 1
                assert suit_best(self.base, self.base + 14, tuple(q for q in cfg if len(q) >= 2)) == 26, cfg
            return super()._enter(cfg, left, wit)  # type: ignore[arg-type]

    for seed in range(1, 4):
        zodiac = P.start(ZODIAC.deal(seed, NO_OPTIONS))[3]
        for k in range(4):
            cfg = suit_config(zodiac, k)
            clear = suit_best(16 * k, 16 * k + 14, tuple(q for q in cfg if len(q) >= 2)) == 26
            assert (witness(cfg, 0, 14, 16 * k) is not None) == clear
            Checked(cfg, 0, 14, 16 * k, budget=1_500, enough=-1).run()
    stuck = (bytes([1, 2, 3]), bytes([1, 2, 3]))  # both aces buried: never cleared
    assert witness(stuck, 0, 14, 0) is None
    assert carried > 1_000
