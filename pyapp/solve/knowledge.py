"""One record of what is known about positions: what the solver proved and the lines the
player played, read by everything on the page that speaks of a position (the verdict and
its words, Hint, Show me, the end screen, Keep looking), so that the page never says two
things about one position.

A position's :class:`Known` holds the solver's :class:`~pyapp.core.search.Verdict` for it
(``proved``) and the best line the player played from it to the end of a game (``played``).
:meth:`Known.verdict` puts them together: a best shown is never worse than a line the
player has already played from there, and a won line wins whatever the search had said.

:class:`Knowledge` is a frozen value, keyed by the game and the position's text: each
lesson gives a new record (the latest :data:`KEPT` positions), copied once per lesson.
A position reached by the first move of a settled line (a win, or an exact best) is taught
the rest of that line when it is read (:meth:`pyapp.app.can_win.CanWin.known`), so that
Hint, following the line a move at a time, always finds the rest of it.

>>> from pyapp.core.search import Verdict
>>> k = Knowledge().proved("gravity", "P", Verdict("impossible", 13, ("a1",), False, 900))
>>> k = k.played("gravity", "P", Played(("b2", "c3"), 5, False))
>>> v = k.of("gravity", "P").verdict(lower_is_better=True)
>>> v.kind, v.score, v.line  # Gravity counts piles: 5 left beats the 13 of the search's best line
('impossible', 5, ('b2', 'c3'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # (the search core is imported when a search starts, not at the page's start)
    from ..core.search import Verdict

#: How many positions the record keeps (the latest learned).
KEPT: Final = 2048


@dataclass(frozen=True)
class Played:
    """A line the player played from a position to the end of a game: its moves, the final
    score (in the game's own terms) and whether it won."""

    line: tuple[str, ...]
    score: int
    won: bool


def _better(a: int, b: int, lower_is_better: bool) -> bool:
    """Score ``a`` is strictly better than ``b``."""
    return a < b if lower_is_better else a > b


@dataclass(frozen=True)
class Known:
    """What is known about one position (see the module doc)."""

    proved: Verdict | None = None
    played: Played | None = None

    def verdict(self, lower_is_better: bool) -> Verdict | None:
        """The solver's verdict, its best never worse than the line played; a played line that
        wins is a win. None when the solver has said nothing and no line played won.

        >>> from pyapp.core.search import Verdict
        >>> Known(played=Played(("R",), 40, False)).verdict(False) is None
        True
        >>> Known(played=Played(("R",), 1, True)).verdict(True).kind
        'won'
        >>> exact = Verdict("best", 58, ("R",), True, 9, 58)
        >>> Known(exact, Played(("S",), 50, False)).verdict(False) == exact
        True
        >>> Known(Verdict("unknown", 50, ("R",), False, 9, 58), Played(("S",), 58, False)).verdict(False).exact
        True
        """
        v, p = self.proved, self.played
        if p is not None and p.won and (v is None or v.kind != "won"):
            from ..core.search import Verdict
            return Verdict("won", p.score, p.line, True, v.nodes if v is not None else 0)
        if v is None or p is None or v.kind == "won":
            return v
        if v.score is None:  # (the search ended no line)
            return replace(v, score=p.score, line=p.line, exact=v.upper is not None and v.upper == p.score)
        if not _better(p.score, v.score, lower_is_better):
            return v
        exact = v.exact or (v.upper is not None and v.upper == p.score)
        kind = "best" if v.kind == "unknown" and exact and v.upper is not None else v.kind
        return replace(v, kind=kind, score=p.score, line=p.line, exact=exact)

    def settled(self, lower_is_better: bool) -> bool:
        """The verdict is final: won, or no line can beat its best (its line reaches the best)."""
        v = self.verdict(lower_is_better)
        return v is not None and bool(v.line) and (v.kind == "won" or v.exact)


@dataclass(frozen=True)
class Knowledge:
    """The record (see the module doc): a frozen value, each lesson gives a new one."""

    #: Never changed in place: each lesson copies it.
    entries: Mapping[tuple[str, str], Known] = field(default_factory=dict)

    def of(self, game_id: str, text: str) -> Known:
        """What is known about the position ``text`` of ``game_id`` (nothing: ``Known()``)."""
        return self.entries.get((game_id, text), Known())

    def _with(self, changes: dict[tuple[str, str], Known]) -> Knowledge:
        """The record with ``changes`` (the latest last), copied once whatever their number."""
        if not changes:
            return self
        entries = dict(self.entries)
        for key, known in changes.items():
            entries.pop(key, None)
            entries[key] = known
        while len(entries) > KEPT:
            del entries[next(iter(entries))]
        return Knowledge(entries)

    def proved(self, game_id: str, text: str, verdict: Verdict, lower_is_better: bool = False) -> Knowledge:
        """The solver's ``verdict`` for the position: it replaces the one known unless that one
        was settled and this one is not (a shorter search after a longer one), or it found a
        better line; what no line can beat is the least proved.

        >>> from pyapp.core.search import Verdict
        >>> a = Verdict("unknown", 50, ("R",), False, 9, 61)
        >>> k = Knowledge().proved("gyre", "P", a).proved("gyre", "P", Verdict("unknown", 48, ("S",), False, 9, 59))
        >>> v = k.of("gyre", "P").proved; v.score, v.line, v.upper
        (50, ('R',), 59)
        """
        key = (game_id, text)
        known = _proved(self.of(game_id, text), verdict, lower_is_better)
        return self if known is None else self._with({key: known})

    def played(self, game_id: str, text: str, line: Played, lower_is_better: bool = False) -> Knowledge:
        """A line the player played from the position to the end: kept when it wins or beats the one kept."""
        known = _played(self.of(game_id, text), line, lower_is_better)
        return self if known is None else self._with({(game_id, text): known})

    def played_all(self, game_id: str, lines: list[tuple[str, Played]], lower_is_better: bool = False) -> Knowledge:
        """:meth:`played` for many positions at once (a whole game's), the record copied once."""
        changes: dict[tuple[str, str], Known] = {}
        for text, line in lines:
            key = (game_id, text)
            known = _played(changes.get(key) or self.of(game_id, text), line, lower_is_better)
            if known is not None:
                changes[key] = known
        return self._with(changes)


def _proved(old: Known, verdict: Verdict, lower_is_better: bool) -> Known | None:
    """``old`` with the solver's ``verdict`` (see :meth:`Knowledge.proved`); None: unchanged."""
    was = old.proved
    if was is not None and was.score is not None and verdict.score is not None:
        if (was.kind == "won" or was.exact) and not (verdict.kind == "won" or verdict.exact):
            return None
        if not (verdict.kind == "won" or verdict.exact):
            uppers = [u for u in (was.upper, verdict.upper) if u is not None]
            upper = min(uppers) if uppers else None  # (only games without a win prove one; higher is better)
            best = was if _better(was.score, verdict.score, lower_is_better) else verdict
            exact = upper is not None and upper == best.score
            verdict = replace(best, upper=upper, exact=exact, kind="best" if exact and best.kind == "unknown"
                              else best.kind, nodes=max(was.nodes, verdict.nodes))
    return replace(old, proved=verdict)


def _played(old: Known, line: Played, lower_is_better: bool) -> Known | None:
    """``old`` with a line played (see :meth:`Knowledge.played`); None: unchanged."""
    p = old.played
    if p is not None and (p.won or (not line.won and not _better(line.score, p.score, lower_is_better))):
        return None
    return replace(old, played=line)
