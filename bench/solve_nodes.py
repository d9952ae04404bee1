"""The cost of one node of the page's search, per game, in CPython.

    .venv/bin/python bench/solve_nodes.py                          # every game, 10 deals each
    .venv/bin/python bench/solve_nodes.py --games zodiac --deals 30

The page runs a game's solver on its main thread in slices of about 12 ms, reading the
clock after every node (``Search.run_for(..., chunk=1)``, :mod:`pyapp.solve.verdicts`), so the
longest task a search causes is a slice plus the one node that crosses its deadline. This
bench builds the search as the page does (:func:`pyapp.solve.problem_for`, a
:class:`~pyapp.core.search.Search` at the default budget) and times it node by node: the
setup (the root's moves), then each ``Search.run(1)`` (one node: its moves, key, gain,
bound and move ordering, with the children skipped on the way), until the search ends,
its budget runs out, or ``--seconds`` of searching have passed.

Positions, for each game's default rules and each of its variants: the deals 1..N
(``--deals``), and two mid-game positions of each (a third and two thirds of the way
through the game its greedy player plays, or a random player for a game without one).

It reports per game the nodes timed and their wall time: median, p99 and max in ms, and
how many took over 10 ms and over 30 ms, with the positions each worst node came from.
Wall time on a busy machine includes other processes' turns: run it with the cores quiet,
or time the steps in processor time (``--cpu``).
"""

from __future__ import annotations

import argparse
from array import array
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.games import entries, entry, get_game  # noqa: E402
from pyapp.solve import Search, problem_for  # noqa: E402


def positions(game_id: str, options: str, seed: int) -> list[tuple[str, Any]]:
    """The deal, and the positions a third and two thirds of the way through one game of it."""
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    rules = sys.modules[type(game).__module__]
    greedy = getattr(rules, "greedy_move", None)
    rnd = random.Random(seed)
    states = [state]
    while (legal := game.legal_moves(states[-1])) and len(states) < 2_000:
        states.append(game.apply(states[-1], greedy(states[-1]) if greedy else rnd.choice(legal)))
    n = len(states)
    return [("deal", state), (f"move {n // 3}", states[n // 3]), (f"move {2 * n // 3}", states[2 * n // 3])]


def time_search(game_id: str, state: Any, budget: int | None, seconds: float, cpu: bool = False) -> array[float]:
    """The wall time of each node of the page's search from ``state`` (the setup first), in ms
    (an array: a list of millions of floats would lengthen the garbage collector's passes);
    ``cpu``: this thread's processor time instead (other processes' turns left out)."""
    clock = time.thread_time if cpu else time.perf_counter
    t = clock()
    problem = problem_for(game_id, state)
    search = Search(problem, problem.start(state), budget)
    times = array("d", [(clock() - t) * 1000])
    end = time.perf_counter() + seconds
    while not search.done:
        t = clock()
        search.run(1)
        times.append((clock() - t) * 1000)
        if time.perf_counter() >= end:
            break
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--deals", type=int, default=10, help="deals of each game's default rules and variants")
    parser.add_argument("--budget", type=int, default=None, help="nodes per search (default: each game's own, as the page)")
    parser.add_argument("--seconds", type=float, default=5.0, help="at most this long per search")
    parser.add_argument("--no-variants", action="store_true", help="each game's default rules only")
    parser.add_argument("--cpu", action="store_true", help="time each step in this thread's processor time, "
                        "not wall time (for a busy machine)")
    args = parser.parse_args(argv)
    wanted = [g for g in args.games.split(",") if g] or [e.id for e in entries()]
    print(f"Solitaire Orbit: per-node cost of the page's search, CPython {sys.version.split()[0]}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; deals 1..{args.deals}, budget {'each game' + chr(39) + 's own' if args.budget is None else f'{args.budget:,}'}, "
          f"at most {args.seconds:g} s per search; {'processor' if args.cpu else 'wall'} time, "
          f"load average {os.getloadavg()[0]:.2f}")
    print()
    print("| game | positions | steps | median ms | p99 ms | max ms | > 10 ms | > 30 ms | worst at |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for game_id in wanted:
        configs = [""] + ([] if args.no_variants else list(entry(game_id).variants))
        times: array[float] = array("d")
        worst: list[tuple[float, str]] = []
        count = 0
        for options in configs:
            for seed in range(1, args.deals + 1):
                for where, state in positions(game_id, options, seed):
                    if get_game(game_id).status(state) != "playing":
                        continue
                    count += 1
                    got = time_search(game_id, state, args.budget, args.seconds, args.cpu)
                    times += got
                    worst.append((max(got), f"{options or 'default'} #{seed} {where}"))
        times = array("d", sorted(times))
        worst.sort(reverse=True)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"| {game_id} | {count} | {len(times):,} | {statistics.median(times):.2f} | {p99:.2f} | "
              f"{times[-1]:.1f} | {sum(t > 10 for t in times)} | {sum(t > 30 for t in times)} | "
              f"{'; '.join(f'{w} ({ms:.0f} ms)' for ms, w in worst[:3])} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
