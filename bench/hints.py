"""How good are the hints? Playouts that follow them against playouts that play
the first legal move (CPython).

    .venv/bin/python bench/hints.py [--deals N] [--games ID,ID]

For each configuration it plays deals 1..N (default 100) to the end twice: once
taking :func:`pyapp.app.hints.hint` at every move (the first legal move when the hint
is None: no move helps, but the game must go on), once always taking the first
legal move (the engine's stable order). It prints for each the mean final score,
the share of games won, and for the hints the mean and slowest time one hint
took. Gravity's score is better when lower; the others' when higher.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games import entries, entry, get_game  # noqa: E402
from pyapp.app.hints import hint  # noqa: E402

#: (game id, options): each game's default, then the variants of its registry entry.
CONFIGS: tuple[tuple[str, str], ...] = tuple((e.id, options) for e in entries() for options in ("", *e.variants))


def playout(game_id: str, options: str, seed: int, hinted: bool, max_moves: int = 20_000) -> tuple[int, str, list[float]]:
    """One game; (final score, final status, seconds each hint took)."""
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    times: list[float] = []
    for _ in range(max_moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        token = legal[0]
        if hinted:
            start = time.perf_counter()
            chosen = hint(game_id, state)
            times.append(time.perf_counter() - start)
            if chosen is not None:
                token = chosen
        state = game.apply(state, token)
    return game.score(state), game.status(state), times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100, help="deals 1..N per configuration (default 100)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.games.split(",")))
    print(f"Hints against the first legal move, deals 1..{args.deals}, "
          f"{platform.python_implementation()} {platform.python_version()}")
    print(f"{'game':<9}{'options':<21}{'first: mean':>12}{'won':>7}{'hints: mean':>13}{'won':>7}"
          f"{'better':>8}{'worse':>7}{'ms/hint':>9}{'max ms':>8}")
    for game_id, options in CONFIGS:
        if wanted and game_id not in wanted:
            continue
        lower = entry(game_id).lower_is_better
        first = [playout(game_id, options, k, False) for k in range(1, args.deals + 1)]
        hinted = [playout(game_id, options, k, True) for k in range(1, args.deals + 1)]
        better = sum((h[0] < f[0]) if lower else (h[0] > f[0]) for f, h in zip(first, hinted))
        worse = sum((h[0] > f[0]) if lower else (h[0] < f[0]) for f, h in zip(first, hinted))
        times = [t for h in hinted for t in h[2]]
        n = len(first)
        print(f"{game_id:<9}{options or 'default':<21}"
              f"{sum(f[0] for f in first) / n:>12.2f}{sum(f[1] == 'won' for f in first) / n:>7.1%}"
              f"{sum(h[0] for h in hinted) / n:>13.2f}{sum(h[1] == 'won' for h in hinted) / n:>7.1%}"
              f"{better:>8}{worse:>7}{1000 * sum(times) / max(1, len(times)):>9.2f}{1000 * max(times, default=0):>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
