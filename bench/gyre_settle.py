"""How soon the solver's worker settles a fresh Gyre deal: the worker's own code
(:class:`pyapp.solve.service.Service`, which deepens a Gyre verdict by itself while the position
stands) run here in CPython, slice after slice, timing each finding: the first range (the best
line found, and what no line beats), and the exact best if it comes.

Issue 45's target is worker time in the page's Pyodide; Pyodide runs this search slower than
CPython (``--pyodide-factor``, measured by bench/solve_speed.py: docs/PERFORMANCE.md), so the
table also gives the share of deals settled within ``15 / factor`` seconds of CPython time.

    .venv/bin/python bench/gyre_settle.py --deals 1-100 --pyodide-factor 2.0
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games import entry  # noqa: E402
from pyapp.solve.service import Service  # noqa: E402


def settle(seed: int, cap: float) -> tuple[float | None, float | None, int | None, int | None, int | None]:
    """(seconds to the first finding, seconds to the exact best or None, best, upper, exact best) for deal ``seed``."""
    g = entry("gyre").game
    text = g.format_state(g.deal(seed, g.parse_options("")))
    s = Service()
    s.handle({"op": "ask", "id": 1, "game": "gyre", "keep": 0, "texts": [text]})
    began = time.perf_counter()
    first = exact_at = None
    best = upper = exact = None
    while s.busy and time.perf_counter() - began < cap:
        for m in s.run(0.05):
            if m["op"] != "finding":
                continue
            v = m["finding"]["verdict"]
            at = time.perf_counter() - began
            if first is None:
                first = at
            best, upper = v.get("score"), v.get("upper")
            if v.get("exact") and exact_at is None:
                exact_at, exact = at, v.get("score")
    return first, exact_at, best, upper, exact


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", default="1-100", help="a range of seeds, e.g. 1-100")
    ap.add_argument("--cap", type=float, default=30.0, help="CPython seconds given to each deal")
    ap.add_argument("--pyodide-factor", type=float, default=2.0, help="how much slower the worker's Pyodide is")
    args = ap.parse_args()
    lo, _, hi = args.deals.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    firsts: list[float] = []
    exact: list[float] = []
    for seed in seeds:
        first, at, best, upper, best_exact = settle(seed, args.cap)
        if first is not None:
            firsts.append(first)
        if at is not None:
            exact.append(at)
        print(f"deal {seed}: first {first if first is None else round(first, 2)} s, exact "
              f"{at if at is None else round(at, 2)} s, best {best} upper {upper} exact {best_exact}", flush=True)
    n = len(seeds)
    budget = 15.0 / args.pyodide_factor
    print(f"\n{n} fresh default Gyre deals (CPython {sys.version.split()[0]}):")
    print(f"first finding: median {statistics.median(firsts):.2f} s, max {max(firsts):.2f} s "
          f"(within {1.0 / args.pyodide_factor:.2f} s: {sum(f <= 1.0 / args.pyodide_factor for f in firsts)}/{n})")
    print(f"exact best within {budget:.1f} s CPython (15 s of the worker at x{args.pyodide_factor:g}): "
          f"{sum(t <= budget for t in exact)}/{n}; within {args.cap:g} s: {len(exact)}/{n}")


if __name__ == "__main__":
    main()
