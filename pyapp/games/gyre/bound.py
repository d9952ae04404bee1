"""Gyre's solver, its relaxations (:mod:`pyapp.games.gyre.solver` holds the proofs): the
per-suit and per-rank programmes of the bound, the exact end phase, and the captures every
line must make next (the must-capture rule), which fix where the next deck cards go.
"""

from __future__ import annotations

from typing import Final

from ...core.cards import CANONICAL_INDEX, Card
from .rules import can_capture, can_replace, points

_CARDS: Final[tuple[Card, ...]] = tuple(CANONICAL_INDEX)
_CODE: Final[tuple[str, ...]] = tuple(c.code for c in _CARDS)
_PTS: Final[tuple[int, ...]] = tuple(points(c) for c in _CARDS)
_RANK: Final[tuple[int, ...]] = tuple(c.rank for c in _CARDS)
_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(_CODE)}
_XR: Final = 52
_XB: Final = 53
_HAND: Final = 5
_SUIT_MASK: Final = (1 << 13) - 1
#: The most entries a memo keeps before it starts again (memory stays bounded in the page).
_CACHE_LIMIT: Final = 300_000


def _masks(easy: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card ``h``: the bit set of the cards it captures, and of those it may replace."""
    cap = tuple(sum(1 << j for j, g in enumerate(_CARDS) if can_capture(h, g, easy)) for h in _CARDS)
    rep = tuple(sum(1 << j for j, g in enumerate(_CARDS) if can_replace(h, g)) for h in _CARDS)
    return cap, rep


_MASKS: Final = {False: _masks(False), True: _masks(True)}


def _bits(mask: int) -> list[int]:
    """The card numbers in a bit set, low first.

    >>> _bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: :func:`_suit_bound` per ``hand | deck << 14 | ring << 28``.
_SUIT_CACHE: dict[int, int] = {}


def _suit_bound(hand: int, deck: int, ring: int) -> int:
    """The most points of disjoint pairs within one suit: bit ``r - 1`` of ``hand`` / ``deck``
    / ``ring`` is the card of rank ``r`` (14: the joker counted in this suit) in the hand, in
    the deck, or in the ring (or waiting to be placed there). A hand or deck card may
    capture any lower card; a ring card can only be captured; a hand card can only be
    captured if a card of the suit above it that is not in the hand is left unpaired (the
    card its replace, or the first of its chain of replaces, threw away: see the module doc).

    >>> _suit_bound(0, 0b1000000000000, 0b0100000000000)  # KH (deck) captures QH: 4 + 3
    7
    >>> _suit_bound(0, 0, 0b1111111111111), _suit_bound(0, 0b1, 0b10)  # nothing captures; an ace is lowest
    (0, 0)
    >>> _suit_bound(0, 0b1100000000000, 0b0010000000001)  # K and Q free, J and A in the ring
    10
    >>> _suit_bound(0b1100000000000, 0, 0)  # KH and QH in the hand: QH never reaches the ring
    0
    >>> _suit_bound(0b0100000000000, 0b1000000000000, 0b0010000000000)  # QH hand, KH deck, JH ring: KH takes JH
    6
    >>> _suit_bound(0b0000000000011, 0b1000000000000, 0)  # 2H, AH hand, KH deck: AH replaces KH, 2H takes AH
    2
    >>> # AH-4H hand, 5H 6H deck: 6H takes 5H, and two hand cards are captured, each having
    >>> # replaced its own card above (9H, TH in the ring); with only 9H, only one of them is
    >>> _suit_bound(0b1111, 0b110000, 0b1100000000), _suit_bound(0b1111, 0b110000, 0b0100000000)
    (6, 4)
    """
    cached = _SUIT_CACHE.get(hand | deck << 14 | ring << 28)
    if cached is not None:
        return cached
    # The programme reads only the cards present, from the top, their roles and points: the
    # cards from ace to ten (one point each) moved down past the ranks absent give the same.
    low = (hand | deck | ring) & 0x3FF
    if low & (low + 1):  # (a rank absent below one present)
        h, d, g = _packed3(hand & 0x3FF, deck & 0x3FF, ring & 0x3FF)
        packed_key = h | (hand & ~0x3FF) | (d | (deck & ~0x3FF)) << 14 | (g | (ring & ~0x3FF)) << 28
        value = _PACKED_SUIT.get(packed_key)
        if value is None:
            value = _PACKED_SUIT[packed_key] = _suit_programme(packed_key & 0x3FFF, packed_key >> 14 & 0x3FFF,
                                                               packed_key >> 28)
            if len(_PACKED_SUIT) > _CACHE_LIMIT:
                _PACKED_SUIT.clear()
    else:
        value = _suit_programme(hand, deck, ring)
    if len(_SUIT_CACHE) > _CACHE_LIMIT:
        _SUIT_CACHE.clear()
    _SUIT_CACHE[hand | deck << 14 | ring << 28] = value
    return value


#: :func:`_suit_programme` per packed ``hand | deck << 14 | ring << 28`` (see :func:`_suit_bound`).
_PACKED_SUIT: dict[int, int] = {}


def _packed3(hand: int, deck: int, ring: int) -> tuple[int, int, int]:
    """Three disjoint bit sets of ranks ace to ten, their cards moved down, in their order, past
    the ranks in none of them.

    >>> _packed3(0b1000000000, 0b0000100000, 0b0000000100)  # ring 3, deck 6, hand 10
    (4, 2, 1)
    """
    nh = nd = nr = 0
    slot = 0
    for pos in range(10):
        bit = 1 << pos
        if hand & bit:
            nh |= 1 << slot
        elif deck & bit:
            nd |= 1 << slot
        elif ring & bit:
            nr |= 1 << slot
        else:
            continue
        slot += 1
    return nh, nd, nr


def _suit_programme(hand: int, deck: int, ring: int) -> int:
    """:func:`_suit_bound` worked out."""
    best = {(0, 0): 0}  # (open pairs, unpaired non-hand cards above) -> most points so far
    for r in range(14, 0, -1):
        bit = 1 << (r - 1)
        in_hand, in_deck, in_ring = bool(hand & bit), bool(deck & bit), bool(ring & bit)
        if not (in_hand or in_deck or in_ring):
            continue
        p = 5 if r == 14 else _PTS[r - 1]
        nxt: dict[tuple[int, int], int] = {}
        for (open_, tokens), pts in best.items():
            options: list[tuple[int, int, int]] = []
            if in_hand:
                options.append((open_, tokens, pts))  # never plays: lost
                options.append((open_ + 1, tokens, pts + p))  # captures a lower card
                if open_ and tokens:  # captured, having replaced a card that was left unpaired
                    options.append((open_ - 1, tokens - 1, pts + p))
            else:
                options.append((open_, min(tokens + 1, _HAND), pts))  # unpaired
                if in_deck:
                    options.append((open_ + 1, tokens, pts + p))
                if open_:
                    options.append((open_ - 1, tokens, pts + p))
            for o, t, v in options:
                if nxt.get((o, t), -1) < v:
                    nxt[(o, t)] = v
        best = nxt
    return max((v for (o, _), v in best.items() if o == 0), default=0)


#: The points of a card of each rank (index 0 unused, 14 the jokers).
_RANK_PTS: Final[tuple[int, ...]] = (0, *(_PTS[r - 1] for r in range(1, 14)), 5)


def _rank_bound(free: tuple[int, ...], ring: tuple[int, ...], aces: int) -> int:
    """The most points of disjoint pairs ``(h, g)``, ``h`` free, rank of ``h`` at least rank of
    ``g`` (any suits): ``free[r]`` / ``ring[r]`` count the cards of rank ``r`` (index 0 unused,
    14 the jokers); ``aces`` of the free aces may also capture any card (jokers too).

    The pairs are a matching of a graph on the cards: two free cards are always joined (the
    higher, or either at equal ranks, captures the other), two ring cards never, and a free card
    and a ring card when the free one's reach (its rank; any for those ``aces``) is at least the
    ring card's rank. A pair's points are its two cards' points, so the most points is the most
    the cards one matching covers can weigh. The sets of cards a matching covers are the
    independent sets of a matroid (the matching matroid), so the heaviest is found greedily, and
    here it has a closed form: every free card can be covered (those not paired with a ring card
    pair with each other), and the ring cards paired are a heaviest set a distinct free card can
    reach each of, found from the highest rank down (the reaches are nested, and a higher card is
    worth at least as much), unless the free cards left over are odd in number: then one card
    goes, the lighter of the lightest ring card paired and the lightest free card whose loss
    leaves every paired ring card reachable. ``tests/test_solve_gyre.py`` checks it against the
    programme over the ranks it replaced (which read the cards from the top, opening and
    closing pairs), on random counts.

    >>> _rank_bound((0,) * 13 + (1, 0), (0,) * 13 + (1, 0), 0)  # K captures K: 8
    8
    >>> _rank_bound((0, 1) + (0,) * 13, (0,) * 14 + (1,), 1)  # a free ace over a joker: 1 + 5
    6
    >>> _rank_bound((0, 1) + (0,) * 13, (0,) * 14 + (1,), 0)  # a low ace cannot
    0
    """
    pts = _RANK_PTS
    reach = list(free) + [0]  # free cards by reach (15: any card)
    reach[1] -= aces
    reach[15] += aces
    total = 0
    for r in range(1, 15):
        total += free[r] * pts[r]
    at_least = [0] * 16  # free cards that reach rank t
    run = 0
    for t in range(15, 0, -1):
        run += reach[t]
        at_least[t] = run
    paired = lightest = 0
    slack = [0] * 15  # free cards that reach rank t, less the ring cards paired of rank t or more
    for r in range(14, 0, -1):
        take = min(ring[r], at_least[r] - paired) if at_least[r] > paired else 0
        if take:
            paired += take
            total += take * pts[r]
            lightest = pts[r]
        slack[r] = at_least[r] - paired
    if (run - paired) % 2 == 0:  # (run: every free card)
        return total
    loss = lightest if paired else total + 1
    for t in range(1, 16):  # a free card of reach t may go if no rank up to t is left without one to spare
        if t < 15 and slack[t] < 1:
            break
        if reach[t]:
            loss = min(loss, 1 if t == 15 else pts[t])  # (an ace that reaches any card is worth 1)
    return total - loss


_END_CACHE: dict[tuple[int, int, bool], tuple[int, int, int]] = {}


def _end_best(hand: int, ring: int, easy: bool) -> tuple[int, int, int]:
    """The end phase from hand and ring bit sets: (most points the captures still add, and the
    hand card and ring card of a first capture of a best matching, or -1, -1 when none).

    >>> kh, qh, qs, th = (CANONICAL_INDEX[Card.parse(c)] for c in ("KH", "QH", "QS", "TH"))
    >>> _end_best(1 << kh | 1 << th, 1 << qh, False)[0], _end_best(1 << qh, 1 << qs, True)[0]
    (7, 6)
    """
    key = (hand, ring, easy)
    cached = _END_CACHE.get(key)
    if cached is not None:
        return cached
    cap = _MASKS[easy][0]
    best = (0, -1, -1)
    for h in _bits(hand):
        for g in _bits(cap[h] & ring):
            v = _PTS[h] + _PTS[g] + _end_best(hand ^ (1 << h), ring ^ (1 << g), easy)[0]
            if v > best[0] or best[1] < 0:
                best = (v, h, g)
    if len(_END_CACHE) > _CACHE_LIMIT:
        _END_CACHE.clear()
    _END_CACHE[key] = best
    return best


def forced_captures(cap: tuple[int, ...], hand: int, ring: int, deck: tuple[int, ...], idx: int,
                    depth: int, memo: dict[tuple[int, int, int], int]) -> int:
    """At least how many turns in a row every line from a turn's start makes a capture (at
    most ``depth``; the must-capture rule: see the module doc of the solver). ``hand`` and
    ``ring`` are bit sets (the card waiting to be placed, if any, in ``ring``: where it goes
    does not change which captures exist), ``deck[idx:]`` the deck, ``cap[h]`` the cards ``h``
    captures, ``memo`` a cache for this very deck (its caller keeps it from growing without end:
    the solver's :meth:`~pyapp.games.gyre.solver.GyreProblem._full`). A capture takes a hand card and a ring
    card, draws the hand back to five (or the deck out) and reveals the next card into the
    ring; the turns stop counting when the deck runs out (the end phase).

    The answer to depth ``d`` is ``min(f, d)``, ``f`` the answer with no depth (by induction: at
    depth 1 it is 1 when a capture exists; at ``d`` it is one more than the least over the
    captures of ``min(f', d - 1)``, and one more than a least is the least of one more): so
    ``memo`` keeps one answer per position, ``f`` itself when it was below the depth asked
    (kept as it is), else the depth reached ``d`` (kept as ``~d``: ``f`` is at least ``d``), and
    answers any depth from it when it can.

    >>> kh, qh, js, ts, nine = (CANONICAL_INDEX[Card.parse(c)] for c in ("KH", "QH", "JS", "TS", "9S"))
    >>> aces = sum(1 << CANONICAL_INDEX[Card.parse(c)] for c in ("AC", "AD", "AS", "AH"))  # they take nothing
    >>> cap = _MASKS[False][0]
    >>> forced_captures(cap, aces | 1 << kh, 1 << qh, (js, ts, nine), 0, 9, {})  # KH takes QH; JS drawn takes TS
    2
    >>> forced_captures(cap, aces | 1 << kh, 1 << qh, (ts, js, nine), 0, 9, {})  # TS drawn, JS revealed: stuck
    1
    >>> forced_captures(cap, aces | 1 << qh, 1 << kh, (ts, js), 0, 9, {})  # no capture now
    0
    """
    key = (hand, ring, idx)
    known = memo.get(key)
    if known is not None:
        if known >= 0:
            return known if known < depth else depth
        if ~known >= depth:
            return depth
    n = len(deck)
    draw = _HAND - hand.bit_count() + 1  # the cards a capture draws back to five
    i0 = idx + draw  # the deck index after the draw; the card there is revealed
    best = -1
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        targets = cap[low.bit_length() - 1] & ring
        if not targets:
            continue
        if depth <= 1 or i0 >= n:  # one capture (the deck runs out with its draw or reveal)
            best = 1
            break
        nh = hand ^ low
        for c in deck[idx: i0]:
            nh |= 1 << c
        reveal = 1 << deck[i0]
        while targets:
            g = targets & -targets
            targets ^= g
            r = 1 if i0 + 1 >= n else 1 + forced_captures(cap, nh, ring ^ g | reveal, deck, i0 + 1, depth - 1, memo)
            if best < 0 or r < best:
                best = r
                if r == 1:
                    break
        if best == 1:
            break
    best = max(best, 0)
    memo[key] = best if best < depth else ~depth
    return best
