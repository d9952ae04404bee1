"""Relaxed positions to prove "the relaxed game gains at most T" from a default deal's root.

    .venv/bin/python bench/gyre_bound_proof.py SEED T base|new [CAP]

With the current bound (base) or the candidate (new: :func:`gyre_bound_lab.new_upper`), at most
CAP positions (default 10**8). Prints one line: the answer (True: proven; False: a line gains
more; None: CAP ran out), the positions searched and the CPU seconds, the root's bound (current ->
the mode's), and with new the candidate's calls and their mean time. Findings: the module doc of
gyre_bound_lab.py.
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gyre_bound_lab as L  # noqa: E402
from pyapp.games.gyre.bound import _MASKS  # noqa: E402
from pyapp.games.gyre.relax import Relaxed  # noqa: E402

CAP = _MASKS[False][0]


def main() -> None:
    seed, t, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    cap = int(sys.argv[4]) if len(sys.argv) > 4 else 10**8
    p, r, hm, gm, idx, deck = L.setup(seed)
    vc: dict[tuple[int, int, int], list[int]] = {}
    stats = {"calls": 0, "time": 0.0}

    def upper(h: int, g: int, i: int) -> int:
        t0 = time.perf_counter()
        v = L.new_upper(p, CAP, h, g, i, vc)
        stats["time"] += time.perf_counter() - t0
        stats["calls"] += 1
        return v

    r2 = Relaxed(r.cap, r.rep, r.easy, deck, upper if mode == "new" else r.upper, False, r.quick)
    t0 = time.process_time()
    a = r2.at_most(hm, gm, idx, t, cap)
    dt = time.process_time() - t0
    per = stats["time"] / stats["calls"] * 1e3 if stats["calls"] else 0.0
    print(f"seed {seed} at most {t}: {a} positions {r2.used} {dt:.1f}s mode {mode} root upper "
          f"{r.upper(hm, gm, idx)} -> {r2.upper(hm, gm, idx)} bound calls {stats['calls']} {per:.3f} ms each",
          flush=True)


if __name__ == "__main__":
    main()
