"""Gyre's verdicts at several budgets from one search per deal (a search is the same up to
any number of nodes whatever its budget): the best found, whether exact, and the processor
seconds when it reached each checkpoint. Made the table "Gyre's budget" of docs/PERFORMANCE.md (2026-11-27, in git).

    .venv/bin/python bench/gyre_budgets.py [OPTIONS] FIRST LAST      # e.g. "" 1 20, one process per range

Each line: ``seed 5k:58/1.6 8k:58/2.5 ... 20k:58E/4.7`` (best, E when exact, seconds).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.solve import problem_for  # noqa: E402
from pyapp.core.search import Search  # noqa: E402

CHECK = (5_000, 8_000, 10_000, 12_000, 15_000, 20_000)


def main() -> None:
    opts, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for seed in range(first, last + 1):
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        p = problem_for("gyre", state)
        search = Search(p, p.start(state), CHECK[-1])
        t0 = time.process_time()
        out = []
        for c in CHECK:
            while not search.done and search.nodes < c:
                search.run(min(500, c - search.nodes))
            v = search.verdict()
            out.append(f"{c // 1000}k:{v.score}{'E' if v.exact else ''}/{time.process_time() - t0:.1f}")
            if search.done:
                break
        print(seed, " ".join(out), flush=True)


if __name__ == "__main__":
    main()
