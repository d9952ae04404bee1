"""What a move costs the controller in CPython, part by part (no DOM): each game's
deal played for ``--moves`` moves (Square and Zodiac by their greedy player), each
move followed by a ``view()`` as the page does after every intent.

    .venv/bin/python bench/controller_cost.py [--moves 40]

Prints milliseconds per move: the whole, then the controller's parts (a part's time
includes the parts it calls, so they overlap). Pyodide in Chromium runs the same
code about twice as slowly here. docs/PERFORMANCE.md quotes it.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.app.controller import Controller, MemoryStorage  # noqa: E402
from pyapp.games import entries, get_game  # noqa: E402
from pyapp.app.session import Session  # noqa: E402

#: The deal of each game (its registry entry's ``bench_seed``).
DEALS = {e.id: e.bench_seed for e in entries()}
#: The parts timed: (name, the attribute of the controller that holds it, or "" for the controller's own).
PARTS = (("table_of", "tables"), ("view", ""), ("lay_out", "tables"), ("after_change", "moves"), ("save", ""))


def measure(game_id: str, moves: int) -> tuple[float, dict[str, float]]:
    spent: dict[str, float] = collections.defaultdict(float)
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start(f"#g={game_id}&v=1&o=&s={DEALS[game_id]}")
    c.resize(1000, 640)
    c.view()

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - began
        return wrapper

    for name, holder in PARTS:
        owner = getattr(c, holder) if holder else c
        setattr(owner, name, timed(name, getattr(owner, name)))
    session = Session.new(get_game(game_id), DEALS[game_id])
    greedy = getattr(sys.modules[type(session.game).__module__], "greedy_move", None)
    played, began = 0, time.perf_counter()
    for turn in range(moves):
        legal = session.legal_moves()
        if not legal:
            break
        token = greedy(session.state) if greedy is not None else legal[(turn * 7) % len(legal)]
        c.play(token)
        c.view()
        session = session.played(token)
        played += 1
    whole = time.perf_counter() - began
    return whole / played * 1e3, {k: v / played * 1e3 for k, v in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    print(f"controller cost per move, CPython {sys.version.split()[0]}, ms (parts overlap)")
    print("| game | whole move | " + " | ".join(name for name, _holder in PARTS) + " |")
    print("|---|---|" + "---|" * len(PARTS))
    for game_id in DEALS:
        whole, parts = measure(game_id, args.moves)
        print(f"| {game_id} | {whole:.2f} | " + " | ".join(f"{parts.get(p, 0.0):.2f}" for p, _holder in PARTS) + " |")


if __name__ == "__main__":
    main()
