"""Solitaire Square (RULES.md section 2): the cards 1..80 on one ascending 6x6
grid, paying for every placement next to a card.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Any, Final

from .. import GameEntry
from ...i18n import N_, ngettext
from .conformance import CONFORMANCE
from .hints import hint
from .rules import SQUARE
from .table import VIEW

__all__ = ["ENTRY"]


def cells_filled(cells: int) -> str:
    """A count of filled cells in words, in the language in use.

    >>> cells_filled(1), cells_filled(36)
    ('1 cell filled', '36 cells filled')
    """
    return ngettext("{n} cell filled", "{n} cells filled", cells).format(n=cells)


def _solver(state: Any) -> Any:
    """The solver's problem for positions like ``state`` (None: the default rules), imported
    only when a search starts."""
    from .solver import problem_for_state

    return problem_for_state(state)


ENTRY: Final = GameEntry(
    game=SQUARE,
    view=VIEW,
    hint=hint,
    blurb=N_("80 numbered cards, one ascending 6×6 grid, and a price for every neighbour."),
    short_title="Square",
    order=20,
    score_sound="place",  # every move fills a cell (the score): none stands out, each is a card put down
    variants=("ends,wrap",),
    bench_seed=7,
    solver=_solver,
    result_words=cells_filled,
    # Translators: what the score counts, after a number (an average: "30.5 cells filled")
    unit=(N_("cell filled"), N_("cells filled")),
    amount_words=cells_filled,
    # Translators: what a win is ("a win is all 36 cells filled")
    win_words=N_("all 36 cells filled"),
    tip=(N_("Place a hand card on an empty cell: the numbers must rise in reading order across the whole grid."),
         N_("Beside a card on its left or right, a place costs cards from your hand (the cell shows how many). "
            "A blue dot marks a card that can be placed."),
         N_("Fill all 36 cells to win.")),
    conformance=CONFORMANCE,
)
