"""Solitaire Square (RULES.md section 2): the cards 1..80 on one ascending 6x6
grid, paying for every placement next to a card.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Any, Final

from .. import GameEntry
from .hints import hint
from .rules import SQUARE
from .table import VIEW

__all__ = ["ENTRY"]


def _solver(state: Any) -> Any:
    """The solver's problem for positions like ``state`` (None: the default rules), imported
    only when a search starts."""
    from .solver import problem_for_state

    return problem_for_state(state)


ENTRY: Final = GameEntry(
    game=SQUARE,
    view=VIEW,
    hint=hint,
    blurb="80 numbered cards, one ascending 6×6 grid, and a price for every neighbour.",
    short_title="Square",
    order=20,
    variants=("ends,wrap",),
    bench_seed=7,
    solver=_solver,
    result_words=lambda cells: f"{cells} {'cell' if cells == 1 else 'cells'} filled",
    unit=("cell filled", "cells filled"),
    win_words="all 36 cells filled",
)
