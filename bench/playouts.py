"""Playout benchmark of the rules engines (CPython).

    .venv/bin/python bench/playouts.py [--seconds N] [--games ID,ID] [--greedy N]

For each configuration it plays complete games from deal to end through the
public protocol (``deal``, ``legal_moves``, ``apply``), choosing every move
uniformly at random with SplitMix64, for about N seconds (default 3). Game k
uses deal seed k and move-choice seed 1_000_003 * k, so with the same number
of games two runs play exactly the same moves and the figures are comparable.
It prints playouts per second, moves per second, the mean final score and the
share of games won.

The games and their variants come from the registry (:mod:`pyapp.games`): every
game's default options, then the option texts in its entry's ``variants``.

With ``--greedy N`` it also plays deals 1..N with each game's greedy player
(``greedy_move(state) -> token`` in the game's rules module, where it has one) and
prints the mean score and the win rate.

A game's rules module may also define ``milestone(state) -> bool`` (with a label in
``MILESTONE``), checked on each final state: the column "reached" then gives
the share of games that got that far (Zodiac: phase 2); "-" elsewhere.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games import entries, get_game  # noqa: E402
from pyapp.core.rng import SplitMix64  # noqa: E402

#: (game id, configuration name, option text): each game's default, then its variants.
CONFIGS: tuple[tuple[str, str, str], ...] = tuple(
    config for e in entries() for config in ((e.id, "default", ""), *((e.id, v, v) for v in e.variants)))

Chooser = Callable[[Any, list[str], SplitMix64], str]


def random_choice(state: Any, legal: list[str], rng: SplitMix64) -> str:
    return legal[rng.rand_below(len(legal))]


def rules_module(game_id: str) -> Any:
    """The module the game's rules object is defined in (``pyapp/games/<id>/rules.py``)."""
    return sys.modules[type(get_game(game_id)).__module__]


def greedy_chooser(game_id: str) -> Chooser | None:
    greedy = getattr(rules_module(game_id), "greedy_move", None)
    if greedy is None:
        return None

    def choose(state: Any, legal: list[str], rng: SplitMix64) -> str:
        token: str = greedy(state)
        return token

    return choose


def milestone_of(game_id: str) -> Callable[[Any], bool] | None:
    """The game module's ``milestone(state) -> bool``, if it has one."""
    check = getattr(rules_module(game_id), "milestone", None)
    return check if callable(check) else None


def reached_text(game_id: str, results: list[tuple[int, int, str, Any]]) -> str:
    check = milestone_of(game_id)
    if check is None:
        return "-"
    return f"{sum(bool(check(r[3])) for r in results) / len(results):.1%}"


def playout(game_id: str, seed: int, options: str, choose: Chooser, max_moves: int = 100_000) -> tuple[int, int, str, Any]:
    """Play one game; return (moves played, final score, final status, final state)."""
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    rng = SplitMix64(1_000_003 * seed)
    moves = 0
    legal = game.legal_moves(state)
    while legal and moves < max_moves:
        state = game.apply(state, choose(state, legal, rng))
        moves += 1
        legal = game.legal_moves(state)
    return moves, game.score(state), game.status(state), state


def measure(game_id: str, options: str, seconds: float) -> tuple[int, int, float, float, float, str]:
    games = moves = total_score = won = 0
    results: list[tuple[int, int, str, Any]] = []
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        games += 1
        result = playout(game_id, games, options, random_choice)
        n, score, status, _ = result
        results.append(result)
        moves += n
        total_score += score
        won += status == "won"
        elapsed = time.perf_counter() - start
    return games, moves, elapsed, total_score / games, won / games, reached_text(game_id, results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration (default 3)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--greedy", type=int, default=0, help="also play deals 1..N with each greedy player")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.games.split(",")))
    configs = [c for c in CONFIGS if not wanted or c[0] in wanted]
    print(f"Random playouts, {platform.python_implementation()} {platform.python_version()}, "
          f"{args.seconds:g} s per configuration")
    print(f"{'game':<9}{'options':<22}{'games':>7}{'playouts/s':>12}{'moves/s':>10}{'moves/game':>12}"
          f"{'mean score':>12}{'won':>8}{'reached':>9}")
    for game_id, name, options in configs:
        games, moves, elapsed, mean_score, won, reached = measure(game_id, options, args.seconds)
        print(f"{game_id:<9}{name:<22}{games:>7}{games / elapsed:>12.1f}{moves / elapsed:>10.0f}"
              f"{moves / games:>12.1f}{mean_score:>12.2f}{won:>8.1%}{reached:>9}")
    for game_id in dict.fromkeys(c[0] for c in configs):
        if milestone_of(game_id) is not None:
            label = getattr(rules_module(game_id), "MILESTONE", "milestone")
            print(f"reached ({game_id}): {label}")
    if args.greedy:
        print(f"\nGreedy players, deals 1..{args.greedy}")
        print(f"{'game':<9}{'options':<22}{'mean score':>12}{'won':>8}{'reached':>9}")
        for game_id, name, options in configs:
            choose = greedy_chooser(game_id)
            if choose is None:
                continue
            results = [playout(game_id, k, options, choose) for k in range(1, args.greedy + 1)]
            mean = sum(r[1] for r in results) / len(results)
            won = sum(r[2] == "won" for r in results) / len(results)
            print(f"{game_id:<9}{name:<22}{mean:>12.2f}{won:>8.1%}{reached_text(game_id, results):>9}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
