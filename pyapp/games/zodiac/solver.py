"""The Zodiac solver (issue 19): a :class:`~pyapp.solve.core.Problem` over a compact
state, searched by the shared core (:mod:`pyapp.solve.core`).

Its moves are the engine's tokens, so every line replays through ``ZODIAC.apply``.

>>> from pyapp.games.zodiac.rules import ZODIAC, NO_OPTIONS, arrange
>>> from pyapp.solve.core import solve
>>> p = ZodiacProblem()
>>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
>>> v = solve(p, p.start(s)); v.kind, v.score, len(v.line)
('won', 104, 16)
>>> deal = p.start(ZODIAC.deal(1, NO_OPTIONS))
>>> p.moves(deal)[-1] in ZODIAC.legal_moves(ZODIAC.deal(1, NO_OPTIONS)), p.bound(deal)
(True, 104)

The state
---------

A tuple ``(talon, pointer, equator, zodiac, up, down, suit_bounds)``:

* ``talon``: the stock and the waste as one sequence, ``bytes`` of card codes: the waste
  bottom to top, then the stock top first. The waste is ``talon[:pointer]``. A stock click
  moves the pointer on by one, or back to 0 when the stock is empty (the redeal keeps the
  order, RULES.md 4.4); playing the waste top deletes ``talon[pointer - 1]``.
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

Safe moves
----------

* **Phase 2: one move.** ``moves`` returns only the first legal move after which its suit's
  best is unchanged. Proof: the total best is the sum of the suits' bests, and a move
  changes only its own suit, so such a move keeps the total best; one exists whenever a move
  does (a legal move in suit k makes k's best exceed its current count, and a line reaching
  k's best starts with a legal move of k that keeps it); the move puts one more card on a
  foundation, so following such moves ends, at exactly the best.
* **Symmetric equator cells.** The eight cells obey the same rules (RULES.md 4.2, 4.4, 4.5:
  every condition on a cell is "empty" or "its card"), so permuting their contents maps
  lines to lines of the same result. Hence ``W-Ei`` is offered for the first empty cell
  only, and ``Ei-Zj`` for the first cell holding each card only: the others reach
  permuted positions, worth the same. The same symmetry lets the key sort the equator.

Each kept move replaces dropped ones that reach a position worth as much, and every kept
move but the stock click puts a card one step nearer the foundations (talon, equator,
zodiac, foundation), while the stock clicks of one position only walk a cycle: so by
induction on that measure the search of the reduced moves still reaches the best result.

Ordering
--------

Phase 1, like the rules' greedy player: a card onto a zodiac pile that keeps the pile
building one way (an equator card first); else the stock click while some talon card has
such a place; else a placement that turns a pile; else the click while some talon card fits
anywhere; else the waste top into an equator cell. Every legal move but the symmetric
duplicates above is still offered, only later.

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

``(talon, pointer, sorted equator, zodiac, up, down)``: the whole state but the order of
the equator cells (the symmetry above) and ``suit_bounds`` (a function of the rest).
"""

from __future__ import annotations

from typing import Final, Hashable

from ...cards import SUITS, Card
from ...solve.core import Problem
from .rules import FOUNDATIONS, N_CARDS, ZodiacState

__all__ = ["ZodiacProblem", "suit_best", "problem"]

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


# -- one suit ---------------------------------------------------------------------------------

_MEMO: dict[tuple[int, int, tuple[bytes, ...]], int] = {}
_MEMO_LIMIT: Final = 400_000


def suit_best(up: int, down: int, piles: tuple[bytes, ...]) -> int:
    """The most cards one suit's two foundations can hold by the end of phase 2.

    ``up``/``down``: the foundation tops as card codes (``16k`` for an empty ``Fu``,
    ``16k + 14`` for an empty ``Fd``); ``piles``: the suit's zodiac piles of two or more
    cards (codes bottom to top), sorted. Every other card of the suit not on a foundation
    is free. Exhaustive over the suit's phase-2 moves, memoised.

    >>> suit_best(0, 14, ()), suit_best(0, 14, (bytes([5, 6, 7]),))
    (26, 26)
    >>> suit_best(0, 14, (bytes([2, 1]), bytes([12, 13])))
    26
    >>> suit_best(0, 14, (bytes([1, 2, 3]), bytes([1, 2, 3])))  # both aces buried: Fu never starts
    13
    """
    key = (up, down, piles)
    got = _MEMO.get(key)
    if got is not None:
        return got
    base = up & ~15
    count = (up - base) + (base + 14 - down)
    best = count
    if count < 26:
        for is_up in (True, False):
            if is_up:
                if up - base == 13:
                    continue
                target = nu = up + 1
                nd = down
            else:
                if down - base == 1:
                    continue
                target = nd = down - 1
                nu = up
            # the copies of the card off the foundations, minus those in the piles: free
            r = target - base
            free = 2 - (r <= up - base) - (r >= down - base)
            tried: set[bytes] = set()
            for i, pile in enumerate(piles):
                free -= pile.count(target)
                if pile[-1] == target and pile not in tried:
                    tried.add(pile)  # two equal piles: either gives the same position
                    rest = pile[:-1]
                    new = tuple(sorted(piles[:i] + (rest,) + piles[i + 1:])) if len(rest) >= 2 else piles[:i] + piles[i + 1:]
                    value = suit_best(nu, nd, new)
                    if value > best:
                        best = value
            if free > 0 and best < 26:
                value = suit_best(nu, nd, piles)
                if value > best:
                    best = value
            if best == 26:
                break
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def _suit_piles(zodiac: tuple[bytes, ...], suit: int) -> tuple[bytes, ...]:
    return tuple(sorted(p for p in zodiac if len(p) >= 2 and p[0] >> 4 == suit))


