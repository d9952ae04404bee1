"""What the solvers' tests share: a random game's line, and a plain brute force over the
engine's own moves (no pruning), against which each game's solver is checked."""

from __future__ import annotations

import random
from typing import Any

from pyapp.core.game import AnyGame


def random_line(game: AnyGame, options: str, seed: int) -> list[tuple[Any, str]]:
    """A random game of ``game`` (deal ``seed``, moves chosen by ``random.Random(seed)``):
    each state with the token played in it, the last with ""."""
    rnd = random.Random(seed)
    state = game.deal(seed, game.parse_options(options))
    out: list[tuple[Any, str]] = []
    while moves := game.legal_moves(state):
        token = rnd.choice(moves)
        out.append((state, token))
        state = game.apply(state, token)
    out.append((state, ""))
    return out


def best_score(game: AnyGame, state: Any, memo: dict[Any, int], limit: list[int]) -> int:
    """The highest final score any line from ``state`` reaches, by trying them all (``memo``:
    every position seen, with its best); OverflowError past ``limit[0]`` positions."""
    if state in memo:
        return memo[state]
    limit[0] -= 1
    if limit[0] < 0:
        raise OverflowError
    moves = game.legal_moves(state)
    best = game.score(state) if not moves else max(best_score(game, game.apply(state, m), memo, limit)
                                                   for m in moves)
    memo[state] = best
    return best
