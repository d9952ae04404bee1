"""Gyre (RULES.md section 3): capture cards from a rotating ring of six slots.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Any, Final

from .. import GameEntry
from ...i18n import N_, _
from .conformance import CONFORMANCE
from .hints import hint
from .rules import GYRE
from .table import VIEW

__all__ = ["ENTRY"]


def _solver(state: Any) -> Any:
    """Gyre's solver for positions like ``state`` (None: the default rules), loaded lazily."""
    from .solver import problem

    return problem(state)


ENTRY: Final = GameEntry(
    game=GYRE,
    view=VIEW,
    hint=hint,
    blurb=N_("Capture cards from a rotating ring of six slots."),
    short_title="Gyre",
    order=30,
    variants=("jokers", "attrition,easy"),
    bench_seed=12345,
    can_win=False,
    solver=_solver,
    levels=(40, 50, 60),
    deeper=1,
    # Translators: a score in the solver's words ("The best still possible from here: a final score of 58.")
    result_words=lambda score: _("a final score of {score}").format(score=score),
    tip=(N_("Capture a ring card with a higher hand card of the same suit: when you can, you must."),
         N_("With no capture, rotate the ring or replace a ring card with a lower card of its suit. "
            "A blue dot marks a card that can move."),
         N_("Gyre is played for points: capture as many as you can.")),
    conformance=CONFORMANCE,
)
