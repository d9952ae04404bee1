"""The Zodiac solver (issue 19): a :class:`~pyapp.core.search.Problem` over a compact
state, searched by the shared core (:mod:`pyapp.core.search`).

Its moves are the engine's tokens, so every line replays through ``ZODIAC.apply``.

>>> from pyapp.games.zodiac.rules import ZODIAC, NO_OPTIONS, arrange
>>> from pyapp.core.search import solve
>>> p = ZodiacProblem()
>>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
>>> v = solve(p, p.start(s)); v.kind, v.score, len(v.line)
('won', 104, 16)
>>> deal = p.start(ZODIAC.deal(1, NO_OPTIONS))
>>> move = p.moves(deal)[0]; move.split(".")[-1], p.bound(deal)  # clicks, then a placement
('W-Z19', 104)

The state
---------

A tuple ``(talon, pointer, equator, zodiac, up, down, suit_bounds)``:

* ``talon``: the stock and the waste as one sequence, ``bytes`` of card codes: the waste
  bottom to top, then the stock top first. The waste is ``talon[:pointer]``. A stock click
  moves the pointer on by one, or back to 0 when the stock is empty (the redeal keeps the
  order, RULES.md 4.4); playing the waste top deletes ``talon[pointer - 1]``. The pointer
  and the order only serve to write the clicks of a move (Lemma T).
* ``equator``: 8 card codes, 0 for an empty cell (the engine's cells, so tokens name them).
* ``zodiac``: 24 ``bytes``, each pile bottom to top.
* ``up`` and ``down``: per suit (S H D C) the top rank of its ``Fu`` (0: empty) and of its
  ``Fd`` (14: empty).
* ``suit_bounds``: per suit, :func:`suit_best` of the suit's position (see *Bound*).

A card code is ``16 * suit + rank`` (suits S H D C are 0..3, ranks 1..13), so a zodiac top
``t`` accepts exactly the codes ``t - 1`` and ``t + 1`` (the codes 16k and 16k + 14 are no
card: A and K are not adjacent, and no suit meets another).

Phase 2 (the talon is empty) splits by suit
-------------------------------------------

A zodiac pile is one suit, an equator cell holds one card and a foundation takes one
suit, so in phase 2 the four suits are independent games. :func:`suit_best` is the most
cards a suit's two foundations can reach, by an exhaustive search over that suit alone
(memoised; its positions are few: the foundation tops and the pile heights fix them).
A card alone (an equator card, a zodiac pile of one card) is *free*: it can be played
whenever its foundation takes it. So the best total is the sum of the four, exactly.

Phase 1: the talon is a pool
----------------------------

Lemma T (the talon's order and pointer do not matter). Clicks alone bring any talon card to
the waste top and change nothing else (RULES.md 4.4: the stock recycles without limit, the
redeal keeps the order). So from a phase-1 position every card of the talon is playable at
any time: given two positions with the same *multiset* of talon cards and the same rest, a
line of one maps to a line of the other (each placement from the waste: click to a copy of
that card, then play it), with the same placements, so the same result. The phase-1 dead
end (RULES.md 4.6) and the phase change (talon empty) depend only on the multiset. Hence
the key keeps the talon sorted, without the pointer.

Moves are macros: ``S.S.…S.W-Zj`` clicks to the nearest copy of a card and plays it. The
search never follows a click alone, and by Lemma T it needs none: every position the
clicks reach has the same key. Every macro removes a card from the talon or the equator,
so no line of macros comes back to a position on it.

Lemma E (talon to equator only at the end). In any line, a ``W-E`` of card ``c`` can be
moved later: between its old and its new place one more cell is empty (a move that needs
an empty cell is still legal, none needs a full one) and ``c`` stays in the talon (so the
phase cannot end sooner). If ``c`` later goes ``E-Z``, play it ``W-Z`` there instead; if it
stays, store it just before phase 1 ends. The zodiac sees the same placements in the same
order, so the end of phase 1 is the same up to the cells' order (symmetric, below). So
only lines whose ``W-E`` moves come last, together emptying the talon, are needed.

Lemma C (close as soon as it fits). When the talon fits the empty cells (the talon and
the equator hold at most 8 cards together), storing it all now (one macro, the *close*:
phase 2 starts) is at least as good as anything else. Any other line ends phase 1 with
each zodiac pile the present one with cards on top and every other card in a cell; from
the close position every phase-2 line of that one is also legal (a card of a present pile
is uncovered no later, every other card is free): the *Bound* argument below. So the close
is then the only move.

Lemma D (an equator copy first). When a card is both in the talon and in a cell, playing
the cell's copy is at least as good as playing a talon copy: the two results differ only
in where the other copy waits, and one in the talon can do all that one in a cell can
(play it to a pile, or store it at the end, into the cell the first left empty). So a card
in the equator is not played from the talon.

Dead ends. :func:`_stranded` counts the talon and equator cards that no pile can ever
take: a pile's top can only become a rank of the unbroken run of free ranks around it
(nothing leaves a pile in phase 1, and a card needs a neighbour on top), so a card outside
every such run (or a pile top's other copy with no free neighbour) stays free for ever.
Those cards all end in the equator; more than 8, and phase 1 can never end, so every line
ends in a phase-1 dead end worth the foundations' count now (nothing reaches a foundation
in phase 1): that is then the bound. When no placement is left but the talon does not fit
the cells, every line is such a dead end; the one move offered fills the cells, reaching the
engine's dead end (so a line ends where the engine's game does).

Safe moves in phase 2
---------------------

* **Phase 2: one move.** ``moves`` returns only the first legal move after which its suit's
  best is unchanged. Proof: the total best is the sum of the suits' bests, and a move
  changes only its own suit, so such a move keeps the total best; one exists whenever a move
  does (a legal move in suit k makes k's best exceed its current count, and a line reaching
  k's best starts with a legal move of k that keeps it); the move puts one more card on a
  foundation, so following such moves ends, at exactly the best.

Symmetry
--------

The eight cells obey the same rules (RULES.md 4.2, 4.4, 4.5: every condition on a cell is
"empty" or "its card"), and so do the 24 zodiac piles (their ring is only drawn), so
permuting cells or piles maps lines to lines of the same result. Hence a card is played
from the first cell holding it only, onto the first of equal piles only, stored into the
lowest empty cells, and the key sorts the equator and the piles.

Each kept move replaces dropped ones that reach a position worth as much, and every kept
move puts a card one step nearer the foundations (talon, equator, zodiac, foundation): so
by induction on that measure the search of the reduced moves still reaches the best result.

Ordering: the suits' plans
--------------------------

Phase 1 splits by suit too, but for the cells: a placement touches one suit's piles and
free cards only. :func:`plan_suit` looks (depth-first, a few thousand nodes) for placements
of a suit's free cards after which ``suit_best`` is still 26, leaving as few free as it can.
When the four plans leave at most 8 cards together, the first move offered is the next
placement of a plan, so that the first line plays the plans in turn: once at most 8 cards
are left the close (Lemma C) starts phase 2 with every suit clearable, and phase 2 wins.
This is only an order: every move is still offered, and a plan proves nothing by itself
(the verdict is the search's). The plan search carries a clearing order of each suit
configuration it enters (:func:`~pyapp.games.zodiac.suits.witness`: the time each pile top
and each free copy reaches a foundation); placing a free copy of ``c`` on a pile whose top
leaves after that copy keeps the order valid, so such placements come first and need no
search of their own (it found the plans of 31 of the 53 deals of 1..500 left undetermined
before). When the four plans leave more than 8 cards, each suit in turn gets one longer
plan search (:data:`~pyapp.games.zodiac.suits.DEEP_BUDGET`) that stops as soon as that suit
alone leaves few enough (once per position: what it first saw is kept, so that its steps cut
short by Pending answer as one call would). Otherwise: a card onto a pile that keeps the pile building
one way (an equator card first), then placements that turn a pile.
Bound
-----

``bound`` is the sum of ``suit_bounds``. In phase 2 it is exact. In phase 1 each suit's
entry is :func:`suit_best` with the suit's zodiac piles of two or more cards kept as they
are and *every other card of the suit free* (talon, equator, piles of one card). It is a
true upper bound: in phase 1 the zodiac piles only grow on top (RULES.md 4.4: nothing
leaves the zodiac), so at the start of phase 2 each pile is the present one with cards
above it, and every other card sits above some pile or alone. Any phase-2 line of that
final position is also a line of the relaxed one (a card of a present pile is uncovered in
the relaxed position no later than in the final one; every other card is free there), so
the relaxed best is at least the final best.

Key
---

``(sorted talon, sorted equator, sorted zodiac, up, down)``, written as one ``bytes``: the
whole state but the talon's order and pointer (Lemma T), the order of the cells and the
piles (symmetry) and ``suit_bounds`` (a function of the rest).

Steps
-----

The page reads the clock between the search's steps. A problem made by :func:`problem` does
at most :data:`STEP_WORK` units of work (a position :func:`suit_best` computes, a node of a
plan search) per call of ``moves`` or ``apply``; past it, it raises
:class:`~pyapp.core.search.Pending` and the search makes the same call in its next step. What
was done stays (``suit_best``'s memo, the plan search under way, :class:`PlanSearch`), so the
answer, and the search, are the same as in one go.
"""

