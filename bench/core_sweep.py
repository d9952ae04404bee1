"""The search core against a brute force on larger random games than the unit test's: graphs of up
to five layers of six nodes, up to three edges within a layer and two down, up to six attempts cut
after a few nodes, true bounds and ceilings half the time (the test's ``Graph``). It prints how many
games had a line that ends and how many verdicts said something untrue (a line above the true best,
an exact best that is not it, a proven upper below it). Made the "18,078 larger games" of
``scripts/mutants.json`` (``co-restart-cycle``), with that mutant planted by hand.

    .venv/bin/python bench/core_sweep.py FIRST LAST      # e.g. 0 30000
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from pyapp.solve import solve  # noqa: E402

_TESTS: Any = importlib.import_module("test_solve")  # (by name: mypy reads the tests as their own files)
Graph, random_graph = _TESTS.Graph, _TESTS.random_graph


def main() -> None:
    bad = n = 0
    for seed in range(int(sys.argv[1]), int(sys.argv[2])):
        rng = random.Random(seed)
        edges, worth, best_from = random_graph(rng, 6, 5, 3)
        truth = best_from[0]
        if truth is None:
            continue
        finite = {x: (v if v is not None else -100) for x, v in best_from.items()}
        limits = [rng.randint(1, 8) for _ in range(rng.randint(0, 6))]
        bounded = rng.random() < 0.5
        p = Graph(edges, worth, limits, finite if bounded else None,
                  rng.choice([None, 0, 1, 3]) if bounded else None)
        v = solve(p, (0, 0), budget=5000)
        n += 1
        if (v.score is not None and v.score > truth or v.exact and v.score != truth
                or v.upper is not None and v.upper < truth):
            bad += 1
            if bad < 4:
                print("untrue:", seed, v, truth)
    print("games", n, "untrue", bad)


if __name__ == "__main__":
    main()
