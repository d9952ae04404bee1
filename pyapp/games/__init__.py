"""The registry of games, by id."""

from __future__ import annotations

from ..errors import ParseError
from ..game import AnyGame

GAMES: dict[str, AnyGame] = {}


def _load() -> None:
    from .gravity import GRAVITY
    from .gyre import GYRE
    from .square import SQUARE
    from .zodiac import ZODIAC

    for game in (GRAVITY, SQUARE, GYRE, ZODIAC):
        GAMES[game.id] = game


def get_game(game_id: str) -> AnyGame:
    """The game with this id; ParseError naming it if there is none."""
    if not GAMES:
        _load()
    try:
        return GAMES[game_id]
    except KeyError:
        raise ParseError(f"unknown game {game_id[:20]!r}; known: {', '.join(GAMES)}") from None


def all_games() -> list[AnyGame]:
    if not GAMES:
        _load()
    return list(GAMES.values())
