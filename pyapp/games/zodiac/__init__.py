"""Zodiac (RULES.md section 4): two decks, an equator, a ring of 24 piles and
eight foundations.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Any, Final

from .. import GameEntry
from ...i18n import N_, ngettext
from .conformance import CONFORMANCE
from .hints import hint
from .rules import ZODIAC
from .table import VIEW

__all__ = ["ENTRY"]


def _solver(state: Any) -> Any:
    """The Zodiac solver (``solver.py``, imported only when a search starts); Zodiac has
    no options, so ``state`` (or None) changes nothing."""
    from .solver import problem

    return problem(state)


ENTRY: Final = GameEntry(
    game=ZODIAC,
    view=VIEW,
    hint=hint,
    blurb=N_("Two decks, an equator, a ring of 24 piles and eight foundations."),
    short_title="Zodiac",
    order=40,
    bench_seed=2024,
    solver=_solver,
    result_words=lambda cards: ngettext("{n} card on the foundations", "{n} cards on the foundations",
                                        cards).format(n=cards),
    # Translators: what the score counts (cards on the foundations), after a number (an average: "80.5 cards home")
    unit=(N_("card home"), N_("cards home")),
    amount_words=lambda cards: ngettext("{n} card home", "{n} cards home", cards).format(n=cards),
    # Translators: what a win is ("a win is all 104 cards home")
    win_words=N_("all 104 cards home"),
    tip=(N_("Phase 1: tap the stock, then play the waste card onto a zodiac pile of its suit one rank up or down, "
            "or into an empty equator cell."),
         N_("When the stock and waste are empty, phase 2: move every card to the foundations, up from the aces and "
            "down from the kings. A blue dot marks a card that can move."),
         N_("All 104 cards on the foundations is a win.")),
    conformance=CONFORMANCE,
)
