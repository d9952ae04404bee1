"""Tools for a tighter bound of Gyre's relaxed game (an experiment: nothing in the solver uses them).

    .venv/bin/python -i bench/gyre_bound_lab.py

Prints nothing: the library of gyre_bound_roots.py, gyre_bound_proof.py and gyre_bound_oracle.py
(``-i`` leaves a prompt with the tools loaded). Tools: a default deal's relaxed root (setup), the
exact relaxed best (Exact, true_best), random relaxed positions a few cards from the deck's end,
the suit programmes per number of pairs (suit_vector, pair_vector), a bound K on the captures
(mdp_captures) and the candidate bound (new_upper).

Findings: the suit programmes as a vector of most points per number of pairs, capped at K, a
bound on the captures from a matching-size programme over the deck, is a valid bound (600 small
positions 6-14 cards from the deck's end, 60 default deals: never below the exact relaxed best),
but K is 26 (trivial) at every root of default deals 1-10, and deal 15's proof of "at most 61"
takes 92,351 relaxed positions against 92,644. With the exact most captures K* instead
(gyre_bound_oracle.py), the proofs at 13-14 cards left take 112 positions against 456: a cap on
captures must be nearly exact to pay.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp.games.gyre.bound import _PTS, _bits, _end_best  # noqa: E402
from pyapp.games.gyre.relax import Relaxed  # noqa: E402
from pyapp.games.gyre.rules import GYRE  # noqa: E402
from pyapp.games.gyre.solver import GyreProblem, _mask, problem  # noqa: E402

sys.setrecursionlimit(10000)


def setup(seed: int, opts: str = "") -> tuple[GyreProblem, Relaxed, int, int, int, tuple[int, ...]]:
    state = GYRE.deal(seed, GYRE.parse_options(opts))
    p = problem(state)
    root = p.start(state)
    ring, hand, idx, pending, score, deck = root
    r = p._relaxed_of(deck)
    return p, r, _mask(hand), _mask(ring), idx, deck


class Exact:
    """The relaxed game's best gain, by a full memoised search (no bound)."""

    def __init__(self, r: Relaxed, dominance: bool = True) -> None:
        self.r = r
        self.memo: dict[tuple[int, int, int], int] = {}
        self.dom = dominance

    def best(self, hand: int, ring: int, idx: int) -> int:
        r = self.r
        n = len(r.deck)
        if idx >= n:
            return _end_best(hand, ring, r.easy)[0]
        key = (hand, ring, idx)
        v = self.memo.get(key)
        if v is not None:
            return v
        old = r.dominance
        r.dominance = self.dom
        kids = r.children(hand, ring, idx)
        r.dominance = old
        v = max(p + self.best(h, g, i) for p, h, g, i in kids)
        self.memo[key] = v
        return v

    def line(self, hand: int, ring: int, idx: int) -> list[tuple[int, int, int, int, int, int, int]]:
        """A best line: per move, (pts, hand, ring, idx) before it and (hand, ring, idx) after it."""
        r = self.r
        out: list[tuple[int, int, int, int, int, int, int]] = []
        while idx < len(r.deck):
            kids = r.children(hand, ring, idx)
            v = self.best(hand, ring, idx)
            for p, h, g, i in kids:
                if p + self.best(h, g, i) == v:
                    out.append((p, hand, ring, idx, h, g, i))
                    hand, ring, idx = h, g, i
                    break
        return out


def random_position(r: Relaxed, hand: int, ring: int, idx: int, left: int,
                    rng: random.Random) -> tuple[int, int, int, int]:
    """Play random relaxed moves from (hand, ring, idx) until at most ``left`` deck cards remain."""
    n = len(r.deck)
    score = 0
    while n - idx > left:
        kids = r.children(hand, ring, idx)
        # favour captures a bit like real lines do: children() returns captures only when one exists
        p, hand, ring, idx = rng.choice(kids)
        score += p
    return hand, ring, idx, score


from pyapp.games.gyre.bound import _HAND, _SUIT_MASK  # noqa: E402

NEG = -10**9


def suit_vector(hand: int, deck: int, ring: int, unit: bool = False) -> list[int]:
    """The suit programme (bound._suit_programme) per number of pairs: out[k] = the most points
    of exactly k disjoint pairs allowed by the programme (NEG: none). ``unit``: every card 1 point."""
    best = {(0, 0): [0]}  # (open, tokens) -> vector over pairs closed so far
    from pyapp.games.gyre.bound import _PTS as PTS
    for rr in range(14, 0, -1):
        bit = 1 << (rr - 1)
        ih, idk, ig = bool(hand & bit), bool(deck & bit), bool(ring & bit)
        if not (ih or idk or ig):
            continue
        p = 1 if unit else (5 if rr == 14 else PTS[rr - 1])
        nxt: dict[tuple[int, int], list[int]] = {}

        def put(o: int, t: int, vec: list[int], add: int, shift: int) -> None:
            cur = nxt.get((o, t))
            need = len(vec) + shift
            if cur is None:
                cur = nxt[(o, t)] = [NEG] * need
            elif len(cur) < need:
                cur.extend([NEG] * (need - len(cur)))
            for k, v in enumerate(vec):
                if v > NEG and v + add > cur[k + shift]:
                    cur[k + shift] = v + add

        for (o, t), vec in best.items():
            if ih:
                put(o, t, vec, 0, 0)
                put(o + 1, t, vec, p, 0)
                if o and t:
                    put(o - 1, t - 1, vec, p, 1)
            else:
                put(o, min(t + 1, _HAND), vec, 0, 0)
                if idk:
                    put(o + 1, t, vec, p, 0)
                if o:
                    put(o - 1, t, vec, p, 1)
        best = nxt
    out: list[int] = [NEG]
    for (o, _), vec in best.items():
        if o == 0:
            if len(out) < len(vec):
                out.extend([NEG] * (len(vec) - len(out)))
            for k, v in enumerate(vec):
                out[k] = max(out[k], v)
    return out


