"""Hints: one good legal move for the position on the table, chosen by the
game's own heuristic (``hint`` of its registry entry, written in
``pyapp/games/<id>/hints.py``), or None when no move helps.

Every heuristic looks only at what the player can see or could work out: the
face-up cards, and the cards still face down as a set (everything not in view),
never their order. A hint never gives away the next card of a deck or a MOON
(``tests/test_hints.py`` shuffles the hidden cards and checks that the hint
stays the same). Each answers within a few milliseconds in CPython
(``bench/hints.py`` measures them against playing the first legal move).
docs/RULES-NOTES.md, "Hints", describes each game's heuristic.

>>> from pyapp.games import get_game
>>> g = get_game("gyre")
>>> s = g.deal(42, g.parse_options(""))
>>> hint("gyre", s) in g.legal_moves(s)
True
"""

from __future__ import annotations

from typing import Any, Protocol

from .game import AnyGame, Status
from .games import entry

__all__ = ["SessionLike", "hint", "hint_for"]


def hint(game_id: str, state: Any) -> str | None:
    """One good legal move token for ``state`` of game ``game_id``, or None when
    the game is over or no move helps. A game without a heuristic of its own gets
    its first legal move. Raises :class:`~pyapp.errors.ParseError` for an unknown game.

    >>> from pyapp.games import get_game
    >>> g = get_game("square")
    >>> hint("square", g.deal(1, g.parse_options("ends")))
    '74@C6'
    >>> hint("nope", None)
    Traceback (most recent call last):
    ...
    pyapp.errors.ParseError: unknown game 'nope'; known: gravity, square, gyre, zodiac
    """
    found = entry(game_id)
    game = found.game
    if game.status(state) != "playing":
        return None
    if found.hint is not None:
        return found.hint(state)
    legal = game.legal_moves(state)
    return legal[0] if legal else None


class SessionLike(Protocol):
    """What :func:`hint_for` reads of a session (:class:`pyapp.session.Session` has it)."""

    game: AnyGame

    @property
    def state(self) -> Any: ...

    def status(self) -> Status: ...


def hint_for(session: SessionLike) -> str | None:
    """The hint for a session's position: None once it is over (given up included).

    >>> from pyapp.session import Session
    >>> from pyapp.games import get_game
    >>> s = Session.new(get_game("zodiac"), 3)
    >>> hint_for(s) in s.legal_moves()
    True
    >>> s.resign(); hint_for(s) is None
    True
    """
    if session.status() != "playing":
        return None
    return hint(session.game.id, session.state)
