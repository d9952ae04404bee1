"""Can I still win? The solver (:mod:`pyapp.solve`) for the position on the table, run in
short slices between the page's frames, and what its verdict says to the player.

The search never runs during a tap: the page runs one slice of about
:data:`SLICE_SECONDS` at a time, :data:`SLICE_GAP` apart, when nothing animates and no
card is held (the view's ``solve`` timer), and a move on the table drops the search for
the old position. Verdicts are kept by position (the state text), so asking again, or
coming back to a position by Undo, answers at once.

When the position asked about cannot be won but that search left out lines that could not
win (a game with a win settles first whether it can be won, which is much faster), a
second search settles its best result (every line that could beat the best is searched),
so that the player hears the best still possible, not only the best line found.

When the position cannot be won, the search goes on backwards through the game's earlier
positions, newest first, to the last one that could: the move after it is the one that
lost the game (a :class:`Finding`'s ``since``), or the deal itself could never be won.

>>> g = entry("square").game
>>> states = [g.deal(7, g.parse_options(""))]
>>> while moves := g.legal_moves(states[-1]):  # a game played by its first legal moves
...     states.append(g.apply(states[-1], moves[0]))
>>> played = states[:-3]  # three moves before its end
>>> v = Verdicts()
>>> v.ask("square", played) is None, v.searching
(True, True)
>>> while v.step(0.01) is None:
...     pass
>>> found = v.finding
>>> found.verdict.kind, found.at == len(played) - 1, v.searching
('impossible', True, False)
>>> found.since is not None and verdict_words(entry("square"), found).startswith(("No longer", "This deal"))
True
>>> v.ask("square", played) is found  # asked again: known at once
True
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..games import GameEntry, entry
from ..i18n import N_, _, ngettext, number
from ..core.teardown import Teardown

if TYPE_CHECKING:  # the search itself is imported when a search starts (not at the page's start)
    from . import Problem, Search, Verdict

#: How long one slice of the search may run on the page's thread, in seconds: a tap made
#: while it runs waits at most that long.
SLICE_SECONDS: Final = 0.012
#: The pause between two slices, in seconds: the page's own work (a tap, a frame, a test
#: driving it) always finds the thread free within it. It was 8 ms, so the thread searched
#: 60% of the time at most: at 4 ms a verdict that takes the whole budget comes about a fifth
#: sooner (Gyre's deal 5: 14.1 and 15.5 s against 17.5 and 19.2, the main thread busy 86% of
#: the time against 73%), the taps made meanwhile no slower (docs/PERFORMANCE.md as of 2026-11-27, in git).
SLICE_GAP: Final = 0.004
#: How many positions' verdicts are kept.
KEPT: Final = 256
#: What the page says while the solver searches, and what it knows (translated where it is said).
SEARCHING: Final = N_("Searching… (the solver knows the order of every card, face down or not)")
#: What it says while it looks for the move that lost the game (translated where it is said).
TRACING: Final = N_("Cannot be won from here. Looking for the move that lost it…")
#: How long a standing verdict (the setting) waits after a move before it searches, in seconds.
STANDING_PAUSE: Final = 0.4
#: "Keep looking" searches a position left undetermined again with this many times the nodes of
#: the search before (as many times as its game's entry allows, :attr:`GameEntry.deeper`).
DEEPER: Final = 4


@dataclass(frozen=True)
class Finding:
    """What the solver found for the position asked about: its :class:`Verdict` and, when
    it cannot be won, since when."""

    verdict: Verdict
    #: The position's number in the game (0: the deal; n: after n moves).
    at: int
    #: It cannot be won: the number of the move that lost it (the position before it could
    #: be won), 0 when the deal itself could never be won, None when the search could not
    #: tell (an earlier position left undetermined) or it was not looked for.
    since: int | None = None
    #: What a search still under way has proved so far (:meth:`Verdicts.glimpse`), not its end:
    #: a hint or an end screen waits for more.
    glimpse: bool = False


class Verdicts:
    """The searches for one position at a time, and the verdicts found (see the module doc)."""

    def __init__(self, budget: int | None = None) -> None:
        #: The most nodes each search may take (None: its problem's own, as on the page).
        self.budget = budget
        self.search: Search[object] | None = None
        self._problem: Problem[object] | None = None
        #: Counts the searches started (the page's slice timer's ticket).
        self.ticket = 0
        #: The finding for the position last asked about, once there is one.
        self.finding: Finding | None = None
        self._game = ""
        self._keys: list[str] = []  # the state texts of the positions asked about, from the deal
        self._states: Sequence[object] = ()
        self._searching = -1  # the index in _keys being searched
        self._verdict: Verdict | None = None  # the asked position's, while earlier ones are searched
        #: The asked position's first verdict (impossible, its best not exact), in the search's own
        #: values and in the game's, while a second search settles its best.
        self._settling: tuple[Verdict, Verdict] | None = None
        #: The asked position is searched this many times as far as its problem's budget ("Keep looking").
        self._factor = 1
        #: Keep the search of the position asked about that its budget cut short, in a game without a
        #: win, to search further from where it stopped (:meth:`look_longer`): the worker's
        #: (:mod:`pyapp.solve.service`), which deepens such a search by itself. On the page's thread
        #: its tables are freed at once instead (:attr:`teardown`), and Keep looking starts again.
        self.hold = False
        #: The search of the position asked about that its budget cut short, kept to search further
        #: (:meth:`look_longer`): (game id, state text, its factor, the search, its problem).
        self._held: tuple[str, str, int, Search[object], Problem[object]] | None = None
        #: The problem's bound at the position asked about, for :meth:`glimpse`: (the search's ticket, bound).
        self._glimpse_bound: tuple[int, int | None] = (-1, None)
        self._known: OrderedDict[tuple[str, str], Verdict] = OrderedDict()
        #: The searches done with, freed a piece at a time between frames (the page's ``retire`` timer).
        self.teardown = Teardown()

    def known_for(self, game_id: str, state: object) -> Verdict | None:
        """The verdict found for this position, if any."""
        return self._known.get((game_id, entry(game_id).game.format_state(state)))

    def remember(self, game_id: str, state: object, verdict: Verdict) -> None:
        """Keep ``verdict`` as this position's (one proved before, e.g. kept with a saved game)."""
        self._keep((game_id, entry(game_id).game.format_state(state)), verdict)

    def kept(self) -> list[tuple[str, str, Verdict]]:
        """Every verdict kept: (game id, state text, verdict), the oldest first."""
        return [(game_id, text, verdict) for (game_id, text), verdict in self._known.items()]

    def knows(self, game_id: str, text: str) -> bool:
        return (game_id, text) in self._known

    def remember_text(self, game_id: str, text: str, verdict: Verdict) -> None:
        """Keep ``verdict`` for the position whose state text is ``text``."""
        self._keep((game_id, text), verdict)

    def _keep(self, key: tuple[str, str], verdict: Verdict) -> None:
        self._known[key] = verdict
        self._known.move_to_end(key)
        while len(self._known) > KEPT:
            self._known.popitem(last=False)

    def finding_for(self, game_id: str, states: Sequence[object]) -> Finding | None:
        """The finding for the last of ``states`` (the game's positions from the deal), if there is one."""
        keys = self._keys
        if self.finding is None or self._game != game_id or len(keys) != len(states):
            return None
        return self.finding if keys[-1] == entry(game_id).game.format_state(states[-1]) else None

    def moved(self) -> None:
        """The position on the table changed: its search stops (and a standing verdict's pause starts again)."""
        self.drop()
        self.ticket += 1

    @property
    def searching(self) -> bool:
        return self._searching >= 0

    @property
    def game(self) -> str:
        """The game of the positions asked about."""
        return self._game

    def progress(self) -> tuple[int, int, int | None] | None:
        """While the position asked about is being searched (not an earlier one, looking for the
        move that lost it): the positions searched so far, the most it may search (its budget),
        and the best result of a line found so far, in the game's own terms (None: no line has
        ended yet); else None."""
        search, problem = self.search, self._problem
        if search is None or problem is None or self._searching != len(self._keys) - 1:
            return None
        return min(search.nodes, search.limit), search.limit, \
            None if search.best is None else problem.score_of(search.best)

    def glimpse(self) -> Finding | None:
        """While the position asked about is searched, in a game without a win (Gyre): what the
        search has proved so far, a range, from the best line found to the least score no line can
        beat (the ceiling the search proved, or the problem's bound at the position, asked of a
        problem of its own so that the search is the same with or without a glimpse). A finding
        that is true now and that the search's own only narrows: None before a line has ended, in
        a game with a win, or while an earlier position is searched.

        >>> g = entry("gyre").game
        >>> v = Verdicts()
        >>> v.ask("gyre", [g.deal(5, g.parse_options(""))]), v.glimpse()
        (None, None)
        >>> while v.glimpse() is None:
        ...     _ = v.step(0.01)
        >>> seen = v.glimpse().verdict
        >>> seen.kind, seen.exact, seen.score <= 55 < 62 <= seen.upper  # deal 5's best is 55 to 62 at 10,000 nodes
        ('best', False, True)
        """
        search, problem = self.search, self._problem
        if search is None or problem is None or problem.has_win or search.best is None \
                or self._searching != len(self._keys) - 1 or self._settling is not None:
            return None
        from . import engine_verdict, problem_for
        if self._glimpse_bound[0] != self.ticket:
            fresh = problem_for(self._game, self._states[-1])
            self._glimpse_bound = (self.ticket, fresh.bound(fresh.start(self._states[-1])))
        proved = search.verdict()
        bound = self._glimpse_bound[1]
        uppers = [u for u in (proved.upper, bound) if u is not None]
        upper = min(uppers) if uppers else None
        if proved.kind != "best" or proved.score is None:
            return None
        exact = proved.exact or (upper is not None and upper <= proved.score)
        from . import Verdict
        seen = Verdict("best", proved.score, proved.line, exact, proved.nodes, proved.score if exact else upper)
        return Finding(engine_verdict(problem, seen), len(self._keys) - 1, glimpse=True)

    @property
    def glimpsing(self) -> bool:
        """The finding for the position asked about is a glimpse, its search still under way in a
        worker (:class:`pyapp.solve.remote.RemoteVerdicts`); never here."""
        return False

    @property
    def tracing(self) -> bool:
        """The position cannot be won and the search looks for the move that lost it."""
        return self.searching and self._verdict is not None

    def ask(self, game_id: str, states: Sequence[object]) -> Finding | None:
        """The finding for the last of ``states`` (the game's positions, from the deal) if it
        is known; else its search starts (the page runs it by :meth:`step`) and None."""
        game = entry(game_id).game
        last = game.format_state(states[-1])
        if self.finding is not None and self._game == game_id and self._keys and self._keys[-1] == last \
                and len(self._keys) == len(states):
            return self.finding
        if self.searching and self._game == game_id and self._keys and self._keys[-1] == last \
                and len(self._keys) == len(states):
            return None  # already searching it
        self._begin(game_id, states, last, 1)
        return self._start(len(states) - 1)

    def look_longer(self, game_id: str, states: Sequence[object], factor: int) -> None:
        """Search the last of ``states`` (the game's positions, from the deal) again, ``factor``
        times as far as its problem's budget (:meth:`Problem.deepen`); its verdict so far stays
        known until the new one replaces it. The page runs it by :meth:`step`. When the search of
        that position that its budget cut short is the last one here and was kept (:attr:`hold`), it
        goes on from where it stopped (:meth:`Search.resume`) rather than starting again.

        >>> g = entry("gyre").game
        >>> states = [g.deal(5, g.parse_options(""))]  # 10,000 nodes leave it undetermined
        >>> v = Verdicts()
        >>> v.hold = True
        >>> v.ask("gyre", states)
        >>> while (first := v.step(0.05)) is None:
        ...     pass
        >>> v.look_longer("gyre", states, 4)
        >>> v.search.nodes >= first.verdict.nodes  # on from where it stopped
        True
        """
        last = entry(game_id).game.format_state(states[-1])
        held, self._held = self._held, None
        self._begin(game_id, states, last, factor)
        self._searching = len(states) - 1
        self.ticket += 1
        if held is not None and held[:2] == (game_id, last) and factor > held[2] and factor % held[2] == 0:
            _game, _text, was, search, problem = held
            problem.deepen(factor // was)
            if search.resume():
                self.search, self._problem = search, problem
                return
        if held is not None:
            self.teardown.add(held[3])
        self._release()

    def _begin(self, game_id: str, states: Sequence[object], last: str, factor: int) -> None:
        """New positions asked about (``last``: the state text of the last), their search ``factor``
        times as far as its problem's budget; what was searched before stops."""
        self.drop()
        self._game, self._states, self.finding, self._verdict = game_id, states, None, None
        self._keys = [""] * (len(states) - 1) + [last]
        self._factor = factor

    def _key(self, i: int) -> str:
        if not self._keys[i]:
            self._keys[i] = entry(self._game).game.format_state(self._states[i])
        return self._keys[i]

    def _start(self, i: int) -> Finding | None:
        """Search position ``i`` (or use its known verdict, and go on); the finding once there is one."""
        while True:
            known = self._known.get((self._game, self._key(i)))
            if known is None:  # the search itself is set up by the next slice (it can take a while)
                self._searching = i
                self.ticket += 1
                self._release()
                return None
            if (found := self._found(i, known)) is not None or self._searching < 0:
                return found
            i = self._searching

    def _found(self, i: int, verdict: Verdict) -> Finding | None:
        """Position ``i``'s verdict is in: the finding, or None with the next position to search
        in ``_searching`` (-1: none)."""
        last = len(self._keys) - 1
        if i == last:
            self._verdict = verdict
            if verdict.kind != "impossible" or last == 0:
                return self._finish(Finding(verdict, last, 0 if verdict.kind == "impossible" else None))
            self._searching = i - 1
            return None
        asked = self._verdict
        assert asked is not None
        if verdict.kind == "won":  # the last position that could be won: the next move lost it
            return self._finish(Finding(asked, last, i + 1))
        if verdict.kind != "impossible":  # undetermined: cannot tell since when
            return self._finish(Finding(asked, last, None))
        if i == 0:  # not even the deal
            return self._finish(Finding(asked, last, 0))
        self._searching = i - 1
        return None

    def _finish(self, finding: Finding) -> Finding:
        self.finding, self._searching = finding, -1
        self._release()
        return finding

    def _release(self) -> None:
        """The search is done with: its tables go to :attr:`teardown`, the rest at once."""
        self.teardown.add(self.search)
        self.search = self._problem = None

    def drop(self) -> None:
        """Stop searching (the position changed, or the page went elsewhere): what was proved stays known."""
        if self.search is not None:
            self.search.cancel()
        self._release()
        if self._held is not None:
            self.teardown.add(self._held[3])
            self._held = None
        if self._settling is not None:  # stopped while its best was settled: what the first search proved
            self._keep((self._game, self._keys[len(self._keys) - 1]), self._settling[1])
            self._settling = None
        self._searching = -1
        if self.finding is None:
            self._keys, self._states = [], ()

    def step(self, seconds: float = SLICE_SECONDS) -> Finding | None:
        """One slice of the search (the first one sets it up); the finding once there is one, else None."""
        i = self._searching
        if i < 0:
            return None
        if self.search is None or self._problem is None:
            from . import Search, problem_for
            self._problem = problem_for(self._game, self._states[i])
            if self._factor > 1 and i == len(self._keys) - 1:  # (only the position asked about looks longer)
                self._problem.deepen(self._factor)
            if self._settling is not None:
                self._problem.win_value = None  # every line that could beat the best, won or not
            self.search = Search(self._problem, self._problem.start(self._states[i]), self.budget)
            return None
        search, problem = self.search, self._problem
        if not search.run_for(seconds, chunk=1):
            return None
        from . import engine_verdict
        proved = search.verdict()
        if self._settling is not None:
            proved, self._settling = settled(self._settling[0], proved), None
        elif proved.kind == "impossible" and not proved.exact and i == len(self._keys) - 1:
            # its best is settled by a second search, set up by the next slice
            self._settling = (proved, engine_verdict(problem, proved))
            self._release()
            return None
        verdict = engine_verdict(problem, proved)
        self._keep((self._game, self._key(i)), verdict)
        if self.hold and i == len(self._keys) - 1 and not search.complete and not problem.has_win \
                and self.budget is None:
            # cut short by its budget in a game without a win: kept, to search further (look_longer)
            self._held = (self._game, self._key(i), self._factor, search, problem)
            self.search = self._problem = None
        else:
            self._release()
        if (found := self._found(i, verdict)) is not None:
            return found
        return self._start(self._searching)


def deeper_factor(game_id: str, state: object, verdict: Verdict) -> int | None:
    """How many times its problem's budget a "Keep looking" search of ``state``, whose verdict is
    ``verdict``, takes; None when it is not offered: the verdict is settled, or its search took
    as many nodes as the game's entry allows (:attr:`GameEntry.deeper` times :data:`DEEPER` more).

    >>> from dataclasses import replace
    >>> from pyapp.solve import Verdict
    >>> g = entry("gyre").game
    >>> s = g.deal(5, g.parse_options(""))
    >>> undetermined = Verdict("best", 55, ("R",), False, 10_000, 62)
    >>> deeper_factor("gyre", s, undetermined), deeper_factor("gyre", s, replace(undetermined, nodes=40_000))
    (4, None)
    >>> deeper_factor("gyre", s, replace(undetermined, exact=True)), deeper_factor("square", s, undetermined)
    (None, None)
    """
    allowed = entry(game_id).deeper
    if not allowed or verdict.kind == "won" or verdict.exact:
        return None
    from . import problem_for
    base = problem_for(game_id, state).budget
    factor = 1
    for _unused in range(allowed):
        factor *= DEEPER
        if verdict.nodes < base * factor:
            return factor
    return None


def settled(first: Verdict, best: Verdict) -> Verdict:
    """A position's verdict from its two searches (in the search's own values, higher better):
    ``first`` proved that it cannot be won, without settling its best; ``best`` searched every
    line that could beat the best found, won or not. Impossible, with the better of the two
    lines, exact when the second search was complete.

    >>> from pyapp.solve import Verdict
    >>> first = Verdict("impossible", 15, ("a",), False, 25)
    >>> settled(first, Verdict("impossible", 26, ("b",), True, 36_855))
    Verdict(kind='impossible', score=26, line=('b',), exact=True, nodes=36880, upper=None)
    >>> settled(first, Verdict("best", 12, ("c",), False, 200_000))  # cut short, and worse: the first line
    Verdict(kind='impossible', score=15, line=('a',), exact=False, nodes=200025, upper=None)
    """
    from . import Verdict

    nodes = first.nodes + best.nodes
    if best.score is not None and (first.score is None or best.score >= first.score):
        return Verdict("impossible", best.score, best.line, best.exact, nodes)
    return Verdict("impossible", first.score, first.line, False, nodes)


def verdict_words(game_entry: GameEntry, finding: Finding, lost: str = "", move_no: int | None = None) -> str:
    """What a finding says to the player, in the game's own terms (its entry's ``result_words``);
    ``lost``: the move that lost the game, in words; ``move_no``: its number as the status line
    counts the player's moves (:func:`pyapp.games.moves_made` of the tokens up to it: a Gravity
    collapse choice is part of its stack's move), ``finding.since`` when not given.

    >>> from pyapp.solve import Verdict
    >>> e = entry("square")
    >>> verdict_words(e, Finding(Verdict("impossible", 30, ("1@A1",), True, 900), 3, 2), "5 to cell B1")
    'No longer winnable: move 2 (5 to cell B1) lost it. Best now: 30 cells filled.'
    >>> lost = Finding(Verdict("impossible", 3, ("a1b1",), True, 900), 5, 4)  # token 4, a collapse choice of move 3
    >>> verdict_words(entry("gravity"), lost, move_no=3).split(". ")[0]
    'No longer winnable: move 3 lost it'
    >>> verdict_words(e, Finding(Verdict("impossible", 30, ("1@A1",), True, 900), 3, 0))
    'This deal could never be won, even knowing every card. Best now: 30 cells filled.'
    >>> verdict_words(e, Finding(Verdict("impossible", 30, ("1@A1",), True, 900), 3, None))
    'Cannot be won from here: 30 cells filled at best.'
    >>> verdict_words(e, Finding(Verdict("impossible", 30, ("1@A1",), False, 900), 3, None))
    'Cannot be won from here. The best line found: 30 cells filled.'
    >>> verdict_words(e, Finding(Verdict("best", 30, ("1@A1",), False, 200_000), 0))
    'Not sure: after 200,000 positions the search had not finished. The best line it found: 30 cells filled.'

    A game played for points (its entry has no win: Gyre) hears the best score still possible,
    a number once settled, else a range (:func:`best_words`).

    >>> verdict_words(entry("gyre"), Finding(Verdict("best", 58, ("R",), True, 900), 0))
    'The best possible: 58.'
    >>> verdict_words(entry("gyre"), Finding(Verdict("best", 56, ("R",), False, 10_000, 61), 0))
    'The best possible: 56 to 61.'
    """
    verdict, words = finding.verdict, game_entry.result_words
    if not game_entry.can_win:
        return best_words(verdict)
    if verdict.kind == "won":
        return _("Winnable from here.")
    if verdict.kind == "impossible":
        best = words(verdict.score) if verdict.score is not None else ""
        # Translators: {best} is a result in the game's own words ("30 cells filled", "3 piles left").
        now = (" " + (_("Best now: {best}.") if verdict.exact else _("The best line found: {best}.")).format(best=best)
               if best else "")
        if finding.since == 0:
            return _("This deal could never be won, even knowing every card.") + now
        if finding.since is not None:
            n = finding.since if move_no is None else move_no
            if lost:
                # Translators: {lost} names the move in words ("5 to cell B1").
                said = _("No longer winnable: move {n} ({lost}) lost it.").format(n=n, lost=lost)
            else:
                said = _("No longer winnable: move {n} lost it.").format(n=n)
            return said + now
        if not verdict.exact:
            return _("Cannot be won from here.") + now
        return _("Cannot be won from here: {best} at best.").format(best=best) if best else \
            _("Cannot be won from here.")
    if verdict.kind == "best" and verdict.exact and verdict.score is not None:
        return _("The best still possible from here: {best}.").format(best=words(verdict.score))
    found = " " + _("The best line it found: {best}.").format(best=words(verdict.score)) \
        if verdict.score is not None else ""
    if verdict.upper is not None and (verdict.score is None or verdict.upper > verdict.score):
        # Translators: {best} is a result in the game's own words ("a final score of 69"), proven out of reach.
        found += " " + _("No line can do better than {best}.").format(best=words(verdict.upper))
    return ngettext("Not sure: after {nodes} position the search had not finished.",
                    "Not sure: after {nodes} positions the search had not finished.",
                    verdict.nodes).format(nodes=number(verdict.nodes)) + found


def best_words(verdict: Verdict) -> str:
    """The verdict of a game played for points (no win: Gyre) in words: the best score still
    possible, a number when the search settled it, else the range it proved, from the best line
    found to what no line can beat (either end alone when only one is known).

    >>> from pyapp.solve import Verdict
    >>> best_words(Verdict("best", 58, ("R",), True, 900)), best_words(Verdict("best", 56, ("R",), False, 10_000, 61))
    ('The best possible: 58.', 'The best possible: 56 to 61.')
    >>> best_words(Verdict("best", 56, ("R",), False, 10_000, 56))  # the two ends met: settled
    'The best possible: 56.'
    >>> best_words(Verdict("best", None, (), False, 3, 61)), best_words(Verdict("best", 56, ("R",), False, 10_000))
    ('The best possible: at most 61.', 'The best possible: at least 56.')
    >>> best_words(Verdict("best", None, (), False, 3))
    'The best possible is not known yet: the search stopped after 3 positions.'
    """
    low, high = verdict.score, verdict.upper
    if low is not None and (verdict.exact or high == low):
        # Translators: the solver's verdict in a game played for points (Gyre): the best final score
        # still possible from here, settled ("The best possible: 58.").
        return _("The best possible: {best}.").format(best=number(low))
    if low is not None and high is not None and high > low:
        # Translators: the solver's verdict in a game played for points (Gyre), its search not finished:
        # the best final score still possible lies in this range ({low}: the best line found; {high}:
        # what no line can beat).
        return _("The best possible: {low} to {high}.").format(low=number(low), high=number(high))
    if low is not None:
        # Translators: as "The best possible: {low} to {high}.", when no line's limit is known.
        return _("The best possible: at least {low}.").format(low=number(low))
    if high is not None:
        # Translators: as "The best possible: {low} to {high}.", before the search found a line.
        return _("The best possible: at most {high}.").format(high=number(high))
    return ngettext("The best possible is not known yet: the search stopped after {nodes} position.",
                    "The best possible is not known yet: the search stopped after {nodes} positions.",
                    verdict.nodes).format(nodes=number(verdict.nodes))
