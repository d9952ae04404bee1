"""The solver of Solitaire Square (issue 19): a :class:`~pyapp.core.search.Problem` over a
compact state, with move ordering, dominance among discard choices, an upper bound on the
cells still fillable and a canonical key. Its moves are the engine's tokens.

The state is a plain tuple ``(grid, hand, ptr, deal)``: ``grid`` the 36 cells in reading
order (0 for an empty cell), ``hand`` ascending, ``ptr`` how many cards of the deck have
been drawn, ``deal`` the deck (top first) and, for each ``ptr``, the bit mask of the cards
still in the deck. The discards are not kept: they are out of the game for good and change
nothing that follows. The value of a finished position is the number of filled cells (the
engine's score); 36 is the win.

>>> from pyapp.games.square.rules import SQUARE
>>> engine = SQUARE.deal(3, SQUARE.parse_options("ends"))
>>> p = SquareProblem()
>>> s = p.start(engine)
>>> s[1] == engine.hand, s[2], p.value(s), p.won(s)
(True, 0, 2, False)
>>> set(p.moves(s)) <= set(SQUARE.legal_moves(engine))
True
>>> p.bound(s)
36

**Dead cards.** A card is *dead* in a grid when no empty cell can ever take it: for every
empty cell whose order window ``(lo, hi)`` holds the card, every horizontal neighbour of
the cell is filled and each is 5 or more away from the card. A dead card stays dead: cards
never leave the grid, so windows only shrink and a cell whose neighbours are all filled
keeps its cost. A dead card in the hand can only ever be discarded.

**Discard dominance** (the moves dropped). For a placement of cost ``c``, let the dead
cards be those of the hand (the placed card left out) that are dead in the grid *after*
the placement. Two discard sets that differ only in one card, dead ``d`` in the first and
live ``l`` in the second, lead to positions X (keeps ``l``) and Y (keeps ``d``) with the
same grid, the same deck and hands of the same size: every line from Y is also legal from
X with ``l`` discarded wherever Y discards ``d`` (Y never places ``d``, costs depend on the
grid only), and reaches the same grid at each step; where Y's line ends X may still
place cards, and filled cells never empty, so X reaches at least Y's result (and wins
whenever Y does). Swapping one card at a time, every discard set is dominated by one that
holds ``min(c, number of dead cards)`` dead cards; and sets that differ only in which dead
cards they hold are equivalent (rename the dead cards: neither is ever placed). So when the
dead cards can pay the whole cost, one move (the lowest dead cards) stands for all; else
only the sets holding every dead card are offered.

**Key.** ``(canonical grid, ptr, number of dead hand cards, live hand cards)``. The
future depends on a filled cell only as the order bound of a neighbouring empty cell in
reading order or as the horizontal neighbour of an empty cell (horizontal neighbours are
always next in reading order), so a filled cell whose both neighbours in reading order are
filled (or off the grid) is written 255 whatever its value; dead hand cards are
interchangeable (see above), so only their number counts. The deck itself is the same for
every position of one search, so ``ptr`` stands for it. Equal keys: the same cells can be
filled by the same moves, up to renaming dead cards, so the same results are reachable.

**Bound.** The filled cells plus the largest ``f`` allowed by (1), (2) and (3).

(1) *Cells per run.* Over each maximal run of empty cells in reading order (its window
``(lo, hi)`` is shared, the windows of runs are disjoint, and later windows only shrink
inside it), the cells a set ``A`` of cards can fill: a cell ``j`` only ever takes a card
of its mask (its window, or, when every horizontal neighbour is filled, the cards of the
window within 4 of one: see dead cards), a card fills one cell, and the cards of one run
increase along it (the grid increases in reading order). So the count is at most the
longest chain of cells ``j1 < j2 < ...`` with cards ``u1 < u2 < ...`` of ``A``, ``ui`` in
the mask of ``ji`` (:func:`_chain`, exact by the usual least-last-card table: ``last[k]``
is the least card ending a chain of ``k + 1`` cells, and a cell extends each chain with
its least card above the chain's last). When every cell's mask is the whole window the
chain is simply min(cells, cards).

(2) *Cards.* A placement consumes its card and ``cost`` discards, a cost of 0 needs a
cell with no filled horizontal neighbour, and two such cells placed at cost 0 are never
horizontal neighbours (the second would see the first), so at most ``z`` placements are
free (``z`` the size of a largest set of empty cells, without a filled neighbour now, no
two of them neighbours: the horizontal neighbours form paths) and every other one
consumes at least two of the cards of the hand and the deck.

(3) *Reach.* A placement of card ``u`` on cell ``j`` consumes ``1 + cost``, the cost at
most 4 and, when ``j`` has filled neighbours, at most the distance from ``u`` to the
nearest of them (neighbours filled later only lower it; the cost is at least 1 there,
the cards being distinct): ``spend(j, A)`` is the most this is over the cards ``u`` of
``A`` in ``j``'s mask. Let ``A(r)`` be the hand and the first ``r`` cards left in the deck,
and ``d(n)`` the cards drawn after ``n`` placements. Every refill tops the hand up to 5,
so ``d(1) <= e + c1`` and ``d(n) <= d(n - 1) + cn`` (``e`` what the hand lacks now when the
deck is not empty, ``ci`` what the ``i``-th placement consumes). The ``n``-th placement
plays a card of the hand before it, which lies in ``A(d(n - 1))``. Define ``R(0) = 0`` and
``R(n) = min(R(n - 1) + g(R(n - 1)) [+ e when n = 1], e + T(n, R(n - 1)))``, ``g(r)`` the
largest ``spend(j, A(r))`` and ``T(n, r)`` the sum of the ``n`` largest over distinct
cells ``j``. By induction ``d(n) <= R(n)``: the ``n``-th card is in ``A(d(n - 1))``, a
subset of ``A(R(n - 1))``, so ``cn <= g(R(n - 1))``, and ``x + g(x)`` grows with ``x``;
the first ``n`` placements are on distinct cells with cards of ``A(R(n - 1))`` (every
``A(d(i - 1))`` lies in it), so ``e + c1 + ... + cn <= e + T(n, R(n - 1))``. Hence the
first ``n`` placements fill ``n`` cells with cards of ``A(R(n - 1))``, which (1) counts:
``f`` placements need every ``n <= f`` to pass. Shortcuts, each exact: a count of (1)
only grows with ``r``, so when ``n`` passes with a count of ``m``, every number from ``n``
to ``m`` passes too (the count is redone past ``m``, and once the whole deck is within
reach, when it is final); the spends only grow with ``r``, so while ``n`` is at most the
number of cells with a spend of 5 under some ``A(r')``, ``r' <= R(n - 1)``, the step is 5
and the cap ``e + 5 n`` is no lower than it (``R`` grows by at most 5 a step), and the
counts are not redone.

**Move ordering.** Placements by cost, then by how far the cell is from where the card's
value would sit if its gap were filled evenly (the engine's greedy player); discard sets
with the least useful live cards first (those with the fewest cells per competing card).
"""

