"""The solver of Gravity (RULES.md section 1): the fewest piles reachable from a position,
proven, over a compact state of its own (:class:`GravityProblem`).

**State.** ``(tops, moon, pos, hole)``: ``tops`` the 25 top cards (bytes, card ids 0..51,
:data:`EMPTY` for an empty cell), ``moon`` the MOON of the root (bytes, top first, shared by
every state of one search), ``pos`` how many MOON cards are gone, ``hole`` the pending collapse
hole (-1: none). Only a pile's top card ever matters (a buried card never comes back), and the
score is the occupied cells plus the MOON cards left, so these four say everything about the
future; the engine's counters ``N`` and the buried cards are dropped. The search knows every
card, hidden MOON or not (as the engine does).

**Value.** Minus the piles (higher is better); :meth:`GravityProblem.score_of` turns it back.

**Key.** The state itself. Two positions with equal tops, MOON left and hole reach exactly the
same results: the rules look only at those (buried cards and the counters never matter).

**Bound** (:meth:`GravityProblem.bound`). Call *live* the cards that are a pile's top or still
in the MOON; the final score is exactly the number of live cards when the game ends (each is a
pile or a MOON card). Join two live cards when the stacking relation holds between them in some
direction (same rank, or circular rank distance 1 with the same suit or opposite colours). A
stack buries a live card that is joined to another live card (the one stacked on it), and
removing a vertex that has a neighbour never lowers the number of connected components; a
MOON card that lands on a corner stays live. So without MOON->PLANET the components never
become fewer, and the final score is at least their number now. (The relation graph's
components are joined by all live cards, whatever their cells: a relaxation of the rules.)

With MOON->PLANET, the only event that removes a live card without a live partner is that
play (it buries the PLANET's top), so a component can vanish only when its last card is buried
that way. Every card of a component that vanishes is removed by its own event (a stack, which
buries a card of the same component, or a MOON->PLANET play), and all those events come before
the last MOON->PLANET play, so while the MOON is not empty; in that phase every event uses one
MOON card (a stack is followed by the MOON card landing on the corner; MOON->PLANET plays it).
Components that vanish are disjoint, so their sizes together are at most the MOON cards left.
Hence: piles >= max(1, components - v), where v is how many of the smallest components fit,
size by size, in the MOON left (0 without MOON->PLANET). A component's size is counted in
distinct card ids, which is at most its number of cards (copies of one card with several decks),
so v is never too small and the bound never too low. During a collapse choice in the MOON
phase the MOON card of the turn under way will land on the corner, so one card fewer pays.

**Moves** are the engine's tokens, every legal one (none is dropped: no dominance between two
Gravity moves was proven, so none is claimed). A win needs the live cards to stay one connected
component (see the bound), so stacks are ordered, first, by the number of components the live
cards would fall into once the stacked-on card is buried (fewest first: a stack that cuts a
group of cards off from the rest comes last, however far the MOON's credit keeps the bound from
saying so); then by how many live cards it would leave with a single live partner (a card that
only one live card can still bury, fewest first); then by the count of live partners of each
card: a stack that buries a card few live cards can still bury and leaves on top a card that
many can comes first. The same order in the MOON phase and after it. Collapse choices come in
the engine's order. When no stack is legal the only move is ``m``, as in the engine. (The order
changes only which line is searched first, never a verdict.)

**Restarts** (:meth:`GravityProblem.attempt`, the core's
:meth:`~pyapp.core.search.Problem.attempt`). Whether a deal is won within the budget hangs on
the first few moves of the order (a heavy-tailed search): of the 37 default deals of 1..500
that the order above left undetermined at 200,000 nodes, reversing only the order of collapse
choices wins 35 (most in a few thousand nodes), while of deals 1..100 it leaves 7 undetermined,
none of the 5 the order above leaves (each wins different deals fast). So the search starts
over from the deal many times, each time in another order, with the lengths of Luby, Sinclair
and Zuckerman's universal restart strategy (:func:`attempt_lengths`: 1, 1, 2, 1, 1, 2, 4, ...
times :data:`UNIT` nodes, 1,500 for 52 cards and in proportion to the cards for more or fewer
(a won line has about one stack per card), as far as they fit in the default budget; the last
attempt has the rest). The orders, in turn: the order above; the same with collapse choices in
reverse; the second order of stacks (by the partner counts of the two cards alone, and once the
MOON is empty, a hole farther from the PLANET first, the order of an earlier version) with the
engine's collapse order; the same in reverse; then the two stack orders alternately, collapse
choices and ties between stacks by a fixed shuffled ranking of the cells, one per attempt (32
orders, then again from the first). Every order offers every legal move, and a restart keeps
every position searched to its end (Gravity has no cycles: each stack or MOON->PLANET play
lowers the piles plus MOON cards, and each collapse step moves the hole outward; a later
attempt in an order already tried goes on where it stopped), so only the time a verdict takes
changes, never what it says: ``impossible`` or ``exact`` still needs an attempt that finishes
its search.

**Merged results.** Moves that lead to the same position (the same tops, MOON left and hole,
for example two copies of a card with several decks, or two orders of the same stacks) get the
same key, so the search's table searches that position once.

An end game: 8S on ``b3`` (with every other card but 7H buried under it), 7H on ``c3``.

>>> from pyapp.games.gravity.rules import GRAVITY
>>> from pyapp.solve import solve
>>> p = problem(None)
>>> rest = "".join(c + s for s in "SHDC" for c in "A23456789TJQK" if c + s not in ("8S", "7H"))
>>> st = GRAVITY.parse_state(f"GR1|M=|G=-.-.-.-.-/-.-.-.-.-/-.{rest}8S.7H.-.-/-.-.-.-.-/-.-.-.-.-|H=-|N=50.0")
>>> s = p.start(st)
>>> p.moves(s)
['b3c3', 'c3b3']
>>> v = solve(p, s); v.kind, p.score_of(v.score or 0), v.line
('won', 1, ('b3c3',))
>>> p.bound(s)
-1
"""

