"""The shared search core: a depth-first search for the best final result reachable
from a position, that says only what it proved.

A :class:`Problem` tells the search a game's moves (best first), what a finished
position is worth (higher is better), whether it is a win, and, optionally, an
optimistic bound on what a position can still reach. The search keeps the best line
found; a position whose bound cannot beat it is not searched, and a position searched
to its end is never searched again (a transposition table of canonical keys: what it
could reach is at most the best found, which only grows). A move back to a position
on the current line (a cycle) is not followed: whatever follows it is searched from
its first visit.

It runs in slices: :meth:`Search.run` does at most a given number of nodes and
returns, so a caller can run it between frames and stop it between any two slices;
:func:`solve` runs it to its end or its budget. Its :class:`Verdict` is ``won`` with a
winning line, the best score with a line reaching it (``exact`` when the search was
complete, else at least that), ``impossible`` only for a game with a win after a
complete search, or ``unknown`` when the budget ran out before any line ended. A problem
may ask for restarts (:meth:`Problem.attempt`, off by default): the search starts over from
the root a few times with another move order, within the one budget.

>>> class Count(Problem[int]):  # from n, take 1 or 2; ending on exactly 0 wins, -1 is worth less
...     def moves(self, s): return ["1", "2"] if s > 0 else []
...     def apply(self, s, m): return s - int(m)
...     def value(self, s): return s
...     def won(self, s): return s == 0
>>> v = solve(Count(), 5); v.kind, v.line, v.exact
('won', ('1', '1', '1', '1', '1'), True)
>>> class Ring(Problem[int]):  # 0-9 on a ring, step +1 or +3, or stop on an even number, worth it
...     def moves(self, s): return [] if s >= 10 else ["+1", "+3"] + (["stop"] if s % 2 == 0 else [])
...     def apply(self, s, m): return 10 + s if m == "stop" else (s + int(m)) % 10
...     def value(self, s): return s - 10
...     has_win = False
>>> s = Search(Ring(), 0)
>>> while not s.run_for(0.001):  # a slice of about a millisecond at a time
...     pass
>>> s.verdict().text(), s.verdict().line
('best 8 exact', ('+1', '+1', '+1', '+1', '+1', '+1', '+1', '+1', 'stop'))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Hashable, Iterator, Literal, TypeVar, cast

from .teardown import Memo

S = TypeVar("S")

#: How many nodes a slice of :func:`solve` does before it lets its caller in.
SLICE = 2_000
#: The default budget of nodes of one search.
BUDGET = 200_000


class Pending(Exception):
    """Raised by a problem's :meth:`~Problem.moves` or :meth:`~Problem.apply` (in a search)
    when it has done its share of work for one step of the search and has more to do
    before it can answer (e.g. a move ordering's own search, resumed where it stopped):
    the search ends the step there and makes the same call again in its next step, so a
    caller reading the clock between steps is never held long. A problem that raises it
    must keep what it did, and answer the repeated call as it would have answered the
    first: the search is then the same (the same verdict, its nodes the positions), only
    cut into more steps (:attr:`Search.nodes` counts them too).

    ``nodes``: the work the step did, in the search's nodes (0: none to speak of, the default):
    a problem that works for the search outside its positions (e.g. :meth:`Problem.ceiling`'s
    own search) says so, and the step counts that many nodes of the budget and of the
    verdict's nodes, as the search's own positions do (no further than the budget)."""

    def __init__(self, nodes: int = 0) -> None:
        super().__init__()
        self.nodes = nodes


class Problem(Generic[S]):
    """What the search needs of a game. Override :meth:`moves`, :meth:`apply`, :meth:`value`
    and :meth:`won`; :meth:`key` and :meth:`bound` have safe defaults.

    A game's own solver (``solver.py`` in its package, named by its registry entry) may
    search a compact state of its own: :meth:`start` turns the engine's state into it, and
    its moves are the engine's move tokens, so that every line replays through the engine.
    :meth:`score_of` turns a value back into the game's score.
    """

    def start(self, state: object) -> S:
        """The search's state for the engine's ``state`` (by default the same value)."""
        return cast(S, state)

    def score_of(self, value: int) -> int:
        """The game's own score for a value of the search (by default the same number)."""
        return value

    def tables(self) -> list[Memo]:
        """The containers (dicts, sets, lists) of this problem's own memos, none shared with
        another problem or a module: :class:`Teardown` empties them a piece at a time once a
        search is done with it (by default none)."""
        return []

    def key(self, state: S) -> Hashable:
        """The position's canonical key: equal keys must reach the same results."""
        return state

    def gain(self, state: S) -> int | None:
        """For a game whose final value is what was gained so far plus what the rest of the
        line adds (the same from equal keys, whatever was gained before): the gain so far,
        which :meth:`key` then leaves out. A position reached again with no more gained than
        before is not searched again (it cannot do better); with more, it is. None (the
        default): the key holds everything."""
        return None

    def moves(self, state: S) -> list[str]:
        """The legal moves, best first; empty when the game is over. A move may be several
        engine tokens joined by ``.`` (tokens never hold one), played in turn as one step of
        the search (e.g. turning the stock to a card, then playing it): a verdict's line
        gives them one by one."""
        raise NotImplementedError

    def apply(self, state: S, move: str) -> S:
        raise NotImplementedError

    def value(self, state: S) -> int:
        """What a finished position is worth (higher is better)."""
        raise NotImplementedError

    def won(self, state: S) -> bool:
        """A finished position that is a win (no line can do better): the search stops."""
        return False

    def bound(self, state: S) -> int | None:
        """At least the best value any line from ``state`` can reach, or None (no bound).
        A bound that is ever too low makes the search wrong: when in doubt, None."""
        return None

    def begin(self) -> None:
        """A search starts (called once by each :class:`Search`, before anything else): a problem
        that learns as a search goes (e.g. the best value seen, as a target for its bound) forgets
        what an earlier search taught it here, so that a search's result depends on its problem
        and root alone (a search cut into slices, or run after another one, is the same)."""

    def attempt(self, k: int) -> int | None:
        """Restarts (off by default: None). The search calls it before its attempt ``k`` (0 at
        the start, then 1, 2, ... after each restart); the problem may change its move order for
        that attempt, and answers how many nodes (positions) the attempt may search before the
        search starts over from the root with attempt ``k + 1`` (None: to the end of the search;
        counted from when its :meth:`ceiling` is answered).
        A restart keeps the best line found and every position searched to its end (it reaches
        no more than the best found, whatever order follows; the search forgets them all if it
        ever cut a cycle, whose closing position may be on the line it drops), and drops only the
        line under way; the budget counts every attempt. For a game whose search time depends
        on its first moves (heavy tails), several orders in one budget win more deals than one.
        Only an attempt with no limit, or one that ends before it, can complete the search."""
        return None

    def ceiling(self, root: S, best: int | None) -> int | None:
        """Aspiration (off by default: None): at most the best value any line from ``root`` can
        reach, proven by the problem's own work (e.g. the search of a relaxed game), or None.
        The search asks at the start of every attempt (:meth:`attempt`), before the root's moves,
        with the best value found so far; the problem may raise :class:`Pending` (with the nodes
        its work took) and answer the repeated call. With a ceiling ``c`` (the least of those
        answered and of what the search proved itself), the search looks only for a line reaching
        it: it leaves out every position whose bound is below ``c`` (its floor is ``c - 1``) and
        stops as soon as a line reaches ``c`` (the best is then exact: no line does better). When
        it completes without a line above its floor ``f``, it has proven that none ends above
        ``f``: its ceiling is then ``f``, and unless the best found reaches that, it starts over
        from the root (a restart, :meth:`attempt`, that forgets the positions it searched: they
        were left out under a higher floor) with a lower floor: two below the new ceiling after
        one such search, three below after two, and so on (never below the best found: a
        ceiling far above the best is not walked down one by one). A search under a
        floor that completes with a line above it is exact (every position left out was at
        most the floor, below the best). A ceiling that is ever too low makes the search wrong,
        as a bound does: when in doubt, None."""
        return None

    def aim(self, floor: int | None) -> None:
        """The search now looks only for lines worth more than ``floor`` (None: any better than the
        best found; see :meth:`ceiling`): a problem whose bound works toward a target may take it
        as one. Nothing by default."""

    @property
    def has_win(self) -> bool:
        """The game can be won (then a complete search without a win proves it impossible)."""
        return True

    #: The value of a win, when every win is worth it and nothing is worth more. Then the
    #: search first settles whether the position can be won: once a line has ended, it also
    #: leaves out every position whose bound is below it (no line from there wins), so that
    #: ``impossible`` comes much sooner; the best score it found is then at least that (not
    #: exact) unless nothing was left out that way. None: every position that could beat
    #: the best is searched.
    win_value: int | None = None

    #: The nodes a search of this problem may take when its caller names no budget: a game
    #: whose nodes cost more (Gyre's bound) may take fewer, so that its verdicts come as soon.
    budget: int = BUDGET

    def deepen(self, factor: int) -> None:
        """Search ``factor`` times as far ("Keep looking", :mod:`pyapp.solve.verdicts`): :attr:`budget`,
        and whatever else the problem counts against it, times ``factor``.

        >>> p = Problem(); p.deepen(4); p.budget == 4 * BUDGET
        True
        """
        self.budget *= factor


Kind = Literal["won", "best", "impossible", "unknown"]


@dataclass(frozen=True)
class Verdict:
    """What the search proved. ``score`` and ``line``: the best value found and a line of
    moves from the position that reaches it (None and () when no line ended)."""

    kind: Kind
    score: int | None
    line: tuple[str, ...]
    #: No line does better than ``score`` (the search was complete, and, for ``impossible``,
    #: it did not leave out lines that could not win but might have scored better).
    exact: bool
    nodes: int
    #: Proven: no line from the position ends above it (in a game without a win; None: nothing
    #: proven, and always in a game with a win, where a bound below a win is the search's own
    #: business: it settles "impossible"). An exact verdict's is its ``score``; another's, the
    #: least of the problem's bound at the root and the ceiling the search proved
    #: (:meth:`Problem.ceiling`), which may be far above the best line found. When that least is
    #: the best line found, the verdict is exact, though its search did not complete.
    upper: int | None = None

    def text(self) -> str:
        """The first line of the command line's answer.

        >>> Verdict("best", 12, ("R",), False, 9).text(), Verdict("won", 1, (), True, 3).text()
        ('best 12 at-least', 'won')
        """
        if self.kind == "best":
            return f"best {self.score} {'exact' if self.exact else 'at-least'}"
        return self.kind


@dataclass
class _Frame:
    key: Hashable
    gain: int
    moves: Iterator[str]
    state: object
    #: A move to try again before the next of ``moves`` (its step was cut short: :class:`Pending`).
    again: str | None = None


@dataclass
class Search(Generic[S]):
    """One search from ``root``, run in slices (:meth:`run`) until :attr:`done`."""

    problem: Problem[S]
    root: S
    #: The most nodes it searches (None: the problem's own :attr:`Problem.budget`).
    budget: int | None = None
    nodes: int = 0
    best: int | None = None
    best_line: tuple[str, ...] = ()
    done: bool = False
    complete: bool = False
    #: A position that could have beaten the best (but not won) was left out: the best is not exact.
    cut: bool = False
    _won: bool = False
    #: The positions searched to their end (or pruned), with the most gained on reaching them.
    _finished: dict[Hashable, int] = field(default_factory=dict)
    #: The positions on the current line, with what was gained on reaching them.
    _path: set[tuple[Hashable, int]] = field(default_factory=set)
    _stack: list[_Frame] = field(default_factory=list)
    _line: list[str] = field(default_factory=list)
    #: The root's moves are still to come (its problem raised :class:`Pending`).
    _pending_root: bool = False
    #: The steps its problem cut short (:class:`Pending`): counted in :attr:`nodes`, so that a
    #: caller sees the search go on, but not in the budget or the verdict's nodes (positions).
    _waits: int = 0
    #: The nodes the problem's last cut-short step said it took (:attr:`Pending.nodes`).
    _charged: int = 0
    #: The attempt under way (:meth:`Problem.attempt`), and the positions at which it restarts.
    _attempt: int = 0
    _restart_at: int | None = None
    _limit: int | None = None
    #: A move back to a position on the line was left out (then a restart forgets what it knew).
    _cycled: bool = False
    #: Proven: no line from the root ends above it (:meth:`Problem.ceiling`; None: nothing proven).
    upper: int | None = None
    #: Positions whose bound is at most it are left out (``upper - 1``; None: no floor).
    floor: int | None = None
    #: The problem's ceiling was asked in this attempt; a line reached :attr:`upper`.
    _asked: bool = False
    _reached: bool = False
    #: How far below the ceiling the next floor is (one more after each search under a floor
    #: that found nothing above it).
    _drop: int = 0
    #: The problem's bound at the root, asked once the search is done (:meth:`_upper`).
    _root_bound: int | None = None
    _root_bound_asked: bool = False

    def __post_init__(self) -> None:
        self.nodes = 1
        self.problem.begin()
        self._begin_attempt()
        self._expand_root()
        if self._charged:  # (a step cut short with no work said is not counted here)
            self._waited()

    def _begin_attempt(self) -> None:
        self._asked = False
        self._limit = self.problem.attempt(self._attempt)
        self._restart_at = None if self._limit is None else self.nodes - self._waits + self._limit

    def _restart(self) -> None:
        """Start over from the root with the problem's next attempt (:meth:`Problem.attempt`)."""
        self._stack.clear()
        self._path.clear()
        self._line.clear()
        if self._cycled:  # a position finished below a cut cycle relied on the line dropped here
            self._finished.clear()
            self._cycled = False
        self._attempt += 1
        self._begin_attempt()
        self._pending_root = True  # the next run expands the root again, in the new order

    def _expand_root(self) -> bool:
        """The root's moves (False: the problem asked for another step, :class:`Pending`)."""
        p = self.problem
        try:
            if not self._asked:
                ceiling = p.ceiling(self.root, self.best)
                self._asked = True
                if self._limit is not None:  # the attempt's nodes count from here
                    self._restart_at = self.nodes - self._waits + self._limit
                if ceiling is not None and (self.upper is None or ceiling < self.upper):
                    self.upper = ceiling
                if self.upper is not None:
                    if self.best is not None and self.best >= self.upper:
                        self._pending_root = False
                        self.done = self.complete = True  # a line reached what no line can beat
                        return True
                    floor = self.upper - 1 - self._drop
                    if self.best is not None and floor < self.best:
                        floor = self.best  # (no lower: a line above the best is sought anyway)
                    if self.floor is not None and floor < self.floor:
                        self._finished.clear()  # they were left out under a higher floor
                    self.floor = floor
                    p.aim(floor)
            moves = p.moves(self.root)
        except Pending as wait:
            self._pending_root = True
            self._charged = wait.nodes
            return False
        self._pending_root = False
        if not moves:
            self._end(self.root)
            self.done = self.complete = True
            return True
        key, gain = p.key(self.root), p.gain(self.root) or 0
        self._path.add((key, gain))
        self._stack.append(_Frame(key, gain, iter(moves), self.root))
        return True

    def _end(self, state: S) -> None:
        """A finished position at the end of the current line."""
        value = self.problem.value(state)
        if self.best is None or value > self.best:
            self.best, self.best_line = value, tuple(self._line)
        if self.problem.won(state):
            self._won = True

    @property
    def limit(self) -> int:
        """The budget in force: :attr:`budget`, or the problem's own."""
        return self.problem.budget if self.budget is None else self.budget

    def run(self, nodes: int = SLICE) -> bool:
        """Search at most ``nodes`` more nodes (never past the budget); True once it is done.
        Stopping between two calls leaves nothing behind."""
        p, stack, limit, budget = self.problem, self._stack, self.nodes + nodes, self.limit
        if self._pending_root:
            if self.nodes - self._waits >= budget:
                self.done = True
                return True
            if not self._expand_root():
                self._waited()
                return False
            if self.done:
                return True
        while stack and not self._won and not self._reached:
            if self.nodes >= limit or self.nodes - self._waits >= budget:
                if self.nodes - self._waits >= budget:
                    self.done = True
                return self.done
            if self._restart_at is not None and self.nodes - self._waits >= self._restart_at:
                self._restart()
                return False
            frame = stack[-1]
            move = frame.again
            if move is None:
                move = next(frame.moves, None)
            else:
                frame.again = None
            if move is None:  # every move searched: what it reaches is at most the best found
                stack.pop()
                self._path.discard((frame.key, frame.gain))
                self._finished[frame.key] = frame.gain
                if self._line:
                    self._line.pop()
                continue
            try:
                child = p.apply(frame.state, move)  # type: ignore[arg-type]
                key, gain = p.key(child), p.gain(child) or 0
                seen = self._finished.get(key)
                if seen is not None and gain <= seen:
                    continue
                if (key, gain) in self._path:
                    self._cycled = True
                    continue
                moves = p.moves(child)
            except Pending as wait:  # the problem's share of this step is done: the same move again next step
                frame.again = move
                self._charged = wait.nodes
                self._waited()
                return False
            self.nodes += 1
            self._line.append(move)
            if not moves:
                self._end(child)
                self._finished[key] = gain
                self._line.pop()
                if self.upper is not None and self.best is not None and self.best >= self.upper:
                    self._reached = True  # no line can beat it (see Problem.ceiling)
                continue
            bound = p.bound(child)
            if bound is not None and self.best is not None and (bound <= self.best or (
                    p.win_value is not None and bound < p.win_value)):  # (once a line ended: a best to say)
                if bound > self.best:
                    self.cut = True  # it cannot win, but might have beaten the best found
                self._finished[key] = gain  # it cannot beat the best found, which only grows, or win
                self._line.pop()
                continue
            if bound is not None and self.floor is not None and bound <= self.floor:
                self._finished[key] = gain  # it cannot beat the floor, which only falls with a restart
                self._line.pop()
                continue
            self._path.add((key, gain))
            stack.append(_Frame(key, gain, iter(moves), child))
        if not stack and self.floor is not None and (self.best is None or self.best <= self.floor):
            self.upper = self.floor  # proven: no line ends above the floor
            if self.best is None or self.best < self.upper:
                self._drop += 1
                self._restart()  # look again with the floor lower
                return False
        if not stack and self.upper is not None and self.best is not None and self.best < self.upper:
            self.upper = self.best  # complete: no line beats the best
        self.done = True
        self.complete = not stack or self._won or self._reached
        return True

    def _waited(self) -> None:
        """Count a step its problem cut short (:class:`Pending`): the nodes it said it took, in
        the budget; or none, one step counted only in :attr:`nodes` (see ``_waits``)."""
        if self._charged:  # (no further than the budget: a verdict's nodes never pass it)
            self.nodes += max(1, min(self._charged, self.limit - (self.nodes - self._waits)))
            self._charged = 0
        else:
            self.nodes += 1
            self._waits += 1

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter, chunk: int = 64) -> bool:
        """Search for about ``seconds`` (checking ``clock`` every ``chunk`` nodes, and after a
        step its problem cut short, :class:`Pending`), for a caller that must let the page draw
        between slices; True once it is done."""
        end = clock() + seconds
        while not self.run(chunk):
            if clock() >= end:
                return False
        return True

    def cancel(self) -> None:
        """Stop here: the verdict says what was proved so far."""
        self.done = True

    def resume(self) -> bool:
        """Go on from where it stopped, once its problem's budget grew (:meth:`Problem.deepen`): a
        search its budget cut short keeps its best line, its table and the line it stood on, so
        that searching further redoes none of it. False (and nothing changes) when it completed, or
        its budget did not grow.

        >>> class Down(Problem[int]):
        ...     budget = 3
        ...     has_win = False
        ...     def moves(self, s): return [m for m in ("1", "2") if int(m) <= s]
        ...     def apply(self, s, m): return s - int(m)
        ...     def value(self, s): return -s
        >>> search = Search(Down(), 6)
        >>> while not search.run(1): pass
        >>> search.complete, search.resume()
        (False, False)
        >>> search.problem.deepen(10); search.resume()
        True
        >>> while not search.run(1): pass
        >>> search.complete, search.verdict().exact
        (True, True)
        """
        if self.complete or self.nodes - self._waits >= self.limit:
            return False
        self.done = False
        return True

    def tables(self) -> list[Memo]:
        """Its transposition table, the line it stands on, and its problem's memos (:meth:`Problem.tables`)."""
        return [self._finished, self._path, self._stack, *self.problem.tables()]

    def verdict(self) -> Verdict:
        line = tuple(token for move in self.best_line for token in move.split("."))
        nodes = self.nodes - self._waits
        if self._won:
            return Verdict("won", self.best, line, True, nodes)
        if self.complete and self.problem.has_win:
            return Verdict("impossible", self.best, line, not self.cut, nodes)
        if self.best is None:
            return Verdict("unknown", None, (), False, nodes, self._upper())
        exact = self.complete and not self.cut
        upper = None if self.problem.has_win else self.best if exact else self._upper()
        if upper is not None and upper <= self.best:
            exact, upper = True, self.best  # proven, though the search was cut short: no line beats the best found
        return Verdict("best", self.best, line, exact, nodes, upper)

    def _upper(self) -> int | None:
        """What the search proved of the most the root can reach, in a game without a win (see
        :attr:`Verdict.upper`). The problem's bound at the root is asked once the search is done
        (asked before, it could change how a problem that learns as it goes searches on)."""
        if self.problem.has_win:
            return None
        if self.done and not self._root_bound_asked:
            self._root_bound_asked = True
            self._root_bound = self.problem.bound(self.root)
        known = [u for u in (self.upper, self._root_bound) if u is not None]
        return min(known) if known else None


def solve(problem: Problem[S], root: S, budget: int | None = None, slice_nodes: int = SLICE) -> Verdict:
    """Search from ``root`` to the end or the budget (None: the problem's own), a slice at a time."""
    search = Search(problem, root, budget)
    while not search.run(slice_nodes):
        pass
    return search.verdict()


def slices(problem: Problem[S], root: S, budget: int | None = None, slice_nodes: int = SLICE) -> Iterator[Search[S]]:
    """The search after each slice (its :attr:`Search.nodes` and :attr:`Search.best` so far),
    for a caller that runs it between frames; stop iterating to cancel it."""
    search = Search(problem, root, budget)
    while not search.done:
        search.run(slice_nodes)
        yield search

