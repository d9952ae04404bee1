"""Solitaire Square's hint (:mod:`pyapp.app.hints` asks it through the registry):
the game's greedy player, :func:`pyapp.games.square.rules.greedy_move`.
"""

from __future__ import annotations

from .rules import SQUARE, SquareState, greedy_move

__all__ = ["hint"]


def hint(state: SquareState) -> str | None:
    """Solitaire Square: :func:`pyapp.games.square.rules.greedy_move`, the cheapest
    placement nearest where its value belongs, paid with the hand cards least
    useful afterwards.

    >>> from pyapp.games.square.rules import SquareOptions
    >>> hint(SQUARE.deal(1, SquareOptions(ends=True)))
    '74@C6'
    """
    if not SQUARE.legal_moves(state):
        return None
    return greedy_move(state)
