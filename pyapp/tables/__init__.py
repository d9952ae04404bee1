"""Table modules: pure-Python views of each game's state (see :mod:`pyapp.table`).

Each module ``pyapp.tables.<game id>`` provides::

    def table(state, portrait: bool, settings: frozenset[str]) -> Table
    HELP: str                              # the rules panel, an HTML fragment in our own words
    SETTINGS: tuple[tuple[str, str], ...]  # (setting id, label) the player can switch on
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import ParseError


def get_table_module(game_id: str) -> ModuleType:
    if game_id not in ("gyre", "gravity"):
        raise ParseError(f"no table for game {game_id!r}")
    return importlib.import_module(f"{__name__}.{game_id}")
