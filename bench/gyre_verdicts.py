"""Gyre's verdicts at the default budget, per deal, with the problem's attributes set from the
command line (to compare settings, or a checkout with another, in one run).

    .venv/bin/python bench/gyre_verdicts.py [OPTIONS] FIRST LAST [name=value ...]

e.g. ``bench/gyre_verdicts.py "" 1 35 beam=0`` (the search without the beam's guide); ``deepen=4``
searches as the page's Keep looking does (:meth:`GyreProblem.deepen`); ``seeds=5,8,9`` those deals
only (FIRST and LAST ignored). Each line:
``seed best [E] upper U ceil C spent N SECONDS`` (the ceiling, the relaxed game's best at the root,
when its search found it; the relaxed positions that search spent; processor seconds); a summary at
the end (exact; of the others, with the ceiling known but no line reaching it, and with none; median
and max seconds; mean best). It took in ``bench/gyre_ceiling.py``, which the figures of 2026-11-27 name.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # (the checkout it is run from)

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.solve import problem_for  # noqa: E402
from pyapp.core.search import Search  # noqa: E402


def main() -> None:
    opts, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sets = dict(a.split("=", 1) for a in sys.argv[4:])
    seeds = [int(s) for s in sets.pop("seeds").split(",")] if "seeds" in sets else range(first, last + 1)
    exact, known, times, bests = 0, 0, [], []
    for seed in seeds:
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        p = problem_for("gyre", state)
        for name, value in sets.items():
            if name == "deepen":
                p.deepen(int(value))
            else:
                setattr(p, name, int(value))
        t0 = time.process_time()
        search = Search(p, p.start(state))
        while not search.run(500):
            pass
        dt = time.process_time() - t0
        v = search.verdict()
        ceiling = getattr(p, "_ceiling", None)
        exact += v.exact
        known += not v.exact and ceiling not in (None, False)
        times.append(dt)
        bests.append(v.score or 0)
        print(f"{seed} {v.score} {'E' if v.exact else ''} upper {v.upper} ceil {ceiling} "
              f"spent {getattr(p, '_spent', 0)} {dt:.2f}", flush=True)
    print(f"exact {exact}/{len(times)} (of the others: the ceiling known, no line reaching it {known}; "
          f"the ceiling not found {len(times) - exact - known}) median {statistics.median(times):.2f} "
          f"max {max(times):.2f} mean best {statistics.mean(bests):.2f}")


if __name__ == "__main__":
    main()
