"""One solver search run again and again in the build's Pyodide, in a blank page (no game on
screen): how much of its time is the page's first run (V8 still compiling, the module's memos
empty), and what slicing it as the page does costs (``Search.run_for(0.012, chunk=1)`` back to
back, no pause between slices), then the same after ``gc.freeze()``, and with the cyclic
collector off during the search (``nogc``; a collection before each run, so a run does not
pay for the garbage of the one before).

    .venv/bin/python bench/solve_repeat.py [--dist dist] [--game gyre] [--seed 5]

Each line: how it ran (``plain``: :func:`pyapp.core.search.solve`; ``sliced``; ``freeze``;
``nogc``), the verdict, its nodes, the seconds, the slices, and the cyclic collector's passes
during the run. The runs share one Pyodide, in the order plain, sliced, plain, sliced, freeze,
nogc, sliced, nogc.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import solve_speed  # noqa: E402

CODE = """
import json, time, gc
from pyapp.games import get_game
from pyapp.solve import problem_for
from pyapp.core.search import Search, solve

def repeat(game_id, seed, mode):
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(""))
    problem = problem_for(game_id, state)
    root = problem.start(state)
    gc.collect()
    if mode == "freeze":
        gc.freeze()
    passes = []
    gc.callbacks.append(lambda phase, info: passes.append(info["generation"]) if phase == "start" else None)
    if mode == "nogc":
        gc.disable()
    start, slices = time.perf_counter(), 0
    try:
        if mode == "plain":
            verdict = solve(problem, root)
        else:
            search = Search(problem, root)
            while not search.run_for(0.012, chunk=1):
                slices += 1
            verdict = search.verdict()
        seconds = round(time.perf_counter() - start, 2)
    finally:
        gc.enable()
        gc.callbacks.clear()
    return json.dumps([mode, verdict.text(), verdict.nodes, seconds, slices, len(passes)])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--game", default="gyre")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with solve_speed.blank_page(args.dist) as (page, _browser):
        page.evaluate("code => py.runPython(code)", CODE)
        for mode in ("plain", "sliced", "plain", "sliced", "freeze", "nogc", "sliced", "nogc"):
            print(page.evaluate("([g, s, m]) => py.globals.get('repeat')(g, s, m)", [args.game, args.seed, mode]),
                  flush=True)

if __name__ == "__main__":
    main()
