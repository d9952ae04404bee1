"""Zodiac (RULES.md section 4): two decks, an equator, a ring of 24 piles and
eight foundations.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Final

from .. import GameEntry
from .hints import hint
from .rules import ZODIAC
from .table import VIEW

__all__ = ["ENTRY"]

ENTRY: Final = GameEntry(
    game=ZODIAC,
    view=VIEW,
    hint=hint,
    blurb="Two decks, an equator, a ring of 24 piles and eight foundations.",
    short_title="Zodiac",
    order=40,
    bench_seed=2024,
)
