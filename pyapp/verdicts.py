"""Can I still win? The solver (:mod:`pyapp.solve`) for the position on the table, run in
short slices between the page's frames, and what its verdict says to the player.

The search never runs during a tap: the page runs one slice of about
:data:`SLICE_SECONDS` at a time, when nothing animates and no card is held (the view's
``solve`` timer), and a move on the table drops the search for the old position.
Verdicts are kept by position (the state text), so asking again, or coming back to a
position by Undo, answers at once.

>>> g = entry("square").game
>>> states = [g.deal(7, g.parse_options(""))]
>>> while moves := g.legal_moves(states[-1]):  # a game played by its first legal moves
...     states.append(g.apply(states[-1], moves[0]))
>>> state = states[-4]  # three moves before its end
>>> v = Verdicts()
>>> v.ask("square", state) is None, v.searching
(True, True)
>>> while v.step(0.01) is None:
...     pass
>>> verdict = v.known_for("square", state); verdict.kind, verdict.exact, v.searching
('impossible', True, False)
>>> v.ask("square", state) is verdict  # asked again: known at once
True
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Final

from .games import GameEntry, entry
from .solve import Problem, Search, Verdict, engine_verdict, problem_for

#: How long one slice of the search may run on the page's thread, in seconds.
SLICE_SECONDS: Final = 0.02
#: The pause between two slices, in seconds: the page's own work (a tap, a frame, a test
#: driving it) always finds the thread free within it.
SLICE_GAP: Final = 0.01
#: How many positions' verdicts are kept.
KEPT: Final = 64
#: What the page says while the solver searches, and what it knows.
SEARCHING: Final = "Searching… (the solver knows the order of every card, face down or not)"


class Verdicts:
    """The search for one position at a time, and the verdicts found (see the module doc)."""

    def __init__(self) -> None:
        self.search: Search[Any] | None = None
        self._problem: Problem[Any] | None = None
        #: The position searched or last asked about: (game id, state text).
        self.position: tuple[str, str] | None = None
        #: Counts the searches started (the page's slice timer's ticket).
        self.ticket = 0
        self._known: OrderedDict[tuple[str, str], Verdict] = OrderedDict()

    @staticmethod
    def _key(game_id: str, state: Any) -> tuple[str, str]:
        return game_id, entry(game_id).game.format_state(state)

    def known_for(self, game_id: str, state: Any) -> Verdict | None:
        """The verdict found for this position, if any."""
        return self._known.get(self._key(game_id, state))

    @property
    def searching(self) -> bool:
        return self.search is not None

    def ask(self, game_id: str, state: Any) -> Verdict | None:
        """The verdict of this position if it is known; else a search for it starts (the
        page runs it by :meth:`step`) and None."""
        key = self._key(game_id, state)
        if (known := self._known.get(key)) is not None:
            self.drop()
            self.position = key
            return known
        if self.search is None or self.position != key:
            self.position = key
            self.ticket += 1
            self._problem = problem_for(game_id, state)
            self.search = Search(self._problem, self._problem.start(state))
        return None

    def drop(self) -> None:
        """Stop searching (the position changed, or the page went elsewhere); nothing is kept of it."""
        if self.search is not None:
            self.search.cancel()
        self.search = self._problem = None

    def step(self, seconds: float = SLICE_SECONDS) -> Verdict | None:
        """One slice of the search; its verdict once it is done (and kept), else None."""
        search, problem, key = self.search, self._problem, self.position
        if search is None or problem is None or key is None:
            return None
        if not search.run_for(seconds):
            return None
        verdict = engine_verdict(problem, search.verdict())
        self._known[key] = verdict
        self._known.move_to_end(key)
        while len(self._known) > KEPT:
            self._known.popitem(last=False)
        self.search = self._problem = None
        return verdict


def verdict_words(game_entry: GameEntry, verdict: Verdict) -> str:
    """What a verdict says to the player, in the game's own terms (its entry's ``result_words``).

    >>> e = entry("square")
    >>> verdict_words(e, Verdict("impossible", 30, ("1@A1",), True, 900))
    'Cannot be won from here: 30 cells filled at best.'
    >>> verdict_words(e, Verdict("best", 30, ("1@A1",), False, 200_000))
    'Not sure: after 200,000 positions the search had not finished. The best line it found: 30 cells filled.'
    >>> verdict_words(entry("gyre"), Verdict("best", 58, ("R",), True, 900))
    'The best still possible from here: a final score of 58.'
    """
    words = game_entry.result_words
    if verdict.kind == "won":
        return "Winnable from here."
    if verdict.kind == "impossible":
        best = f": {words(verdict.score)} at best" if verdict.score is not None else ""
        return f"Cannot be won from here{best}."
    if verdict.kind == "best" and verdict.exact and verdict.score is not None:
        return f"The best still possible from here: {words(verdict.score)}."
    found = f" The best line it found: {words(verdict.score)}." if verdict.score is not None else ""
    return f"Not sure: after {verdict.nodes:,} positions the search had not finished.{found}"
