"""Game views: pure-Python tables of each game's state (see :mod:`pyapp.table`).

Each module ``pyapp.tables.<game id>`` provides ``VIEW``, a
:class:`pyapp.table.GameView`.
"""

from __future__ import annotations

import importlib

from ..errors import ParseError
from ..table import GameView

GAME_IDS = ("gravity", "square", "gyre", "zodiac")


def get_view(game_id: str) -> GameView:
    if game_id not in GAME_IDS:
        raise ParseError(f"no table for game {game_id[:20]!r}")
    view: GameView = importlib.import_module(f"{__name__}.{game_id}").VIEW
    return view
