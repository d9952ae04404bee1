"""Solitaire Square (RULES.md section 2): place the cards 1..80 on a 6x6 grid so
that they increase in reading order, paying for every placement next to a card
with as many discards as the difference between them.

The worked example of RULES.md 2.6 (every other card is in the deck):

>>> rest = ".".join(str(v) for v in range(1, 81) if v not in (12, 30, 35, 14, 28, 33, 41, 50))
>>> G = "-.12.-.-.30.-/35.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
>>> s = SQUARE.parse_state(f"SQ1|G={G}|H=14.28.33.41.50|D={rest}|X=")
>>> for v, name in ((14, "C1"), (14, "D1"), (28, "D1"), (33, "F1"), (41, "F1"), (50, "B2"), (50, "C2")):
...     i = cell_index(name)
...     print(v, name, bounds(s, i), cost(s, v, i), why_not(s, v, i) or "legal")
14 C1 (12, 30) 2 legal
14 D1 (12, 30) 16 cost 16 is 5 or more
28 D1 (12, 30) 2 legal
33 F1 (30, 35) 3 legal
41 F1 (30, 35) 11 out of order: 41 must be lower than 35 in A2
50 B2 (35, 81) 15 cost 15 is 5 or more
50 C2 (35, 81) 0 legal
>>> wrapped = SQUARE.parse_state(f"SQ1|G={G}|H=14.28.33.41.50|D={rest}|X=|O=wrap")
>>> cost(wrapped, 33, cell_index("F1"))
2
>>> [m for m in SQUARE.legal_moves(s) if m.startswith("14@C1")]
['14@C1x28-33', '14@C1x28-41', '14@C1x28-50', '14@C1x33-41', '14@C1x33-50', '14@C1x41-50']
>>> t = SQUARE.apply(s, "14@C1x41-50")
>>> SQUARE.format_state(t).split("|")[1]
'G=-.12.14.-.30.-/35.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-'
>>> t.hand, t.discards, SQUARE.score(t), SQUARE.status(t)
((1, 2, 3, 28, 33), (41, 50), 4, 'playing')

Rules notes
-----------
* **Cards** are the integers 1..80. The grid is a tuple of 36 cells in reading
  order (index ``6*(row-1) + column``), ``None`` for an empty cell.
* **Order of legal moves**: by card ascending, then by cell index (reading
  order), then by discard set in lexicographic order of the ascending value
  tuples (``x28-33`` before ``x28-41`` before ``x33-41``). Every legal discard
  set is its own move; a placement of cost 0 is one move without ``x``.
* **Tokens** are strict: ``<v>@<cell>`` then ``x<d1>-<d2>...`` with values
  written without leading zeros, cells ``A1``..``F6`` in capitals, discards
  strictly ascending and at most four of them (no placement costs more).
  Anything else is a :class:`~pyapp.core.errors.ParseError`; a well-formed token
  that breaks a rule (wrong number of discards, a discard not in the hand or
  equal to the placed card, ``x`` on a free placement...) is an
  :class:`~pyapp.core.errors.IllegalMoveError` that says why.
* **Status**: ``won`` when all 36 cells are filled; ``lost`` when the grid is
  not full and no hand card has a legal cell (this includes an empty hand);
  ``playing`` otherwise. ``score`` is the number of filled cells, the ``ends``
  cards included.
* **State text**: exactly the fields of RULES.md 2.9 (``G H D X``) and ``O=``;
  no extra fields. The hand is read in any order and printed ascending. A state
  is refused (ParseError naming the field) when: a row or cell count is not 6;
  a value is not a number 1..80 written canonically; a card appears twice or is
  missing (grid, hand, deck and discards together hold exactly 1..80); the grid
  does not strictly increase in reading order; the hand holds more than 5
  cards, or fewer than 5 while the deck has cards and the grid is not full, or
  5 when the grid is full (the winning card left the hand, which is not refilled);
  ``ends`` is set without 1 in ``A1`` and 80 in ``F6``; there are more than 4
  discards per card placed by the player.
* **Deal**: 1..80 (or 2..79 with ``ends``) in ascending order, shuffled by
  :func:`pyapp.core.rng.shuffle_in_place` with SplitMix64 seeded with the seed; the
  first five cards are the hand, the rest the deck, top first.
* **Animation frames** (:meth:`Square.steps`): the card lands and the discards
  leave together, then the hand is refilled (the second frame is left out when
  nothing is drawn). The first frame is for drawing only: its hand may be short
  while the deck still has cards, which the parser refuses.
* **Dead cells** (:func:`dead_cells`) use public information only: a card is
  "unseen" when it is neither on the grid nor discarded, so the hand counts as
  unseen like the deck.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Final, NamedTuple

from ...core.errors import IllegalMoveError, ParseError
from ...core.game import OptionSpec, Status, format_option_values, parse_fields, parse_option_values
from ...i18n import N_
from ...core.rng import SplitMix64, shuffle_in_place

__all__ = [
    "SQUARE",
    "Square",
    "SquareMove",
    "SquareOptions",
    "SquareState",
    "CELLS",
    "DEFAULT_OPTIONS",
    "HAND_SIZE",
    "LOW",
    "HIGH",
    "MAX_COST",
    "bounds",
    "cell_index",
    "cell_name",
    "cost",
    "dead_cells",
    "greedy_move",
    "hue",
    "placements",
    "why_not",
]

#: The number of cells, rows and columns.
CELLS: Final = 36
SIDE: Final = 6
HAND_SIZE: Final = 5
#: The lowest and highest card.
LOW: Final = 1
HIGH: Final = 80
#: A placement costing more than this is forbidden.
MAX_COST: Final = 4
FIELDS: Final = ("G", "H", "D", "X")

_NAMES: Final[tuple[str, ...]] = tuple("ABCDEF"[i % SIDE] + str(i // SIDE + 1) for i in range(CELLS))
_INDEX: Final[dict[str, int]] = {n: i for i, n in enumerate(_NAMES)}
#: ``_HEADS[v][i]`` is the token head ``"<v>@<cell>"``, built once (legal_moves makes many).
_HEADS: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(f"{v}@{n}" for n in _NAMES) for v in range(HIGH + 1))
_TEXT: Final[tuple[str, ...]] = tuple(str(v) for v in range(HIGH + 1))
_NUMBER: Final = re.compile(r"[1-9][0-9]?\Z")
_TOKEN: Final = re.compile(r"([1-9][0-9]?)@([A-F][1-6])(?:x([1-9][0-9]?(?:-[1-9][0-9]?)*))?\Z")


def _neighbours(wrap: bool) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for i in range(CELLS):
        col = i % SIDE
        if wrap:
            out.append(tuple(j for j in (i - 1, i + 1) if 0 <= j < CELLS))
        else:
            out.append(tuple(j for j, ok in ((i - 1, col > 0), (i + 1, col < SIDE - 1)) if ok))
    return tuple(out)


#: Horizontal neighbours of each cell, without and with ``wrap`` (RULES.md 2.2).
_NEIGHBOURS: Final = (_neighbours(False), _neighbours(True))


def cell_name(i: int) -> str:
    """The name of cell index ``i`` (0..35): column letter, then row.

    >>> cell_name(0), cell_name(5), cell_name(6), cell_name(35)
    ('A1', 'F1', 'A2', 'F6')
    """
    return _NAMES[i]


def cell_index(name: str) -> int:
    """The index of a cell name (``A1`` = 0 ... ``F6`` = 35); ParseError otherwise.

    >>> cell_index("C1"), cell_index("A2"), cell_index("F6")
    (2, 6, 35)
    >>> cell_index("G1")
    Traceback (most recent call last):
    pyapp.core.errors.ParseError: unknown cell 'G1' (A1..F6)
    """
    i = _INDEX.get(name)
    if i is None:
        raise ParseError(f"unknown cell {name[:8]!r} (A1..F6)")
    return i


def hue(v: int) -> float:
    """The cosmetic colour of card ``v`` in degrees, red (1) to violet (80).

    >>> hue(1), hue(80), round(hue(40), 2)
    (0.0, 270.0, 133.29)
    """
    return (v - 1) / 79 * 270


@dataclass(frozen=True)
class SquareOptions:
    """The options of RULES.md 2.1.

    >>> SquareOptions(), SquareOptions(ends=True).wrap
    (SquareOptions(ends=False, wrap=False), False)
    """

    ends: bool = False
    wrap: bool = False


DEFAULT_OPTIONS: Final = SquareOptions()


@dataclass(frozen=True)
class SquareState:
    """An immutable Solitaire Square position (the fields of RULES.md 2.9)."""

    #: The 36 cells in reading order, ``None`` for an empty cell.
    grid: tuple[int | None, ...]
    #: The hand, ascending.
    hand: tuple[int, ...]
    #: The face-down deck, top first.
    deck: tuple[int, ...]
    #: The discards, in the order they were discarded.
    discards: tuple[int, ...]
    options: SquareOptions = DEFAULT_OPTIONS

    @property
    def filled(self) -> int:
        """The number of filled cells."""
        return CELLS - self.grid.count(None)


class SquareMove(NamedTuple):
    """A move token of RULES.md 2.9 as a value (like python-chess's ``Move``).

    >>> m = SquareMove.parse("14@C1x41-50")
    >>> m
    SquareMove(card=14, cell=2, discards=(41, 50))
    >>> str(m), str(SquareMove(50, cell_index("C2")))
    ('14@C1x41-50', '50@C2')
    >>> SquareMove.parse("14@C1x50-41")
    Traceback (most recent call last):
    pyapp.core.errors.ParseError: malformed Solitaire Square move '14@C1x50-41': the discards must be strictly ascending
    """

    card: int
    cell: int
    discards: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"{self.card}@{_NAMES[self.cell]}"
        if self.discards:
            text += "x" + "-".join(map(str, self.discards))
        return text

    @classmethod
    def parse(cls, token: str) -> SquareMove:
        """Parse a token strictly; raises :class:`ParseError` when it is malformed."""
        m = _TOKEN.match(token)
        if m is None:
            raise ParseError(
                f"malformed Solitaire Square move {token[:16]!r} (expected <card>@<cell> or <card>@<cell>x<d1>-<d2>..., "
                "for example 14@C1x41-50)"
            )
        card = int(m.group(1))
        discards = tuple(int(d) for d in m.group(3).split("-")) if m.group(3) else ()
        problem = ""
        if card > HIGH or any(d > HIGH for d in discards):
            problem = "cards are numbered 1..80"
        elif len(discards) > MAX_COST:
            problem = "no placement costs more than 4 discards"
        elif any(a >= b for a, b in zip(discards, discards[1:])):
            problem = "the discards must be strictly ascending"
        if problem:
            raise ParseError(f"malformed Solitaire Square move {token[:16]!r}: {problem}")
        return cls(card, _INDEX[m.group(2)], discards)


# -- geometry of a position ---------------------------------------------------------


def _occupied(grid: tuple[int | None, ...]) -> tuple[list[int], list[int]]:
    """The occupied cell indices and their values, in reading order (so the
    values ascend in a valid grid)."""
    idx = [i for i, v in enumerate(grid) if v is not None]
    return idx, [grid[i] for i in idx]  # type: ignore[misc]


def bounds(state: SquareState, i: int) -> tuple[int, int]:
    """``(lo, hi)`` of RULES.md 2.4 for cell ``i``: the largest value on a filled
    cell before it in reading order (0 if none) and the smallest after it (81 if none).

    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> bounds(s, 0), bounds(s, 1), bounds(s, 35)
    ((0, 80), (1, 80), (1, 81))
    """
    grid = state.grid
    lo = 0
    for j in range(i - 1, -1, -1):
        v = grid[j]
        if v is not None:
            lo = v
            break
    hi = HIGH + 1
    for j in range(i + 1, CELLS):
        v = grid[j]
        if v is not None:
            hi = v
            break
    return lo, hi


def _cost(grid: tuple[int | None, ...], wrap: bool, card: int, i: int) -> int:
    best = 0
    for j in _NEIGHBOURS[wrap][i]:
        n = grid[j]
        if n is not None:
            d = abs(card - n)
            if best == 0 or d < best:
                best = d
    return best


def cost(state: SquareState, card: int, i: int) -> int:
    """The cost of putting ``card`` on cell ``i`` (RULES.md 2.4 rule 3): the
    smallest difference to a filled horizontal neighbour, 0 when there is none.
    It ignores whether the placement is otherwise legal.

    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> cost(s, 11, cell_index("B1")), cost(s, 11, cell_index("C1")), cost(s, 74, cell_index("E6"))
    (10, 0, 6)
    """
    return _cost(state.grid, state.options.wrap, card, i)


def why_not(state: SquareState, card: int, i: int) -> str | None:
    """None when ``card`` may go on cell ``i`` (whatever discards are chosen),
    otherwise a short plain-English reason.

    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> s.hand
    (11, 27, 38, 61, 74)
    >>> why_not(s, 11, 2) is None, why_not(s, 11, 0), why_not(s, 8, 2), why_not(s, 11, 40)
    (True, 'A1 is taken (by 1)', '8 is not in your hand', 'there is no cell 40')
    """
    if not 0 <= i < CELLS:
        return f"there is no cell {i}"
    name = _NAMES[i]
    taken = state.grid[i]
    if taken is not None:
        return f"{name} is taken (by {taken})"
    if card not in state.hand:
        return f"{card} is not in your hand"
    lo, hi = bounds(state, i)
    if not lo < card:
        return f"out of order: {card} must be higher than {lo} in {_NAMES[state.grid.index(lo)]}"
    if not card < hi:
        return f"out of order: {card} must be lower than {hi} in {_NAMES[state.grid.index(hi)]}"
    c = cost(state, card, i)
    if c > MAX_COST:
        return f"cost {c} is 5 or more"
    left = len(state.hand) - 1
    if c > left:
        return f"cost {c} but only {left} card{'' if left == 1 else 's'} left to pay it"
    return None


def _placements(state: SquareState) -> list[tuple[int, int, int]]:
    grid = state.grid
    nb = _NEIGHBOURS[state.options.wrap]
    idx, vals = _occupied(grid)
    payable = min(MAX_COST, len(state.hand) - 1)
    out: list[tuple[int, int, int]] = []
    for v in state.hand:
        k = bisect_left(vals, v)  # vals[k-1] < v < vals[k]: cards are distinct
        start = idx[k - 1] + 1 if k else 0
        stop = idx[k] if k < len(idx) else CELLS
        for i in range(start, stop):
            c = 0
            for j in nb[i]:
                n = grid[j]
                if n is not None:
                    d = v - n if v > n else n - v
                    if c == 0 or d < c:
                        c = d
            if c <= payable:
                out.append((v, i, c))
    return out


def placements(state: SquareState) -> list[tuple[int, int, int]]:
    """Every legal ``(card, cell, cost)`` ignoring the choice of discards, by card
    ascending and then by cell index. Empty when the game is won or lost.

    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> placements(s)[:3]
    [(11, 2, 0), (11, 3, 0), (11, 4, 0)]
    """
    if None not in state.grid:
        return []
    return _placements(state)


def dead_cells(state: SquareState) -> frozenset[int]:
    """The empty cells that can never be filled (RULES.md 2.6): no unseen card
    (neither on the grid nor discarded: hand and deck alike) lies in the cell's
    ``(lo, hi)`` window.

    >>> rest = ".".join(str(v) for v in range(1, 81) if v not in (12, 13, 14, 20, 21, 22, 23, 24))
    >>> s = SQUARE.parse_state(f"SQ1|G=-.12.-.14.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
    ...                        f"|H=20.21.22.23.24|D={rest}|X=13")
    >>> sorted(cell_name(i) for i in dead_cells(s))
    ['C1']
    """
    grid = state.grid
    unseen = sorted(state.hand + state.deck)
    idx, vals = _occupied(grid)
    dead: set[int] = set()
    edges = [-1, *idx, CELLS]
    values = [0, *vals, HIGH + 1]
    for k in range(len(edges) - 1):
        a, b = edges[k], edges[k + 1]
        if b - a < 2:
            continue
        lo, hi = values[k], values[k + 1]
        p = bisect_right(unseen, lo)
        if p == len(unseen) or unseen[p] >= hi:
            dead.update(range(a + 1, b))
    return frozenset(dead)


# -- the game -------------------------------------------------------------------------


def _number(text: str, field: str) -> int:
    if not _NUMBER.match(text) or int(text) > HIGH:
        raise ParseError(f"field {field}: {text[:8]!r} is not a card number 1..80")
    return int(text)


def _numbers(text: str, field: str) -> list[int]:
    if text == "":
        return []
    return [_number(t, field) for t in text.split(".")]


class Square:
    """The Solitaire Square game definition (see :class:`pyapp.core.game.Game`).

    >>> s = SQUARE.deal(1, SQUARE.parse_options(""))
    >>> SQUARE.status(s), SQUARE.score(s), len(s.hand), len(s.deck)
    ('playing', 0, 5, 75)
    """

    id: str = "square"
    magic: str = "SQ1"
    title: str = "Solitaire Square"
    option_specs: tuple[OptionSpec, ...] = (
        # Each help is the New deal dialog's label of its field, translated where the dialog is made.
        OptionSpec("ends", "flag", "", N_("First game: card 1 starts in A1 and card 80 in F6")),
        OptionSpec("wrap", "flag", "", N_("Row ends wrap: the last cell of a row and the first of the next are neighbours")),
    )

    # -- options -----------------------------------------------------------
    def parse_options(self, text: str) -> SquareOptions:
        """Options from the ``O=`` form, in any order.

        >>> SQUARE.parse_options("wrap,ends")
        SquareOptions(ends=True, wrap=True)
        """
        values = parse_option_values(self.option_specs, text, self.title)
        return SquareOptions(ends=values["ends"] == "1", wrap=values["wrap"] == "1")

    def format_options(self, options: SquareOptions) -> str:
        """Only non-defaults, in table order.

        >>> SQUARE.format_options(SquareOptions(ends=True, wrap=True)), SQUARE.format_options(SquareOptions())
        ('ends,wrap', '')
        """
        values = {"ends": "1" if options.ends else "", "wrap": "1" if options.wrap else ""}
        return format_option_values(self.option_specs, values)

    def options_of(self, state: SquareState) -> SquareOptions:
        return state.options

    # -- dealing -----------------------------------------------------------
    def deal(self, seed: int, options: SquareOptions) -> SquareState:
        """Shuffle 1..80 (2..79 with ``ends``, 1 and 80 going to A1 and F6) and
        draw five cards into the hand (RULES.md 2.3).

        >>> s = SQUARE.deal(7, SQUARE.parse_options("ends"))
        >>> s.grid[0], s.grid[35], SQUARE.score(s), len(s.deck)
        (1, 80, 2, 73)
        """
        cards = list(range(LOW + 1, HIGH)) if options.ends else list(range(LOW, HIGH + 1))
        shuffle_in_place(cards, SplitMix64(seed))
        grid: list[int | None] = [None] * CELLS
        if options.ends:
            grid[0], grid[-1] = LOW, HIGH
        return SquareState(tuple(grid), tuple(sorted(cards[:HAND_SIZE])), tuple(cards[HAND_SIZE:]), (), options)

    # -- rules -------------------------------------------------------------
    def legal_moves(self, state: SquareState) -> list[str]:
        """Legal tokens by card, then cell, then discard set (see the rules notes)."""
        out: list[str] = []
        for v, i, c in placements(state):
            head = _HEADS[v][i]
            if c == 0:
                out.append(head)
                continue
            head += "x"
            rest = [_TEXT[h] for h in state.hand if h != v]
            out.extend(head + "-".join(ds) for ds in combinations(rest, c))
        return out

    def status(self, state: SquareState) -> Status:
        if None not in state.grid:
            return "won"
        return "playing" if _placements(state) else "lost"

    def score(self, state: SquareState) -> int:
        """The number of filled cells (0..36)."""
        return state.filled

    def apply(self, state: SquareState, token: str) -> SquareState:
        return self.steps(state, token)[-1]

    def steps(self, state: SquareState, token: str) -> list[SquareState]:
        """The frames of a move for animation, ending with the state after it:
        the card on the grid with the discards gone, then the refilled hand.

        >>> s = SQUARE.deal(14, SquareOptions(ends=True))
        >>> s.hand
        (26, 48, 50, 75, 76)
        >>> [(f.grid[34], f.hand, f.discards) for f in SQUARE.steps(s, "76@E6x26-48-50-75")]
        [(76, (), (26, 48, 50, 75)), (76, (18, 20, 22, 23, 62), (26, 48, 50, 75))]
        """
        move = SquareMove.parse(token)
        self._check(state, move)
        v, i, ds = move
        grid = list(state.grid)
        grid[i] = v
        gone = set(ds)
        gone.add(v)
        landed = replace(
            state,
            grid=tuple(grid),
            hand=tuple(h for h in state.hand if h not in gone),
            discards=state.discards + ds,
        )
        if None not in landed.grid:
            return [landed]  # won: the hand is not refilled
        need = HAND_SIZE - len(landed.hand)
        if need <= 0 or not landed.deck:
            return [landed]
        drawn = replace(landed, hand=tuple(sorted(landed.hand + landed.deck[:need])), deck=landed.deck[need:])
        return [landed, drawn]

    def _check(self, state: SquareState, move: SquareMove) -> None:
        v, i, ds = move
        if None not in state.grid:
            raise IllegalMoveError(f"{move} is not legal: the game is won, the grid is full")
        reason = why_not(state, v, i)
        if reason is not None:
            raise IllegalMoveError(f"{move} is not legal: {reason}")
        c = cost(state, v, i)
        if v in ds:
            raise IllegalMoveError(f"{move} is not legal: the card placed cannot also be discarded")
        missing = [d for d in ds if d not in state.hand]
        if missing:
            raise IllegalMoveError(f"{move} is not legal: {missing[0]} is not in your hand, so it cannot be discarded")
        if len(ds) != c:
            if c == 0:
                raise IllegalMoveError(f"{move} is not legal: {v} on {_NAMES[i]} costs nothing, write it {v}@{_NAMES[i]}")
            raise IllegalMoveError(
                f"{move} is not legal: {v} on {_NAMES[i]} costs {c}, so discard exactly {c} card{'' if c == 1 else 's'}"
            )

    # -- text --------------------------------------------------------------
    def format_state(self, state: SquareState) -> str:
        rows = (
            ".".join("-" if v is None else str(v) for v in state.grid[r * SIDE : (r + 1) * SIDE]) for r in range(SIDE)
        )
        fields = [
            self.magic,
            "G=" + "/".join(rows),
            "H=" + ".".join(map(str, state.hand)),
            "D=" + ".".join(map(str, state.deck)),
            "X=" + ".".join(map(str, state.discards)),
        ]
        opts = self.format_options(state.options)
        if opts:
            fields.append("O=" + opts)
        return "|".join(fields)

    def parse_state(self, text: str) -> SquareState:
        """Parse a state text, refusing anything that breaks the invariants
        listed in the module's rules notes (ParseError naming the field).

        >>> SQUARE.parse_state("SQ1|G=1.2|H=|D=|X=")
        Traceback (most recent call last):
        pyapp.core.errors.ParseError: field G: expected 6 rows separated by /, got 1
        """
        f = parse_fields(text, self.magic, FIELDS)
        options = self.parse_options(f.get("O", ""))
        rows = f["G"].split("/")
        if len(rows) != SIDE:
            raise ParseError(f"field G: expected 6 rows separated by /, got {len(rows)}")
        grid: list[int | None] = []
        for r, row in enumerate(rows):
            cells = row.split(".")
            if len(cells) != SIDE:
                raise ParseError(f"field G: row {r + 1} has {len(cells)} cells, not 6")
            for c, cell in enumerate(cells):
                if cell == "-":
                    grid.append(None)
                elif not _NUMBER.match(cell) or int(cell) > HIGH:
                    raise ParseError(f"field G: cell {_NAMES[r * SIDE + c]} holds {cell[:8]!r}, not - or a card 1..80")
                else:
                    grid.append(int(cell))
        on_grid = [v for v in grid if v is not None]
        hand = _numbers(f["H"], "H")
        deck = _numbers(f["D"], "D")
        discards = _numbers(f["X"], "X")
        where: dict[int, str] = {}
        for name, values in (("G", on_grid), ("H", hand), ("D", deck), ("X", discards)):
            for v in values:
                if v in where:
                    raise ParseError(f"field {name}: {v} appears twice" if where[v] == name else
                                     f"field {name}: {v} is also in field {where[v]}")
                where[v] = name
        if len(where) != HIGH:
            absent = [v for v in range(LOW, HIGH + 1) if v not in where]
            shown = ", ".join(map(str, absent[:5])) + (", ..." if len(absent) > 5 else "")
            raise ParseError(f"cards: the state must hold each of 1..80 once; missing {shown}")
        prev: tuple[int, int] | None = None
        for i, g in enumerate(grid):
            if g is None:
                continue
            if prev is not None and prev[1] > g:
                raise ParseError(
                    f"field G: the grid must increase in reading order, but {prev[1]} in {_NAMES[prev[0]]} "
                    f"comes before {g} in {_NAMES[i]}"
                )
            prev = (i, g)
        if options.ends and (grid[0] != LOW or grid[-1] != HIGH):
            raise ParseError("field G: with ends, card 1 is in A1 and card 80 in F6")
        full = None not in grid
        if len(hand) > HAND_SIZE:
            raise ParseError(f"field H: at most 5 cards, got {len(hand)}")
        if deck and len(hand) < HAND_SIZE and not full:
            raise ParseError(f"field H: the hand holds 5 cards while the deck has cards, got {len(hand)}")
        if full and len(hand) == HAND_SIZE:
            raise ParseError("field H: the grid is full, so the winning card has left the hand (at most 4 cards)")
        placed = len(on_grid) - (2 if options.ends else 0)
        if len(discards) > MAX_COST * placed:
            raise ParseError(
                f"field X: {len(discards)} discards, but {placed} placement{'' if placed == 1 else 's'} "
                f"can discard at most {MAX_COST * placed}"
            )
        return SquareState(tuple(grid), tuple(sorted(hand)), tuple(deck), tuple(discards), options)


SQUARE: Final = Square()


# -- a simple player ----------------------------------------------------------------------


def greedy_move(state: SquareState) -> str:
    """A simple greedy player (for ``bench/playouts.py --greedy``): the legal
    placement of smallest cost, tie-broken by how far the card sits from the
    spot its value would take if the gap were filled evenly; the discards are
    the hand cards least useful afterwards (those that can no longer be placed
    anywhere, then those whose window has the most candidates per empty cell,
    then the extremes). IllegalMoveError when there is no legal move.

    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> greedy_move(s)
    '74@C6'
    """
    places = placements(state)
    if not places:
        raise IllegalMoveError("there is no legal move")
    grid = state.grid
    idx, vals = _occupied(grid)

    def key(p: tuple[int, int, int]) -> tuple[int, float]:
        v, i, c = p
        k = bisect_left(vals, v)
        a = idx[k - 1] if k else -1
        b = idx[k] if k < len(idx) else CELLS
        lo = vals[k - 1] if k else 0
        hi = vals[k] if k < len(vals) else HIGH + 1
        ideal = a + (v - lo) / (hi - lo) * (b - a)
        return c, abs(i - ideal)

    v, i, c = min(places, key=key)
    if c == 0:
        return f"{v}@{_NAMES[i]}"
    after = list(grid)
    after[i] = v
    unseen = sorted(h for h in state.hand + state.deck if h != v)
    a_idx, a_vals = _occupied(tuple(after))

    def usefulness(d: int) -> tuple[float, int]:
        k = bisect_left(a_vals, d)
        a = a_idx[k - 1] if k else -1
        b = a_idx[k] if k < len(a_idx) else CELLS
        empty = b - a - 1
        if empty == 0:
            return -1.0, -abs(2 * d - (HIGH + 1))
        lo = a_vals[k - 1] if k else 0
        hi = a_vals[k] if k < len(a_vals) else HIGH + 1
        candidates = bisect_left(unseen, hi) - bisect_right(unseen, lo)
        return empty / candidates, -abs(2 * d - (HIGH + 1))

    rest = sorted((h for h in state.hand if h != v), key=usefulness)
    return str(SquareMove(v, i, tuple(sorted(rest[:c]))))
