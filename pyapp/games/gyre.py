"""Gyre: capture against a rotating ring of six slots (RULES.md section 3).

The worked example of RULES.md 3.9 (the deck holds the other 42 cards):

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

Rules notes
-----------
* Extra state field ``J=1`` (printed only when set; default ``0``): in
  Attrition, a joker was revealed (drawn or turned into the gyre) during the
  turn in progress, so the hand is refilled to 5 when the turn ends. A capture
  turn spans two moves (``C..`` then ``P..``), so this must live in the state.
* Legal move order: captures (hand card in canonical deck order, then slot),
  places (by slot), rotation (``R``, or with Attrition ``R<card>`` by hand card
  in canonical order), replaces (hand card, then slot).
* Attrition deal: the 52 cards are shuffled (RULES.md 0.2), dealt, and then the
  same SplitMix64 stream continues: ``rand_below(2)`` chooses which joker goes
  to the middle third (0: ``XR`` middle and ``XB`` last; 1: the reverse), then
  ``rand_below(15)`` picks the middle-third gap (deck index ``n//3 + r``, before
  any insertion), then ``rand_below(15)`` the last-third gap (index
  ``2n//3 + 1 + r`` in the deck that already holds the first joker).
* The game is over (status ``finished``) when no card waits to be placed and
  either the deck is empty and no capture remains, or the hand is empty while
  the deck is not (Attrition's sudden end, with ``Z`` = the deck size).
* ``steps``: a capture shows the pair leaving before the draw and the reveal; a
  replace shows the swap before the draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..cards import CANONICAL_INDEX, JOKER_BLACK, JOKER_RED, Card, parse_card_list, parse_cards, standard_deck
from ..errors import IllegalMoveError, ParseError
from ..game import OptionSpec, Status, parse_fields, split_options
from ..rng import SplitMix64, shuffle_in_place

SLOTS: Final = 6
HAND_SIZE: Final = 5
POINTS: Final = {11: 2, 12: 3, 13: 4, 14: 5}


@dataclass(frozen=True)
class GyreOptions:
    jokers: bool = False
    attrition: bool = False
    easy: bool = False

    @property
    def has_jokers(self) -> bool:
        return self.jokers or self.attrition


@dataclass(frozen=True)
class GyreState:
    ring: tuple[Card | None, ...]
    hand: tuple[Card, ...]
    deck: tuple[Card, ...]
    pairs: tuple[tuple[Card, Card], ...]
    discards: tuple[Card, ...]
    pending: Card | None
    penalty: int
    joker_seen: bool
    options: GyreOptions


def suits(card: Card) -> frozenset[str]:
    if card.suit == "R":
        return frozenset("HD")
    if card.suit == "B":
        return frozenset("SC")
    return frozenset(card.suit)


def points(card: Card) -> int:
    """A-T 1, J 2, Q 3, K 4, joker 5.

    >>> [points(Card.parse(c)) for c in ("AS", "TD", "JH", "QC", "KS", "XB")]
    [1, 1, 2, 3, 4, 5]
    """
    return POINTS.get(card.rank, 1)


def can_capture(h: Card, g: Card, easy: bool = False) -> bool:
    """``h`` from the hand captures ``g`` in the gyre (RULES.md 3.4, 3.8).

    >>> can_capture(Card.parse("KH"), Card.parse("QH")), can_capture(Card.parse("AD"), Card.parse("3D"))
    (True, False)
    >>> can_capture(Card.parse("AD"), Card.parse("XR"), easy=True), can_capture(Card.parse("QH"), Card.parse("QS"), easy=True)
    (True, True)
    """
    if easy and h.rank == g.rank:
        return True
    if not suits(h) & suits(g):
        return False
    value = 15 if easy and h.rank == 1 else h.rank
    return value > g.rank


def can_replace(h: Card, g: Card) -> bool:
    """Same suit (jokers: either suit of their colour) and lower, aces low."""
    return bool(suits(h) & suits(g)) and h.rank < g.rank


def _canon(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CANONICAL_INDEX.__getitem__))


class Gyre:
    id: str = "gyre"
    magic: str = "GY1"
    title: str = "Gyre"
    option_specs: tuple[OptionSpec, ...] = (
        OptionSpec("jokers", "flag", "", "Add the two jokers, shuffled in anywhere"),
        OptionSpec("attrition", "flag", "", "Attrition: jokers in the middle and last thirds; rotating costs a hand card"),
        OptionSpec("easy", "flag", "", "Easier: a hand ace may count high; equal ranks capture across suits"),
    )

    # -- options -----------------------------------------------------------
    def parse_options(self, text: str) -> GyreOptions:
        flags = set()
        for part in split_options(text):
            if part not in ("jokers", "attrition", "easy"):
                raise ParseError(f"unknown Gyre option {part[:20]!r} (known: jokers, attrition, easy)")
            flags.add(part)
        attrition = "attrition" in flags
        return GyreOptions("jokers" in flags and not attrition, attrition, "easy" in flags)

    def format_options(self, options: GyreOptions) -> str:
        parts = []
        if options.attrition:
            parts.append("attrition")
        elif options.jokers:
            parts.append("jokers")
        if options.easy:
            parts.append("easy")
        return ",".join(parts)

    def options_of(self, state: GyreState) -> GyreOptions:
        return state.options

    # -- dealing -------------------------------------------------------------
    def deal(self, seed: int, options: GyreOptions) -> GyreState:
        """Shuffle, five cards to slots 0..4, five to the hand (RULES.md 3.3, 3.7)."""
        rng = SplitMix64(seed)
        cards = standard_deck(jokers=options.jokers)
        shuffle_in_place(cards, rng)
        ring: tuple[Card | None, ...] = (*cards[:5], None)
        hand = _canon(cards[5:10])
        deck = cards[10:]
        if options.attrition:
            first, second = (JOKER_RED, JOKER_BLACK) if rng.rand_below(2) == 0 else (JOKER_BLACK, JOKER_RED)
            n = len(deck)
            deck.insert(n // 3 + rng.rand_below(2 * n // 3 - n // 3 + 1), first)
            deck.insert(2 * n // 3 + 1 + rng.rand_below(n - 2 * n // 3 + 1), second)
        return GyreState(ring, hand, tuple(deck), (), (), None, 0, False, options)

    # -- rules -----------------------------------------------------------------
    def captures(self, s: GyreState) -> list[tuple[Card, int]]:
        return [
            (h, k)
            for h in s.hand
            for k, g in enumerate(s.ring)
            if g is not None and can_capture(h, g, s.options.easy)
        ]

    def is_over(self, s: GyreState) -> bool:
        if s.pending is not None:
            return False
        if not s.deck:
            return not self.captures(s)
        return not s.hand

    def legal_moves(self, s: GyreState) -> list[str]:
        if self.is_over(s):
            return []
        if s.pending is not None:
            return [f"P{k}" for k, g in enumerate(s.ring) if g is None]
        caps = self.captures(s)
        if caps or not s.deck:
            return [f"C{h.code}{k}" for h, k in caps]
        moves = [f"R{h.code}" for h in s.hand] if s.options.attrition else ["R"]
        moves += [f"S{h.code}{k}" for h in s.hand for k, g in enumerate(s.ring) if g is not None and can_replace(h, g)]
        return moves

    def status(self, s: GyreState) -> Status:
        return "finished" if self.is_over(s) else "playing"

    def score(self, s: GyreState) -> int:
        return sum(points(h) + points(g) for h, g in s.pairs) - s.penalty

    def _parse_token(self, token: str) -> tuple[str, Card | None, int | None]:
        try:
            if token == "R":
                return "R", None, None
            kind = token[:1]
            if kind == "R" and len(token) == 3:
                return "R", Card.parse(token[1:3]), None
            if kind in ("C", "S") and len(token) == 4 and token[3] in "012345":
                return kind, Card.parse(token[1:3]), int(token[3])
            if kind == "P" and len(token) == 2 and token[1] in "012345":
                return "P", None, int(token[1])
        except ParseError:
            pass
        raise ParseError(f"malformed Gyre move {token[:12]!r} (expected C<card><slot>, P<slot>, R, R<card> or S<card><slot>)")

    def apply(self, s: GyreState, token: str) -> GyreState:
        return self.steps(s, token)[-1]

    def steps(self, s: GyreState, token: str) -> list[GyreState]:
        kind, card, slot = self._parse_token(token)
        if token not in self.legal_moves(s):
            raise IllegalMoveError(f"{token} is not legal here" + self._why(s, kind))
        if kind == "P":
            assert slot is not None and s.pending is not None
            ring = list(s.ring)
            ring[slot] = s.pending
            return [self._end_turn(replace(s, ring=tuple(ring), pending=None))]
        if kind == "R":
            return [self._rotate(s, card)]
        assert card is not None and slot is not None
        ring = list(s.ring)
        gyre_card = ring[slot]
        assert gyre_card is not None
        hand = list(s.hand)
        hand.remove(card)
        if kind == "C":
            ring[slot] = None
            mid = replace(s, ring=tuple(ring), hand=tuple(hand), pairs=s.pairs + ((card, gyre_card),))
            if not s.deck:
                return [mid, self._end_turn(mid)]
            drawn = self._draw(mid)
            if drawn.deck:
                top = drawn.deck[0]
                drawn = replace(drawn, deck=drawn.deck[1:], pending=top, joker_seen=drawn.joker_seen or top.is_joker)
                return [mid, drawn]
            return [mid, self._end_turn(drawn)]
        ring[slot] = card
        mid = replace(s, ring=tuple(ring), hand=tuple(hand), discards=s.discards + (gyre_card,))
        return [mid, self._end_turn(self._draw(mid))]

    def _why(self, s: GyreState, kind: str) -> str:
        if s.pending is not None:
            return ": place the revealed card in an empty slot first"
        if kind in ("R", "S") and self.captures(s):
            return ": a capture is possible, so you must capture"
        if kind in ("R", "S") and not s.deck:
            return ": the deck is empty, only captures remain"
        return ""

    def _draw(self, s: GyreState) -> GyreState:
        need = max(0, HAND_SIZE - len(s.hand))
        drawn = s.deck[:need]
        if not drawn:
            return s
        seen = s.joker_seen or any(c.is_joker for c in drawn)
        return replace(s, hand=_canon(s.hand + drawn), deck=s.deck[need:], joker_seen=seen)

    def _rotate(self, s: GyreState, give_up: Card | None) -> GyreState:
        e = s.ring.index(None)
        k = (e + 1) % SLOTS
        ring = list(s.ring)
        out = ring[k]
        assert out is not None
        top = s.deck[0]
        ring[k] = None
        ring[e] = top
        t = replace(s, ring=tuple(ring), deck=s.deck[1:], discards=s.discards + (out,), joker_seen=s.joker_seen or top.is_joker)
        if give_up is not None:
            hand = list(t.hand)
            hand.remove(give_up)
            t = replace(t, hand=tuple(hand), discards=t.discards + (give_up,))
            if not t.hand and t.deck:
                return replace(t, penalty=len(t.deck), joker_seen=False)
        return self._end_turn(t)

    def _end_turn(self, s: GyreState) -> GyreState:
        if s.options.attrition and s.joker_seen:
            s = replace(self._draw(s), joker_seen=False)
        elif s.joker_seen:
            s = replace(s, joker_seen=False)
        if not s.deck and not self.captures(s):
            rest = tuple(c for c in s.ring if c is not None) + s.hand
            s = replace(s, ring=(None,) * SLOTS, hand=(), discards=s.discards + rest)
        return s

    # -- text ------------------------------------------------------------------
    def format_state(self, s: GyreState) -> str:
        fields = [
            "GY1",
            "R=" + ".".join(c.code if c else "-" for c in s.ring),
            "H=" + ".".join(c.code for c in s.hand),
            "D=" + ".".join(c.code for c in s.deck),
            "P=" + ".".join(h.code + g.code for h, g in s.pairs),
            "X=" + ".".join(c.code for c in s.discards),
            "Q=" + (s.pending.code if s.pending else "-"),
            f"Z={s.penalty}",
        ]
        if s.joker_seen:
            fields.append("J=1")
        opts = self.format_options(s.options)
        if opts:
            fields.append("O=" + opts)
        return "|".join(fields)

    def parse_state(self, text: str) -> GyreState:
        f = parse_fields(text, "GY1", ("R", "H", "D", "P", "X", "Q", "Z"), ("J",))
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
        pairs = []
        for chunk in f["P"].split(".") if f["P"] else []:
            pair = parse_cards(chunk, "P")
            if len(pair) != 2:
                raise ParseError(f"field P: {chunk!r} is not a pair of cards")
            pairs.append((pair[0], pair[1]))
        discards = parse_card_list(f["X"], "X")
        pending = None if f["Q"] == "-" else parse_card_list(f["Q"], "Q")[0]
        if f["Q"] not in ("-",) and len(f["Q"]) != 2:
            raise ParseError("field Q: one card or -")
        if not f["Z"].isdigit():
            raise ParseError(f"field Z: {f['Z'][:8]!r} is not a number")
        joker_seen = f.get("J", "0")
        if joker_seen not in ("0", "1"):
            raise ParseError("field J: 0 or 1")
        everything = [c for c in ring if c] + hand + deck + [c for p in pairs for c in p] + discards + ([pending] if pending else [])
        expected = standard_deck(jokers=options.has_jokers)
        if sorted(everything, key=CANONICAL_INDEX.__getitem__) != expected:
            raise ParseError(f"cards: the state holds {len(everything)} cards that are not exactly one deck of {len(expected)}")
        if None not in ring:
            raise ParseError("field R: at least one slot must be empty")
        if pending is not None and ring.count(None) < 1:
            raise ParseError("field Q: no empty slot for the revealed card")
        return GyreState(ring, _canon(hand), tuple(deck), tuple(pairs), tuple(discards), pending, int(f["Z"]), joker_seen == "1", options)


GYRE: Final = Gyre()