from __future__ import annotations

from itertools import combinations
from typing import Hashable

from ...core.game import own
from ...core.search import Problem
from ...core.teardown import Memo
from .rules import CELLS, HAND_SIZE, HIGH, MAX_COST, SQUARE, SquareState

__all__ = ["SquareProblem", "Pos", "problem_for_state"]

_NAMES: tuple[str, ...] = tuple("ABCDEF"[i % 6] + str(i // 6 + 1) for i in range(CELLS))
_INDEX: dict[str, int] = {n: i for i, n in enumerate(_NAMES)}
_HEADS: tuple[tuple[str, ...], ...] = tuple(tuple(f"{v}@{n}" for n in _NAMES) for v in range(HIGH + 1))
#: ``_NEAR[x]``: the bit mask of the values within MAX_COST of ``x`` (cards 1..80).
_NEAR: tuple[int, ...] = tuple(
    sum(1 << u for u in range(max(1, x - MAX_COST), min(HIGH, x + MAX_COST) + 1)) for x in range(256))
#: ``_WITHIN[k][x]``: the bit mask of the values at most ``k`` from ``x`` (k = 1, 2, 3).
_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << u for u in range(max(1, x - k), min(HIGH, x + k) + 1)) for x in range(256)) for k in range(4))


def _neighbours(wrap: bool) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for i in range(CELLS):
        col = i % 6
        if wrap:
            out.append(tuple(j for j in (i - 1, i + 1) if 0 <= j < CELLS))
        else:
            out.append(tuple(j for j, ok in ((i - 1, col > 0), (i + 1, col < 5)) if ok))
    return tuple(out)


_NB = (_neighbours(False), _neighbours(True))

#: The deck (top first) and, for each number of cards drawn, the mask of the cards still in it.
Deal = tuple[tuple[int, ...], tuple[int, ...]]
#: The search's state: (grid with 0 for empty, hand ascending, cards drawn from the deck, deal).
Pos = tuple[tuple[int, ...], tuple[int, ...], int, Deal]

