"""Where Gyre's search and its bound part: per deal, the solver's verdict at its budget, the
bound at the root, and the relaxed game's best at the root searched to its end (at most
3,000,000 relaxed positions), asked upward from the solver's best.

    .venv/bin/python bench/gyre_gap.py [OPTIONS] FIRST LAST
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.relax import Relaxed  # noqa: E402
from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import _mask, problem  # noqa: E402
from pyapp.solve import solve_state  # noqa: E402


def main() -> None:
    opts, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for seed in range(first, last + 1):
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        t0 = time.perf_counter()
        v = solve_state("gyre", state)
        t1 = time.perf_counter()
        p = problem(state)
        ring, hand, idx, _pending, _score, deck = p.start(state)
        root = p._bound(p.start(state))
        r = Relaxed(p.cap, p.rep, p.easy, deck, lambda h, g, i: p._gain(h, g, deck, i), p.attrition)
        t, used, relaxed = v.score or 0, 0, ""
        while True:
            answer = r.at_most(_mask(hand), _mask(ring), idx, t, 3_000_000)
            used += r.used
            if answer is None:
                relaxed = f"above {t - 1}, not settled"
                break
            if answer:
                relaxed = str(t)
                break
            t += 1
        print(f"seed {seed}: {v.text()} nodes {v.nodes} {t1 - t0:.1f}s | root bound {root} | "
              f"relaxed best {relaxed} ({used} positions, {time.perf_counter() - t1:.1f}s)", flush=True)


if __name__ == "__main__":
    main()
