"""Playing cards: codes, values, colours and canonical decks (RULES.md 0.1, 0.2).

>>> Card.parse("TH")
Card.parse('TH')
>>> str(Card.parse("XB")), Card.parse("XB").is_joker
('XB', True)
>>> [str(c) for c in standard_deck()[:3]]
['AS', '2S', '3S']
>>> len(standard_deck(decks=2)), len(standard_deck(jokers=True))
(104, 54)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .errors import ParseError

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
RED_SUITS: Final = frozenset("HD")


class Card(NamedTuple):
    """An immutable card. ``rank`` is 1..13 (14 for a joker); ``suit`` is one of
    ``S H D C``, or ``R``/``B`` for the red and black jokers."""

    rank: int
    suit: str

    @property
    def code(self) -> str:
        """The 2-character code of RULES.md 0.1 (``TH``, ``XR``)."""
        if self.rank == 14:
            return "X" + self.suit
        return RANKS[self.rank - 1] + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == 14

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS or self.suit == "R"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code; raises :class:`ParseError` on anything else."""
        card = _BY_CODE.get(code)
        if card is None:
            raise ParseError(f"unknown card {code!r}")
        return card


_BY_CODE: dict[str, Card] = {}
for _s in SUITS:
    for _r in range(1, 14):
        _c = Card(_r, _s)
        _BY_CODE[_c.code] = _c
JOKER_RED: Final = Card(14, "R")
JOKER_BLACK: Final = Card(14, "B")
_BY_CODE["XR"] = JOKER_RED
_BY_CODE["XB"] = JOKER_BLACK

#: Position of each card in the canonical order of one deck (jokers last).
CANONICAL_INDEX: Final[dict[Card, int]] = {c: i for i, c in enumerate(_BY_CODE.values())}


def standard_deck(decks: int = 1, jokers: bool = False) -> list[Card]:
    """The unshuffled deck of RULES.md 0.2: per deck, suits S H D C, ranks A..K;
    then ``XR``, ``XB`` when ``jokers``."""
    one = [_BY_CODE[RANKS[r - 1] + s] for s in SUITS for r in range(13 + 1) if r]
    out: list[Card] = []
    for _ in range(decks):
        out.extend(one)
    if jokers:
        out.extend([JOKER_RED, JOKER_BLACK])
    return out


def parse_cards(text: str, field: str) -> list[Card]:
    """Parse concatenated 2-character codes (``8S7H``) naming ``field`` in errors.

    >>> parse_cards("8S7H", "M")
    [Card.parse('8S'), Card.parse('7H')]
    """
    if len(text) % 2:
        raise ParseError(f"field {field}: odd number of characters in {text!r}")
    try:
        return [Card.parse(text[i : i + 2]) for i in range(0, len(text), 2)]
    except ParseError as exc:
        raise ParseError(f"field {field}: {exc}") from None


def parse_card_list(text: str, field: str, sep: str = ".") -> list[Card]:
    """Parse ``sep``-separated card codes; the empty string is the empty list."""
    if text == "":
        return []
    try:
        return [Card.parse(c) for c in text.split(sep)]
    except ParseError as exc:
        raise ParseError(f"field {field}: {exc}") from None


def cards_text(cards: "list[Card] | tuple[Card, ...]", sep: str = "") -> str:
    return sep.join(c.code for c in cards)
