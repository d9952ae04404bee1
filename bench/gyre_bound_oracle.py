"""How much a cap on the captures could shrink relaxed proofs near the end of the deck.

    .venv/bin/python bench/gyre_bound_oracle.py LEFT FIRST LAST

Per default deal FIRST..LAST: a random relaxed line from the root to at most LEFT deck cards left,
then the proof of "at most best" there with the current bound (base), with the suit programmes
per number of pairs capped at K = :func:`gyre_bound_lab.mdp_captures` (mdp, cheap and valid), and
capped at the exact most captures of the relaxed game (oracle, found by a full search: not cheap)
or one more (oracle+1). Prints a line per deal, ``seed S D <cards left> best B upper U`` then per
mode ``<mode> <bound at the position>/<positions of the proof>``, and at the end the total
positions per mode (a deal whose line reached the deck's end or emptied the hand is skipped).
Findings: the module doc of gyre_bound_lab.py.
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gyre_bound_lab as L  # noqa: E402
from pyapp.games.gyre.bound import _MASKS  # noqa: E402
from pyapp.games.gyre.relax import Relaxed  # noqa: E402

CAP = _MASKS[False][0]


class ExactCount:
    """The most captures of any relaxed line (full memoised search)."""

    def __init__(self, r: Relaxed) -> None:
        self.r = r
        self.memo: dict[tuple[int, int, int], int] = {}

    def best(self, hand: int, ring: int, idx: int) -> int:
        r = self.r
        if idx >= len(r.deck):
            return L.end_count(CAP, hand, ring)
        key = (hand, ring, idx)
        v = self.memo.get(key)
        if v is None:
            v = self.memo[key] = max((1 if p else 0) + self.best(h, g, i) for p, h, g, i in r.children(hand, ring, idx))
        return v


def main() -> None:
    left, first, last = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    tot: dict[str, int] = {}
    for seed in range(first, last + 1):
        p, r, hm, gm, idx, deck = L.setup(seed)
        h, g, i, _ = L.random_position(r, hm, gm, idx, left, random.Random(seed))
        if i >= len(deck) or not h:
            continue
        best = L.true_best(r, h, g, i, r.upper(h, g, i))
        ec = ExactCount(r)
        vc: dict[tuple[int, int, int], list[int]] = {}
        row = [f"seed {seed} D {len(deck) - i} best {best} upper {r.upper(h, g, i)}"]
        for mode in ("base", "mdp", "oracle", "oracle+1"):
            def upper(hh: int, gg: int, ii: int, mode: str = mode) -> int:
                u = p._relaxed_upper(hh, gg, ii)
                if mode == "base":
                    return u
                if mode == "mdp":
                    return L.new_upper(p, CAP, hh, gg, ii, vc)
                a, b, c = p._forced_labels(hh, gg, deck, ii)
                v = vc.get((a, b, c))
                if v is None:
                    v = vc[(a, b, c)] = L.pair_vector(a, r.suffix[c], b)
                K = ec.best(hh, gg, ii) + (1 if mode == "oracle+1" else 0)
                return min(u, max(v[:K + 1]))
            r2 = Relaxed(r.cap, r.rep, r.easy, deck, upper, False, r.quick)
            t0 = time.process_time()
            ok = r2.at_most(h, g, i, best, 10**8)
            assert ok, (seed, mode)
            if best > 0:
                assert not r2.at_most(h, g, i, best - 1, 10**8), (seed, mode, "below the best: invalid")
            tot[mode] = tot.get(mode, 0) + r2.used
            row.append(f"{mode} {r2.upper(h, g, i)}/{r2.used}")
        print(" | ".join(row), flush=True)
    print("total positions:", tot)


if __name__ == "__main__":
    main()
