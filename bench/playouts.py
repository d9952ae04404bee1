"""Random-playout benchmark of the Gravity engine (CPython).

    .venv/bin/python bench/playouts.py [--seconds N]

For each configuration it plays complete games from deal to end through the
public protocol (``deal``, ``legal_moves``, ``apply``), choosing every move
uniformly at random with SplitMix64, for about N seconds (default 3). Game k
uses deal seed k and move-choice seed 1_000_003 * k, so with the same number
of games two runs play exactly the same moves and the figures are comparable.
It prints playouts per second, moves per second and the mean final score.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gravity import GRAVITY  # noqa: E402
from pyapp.rng import SplitMix64  # noqa: E402

CONFIGS = (("default", ""), ("decks=3", "decks=3"), ("hidden,nomoonplanet", "hidden,nomoonplanet"))


def playout(seed: int, options: str) -> tuple[int, int]:
    """Play one random game; return (moves played, final score)."""
    game = GRAVITY
    state = game.deal(seed, game.parse_options(options))
    rng = SplitMix64(1_000_003 * seed)
    moves = 0
    legal = game.legal_moves(state)
    while legal:
        state = game.apply(state, legal[rng.rand_below(len(legal))])
        moves += 1
        legal = game.legal_moves(state)
    return moves, game.score(state)


def measure(options: str, seconds: float) -> tuple[int, int, float, float]:
    games = moves = total_score = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        games += 1
        n, score = playout(games, options)
        moves += n
        total_score += score
        elapsed = time.perf_counter() - start
    return games, moves, elapsed, total_score / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration (default 3)")
    args = parser.parse_args(argv)
    print(f"Gravity random playouts, {platform.python_implementation()} {platform.python_version()}, "
          f"{args.seconds:g} s per configuration")
    print(f"{'options':<22}{'games':>7}{'playouts/s':>12}{'moves/s':>10}{'moves/game':>12}{'mean score':>12}")
    for name, options in CONFIGS:
        games, moves, elapsed, mean_score = measure(options, args.seconds)
        print(f"{name:<22}{games:>7}{games / elapsed:>12.1f}{moves / elapsed:>10.0f}"
              f"{moves / games:>12.1f}{mean_score:>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
