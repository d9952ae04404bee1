"""Zodiac (RULES.md section 4): two decks, an equator, a ring of 24 piles and
eight foundations.

``rules.py`` is the game, ``table.py`` its table, ``hints.py`` its hint;
:data:`ENTRY` registers them (:mod:`pyapp.games` finds it).
"""

from __future__ import annotations

from typing import Final

from .. import GameEntry
from .hints import hint
# Temporary: tests/test_controller.py imports these from here; once it imports them from .rules,
# this is `from .rules import ZODIAC` again.
from .rules import ZODIAC as ZODIAC, greedy_move as greedy_move
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
