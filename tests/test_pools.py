"""The pre-solved pools the page ships (static/pools/, written by bench/pools.py): each reads
back as the pool of the rules its name says, covers the default rules and the variants of
every game, and a fixed sample of its seeds is solved again, the solver's line replayed
through the engine: a win for a game that can be won, Gyre's exact pooled best score."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyapp.core.pool import Pool, pool_name
from pyapp.games import entries, entry, get_game
from pyapp.solve import problem_for, solve_state

POOLS = Path(__file__).resolve().parent.parent / "static" / "pools"
#: Seeds solved again per pool of the default rules: the slower games fewer (about 2-3 s a Gyre deal, in a
#: quiet hour); a variant's pool, one seed fewer.
SAMPLE = {"gravity": 3, "square": 3, "zodiac": 2, "gyre": 2}
#: How much further the study searches a Gyre deal its first search leaves undetermined (its ``--deepen``).
DEEPEN = 4


def shipped() -> list[Path]:
    return sorted(POOLS.glob("*.pool"))


def test_every_pool_file_is_the_pool_its_name_says() -> None:
    names = {p.name for p in shipped()}
    assert {pool_name(e.id, "") for e in entries()} <= names  # (the daily pools' rules at least)
    for path in shipped():
        pool = Pool.decode(path.read_bytes())
        assert path.name == pool_name(pool.game, pool.options) and pool.rules == 1 and pool.first == 1
        assert pool.options == "" or pool.options in entry(pool.game).variants
        assert pool.kind == ("won" if entry(pool.game).can_win else "best") and pool.seeds


@pytest.mark.parametrize("name", [p.name for p in shipped()])
def test_a_sample_of_the_pool_is_solved_again_and_its_line_replays(name: str) -> None:
    pool = Pool.decode((POOLS / name).read_bytes())
    game = get_game(pool.game)
    size = SAMPLE[pool.game] - (1 if pool.options else 0)
    sample = random.Random(46).sample(pool.seeds, min(size, len(pool.seeds)))
    for seed in sample:
        state = game.deal(seed, game.parse_options(pool.options))
        verdict = solve_state(pool.game, state)
        if pool.kind == "best" and not verdict.exact:  # settled by the study's deeper search (bench/solve.py --deepen)
            verdict = solve_state(pool.game, state, problem_for(pool.game).budget * DEEPEN, deepen=DEEPEN)
        end = state
        for token in verdict.line:
            assert token in game.legal_moves(end), (name, seed, token)
            end = game.apply(end, token)
        if pool.kind == "won":
            assert verdict.kind == "won" and game.status(end) == "won", (name, seed)
        else:
            assert verdict.exact and verdict.score == pool.best(seed), (name, seed, verdict.score, pool.best(seed))
            assert game.status(end) != "playing" and game.score(end) == pool.best(seed), (name, seed)