from __future__ import annotations

import functools
from typing import Final

from ...core.game import own
from ...core.search import BUDGET, Problem
from ...core.teardown import Memo
from .rules import CELL_NAMES, DEFAULT_OPTIONS, NEIGHBOURS, OUTWARD, PLANET, GravityOptions, GravityState, _REL, dist

__all__ = ["EMPTY", "GravityProblem", "State", "problem"]

#: The card id of an empty cell in ``tops``.
EMPTY: Final = 52

#: ``(tops, moon, pos, hole)`` (see the module doc).
State = tuple[bytes, bytes, int, int]

_N: Final = 53
#: ``REL[a * 53 + b]``: the ORTHO/DIAG bits in which top cards a and b may stack (0 with EMPTY).
REL: Final = bytes(_REL[a * 52 + b] if a < 52 and b < 52 else 0 for a in range(_N) for b in range(_N))
#: ``NB[c]``: the bit mask of the card ids related to card id c in some direction (c itself too:
#: two copies of a card have the same rank).
NB: Final[tuple[int, ...]] = tuple(
    sum(1 << b for b in range(52) if _REL[a * 52 + b]) for a in range(52)
)
#: Each unordered adjacent pair once: ``(i, j, direction bit, token i->j, token j->i)``.
_PAIRS: Final = tuple(
    (i, j, bit, CELL_NAMES[i] + CELL_NAMES[j], CELL_NAMES[j] + CELL_NAMES[i])
    for i in range(25) for j, bit, _ in NEIGHBOURS[i] if i < j
)
#: The order's weights: components after the burial, then cards left with one live partner.
_SPLIT: Final = 100_000
_LEAF: Final = 1_000
#: Stack token -> (from, to).
_STACK: Final[dict[str, tuple[int, int]]] = {
    CELL_NAMES[i] + CELL_NAMES[j]: (i, j) for i in range(25) for j, _, _ in NEIGHBOURS[i]
}
#: ``_BIT[c]``: the bit of card id c in a mask (0 for EMPTY).
_BIT: Final = tuple([1 << c for c in range(52)] + [0])
_CELL: Final[dict[str, int]] = {n: i for i, n in enumerate(CELL_NAMES)}
#: The partners order's weight of a hole at each cell once the MOON is empty (far first).
_FAR: Final = tuple(-1000 * dist(i) for i in range(25))