# One run of empty cells: (first, last, lo, hi, window mask, cell masks, union of the cell masks, the number
# of fillable cells when each takes its whole window, else -1).
Run = tuple[int, int, int, int, int, tuple[int, ...], int, int]
# What a grid alone decides: runs, run of each value (-1: none), live mask, canonical grid, free-cell
# bound z, and for each fillable cell its mask and the complements of the values within 1, 2, 3
# of its filled neighbours (all ones when it has none).
Analysis = tuple[list[Run], list[int], int, bytes, int, tuple[tuple[int, int, int, int], ...]]


def _window(lo: int, hi: int) -> int:
    """The bit mask of the values strictly between ``lo`` and ``hi``."""
    return ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1)


def _levels(spend: tuple[tuple[int, int, int, int], ...], avail: int) -> tuple[int, int, int, int, int]:
    """The most one placement consumes with a card of ``avail`` (0: none), then how many cells
    have each most, 5, 4, 3 and 2 (see the module doc's bound, (3))."""
    h2 = h3 = h4 = h5 = 0
    for cm, f1, f2, f3 in spend:
        c = cm & avail
        if c:
            if c & f3:
                h5 += 1
            elif c & f2:
                h4 += 1
            elif c & f1:
                h3 += 1
            else:
                h2 += 1
    return (5 if h5 else 4 if h4 else 3 if h3 else 2 if h2 else 0), h5, h4, h3, h2


def _top(hist: tuple[int, int, int, int, int], n: int) -> int:
    """The sum of the ``n`` largest mosts counted by ``hist`` (see :func:`_levels`).

    >>> _top((5, 1, 0, 2, 9), 4)
    13
    """
    total = 0
    for level, count in ((5, hist[1]), (4, hist[2]), (3, hist[3]), (2, hist[4])):
        if n <= count:
            return total + level * n
        total += level * count
        n -= count
    return total

def _chain(cells: tuple[int, ...], avail: int) -> int:
    """The most cells of one run that can take distinct cards of ``avail``, increasing along
    the run (cell ``j`` takes only cards of ``cells[j]``): ``last[k]`` is the least card that
    can end ``k + 1`` cells so far.

    >>> _chain((0b1100, 0b0100, 0b1000), 0b1111)  # cards 2, 3: cells 1 and 3 (or 0 and 3)
    2
    """
    last: list[int] = []
    for cm in cells:
        c = cm & avail
        if not c:
            continue
        for k in range(len(last), -1, -1):
            m = c >> (last[k - 1] + 1) << (last[k - 1] + 1) if k else c
            if m:
                v = (m & -m).bit_length() - 1
                if k == len(last):
                    last.append(v)
                elif v < last[k]:
                    last[k] = v
    return len(last)


