"""The first deals of a game solved by the code of any checkout, for timing two commits side by side
(``farm-bench --vs``): it imports ``pyapp`` from REPO, solves seeds 1..N at the solver's own budget
and prints the verdicts (score, exact, nodes), which must be the same for both.

    .venv/bin/python bench/solve_first.py REPO GAME N [OPTIONS]
    farm-bench -n 5 --pin 0 --vs '.venv/bin/python bench/solve_first.py /tmp/old gyre 6' -- \\
        .venv/bin/python bench/solve_first.py . gyre 6
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> None:
    repo, game_id, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    options = sys.argv[4] if len(sys.argv) > 4 else ""
    sys.path.insert(0, str(Path(repo).resolve()))
    from pyapp.games import get_game
    from pyapp.solve import solve_state

    game = get_game(game_id)
    out = []
    for seed in range(1, n + 1):
        v = solve_state(game_id, game.deal(seed, game.parse_options(options)))
        out.append((v.score, v.exact, v.nodes))
    print(out)


if __name__ == "__main__":
    main()
