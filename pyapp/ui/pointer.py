"""Pointer gestures on the board and its buttons, in pixels, without a DOM: a press
becomes a drag once it moves a few pixels, a tap when it is let go where it went
down, a long press when it is held; a touch held on a button that previews shows
its preview; two clicks on a pile are a double click unless the first played.

:class:`Gestures` tracks them, in pixels, and says whether a press let go was a
:class:`Tap` or a :class:`Drop`; :class:`Pointer` turns them into the controller's
intents (a tap, a drop on the pile under the point or just beside it, a peek into a
squared pile) over the board laid out last.

>>> from pyapp.ui.view import Board, CardView
>>> card = CardView("k1", "A", 0, 1.0, 0.0, 10, "AS", None, (), "")
>>> board = Board(3, 2, (), (card,), (), draggable=(("A", 0),))
>>> p = Gestures()
>>> p.down(board, "A", 0, 60, 10, 50.0) < 0, p.move(62, 10), p.dragging
(True, None, False)
>>> p.move(80, 10), p.dragging, p.up(90, 10)
(('k1', 70.0, 0.0), True, Drop(source=('A', 0), x=1.8, y=0.2))
>>> p.down(board, None, None, 10, 10, 50.0) > 0, p.up(12, 11)
(True, Tap(x=0.24, y=0.22, pile=None, index=None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final, Mapping

from .hand import Hand
from .layout import peekable, pile_at
from ..core.table import Place
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


class Gestures:
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

        >>> p = Gestures()
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


class Pointer:
    """The pointer on the board and on the buttons under it, as the page reports it (pixels
    from the board's corner, the element hit if any), turned into the controller's intents:
    ``tap`` (a pile, or a card of it), ``drop`` (a card on a pile, or nowhere), ``peek`` (a
    squared pile's cards; True when they show). While a card is dragged the hand holds it
    (its targets light).

    >>> from pyapp.app.controller import Controller, MemoryStorage
    >>> c = Controller(MemoryStorage()); c.start("#g=gravity&v=1&o=&s=42"); board = c.view().board
    >>> card = next(x for x in board.cards if (x.pile, x.index) == ("c1", 0))
    >>> c.pointer.down("c1", 0, 100, 100, 50.0) < 0, c.pointer.move(103, 100), c.hand.lifted
    (True, None, None)
    >>> c.pointer.move(110, 100) == (card.uid, card.x * 50 + 10, card.y * 50, True), c.hand.lifted
    (True, ('c1', 0))
    >>> c2 = next(p for p in board.piles if p.id == "c2")
    >>> c.pointer.up((c2.x + 0.5) * 50, (c2.y + 0.5) * 50), c.view().address.endswith("m=c1c2")
    (True, True)
    """

    def __init__(self, board: Callable[[], Board | None], hand: Hand, tap: Callable[[str | None, int | None], None],
                 drop: Callable[[Place, str | None], None], peek: Callable[[str | None], bool]) -> None:
        """``board``: the board of the state the input acts on (the view's; None on no board)."""
        self.gestures = Gestures()
        self._board, self._hand = board, hand
        self._tap, self._drop, self._peek = tap, drop, peek

    @property
    def pressing(self) -> bool:
        """A pointer is down on the board (timers wait until it is let go)."""
        return self.gestures.pressing

    def lift(self, source: Place | None) -> None:
        """A card from ``source`` is being dragged (None: the drag was cancelled): its targets light."""
        board = self._board()
        self._hand.lift(source, board.draggable if board is not None else ())

    def down(self, pile: str | None, index: int | None, x: float, y: float, unit: float) -> int:
        """A pointer went down (see :meth:`Gestures.down`): the press's ticket, negative when it
        holds a card that may be dragged (the binding then keeps the pointer)."""
        return self.gestures.down(self._board(), pile, index, x, y, unit)

    def move(self, x: float, y: float) -> tuple[str, float, float, bool] | None:
        """The pointer moved: the uid of the card that follows it, where its corner goes in
        pixels, and whether the drag began now (the card is lifted: the board is drawn again);
        None while nothing is dragged."""
        was = self.gestures.dragging
        moved = self.gestures.move(x, y)
        if moved is None:
            return None
        board = self._board()
        if not was and board is not None:
            card = next(c for c in board.cards if c.uid == moved[0])
            self.lift((card.pile, card.index))
        return (*moved, not was)

    def up(self, x: float, y: float) -> bool:
        """The pointer was let go: a dragged card is dropped there, else it was a tap; False when
        no press of the board's was under way."""
        done = self.gestures.up(x, y)
        if isinstance(done, Drop):
            self.drop_at(done.source, done.x, done.y)
        elif isinstance(done, Tap):
            self.tap_at(done.x, done.y, done.pile, done.index)
        return done is not None

    def cancel(self) -> None:
        """The browser took the pointer away (a scroll, a system gesture): nothing is played."""
        self.gestures.cancel()
        self._hand.lifted = None

    def drop_at(self, source: Place, ux: float, uy: float) -> None:
        """A dragged card let go at (``ux``, ``uy``), in card units: dropped on the pile there,
        or on the nearest pile that takes it when it was let go just beside one."""
        board = self._board()
        among = {t for t, _ in board.holds.get(source, ())} if board is not None else set()
        self._drop(source, (pile_at(board, ux, uy, among) or pile_at(board, ux, uy)) if board is not None else None)

    def tap_at(self, ux: float, uy: float, pile: str | None = None, index: int | None = None) -> None:
        """A tap at (``ux``, ``uy``), in card units: on ``pile`` (and its card ``index``) when the
        page knows which element was hit, else on the pile whose area holds the point."""
        if pile is None and (board := self._board()) is not None:
            pile, index = pile_at(board, ux, uy), None
        self._tap(pile, index)

    def long_press(self, ticket: int) -> bool:
        """The press ``ticket`` was held a while without moving: on a squared pile its cards
        show (True)."""
        pile = self.gestures.long_press(ticket)
        if pile is None or not peekable(self._board(), pile):
            return False
        self.gestures.end_press()
        return self._peek(pile)

    def double_click(self, pile: str | None) -> bool:
        """A double click on a squared pile shows its cards, unless its clicks played a card."""
        return peekable(self._board(), pile) and self.gestures.double_click_peeks(pile) and self._peek(pile)

    def button_press(self, down: bool, previews: bool) -> tuple[int, bool]:
        """A pointer went down or up on the buttons under the board (see
        :meth:`Gestures.button_press`): its ticket, and whether a preview shows."""
        return self.gestures.button_press(down, previews), self.gestures.previewing

    def button_held(self, ticket: int) -> bool:
        return self.gestures.button_held(ticket)

    def swallowed(self, button: str) -> bool:
        """A click on ``button`` (an element id) ends a touch held on a game's button that showed
        its preview: it plays nothing; the page asks first."""
        return self.gestures.swallowed(button)


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