class SquareProblem(Problem[Pos]):
    """The search's view of Solitaire Square under the options ``wrap`` (``ends`` changes
    nothing once the grid holds its cards). See the module doc for the proofs."""

    def __init__(self, wrap: bool = False) -> None:
        self.wrap = wrap
        self.nb = _NB[wrap]
        self._cache: dict[tuple[int, ...], Analysis | None] = {}
        self._runs: dict[tuple[int, int, int, int], tuple[Run, int, tuple[tuple[int, int, int, int], ...]]] = {}

    # -- conversion ------------------------------------------------------------------
    def tables(self) -> list[Memo]:
        """Its own memos (:meth:`pyapp.core.search.Problem.tables`)."""
        return [self._cache, self._runs]

    def start(self, state: object) -> Pos:
        """The compact state of the engine's ``state`` (its options must match the problem's)."""
        st = own(state, SquareState)
        if st.options.wrap != self.wrap:
            raise ValueError("this solver was made for other options")
        deck = tuple(st.deck)
        masks = [0] * (len(deck) + 1)
        for k in range(len(deck) - 1, -1, -1):
            masks[k] = masks[k + 1] | (1 << deck[k])
        grid = tuple(0 if v is None else v for v in st.grid)
        return (grid, tuple(st.hand), 0, (deck, tuple(masks)))

    # -- the grid --------------------------------------------------------------------
    def _analyse(self, grid: tuple[int, ...]) -> Analysis | None:
        """What the grid alone decides (None when it is full), cached."""
        an = self._cache.get(grid, False)
        if an is not False:
            return an  # type: ignore[return-value]
        if len(self._cache) > 200_000:
            self._cache.clear()
        an = self._cache[grid] = self._compute(grid)
        return an

    def _compute(self, grid: tuple[int, ...]) -> Analysis | None:
        if 0 not in grid:
            return None
        runs: list[Run] = []
        run_of = [-1] * (HIGH + 2)
        live = 0
        canon = bytearray(b"\xff" * CELLS)
        z = 0
        spend: list[tuple[int, int, int, int]] = []
        parts = self._runs
        i = 0
        lo = 0
        while i < CELLS:
            g = grid[i]
            if g:
                lo = g
                i += 1
                continue
            a = i
            while i < CELLS and not grid[i]:
                i += 1
            hi = grid[i] if i < CELLS else HIGH + 1
            part = parts.get((a, i - 1, lo, hi))
            if part is None:
                if len(parts) > 200_000:
                    parts.clear()
                part = parts[(a, i - 1, lo, hi)] = self._run(a, i - 1, lo, hi)
            run = part[0]
            z += part[1]
            spend.extend(part[2])
            if hi - lo > 1:
                run_of[lo + 1:hi] = [len(runs)] * (hi - lo - 1)
            runs.append(run)
            live |= run[6]
            canon[a:i] = bytes(i - a)
            if a:
                canon[a - 1] = lo
            if i < CELLS:
                canon[i] = hi
        return runs, run_of, live, bytes(canon), z, tuple(spend)

    def _run(self, a: int, b: int, lo: int, hi: int) -> tuple[Run, int, tuple[tuple[int, int, int, int], ...]]:
        """The run of empty cells ``a..b`` between the cards ``lo`` (on cell ``a - 1``, or 0 when
        ``a`` is 0) and ``hi`` (on cell ``b + 1``, or 81 past the grid), its share of ``z`` and
        the spend masks of its fillable cells: what :meth:`_compute` needs of it depends on
        nothing else (the horizontal neighbours of a cell are next to it in reading order)."""
        nb = self.nb
        wrap = self.wrap
        win = _window(lo, hi)
        cells: list[int] = []
        spend: list[tuple[int, int, int, int]] = []
        union = 0
        z = 0
        length = 0  # free cells in a row (no filled horizontal neighbour), for z
        for j in range(a, b + 1):
            near = 0
            empty = False
            xs: list[int] = []
            for n in nb[j]:
                x = lo if n == a - 1 else hi if n == b + 1 else 0
                if x:
                    near |= _NEAR[x]
                    xs.append(x)
                else:
                    empty = True
            if empty:
                cm = win
            else:
                cm = near & win
            if cm:
                if xs:
                    m1 = m2 = m3 = 0
                    for x in xs:
                        m1 |= _WITHIN[1][x]
                        m2 |= _WITHIN[2][x]
                        m3 |= _WITHIN[3][x]
                    spend.append((cm, ~m1, ~m2, ~m3))
                else:
                    spend.append((cm, -1, -1, -1))
            if near:
                z += (length + 1) // 2
                length = 0
            else:
                length += 1
                if not wrap and j % 6 == 5:
                    z += (length + 1) // 2
                    length = 0
            cells.append(cm)
            union |= cm
        z += (length + 1) // 2
        fillable = [cm for cm in cells if cm]
        run = (a, b, lo, hi, win, tuple(cells), union, len(fillable) if all(cm == win for cm in fillable) else -1)
        return run, z, tuple(spend)

    def _live_after(self, grid: tuple[int, ...], run: Run, v: int, i: int, u: int) -> bool:
        """Card ``u`` (in the same run as ``v``) is live once ``v`` is on cell ``i``."""
        a, b = run[0], run[1]
        cells = range(a, i) if u < v else range(i + 1, b + 1)
        nb = self.nb
        for j in cells:
            for n in nb[j]:
                x = v if n == i else grid[n]
                if not x:
                    return True
            for n in nb[j]:
                x = v if n == i else grid[n]
                if -MAX_COST <= u - x <= MAX_COST:
                    return True
        return False

    # -- the search ------------------------------------------------------------------
    def moves(self, s: Pos) -> list[str]:
        grid, hand, ptr, deal = s
        an = self._analyse(grid)
        if an is None:
            return []
        runs, run_of, live = an[0], an[1], an[2]
        payable = min(MAX_COST, len(hand) - 1)
        nb = self.nb
        places: list[tuple[int, float, int, int]] = []
        for v in hand:
            r = run_of[v]
            if r < 0 or not (live >> v) & 1:
                continue
            a, b, lo, hi = runs[r][:4]
            scale = (b - a + 2) / (hi - lo)
            for i in range(a, b + 1):
                c = 0
                for n in nb[i]:
                    x = grid[n]
                    if x:
                        d = v - x if v > x else x - v
                        if c == 0 or d < c:
                            c = d
                if c <= payable:
                    ideal = a - 1 + (v - lo) * scale
                    places.append((c, abs(i - ideal), v, i))
        if not places:
            return []
        places.sort()
        avail = deal[1][ptr]
        for u in hand:
            avail |= 1 << u
        out: list[str] = []
        for c, _, v, i in places:
            head = _HEADS[v][i]
            if c == 0:
                out.append(head)
                continue
            r = run_of[v]
            run = runs[r]
            dead: list[int] = []
            keep: list[tuple[float, int]] = []
            for u in hand:
                if u == v:
                    continue
                if not (live >> u) & 1 or (run_of[u] == r and not self._live_after(grid, run, v, i, u)):
                    dead.append(u)
                else:
                    ru = runs[run_of[u]]
                    keep.append(((ru[1] - ru[0] + 1) / (ru[4] & avail).bit_count(), u))
            head += "x"
            if len(dead) >= c:
                out.append(head + "-".join(map(str, dead[:c])))
                continue
            keep.sort()
            for combo in combinations([u for _, u in keep], c - len(dead)):
                out.append(head + "-".join(map(str, sorted(dead + list(combo)))))
        return out

    def apply(self, s: Pos, move: str) -> Pos:
        grid, hand, ptr, deal = s
        head, _, xs = move.partition("x")
        vs, _, cell = head.partition("@")
        v = int(vs)
        i = _INDEX[cell]
        grid = grid[:i] + (v,) + grid[i + 1:]
        if xs:
            gone = set(map(int, xs.split("-")))
            gone.add(v)
            rest = [u for u in hand if u not in gone]
        else:
            rest = [u for u in hand if u != v]
        deck = deal[0]
        if ptr < len(deck) and 0 in grid:  # the winning placement does not refill the hand
            take = min(HAND_SIZE - len(rest), len(deck) - ptr)
            if take > 0:
                rest.extend(deck[ptr:ptr + take])
                rest.sort()
                ptr += take
        return (grid, tuple(rest), ptr, deal)

    #: A win fills every cell: the search settles first whether the grid can be filled.
    win_value = CELLS

    def value(self, s: Pos) -> int:
        return CELLS - s[0].count(0)

    def won(self, s: Pos) -> bool:
        return 0 not in s[0]

    def key(self, s: Pos) -> Hashable:
        grid, hand, ptr, _ = s
        an = self._analyse(grid)
        if an is None:
            return b"won"
        live = an[2]
        kept = [u for u in hand if (live >> u) & 1]
        return an[3] + bytes((ptr, len(hand) - len(kept), *kept))

    def bound(self, s: Pos) -> int | None:
        grid, hand, ptr, deal = s
        empty = grid.count(0)
        filled = CELLS - empty
        an = self._analyse(grid)
        if an is None:
            return filled
        deck, suffix = deal
        inhand = 0
        for u in hand:
            inhand |= 1 << u
        left = len(deck) - ptr
        cards = len(hand) + left
        z = an[4]
        f = cards if cards <= z else z + (cards - z) // 2  # (2) of the module doc
        if f > empty:
            f = empty
        runs = an[0]
        spend = an[5]
        rest = suffix[ptr]
        every = inhand | rest
        first = HAND_SIZE - len(hand) if left and len(hand) < HAND_SIZE else 0  # the first refill's extra
        reach = 0  # at most this many cards of the deck drawn before the n-th placement
        more = 0  # (1) over the cards within reach: every count up to ``more`` passes
        hist = (0, 0, 0, 0, 0)  # (3) over some cards within reach (the counts only grow with them)
        n = 1
        while n <= f:
            full = reach >= left
            avail = every if full else inhand | (rest ^ suffix[ptr + reach])
            if n > more or full:
                more = 0
                for run in runs:
                    if run[6] & avail:
                        k = run[7]
                        if k < 0:
                            more += _chain(run[5], avail)
                        else:
                            p = (run[4] & avail).bit_count()
                            more += k if k < p else p
                if more < n:
                    return filled + n - 1
                if full:
                    return filled + (more if more < f else f)
            if n > hist[1]:  # else n cells that can consume 5 each: the step of 5 is the least
                hist = _levels(spend, avail)
            step = reach + hist[0] + (first if n == 1 else 0)
            cap = first + _top(hist, n)
            reach = step if step < cap else cap
            n += 1
        return filled + f


def problem_for_state(state: SquareState | None) -> SquareProblem:
    """A problem for positions like ``state`` (None: the default rules).

    >>> problem_for_state(None).wrap, problem_for_state(SQUARE.deal(1, SQUARE.parse_options("wrap"))).wrap
    (False, True)
    """
    return SquareProblem(state is not None and state.options.wrap)