def _ranks(seed: int) -> tuple[int, ...]:
    """A fixed ranking of the 25 cells for collapse choices (lowest first): a shuffle by a
    small linear congruential generator, so that it is the same on every platform."""
    cells = list(range(25))
    x = seed
    for k in range(24, 0, -1):
        x = (x * 1103515245 + 12345) % 2**31
        r = x % (k + 1)
        cells[k], cells[r] = cells[r], cells[k]
    rank = [0] * 25
    for i, c in enumerate(cells):
        rank[c] = i
    return tuple(rank)


#: The orders of the attempts, in turn (see the module doc): (stacks by partners, cell ranks of
#: collapse choices or None for the engine's order).
_ORDERS: Final[tuple[tuple[bool, tuple[int, ...] | None], ...]] = (
    (False, None),
    (False, tuple(range(24, -1, -1))),
    (True, None),
    (True, tuple(range(24, -1, -1))),
    *((k % 2 == 1, _ranks(k)) for k in range(4, 32)),
)
_NO_TIE: Final = (0,) * 25


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby, Sinclair and Zuckerman's universal sequence of
    restart lengths: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:  # i is in the second copy of the sequence of length 2**(k-1) - 1
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


#: Nodes of the unit of :func:`attempt_lengths` for 52 cards (a won line is about as many moves as cards).
UNIT: Final = 1_500


@functools.cache
def attempt_lengths(cards: int, budget: int = BUDGET) -> tuple[int, ...]:
    """The nodes of every attempt but the last (see the module doc) for a deal of ``cards``
    cards: the Luby sequence in units of :data:`UNIT` times ``cards / 52``, as far as it fits
    in ``budget``; the last attempt has the rest.

    >>> a = attempt_lengths(52); a[:8], len(a), sum(a), attempt_lengths(156)[:3]
    ((1500, 1500, 3000, 1500, 1500, 3000, 6000, 1500), 59, 198000, (4500, 4500, 9000))
    """
    unit = UNIT * cards // 52
    out: list[int] = []
    i = 1
    while sum(out) + unit * luby(i) < budget:
        out.append(unit * luby(i))
        i += 1
    return tuple(out)


def _components(live: int) -> tuple[int, ...]:
    """The sizes (distinct card ids) of the connected components of the relation among the
    card ids in ``live``, smallest first."""
    nb = NB
    sizes = []
    while live:
        low = live & -live
        comp = low
        frontier = low
        while frontier:
            new = 0
            while frontier:
                b = frontier & -frontier
                new |= nb[b.bit_length() - 1]
                frontier ^= b
            new &= live & ~comp
            comp |= new
            frontier = new
        live &= ~comp
        sizes.append(comp.bit_count())
    sizes.sort()
    return tuple(sizes)


