"""Gravity (RULES.md section 1): stack piles on a 5x5 planet and let the rest
collapse toward its core.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).

>>> [ENTRY.band(n) for n in (1, 2, 3, 6, 12)]
['1', '2–3', '2–3', '6–7', '8+']
"""

from __future__ import annotations

from typing import Any, Final

from .. import GameEntry
from ...i18n import N_, _, ngettext
from .conformance import CONFORMANCE
from .hints import hint
from .rules import GRAVITY, rating
from .table import VIEW

__all__ = ["ENTRY", "BANDS"]

#: The rating bands the statistics count (RULES.md 1.7; :func:`.rules.rating` words them):
#: (label, highest final pile count).
BANDS: Final[tuple[tuple[str, int], ...]] = (("1", 1), ("2–3", 3), ("4–5", 5), ("6–7", 7), ("8+", 10**9))


def piles_left(piles: int) -> str:
    """A final pile count in words, in the language in use.

    >>> piles_left(1), piles_left(3)
    ('1 pile left', '3 piles left')
    """
    return ngettext("{n} pile left", "{n} piles left", piles).format(n=piles)


def piles_and_band(piles: int) -> str:
    """A result the solver found, in words with its rating band (RULES.md 1.7), as the
    verdicts and the end screen say it.

    >>> piles_and_band(3)
    '3 piles left (Planet saved, with a little debris left)'
    """
    # Translators: a Gravity result and its rating band: "3 piles left (Planet saved, with a little debris left)".
    return _("{piles} ({band})").format(piles=piles_left(piles), band=rating(piles))


def is_move(token: str) -> bool:
    """Whether a move token is a move of the player's: a stack or MOON → PLANET. A collapse
    choice (a 2-character token, RULES.md 1.12: which pile slides into the hole) finishes the
    stack before it, so it is not counted apart (docs/RULES-NOTES.md, Gravity).

    >>> [is_move(t) for t in ("c3d3", "c2", "m")]
    [True, False, True]
    """
    return len(token) != 2


def _solver(state: Any) -> Any:
    """Gravity's own solver for positions like ``state`` (None: the default rules), loaded
    only when a search starts."""
    from .solver import problem

    return problem(state)


ENTRY: Final = GameEntry(
    game=GRAVITY,
    view=VIEW,
    hint=hint,
    blurb=N_("Stack piles on a 5×5 planet and let the rest collapse toward its core."),
    short_title="Gravity",
    order=10,
    lower_is_better=True,  # the score is the piles left
    score_sound="collapse",  # a stack takes a pile off the score, and the planet collapses
    bands=BANDS,
    variants=("decks=3", "hidden,nomoonplanet"),
    bench_seed=3,
    solver=_solver,
    result_words=piles_and_band,
    # Translators: what the score counts, after a number (an average: "3.5 piles left")
    unit=(N_("pile left"), N_("piles left")),
    amount_words=piles_left,
    # Translators: what a win is ("a win is one pile left")
    win_words=N_("one pile left"),
    tip=(N_("Stack a pile onto a neighbouring pile whose top card is the same rank or one rank apart; "
            "the places it may go light up."),
         N_("A blue dot marks a pile that can move. After each stack the planet collapses toward its core."),
         N_("The fewer piles left the better: one pile is a win.")),
    is_move=is_move,
    conformance=CONFORMANCE,
)
