"""Where Gyre's ceiling stands when a verdict's budget runs out: per deal, the verdict, the most the
search proved (``upper``), and the relaxed game's questions at the root at that moment: ``lo`` (the
most a relaxed line found gains, plus the score; None: no relaxed line found above the best) and
``top`` (the most proven of the relaxed game).

    .venv/bin/python bench/gyre_ceiling_ends.py [OPTIONS] SEED [SEED ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import _mask, problem  # noqa: E402
from pyapp.core.search import Search  # noqa: E402


def main() -> None:
    args = sys.argv[1:]
    opts = args.pop(0) if args and not args[0].isdigit() else ""
    for seed in (int(a) for a in args):
        state = GYRE.deal(seed, GYRE.parse_options(opts))
        p = problem(state)
        root = p.start(state)
        search = Search(p, root, None)
        while not search.run(2_000):
            pass
        v = search.verdict()
        ring, hand, idx, _pending, score, _deck = root
        lo = p._relaxed.lower(_mask(hand), _mask(ring), idx) if p._relaxed is not None else None
        print(f"{seed}: {v.text()} upper {v.upper} | relaxed lo {None if lo is None else score + lo} "
              f"top {None if p._top is None else score + p._top}", flush=True)


if __name__ == "__main__":
    main()