def conv(a: list[int], b: list[int]) -> list[int]:
    out = [NEG] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x <= NEG:
            continue
        for j, y in enumerate(b):
            if y > NEG and x + y > out[i + j]:
                out[i + j] = x + y
    return out


def pair_vector(hand: int, deck: int, ring: int, unit: bool = False) -> list[int]:
    """Per number of pairs k: the most points of the four suit programmes together (no jokers)."""
    v = [0]
    for s in range(4):
        sh = 13 * s
        v = conv(v, suit_vector(hand >> sh & _SUIT_MASK, deck >> sh & _SUIT_MASK, ring >> sh & _SUIT_MASK, unit))
    return v


def labels(p: GyreProblem, hand: int, ring: int, idx: int) -> tuple[int, int, int]:
    assert p._relaxed is not None
    return p._forced_labels(hand, ring, p._relaxed.deck, idx)


def mdp_captures(cap: tuple[int, ...], hand: int, ring: int, deck: tuple[int, ...], idx: int, m0: int) -> int:
    """An upper bound of the captures of every relaxed line from a phase-A turn start (hand 5,
    ring 5, deck[idx:] not empty), by the matching-size argument: M, an upper bound of the
    largest matching of the capture graph between hand and ring at a turn's start; a capture
    lowers it by at least 1, each card that joins hand or ring raises it by at most 1 (0 when
    no card that could then be on the other side captures it / is captured by it); a turn
    with no capture starts at 0 (no capture existed); the end phase adds M."""
    n = len(deck)
    D = n - idx
    # a_R[j]: deck[idx+j] joining the ring could be captured by a card then in the hand
    # (the root hand or a deck card before it); a_H[j]: deck[idx+j] joining the hand could
    # capture a card then in the ring (root ring, root hand (replaced in), deck cards before).
    aR = [0] * D
    aH = [0] * D
    before = 0
    for j in range(D):
        d = deck[idx + j]
        free_before = hand | before
        aR[j] = 1 if any(cap[x] >> d & 1 for x in _bits(free_before)) else 0
        aH[j] = 1 if cap[d] & (ring | hand | before) else 0
        before |= 1 << d
    # best[k][M] = most captures so far reaching offset k with bound M (-1: unreachable)
    best = [[-1] * 6 for _ in range(D + 1)]
    best[0][min(m0, 5)] = 0
    out = 0
    for k in range(D):
        for M in range(6):
            c = best[k][M]
            if c < 0:
                continue
            if M >= 1:  # a capture: draw deck[k], reveal deck[k+1] if any
                if k + 1 < D:
                    m2 = min(5, M - 1 + aH[k] + aR[k + 1])
                    if best[k + 2][m2] < c + 1:
                        best[k + 2][m2] = c + 1
                else:
                    m2 = min(5, M - 1 + aH[k])
                    out = max(out, c + 1 + m2)
            # no capture (only when none existed: M_real = 0)
            m_rot = aR[k]
            m_rep = min(5, 1 + aH[k])
            for m2 in (m_rot, m_rep):
                if best[k + 1][m2] < c:
                    best[k + 1][m2] = c
    for M in range(6):
        if best[D][M] >= 0:
            out = max(out, best[D][M] + M)
    return out


def end_count(cap: tuple[int, ...], hand: int, ring: int,
              memo: dict[tuple[int, int], int] = {}) -> int:  # noqa: B006
    """The largest matching of the capture graph between hand and ring (exact, memoised)."""
    key = (hand, ring)
    v = memo.get(key)
    if v is None:
        v = 0
        for h in _bits(hand):
            t = cap[h] & ring
            if t:
                for g in _bits(t):
                    v = max(v, 1 + end_count(cap, hand ^ (1 << h), ring ^ (1 << g), memo))
                    if v == min(hand.bit_count(), ring.bit_count()):
                        break
        memo[key] = v
    return v


def new_upper(p: GyreProblem, cap: tuple[int, ...], hand: int, ring: int, idx: int,
              vcache: dict[tuple[int, int, int], list[int]]) -> int:
    """The candidate bound: the suit programmes per number of pairs (after the forced captures'
    labels), at most K pairs, K = :func:`mdp_captures`; never above the current bound."""
    relaxed = p._relaxed
    assert relaxed is not None
    deck = relaxed.deck
    u = p._relaxed_upper(hand, ring, idx)
    a, b, c = p._forced_labels(hand, ring, deck, idx)
    key = (a, b, c)
    v = vcache.get(key)
    if v is None:
        v = vcache[key] = pair_vector(a, relaxed.suffix[c], b)
    K = mdp_captures(cap, hand, ring, deck, idx, end_count(cap, hand, ring))
    return min(u, max(v[:K + 1]))


def true_best(r: Relaxed, hand: int, ring: int, idx: int, hi: int) -> int:
    """The relaxed best by questions (the current bound's search: trusted)."""
    lo = -1  # gain > lo known
    while lo + 1 < hi:
        t = (lo + 1 + hi) // 2
        if r.at_most(hand, ring, idx, t, 10**8):
            hi = t
        else:
            known = r.lower(hand, ring, idx)
            assert known is not None  # False ("more than t") records the line found
            lo = max(t, known - 1)
    return hi