class GravityProblem(Problem[State]):
    """Gravity's search problem for one set of options (see the module doc)."""

    def __init__(self, options: GravityOptions = DEFAULT_OPTIONS, attempts: tuple[int, ...] | None = None) -> None:
        self.options = options
        self.moon_planet = not options.nomoonplanet
        self._suffix: dict[bytes, tuple[int, ...]] = {}
        self._comps: dict[int, tuple[int, ...]] = {}
        #: The nodes of each attempt but the last (:meth:`attempt`); () for a single one.
        self.attempts = attempt_lengths(options.n_total) if attempts is None else attempts
        #: The order of the attempt under way: stacks by components (False) or by partners and
        #: holes (True); collapse choices by the ranks of the cells (None: the engine's order).
        self._by_partners = False
        self._rank: tuple[int, ...] | None = None
        #: Ties between stacks of equal weight: by the rank of the cell they leave (then the token).
        self._tie: tuple[int, ...] = _NO_TIE

    def attempt(self, k: int) -> int | None:
        """The order of attempt ``k`` (see the module doc) and the nodes it may take."""
        self._by_partners, self._rank = _ORDERS[k % len(_ORDERS)]
        self._tie = _NO_TIE if k % len(_ORDERS) < 4 or self._rank is None else self._rank
        return self.attempts[k] if k < len(self.attempts) else None

    def tables(self) -> list[Memo]:
        """Its own memos (:meth:`pyapp.core.search.Problem.tables`)."""
        return [self._suffix, self._comps]

    def start(self, state: object) -> State:
        """The search state of an engine :class:`~pyapp.games.gravity.rules.GravityState`."""
        st = own(state, GravityState)
        tops = bytes(p[-1] if p else EMPTY for p in st.cells)
        return tops, bytes(st.moon), 0, st.hole

    def score_of(self, value: int) -> int:
        return -value

    def key(self, state: State) -> State:
        return state

    def _live(self, tops: bytes, moon: bytes, pos: int) -> int:
        suffix = self._suffix.get(moon)
        if suffix is None:
            masks = [0] * (len(moon) + 1)
            for k in range(len(moon) - 1, -1, -1):
                masks[k] = masks[k + 1] | (1 << moon[k])
            suffix = self._suffix[moon] = tuple(masks)
        return suffix[pos] | sum(map(_BIT.__getitem__, set(tops)))

    def moves(self, state: State) -> list[str]:
        tops, moon, pos, hole = state
        if hole >= 0:
            cand = [x for x in OUTWARD[hole] if tops[x] != EMPTY]
            if len(cand) < 2:
                return []  # a transit frame (the engine offers no move there either)
            return self._order_choices(tops, hole, cand)
        if self._by_partners:
            return self._moves_by_partners(tops, moon, pos)
        rel = REL
        nb = NB
        scored: list[tuple[int, int, str]] = []
        tie = self._tie
        live = 0
        cost: dict[int, int] = {}
        for i, j, bit, tij, tji in _PAIRS:
            a = tops[i]
            b = tops[j]
            if rel[a * 53 + b] & bit:
                if not live:
                    live = self._live(tops, moon, pos)
                ca = cost.get(a)
                if ca is None:
                    ca = cost[a] = self._burial_cost(tops, moon, pos, live, a)
                cb = cost.get(b)
                if cb is None:
                    cb = cost[b] = self._burial_cost(tops, moon, pos, live, b)
                # burying b (i onto j) is good when b has few live partners and a many
                da = (nb[a] & live).bit_count()
                db = (nb[b] & live).bit_count()
                scored.append((cb + db - da, tie[i], tij))
                scored.append((ca + da - db, tie[j], tji))
        if not scored:
            if pos < len(moon) and self.moon_planet:
                return ["m"]
            return []
        scored.sort()
        return [t for _, _, t in scored]

    def _moves_by_partners(self, tops: bytes, moon: bytes, pos: int) -> list[str]:
        """The second order of stacks (see the module doc): by the live partners of the two
        cards, and once the MOON is empty, a hole farther from the PLANET first."""
        rel = REL
        nb = NB
        scored: list[tuple[int, int, str]] = []
        tie = self._tie
        live = 0
        endgame = pos >= len(moon)
        for i, j, bit, tij, tji in _PAIRS:
            a = tops[i]
            b = tops[j]
            if rel[a * 53 + b] & bit:
                if not live:
                    live = self._live(tops, moon, pos)
                da = (nb[a] & live).bit_count()
                db = (nb[b] & live).bit_count()
                if endgame:
                    scored.append((_FAR[i] + db - da, tie[i], tij))
                    scored.append((_FAR[j] + da - db, tie[j], tji))
                else:
                    scored.append((db - da, tie[i], tij))
                    scored.append((da - db, tie[j], tji))
        if not scored:
            if pos < len(moon) and self.moon_planet:
                return ["m"]
            return []
        scored.sort()
        return [t for _, _, t in scored]

    def _burial_cost(self, tops: bytes, moon: bytes, pos: int, live: int, card: int) -> int:
        """The order's weight of burying ``card`` (see the module doc): the components of the
        live cards without it, then the live cards it leaves with a single live partner."""
        if tops.count(card) > 1 or card in moon[pos:]:
            return _SPLIT * len(self._sizes(live))  # another copy stays live: nothing changes
        after = live & ~(1 << card)
        leaves = 0
        partners = NB[card] & after
        nb = NB
        while partners:
            z = partners & -partners
            partners ^= z
            if (nb[z.bit_length() - 1] & after).bit_count() == 2:  # itself and one partner
                leaves += 1
        return _SPLIT * len(self._sizes(after)) + _LEAF * leaves

    def _sizes(self, live: int) -> tuple[int, ...]:
        sizes = self._comps.get(live)
        if sizes is None:
            sizes = self._comps[live] = _components(live)
        return sizes

    def _order_choices(self, tops: bytes, hole: int, cand: list[int]) -> list[str]:
        rank = self._rank
        if rank is not None:
            cand = sorted(cand, key=rank.__getitem__)
        return [CELL_NAMES[x] for x in cand]

    def apply(self, state: State, move: str) -> State:
        tops, moon, pos, hole = state
        work = bytearray(tops)
        n = len(move)
        if n == 4:
            f, t = _STACK[move]
            work[t] = work[f]
            work[f] = EMPTY
            hole = f
        elif n == 2:
            x = _CELL[move]
            work[hole] = work[x]
            work[x] = EMPTY
            hole = x
        else:  # "m"
            work[PLANET] = moon[pos]
            return bytes(work), moon, pos + 1, -1
        outward = OUTWARD
        while True:
            cand = [x for x in outward[hole] if work[x] != EMPTY]
            if len(cand) >= 2:
                return bytes(work), moon, pos, hole
            if not cand:
                break
            x = cand[0]
            work[hole] = work[x]
            work[x] = EMPTY
            hole = x
        if pos < len(moon):
            work[hole] = moon[pos]
            pos += 1
        return bytes(work), moon, pos, -1

    #: A win is one pile: the search settles first whether one pile can be reached.
    win_value = -1

    def value(self, state: State) -> int:
        tops, moon, pos, _ = state
        return -(25 - tops.count(EMPTY) + len(moon) - pos)

    def won(self, state: State) -> bool:
        """One pile left at the end (a transit frame, with a collapse under way, is not won:
        the engine says ``playing`` there)."""
        return state[3] < 0 and self.value(state) == -1

    def bound(self, state: State) -> int:
        """Minus a lower bound on the final piles (see the module doc)."""
        tops, moon, pos, hole = state
        credit = len(moon) - pos if self.moon_planet else 0
        if hole >= 0 and credit:
            credit -= 1  # this turn's MOON card lands on the corner: no later event uses it
        sizes = self._sizes(self._live(tops, moon, pos))
        vanish = 0
        for size in sizes:  # the smallest components the MOON left can pay for
            if size > credit:
                break
            credit -= size
            vanish += 1
        return -max(1, len(sizes) - vanish)


def problem(state: GravityState | None) -> GravityProblem:
    """The problem for positions like ``state`` (its options; None: the default rules).

    >>> from pyapp.games.gravity.rules import GRAVITY
    >>> problem(None).moon_planet, problem(GRAVITY.deal(1, GRAVITY.parse_options("nomoonplanet"))).moon_planet
    (True, False)
    """
    return GravityProblem(DEFAULT_OPTIONS if state is None else state.options)
