"""Other ways to find Gyre's lines than the solver's (tried 2026-11-28, not used): a nested Monte
Carlo search (NMCS, as for Morpion solitaire and SameGame) and a beam ranked by a playout instead of
the bound, both over the solver's own moves and states. Each playout plays the solver's first move
(its heuristic order, without the bound's ranking) to the end.

    .venv/bin/python bench/gyre_lines.py nmcs LEVEL SEEDS [OPTIONS]    # e.g. nmcs 2 5,8,9,14,16,19
    .venv/bin/python bench/gyre_lines.py beam WIDTH SEEDS [OPTIONS]

Each line: ``seed final-score moves-applied processor-seconds``. docs/PERFORMANCE.md ("Gyre's lines
from playouts") compares them with the solver's lines and the exact best.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import GyreProblem, State, problem  # noqa: E402


class Lines:
    """The solver's moves without the bound's ranking, and playouts over them."""

    def __init__(self, p: GyreProblem) -> None:
        self.p = p
        p._by_bound = lambda state, tokens: tokens  # type: ignore[method-assign]  # (the heuristic order only)
        p._captures_to_the_end = lambda state: False  # type: ignore[method-assign]  # (both slots offered)
        self.applied = 0

    def moves(self, s: State) -> list[str]:
        return self.p._moves(s)

    def apply(self, s: State, m: str) -> State:
        self.applied += 1
        return self.p.apply(s, m)

    def playout(self, s: State) -> tuple[int, list[str]]:
        line: list[str] = []
        while ms := self.moves(s):
            line.append(ms[0])
            s = self.apply(s, ms[0])
        return self.p.value(s), line

    def nmcs(self, s: State, level: int) -> tuple[int, list[str]]:
        """Nested Monte Carlo search, keeping the best line met (Cazenave 2009)."""
        if level == 0:
            return self.playout(s)
        best, best_line, played = -10**9, [], []  # type: tuple[int, list[str], list[str]]
        while ms := self.moves(s):
            for m in ms:
                v, line = self.nmcs(self.apply(s, m), level - 1)
                if v > best:
                    best, best_line = v, played + [m] + line
            m = best_line[len(played)]
            played.append(m)
            s = self.apply(s, m)
        return max(best, self.p.value(s)), best_line

    def beam(self, root: State, width: int) -> tuple[int, list[str]]:
        """A beam whose positions are ranked by a playout from them (one per key)."""
        level: list[tuple[State, list[str]]] = [(root, [])]
        best: tuple[int, list[str]] = (-10**9, [])
        while level:
            nxt: dict[Any, tuple[int, State, list[str]]] = {}
            for s, line in level:
                for m in self.moves(s):
                    child = self.apply(s, m)
                    v, rest = self.playout(child)
                    if v > best[0]:
                        best = (v, line + [m] + rest)
                    key = self.p.key(child)
                    if key not in nxt or nxt[key][0] < v:
                        nxt[key] = (v, child, line + [m])
            level = [(c, line) for _, c, line in sorted(nxt.values(), key=lambda x: -x[0])[:width]]
        return best


def main() -> None:
    how, size, seeds = sys.argv[1], int(sys.argv[2]), [int(s) for s in sys.argv[3].split(",")]
    opts = sys.argv[4] if len(sys.argv) > 4 else ""
    for seed in seeds:
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        lines = Lines(problem(state))
        root = lines.p.start(state)
        t0 = time.process_time()
        value, line = lines.nmcs(root, size) if how == "nmcs" else lines.beam(root, size)
        dt = time.process_time() - t0
        s = state
        for m in line:  # the line is one of the rules: the engine plays it to that score
            s = GYRE.apply(s, m)
        assert GYRE.score(s) == value, (seed, GYRE.score(s), value)
        print(f"{seed} {value} {lines.applied} {dt:.2f}", flush=True)


if __name__ == "__main__":
    main()
