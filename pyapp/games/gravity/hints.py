"""Gravity's hint (:mod:`pyapp.app.hints` asks it through the registry): the stack
or collapse choice that leaves the most piles able to stack, looking one stack
further ahead on a small board. It reads only what the player sees: the MOON's
top card when it is face up, never the order of the cards under it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .rules import GRAVITY, OUTWARD, GravityState, cell_index

__all__ = ["GRAVITY_BUDGET", "hint"]


Cells = tuple[tuple[int, ...], ...]
#: How many boards Gravity's look-ahead may score before it settles for one stack ahead.
GRAVITY_BUDGET: Final = 400


class _OverBudget(Exception):
    pass


def _collapses(cells: list[tuple[int, ...]], hole: int) -> Iterator[tuple[Cells, int]]:
    """Every way a collapse from ``hole`` can end: (board, final hole)."""
    cand = [x for x in OUTWARD[hole] if cells[x]]
    if not cand:
        yield tuple(cells), hole
        return
    for x in cand:
        work = list(cells)
        work[hole], work[x] = work[x], ()
        yield from _collapses(work, x)


def _boards(state: GravityState, token: str, landing: int | None) -> list[Cells]:
    """The boards ``token`` can lead to, one per way of finishing its collapse;
    in the MOON phase with the MOON card landed when it is face up (``landing``),
    else with the final hole left empty (its card is not known yet)."""
    cells = list(state.cells)
    if state.hole >= 0:  # a collapse choice: the pile on ``token`` slides into the hole
        start = cell_index(token)
        cells[state.hole], cells[start] = cells[start], ()
    else:  # a stack: the pile on the first cell goes onto the second
        start, to = cell_index(token[:2]), cell_index(token[2:])
        cells[to], cells[start] = cells[to] + cells[start], ()
    out = []
    for board, end in _collapses(cells, start):
        if landing is not None:
            work = list(board)
            work[end] = (landing,)
            board = tuple(work)
        out.append(board)
    return out


def _stacks(cells: Cells) -> list[str]:
    return GRAVITY.legal_moves(GravityState((), cells))


def _partners(cells: Cells) -> tuple[int, int]:
    """(piles that can stack with some neighbour, stacks on offer)."""
    stacks = _stacks(cells)
    return len({tok[:2] for tok in stacks}), len(stacks)


def _ahead(cells: Cells, budget: list[int]) -> tuple[int, int, int]:
    """The best the board offers one stack further on (no MOON: nothing is hidden):
    (1 if a stack is left, then the partners of the best board after it)."""
    best = (0, *_partners(cells))
    board = GravityState((), cells)
    for token in _stacks(cells):
        for after in _boards(board, token, None):
            budget[0] -= 1
            if budget[0] < 0:
                raise _OverBudget
            best = max(best, (1, *_partners(after)))
    return best


def hint(state: GravityState) -> str | None:
    """Gravity: the stack (or collapse choice) after which the board, once its
    collapse is finished the best way, has the most piles that can still stack
    (then the most stacks); with the MOON empty and a small board, one stack
    further ahead. MOON->PLANET when it is the only move.

    >>> from pyapp.games.gravity.rules import DEFAULT_OPTIONS
    >>> s = GRAVITY.deal(42, DEFAULT_OPTIONS)
    >>> hint(s) in GRAVITY.legal_moves(s)
    True
    """
    legal = GRAVITY.legal_moves(state)
    if len(legal) <= 1:
        return legal[0] if legal else None
    landing = state.moon[0] if state.moon and not state.options.hidden else None
    outcomes = [(token, _boards(state, token, landing)) for token in legal]
    if not state.moon:
        budget = [GRAVITY_BUDGET]
        try:
            return max(outcomes, key=lambda o: max(_ahead(b, budget) for b in o[1]))[0]
        except _OverBudget:
            pass
    return max(outcomes, key=lambda o: max(_partners(b) for b in o[1]))[0]
