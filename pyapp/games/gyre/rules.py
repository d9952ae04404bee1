"""Gyre: capture against a rotating ring of six slots (RULES.md section 3).

The worked example of RULES.md 3.9 (the rest of the deck follows ``JC.3H``):

>>> used = "7S QH 3D 9C 2S 8S KH AD 5D 4C JC 3H".split()
>>> rest = ".".join(c.code for c in standard_deck() if c.code not in used)
>>> s = GYRE.parse_state(f"GY1|R=7S.QH.3D.9C.2S.-|H=8S.KH.AD.5D.4C|D=JC.3H.{rest}|P=|X=|Q=-|Z=0")
>>> GYRE.legal_moves(s)
['C8S0', 'C8S4', 'CKH1', 'C5D2']
>>> t = GYRE.apply(s, "C8S0")
>>> GYRE.format_state(t)[:46], t.pending, GYRE.score(t)
('GY1|R=-.QH.3D.9C.2S.-|H=KH.AD.5D.4C.JC|D=AS.3S', Card.parse('3H'), 2)
>>> GYRE.legal_moves(t)
['P0', 'P5']
>>> GYRE.format_state(GYRE.apply(t, "P5"))[:20]
'GY1|R=-.QH.3D.9C.2S.'

Rules notes
-----------
* No extra state fields. The Attrition joker refill ("draw up to 5 at the end
  of a turn in which a joker was revealed") is decided inside one move: a
  rotation reveals its card in the same move that ends the turn, and a capture
  turn (``C..`` then ``P..``) always has 5 hand cards when it ends (the capture
  draws up to 5 before the reveal, and a card is revealed only if the deck still
  had one after that draw), so its refill can never draw anything.
* Order of legal moves: captures (hand card in canonical deck order, then slot),
  places (by slot), the rotation (``R``, or with Attrition ``R<card>`` by hand
  card in canonical order), replaces (hand card in canonical order, then slot).
  Captures exclude everything else; places are alone (a card is waiting).
* Attrition deal: the 52 cards are shuffled (RULES.md 0.2) with SplitMix64 seeded
  with the game seed, five go to slots 0..4 and five to the hand; then the same
  stream goes on with exactly three draws, in this order: ``rand_below(2)``
  chooses which joker goes to the middle third (0: ``XR`` middle and ``XB``
  last; 1: the reverse); ``rand_below(15)`` = ``r1`` puts the first joker at deck
  index ``14 + r1`` (``n//3 + r1`` with ``n = 42``: before card 15 up to after
  card 28); ``rand_below(15)`` = ``r2`` puts the second at index ``29 + r2`` of
  the 43-card deck (``2n//3 + 1 + r2``: before card 29 up to the bottom). In the
  final 44-card deck the middle joker is at index 14..28 and the last at 29..43.
* ``jokers,attrition`` is read as ``attrition`` (which brings its own jokers)
  and printed that way.
* The game is over (status ``finished``) when no card waits to be placed and
  either the deck is empty with no capture left (the ring and the hand have then
  been discarded, slots 0..5 and then the hand in canonical order), or the hand
  is empty while the deck is not (Attrition's sudden end: ``Z`` = the deck size,
  and nothing else moves).
* Parsing reads the hand in any order and prints it in canonical order. It
  refuses, naming the field, any state that could not arise in play: not exactly
  one deck (52, or 54 with jokers); a slot count other than 6; no empty slot; a
  waiting card ``Q`` without exactly two empty slots and a full hand; while the
  deck has cards and nothing waits, other than exactly one empty slot; in the
  base game (no Attrition) a hand of fewer than 5 while the deck has cards; a
  score-pile pair that is not a legal capture under the options; a penalty
  other than the deck size at Attrition's sudden end (and other than 0
  elsewhere); a finished end phase whose ring or hand was not discarded.
* ``steps`` (animation frames, for drawing only; they need not satisfy the
  parse checks): a capture shows the pair leaving, then the draw, then the
  reveal (or the end-phase clear-out); a rotation shows the ring turning, then
  (Attrition) the hand card given up, then the joker refill or the clear-out; a
  replace shows the swap, then the draw; a place shows the card landing, then
  the clear-out if the game ends.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Final, Literal, NamedTuple

from ...core.cards import CANONICAL_INDEX, JOKER_BLACK, JOKER_RED, Card, parse_card_list, parse_cards, standard_deck
from ...core.errors import IllegalMoveError, ParseError
from ...core.game import OptionSpec, Status, format_option_values, parse_fields, parse_option_values
from ...i18n import N_
from ...core.rng import SplitMix64, shuffle_in_place

SLOTS: Final = 6
HAND_SIZE: Final = 5
FIELDS: Final = ("R", "H", "D", "P", "X", "Q", "Z")
_POINTS: Final = {11: 2, 12: 3, 13: 4, 14: 5}


@dataclass(frozen=True)
class GyreOptions:
    """The options of RULES.md 3.1. ``attrition`` implies the jokers: it is
    normalised so that ``jokers`` is False whenever ``attrition`` is set.

    >>> GyreOptions(jokers=True, attrition=True) == GyreOptions(attrition=True)
    True
    """

    jokers: bool = False
    attrition: bool = False
    easy: bool = False

    def __post_init__(self) -> None:
        if self.attrition and self.jokers:
            object.__setattr__(self, "jokers", False)

    @property
    def has_jokers(self) -> bool:
        """True when the game uses the two jokers (``jokers`` or ``attrition``)."""
        return self.jokers or self.attrition


@dataclass(frozen=True)
class GyreState:
    """An immutable Gyre position (the fields of RULES.md 3.12)."""

    #: Slots 0..5, ``None`` for an empty slot.
    ring: tuple[Card | None, ...]
    #: The hand, in canonical deck order.
    hand: tuple[Card, ...]
    #: The face-down deck, top first.
    deck: tuple[Card, ...]
    #: The score pile as (capturing card, captured card) pairs, in capture order.
    pairs: tuple[tuple[Card, Card], ...]
    discards: tuple[Card, ...]
    #: The revealed card waiting for ``P<slot>``.
    pending: Card | None
    #: Attrition's sudden-end penalty (``Z``).
    penalty: int
    options: GyreOptions


class GyreMove(NamedTuple):
    """A move token of RULES.md 3.12 as a value.

    >>> GyreMove.parse("CKH1"), str(GyreMove.parse("CXR2"))
    (GyreMove(kind='C', card=Card.parse('KH'), slot=1), 'CXR2')
    >>> [str(GyreMove.parse(t)) for t in ("P5", "R", "R4C", "S4C3")]
    ['P5', 'R', 'R4C', 'S4C3']
    """

    kind: Literal["C", "P", "R", "S"]
    card: Card | None = None
    slot: int | None = None

    def __str__(self) -> str:
        card = self.card.code if self.card is not None else ""
        slot = str(self.slot) if self.slot is not None else ""
        return f"{self.kind}{card}{slot}"

    @classmethod
    def parse(cls, token: str) -> GyreMove:
        """Parse a token; raises :class:`ParseError` when it is malformed."""
        try:
            if token == "R":
                return cls("R")
            if len(token) == 2 and token[0] == "P" and token[1] in "012345":
                return cls("P", None, int(token[1]))
            if len(token) == 3 and token[0] == "R":
                return cls("R", Card.parse(token[1:3]))
            if len(token) == 4 and token[0] in "CS" and token[3] in "012345":
                kind: Literal["C", "S"] = "C" if token[0] == "C" else "S"
                return cls(kind, Card.parse(token[1:3]), int(token[3]))
        except ParseError:
            pass
        raise ParseError(
            f"malformed Gyre move {token[:12]!r} (expected C<card><slot>, P<slot>, R, R<card> or S<card><slot>)"
        )


def suits(card: Card) -> frozenset[str]:
    """The suits a card belongs to: its own, or both suits of a joker's colour.

    >>> sorted(suits(Card.parse("XR"))), sorted(suits(Card.parse("XB"))), sorted(suits(Card.parse("7C")))
    (['D', 'H'], ['C', 'S'], ['C'])
    """
    return _SUITS[card.suit]


#: Each suit letter's suits (a joker's colour: both its suits), made once: the rules ask them
#: for every hand and ring card pair of every position (the solvers' brute forces millions of times).
_SUITS: Final[dict[str, frozenset[str]]] = {
    "S": frozenset("S"), "H": frozenset("H"), "D": frozenset("D"), "C": frozenset("C"),
    "R": frozenset("HD"), "B": frozenset("SC"),
}
#: Whether two suit letters share a suit, by the first letter then the second.
_SHARE: Final[dict[str, dict[str, bool]]] = {a: {b: bool(_SUITS[a] & _SUITS[b]) for b in _SUITS} for a in _SUITS}


def points(card: Card) -> int:
    """A-T 1, J 2, Q 3, K 4, joker 5.

    >>> [points(Card.parse(c)) for c in ("AS", "TD", "JH", "QC", "KS", "XB")]
    [1, 1, 2, 3, 4, 5]
    """
    return _POINTS.get(card.rank, 1)


def can_capture(h: Card, g: Card, easy: bool = False) -> bool:
    """``h`` from the hand captures ``g`` in the gyre (RULES.md 3.4, 3.8).

    >>> can_capture(Card.parse("KH"), Card.parse("QH")), can_capture(Card.parse("AD"), Card.parse("3D"))
    (True, False)
    >>> can_capture(Card.parse("AD"), Card.parse("XR"), easy=True), can_capture(Card.parse("QH"), Card.parse("QS"), easy=True)
    (True, True)
    """
    if easy and h.rank == g.rank:
        return True
    if not _SHARE[h.suit][g.suit]:
        return False
    value = 15 if easy and h.rank == 1 else h.rank
    return value > g.rank


def can_replace(h: Card, g: Card) -> bool:
    """Hand card ``h`` may replace gyre card ``g``: a shared suit and lower, aces low.

    >>> can_replace(Card.parse("4C"), Card.parse("9C")), can_replace(Card.parse("XR"), Card.parse("KH"))
    (True, False)
    """
    return _SHARE[h.suit][g.suit] and h.rank < g.rank


def _canon(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CANONICAL_INDEX.__getitem__))


class Gyre:
    """The Gyre game definition (see :class:`pyapp.core.game.Game`).

    >>> s = GYRE.deal(1, GYRE.parse_options(""))
    >>> GYRE.status(s), GYRE.score(s), len(s.deck), s.ring[5]
    ('playing', 0, 42, None)
    """

    id: str = "gyre"
    magic: str = "GY1"
    title: str = "Gyre"
    option_specs: tuple[OptionSpec, ...] = (
        # Each help is the New deal dialog's label of its field, translated where the dialog is made.
        OptionSpec("jokers", "flag", "", N_("Add the two jokers, shuffled in anywhere")),
        # Translators: Attrition is the variant's name, as the rules help says it
        OptionSpec("attrition", "flag", "", N_("Attrition: jokers in the middle and last thirds; rotating costs a hand card")),
        # Translators: Easier is the variant's name, as the rules help says it
        OptionSpec("easy", "flag", "", N_("Easier: a hand ace may count high; equal ranks capture across suits")),
    )

    # -- options -----------------------------------------------------------
    def parse_options(self, text: str) -> GyreOptions:
        """Options from the ``O=`` form, in any order.

        >>> GYRE.parse_options("easy,jokers,attrition")
        GyreOptions(jokers=False, attrition=True, easy=True)
        """
        v = parse_option_values(self.option_specs, text, self.title)
        return GyreOptions(v["jokers"] == "1", v["attrition"] == "1", v["easy"] == "1")

    def format_options(self, options: GyreOptions) -> str:
        """Only non-defaults, in table order; ``attrition`` printed alone.

        >>> GYRE.format_options(GYRE.parse_options("easy,jokers,attrition"))
        'attrition,easy'
        """
        flag = {True: "1", False: ""}
        values = {"jokers": flag[options.jokers], "attrition": flag[options.attrition], "easy": flag[options.easy]}
        return format_option_values(self.option_specs, values)

    def options_of(self, state: GyreState) -> GyreOptions:
        return state.options

    # -- dealing -------------------------------------------------------------
    def deal(self, seed: int, options: GyreOptions) -> GyreState:
        """Shuffle, five cards to slots 0..4, five to the hand (RULES.md 3.3);
        with Attrition, then insert the jokers by the thirds rule (3.7, and the
        exact RNG draws in the module's rules notes).

        >>> s = GYRE.deal(7, GYRE.parse_options("attrition"))
        >>> len(s.deck), sorted(i for i, c in enumerate(s.deck) if c.is_joker)[0] in range(14, 29)
        (44, True)
        """
        rng = SplitMix64(seed)
        cards = standard_deck(jokers=options.jokers and not options.attrition)
        shuffle_in_place(cards, rng)
        ring: tuple[Card | None, ...] = (*cards[:5], None)
        hand = _canon(cards[5:10])
        deck = cards[10:]
        if options.attrition:
            first, second = (JOKER_RED, JOKER_BLACK) if rng.rand_below(2) == 0 else (JOKER_BLACK, JOKER_RED)
            n = len(deck)
            lo, hi = n // 3, 2 * n // 3
            deck.insert(lo + rng.rand_below(hi - lo + 1), first)
            deck.insert(hi + 1 + rng.rand_below(n - hi + 1), second)
        return GyreState(ring, hand, tuple(deck), (), (), None, 0, options)

    # -- rules -----------------------------------------------------------------
    def captures(self, s: GyreState) -> list[tuple[Card, int]]:
        """Every (hand card, slot) capture, hand card in canonical order then slot."""
        easy = s.options.easy
        out = []
        for h in s.hand:  # (can_capture, inlined: the solvers' brute forces ask this millions of times)
            share = _SHARE[h.suit]
            value = 15 if easy and h.rank == 1 else h.rank
            for k, g in enumerate(s.ring):
                if g is not None and ((easy and h.rank == g.rank) or (share[g.suit] and value > g.rank)):
                    out.append((h, k))
        return out

    def replaces(self, s: GyreState) -> list[tuple[Card, int]]:
        """Every (hand card, slot) replacement allowed by the cards (whatever the phase)."""
        return [(h, k) for h in s.hand for k, g in enumerate(s.ring) if g is not None and can_replace(h, g)]

    def is_over(self, s: GyreState) -> bool:
        if s.pending is not None:
            return False
        if not s.deck:
            return not self.captures(s)
        return not s.hand

    def legal_moves(self, s: GyreState) -> list[str]:
        """Legal tokens in the order of the rules notes; empty when the game is over."""
        if s.pending is not None:
            return [f"P{k}" for k, g in enumerate(s.ring) if g is None]
        if self.is_over(s):
            return []
        caps = self.captures(s)
        if caps or not s.deck:
            return [f"C{h.code}{k}" for h, k in caps]
        moves = [f"R{h.code}" for h in s.hand] if s.options.attrition else ["R"]
        moves += [f"S{h.code}{k}" for h, k in self.replaces(s)]
        return moves

    def status(self, s: GyreState) -> Status:
        return "finished" if self.is_over(s) else "playing"

    def score(self, s: GyreState) -> int:
        """Points of the score pile minus the Attrition penalty."""
        return sum(points(h) + points(g) for h, g in s.pairs) - s.penalty

    def apply(self, s: GyreState, token: str) -> GyreState:
        return self.steps(s, token)[-1]

    def steps(self, s: GyreState, token: str) -> list[GyreState]:
        """The frames of a move for animation, ending with the state after it.

        >>> used = "7S QH 3D 9C 2S 8S KH AD 5D 4C JC 3H".split()
        >>> rest = ".".join(c.code for c in standard_deck() if c.code not in used)
        >>> s = GYRE.parse_state(f"GY1|R=7S.QH.3D.9C.2S.-|H=8S.KH.AD.5D.4C|D=JC.3H.{rest}|P=|X=|Q=-|Z=0")
        >>> [(len(f.hand), f.pending) for f in GYRE.steps(s, "C8S0")]
        [(4, None), (5, None), (5, Card.parse('3H'))]
        """
        move = GyreMove.parse(token)
        if token not in self.legal_moves(s):
            raise IllegalMoveError(f"{token} is not legal here" + self._why(s, move))
        if move.kind == "P":
            assert move.slot is not None and s.pending is not None
            ring = list(s.ring)
            ring[move.slot] = s.pending
            placed = replace(s, ring=tuple(ring), pending=None)
            # A capture turn ends here with a full hand, so a joker refill never draws.
            return self._frames(placed, self._end_turn(placed, s.pending.is_joker))
        if move.kind == "R":
            return self._rotate(s, move.card)
        card, slot = move.card, move.slot
        assert card is not None and slot is not None
        ring = list(s.ring)
        gyre_card = ring[slot]
        assert gyre_card is not None
        hand = list(s.hand)
        hand.remove(card)
        if move.kind == "C":
            ring[slot] = None
            taken = replace(s, ring=tuple(ring), hand=tuple(hand), pairs=s.pairs + ((card, gyre_card),))
            if not s.deck:
                return self._frames(taken, self._end_turn(taken, False))
            drawn, joker = self._draw(taken)
            if drawn.deck:
                top = drawn.deck[0]
                return self._frames(taken, drawn, replace(drawn, deck=drawn.deck[1:], pending=top))
            return self._frames(taken, drawn, self._end_turn(drawn, joker))
        ring[slot] = card
        swapped = replace(s, ring=tuple(ring), hand=tuple(hand), discards=s.discards + (gyre_card,))
        drawn, joker = self._draw(swapped)
        return self._frames(swapped, drawn, self._end_turn(drawn, joker))

    @staticmethod
    def _frames(*states: GyreState) -> list[GyreState]:
        out: list[GyreState] = []
        for st in states:
            if not out or out[-1] != st:
                out.append(st)
        return out

    def _why(self, s: GyreState, move: GyreMove) -> str:
        if self.is_over(s):
            return ": the game is over"
        if s.pending is not None:
            return ": place the revealed card in an empty slot first"
        if move.kind == "P":
            return ": no card is waiting to be placed"
        if move.kind in ("R", "S") and not s.deck:
            return ": the deck is empty, only captures remain"
        if move.kind in ("R", "S") and self.captures(s):
            return ": a capture is possible, so you must capture"
        if move.kind == "R":
            return ": with Attrition, name the hand card to give up (R<card>)" if s.options.attrition else (
                ": without Attrition the rotation is just R"
            )
        return ""

    def _draw(self, s: GyreState) -> tuple[GyreState, bool]:
        """Draw until the hand holds 5 or the deck is empty; also says whether a joker came."""
        need = max(0, HAND_SIZE - len(s.hand))
        drawn = s.deck[:need]
        if not drawn:
            return s, False
        return replace(s, hand=_canon(s.hand + drawn), deck=s.deck[need:]), any(c.is_joker for c in drawn)

    def _rotate(self, s: GyreState, give_up: Card | None) -> list[GyreState]:
        e = s.ring.index(None)
        k = (e + 1) % SLOTS
        ring = list(s.ring)
        out = ring[k]
        assert out is not None
        top = s.deck[0]
        ring[k] = None
        ring[e] = top
        turned = replace(s, ring=tuple(ring), deck=s.deck[1:], discards=s.discards + (out,))
        if give_up is None:
            return self._frames(turned, self._end_turn(turned, top.is_joker))
        hand = list(turned.hand)
        hand.remove(give_up)
        gave = replace(turned, hand=tuple(hand), discards=turned.discards + (give_up,))
        if not gave.hand and gave.deck:
            # Attrition's sudden end comes before the joker refill.
            return self._frames(turned, replace(gave, penalty=len(gave.deck)))
        return self._frames(turned, gave, self._end_turn(gave, top.is_joker))

    def _end_turn(self, s: GyreState, joker_revealed: bool) -> GyreState:
        """Attrition's joker refill, then the end-of-game clear-out if the game is over."""
        if s.options.attrition and joker_revealed:
            s = self._draw(s)[0]
        if not s.deck and not self.captures(s):
            rest = tuple(c for c in s.ring if c is not None) + s.hand
            s = replace(s, ring=(None,) * SLOTS, hand=(), discards=s.discards + rest)
        return s

    # -- text ------------------------------------------------------------------
    def format_state(self, s: GyreState) -> str:
        fields = [
            self.magic,
            "R=" + ".".join(c.code if c else "-" for c in s.ring),
            "H=" + ".".join(c.code for c in s.hand),
            "D=" + ".".join(c.code for c in s.deck),
            "P=" + ".".join(h.code + g.code for h, g in s.pairs),
            "X=" + ".".join(c.code for c in s.discards),
            "Q=" + (s.pending.code if s.pending else "-"),
            f"Z={s.penalty}",
        ]
        opts = self.format_options(s.options)
        if opts:
            fields.append("O=" + opts)
        return "|".join(fields)

    def parse_state(self, text: str) -> GyreState:
        """Parse a state text, refusing anything that breaks the invariants
        listed in the module's rules notes (ParseError naming the field)."""
        f = parse_fields(text, self.magic, FIELDS)
        options = self.parse_options(f.get("O", ""))
        slots = f["R"].split(".")
        if len(slots) != SLOTS:
            raise ParseError(f"field R: expected 6 slots, got {len(slots)}")
        try:
            ring = tuple(None if c == "-" else Card.parse(c) for c in slots)
        except ParseError as exc:
            raise ParseError(f"field R: {exc}") from None
        hand = parse_card_list(f["H"], "H")
        if len(hand) > HAND_SIZE:
            raise ParseError(f"field H: at most 5 cards, got {len(hand)}")
        deck = parse_card_list(f["D"], "D")
        pairs: list[tuple[Card, Card]] = []
        for chunk in f["P"].split(".") if f["P"] else []:
            pair = parse_cards(chunk, "P")
            if len(pair) != 2:
                raise ParseError(f"field P: {chunk!r} is not a pair of cards")
            if not can_capture(pair[0], pair[1], options.easy):
                raise ParseError(f"field P: {chunk} is not a capture {pair[0]} can make")
            pairs.append((pair[0], pair[1]))
        discards = parse_card_list(f["X"], "X")
        if f["Q"] == "-":
            pending = None
        elif len(f["Q"]) == 2:
            pending = parse_card_list(f["Q"], "Q")[0]
        else:
            raise ParseError(f"field Q: one card or -, not {f['Q'][:12]!r}")
        if not re.fullmatch(r"0|[1-9][0-9]{0,3}", f["Z"]):
            raise ParseError(f"field Z: {f['Z'][:8]!r} is not a number")
        penalty = int(f["Z"])
        everything = [c for c in ring if c] + hand + deck + [c for p in pairs for c in p] + discards
        if pending is not None:
            everything.append(pending)
        expected = standard_deck(jokers=options.has_jokers)
        if _canon(everything) != tuple(expected):
            raise ParseError(f"cards: the state holds {len(everything)} cards that are not exactly one deck of {len(expected)}")
        state = GyreState(ring, _canon(hand), tuple(deck), tuple(pairs), tuple(discards), pending, penalty, options)
        self._check(state)
        return state

    def _check(self, s: GyreState) -> None:
        empty = s.ring.count(None)
        if empty == 0:
            raise ParseError("field R: at least one slot must be empty")
        if s.pending is not None:
            if empty != 2:
                raise ParseError("field Q: a card waits only right after a capture, with exactly two empty slots")
            if len(s.hand) != HAND_SIZE:
                raise ParseError("field H: the hand holds 5 cards while a revealed card waits")
        elif s.deck and empty != 1:
            raise ParseError("field R: while the deck has cards, exactly one slot is empty")
        if s.deck and len(s.hand) < HAND_SIZE and not s.options.attrition:
            raise ParseError("field H: without Attrition the hand holds 5 cards while the deck has cards")
        sudden = s.options.attrition and s.pending is None and bool(s.deck) and not s.hand
        if sudden and s.penalty != len(s.deck):
            raise ParseError(f"field Z: the hand ran out with {len(s.deck)} cards in the deck, so the penalty is {len(s.deck)}")
        if not sudden and s.penalty != 0:
            raise ParseError("field Z: a penalty only comes with Attrition's sudden end (empty hand, cards in the deck)")
        if s.pending is None and not s.deck and not self.captures(s) and (s.hand or empty != SLOTS):
            raise ParseError("field R: no capture is left, so the game is over and the ring and hand are discarded")


GYRE: Final = Gyre()


# -- the end phase: what is left to play, and Auto-finish ----------------------------------


@functools.lru_cache(maxsize=8192)
def _rest_range(hand: tuple[Card, ...], ring: tuple[Card, ...], easy: bool) -> tuple[int, int]:
    """(fewest, most) points the captures still possible add, over every order of
    play until none is left (the end phase: no drawing, no placing)."""
    low: int | None = None
    high = 0
    for i, h in enumerate(hand):
        for j, g in enumerate(ring):
            if can_capture(h, g, easy):
                lo, hi = _rest_range(hand[:i] + hand[i + 1:], ring[:j] + ring[j + 1:], easy)
                p = points(h) + points(g)
                low = p + lo if low is None else min(low, p + lo)
                high = max(high, p + hi)
    return (low or 0, high)


def end_phase(s: GyreState) -> bool:
    """The deck is empty and no card waits: only captures are left (RULES.md 3.5 B),
    and every card in play is face up, so what is left can be worked out in full."""
    return not s.deck and s.pending is None


def end_range(s: GyreState) -> tuple[int, int] | None:
    """In the end phase, the lowest and highest final score still reachable; None
    before it.

    >>> s = GYRE.parse_state("GY1|R=-.QH.3D.-.-.-|H=KH.4D|D=|P=|X=" + ".".join(
    ...     c.code for c in standard_deck() if c.code not in ("QH", "3D", "KH", "4D")) + "|Q=-|Z=0")
    >>> end_range(s)
    (9, 9)
    """
    if not end_phase(s):
        return None
    lo, hi = _rest_range(s.hand, tuple(g for g in s.ring if g is not None), s.options.easy)
    return GYRE.score(s) + lo, GYRE.score(s) + hi


def auto_finish_move(s: GyreState) -> str | None:
    """In the end phase, the first legal capture (in the legal order) after which
    the best final score still reachable is the best reachable now: played again
    and again, it ends the game with the most points the cards allow. None before
    the end phase and once the game is over.

    >>> s = GYRE.parse_state("GY1|R=-.3H.-.-.-.-|H=KH.5H|D=|P=|X=" + ".".join(
    ...     c.code for c in standard_deck() if c.code not in ("3H", "KH", "5H")) + "|Q=-|Z=0")
    >>> GYRE.legal_moves(s), auto_finish_move(s), end_range(s)
    (['C5H1', 'CKH1'], 'CKH1', (2, 5))
    """
    span = end_range(s)
    if span is None:
        return None
    for token in GYRE.legal_moves(s):
        after = end_range(GYRE.apply(s, token))
        if after is not None and after[1] == span[1]:
            return token
    return None