def _suit_bound(state: State, suit: int) -> int:
    base = 16 * suit
    return suit_best(base + state[4][suit], base + state[5][suit], _suit_piles(state[3], suit))


# -- the problem --------------------------------------------------------------------------------


class ZodiacProblem(Problem[State]):
    """The search over Zodiac positions (see the module doc)."""

    def start(self, state: ZodiacState) -> State:
        talon = bytes(code(c) for c in (*state.waste, *state.stock))
        equator = tuple(0 if c is None else code(c) for c in state.equator)
        zodiac = tuple(bytes(code(c) for c in pile) for pile in state.zodiac)
        up = tuple(0 if c is None else c.rank for c in state.found[:4])
        down = tuple(14 if c is None else c.rank for c in state.found[4:])
        s: State = (talon, len(state.waste), equator, zodiac, up, down, (0, 0, 0, 0))
        return s[:6] + (tuple(_suit_bound(s, k) for k in range(4)),)

    def key(self, state: State) -> Hashable:
        return (state[0], state[1], tuple(sorted(state[2])), state[3], state[4], state[5])

    def value(self, state: State) -> int:
        return sum(state[4]) + 56 - sum(state[5])

    def won(self, state: State) -> bool:
        return self.value(state) == N_CARDS

    def bound(self, state: State) -> int:
        return sum(state[6])

    def moves(self, state: State) -> list[str]:
        talon, p, equator, zodiac, up, down, bounds = state
        if not talon:
            return self._phase2(state)
        tops = [pile[-1] for pile in zodiac]
        good: list[str] = []  # onto a pile, keeping its direction (an equator card first)
        turns: list[str] = []  # onto a pile, turning it
        seen: set[int] = set()
        for i, c in enumerate(equator):
            if c and c not in seen:
                seen.add(c)  # the first cell holding each card (symmetric cells)
                for j, t in enumerate(tops):
                    if t == c - 1 or t == c + 1:
                        (good if _keeps_direction(zodiac[j], c) else turns).append(_E_Z[i][j])
        store: list[str] = []
        if p:
            c = talon[p - 1]
            for j, t in enumerate(tops):
                if t == c - 1 or t == c + 1:
                    (good if _keeps_direction(zodiac[j], c) else turns).append(_W_Z[j])
            if 0 in equator:
                store.append(_W_E[equator.index(0)])  # the first empty cell (symmetric cells)
        if good:
            return good + ["S"] + turns + store
        # Like the greedy player: click on while a talon card has a place that keeps a pile's
        # direction, else any place, else store the waste top.
        extend = fits = False
        for c in talon:
            for j, t in enumerate(tops):
                if t == c - 1 or t == c + 1:
                    fits = True
                    if _keeps_direction(zodiac[j], c):
                        extend = True
                        break
            if extend:
                break
        if extend:
            return ["S"] + turns + store
        if turns:
            return turns + ["S"] + store
        if fits:
            return ["S"] + store
        if store:
            return store + ["S"]
        if 0 not in equator:
            return []  # the phase-1 dead end (RULES.md 4.6): the game is lost
        return ["S"]

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


def _keeps_direction(pile: bytes, c: int) -> bool:
    """Putting ``c`` on ``pile`` keeps it building one way (a pile that turns buries the
    cards its foundations need first)."""
    return len(pile) < 2 or c - pile[-1] == pile[-1] - pile[-2]


def problem(state: ZodiacState | None = None) -> ZodiacProblem:
    """The problem for positions like ``state`` (Zodiac has no options)."""
    return ZodiacProblem()
