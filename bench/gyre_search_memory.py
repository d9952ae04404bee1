"""What Gyre's search holds in CPython (tracemalloc): one search from a deal at the solver's
budget, at its end and once dropped; then a controller with the verdict kept shown, after twelve
moves of the bench deal (a search after each), what it still holds.

    .venv/bin/python bench/gyre_search_memory.py [--seed 5] [--moves 12]
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.app.controller import Controller, MemoryStorage  # noqa: E402
from pyapp.games import entry  # noqa: E402
from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.solve import problem_for  # noqa: E402
from pyapp.core.search import Search  # noqa: E402


def held(base: int) -> float:
    gc.collect()
    return (tracemalloc.get_traced_memory()[0] - base) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    tracemalloc.start()
    state = GYRE.deal(args.seed, GYRE.parse_options(""))
    base = tracemalloc.get_traced_memory()[0]
    problem = problem_for("gyre", state)
    search = Search(problem, problem.start(state), problem.budget)
    while not search.done:
        search.run(2_000)
    print(f"deal {args.seed}: {search.verdict().text()}, {search.nodes} nodes; held at its end {held(base):.1f} MB")
    del search, problem
    print(f"once dropped {held(base):.1f} MB")

    storage = MemoryStorage()
    storage.set("orbit.settings", '["marks", "verdict"]')
    c = Controller(storage, True)
    c.resize(1280, 800)
    c.start(f"#g=gyre&v=1&o=&s={entry('gyre').bench_seed}")
    base = tracemalloc.get_traced_memory()[0]

    def settle() -> None:
        while timers := [t for t in c.view().timers if t.name in ("solve", "verdict", "hunt")]:
            for t in timers:
                c.fire(t.name, t.ticket)

    for m in range(args.moves):
        settle()
        assert c.session is not None
        legal = c.session.legal_moves()
        c.play(legal[(m * 7) % len(legal)])
    settle()
    print(f"a controller after {args.moves} moves with the verdict shown holds {held(base):.1f} MB more")


if __name__ == "__main__":
    main()
