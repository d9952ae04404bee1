"""Gyre's relaxed bound capped by the exact most captures, from a memoised "count game" (an experiment:
nothing in the solver uses it).

    .venv/bin/python bench/gyre_kcap.py validate FIRST LAST [LEFT...]
    .venv/bin/python bench/gyre_kcap.py proof SEED T L [L...]       (eager, exact K*; L = 0: the base bound)
    .venv/bin/python bench/gyre_kcap.py MODE SEED T [bBUDGET] L...   (lazy: MODE lazy, prune0 ... prune4)

``validate``: per default deal FIRST..LAST, a random relaxed line to LEFT deck cards left (default
6 8 10 12 14); checks that the capped bound (:class:`Capped`, exact K*) is never below the exact
relaxed best (``gyre_bound_lab.Exact``), that K* with the renamed memo equals K* without it, and that
the pruned decision search (:class:`CountReach`, with the forced captures' labels and the fast
unlabelled one) answers "at least K*" yes and "at least K* + 1" no. ``proof``: "the relaxed game gains
at most T" from deal SEED's root, with the bound capped at K* (exact, :class:`CountGame`) at
positions with at most L deck cards left. The lazy modes (:class:`LazyRelaxed`) ask the count game
only for a child the current bound does not cut, and only "K* >= j?" (:class:`CountReach`), ``j``
the least number of pairs whose programmes' points would not cut it: ``lazy`` prunes the count game
with nothing but (cards in play) / 2; ``prune0`` also with the most pairs the suit programmes allow
(no labels), ``prune1`` with the forced captures' labels, ``prune2`` unlabelled then labelled,
``prune3`` unlabelled computed with the key (one look-up per suit: the fastest), ``prune4`` prune3 then
labelled; ``bBUDGET`` caps the count positions per question (out of it: no claim). Each prints the
relaxed positions, the count positions expanded, the CPU seconds of the proof (and of the count
game within them).

The count game
--------------
The relaxed game (:mod:`pyapp.games.gyre.relax`, default rules only: no jokers, no Easier, no
Attrition) with the objective "most captures" (points ignored). K*, its best from a position, is
the most captures of any relaxed line from there (end phase included).

Its memo is keyed by a renaming (:func:`count_key`): within each suit the cards in play (hand,
ring, the rest of the deck) are renamed to ranks 1..m keeping their order. Why it keeps K* (base
rules): ``capture(h, g)`` is "same suit and value(h) > value(g)", ``replace(h, g)`` "same suit and
value(h) < value(g)" (RULES.md 3.4), so between two cards in play both relations ask only the
suits and the order within a suit, which a renaming that keeps each suit's order (and maps the
deck sequence card by card) keeps. Cards out of play (score pile, discards) never come back in
the relaxed game, so no move ever compares a card in play with one out of play. The relaxed
moves (the must-capture rule, asking only whether a capture exists; captures; rotations throwing
away any ring card and bringing in the deck's top; replaces; draws to five from the deck's top;
the reveal of the next deck card; the end phase's largest capture matching) ask only those
relations and the deck's order, and points are not counted: so renaming every card of every move
maps the lines of one position one to one onto the lines of the renamed one with the same number
of captures. The moves the relaxed game leaves out by its ring cards' dominance
(``Relaxed._kept``) each have an alike card's move kept, whose lines map one to one with the same
captures (the swap argument of the solver's doc), so the search with them left out still finds K*.
The renaming is a function of the whole position (hand, ring and deck suffix). Within one deal the
suffix is fixed by the index, and the renamed deck is then fixed by the renamed hand and ring (per
suit it is {1..m} less them, m = their count plus the suffix's cards of the suit, in the suffix's
order of ranks): so (renamed hand, renamed ring, index) is a key of one deal's memo (one memo per
deal). Without the renaming the same K* search is 59 times larger (deal 15, L = 14: 19,472,332
positions against 328,628; 339 s against 7 s).

Bounds of K* used to prune the count game (each holds for every relaxed line, so a position whose
bound is below the count asked cannot reach it): each capture takes two cards in play, never the
same, so K* <= (hand + ring + deck) // 2; every line's pairs are a set the suit programmes allow
(the current bound's proof, with or without the forced captures' labels: without them the
programmes only allow more), so K* <= the most pairs the programmes allow (:func:`_unit_pairs`:
``bound._suit_programme``'s moves counting pairs; checked against ``gyre_bound_lab.suit_vector``
on 3,000 random suits). A pruned or budgeted search writes a position's memo entry only when its
answer is proven (a line found: at least j; every child searched: below j), so an abandoned question
leaves only proven entries.

The bound
---------
At a relaxed position with at most L deck cards left: min(the current bound, max(v[:K* + 1])),
v[j] the most points of exactly j pairs the suit programmes allow with the forced captures'
labels (``gyre_bound_lab.pair_vector``). Proof: take any relaxed line from the position. Its
captured pairs P are a set the programmes allow under the forced captures' labels (the current
bound's proof in the solver's doc: the labels are a property of the position, true of every
line), and |P| <= K* (K* is the most captures of any line). The programmes' path that shows P
allowed (per suit, the cards from the top, each capturer opening a pair, each captured card
closing one) closes exactly |P| pairs, so points(P) <= v[|P|] <= max(v[:K* + 1]). Both facts are
of the same line, so their combination needs no care about the labels; the min with the current
bound is a min of two upper bounds. The lazy form: if no line makes j captures (K* < j), every
line's points are at most max(v[:j]), and with j the least index where v exceeds the need
``t - pts`` that is at most the need, so the child is cut; the value is stored in the relaxed
game's upper-bound memo (a proven bound under its canonical key: positions of the same worth).

Findings (2026-11-27, this 2-core machine shared with other work: seconds vary by +-20% from run
to run; base proofs measured alongside)
--------
Validation (``validate 1 44``, 220 positions 6-14 cards from the end, 44 deals): the capped bound
is never below the exact relaxed best, the renamed K* equals the plain one everywhere, the pruned
decision searches agree with K* everywhere; the bound is lowered at 182 of 220, and the mean gap
to the exact best falls from 3.54 to 0.96 points.

Deal 15, "at most 61" from the root (base 92,644 relaxed positions; 9 base runs over the session
took 5.8-10.2 s, median 8.0; the prune3 rows ran interleaved with base runs, 2-6 runs each,
median at L 26 about 7.8 s and at L 22 about 8.8 s):

=====================  ========  =========  ==============  ==================
L, mode                relaxed   count      seconds (count)  base seconds
=====================  ========  =========  ==============  ==================
10 eager exact K*      91,775    6,248      7.0 (0.2)        6.7
14 eager exact K*      86,661    328,628    13.4 (6.4)       6.7
18 eager exact K*      65,830    765,973    28.1 (16.4)      6.7
10 prune3 (lazy)       91,775    1,376      6.1, 7.3 (0.05)  6.3, 5.8, 8.4
14 prune3              87,186    19,034     8.2, 9.2 (0.7)   as above
18 prune3              67,096    60,817     8.4-10.7 (2.0)   as above
22 prune3              44,140    120,354    7.8-9.9 (3.5)    as above
26 prune3              23,523    202,480    6.3-9.9 (4.5)    as above
30 prune3              9,176     451,645    11.6-15.6 (11)   as above
22 prune0              44,140    120,354    10.2, 11.1 (5.3) as above
22 lazy, no pruning    44,140    613,737    14.7 (10.7)      as above
30 lazy, no pruning    9,176     2,995,459  77.1 (75.6)      as above
42 prune0              5,789     1,746,987  49.0 (47.8)      as above
=====================  ========  =========  ==============  ==================

Deal 32, "at most 59" (base 159,571 relaxed positions, 12.2 and 13.9 s): prune3 L 22: 27,530
relaxed, 351,102 count, 14.9 and 13.8 s; L 26: 13,806, 447,083, 14.9 and 14.1 s; L 30: 10,223,
495,154, 16.8 and 15.1 s; prune4 L 26: 299,362 count positions but 21.5 s (the forced captures
cost more than they save).

So the cap works as a bound: with K* known, the relaxed proofs shrink 4x (deal 15, L 26) to 12x
(deal 32, L 26), 16x with the cap everywhere (deal 15, L 42: 5,789 positions). But the count game
costs about what it saves: its "no" answers (K* below the count asked: 80-97% of the questions)
need every line searched, pruned only by the programmes' most pairs, which overcount; their cost
grows steeply with the cards left (deal 15, L 30: the questions at 30 cards left average 270
count positions each, at 22 about 20), and a count position costs 15-25 us (the key, the
relaxed children) against about 90 us a relaxed position. Total time is at par with the base
(within the noise), never clearly below it. Budgets per question (``b50``-``b1000``, L 42) do not
help: the abandoned questions waste their budgets.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gyre_bound_lab as L  # noqa: E402
from collections.abc import Generator  # noqa: E402

from pyapp.games.gyre.bound import _MASKS, _SUIT_MASK, _bits, _end_best  # noqa: E402
from pyapp.games.gyre.relax import Relaxed  # noqa: E402
from pyapp.games.gyre.solver import GyreProblem  # noqa: E402

CAP = _MASKS[False][0]

#: Per suit ``h | g << 13 | d << 26`` (13-bit sets): the renamed (hand, ring).
_SUIT_KEY: dict[int, tuple[int, int]] = {}


def _suit_rename(h: int, g: int, d: int) -> tuple[int, int]:
    """Hand and ring of one suit renamed to ranks 1..m (bit 0 up) among the cards in play, in order."""
    nh = ng = 0
    slot = 0
    inplay = h | g | d
    while inplay:
        low = inplay & -inplay
        inplay ^= low
        if h & low:
            nh |= 1 << slot
        elif g & low:
            ng |= 1 << slot
        slot += 1
    return nh, ng


def _unit_pairs(h: int, d: int, g: int) -> int:
    """The most pairs one suit's programme (``bound._suit_programme``: the same moves, every card
    one point) allows: hand, deck and ring as bit sets of one suit, bit 0 the lowest."""
    best = {(0, 0): 0}  # (open pairs, unpaired non-hand cards above) -> most pairs closed
    for r in range(13, -1, -1):
        bit = 1 << r
        in_hand, in_deck, in_ring = bool(h & bit), bool(d & bit), bool(g & bit)
        if not (in_hand or in_deck or in_ring):
            continue
        nxt: dict[tuple[int, int], int] = {}
        for (o, t), v in best.items():
            options: list[tuple[int, int, int]] = []
            if in_hand:
                options.append((o, t, v))
                options.append((o + 1, t, v))
                if o and t:
                    options.append((o - 1, t - 1, v + 1))
            else:
                options.append((o, min(t + 1, 5), v))
                if in_deck:
                    options.append((o + 1, t, v))
                if o:
                    options.append((o - 1, t, v + 1))
            for o2, t2, v2 in options:
                if nxt.get((o2, t2), -1) < v2:
                    nxt[(o2, t2)] = v2
        best = nxt
    return max((v for (o, _), v in best.items() if o == 0), default=0)


#: Per suit ``h | g << 13 | d << 26``: (renamed hand | renamed ring << 13, the most pairs).
_SUIT_INFO: dict[int, tuple[int, int]] = {}
#: :func:`_unit_pairs` per renamed suit (``h | g << 13 | d << 26``).
_UNIT: dict[int, int] = {}


def _suit_info(h: int, g: int, d: int) -> tuple[int, int]:
    nh = ng = nd = 0
    slot = 0
    inplay = h | g | d
    while inplay:
        low = inplay & -inplay
        inplay ^= low
        if h & low:
            nh |= 1 << slot
        elif g & low:
            ng |= 1 << slot
        else:
            nd |= 1 << slot
        slot += 1
    k = nh | ng << 13 | nd << 26
    pairs = _UNIT.get(k)
    if pairs is None:
        pairs = _UNIT[k] = _unit_pairs(nh, nd, ng)
    return nh | ng << 13, pairs


def count_key_pairs(hand: int, ring: int, deck: int, idx: int) -> tuple[int, int]:
    """:func:`count_key`, and the most pairs the suit programmes allow (without the forced captures'
    labels: at least K*, since every relaxed line's pairs are a set they allow)."""
    key = idx
    most = 0
    cache = _SUIT_INFO
    for sh in (0, 13, 26, 39):
        h, g, d = hand >> sh & _SUIT_MASK, ring >> sh & _SUIT_MASK, deck >> sh & _SUIT_MASK
        k = h | g << 13 | d << 26
        got = cache.get(k)
        if got is None:
            got = cache[k] = _suit_info(h, g, d)
        key = key << 26 | got[0]
        most += got[1]
    return key, most


def count_key(hand: int, ring: int, deck: int, idx: int) -> int:
    """The count game's memo key: hand and ring renamed per suit (:func:`_suit_rename`), and the
    index (``deck``: the bit set of the deck's cards from ``idx``)."""
    key = idx
    cache = _SUIT_KEY
    for s in range(4):
        sh = 13 * s
        h, g, d = hand >> sh & _SUIT_MASK, ring >> sh & _SUIT_MASK, deck >> sh & _SUIT_MASK
        k = h | g << 13 | d << 26
        got = cache.get(k)
        if got is None:
            got = cache[k] = _suit_rename(h, g, d)
        key = key << 26 | got[0] << 13 | got[1]
    return key


_END_COUNT: dict[int, int] = {}


def end_count(hand: int, ring: int) -> int:
    """The largest capture matching between hand and ring (the end phase's most captures)."""
    key = hand | ring << 54
    v = _END_COUNT.get(key)
    if v is None:
        v = 0
        top = min(hand.bit_count(), ring.bit_count())
        for h in _bits(hand):
            t = CAP[h] & ring
            while t and v < top:
                low = t & -t
                t ^= low
                v = max(v, 1 + end_count(hand ^ (1 << h), ring ^ low))
            if v == top:
                break
        _END_COUNT[key] = v
    return v


class CountGame:
    """K*: the most captures of any relaxed line from a position, exact, memoised by
    :func:`count_key` (one deal: the relaxed game ``r``)."""

    def __init__(self, r: Relaxed, canonical: bool = True) -> None:
        self.r = r
        self.canonical = canonical
        self.memo: dict[int | tuple[int, int, int], int] = {}
        self.raw: dict[tuple[int, int, int], int] = {}
        #: Positions expanded (children generated).
        self.positions = 0
        self.seconds = 0.0

    def best(self, hand: int, ring: int, idx: int) -> int:
        t0 = time.process_time()
        v = self._best(hand, ring, idx)
        self.seconds += time.process_time() - t0
        return v

    def _best(self, hand: int, ring: int, idx: int) -> int:
        r = self.r
        if idx >= len(r.deck):
            return end_count(hand, ring)
        raw = (hand, ring, idx)
        v = self.raw.get(raw)  # (the same cards again: no renaming needed)
        if v is not None:
            return v
        key: int | tuple[int, int, int] = count_key(hand, ring, r.suffix[idx], idx) if self.canonical else raw
        v = self.memo.get(key)
        if v is not None:
            self.raw[raw] = v
            return v
        self.positions += 1
        # (each capture takes two cards in play, never two the same)
        top = (hand.bit_count() + ring.bit_count() + len(r.deck) - idx) // 2
        v = -1
        for p, h, g, i in r.children(hand, ring, idx):
            c = (1 if p else 0) + self._best(h, g, i)
            if c > v:
                v = c
                if v >= top:
                    break
        self.memo[key] = self.raw[raw] = v
        return v


class _OutOfBudget(Exception):
    pass


class CountReach:
    """The count game's decision form: ``reach(pos, j)``, "does some relaxed line from the position
    make at least ``j`` captures?", memoised by :func:`count_key` as the most captures known
    reachable (a line found) and the least known bound (every line searched)."""

    def __init__(self, r: Relaxed) -> None:
        self.r = r
        self.lo: dict[int, int] = {}
        self.hi: dict[int, int] = {}
        self.positions = 0
        self.seconds = 0.0

    #: With a problem: prune with :meth:`most_pairs`.
    problem: GyreProblem | None = None
    pruned = 0
    #: Prune with the most pairs of the programmes without labels, found with the key (one
    #: look-up per suit).
    fast = False
    #: 0: the programmes without labels; 1: with the forced captures' labels; 2: without, then with.
    labels = 1

    def most_pairs_plain(self, hand: int, ring: int, idx: int) -> int:
        """:meth:`most_pairs` without the forced captures' labels (they only take options away)."""
        d = self.r.suffix[idx]
        out = 0
        for s in range(4):
            sh = 13 * s
            out += suit_pairs(hand >> sh & _SUIT_MASK, d >> sh & _SUIT_MASK, ring >> sh & _SUIT_MASK)
        return out

    def most_pairs(self, hand: int, ring: int, idx: int, j: int) -> int:
        """At least K*: the most pairs the suit programmes allow with the forced captures' labels
        (every relaxed line's pairs are such a set: the current bound's proof)."""
        assert self.problem is not None
        if self.labels == 0:
            a, b, d = hand, ring, self.r.suffix[idx]
        elif self.labels == 4:
            a, b, c = self.problem._forced_labels(hand, ring, self.r.deck, idx)
            if c >= len(self.r.deck):  # (the forced captures run the deck out: no bound here)
                return j
            return count_key_pairs(a, b, self.r.suffix[c], c)[1]
        else:
            if self.labels == 2 and self.most_pairs_plain(hand, ring, idx) < j:
                return -1
            a, b, c = self.problem._forced_labels(hand, ring, self.r.deck, idx)
            d = self.r.suffix[c]
        out = 0
        for s in range(4):
            sh = 13 * s
            out += suit_pairs(a >> sh & _SUIT_MASK, d >> sh & _SUIT_MASK, b >> sh & _SUIT_MASK)
        return out

    #: Positions one question may expand (None: no limit); out of them, :meth:`reach` says None.
    budget: int | None = None
    _left = 0
    gave_up = 0

    def reach(self, hand: int, ring: int, idx: int, j: int) -> bool | None:
        """True / False as :meth:`_reach`, or None: out of :attr:`budget` (the memos keep only
        what was proven: a position's entry is written only when its answer is known)."""
        t0 = time.process_time()
        self._left = self.budget if self.budget is not None else 1 << 62
        try:
            v: bool | None = self._reach(hand, ring, idx, j)
        except _OutOfBudget:
            v = None
            self.gave_up += 1
        self.seconds += time.process_time() - t0
        return v

    def _reach(self, hand: int, ring: int, idx: int, j: int) -> bool:
        if j <= 0:
            return True
        r = self.r
        if idx >= len(r.deck):
            return end_count(hand, ring) >= j
        if (hand.bit_count() + ring.bit_count() + len(r.deck) - idx) // 2 < j:
            return False  # (each capture takes two cards in play)
        if self.fast:
            key, most = count_key_pairs(hand, ring, r.suffix[idx], idx)
            if most < j:
                self.pruned += 1
                return False
        else:
            key = count_key(hand, ring, r.suffix[idx], idx)
        lo = self.lo.get(key, 0)
        if lo >= j:
            return True
        hi = self.hi.get(key)
        if hi is not None and hi < j:
            return False
        if self.problem is not None and (not self.fast or self.labels == 4):
            most = self.most_pairs(hand, ring, idx, j)
            if most < j:
                if most >= 0:
                    self.hi[key] = most
                self.pruned += 1
                return False
        self._left -= 1
        if self._left < 0:
            raise _OutOfBudget
        self.positions += 1
        for p, h, g, i in r.children(hand, ring, idx):
            if self._reach(h, g, i, j - (1 if p else 0)):
                self.lo[key] = j
                return True
        self.hi[key] = j - 1
        return False


class LazyRelaxed(Relaxed):
    """The relaxed search asking the count game only where the current bound does not already cut a
    child, and then only "K* >= j?" for the least ``j`` whose cap would not cut it (see :meth:`_more`)."""

    left = 0
    count: CountReach
    problem: GyreProblem
    vectors: dict[tuple[int, int, int], list[int]]
    asked = 0
    cut = 0

    def tighten(self, hand: int, ring: int, idx: int, need: int, known: int) -> int:
        """An upper bound of the relaxed gain at most ``known`` (one), and at most ``need`` if the
        capped bound shows it: K* < j, j the least number of pairs whose programmes' points exceed
        ``need``, gives the bound max(v[:j]) <= need."""
        p = self.problem
        a, b, c = p._forced_labels(hand, ring, self.deck, idx)
        v = self.vectors.get((a, b, c))
        if v is None:
            v = self.vectors[(a, b, c)] = pair_vector(a, self.suffix[c], b)
        j = next((k for k, x in enumerate(v) if x > need), None)
        if j is None:  # (never: v's most is the current bound, above need)
            return known
        self.asked += 1
        if self.count.reach(hand, ring, idx, j) is not False:
            return known
        self.cut += 1
        return min(known, max(v[:j]))

    def _more(self, hand: int, ring: int, idx: int, t: int,
              key: tuple[int, int, int]) -> Generator[None, None, bool]:
        """:meth:`Relaxed._more` with :meth:`tighten` on each child the bound does not cut."""
        u = self.ub.get(key)
        if u is not None and u <= t:
            return False
        lo = self.lb.get(key)
        if lo is not None and lo > t:
            return True
        if t < 0 and not self.attrition:
            return True
        if idx >= len(self.deck) or not hand:
            v = _end_best(hand, ring, self.easy)[0] if hand else idx - len(self.deck)
            self.ub[key] = self.lb[key] = v
            return v > t
        while self._left <= 0:
            yield
        self._left -= 1
        own = self.upper(hand, ring, idx) if u is None else u
        if own <= t:
            self.ub[key] = own
            return False
        upper, ub, quick, n = self.upper, self.ub, self.quick, len(self.deck)
        ranked = []
        canon = self.canon if self.canonical else None
        for pts, nh, ng, i in self.children(hand, ring, idx):
            if i >= n:
                b = _end_best(nh, ng, self.easy)[0]
            elif not nh:
                b = i - n
            else:
                if quick is not None:
                    b = quick(nh, ng, i)
                    if pts + b <= t:
                        ranked.append((pts + b, pts, nh, ng, i, (nh, ng, i)))
                        continue
                at = (*canon(nh, ng, i), i) if canon is not None else (nh, ng, i)
                known = ub.get(at)
                if known is None:
                    known = ub[at] = upper(nh, ng, i)
                if pts + known > t and n - i <= self.left:
                    better = self.tighten(nh, ng, i, t - pts, known)
                    if better < known:
                        known = ub[at] = better
                ranked.append((pts + known, pts, nh, ng, i, at))
                continue
            ranked.append((pts + b, pts, nh, ng, i, (nh, ng, i)))
        ranked.sort(reverse=True)
        most: int | None = None
        for b, pts, nh, ng, i, at in ranked:
            if b <= t:
                most = b if most is None else max(most, b)
                break
            if (yield from self._more(nh, ng, i, t - pts, at)):
                found = pts + self.lb.get(at, t - pts + 1)
                self.lb[key] = max(self.lb.get(key, found), found, t + 1)
                return True
            v = pts + ub.get(at, t - pts)
            most = v if most is None else max(most, v)
        self.ub[key] = own if most is None else min(most, own)
        return False


class Capped:
    """The candidate bound of the relaxed game: :func:`capped` with its caches."""

    def __init__(self, p: GyreProblem, r: Relaxed, left: int, canonical: bool = True) -> None:
        self.p, self.r, self.left = p, r, left
        self.count = CountGame(r, canonical)
        self.vectors: dict[tuple[int, int, int], list[int]] = {}
        self.calls = 0
        self.lowered = 0

    def __call__(self, hand: int, ring: int, idx: int) -> int:
        p, r = self.p, self.r
        u = p._relaxed_upper(hand, ring, idx)
        if len(r.deck) - idx > self.left:
            return u
        self.calls += 1
        a, b, c = p._forced_labels(hand, ring, r.deck, idx)
        v = self.vectors.get((a, b, c))
        if v is None:
            v = self.vectors[(a, b, c)] = pair_vector(a, r.suffix[c], b)
        k = self.count.best(hand, ring, idx)
        out = min(u, max(v[:k + 1]))
        if out < u:
            self.lowered += 1
        return out


_SUIT_VECTORS: dict[int, list[int]] = {}


_SUIT_PAIRS: dict[int, int] = {}


def suit_pairs(h: int, d: int, g: int) -> int:
    """The most pairs one suit's programme allows (hand, deck, ring as 13-bit sets)."""
    k = h | d << 13 | g << 26
    got = _SUIT_PAIRS.get(k)
    if got is None:
        sv = _SUIT_VECTORS.get(k)
        if sv is None:
            sv = _SUIT_VECTORS[k] = L.suit_vector(h, d, g)
        got = _SUIT_PAIRS[k] = max(j for j, x in enumerate(sv) if x > L.NEG)
    return got


def pair_vector(hand: int, deck: int, ring: int) -> list[int]:
    """``gyre_bound_lab.pair_vector`` (no jokers) with each suit's vector kept."""
    v = [0]
    cache = _SUIT_VECTORS
    for s in range(4):
        sh = 13 * s
        h, d, g = hand >> sh & _SUIT_MASK, deck >> sh & _SUIT_MASK, ring >> sh & _SUIT_MASK
        k = h | d << 13 | g << 26
        sv = cache.get(k)
        if sv is None:
            sv = cache[k] = L.suit_vector(h, d, g)
        v = L.conv(v, sv)
    return v


def validate(first: int, last: int, lefts: list[int]) -> None:
    """Random relaxed positions LEFT cards from the deck's end: the capped bound at least the exact
    relaxed best, and the renamed count game equal to the plain one."""
    n = low = bad = lowered = wrong = 0
    reaches = []
    for labels in (1, 3):  # (pruned by the programmes' pairs with the forced captures' labels; without, fast)
        reach = CountReach(None)  # type: ignore[arg-type]  # (set per deal below)
        reach.labels, reach.fast = labels, labels == 3
        reaches.append(reach)
    gap_base = gap_new = 0
    for seed in range(first, last + 1):
        p, r, hm, gm, idx, deck = L.setup(seed)
        cap = Capped(p, r, 99)
        plain = CountGame(r, canonical=False)
        exact = L.Exact(r)
        for left in lefts:
            h, g, i, _ = L.random_position(r, hm, gm, idx, left, random.Random(seed * 100 + left))
            if i >= len(deck) or not h:
                continue
            best = exact.best(h, g, i)
            u = p._relaxed_upper(h, g, i)
            new = cap(h, g, i)
            k1, k2 = cap.count.best(h, g, i), plain.best(h, g, i)
            n += 1
            gap_base += u - best
            gap_new += new - best
            if new < u:
                lowered += 1
            if new < best:
                bad += 1
                print(f"INVALID seed {seed} left {left}: best {best} new {new} base {u}", flush=True)
            if k1 != k2:
                low += 1
                print(f"RENAMING DIFFERS seed {seed} left {left}: {k1} vs {k2}", flush=True)
            for reach in reaches:
                if reach.r is not r:
                    reach.r, reach.problem = r, p
                    reach.lo, reach.hi = {}, {}
                if not reach.reach(h, g, i, k1) or reach.reach(h, g, i, k1 + 1):
                    wrong += 1
                    print(f"REACH WRONG seed {seed} left {left} fast {reach.fast}: K* {k1}", flush=True)
    print(f"positions {n}: below the exact best {bad}, renamed K* different {low}, reach wrong {wrong}, "
          f"lowered {lowered}; "
          f"mean gap to the exact best: base {gap_base / max(n, 1):.2f}, capped {gap_new / max(n, 1):.2f}")


def proof(seed: int, t: int, lefts: list[int]) -> None:
    for left in lefts:
        p, r, hm, gm, idx, deck = L.setup(seed)
        cap = Capped(p, r, left)
        upper = cap if left > 0 else r.upper
        r2 = Relaxed(r.cap, r.rep, r.easy, deck, upper, False, r.quick)
        t0 = time.process_time()
        a = r2.at_most(hm, gm, idx, t, 10**8)
        dt = time.process_time() - t0
        print(f"seed {seed} at most {t}: {a} L {left} relaxed {r2.used} count {cap.count.positions} "
              f"seconds {dt:.2f} (count game {cap.count.seconds:.2f}) capped calls {cap.calls} "
              f"lowered {cap.lowered}", flush=True)


def lazy(seed: int, t: int, lefts: list[int], prune: bool = False, labels: int = 1,
         budget: int | None = None) -> None:
    for left in lefts:
        p, r, hm, gm, idx, deck = L.setup(seed)
        r2 = LazyRelaxed(r.cap, r.rep, r.easy, deck, r.upper, False, r.quick)
        r2.left, r2.problem, r2.vectors, r2.count = left, p, {}, CountReach(r2)
        if prune:
            r2.count.problem = p
            r2.count.labels = labels
            r2.count.fast = labels >= 3
        r2.count.budget = budget
        t0 = time.process_time()
        a = r2.at_most(hm, gm, idx, t, 10**8)
        dt = time.process_time() - t0
        print(f"seed {seed} at most {t}: {a} lazy{' prune ' + str(labels) if prune else ''} L {left} relaxed {r2.used} count {r2.count.positions} "
              f"seconds {dt:.2f} (count game {r2.count.seconds:.2f}) asked {r2.asked} cut {r2.cut} "
              f"pruned {r2.count.pruned} budget {budget} gave up {r2.count.gave_up}", flush=True)


def main() -> None:
    if sys.argv[1] == "validate":
        validate(int(sys.argv[2]), int(sys.argv[3]), [int(x) for x in sys.argv[4:]] or [6, 8, 10, 12, 14])
    elif sys.argv[1] in ("lazy", "prune0", "prune1", "prune2", "prune3", "prune4"):
        budget = None
        args = sys.argv[4:]
        if args and args[0].startswith("b"):
            budget, args = int(args[0][1:]), args[1:]
        lazy(int(sys.argv[2]), int(sys.argv[3]), [int(x) for x in args], sys.argv[1] != "lazy",
             int(sys.argv[1][-1]) if sys.argv[1] != "lazy" else 1, budget)
    else:
        proof(int(sys.argv[2]), int(sys.argv[3]), [int(x) for x in sys.argv[4:]])


if __name__ == "__main__":
    main()
