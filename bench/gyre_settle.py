"""How soon the solver's worker settles a fresh Gyre deal: the worker's own code
(:class:`pyapp.solve.service.Service`, which deepens a Gyre verdict by itself while the position
stands) run here in CPython, slice after slice, timing each finding: the first range (the best
line found, and what no line beats), and the exact best if it comes.

Issue 45's target is worker time in the page's Pyodide; Pyodide runs this search slower than
CPython (``--pyodide-factor``, measured by bench/solve_speed.py: docs/PERFORMANCE.md), so the
table also gives the share of deals settled within ``15 / factor`` seconds of CPython time.

    .venv/bin/python bench/gyre_settle.py --deals 1-100 --pyodide-factor 2.0
    .venv/bin/python bench/gyre_settle.py --deals 1-40 --old /tmp/wt-old   # side by side with another checkout
    .venv/bin/python bench/gyre_settle.py --deals 1-30 --clock cpu         # processor time: steady beside a study

With ``--old``, each deal is settled by this checkout and by the other one (its own
bench/gyre_settle.py, in a process of its own, the order alternating from deal to deal), so that
both meet the same load.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games import entry  # noqa: E402
from pyapp.solve.service import Service  # noqa: E402


def settle(seed: int, cap: float, clock: Callable[[], float] = time.perf_counter
           ) -> tuple[float | None, float | None, int | None, int | None, int | None]:
    """(seconds to the first finding, seconds to the exact best or None, best, upper, exact best) for deal ``seed``,
    on ``clock`` (the wall, or this process's processor time: the worker's own time, whatever else runs)."""
    g = entry("gyre").game
    text = g.format_state(g.deal(seed, g.parse_options("")))
    s = Service()
    s.handle({"op": "ask", "id": 1, "game": "gyre", "keep": 0, "texts": [text]})
    began = clock()
    first = exact_at = None
    best = upper = exact = None
    while s.busy and clock() - began < cap:
        for m in s.run(0.05):
            if m["op"] != "finding":
                continue
            v = m["finding"]["verdict"]
            at = clock() - began
            if first is None:
                first = at
            best, upper = v.get("score"), v.get("upper")
            if v.get("exact") and exact_at is None:
                exact_at, exact = at, v.get("score")
    return first, exact_at, best, upper, exact


LINE = re.compile(r"deal (\d+): first (\S+) s, exact (\S+) s")


def in_process(tree: Path, seed: int, cap: float, clock: list[str]) -> tuple[float | None, float | None, str]:
    """Deal ``seed`` settled by the checkout ``tree``'s own bench, in a process of its own."""
    out = subprocess.run([sys.executable, str(tree / "bench" / "gyre_settle.py"), "--deals", f"{seed}-{seed}",
                          "--cap", str(cap)], capture_output=True, text=True, cwd=tree, check=True).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith("deal "))
    m = LINE.match(line)
    assert m is not None, line
    first, at = (None if x == "None" else float(x) for x in (m.group(2), m.group(3)))
    return first, at, line


def summary(name: str, firsts: list[float], exact: list[float], n: int, factor: float, cap: float) -> None:
    budget = 15.0 / factor
    if not firsts:
        print(f"{name}: no finding within {cap:g} s")
        return
    print(f"{name}: first finding median {statistics.median(firsts):.2f} s, max {max(firsts):.2f} s "
          f"(within {1.0 / factor:.2f} s: {sum(f <= 1.0 / factor for f in firsts)}/{n}, none: {n - len(firsts)}); "
          f"exact best within {budget:.1f} s CPython (15 s of the worker at x{factor:g}): "
          f"{sum(t <= budget for t in exact)}/{n}; within {cap:g} s: {len(exact)}/{n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", default="1-100", help="a range of seeds, e.g. 1-100")
    ap.add_argument("--cap", type=float, default=30.0, help="CPython seconds given to each deal")
    ap.add_argument("--pyodide-factor", type=float, default=2.0, help="how much slower the worker's Pyodide is")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time on the wall, or this process's processor time (steady beside other work)")
    ap.add_argument("--old", default="", help="another checkout, settled side by side (see the module doc)")
    args = ap.parse_args()
    lo, _, hi = args.deals.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    here = Path(__file__).resolve().parent.parent
    trees = {"new": here, **({"old": Path(args.old).resolve()} if args.old else {})}
    firsts: dict[str, list[float]] = {name: [] for name in trees}
    exact: dict[str, list[float]] = {name: [] for name in trees}
    for k, seed in enumerate(seeds):
        order = list(trees) if k % 2 == 0 else list(reversed(trees))
        for name in order:
            if args.old:
                first, at, line = in_process(trees[name], seed, args.cap, ["--clock", "cpu"] if args.clock == "cpu" else [])
            else:
                first, at, best, upper, best_exact = settle(
                    seed, args.cap, time.process_time if args.clock == "cpu" else time.perf_counter)
                line = (f"deal {seed}: first {first if first is None else round(first, 2)} s, exact "
                        f"{at if at is None else round(at, 2)} s, best {best} upper {upper} exact {best_exact}")
            if first is not None:
                firsts[name].append(first)
            if at is not None:
                exact[name].append(at)
            print(f"{name + ' ' if args.old else ''}{line}", flush=True)
    print(f"\n{len(seeds)} fresh default Gyre deals (CPython {sys.version.split()[0]}):")
    for name in trees:
        summary(name, firsts[name], exact[name], len(seeds), args.pyodide_factor, args.cap)


if __name__ == "__main__":
    main()
