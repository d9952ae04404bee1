"""Gyre's relaxed game, a bound for the solver (:mod:`pyapp.games.gyre.solver` holds the proof).

The relaxed game is Gyre with the ring as a set of cards: a rotation may throw away *any*
ring card (not only the one after the gap), and a revealed card joins the ring at once (no
place). Everything else is the rules': the must-capture rule, captures, the draw to five, the
reveal, replaces, the end phase. Every line of the real game is a line of the relaxed one
with the same points (a rotation throws away one ring card and brings in the deck's top; a
place puts the waiting card into the ring), so the relaxed game's best gain from a position
is at least the real game's. Its positions are (hand, ring, deck index) as bit sets and an
index: one relaxed position stands for every arrangement of its ring, which is why it can
be searched much further than the real game.

:class:`Relaxed` answers "can the relaxed game gain more than ``t`` from here?" with a
depth-first search that prunes with an upper bound of the relaxed game (the solver's bound
without its forced rotations, which hold for the real ring only) and keeps, per position,
the least proven upper bound and the most proven lower bound of its best gain (the deck is
fixed), within a budget of positions per question (None: out of budget, nothing claimed). A
question can also be asked to go on later where it stopped (:meth:`Relaxed.ask`, a
:class:`Question` run a budget at a time; its search is a generator that pauses when a run's
positions are spent): the ceiling's search runs that way, in steps short enough for the page.
Moves that take or throw away ring cards alike for every card still to be played (the
same captures and replaces by each) are kept only once, the one that keeps the most
(:meth:`Relaxed._kept`; the proof is in the solver's doc), and what it proves of a position is
kept under a canonical hand and ring (:meth:`Relaxed.canon`: cards from ace to ten moved down
past cards out of play, a position of the same worth).
A child whose cheaper bound (``quick``: the suit programmes without the forced captures, which
only take options away, so at least the other) already cannot beat the question's target is
cut with it, and the dearer bound is worked out only for the others.
With Attrition a rotation also throws away a hand card of the player's choice (any, as the
rules allow), ends the game at once when the hand is then empty and the deck is not (the
gain then loses a point per card left in the deck, as the rules' penalty), and otherwise
draws to five when the card it brought in is a joker (the joker refill; captures and
replaces draw to five anyway).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Final

from .bound import _CACHE_LIMIT, _CODE, _HAND, _PTS, _XR, _bits, _end_best



#: :func:`_pack` per ``hand | ring << 10 | deck << 20``.
_PACKED: dict[int, tuple[int, int]] = {}


def packed(hand: int, ring: int, deck: int) -> tuple[int, int]:
    """:func:`_pack`, kept."""
    key = hand | ring << 10 | deck << 20
    got = _PACKED.get(key)
    if got is None:
        if len(_PACKED) > _CACHE_LIMIT:
            _PACKED.clear()
        got = _PACKED[key] = _pack(hand, ring, deck)
    return got


def _pack(hand: int, ring: int, deck: int) -> tuple[int, int]:
    """One suit's ranks from ace to ten as bit sets (bit 0: the ace): the hand's and the ring's
    cards moved down, in their order, to the lowest ranks between two of the deck's.

    >>> _pack(0b0100100, 0b1000010, 0b0010000)  # ring 2, hand 3, deck 5, hand 6, ring 7: 2, 3 move to A, 2
    (34, 65)
    """
    nh = nr = 0
    slot = 0
    for pos in range(10):
        bit = 1 << pos
        if deck & bit:
            slot = pos + 1
        elif hand & bit:
            nh |= 1 << slot
            slot += 1
        elif ring & bit:
            nr |= 1 << slot
            slot += 1
    return nh, nr


class Relaxed:
    """The relaxed game of one deck, with its memos (see the module doc).

    ``cap[h]`` / ``rep[h]``: the cards ``h`` captures / may replace; ``easy``: the option (the
    end phase); ``upper(hand, ring, idx)``: an upper bound of the relaxed game's best gain from
    that position, whose deck is not empty.

    >>> from pyapp.core.cards import CANONICAL_INDEX, Card
    >>> from pyapp.games.gyre.bound import _MASKS
    >>> n = lambda code: CANONICAL_INDEX[Card.parse(code)]
    >>> cap, rep = _MASKS[False]
    >>> deck = (n("2C"), n("QS"), n("3C"))
    >>> r = Relaxed(cap, rep, False, deck, lambda h, g, i: 100)  # a useless bound: a full search
    >>> hand = sum(1 << n(c) for c in ("KH", "AS", "2S", "AC", "AD"))
    >>> ring = sum(1 << n(c) for c in ("QH", "4C", "5C", "6C", "7C"))
    >>> # KH must take QH (7); 2C is drawn, QS revealed; no capture: 2C replaces 4C, 3C is
    >>> # drawn and takes 2C in the end phase (2): 9 in all, and no more
    >>> r.at_most(hand, ring, 0, 8, 10_000), r.at_most(hand, ring, 0, 9, 10_000), r.lb[(hand, ring, 0)]
    (False, True, 9)
    """

    def __init__(self, cap: tuple[int, ...], rep: tuple[int, ...], easy: bool, deck: tuple[int, ...],
                 upper: Callable[[int, int, int], int], attrition: bool = False,
                 quick: Callable[[int, int, int], int] | None = None) -> None:
        self.cap, self.rep, self.easy, self.deck, self.upper = cap, rep, easy, deck, upper
        #: A cheaper upper bound, at least ``upper``: a child it cuts needs no other.
        self.quick = quick
        #: Per card ``g``: the cards that capture it, and those that may replace it (the columns
        #: of ``cap`` and ``rep``), for the ring cards' dominance (see the module doc).
        self.capby = tuple(sum(1 << h for h in range(len(cap)) if cap[h] >> g & 1) for g in range(len(cap)))
        self.repby = tuple(sum(1 << h for h in range(len(rep)) if rep[h] >> g & 1) for g in range(len(rep)))
        #: Leave out the moves the ring cards' dominance shows are no better than another.
        self.dominance = True
        #: Key positions by their canonical ring (:meth:`canon`; not with Easier, whose captures
        #: cross suits).
        self.canonical = not easy
        suffix = [0] * (len(deck) + 1)
        for i in range(len(deck) - 1, -1, -1):
            suffix[i] = suffix[i + 1] | (1 << deck[i])
        #: Bit set of ``deck[i:]`` for every ``i``.
        self.suffix = tuple(suffix)
        self.attrition = attrition
        #: Per position: the least proven upper bound and the most proven lower bound of its best gain.
        self.ub: dict[tuple[int, int, int], int] = {}
        self.lb: dict[tuple[int, int, int], int] = {}
        self._left = 0
        #: The positions the last question searched.
        self.used = 0

    def at_most(self, hand: int, ring: int, idx: int, t: int, budget: int) -> bool | None:
        """True: the relaxed game gains at most ``t`` from this position (proven); False: more
        (a relaxed line gains more); None: the budget of positions ran out first (the question
        is dropped: :meth:`ask` for one that can go on)."""
        return self.ask(hand, ring, idx, t).run(budget)

    def ask(self, hand: int, ring: int, idx: int, t: int) -> Question:
        """The question "at most ``t`` from this position?", to be run a budget of positions at a
        time (:meth:`Question.run`): it goes on where it stopped."""
        return Question(self, hand, ring, idx, t)

    def lower(self, hand: int, ring: int, idx: int) -> int | None:
        """The most this position is known to gain (a relaxed line found gains it), or None."""
        hand, ring = self.canon(hand, ring, idx)
        return self.lb.get((hand, ring, idx))

    def _played(self, hand: int, h: int, idx: int, size: int) -> tuple[int, int]:
        """The hand after hand card ``h`` (of ``size`` cards) is played and the hand draws back to
        five from deck index ``idx``, and the deck index after the draw."""
        end = min(len(self.deck), idx + _HAND - size + 1)
        nh = hand ^ (1 << h)
        for c in self.deck[idx: end]:
            nh |= 1 << c
        return nh, end

    def children(self, hand: int, ring: int, idx: int) -> list[tuple[int, int, int, int]]:
        """The relaxed moves' results ``(points, hand, ring, idx)`` from a turn's start, the
        deck not empty (captures when there is one, else rotations and replaces)."""
        deck, n, cap, suffix = self.deck, len(self.deck), self.cap, self.suffix
        size = hand.bit_count()
        out: list[tuple[int, int, int, int]] = []
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            h = low.bit_length() - 1
            targets = cap[h] & ring
            if not targets:
                continue
            nh0, i0 = self._played(hand, h, idx, size)
            reveal = 1 << deck[i0] if i0 < n else 0
            i = i0 + 1 if i0 < n else i0
            if targets & (targets - 1):
                targets = self._kept(targets, nh0 | suffix[i], True)
            ph = _PTS[h]
            while targets:
                g = targets & -targets
                targets ^= g
                out.append((ph + _PTS[g.bit_length() - 1], nh0, ring ^ g | reveal, i))
        if out:
            return out
        top = 1 << deck[idx]
        # (every child's hand and deck are within these: see _kept)
        thrown = self._kept(ring, hand | suffix[idx + 1], False)
        if self.attrition:
            joker = deck[idx] >= _XR
            for g in _bits(thrown):
                ng = ring ^ (1 << g) | top
                for d in _bits(hand):
                    nh, i = hand ^ (1 << d), idx + 1
                    if nh and joker and i < n:  # the joker refill (not after a sudden end)
                        take = deck[i: i + _HAND - size + 1]
                        for c in take:
                            nh |= 1 << c
                        i += len(take)
                    out.append((0, nh, ng, i))  # an empty hand with cards in the deck: the sudden end
        else:
            rest = thrown
            while rest:
                low = rest & -rest
                rest ^= low
                out.append((0, hand, ring ^ low | top, idx + 1))
        rep = self.rep
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            targets = rep[low.bit_length() - 1] & ring
            if not targets:
                continue
            nh, i0 = self._played(hand, low.bit_length() - 1, idx, size)
            if targets & (targets - 1):
                targets = self._kept(targets, nh | suffix[i0], False)
            while targets:
                g = targets & -targets
                targets ^= g
                out.append((0, nh, ring ^ g | low, i0))
        return out

    def canon(self, hand: int, ring: int, idx: int) -> tuple[int, int]:
        """The hand and ring of a position at deck index ``idx`` with, in each suit, their cards
        worth one point (ace to ten) moved down, in their order, to the lowest ranks of their
        stretch between two cards of the deck (every rank they pass is a card out of play): a
        position of the same worth (see the solver's doc), the same for every position that
        differs from this one only by such moves.

        >>> from pyapp.core.cards import CANONICAL_INDEX, Card
        >>> from pyapp.games.gyre.bound import _MASKS
        >>> n = lambda code: CANONICAL_INDEX[Card.parse(code)]
        >>> r = Relaxed(*_MASKS[False], False, (n("6H"), n("2C")), lambda h, g, i: 0)
        >>> ring = 1 << n("3H") | 1 << n("5H") | 1 << n("8H") | 1 << n("JH") | 1 << n("9C")
        >>> hand = 1 << n("KH") | 1 << n("7H") | 1 << n("4H") | 1 << n("7C")  # the deck: 6H, 2C
        >>> h, g = r.canon(hand, ring, 0)
        >>> sorted(_CODE[c] for c in _bits(h)), sorted(_CODE[c] for c in _bits(g))
        (['2H', '3C', '7H', 'KH'], ['3H', '4C', '8H', 'AH', 'JH'])
        """
        if not self.canonical:
            return hand, ring
        deck, cache = self.suffix[idx], _PACKED
        for s in (0, 13, 26, 39):
            h, r = hand >> s & 0x3FF, ring >> s & 0x3FF
            if not h | r:
                continue
            d = deck >> s & 0x3FF
            got = cache.get(h | r << 10 | d << 20)
            if got is None:
                got = packed(h, r, d)
            hand ^= (h ^ got[0]) << s
            ring ^= (r ^ got[1]) << s
        return hand, ring

    def _kept(self, targets: int, free: int, highest: bool) -> int:
        """Of the ring cards ``targets`` (those a move may take or throw away), one per class of
        cards that every card of ``free`` (a set holding the hand and deck of the move's results)
        captures and may replace alike: the one worth most (``highest``: a capture), else the one
        worth least (a card thrown away). The others' moves are no better (see the module doc).

        >>> from pyapp.core.cards import CANONICAL_INDEX, Card
        >>> from pyapp.games.gyre.bound import _MASKS
        >>> n = lambda code: CANONICAL_INDEX[Card.parse(code)]
        >>> r = Relaxed(*_MASKS[False], False, (n("2C"),), lambda h, g, i: 0)
        >>> ring = 1 << n("3H") | 1 << n("5H") | 1 << n("JH") | 1 << n("8H")
        >>> free = 1 << n("6H") | 1 << n("KH")  # 3H ~ 5H (below 6H), 8H ~ JH (between 6H and KH)
        >>> sorted(_CODE[g] for g in _bits(r._kept(ring, free, False)))
        ['3H', '8H']
        >>> sorted(_CODE[g] for g in _bits(r._kept(ring, free, True)))
        ['3H', 'JH']
        """
        if not self.dominance:
            return targets
        capby, repby = self.capby, self.repby
        best: dict[int, int] = {}
        rest = targets
        while rest:
            low = rest & -rest
            rest ^= low
            g = low.bit_length() - 1
            sig = (capby[g] & free) << 64 | (repby[g] & free)
            other = best.get(sig)
            if other is None or (_PTS[g] > _PTS[other] if highest else _PTS[g] < _PTS[other]):
                best[sig] = g
        if len(best) == targets.bit_count():
            return targets
        out = 0
        for g in best.values():
            out |= 1 << g
        return out

    def _more(self, hand: int, ring: int, idx: int, t: int,
              key: tuple[int, int, int]) -> Generator[None, None, bool]:
        """The relaxed game gains more than ``t`` from here (else at most ``t``, proven); ``key``:
        the position's canonical key (its memos' key: the search itself follows the cards as
        they are, whose bounds' own memos were made on them). It pauses (yields) whenever the
        positions of the run under way are spent, and goes on from there when resumed (the memos
        hold only proven bounds, whatever other questions added meanwhile)."""
        u = self.ub.get(key)
        if u is not None and u <= t:
            return False
        lo = self.lb.get(key)
        if lo is not None and lo > t:
            return True
        if t < 0 and not self.attrition:
            return True  # a gain is never negative without Attrition's penalty
        if idx >= len(self.deck) or not hand:
            # the end phase, or Attrition's sudden end (a turn's start with an empty hand)
            v = _end_best(hand, ring, self.easy)[0] if hand else idx - len(self.deck)
            self.ub[key] = self.lb[key] = v
            return v > t
        while self._left <= 0:
            yield  # (out of positions: the run stops here, and the next one goes on)
        self._left -= 1
        own = self.upper(hand, ring, idx) if u is None else u  # (a kept bound is at most it)
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
                    if pts + b <= t:  # cut by the cheaper bound (not kept: the other may be lower)
                        ranked.append((pts + b, pts, nh, ng, i, (nh, ng, i)))
                        continue
                at = (*canon(nh, ng, i), i) if canon is not None else (nh, ng, i)
                known = ub.get(at)
                if known is None:
                    known = ub[at] = upper(nh, ng, i)  # (the same worth as the canonical position)
                ranked.append((pts + known, pts, nh, ng, i, at))
                continue
            ranked.append((pts + b, pts, nh, ng, i, (nh, ng, i)))
        ranked.sort(reverse=True)
        most: int | None = None  # the highest upper bound over the children searched or cut
        for b, pts, nh, ng, i, at in ranked:
            if b <= t:
                most = b if most is None else max(most, b)
                break
            if (yield from self._more(nh, ng, i, t - pts, at)):
                # (the child's line, at least what it is known to gain: the best line it met)
                found = pts + self.lb.get(at, t - pts + 1)
                self.lb[key] = max(self.lb.get(key, found), found, t + 1)
                return True
            v = pts + ub.get(at, t - pts)
            most = v if most is None else max(most, v)
        self.ub[key] = own if most is None else min(most, own)
        return False


class Question:
    """A question to the relaxed game (:meth:`Relaxed.ask`), run a budget of positions at a time:
    where a run stops, the next one goes on, so cutting a question into runs of any size gives
    the same answer after the same positions (as long as no other question changes the memos
    meanwhile; when one does, the answer is still proven: the memos hold only proven bounds)."""

    def __init__(self, relaxed: Relaxed, hand: int, ring: int, idx: int, t: int) -> None:
        self.relaxed, self.t = relaxed, t
        self._search = relaxed._more(hand, ring, idx, t, (*relaxed.canon(hand, ring, idx), idx))
        #: The answer once known (see :meth:`run`), and the positions searched in all.
        self.answer: bool | None = None
        self.positions = 0

    def run(self, budget: int) -> bool | None:
        """Go on for at most ``budget`` positions: True, the relaxed game gains at most ``t`` (proven);
        False, more; None, not yet (:attr:`Relaxed.used` says how many this run searched)."""
        r = self.relaxed
        if self.answer is not None:
            r.used = 0
            return self.answer
        if len(r.ub) > _CACHE_LIMIT or len(r.lb) > _CACHE_LIMIT:
            r.ub.clear()
            r.lb.clear()
        r._left = budget
        try:
            next(self._search)
            answer = None  # paused: out of positions
        except StopIteration as done:
            answer = self.answer = not done.value
        r.used = budget - r._left
        self.positions += r.used
        return answer

    def close(self) -> None:
        """Drop it (its search's frames go)."""
        self._search.close()


#: Relaxed positions one bound may search, at most.
BUDGET: Final = 32
#: Relaxed positions each bound earns (the relaxed search spends at most that many per real
#: position on average, after a first allowance: a deal where its questions keep failing costs
#: a bounded multiple of the search without it).
RATE: Final = 4
ALLOWANCE: Final = 4_000
