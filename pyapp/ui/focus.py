"""Keyboard focus on a table: where the focus ring may stand, and where each arrow key takes it.

A *stop* is ``(pile id, card index)`` for a card the player can focus, or
``(pile id, None)`` for an empty pile. A pile whose cards are fanned out (a
hand, the last captured pair) has a stop on each card; any other pile has one
stop, on its top card (or on the pile itself when it is empty). Arrow keys
follow the table's geometry: from the stop's centre, the nearest stop in that
direction, preferring those within 45 degrees of it. Every stop of every
game's layouts is reachable (the tests walk them all).

>>> from pyapp.core.table import Pile, Table
>>> t = Table(3, 2, (Pile("A", 0, 0, ("AS",)), Pile("B", 1.5, 0), Pile("H", 0, 1.5, ("2S", "3S"), dx=1.1)))
>>> [s.stop for s in spots(t)]
[('A', 0), ('B', None), ('H', 0), ('H', 1)]
>>> step(t, ("A", 0), "right"), step(t, ("A", 0), "down"), step(t, ("A", 0), "left")
(('B', None), ('H', 0), ('A', 0))
>>> path(t, ("B", None), ("H", 1))
['down']
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Final

from ..core.table import CARD_H, CARD_W, Pile, Place, Table

#: (pile id, card index), or (pile id, None) for an empty pile.
Stop = tuple[str, int | None]

DIRECTIONS: Final[dict[str, tuple[float, float]]] = {
    "left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0),
}
#: The arrow keys' names in ``KeyboardEvent.key``.
ARROW_KEYS: Final[dict[str, str]] = {"arrowleft": "left", "arrowright": "right", "arrowup": "up", "arrowdown": "down"}


@dataclass(frozen=True)
class Spot:
    """A stop and the centre of what the player sees of it, in card units."""

    stop: Stop
    x: float
    y: float


def fanned(pile: Pile) -> bool:
    """Whether each card of the pile is a stop of its own (cards laid apart).

    >>> fanned(Pile("H", 0, 0, ("AS", "2S"), dx=1.1)), fanned(Pile("Z", 0, 0, ("AS", "2S")))
    (True, False)
    """
    return len(pile.cards) > 1 and (pile.dx != 0 or pile.dy != 0)


def spots(table: Table) -> tuple[Spot, ...]:
    """Every stop of the table, in pile order."""
    out: list[Spot] = []
    for pile in table.piles:
        n = len(pile.cards)
        if fanned(pile):
            for i in range(n):
                last = i == n - 1
                w = CARD_W if last or pile.dx <= 0 else min(pile.dx, CARD_W)
                h = CARD_H if last or pile.dy <= 0 else min(pile.dy, CARD_H)
                out.append(Spot((pile.id, i), pile.x + i * pile.dx + w / 2, pile.y + i * pile.dy + h / 2))
        else:
            out.append(Spot((pile.id, n - 1 if n else None), pile.x + pile.w / 2, pile.y + pile.h / 2))
    return tuple(out)


def stop_of(table: Table, place: Place | tuple[str, None]) -> Stop:
    """The stop that stands for a card (or a pile): a fanned card is its own stop,
    any other card stands for its pile's top.

    >>> from pyapp.core.table import Pile, Table
    >>> t = Table(3, 2, (Pile("Z", 0, 0, ("AS", "2S")), Pile("E", 1.5, 0)))
    >>> stop_of(t, ("Z", 0)), stop_of(t, ("E", None))
    (('Z', 1), ('E', None))
    """
    pile_id, index = place
    try:
        pile = table.pile(pile_id)
    except KeyError:
        return place
    n = len(pile.cards)
    if fanned(pile) and index is not None and 0 <= index < n:
        return (pile_id, index)
    return (pile_id, n - 1 if n else None)


def first(table: Table) -> Stop:
    """Where the focus starts: the first card that can move, else the first pile."""
    for source in table.sources():
        return stop_of(table, source)
    all_spots = spots(table)
    return all_spots[0].stop if all_spots else ("", None)


def settle(table: Table, stop: Stop | None) -> Stop:
    """``stop`` if the table has it, else the nearest stop of the same pile, else
    the stop nearest to where it stood (a card that moved, a hand that shrank).

    >>> from pyapp.core.table import Pile, Table
    >>> t = Table(3, 2, (Pile("A", 0, 0, ("AS",)), Pile("H", 0, 1.5, ("2S", "3S"), dx=1.1)))
    >>> settle(t, ("H", 4)), settle(t, ("A", None)), settle(t, ("gone", 0)), settle(t, None)
    (('H', 1), ('A', 0), ('A', 0), ('A', 0))
    """
    if stop is None:
        return first(table)
    all_spots = spots(table)
    stops = [s.stop for s in all_spots]
    if stop in stops:
        return stop
    same = [s for s in stops if s[0] == stop[0]]
    if same:
        if stop[1] is None or same[0][1] is None:
            return same[-1]
        return min(same, key=lambda s: abs((s[1] or 0) - (stop[1] or 0)))
    return first(table)


def _centre(table: Table, stop: Stop) -> tuple[float, float]:
    for s in spots(table):
        if s.stop == stop:
            return s.x, s.y
    return 0.0, 0.0


def step(table: Table, stop: Stop, direction: str) -> Stop:
    """The stop an arrow key takes the focus to (the same stop when nothing lies that way)."""
    return graph(table)[settle(table, stop)][direction]


def graph(table: Table) -> dict[Stop, dict[str, Stop]]:
    """Where each arrow key takes the focus from each stop (every :func:`step` at once)."""
    all_spots = spots(table)
    out: dict[Stop, dict[str, Stop]] = {}
    for here in all_spots:
        moves: dict[str, Stop] = {}
        for d, (ux, uy) in DIRECTIONS.items():
            best: tuple[tuple[int, float, float], Stop] | None = None
            for s in all_spots:
                vx, vy = s.x - here.x, s.y - here.y
                along, across = vx * ux + vy * uy, abs(vx * uy - vy * ux)
                if s.stop == here.stop or along <= 0.05:
                    continue
                rank = (0 if across <= along else 1, along + 2 * across, along)
                if best is None or rank < best[0]:
                    best = (rank, s.stop)
            moves[d] = best[1] if best is not None else here.stop
        out[here.stop] = moves
    return out


def path(table: Table, start: Stop, goal: Stop) -> list[str]:
    """The shortest list of arrow directions from ``start`` to ``goal`` (empty when
    already there); raises ``ValueError`` if the arrows cannot get there.

    The e2e tests drive the page's keyboard with it; the unit tests check every
    stop of every layout is reachable."""
    edges = graph(table)
    start = settle(table, start)
    seen: dict[Stop, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for d, nxt in edges[here].items():
            if nxt not in seen:
                seen[nxt] = seen[here] + [d]
                queue.append(nxt)
    raise ValueError(f"no arrow path from {start} to {goal}")


def reachable(table: Table, start: Stop, edges: dict[Stop, dict[str, Stop]] | None = None) -> set[Stop]:
    """Every stop the arrow keys reach from ``start`` (over ``edges``, by default the table's :func:`graph`)."""
    edges = graph(table) if edges is None else edges
    start = settle(table, start)
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in edges[queue.popleft()].values():
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def nearest(table: Table, stop: Stop, among: list[Stop]) -> Stop | None:
    """The one of ``among`` nearest to ``stop`` (where the focus jumps when a card is picked up)."""
    if not among:
        return None
    cx, cy = _centre(table, settle(table, stop))

    def dist(s: Stop) -> float:
        x, y = _centre(table, s)
        return (x - cx) ** 2 + (y - cy) ** 2

    return min(among, key=dist)
