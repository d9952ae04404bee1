"""Pointer gestures on the board and its buttons, in pixels, without a DOM: a press
becomes a drag once it moves a few pixels, a tap when it is let go where it went
down, a long press when it is held; a touch held on a button that previews shows
its preview; two clicks on a pile are a double click unless the first played.

What each gesture does on the table is the controller's (and :class:`pyapp.hand.Hand`'s):
:meth:`Pointer.up` says whether it was a :class:`Tap` or a :class:`Drop`.

>>> from pyapp.view import Board, CardView
>>> card = CardView("k1", "A", 0, 1.0, 0.0, 10, "AS", None, (), "")
>>> board = Board(3, 2, (), (card,), (), draggable=(("A", 0),))
>>> p = Pointer()
>>> p.down(board, "A", 0, 60, 10, 50.0) < 0, p.move(62, 10), p.dragging
(True, None, False)
>>> p.move(80, 10), p.dragging, p.up(90, 10)
(('k1', 70.0, 0.0), True, Drop(source=('A', 0), x=1.8, y=0.2))
>>> p.down(board, None, None, 10, 10, 50.0) > 0, p.up(12, 11)
(True, Tap(x=0.24, y=0.22, pile=None, index=None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Mapping

from .table import Place
from .view import Board, CardView

#: How long (seconds) a press is held to show a squared pile's cards.
LONG_PRESS: Final = 0.5
#: How far (pixels) a pointer moves before a press becomes a drag.
DRAG_PX: Final = 6.0


@dataclass
class _Press:
    """A pointer held down on the board, until it is let go."""

    pile: str | None
    index: int | None
    #: Where it went down, in pixels from the board's corner, and the pixels of a card unit then.
    x: float
    y: float
    unit: float
    #: The card it may drag (a source, or a card whose refusals say why), or None.
    card: CardView | None
    ticket: int
    moved: bool = False


@dataclass(frozen=True)
class Tap:
    """A press let go where it went down: at (``x``, ``y``) card units, on ``pile`` and
    its card ``index`` when the page knew which element was hit."""

    x: float
    y: float
    pile: str | None
    index: int | None


@dataclass(frozen=True)
class Drop:
    """A card dragged from ``source`` and let go at (``x``, ``y``) card units."""

    source: Place
    x: float
    y: float


class Pointer:
    def __init__(self) -> None:
        self._press: _Press | None = None
        self._presses = 0
        self._holds = 0
        self._swallow = False
        #: A touch held on a game's button that previews its effect shows the preview (see :meth:`button_press`).
        self.previewing = False
        #: The last two taps: (pile, whether it played a move); a double click that played does not peek.
        self._taps: list[tuple[str | None, bool]] = []

    @property
    def pressing(self) -> bool:
        """A pointer is down on the board (timers wait until it is let go)."""
        return self._press is not None

    @property
    def dragging(self) -> bool:
        """A card follows the pointer."""
        return self._press is not None and self._press.moved and self._press.card is not None

    def down(self, board: Board | None, pile: str | None, index: int | None, x: float, y: float, unit: float) -> int:
        """A pointer went down on ``board`` at (``x``, ``y``) pixels from its corner (``unit``:
        the pixels of a card unit), on ``pile`` and its card ``index`` if the page knows them.
        Returns the press's ticket (see :meth:`long_press`), negative when the press holds a
        card that may be dragged (the binding then keeps the pointer)."""
        card = None
        if board is not None and index is not None and (pile, index) in board.draggable:
            card = next((c for c in board.cards if (c.pile, c.index) == (pile, index)), None)
        self._presses += 1
        self._press = _Press(pile, index, x, y, unit, card, self._presses)
        return -self._presses if card is not None else self._presses

    def move(self, x: float, y: float) -> tuple[str, float, float] | None:
        """The pointer moved to (``x``, ``y``) pixels: once it is :data:`DRAG_PX` from where it
        went down, its card follows it. The card's uid and where its corner goes, in pixels,
        or None while nothing is dragged."""
        p = self._press
        if p is None:
            return None
        dx, dy = x - p.x, y - p.y
        if not p.moved:
            if dx * dx + dy * dy < DRAG_PX * DRAG_PX:
                return None
            p.moved = True  # a swipe is no long press, even off the cards
        return None if p.card is None else (p.card.uid, p.card.x * p.unit + dx, p.card.y * p.unit + dy)

    def up(self, x: float, y: float) -> Tap | Drop | None:
        """The pointer was let go at (``x``, ``y``) pixels: a dragged card is dropped there, else it was a tap."""
        p, self._press = self._press, None
        if p is None:
            return None
        ux, uy = x / p.unit, y / p.unit
        if p.moved and p.card is not None:
            return Drop((p.card.pile, p.card.index), ux, uy)
        return Tap(ux, uy, p.pile, p.index)

    def cancel(self) -> None:
        """The browser took the pointer away (a scroll, a system gesture)."""
        self._press = None

    def long_press(self, ticket: int) -> str | None:
        """The press ``ticket`` has been held a while (:data:`LONG_PRESS` seconds) without
        moving: the pile it is on (the press ends there), or None."""
        p = self._press
        if p is None or p.ticket != abs(ticket) or p.moved or p.pile is None:
            return None
        return p.pile

    def end_press(self) -> None:
        self._press = None

    def tapped(self, pile: str | None, played: bool) -> None:
        """A tap on ``pile`` was played (``played``: it played a move)."""
        self._taps = [*self._taps[-1:], (pile, played)]

    def double_click_peeks(self, pile: str | None) -> bool:
        """A double click on ``pile`` shows its cards unless its clicks played a card."""
        return pile is not None and (pile, True) not in self._taps

    def button_press(self, down: bool, previews: bool) -> int:
        """A pointer went down (``down``), or up, away or was taken, on the buttons under the
        board. A phone has no hover: a touch going down on a button that previews its effect
        (Rotate; ``previews``) returns a ticket, and held :data:`LONG_PRESS` seconds
        (:meth:`button_held`) it shows the preview until it is let go, and letting go plays
        nothing (:meth:`swallowed`); a short tap still presses the button. Else 0.

        >>> p = Pointer()
        >>> t = p.button_press(True, True); p.button_held(t), p.previewing
        (True, True)
        >>> p.button_press(False, True), p.previewing, p.swallowed("act-rotate"), p.swallowed("act-rotate")
        (0, False, True, False)
        >>> t = p.button_press(True, True); p.button_press(False, True); p.button_held(t), p.swallowed("act-rotate")
        0
        (False, False)
        """
        if not down:
            self._holds += 1
            self.previewing = False
            return 0
        if not previews:
            return 0
        self._holds += 1
        self._swallow = False
        return self._holds

    def button_held(self, ticket: int) -> bool:
        """The touch ``ticket`` of :meth:`button_press` is still held: the preview shows (True)."""
        if ticket != self._holds:
            return False
        self.previewing = self._swallow = True
        return True

    def swallowed(self, button: str) -> bool:
        """Whether a click on ``button`` (an element id) ends a touch held on a game's button
        that showed its preview, so plays nothing; any click ends that."""
        swallow, self._swallow = self._swallow, False
        return swallow and button.partition("-")[0] in ("act", "rp")


def queued_input(item: Mapping[str, object], unit: float) -> Tap | Drop | tuple[str, bool, bool] | str | None:
    """Input made on the board kept from the last visit before Python was ready
    (``static/boot.js`` queued it, in pixels from the board's corner; ``unit``: the pixels of
    a card unit): ``{"kind": "tap" or "drop", "pile", "index", "x", "y"}`` is a :class:`Tap`
    or a :class:`Drop` (in card units), ``{"kind": "key", "key", "ctrl", "shift"}`` the key,
    ctrl and shift, ``{"kind": "click", "id"}`` the button's id; anything else None.

    >>> queued_input({"kind": "drop", "pile": "c1", "index": 0, "x": 50, "y": 0}, 50.0)
    Drop(source=('c1', 0), x=1.0, y=0.0)
    >>> queued_input({"kind": "key", "key": "n"}, 50.0), queued_input({"kind": "click", "id": "new"}, 50.0)
    (('n', False, False), 'new')
    >>> queued_input({"kind": "tap", "x": "?"}, 50.0), queued_input({}, 50.0), queued_input({"kind": "drop", "x": 1, "y": 1}, 50.0)
    (None, None, None)
    """
    def text(name: str) -> str:
        value = item.get(name)
        return value if isinstance(value, str) else ""

    def number(name: str) -> float | None:
        value = item.get(name)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    kind, pile, index, x, y = text("kind"), text("pile") or None, number("index"), number("x"), number("y")
    if kind == "key" and text("key"):
        return text("key"), item.get("ctrl") is True, item.get("shift") is True
    if kind == "click" and text("id"):
        return text("id")
    if kind not in ("tap", "drop") or x is None or y is None or unit <= 0:
        return None
    at = None if index is None else int(index)
    if kind == "tap":
        return Tap(x / unit, y / unit, pile, at)
    return Drop((pile, at), x / unit, y / unit) if pile is not None and at is not None else None
