"""What the relaxed game at the root costs: per deal, the relaxed positions (and processor
seconds) it takes to settle "at most t?" asked upward from a given start (default: the root's
best after the solver's first attempt), to its answer or a cap of positions.

    .venv/bin/python bench/gyre_relaxed_cost.py [OPTIONS] FIRST LAST [CAP] [off]

``off`` turns the ring cards' dominance off (to compare in one run).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import _mask, problem  # noqa: E402
from pyapp.core.search import Search  # noqa: E402


def main() -> None:
    opts, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cap = int(sys.argv[4]) if len(sys.argv) > 4 else 200_000
    off = len(sys.argv) > 5 and sys.argv[5] == "off"
    total_used = 0
    total_time = 0.0
    for seed in range(first, last + 1):
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        p = problem(state)
        root = p.start(state)
        search = Search(p, root, p.first)
        while not search.run(500):
            pass
        best = search.best or 0
        ring, hand, idx, pending, score, deck = root
        r = p._relaxed_of(deck)
        if hasattr(r, "dominance"):
            r.dominance = not off
        t, used = best - score, 0
        t0 = time.process_time()
        while True:
            answer = r.at_most(_mask(hand), _mask(ring), idx, t, cap - used)
            used += r.used
            if answer is None:
                out = f"above {t - 1 + score}, not settled"
                break
            if answer:
                out = f"ceiling {t + score}"
                break
            t += 1
        dt = time.process_time() - t0
        total_used += used
        total_time += dt
        print(f"{seed} best {best} {out} positions {used} {dt:.1f}s", flush=True)
    print(f"total positions {total_used} {total_time:.1f}s")


if __name__ == "__main__":
    main()
