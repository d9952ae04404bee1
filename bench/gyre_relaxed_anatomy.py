"""Where one proof of Gyre's relaxed game spends its positions: the question "at most T from the
deal's start?" asked once, with no cap, and counted per position searched.

    .venv/bin/python bench/gyre_relaxed_anatomy.py SEED T [depth=D] [profile] [OPTIONS]

It prints the answer, the positions searched, how many distinct canonical positions they were and
how often each was searched, the mean moves per position, the positions per deck index (cards
dealt from the deck so far), and processor seconds. ``depth=D`` sets the forced captures' look-ahead
of the bound (:attr:`GyreProblem.depth`, 4 by default); ``profile`` stops after 100,000 positions and
prints cProfile's busiest functions instead.
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.relax import Relaxed  # noqa: E402
from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import _mask, problem  # noqa: E402


def main() -> None:
    seed, t = int(sys.argv[1]), int(sys.argv[2])
    rest = sys.argv[3:]
    depth = next((int(a.split("=", 1)[1]) for a in rest if a.startswith("depth=")), None)
    profile = "profile" in rest
    opts = next((a for a in rest if not a.startswith("depth=") and a != "profile"), "")
    state = GYRE.deal(seed, GYRE.parse_options(opts))
    p = problem(state)
    if depth is not None:
        p.depth = depth
    ring, hand, idx, pending, score, deck = p.start(state)
    relaxed = p._relaxed_of(deck)
    visits: collections.Counter[tuple[int, int, int]] = collections.Counter()
    by_index: collections.Counter[int] = collections.Counter()
    moves = [0]
    children = Relaxed.children

    def counted(self: Relaxed, h: int, g: int, i: int) -> list[tuple[int, int, int, int]]:
        out = children(self, h, g, i)  # (called once per position searched)
        visits[(*self.canon(h, g, i), i)] += 1
        by_index[i] += 1
        moves[0] += len(out)
        return out

    Relaxed.children = counted  # type: ignore[method-assign, assignment]
    t0 = time.process_time()
    if profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
    answer = relaxed.at_most(_mask(hand), _mask(ring), idx, t, 100_000 if profile else 10**9)
    dt = time.process_time() - t0
    if profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
    n = sum(visits.values())
    print(f"deal {seed} at most {t}: {answer}; positions {n:,}, distinct {len(visits):,}, "
          f"searched k times: {sorted(collections.Counter(visits.values()).items())}; "
          f"moves per position {moves[0] / max(n, 1):.2f}; {dt:.1f} s")
    print("per deck index:", " ".join(f"{i}:{c}" for i, c in sorted(by_index.items())))


if __name__ == "__main__":
    main()
