"""Searches done with, freed a piece at a time (:class:`Teardown`), apart from the solver so
that the controller holds one without importing the search at the page's start."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable


class Popped(Protocol):
    """A memo emptied from its end: a list or a set (``pop()``)."""

    def __len__(self) -> int: ...

    def pop(self) -> object: ...


@runtime_checkable
class PoppedItems(Protocol):
    """A memo emptied an item at a time: a dict (``popitem()``)."""

    def __len__(self) -> int: ...

    def popitem(self) -> object: ...


#: One of a search's memos (:meth:`pyapp.core.search.Problem.tables`), whatever its keys and values.
Memo = Popped | PoppedItems


class Tabled(Protocol):
    def tables(self) -> list[Memo]: ...


class Teardown:
    """Searches done with, freed a piece at a time: a search of the page's budget holds tens of
    megabytes in its tables (hundreds of thousands of small objects), and dropping it at once
    frees them all in one task (Gyre's deal 5: 114-131 ms in the page's Pyodide, measured), a
    freeze a tap would wait for. :meth:`add` takes a search's tables
    (:meth:`pyapp.core.search.Search.tables`; the search may then be dropped);
    :meth:`run_for` empties them for about so many seconds, between the page's frames.

    >>> t = Teardown()
    >>> t.add(None); t.pending
    False
    >>> memo = {n: (n, n) for n in range(2_000)}
    >>> ticks = iter(range(100))
    >>> t.held.append(memo); t.pending
    True
    >>> t.run_for(1, clock=lambda: float(next(ticks))), len(memo)  # one piece a tick of the clock
    (False, 1488)
    >>> while not t.run_for(1, clock=lambda: float(next(ticks))): pass
    >>> memo, t.pending
    ({}, False)
    """

    #: Entries freed between two looks at the clock.
    PIECE = 512

    def __init__(self) -> None:
        self.held: list[Memo] = []

    @property
    def pending(self) -> bool:
        return bool(self.held)

    def add(self, search: Tabled | None) -> None:
        """Keep ``search``'s tables to free them a piece at a time (None: nothing to do)."""
        if search is not None:
            self.held.extend(t for t in search.tables() if t)

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Free entries for about ``seconds`` (a piece of :attr:`PIECE` at least); True once all is freed."""
        end = clock() + seconds
        held = self.held
        while held:
            table = held[-1]
            take = table.popitem if isinstance(table, PoppedItems) else table.pop
            for _unused in range(min(len(table), self.PIECE)):
                take()
            if not table:
                held.pop()
            if clock() >= end:
                break
        return not held
