"""The bound at the root of default deals: current against the candidate (gyre_bound_lab.new_upper).

    .venv/bin/python bench/gyre_bound_roots.py FIRST LAST

Prints a line per deal FIRST..LAST: the current and the candidate bound, the captures' bound K
(mdp_captures), the number of pairs at which the suit programmes score their most, and their most
points with at most 20/18/16 pairs. Findings: the module doc of gyre_bound_lab.py.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gyre_bound_lab as L  # noqa: E402
from pyapp.games.gyre.bound import _MASKS  # noqa: E402

CAP = _MASKS[False][0]

for seed in range(int(sys.argv[1]), int(sys.argv[2]) + 1):
    p, r, hm, gm, idx, deck = L.setup(seed)
    a, b, c = p._forced_labels(hm, gm, deck, idx)
    v = L.pair_vector(a, r.suffix[c], b)
    K = L.mdp_captures(CAP, hm, gm, deck, idx, L.end_count(CAP, hm, gm))
    print(f"deal {seed}: current {r.upper(hm, gm, idx)} new {L.new_upper(p, CAP, hm, gm, idx, {})} "
          f"K(mdp) {K} programme pairs at its best {max(k for k, x in enumerate(v) if x == max(v))} "
          f"points with at most 20/18/16 pairs {max(v[:21])}/{max(v[:19])}/{max(v[:17])}")
