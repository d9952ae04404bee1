"""Zodiac: two decks, a ring of 24 zodiac piles and an 8-cell equator; place
every stock card in phase 1, then build the eight foundations in phase 2
(RULES.md section 4).

The worked example of RULES.md 4.7. A zodiac pile topped by 6H accepts 5H or
7H; after 7H it accepts 6H (the other copy) or 8H; AC accepts only 2C and KC
only QC:

>>> c = Card.parse
>>> [code for code in ("5H", "7H", "6H", "8H", "5S", "4H") if zodiac_accepts(c("6H"), c(code))]
['5H', '7H']
>>> [code for code in ("6H", "8H", "7H") if zodiac_accepts(c("7H"), c(code))]
['6H', '8H']
>>> [code for code in ("2C", "KC", "QC") if zodiac_accepts(c("AC"), c(code))], zodiac_accepts(c("KC"), c("QC"))
(['2C'], True)

The same in a game: ``Z3`` holds 6H, and 7H waits on the waste with 5H in the
equator cell ``E0`` (every other card stands in for the rest of the game):

>>> s = arrange(zodiac={3: "6H"}, equator={0: "5H"}, waste="7H")
>>> "W-Z3" in ZODIAC.legal_moves(s), "E0-Z3" in ZODIAC.legal_moves(s)
(True, True)
>>> t = ZODIAC.apply(s, "W-Z3")
>>> pile_cards(t, "Z3"), [m for m in ZODIAC.legal_moves(t) if m.endswith("-Z3")]
((Card.parse('6H'), Card.parse('7H')), [])
>>> zodiac_accepts(c("7H"), c("6H")) and zodiac_accepts(c("7H"), c("8H"))
True

Phase 2: ``FuS`` holds A-5 (top 5S) and ``FdS`` K-9 (top 9S). A 6S goes only
up, an 8S only down, and a 7S nowhere yet:

>>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
>>> ZODIAC.format_state(s)
'ZD1|S=|W=|E=7S.6S.8S.-.-.-.-.-|Z=AS2S3S4S5S6S.KSQSJSTS9S8S.7S.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-.-|F=5S.KH.KD.KC.9S.AH.AD.AC|P=2'
>>> ZODIAC.legal_moves(s)
['E1-FuS', 'E2-FdS', 'Z0-FuS', 'Z1-FdS']
>>> targets(s, "Z2"), targets(s, "E0")
([], [])

Once 6S is up and 8S is down, a 7S fits both foundations and the player
chooses (click-to-move takes ``Fu`` first):

>>> u = ZODIAC.apply(ZODIAC.apply(s, "E1-FuS"), "E2-FdS")
>>> foundation_choices(u, "E0"), auto_target(u, "E0")
(['FuS', 'FdS'], 'FuS')

Rules notes
-----------

* **State.** Exactly the fields of RULES.md 4.10, no extra ones: ``S`` (stock,
  top first), ``W`` (waste, bottom to top), ``E`` (8 cells, ``-`` empty),
  ``Z`` (24 piles bottom to top, ``-`` empty), ``F`` (the foundation tops in
  the order ``FuS FuH FuD FuC FdS FdH FdD FdC``) and ``P`` (phase 1 or 2).
  A foundation is a contiguous run, so its top fixes its contents: ``Fu`` top
  5S holds AS..5S, ``Fd`` top 9S holds KS..9S. Zodiac has no options
  (``option_specs = ()``); any option text but the empty one is refused by
  the shared routine :func:`pyapp.core.game.parse_option_values`.
* **Deal.** The 104 cards in canonical order (two decks) are shuffled with
  SplitMix64 Fisher-Yates (RULES.md 0.2); cards 0..7 go to ``E0..E7``, cards
  8..31 to ``Z0..Z23``, and cards 32..103 form the stock, card 32 on top. The
  waste starts empty; phase 1.
* **Stock click.** ``S`` draws the stock's top card onto the waste; with the
  stock empty it turns the waste over, so the stock becomes the waste read
  bottom to top and cards come out in the same order again.
* **Order of legal moves.** By source ``W``, ``E0..E7``, ``Z0..Z23``; for each
  source by target ``Z0..Z23``, ``E0..E7``, ``FuS FuH FuD FuC``,
  ``FdS FdH FdD FdC``; then ``S`` last. So phase 1 lists ``W-Z*``, ``W-E*``,
  ``E*-Z*``, ``S``; phase 2 lists ``E*-F*`` then ``Z*-F*``. A card that fits
  both foundations of its suit lists ``Fu`` before ``Fd``.
* **Phase change.** Automatic, the moment the stock and the waste are both
  empty (only a waste move can do that). :meth:`Zodiac.steps` shows a frame
  with the card moved and the phase still 1, then the phase-2 state; every
  other move is a single frame. Frames before the last are for drawing only.
* **Status.** ``won`` when the foundations hold 104 cards. ``lost`` at a
  phase-1 dead end (:func:`is_dead_end`, RULES.md 4.6: every equator cell
  occupied, no equator card fits a zodiac top, and no stock or waste card
  fits a zodiac top; the stock click is then technically possible but useless,
  so, as for every finished state, no move is listed), or in phase 2 when
  cards remain and no foundation move exists. ``playing`` otherwise.
* **Score** = the number of cards on the foundations, 0..104 (always 0 in
  phase 1; 104 exactly when won).
* **Click to move** (RULES.md 4.8 item 11): :func:`auto_target` is the first
  of :func:`targets` in the order above: the lowest zodiac pile that accepts,
  else (waste only) the lowest empty equator cell; in phase 2 ``Fu`` then
  ``Fd``.
* **Phase 2 splits by suit.** Zodiac piles are single-suit chains, equator
  cells hold one card, and a foundation takes one suit, so the four suits are
  independent games. Each is small (26 cards; its reachable positions are few,
  since the cards removed are fixed by the two foundation tops up to which
  copy of a rank was taken), so it is searched exhaustively with memoisation:
  :func:`score_range` gives the lowest and highest final score any way of
  playing on can reach.
* **Safe moves and auto-finish.** A phase-2 move is *safe*
  (:func:`safe_auto_moves`) when the best final score still reachable after it
  equals the best reachable before it: playing it never costs anything, even
  where a card could go to either foundation of its suit or either copy of a
  card could be played. :func:`auto_finish_move` offers a move only when *no*
  choice is left that matters: every way of playing on ends with the same
  final score (usually 104: the game is won whatever is played). It then
  returns the first legal move, and keeps returning one after it until the
  game ends, so the UI can loop. It returns ``None`` in phase 1.
* **Cost.** ``legal_moves`` and ``status`` look at the 24 zodiac tops and at
  most 104 cards (tens of microseconds in CPython). The phase-2 search is
  memoised across calls (a later position of a game is a child of an earlier
  one; the memo is cleared past 50,000 entries): its first call at the start of
  phase 2 took 4 ms typically and 76 ms at worst over 231 greedy games, later
  calls are nearly free.
* **Helpers for tests and examples.** :func:`arrange` builds a position from
  the piles that matter and fills in the rest; :func:`milestone` (reached
  phase 2) feeds the "reached" column of ``bench/playouts.py``.
* **Parse checks** (each error names its field): 8 equator cells; 24 zodiac
  piles, each a same-suit chain of ranks differing by exactly 1 (A and K not
  adjacent), none empty in phase 1; 8 foundation tops, ``Fu``/``Fd`` of the
  right suits; every code exactly twice over stock, waste, equator, zodiac and
  foundations (jokers refused); no foundation card while the stock or waste
  has cards; ``P`` is 2 exactly when the stock and waste are empty. Leading
  and trailing blanks and an empty ``O=`` are accepted and not printed back.
* **Greedy player** (:func:`greedy_move`, for ``bench/playouts.py``): phase 2
  plays the first safe move (so it always reaches the best score still
  possible). Phase 1 prefers placements that keep a zodiac pile building in
  one direction (a pile that zigzags buries cards the foundations need first):
  such a placement (equator card first), else the stock click while a stock or
  waste card has one, else any placement, else the stock click while a stock or
  waste card fits anywhere, else the waste top onto the lowest empty equator
  cell. Each of its stock clicks is made while a wanted card is in the stock or
  waste, and the zodiac tops do not change while it clicks, so that card
  reaches the waste top within one cycle and is played: the player never
  cycles the stock without end.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final, NamedTuple

from ...core.cards import RANKS, SUITS, Card, cards_text, parse_cards, standard_deck
from ...core.errors import IllegalMoveError, ParseError
from ...core.game import OptionSpec, Status, format_option_values, parse_fields, parse_option_values
from ...core.rng import shuffled

N_EQUATOR: Final = 8
N_ZODIAC: Final = 24
N_CARDS: Final = 104
FIELDS: Final = ("S", "W", "E", "Z", "F", "P")
#: The foundations in the order of the ``F`` field: up from A, then down from K.
FOUNDATIONS: Final = ("FuS", "FuH", "FuD", "FuC", "FdS", "FdH", "FdD", "FdC")
ZODIAC_IDS: Final = tuple(f"Z{i}" for i in range(N_ZODIAC))
EQUATOR_IDS: Final = tuple(f"E{i}" for i in range(N_EQUATOR))
#: Every pile id :func:`pile_cards` knows.
PILE_IDS: Final = ZODIAC_IDS + EQUATOR_IDS + FOUNDATIONS + ("S", "W")

_CARD: Final[dict[tuple[int, str], Card]] = {(r, s): Card.parse(RANKS[r - 1] + s) for s in SUITS for r in range(1, 14)}
#: The cards a zodiac top accepts: same suit, one rank up or down, no wrap.
_NEIGHBOURS: Final[dict[Card, tuple[Card, ...]]] = {
    c: tuple(_CARD[(r, c.suit)] for r in (c.rank - 1, c.rank + 1) if 1 <= r <= 13) for c in _CARD.values()
}
_PILE_RE: Final = r"Z(?:1[0-9]|2[0-3]|[0-9])"
_TOKEN_RE: Final = re.compile(rf"(W|E[0-7]|{_PILE_RE})-({_PILE_RE}|E[0-7]|F[ud][SHDC])")
_W_Z: Final = tuple(f"W-Z{j}" for j in range(N_ZODIAC))
_W_E: Final = tuple(f"W-E{i}" for i in range(N_EQUATOR))
_E_Z: Final = tuple(tuple(f"E{i}-Z{j}" for j in range(N_ZODIAC)) for i in range(N_EQUATOR))


@dataclass(frozen=True)
class ZodiacOptions:
    """Zodiac has no options (RULES.md 4.1); this is the one value."""


NO_OPTIONS: Final = ZodiacOptions()


@dataclass(frozen=True)
class ZodiacState:
    """An immutable Zodiac position (the fields of RULES.md 4.10)."""

    #: The face-down stock, top first.
    stock: tuple[Card, ...]
    #: The waste, bottom to top (the last card is the one that can be played).
    waste: tuple[Card, ...]
    #: ``E0..E7``, ``None`` for an empty cell.
    equator: tuple[Card | None, ...]
    #: ``Z0..Z23``, each bottom to top.
    zodiac: tuple[tuple[Card, ...], ...]
    #: The foundation tops in the order of :data:`FOUNDATIONS`, ``None`` for empty.
    found: tuple[Card | None, ...]
    #: 1 while the stock or the waste has cards, then 2.
    phase: int


class ZodiacMove(NamedTuple):
    """A move token of RULES.md 4.10 as a value (like python-chess's ``Move``).

    ``source`` is ``S`` (the stock click, with no target), ``W``, ``E0..E7`` or
    ``Z0..Z23``; ``target`` is ``Z0..Z23``, ``E0..E7`` or a foundation id.
    Any such pair parses; whether it is legal is for the state to say.

    >>> ZodiacMove.parse("E3-Z12"), str(ZodiacMove.parse("Z4-FuS"))
    (ZodiacMove(source='E3', target='Z12'), 'Z4-FuS')
    >>> [str(ZodiacMove.parse(t)) for t in ("S", "W-Z5", "W-E3", "E0-FdH")]
    ['S', 'W-Z5', 'W-E3', 'E0-FdH']
    >>> ZodiacMove.parse("Z24-FuS")
    Traceback (most recent call last):
    pyapp.core.errors.ParseError: malformed Zodiac move 'Z24-FuS' (expected S, or <source>-<target> with source W, E0..E7 or Z0..Z23 and target Z0..Z23, E0..E7 or FuS..FdC)
    """

    source: str
    target: str | None = None

    def __str__(self) -> str:
        return self.source if self.target is None else f"{self.source}-{self.target}"

    @classmethod
    def parse(cls, token: str) -> ZodiacMove:
        """Parse a token; raises :class:`ParseError` when it is malformed."""
        if token == "S":
            return cls("S")
        m = _TOKEN_RE.fullmatch(token) if isinstance(token, str) else None
        if m is None:
            raise ParseError(
                f"malformed Zodiac move {str(token)[:12]!r} (expected S, or <source>-<target> with source W,"
                " E0..E7 or Z0..Z23 and target Z0..Z23, E0..E7 or FuS..FdC)"
            )
        return cls(m.group(1), m.group(2))


# -- card relations ------------------------------------------------------------------


def zodiac_accepts(top: Card, card: Card) -> bool:
    """A zodiac pile topped by ``top`` accepts ``card``: same suit, rank exactly
    one higher or lower; A and K are not adjacent (RULES.md 4.4).

    >>> zodiac_accepts(Card.parse("AC"), Card.parse("KC")), zodiac_accepts(Card.parse("6H"), Card.parse("5D"))
    (False, False)
    """
    return card in _NEIGHBOURS.get(top, ())


def next_for_foundation(foundation: int, top: Card | None) -> Card | None:
    """The one card foundation ``foundation`` (index into :data:`FOUNDATIONS`) accepts."""
    suit = SUITS[foundation % 4]
    if foundation < 4:
        rank = 1 if top is None else top.rank + 1
    else:
        rank = 13 if top is None else top.rank - 1
    return _CARD.get((rank, suit))


def _run(foundation: int, top: Card | None) -> tuple[Card, ...]:
    if top is None:
        return ()
    suit = SUITS[foundation % 4]
    ranks = range(1, top.rank + 1) if foundation < 4 else range(13, top.rank - 1, -1)
    return tuple(_CARD[(r, suit)] for r in ranks)


# -- reading a state -------------------------------------------------------------------


def phase(state: ZodiacState) -> int:
    """1 while the stock or the waste has cards, then 2 (RULES.md 4.4, 4.5).

    >>> phase(ZODIAC.deal(1, NO_OPTIONS))
    1
    """
    return state.phase


def _pile_index(pile_id: str, prefix: str, count: int) -> int | None:
    rest = pile_id[len(prefix):]
    if pile_id.startswith(prefix) and rest.isascii() and rest.isdigit() and str(int(rest)) == rest and int(rest) < count:
        return int(rest)
    return None


def pile_cards(state: ZodiacState, pile_id: str) -> tuple[Card, ...]:
    """The cards of any pile, bottom to top (the last one is the top card): a
    zodiac pile ``Z0..Z23``, an equator cell ``E0..E7``, a foundation
    ``FuS..FdC`` (rebuilt from its top), the stock ``S`` (the last card is the
    one the next click draws) or the waste ``W``. ParseError for another id.

    >>> s = ZODIAC.parse_state(ZODIAC.format_state(ZODIAC.deal(1, NO_OPTIONS)))
    >>> pile_cards(s, "S")[-1] == s.stock[0], pile_cards(s, "W"), len(pile_cards(s, "E7"))
    (True, (), 1)
    >>> u = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
    ...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
    >>> "".join(c.code for c in pile_cards(u, "FdS")), pile_cards(u, "FuH")[-1], pile_cards(u, "Z5")
    ('KSQSJSTS9S', Card.parse('KH'), ())
    """
    if pile_id == "S":
        return tuple(reversed(state.stock))
    if pile_id == "W":
        return state.waste
    i = _pile_index(pile_id, "Z", N_ZODIAC)
    if i is not None:
        return state.zodiac[i]
    i = _pile_index(pile_id, "E", N_EQUATOR)
    if i is not None:
        card = state.equator[i]
        return () if card is None else (card,)
    if pile_id in FOUNDATIONS:
        k = FOUNDATIONS.index(pile_id)
        return _run(k, state.found[k])
    raise ParseError(f"unknown Zodiac pile {pile_id[:12]!r} (known: Z0..Z23, E0..E7, FuS..FdC, S, W)")


def _tops_wanted(state: ZodiacState) -> dict[Card, list[int]]:
    """For each card some zodiac top accepts, the piles that accept it (ascending)."""
    wanted: dict[Card, list[int]] = {}
    for j, pile in enumerate(state.zodiac):
        if pile:
            for n in _NEIGHBOURS[pile[-1]]:
                got = wanted.get(n)
                if got is None:
                    wanted[n] = [j]
                else:
                    got.append(j)
    return wanted


def is_dead_end(state: ZodiacState) -> bool:
    """The phase-1 dead end of RULES.md 4.6: every equator cell occupied, no
    equator card fits a zodiac top, and no card in the stock or the waste fits
    one. Stock clicks cannot help then. Always False in phase 2 (whose loss is
    simply "no foundation move"; see :meth:`Zodiac.status`).

    >>> is_dead_end(ZODIAC.deal(1, NO_OPTIONS))
    False
    """
    if state.phase != 1 or None in state.equator or not (state.stock or state.waste):
        return False
    wanted = _tops_wanted(state)
    for group in (state.equator, state.stock, state.waste):
        for card in group:
            if card in wanted:
                return False
    return True


def _phase1_moves(state: ZodiacState) -> list[str]:
    wanted = _tops_wanted(state)
    moves: list[str] = []
    if state.waste:
        for j in wanted.get(state.waste[-1], ()):
            moves.append(_W_Z[j])
        for i, cell in enumerate(state.equator):
            if cell is None:
                moves.append(_W_E[i])
    for i, cell in enumerate(state.equator):
        if cell is not None:
            for j in wanted.get(cell, ()):
                moves.append(_E_Z[i][j])
    if state.stock or state.waste:
        moves.append("S")
    return moves


def _foundation_needs(state: ZodiacState) -> dict[Card, list[str]]:
    """For each card some foundation accepts now, those foundations (``Fu`` first)."""
    needs: dict[Card, list[str]] = {}
    for k, top in enumerate(state.found):
        card = next_for_foundation(k, top)
        if card is not None:
            needs.setdefault(card, []).append(FOUNDATIONS[k])
    return needs


def _phase2_moves(state: ZodiacState) -> list[str]:
    needs = _foundation_needs(state)
    moves: list[str] = []
    for i, cell in enumerate(state.equator):
        if cell is not None:
            for f in needs.get(cell, ()):
                moves.append(f"E{i}-{f}")
    for j, pile in enumerate(state.zodiac):
        if pile:
            for f in needs.get(pile[-1], ()):
                moves.append(f"Z{j}-{f}")
    return moves


def _score(state: ZodiacState) -> int:
    total = 0
    for k, top in enumerate(state.found):
        if top is not None:
            total += top.rank if k < 4 else 14 - top.rank
    return total


def targets(state: ZodiacState, source: str) -> list[str]:
    """The legal targets for the top card of ``source`` (``W``, ``E0..E7`` or
    ``Z0..Z23``), in the stable order ``Z0..Z23``, ``E0..E7``, ``Fu``, ``Fd``;
    empty for ``S``, the foundations, an empty pile or a finished game.

    >>> s = arrange(zodiac={3: "6H"}, equator={0: "5H"}, waste="7H")
    >>> "Z3" in targets(s, "E0"), targets(s, "W")[-1], targets(s, "Z3")
    (True, 'E7', [])
    """
    if source not in PILE_IDS:
        raise ParseError(f"unknown Zodiac pile {source[:12]!r} (known: Z0..Z23, E0..E7, FuS..FdC, S, W)")
    prefix = source + "-"
    return [m[len(prefix):] for m in ZODIAC.legal_moves(state) if m.startswith(prefix)]


def auto_target(state: ZodiacState, source: str) -> str | None:
    """Where a click on ``source`` sends its top card (RULES.md 4.8 item 11): in
    phase 1 the lowest zodiac pile that accepts it, else (waste card only) the
    lowest empty equator cell; in phase 2 ``Fu``, then ``Fd``. None if nowhere.

    >>> s = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "9S"}, waste="KD")
    >>> auto_target(s, "E0"), auto_target(s, "W"), auto_target(s, "Z3")
    ('Z3', 'E2', None)
    """
    found = targets(state, source)
    return found[0] if found else None


def foundation_choices(state: ZodiacState, source: str) -> list[str]:
    """The foundations the top card of ``source`` can go to now: two when it
    fits both foundations of its suit (the player chooses, RULES.md 4.8 item 9).

    >>> foundation_choices(ZODIAC.deal(1, NO_OPTIONS), "E0")
    []
    """
    return [t for t in targets(state, source) if t.startswith("F")]


# -- phase 2 search ----------------------------------------------------------------------


Piles = tuple[tuple[int, ...], ...]
#: Memo of :func:`_outcome`, shared between calls (a game's later positions are
#: children of its earlier ones); cleared when it grows past _MEMO_LIMIT.
_MEMO: dict[tuple[int, int, Piles], tuple[int, int]] = {}
_MEMO_LIMIT: Final = 50_000


def _outcome(up: int, down: int, piles: Piles) -> tuple[int, int]:
    """The lowest and highest final card count on one suit's two foundations.
    ``up``: the up foundation's top rank (0 when empty); ``down``: the down
    foundation's top rank (14 when empty); ``piles``: the suit's non-empty
    equator cells and zodiac piles, ranks bottom to top, in a stable order."""
    key = (up, down, piles)
    got = _MEMO.get(key)
    if got is not None:
        return got
    lo, hi = 99, -1
    for i, pile in enumerate(piles):
        r = pile[-1]
        if r == up + 1 or r == down - 1:
            rest = piles[:i] + ((pile[:-1],) if len(pile) > 1 else ()) + piles[i + 1:]
            if r == up + 1:
                a, b = _outcome(up + 1, down, rest)
                lo, hi = min(lo, a), max(hi, b)
            if r == down - 1:
                a, b = _outcome(up, down - 1, rest)
                lo, hi = min(lo, a), max(hi, b)
    if hi < 0:
        lo = hi = up + 14 - down
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = (lo, hi)
    return lo, hi


def _suits(state: ZodiacState) -> list[tuple[int, int, Piles, list[str]]]:
    """Per suit: the two foundation tops as ranks, the piles and their ids."""
    out = []
    for k, suit in enumerate(SUITS):
        piles: list[tuple[int, ...]] = []
        ids: list[str] = []
        for i, cell in enumerate(state.equator):
            if cell is not None and cell.suit == suit:
                piles.append((cell.rank,))
                ids.append(f"E{i}")
        for j, pile in enumerate(state.zodiac):
            if pile and pile[0].suit == suit:
                piles.append(tuple(c.rank for c in pile))
                ids.append(f"Z{j}")
        up, down = state.found[k], state.found[4 + k]
        out.append((0 if up is None else up.rank, 14 if down is None else down.rank, tuple(piles), ids))
    return out


def score_range(state: ZodiacState) -> tuple[int, int] | None:
    """In phase 2, the lowest and the highest final score that some way of
    playing on from here reaches (exact, by the per-suit search of the rules
    notes); None in phase 1.

    >>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
    ...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
    >>> score_range(s)
    (104, 104)
    """
    if state.phase != 2:
        return None
    lo = hi = 0
    for up, down, piles, _ids in _suits(state):
        a, b = _outcome(up, down, piles)
        lo, hi = lo + a, hi + b
    return lo, hi


def safe_auto_moves(state: ZodiacState) -> list[str]:
    """The phase-2 legal moves that never cost anything: after the move the best
    final score still reachable is the same as before it (so a card that fits
    both foundations, or either copy of a card, is played only where that holds).
    Empty in phase 1 and when the game is over. In the legal-move order.

    >>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
    ...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
    >>> safe_auto_moves(s)
    ['E1-FuS', 'E2-FdS', 'Z0-FuS', 'Z1-FdS']
    """
    if state.phase != 2:
        return []
    legal = ZODIAC.legal_moves(state)
    if not legal:
        return []
    safe: set[str] = set()
    for up, down, piles, ids in _suits(state):
        best = _outcome(up, down, piles)[1]
        for token in legal:
            src, dst = token.split("-")
            if src not in ids:
                continue
            i = ids.index(src)
            pile = piles[i]
            rest = piles[:i] + ((pile[:-1],) if len(pile) > 1 else ()) + piles[i + 1:]
            child = (up + 1, down) if dst.startswith("Fu") else (up, down - 1)
            if _outcome(child[0], child[1], rest)[1] == best:
                safe.add(token)
    return [t for t in legal if t in safe]


def auto_finish_move(state: ZodiacState) -> str | None:
    """The next move of an auto-finish, or None. Offered only in phase 2 and only
    when no choice left matters: every way of playing on ends with the same
    final score (:func:`score_range` gives one value; normally 104, a sure win).
    Then every move is forced or safe, and this returns the first legal move;
    it keeps returning one until the game ends.

    >>> s = arrange(zodiac={0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, equator={0: "7S", 1: "6S", 2: "8S"},
    ...             foundations="5S.KH.KD.KC.9S.AH.AD.AC")
    >>> auto_finish_move(s), auto_finish_move(ZODIAC.deal(1, NO_OPTIONS))
    ('E1-FuS', None)
    """
    if state.phase != 2:
        return None
    legal = ZODIAC.legal_moves(state)
    if not legal:
        return None
    span = score_range(state)
    assert span is not None
    return legal[0] if span[0] == span[1] else None


# -- greedy player ------------------------------------------------------------------------


def _reverses(pile: tuple[Card, ...], card: Card) -> bool:
    """Putting ``card`` on ``pile`` turns the pile's building direction round."""
    return len(pile) >= 2 and card.rank - pile[-1].rank != pile[-1].rank - pile[-2].rank


def greedy_move(state: ZodiacState) -> str:
    """A simple greedy player for ``bench/playouts.py`` (stateless; see the
    rules notes). In phase 1, in this order: a card onto the zodiac that keeps
    the pile's direction (an equator card first); the stock click while a stock
    or waste card could do that; any card onto the zodiac; the stock click
    while a stock or waste card fits anywhere; the waste top onto the lowest
    empty equator cell; the stock click. In phase 2, the first safe move.
    Raises IllegalMoveError when the game is over.

    >>> s = ZODIAC.deal(1, NO_OPTIONS)
    >>> greedy_move(s) in ZODIAC.legal_moves(s)
    True
    """
    legal = ZODIAC.legal_moves(state)
    if not legal:
        raise IllegalMoveError("the game is over")
    if state.phase == 2:
        return safe_auto_moves(state)[0]
    fits: list[tuple[bool, bool, int, str]] = []
    for n, token in enumerate(legal):
        src, _, dst = token.partition("-")
        if dst.startswith("Z"):
            card = state.waste[-1] if src == "W" else state.equator[int(src[1:])]
            assert card is not None
            fits.append((_reverses(state.zodiac[int(dst[1:])], card), src == "W", n, token))
    fits.sort()
    if fits and not fits[0][0]:
        return fits[0][3]
    wanted = _tops_wanted(state)
    pool = [c for c in (*state.stock, *state.waste) if c in wanted]
    if any(not _reverses(state.zodiac[j], c) for c in pool for j in wanted[c]):
        return "S"
    if fits:
        return fits[0][3]
    if pool:
        return "S"
    return next((m for m in legal if m.startswith("W-E")), "S")


#: What :func:`milestone` marks, for ``bench/playouts.py``.
MILESTONE: Final = "phase 2"


def milestone(state: ZodiacState) -> bool:
    """True once the game has reached phase 2 (every stock card placed).

    >>> milestone(ZODIAC.deal(1, NO_OPTIONS))
    False
    """
    return state.phase == 2


# -- the game -----------------------------------------------------------------------------


class Zodiac:
    """The Zodiac game definition (see :class:`pyapp.core.game.Game`).

    >>> s = ZODIAC.deal(1, ZODIAC.parse_options(""))
    >>> ZODIAC.status(s), ZODIAC.score(s), len(s.stock), s.waste, ZODIAC.legal_moves(s)[-1]
    ('playing', 0, 72, (), 'S')
    """

    id: str = "zodiac"
    magic: str = "ZD1"
    title: str = "Zodiac"
    option_specs: tuple[OptionSpec, ...] = ()

    # -- options -----------------------------------------------------------
    def parse_options(self, text: str) -> ZodiacOptions:
        """Zodiac has no options: only the empty text is accepted.

        >>> ZODIAC.parse_options("decks=2")
        Traceback (most recent call last):
        pyapp.core.errors.ParseError: unknown Zodiac option 'decks' (known: none)
        """
        parse_option_values(self.option_specs, text, self.title)
        return NO_OPTIONS

    def format_options(self, options: ZodiacOptions) -> str:
        """Always the empty text.

        >>> ZODIAC.format_options(NO_OPTIONS)
        ''
        """
        return format_option_values(self.option_specs, {})

    def options_of(self, state: ZodiacState) -> ZodiacOptions:
        return NO_OPTIONS

    # -- dealing ---------------------------------------------------------------
    def deal(self, seed: int, options: ZodiacOptions) -> ZodiacState:
        """Shuffle two decks; 8 cards to ``E0..E7``, 24 to ``Z0..Z23``, 72 to the
        stock (top first); the waste starts empty (RULES.md 4.3).

        >>> s = ZODIAC.deal(2024, NO_OPTIONS)
        >>> len(s.stock), len(s.waste), sum(len(p) for p in s.zodiac), s.phase
        (72, 0, 24, 1)
        """
        cards = shuffled(standard_deck(decks=2), seed)
        return ZodiacState(
            tuple(cards[N_EQUATOR + N_ZODIAC:]),
            (),
            tuple(cards[:N_EQUATOR]),
            tuple((c,) for c in cards[N_EQUATOR:N_EQUATOR + N_ZODIAC]),
            (None,) * 8,
            1,
        )

    # -- rules -----------------------------------------------------------------
    def legal_moves(self, state: ZodiacState) -> list[str]:
        """Legal tokens in the order of the rules notes; empty when the game is over."""
        if state.phase == 2:
            return _phase2_moves(state)
        moves = _phase1_moves(state)
        if moves == ["S"] and is_dead_end(state):
            return []
        return moves

    def status(self, state: ZodiacState) -> Status:
        if state.phase == 2:
            if _score(state) == N_CARDS:
                return "won"
            return "playing" if _phase2_moves(state) else "lost"
        return "lost" if is_dead_end(state) else "playing"

    def score(self, state: ZodiacState) -> int:
        """Cards on the foundations, 0..104."""
        return _score(state)

    def apply(self, state: ZodiacState, token: str) -> ZodiacState:
        """The state after ``token``; ParseError if malformed, IllegalMoveError if illegal.

        >>> s = ZODIAC.deal(1, NO_OPTIONS)
        >>> t = ZODIAC.apply(s, "S")
        >>> t.waste == s.stock[:1] and t.stock == s.stock[1:]
        True
        >>> ZODIAC.apply(s, "Z0-E1")
        Traceback (most recent call last):
        pyapp.core.errors.IllegalMoveError: Z0-E1 is not legal: cards never leave the zodiac in phase 1
        """
        return self.steps(state, token)[-1]

    def steps(self, state: ZodiacState, token: str) -> list[ZodiacState]:
        """The frames of a move, ending with the state after it: one frame, except
        for the move that empties the stock and waste, which first shows the card
        moved with the phase still 1.

        >>> s = arrange(zodiac={3: "6H"}, waste="7H", rest="zodiac")
        >>> [(f.phase, len(f.waste)) for f in ZODIAC.steps(s, "W-E0")]
        [(1, 0), (2, 0)]
        """
        move = ZodiacMove.parse(token)
        token = str(move)
        if token not in self.legal_moves(state):
            raise IllegalMoveError(f"{token} is not legal: {self._why(state, move)}")
        if move.source == "S":
            if state.stock:
                return [replace(state, stock=state.stock[1:], waste=state.waste + state.stock[:1])]
            # Redeal: the waste's bottom card becomes the stock's top.
            return [replace(state, stock=state.waste, waste=())]
        src, dst = move.source, move.target
        assert dst is not None
        waste, equator, zodiac, found = state.waste, list(state.equator), list(state.zodiac), list(state.found)
        if src == "W":
            card = waste[-1]
            waste = waste[:-1]
        elif src[0] == "E":
            i = int(src[1:])
            got = equator[i]
            assert got is not None
            card, equator[i] = got, None
        else:
            j = int(src[1:])
            card = zodiac[j][-1]
            zodiac[j] = zodiac[j][:-1]
        if dst[0] == "Z":
            j = int(dst[1:])
            zodiac[j] = zodiac[j] + (card,)
        elif dst[0] == "E":
            equator[int(dst[1:])] = card
        else:
            found[FOUNDATIONS.index(dst)] = card
        after = replace(state, waste=waste, equator=tuple(equator), zodiac=tuple(zodiac), found=tuple(found))
        if after.phase == 1 and not after.stock and not after.waste:
            return [after, replace(after, phase=2)]
        return [after]

    def _why(self, s: ZodiacState, move: ZodiacMove) -> str:
        st = self.status(s)
        if st != "playing":
            return f"the game is over ({st})"
        src, dst = move.source, move.target
        if src == "S":
            return "the stock and the waste are empty (phase 2)"
        assert dst is not None
        if s.phase == 1:
            if dst[0] == "F":
                return "no card goes to a foundation while the stock or the waste has cards (phase 1)"
            if src[0] == "Z":
                return "cards never leave the zodiac in phase 1"
            if src[0] == "E" and dst[0] == "E":
                return "equator cells are filled only from the waste"
        else:
            if dst[0] != "F":
                return "in phase 2 cards go only to the foundations"
            if src == "W":
                return "the waste is empty (phase 2)"
        card = pile_cards(s, src)[-1:] if src != "W" else s.waste[-1:]
        if not card:
            return f"{src} is empty"
        c = card[0]
        if dst[0] == "E":
            return f"{dst} is occupied"
        if dst[0] == "Z":
            top = s.zodiac[int(dst[1:])]
            if not top:
                return f"{dst} is empty and an empty zodiac pile is never refilled"
            return f"{c} does not go on {top[-1]} (same suit, one rank up or down)"
        want = next_for_foundation(FOUNDATIONS.index(dst), s.found[FOUNDATIONS.index(dst)])
        return f"{dst} takes {want if want else 'nothing more'}, not {c}"

    # -- text ------------------------------------------------------------------
    def format_state(self, state: ZodiacState) -> str:
        return "|".join(
            (
                self.magic,
                "S=" + cards_text(state.stock),
                "W=" + cards_text(state.waste),
                "E=" + ".".join(c.code if c is not None else "-" for c in state.equator),
                "Z=" + ".".join(cards_text(p) or "-" for p in state.zodiac),
                "F=" + ".".join(c.code if c is not None else "-" for c in state.found),
                f"P={state.phase}",
            )
        )

    def parse_state(self, text: str) -> ZodiacState:
        """Parse a state text, refusing anything that breaks the invariants of the
        rules notes with a ParseError naming the field.

        >>> good = ZODIAC.format_state(ZODIAC.deal(1, NO_OPTIONS))
        >>> ZODIAC.format_state(ZODIAC.parse_state(good)) == good
        True
        >>> ZODIAC.parse_state(good.replace("P=1", "P=2"))
        Traceback (most recent call last):
        pyapp.core.errors.ParseError: field P: phase 2 starts only when the stock and the waste are empty
        """
        if not isinstance(text, str):
            raise ParseError("a state text must be a string")
        f = parse_fields(text, self.magic, FIELDS)
        self.parse_options(f.get("O", ""))
        stock = _no_jokers(parse_cards(f["S"], "S"), "S")
        waste = _no_jokers(parse_cards(f["W"], "W"), "W")
        equator = tuple(_cells(f["E"], "E", N_EQUATOR))
        piles = f["Z"].split(".")
        if len(piles) != N_ZODIAC:
            raise ParseError(f"field Z: expected 24 piles, got {len(piles)}")
        zodiac: list[tuple[Card, ...]] = []
        for j, text_j in enumerate(piles):
            if text_j == "-":
                zodiac.append(())
                continue
            if text_j == "":
                raise ParseError(f"field Z: pile Z{j} is blank (write - for an empty pile)")
            pile = tuple(_no_jokers(parse_cards(text_j, "Z"), "Z"))
            for a, b in zip(pile, pile[1:]):
                if not zodiac_accepts(a, b):
                    raise ParseError(f"field Z: pile Z{j} puts {b} on {a} (same suit, one rank up or down)")
            zodiac.append(pile)
        found = tuple(_cells(f["F"], "F", 8))
        for k, top in enumerate(found):
            if top is not None and top.suit != SUITS[k % 4]:
                raise ParseError(f"field F: {FOUNDATIONS[k]} holds {SUITS[k % 4]} cards, not {top}")
        if f["P"] not in ("1", "2"):
            raise ParseError(f"field P: the phase is 1 or 2, not {f['P'][:8]!r}")
        ph = int(f["P"])
        counts = Counter(c.code for c in (*stock, *waste, *(c for c in equator if c), *(c for p in zodiac for c in p)))
        for k, top in enumerate(found):
            counts.update(c.code for c in _run(k, top))
        for code in (c.code for c in standard_deck()):
            if counts[code] != 2:
                raise ParseError(f"cards: {code} appears {counts[code]} times; each card is there exactly twice")
        if stock or waste:
            if ph != 1:
                raise ParseError("field P: phase 2 starts only when the stock and the waste are empty")
            if any(found):
                raise ParseError("field F: no card reaches a foundation while the stock or the waste has cards")
            for j, pile in enumerate(zodiac):
                if not pile:
                    raise ParseError(f"field Z: zodiac pile Z{j} is empty in phase 1")
        elif ph != 2:
            raise ParseError("field P: the stock and the waste are empty, so the phase is 2")
        return ZodiacState(tuple(stock), tuple(waste), equator, tuple(zodiac), found, ph)


def _no_jokers(cards: list[Card], field: str) -> list[Card]:
    for c in cards:
        if c.is_joker:
            raise ParseError(f"field {field}: Zodiac has no jokers ({c})")
    return cards


def _cells(text: str, field: str, count: int) -> list[Card | None]:
    parts = text.split(".")
    if len(parts) != count:
        raise ParseError(f"field {field}: expected {count} entries, got {len(parts)}")
    out: list[Card | None] = []
    for part in parts:
        if part == "-":
            out.append(None)
        elif len(part) == 2:
            out.append(_no_jokers(parse_cards(part, field), field)[0])
        else:
            raise ParseError(f"field {field}: {part[:12]!r} is not one card or -")
    return out


def arrange(
    zodiac: Mapping[int, str] | None = None,
    equator: Mapping[int, str] | None = None,
    waste: str = "",
    stock: str = "",
    foundations: str = "-.-.-.-.-.-.-.-",
    rest: str = "stock",
) -> ZodiacState:
    """A position for examples and tests. ``zodiac`` and ``equator`` map pile
    indices to concatenated codes (bottom to top), ``waste`` is bottom to top,
    ``stock`` top first and ``foundations`` is the ``F`` field. The cards not
    named (in canonical order) go, with ``rest="stock"``, one to each zodiac
    pile not given and then under the stock; with ``rest="zodiac"``, as
    same-suit ascending runs onto the zodiac piles not given (split so that as
    few piles as possible stay empty). With no stock and no waste the position
    is in phase 2. ParseError if the result is not a valid state.

    >>> ZODIAC.format_state(arrange(zodiac={0: "6H7H"}, waste="5H", stock="KC"))[:27]
    'ZD1|S=KCAD2D3D4D5D6D7D8D9DT'
    >>> ZODIAC.format_state(arrange(equator={0: "7S"}, rest="zodiac"))[:60]
    'ZD1|S=|W=|E=7S.-.-.-.-.-.-.-|Z=AS2S3S.4S5S6S.7S8S9S.TSJSQSKS'
    """
    zodiac = dict(zodiac or {})
    equator = dict(equator or {})
    used = Counter(c.code for text in (*zodiac.values(), *equator.values(), waste, stock) for c in parse_cards(text, "arrange"))
    for k, top in enumerate(_cells(foundations, "F", 8)):
        used.update(c.code for c in _run(k, top))
    left: list[Card] = []
    for card in standard_deck(decks=2):
        if used[card.code]:
            used[card.code] -= 1
        else:
            left.append(card)
    free = [j for j in range(N_ZODIAC) if j not in zodiac]
    piles = {j: text or "-" for j, text in zodiac.items()}
    if rest == "stock":
        for j in free:
            piles[j] = left.pop(0).code if left else "-"
        stock += cards_text(left)
    elif rest == "zodiac":
        runs: list[list[Card]] = []
        for suit in SUITS:
            ranks = Counter(c.rank for c in left if c.suit == suit)
            while ranks:
                r = min(ranks)
                run: list[Card] = []
                while ranks[r]:
                    run.append(_CARD[(r, suit)])
                    ranks[r] -= 1
                    if not ranks[r]:
                        del ranks[r]
                    r += 1
                runs.append(run)
        while len(runs) < len(free) and max((len(r) for r in runs), default=0) > 1:
            longest = max(runs, key=len)
            i = runs.index(longest)
            runs[i : i + 1] = [longest[: len(longest) // 2], longest[len(longest) // 2 :]]
        if len(runs) > len(free):
            raise ParseError(f"arrange: {len(runs)} runs of cards left for {len(free)} zodiac piles")
        for n, j in enumerate(free):
            piles[j] = cards_text(runs[n]) if n < len(runs) else "-"
    else:
        raise ParseError(f"arrange: rest is stock or zodiac, not {rest!r}")
    cells = ".".join(equator.get(i, "-") or "-" for i in range(N_EQUATOR))
    zodiac_text = ".".join(piles[j] for j in range(N_ZODIAC))
    ph = 1 if stock or waste else 2
    return ZODIAC.parse_state(f"ZD1|S={stock}|W={waste}|E={cells}|Z={zodiac_text}|F={foundations}|P={ph}")


ZODIAC: Final = Zodiac()
