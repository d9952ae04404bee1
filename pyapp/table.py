"""What a game table looks like and which gestures play which moves.

This is the contract between a game's pure-Python table module
(``pyapp/tables/<game>.py``) and the one DOM binding module. A table module
turns a state into a :class:`Table`: piles placed in card units (a card is
1 wide and 1.4 high), the gestures that play each legal move, buttons, and
the texts around the board. The binding module draws it and turns pointer
events into gestures; it knows nothing of any game's rules.

Gestures (the binding applies them in this order):

* dragging the card ``source`` and dropping it on pile ``target`` plays
  ``token``; while dragging, every target of that source lights up;
* tapping a source card selects it (its targets light up); tapping one of
  those targets then plays;
* tapping a source card whose gestures include one with ``tap=True`` plays
  that gesture at once;
* tapping a pile that is the ``target`` of exactly one gesture, with nothing
  selected, plays it (gestures that are also a button's choices excepted);
* a :class:`Button` with a ``token`` plays it; one with ``choices`` asks the
  player to tap one of the choices' source cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .game import Status

CARD_W = 1.0
CARD_H = 1.4
#: Code shown for a face-down card.
BACK = "??"


@dataclass(frozen=True)
class Pile:
    id: str
    x: float
    y: float
    cards: tuple[str, ...] = ()
    #: Offset of each card from the one below it, in card units.
    dx: float = 0.0
    dy: float = 0.0
    label: str = ""
    badge: str = ""
    #: CSS classes for the pile's place: "slot", "planet", "arm", "hole"...
    marks: tuple[str, ...] = ()
    #: A direction ("up", "down", "left", "right") for an arrow drawn on the pile.
    arrow: str = ""
    #: Size of the pile's outline in card units (default: one card).
    w: float = CARD_W
    h: float = CARD_H


@dataclass(frozen=True)
class Decor:
    """A drawing on the table that is not a place for cards (Gyre's ring)."""

    kind: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Gesture:
    token: str
    #: (pile id, index of the card in that pile) that is dragged or tapped.
    source: tuple[str, int] | None
    target: str | None
    tap: bool = False


@dataclass(frozen=True)
class Button:
    id: str
    label: str
    token: str | None = None
    choices: tuple[Gesture, ...] = ()
    #: Why the button is disabled, or what it does.
    title: str = ""

    @property
    def enabled(self) -> bool:
        return self.token is not None or bool(self.choices)


@dataclass(frozen=True)
class Table:
    width: float
    height: float
    piles: tuple[Pile, ...]
    gestures: tuple[Gesture, ...] = ()
    buttons: tuple[Button, ...] = ()
    #: One line telling the player what to do now.
    prompt: str = ""
    score: str = ""
    status: Status = "playing"
    #: Lines for the end-of-game summary (empty while playing).
    summary: tuple[str, ...] = field(default=())
    decor: tuple[Decor, ...] = field(default=())

    def pile(self, pile_id: str) -> Pile:
        for p in self.piles:
            if p.id == pile_id:
                return p
        raise KeyError(pile_id)

    def targets(self, source: tuple[str, int]) -> dict[str, str]:
        """Target pile -> token for the gestures from ``source``."""
        return {g.target: g.token for g in self.gestures if g.source == source and g.target is not None}

    def sources(self) -> list[tuple[str, int]]:
        seen: list[tuple[str, int]] = []
        for g in self.gestures:
            if g.source is not None and g.source not in seen:
                seen.append(g.source)
        return seen