from __future__ import annotations

from typing import Final, Hashable

from ...core.cards import SUITS, Card
from ...core.game import own
from ...core.search import Pending, Problem
from ...core.teardown import Memo
from .rules import FOUNDATIONS, N_CARDS, N_EQUATOR, ZodiacState
from .suits import (DEEP_BUDGET, NO_LIMIT, PLAN_BUDGET, PLAN_TOTAL, STEP_WORK, WORK, PlanSearch, SuitConfig, keeps_direction,
                    plan_suit, suit_best, suit_config, suit_piles, work_done)

__all__ = ["STEP_WORK", "PlanSearch", "ZodiacProblem", "plan_suit", "problem", "suit_best", "work_done"]

#: A search state (see the module doc).
State = tuple[bytes, int, tuple[int, ...], tuple[bytes, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]

_W_Z: Final = tuple(f"W-Z{j}" for j in range(24))
_W_E: Final = tuple(f"W-E{i}" for i in range(8))
_E_Z: Final = tuple(tuple(f"E{i}-Z{j}" for j in range(24)) for i in range(8))
_E_F: Final = tuple(tuple(f"E{i}-{f}" for f in FOUNDATIONS) for i in range(8))
_Z_F: Final = tuple(tuple(f"Z{j}-{f}" for f in FOUNDATIONS) for j in range(24))

# token -> (kind, source index, target index); kinds: 0 S, 1 W-Z, 2 W-E, 3 E-Z, 4 E-F, 5 Z-F
_PARSED: Final[dict[str, tuple[int, int, int]]] = {"S": (0, 0, 0)}
for _j in range(24):
    _PARSED[_W_Z[_j]] = (1, 0, _j)
    for _f in range(8):
        _PARSED[_Z_F[_j][_f]] = (5, _j, _f)
for _i in range(8):
    _PARSED[_W_E[_i]] = (2, 0, _i)
    for _j in range(24):
        _PARSED[_E_Z[_i][_j]] = (3, _i, _j)
    for _f in range(8):
        _PARSED[_E_F[_i][_f]] = (4, _i, _f)


def code(card: Card) -> int:
    """A card's code: 16 * suit + rank.

    >>> code(Card.parse("AS")), code(Card.parse("KC"))
    (1, 61)
    """
    return 16 * SUITS.index(card.suit) + card.rank


def _suit_bound(state: State, suit: int) -> int:
    base = 16 * suit
    return suit_best(base + state[4][suit], base + state[5][suit], suit_piles(state[3], suit))


# -- the problem --------------------------------------------------------------------------------


class ZodiacProblem(Problem[State]):
    """The search over Zodiac positions (see the module doc)."""

    def __init__(self, step_work: int | None = None) -> None:
        #: The plans found (:meth:`PlanSearch.found`), packed: ``b"\xff".join(config)`` to
        #: ``left << 16 | card << 8 | pile`` (bytes and ints: the garbage collector never walks it).
        self._plans: dict[bytes, int] = {}
        #: Plan-search nodes left to this problem (its searches share them).
        self._plan_left = PLAN_TOTAL
        #: Deeper plan-search nodes left to this problem (:meth:`_deepen`), apart from those.
        self._deep_left = PLAN_TOTAL
        #: The plan search under way (resumed by the next call that needs it).
        self._running: PlanSearch | None = None
        #: Per position (its suits' configurations) whose plans were deepened (:meth:`_deepen`).
        #: Its entries: the plans it started from, then each suit's deeper plan as it is done, or
        #: (when done) five entries, the last the plans (``()``: they do not fit).
        self._deep: dict[bytes, list[tuple[int, ...]]] = {}
        #: The work (:data:`STEP_WORK`) one call of ``moves`` or ``apply`` may do before it raises
        #: :class:`Pending` for the search to call again in its next step; None: no limit.
        self.step_work = step_work

    def tables(self) -> list[Memo]:
        """Its own memos (:meth:`pyapp.core.search.Problem.tables`; the one-suit memo of
        :mod:`.suits` is shared, and stays)."""
        return [self._plans, self._deep]

    def start(self, state: object) -> State:
        """The compact state of an engine :class:`~pyapp.games.zodiac.rules.ZodiacState`."""
        state = own(state, ZodiacState)
        talon = bytes(code(c) for c in (*state.waste, *state.stock))
        equator = tuple(0 if c is None else code(c) for c in state.equator)
        zodiac = tuple(bytes(code(c) for c in pile) for pile in state.zodiac)
        up = tuple(0 if c is None else c.rank for c in state.found[:4])
        down = tuple(14 if c is None else c.rank for c in state.found[4:])
        s: State = (talon, len(state.waste), equator, zodiac, up, down, (0, 0, 0, 0))
        return s[:6] + (tuple(_suit_bound(s, k) for k in range(4)),)

    def key(self, state: State) -> Hashable:
        # one bytes (the collector tracks no bytes, so the search's table of keys is never walked):
        # the sorted talon and 0xff (codes are below 64), the sorted equator (8), up (4), down (4),
        # then the 24 piles sorted, parted by 0xff
        return (bytes(sorted(state[0])) + b"\xff" + bytes(sorted(state[2])) + bytes(state[4]) + bytes(state[5])
                + b"\xff".join(sorted(state[3])))

    #: A win puts all 104 cards home: the search settles first whether that can be done.
    win_value = N_CARDS

    def value(self, state: State) -> int:
        return sum(state[4]) + 56 - sum(state[5])

    def won(self, state: State) -> bool:
        return self.value(state) == N_CARDS

    def bound(self, state: State) -> int:
        if state[0] and _stranded(state) > N_EQUATOR:
            return self.value(state)  # phase 1 can never end: every line ends in its dead end
        return sum(state[6])

    def moves(self, state: State) -> list[str]:
        w = WORK
        if self.step_work is None or w[1] != NO_LIMIT:
            return self._moves(state)
        w[1] = w[0] + self.step_work  # this step's share (Pending once it is used)
        try:
            return self._moves(state)
        finally:
            w[1] = NO_LIMIT

    def _moves(self, state: State) -> list[str]:
        talon, p, equator, zodiac, up, down, bounds = state
        if not talon:
            return self._phase2(state)
        free_cells = equator.count(0)
        if len(talon) <= free_cells:
            return [_store(talon, p, equator, len(talon))]  # the close (see *Closing phase 1*)
        # the first pile of each content accepting each card (symmetric piles)
        accepts: dict[int, list[int]] = {}
        seen_piles: set[bytes] = set()
        for j, pile in enumerate(zodiac):
            if pile not in seen_piles:
                seen_piles.add(pile)
                t = pile[-1]
                accepts.setdefault(t - 1, []).append(j)
                accepts.setdefault(t + 1, []).append(j)
        good: list[str] = []  # onto a pile, keeping its direction (an equator card first)
        turns: list[str] = []  # onto a pile, turning it
        seen: set[int] = set()
        for i, c in enumerate(equator):
            if c and c not in seen:
                seen.add(c)  # the first cell holding each card (symmetric cells)
                for j in accepts.get(c, ()):
                    (good if keeps_direction(zodiac[j], c) else turns).append(_E_Z[i][j])
        size = len(talon) + 1
        clicks: dict[int, int] = {}
        for k, c in enumerate(talon):
            if c in accepts and c not in seen:  # a card also in the equator is played from there
                n = (k + 1 - p) % size
                if clicks.get(c, size) > n:
                    clicks[c] = n
        for c, n in clicks.items():
            prefix = _CLICKS[n]
            for j in accepts[c]:
                (good if keeps_direction(zodiac[j], c) else turns).append(prefix + _W_Z[j])
        moves = good + turns
        first = self._planned(state, seen, clicks)
        if first is not None:
            if first in moves:
                moves.remove(first)
            moves.insert(0, first)
        if not moves and free_cells:
            return [_store(talon, p, equator, free_cells)]  # to the engine's dead end
        return moves

    def _planned(self, state: State, equator_cards: set[int], clicks: dict[int, int]) -> str | None:
        """The next placement of the suits' plans (:func:`plan_suit`) when together they leave at
        most 8 free cards, else None. Only an ordering: the move is one of the offered ones."""
        talon, p, equator, zodiac, up, down, bounds = state
        plans = self._plans
        if len(plans) > 200_000:
            plans.clear()
        cfgs = [suit_config(zodiac, k) for k in range(4)]
        packs: list[int] = []
        for k in range(4):
            packed = plans.get(b"\xff".join(cfgs[k]))
            if packed is None:
                if self._plan_left <= 0:
                    return None
                packed = self._plan(cfgs[k], up[k], down[k], k, PLAN_BUDGET, 0)
            if packed >> 16 == 99:
                return None  # a suit whose plan search found nothing
            packs.append(packed)
        if sum(q >> 16 for q in packs) > N_EQUATOR:
            deep = self._deepen(cfgs, up, down, packs)
            if deep is None:
                return None
            packs = deep
        for k, packed in enumerate(packs):
            if packed & 0xff00:
                c, pile = packed >> 8 & 0xff, cfgs[k][packed & 0xff]
                j = zodiac.index(pile)
                if c in equator_cards:
                    return _E_Z[equator.index(c)][j]
                return _CLICKS[clicks[c]] + _W_Z[j]
        return None

    def _deepen(self, cfgs: list[SuitConfig], up: tuple[int, ...], down: tuple[int, ...], packs: list[int]
                ) -> list[int] | None:
        """Plans that leave at most 8 cards by longer plan searches (:data:`DEEP_BUDGET`), once per
        position: each suit in turn, each stopping as soon as that suit alone leaves few enough
        for the four plans to fit; None if they do not. Its steps start again from what it
        first saw (``_deep``), so that a step cut short (Pending) changes nothing."""
        joint = b"\xfe".join(b"\xff".join(c) for c in cfgs)
        entry = self._deep.get(joint)
        if entry is None:
            if len(self._deep) > 20_000:
                self._deep.clear()
            entry = self._deep[joint] = [tuple(packs)]
        if len(entry) == 6:  # done: the deepened plans, or () when they do not fit
            return list(entry[5]) or None
        packs = list(entry[0])
        excess = sum(q >> 16 for q in packs) - N_EQUATOR
        if excess <= 6:
            for k in range(4):
                left = packs[k] >> 16
                if len(entry) > k + 1:  # this suit's deeper search is done (an earlier step)
                    packs[k] = entry[k + 1][0]
                elif left == 0 or self._deep_left <= 0:
                    entry.append((packs[k],))
                else:
                    packs[k] = self._plan(cfgs[k], up[k], down[k], k, DEEP_BUDGET, left - excess, deep=True)
                    entry.append((packs[k],))
                excess = sum(q >> 16 for q in packs) - N_EQUATOR
                if excess <= 0:
                    break
        entry[1:] = [(), (), (), (), tuple(packs) if excess <= 0 else ()]
        return packs if excess <= 0 else None

    def _plan(self, cfg: SuitConfig, up: int, down: int, k: int, budget: int, enough: int, deep: bool = False) -> int:
        """A plan search of suit ``k`` from ``cfg`` (resumed if under way: Pending when the step's
        work is used up), its plan recorded; the plan's packed entry for ``cfg``."""
        plans = self._plans
        search = self._running
        want = (cfg, up, down, 16 * k, enough)
        if search is None or (search.config, search.up, search.down, search.base, search.enough) != want:
            search = self._running = PlanSearch(cfg, up, down, 16 * k,
                                                min(budget, self._deep_left if deep else self._plan_left), enough)
        search.run()  # (Pending when this step's work is used up: resumed in the next)
        self._running = None
        if deep:
            self._deep_left -= search.nodes
        else:
            self._plan_left -= search.nodes
        old = plans.get(b"\xff".join(cfg))
        if old is None or search.found()[0][1][0] < old >> 16:
            for config, (n, c, j) in search.found():
                plans[b"\xff".join(config)] = n << 16 | c << 8 | j
        return plans[b"\xff".join(cfg)]

    def _phase2(self, state: State) -> list[str]:
        talon, p, equator, zodiac, up, down, bounds = state
        for kind, sources in ((4, equator), (5, tuple(pile[-1] if pile else 0 for pile in zodiac))):
            for i, c in enumerate(sources):
                if not c:
                    continue
                suit, r = c >> 4, c & 15
                for f, hit in ((suit, r == up[suit] + 1), (suit + 4, r == down[suit] - 1)):
                    if hit:
                        token = (_E_F if kind == 4 else _Z_F)[i][f]
                        if self.apply(state, token)[6][suit] == bounds[suit]:
                            return [token]
        return []

    def apply(self, state: State, move: str) -> State:
        w = WORK
        if self.step_work is None or w[1] != NO_LIMIT:
            return self._apply(state, move)
        w[1] = w[0] + self.step_work  # this step's share (Pending once it is used)
        try:
            return self._apply(state, move)
        finally:
            w[1] = NO_LIMIT

    def _apply(self, state: State, move: str) -> State:
        if "." in move:
            for token in move.split("."):
                state = self._apply1(state, token)
            return state
        return self._apply1(state, move)

    def _apply1(self, state: State, move: str) -> State:
        talon, p, equator, zodiac, up, down, bounds = state
        kind, a, b = _PARSED[move]
        if kind == 0:
            return (talon, p + 1 if p < len(talon) else 0, equator, zodiac, up, down, bounds)
        if kind in (1, 2):
            c = talon[p - 1]
            talon, p = talon[:p - 1] + talon[p:], p - 1
        elif kind in (3, 4):
            c = equator[a]
            equator = equator[:a] + (0,) + equator[a + 1:]
        else:
            c = zodiac[a][-1]
            zodiac = zodiac[:a] + (zodiac[a][:-1],) + zodiac[a + 1:]
        suit = c >> 4
        if kind == 2:
            equator = equator[:b] + (c,) + equator[b + 1:]
        elif kind in (1, 3):
            zodiac = zodiac[:b] + (zodiac[b] + bytes((c,)),) + zodiac[b + 1:]
        elif b < 4:
            up = up[:b] + (c & 15,) + up[b + 1:]
        else:
            down = down[:b - 4] + (c & 15,) + down[b - 3:]
        new: State = (talon, p, equator, zodiac, up, down, bounds)
        if kind != 2:  # a card left the free ones of its suit: its bound may change
            bound = _suit_bound(new, suit)
            new = new[:6] + (bounds[:suit] + (bound,) + bounds[suit + 1:],)
        return new


_CLICKS: Final = tuple("S." * n for n in range(N_CARDS + 2))


def _store(talon: bytes, p: int, equator: tuple[int, ...], count: int) -> str:
    """The tokens that put ``count`` talon cards into the empty equator cells, lowest first:
    from the waste top down, after a click when the waste is empty."""
    tokens: list[str] = []
    cells = [i for i, c in enumerate(equator) if not c]
    for i in cells[:count]:
        if p == 0:
            tokens.append("S")
            p = 1
        tokens.append(_W_E[i])
        p -= 1
    return ".".join(tokens)


def _stranded(state: State) -> int:
    """How many cards of the talon and the equator no zodiac pile can ever take (a lower
    bound: see *Dead ends*)."""
    talon, p, equator, zodiac = state[0], state[1], state[2], state[3]
    count = [0] * 64
    for c in talon:
        count[c] += 1
    for c in equator:
        count[c] += 1
    reach = [False] * 64
    for pile in zodiac:
        t = pile[-1]
        lo = t - 1
        while count[lo]:
            reach[lo] = True
            lo -= 1
        hi = t + 1
        while count[hi]:
            reach[hi] = True
            hi += 1
        if hi - lo > 2:
            reach[t] = True
    return sum(n for c, n in enumerate(count) if n and not reach[c])


def problem(state: ZodiacState | None = None) -> ZodiacProblem:
    """The problem for positions like ``state`` (Zodiac has no options), for a search: its
    steps do at most :data:`STEP_WORK` at a time (see :class:`~pyapp.core.search.Pending`)."""
    return ZodiacProblem(STEP_WORK)
