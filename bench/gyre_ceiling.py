"""Where Gyre's undetermined verdicts come from: per deal, the verdict at the default budget,
whether the ceiling (the relaxed game's best at the root) was found and what it is, the relaxed
positions its search took, and the processor seconds.

    .venv/bin/python bench/gyre_ceiling.py [OPTIONS] FIRST LAST

Each line: ``seed best[E] ceiling=C|none spent=N upper=U s=SECONDS``; a summary at the end
(exact; undetermined with the ceiling known, the line not found; the ceiling never found).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.solve import problem_for  # noqa: E402
from pyapp.solve.core import Search  # noqa: E402


def main() -> None:
    opts, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    exact = known = unknown = 0
    times = []
    for seed in range(first, last + 1):
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        p = problem_for("gyre", state)
        t0 = time.process_time()
        search = Search(p, p.start(state))
        while not search.run(500):
            pass
        dt = time.process_time() - t0
        times.append(dt)
        v = search.verdict()
        ceiling = getattr(p, "_ceiling", None)
        c = "none" if ceiling is None or ceiling is False else str(int(ceiling))
        if v.exact:
            exact += 1
        elif c != "none":
            known += 1
        else:
            unknown += 1
        print(f"{seed} {v.score}{'E' if v.exact else ''} ceiling={c} spent={getattr(p, '_spent', 0)} "
              f"upper={search.upper} s={dt:.2f}", flush=True)
    print(f"exact {exact}, ceiling known but no line {known}, ceiling never found {unknown}; "
          f"median {statistics.median(times):.2f} s, total {sum(times):.1f} s")


if __name__ == "__main__":
    main()
