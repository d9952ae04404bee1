"""Gyre (RULES.md section 3): capture cards from a rotating ring of six slots.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Final

from .. import GameEntry
from .hints import hint
# Temporary: tests/test_features.py imports these from here; once it imports them from .rules,
# this is `from .rules import GYRE` again.
from .rules import GYRE as GYRE, auto_finish_move as auto_finish_move, end_range as end_range
from .table import VIEW

__all__ = ["ENTRY"]

ENTRY: Final = GameEntry(
    game=GYRE,
    view=VIEW,
    hint=hint,
    blurb="Capture cards from a rotating ring of six slots.",
    short_title="Gyre",
    order=30,
    variants=("jokers", "attrition,easy"),
    bench_seed=12345,
)
