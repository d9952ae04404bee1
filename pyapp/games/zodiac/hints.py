"""Zodiac's hint (:mod:`pyapp.app.hints` asks it through the registry): the game's
greedy player, :func:`pyapp.games.zodiac.rules.greedy_move`, and no hint once
nothing can change the end (:func:`hopeless`).
"""

from __future__ import annotations

from .rules import ZODIAC, ZodiacState, greedy_move, zodiac_accepts

__all__ = ["hint", "hopeless"]


def hopeless(state: ZodiacState) -> bool:
    """Phase 1 where nothing can ever change: no card of the equator, the stock or
    the waste fits a zodiac top, and the equator has too few empty cells to take
    the stock and the waste (which would start phase 2). Tops change only when a
    card goes on them, so the game is lost whatever is played.

    >>> hopeless(ZODIAC.deal(1, ZODIAC.parse_options("")))
    False
    """
    if state.phase != 1:
        return False
    if len(state.stock) + len(state.waste) <= state.equator.count(None):
        return False
    tops = {p[-1] for p in state.zodiac if p}
    pool = {c for c in state.equator if c is not None} | set(state.stock) | set(state.waste)
    return not any(zodiac_accepts(t, c) for c in pool for t in tops)


def hint(state: ZodiacState) -> str | None:
    """Zodiac: :func:`pyapp.games.zodiac.rules.greedy_move` (phase 1: keep each pile
    building one way, and click the stock only while a card it holds fits; phase 2:
    a move that never lowers the best score still reachable); None once
    :func:`hopeless`.

    >>> hint(ZODIAC.deal(1, ZODIAC.parse_options(""))) in ZODIAC.legal_moves(ZODIAC.deal(1, ZODIAC.parse_options("")))
    True
    """
    if not ZODIAC.legal_moves(state) or hopeless(state):
        return None
    return greedy_move(state)
