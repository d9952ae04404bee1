"""What the page must change to show a view, worked out without a DOM.

The binding (:mod:`pyapp.web.browser`) draws by applying :data:`Op` values in order and
nothing else (:class:`Put` a value, :class:`Make` or :class:`Remove` a board element,
:class:`OpenDialog`, :class:`CloseDialog`, :class:`FocusBack`): a :class:`Painter` remembers what it had the page show, so each view
gives only the writes that differ (every call into the DOM costs, in Pyodide more
than the Python around it), and the same views always give the same page.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage())
>>> c.start("#g=gyre&s=42")
>>> painter = Painter()
>>> view = c.view()
>>> ops = painter.page(view) + painter.board(view.board, 50.0)
>>> Make("c:k1", "data-uid", "k1") in ops, Put("#title", "text", "Gyre") in ops
(True, True)
>>> painter.page(view) + painter.board(view.board, 50.0)  # drawn already: nothing to do
[]
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from dataclasses import replace

from .view import Board, Dialog, Effects, View
from .markup import ElementWrite, Write, actions_html, board_writes, card_writes, deal_text, decor_html, dialog_html
from .markup import PILE_INSIDE, PILE_PARTS, page_writes, pile_parts, pile_writes, replay_html, screen_writes

# An element is a CSS selector (":root": the page's root), "board", "decor" (the board's
# drawings), a board element: "p:" + a pile id, "c:" + a card's uid, or a part inside a
# pile's element: its element, a space and the part's selector ("p:A1 .pile-note").


class Put(NamedTuple):
    """Write ``value`` to ``element`` as :data:`pyapp.ui.markup.Write` says what (a value of
    None removes an attribute or a style property)."""

    element: str
    what: str
    value: str | None


class Make(NamedTuple):
    """Make a new ``div`` on the board, its ``attribute`` naming it ``name``."""

    element: str
    attribute: str
    name: str


class Remove(NamedTuple):
    """Remove a board element (or a part inside one)."""

    element: str


class OpenDialog(NamedTuple):
    """Show the dialog ``dialog`` (a selector), remembering where the page's focus was,
    unless ``kept``: another dialog had it."""

    dialog: str
    kept: bool = False


class CloseDialog(NamedTuple):
    dialog: str


class FocusBack(NamedTuple):
    """The dialogs closed: the focus goes back where it was before them."""


#: One change to the page.
Op = Put | Make | Remove | OpenDialog | CloseDialog | FocusBack

MIN_UNIT, MAX_UNIT = 24.0, 130.0
#: Each dialog's element id, and the element its content goes into.
DIALOGS = {"rules": "rules-body", "summary": "summary-body", "peek": "peek-body", "newgame": "newgame-form",
           "stats": "stats-body"}


def unit_for(width: float, height: float, room_w: float, room_h: float) -> float:
    """The board's scale, in pixels per card unit: a ``width`` by ``height`` table fits
    its room, and one card is 24 to 130 px wide.

    >>> unit_for(10, 5, 1000, 1000), unit_for(10, 5, 100, 100), unit_for(2, 1, 1000, 1000)
    (100.0, 24.0, 130.0)
    """
    return max(MIN_UNIT, min(room_w / width, room_h / height, MAX_UNIT))


class Painter:
    """What was last written to each element, and what each board element was drawn from."""

    def __init__(self) -> None:
        self.written: dict[str, dict[str, str | None]] = {}
        self.drawn: dict[str, object] = {}
        self.dialog: Dialog | None = None
        self.deal = ("", False)  # the status line's deal text, and whether a timer follows it
        self.tools: dict[str, bool] = {}  # which tools the last view enabled

    def writes(self, element: str, pairs: tuple[ElementWrite, ...]) -> list[Op]:
        """The writes of ``pairs`` to ``element`` that change it.

        >>> p = Painter()
        >>> p.writes("#x", (("text", "a"), ("class:on", "")))
        [Put(element='#x', what='text', value='a'), Put(element='#x', what='class:on', value='')]
        >>> p.writes("#x", (("text", "a"), ("class:on", "1")))
        [Put(element='#x', what='class:on', value='1')]
        """
        done = self.written.setdefault(element, {})
        out: list[Op] = []
        for what, value in pairs:
            if done.get(what, 0) != value:
                done[what] = value
                out.append(Put(element, what, value))
        return out

    def page(self, view: View, effects: Effects = Effects()) -> list[Op]:
        """Everything around the board (:func:`pyapp.ui.markup.page_writes`) that changed, with
        the celebration of a win and the words for screen readers of ``effects`` (the same
        words again are still said: a no-break space tells them apart).

        >>> from pyapp.app.controller import Controller, MemoryStorage
        >>> c = Controller(MemoryStorage()); c.start("#g=gyre&s=42"); view = c.view()
        >>> p = Painter(); _ = p.page(view, Effects(announce="Hi."))
        >>> p.page(view, Effects(announce="Hi.")), p.page(view, Effects(announce="Hi."))
        ([Put(element='#live', what='text', value='Hi.\xa0')], [Put(element='#live', what='text', value='Hi.')])
        """
        self.deal = (view.deal, bool(view.timer))
        self.tools = view.tools
        out = self.all(page_writes(view, effects.celebrate))
        if said := effects.announce:
            out += self.writes("#live", (("text", said + ("\u00a0" if self.written.get("#live", {}).get("text") == said
                                                          else "")),))
        return out

    def all(self, writes: tuple[Write, ...]) -> list[Op]:
        """The :data:`pyapp.ui.markup.Write` values that change their element."""
        out: list[Op] = []
        for selector, what, value in writes:
            out += self.writes(selector, ((what, value),))
        return out

    def screen(self, screen: str) -> list[Op]:
        """The start screen or the game's (:func:`pyapp.ui.markup.screen_writes`)."""
        return self.all(screen_writes(screen))

    def clock(self, timer: str) -> list[Op]:
        """The status line with the time played (every second), while the view shows it."""
        deal, timed = self.deal
        return self.writes("#deal", (("html", deal_text(deal, timer)),)) if timed else []

    def previewing(self, on: bool) -> list[Op]:
        """A touch held on a button that previews shows the preview (:meth:`Controller.button_press`)."""
        return self.writes("#game", (("class:previewing", "1" if on else ""),))

    def busy(self, busy: bool) -> list[Op]:
        """While a move animates, input waits (the board's ``data-busy`` tells the tests) and the
        tools are disabled, never hidden; else each tool is enabled as the last view said."""
        out = self.writes("board", (("attr:data-busy", "true" if busy else "false"),))
        for name, on in self.tools.items():
            out += self.writes(f"#{name}", (("disabled", "1" if busy or not on else ""),))
        return out

    def actions(self, view: View, enabled: bool) -> list[Op]:
        """The buttons under the board: the game's own (disabled while a move animates,
        ``enabled`` False), or the replay's bar."""
        html = replay_html(view.replay) if view.replay is not None else actions_html(view.buttons, enabled)
        return self.writes("#actions", (("html", html),))

    def dialogs(self, dialog: Dialog | None) -> list[Op]:
        """The dialog the view has open, its content written when it changed (a new-game
        form that only got an error keeps what the player typed: only the error is
        written), and the one shown before closed. A dialog is opened once, when it comes: a
        drawing while it shows never opens it again, since the browser may have closed it
        meanwhile (Escape), and its close event, not a late opening, must win.

        >>> p = Painter()
        >>> [(type(op).__name__, op[0]) for op in p.dialogs(Dialog("rules", "Rules"))]
        [('Put', '#rules-body'), ('Put', '#summary-replay'), ('Put', '#summary-best'), ('Put', '#summary-share'), ('OpenDialog', '#rules')]
        >>> p.dialogs(Dialog("rules", "Rules")), p.dialogs(None)
        ([], [CloseDialog(dialog='#rules'), FocusBack()])
        >>> p.dialogs(Dialog("peek", "Peek"))[-1], p.dialogs(Dialog("stats", "Statistics"))[-1]
        (OpenDialog(dialog='#peek', kept=False), OpenDialog(dialog='#stats', kept=True))
        """
        shown, self.dialog = self.dialog, dialog
        out: list[Op] = []
        if shown is not None and (dialog is None or dialog.kind != shown.kind):
            out.append(CloseDialog("#" + shown.kind))
        if dialog is None:
            return out + ([FocusBack()] if shown is not None else [])
        if shown is not None and replace(shown, error="") == replace(dialog, error=""):
            out += self.writes("#newgame .form-error", (("text", dialog.error),)) if dialog.kind == "newgame" else []
        else:
            out.append(Put("#" + DIALOGS[dialog.kind], "html", dialog_html(dialog)))
            self.written.pop("#newgame .form-error", None)  # written again with the form
        out += self.writes("#summary-replay", (("hidden", "" if dialog.replay else "1"),))
        out += self.writes("#summary-best", (("hidden", "" if dialog.best else "1"),))
        out += self.writes("#summary-share", (("hidden", "" if dialog.share else "1"),))
        return out + ([OpenDialog("#" + dialog.kind, shown is not None)] if shown is None or shown.kind != dialog.kind else [])

    def board(self, board: Board, unit: float) -> list[Op]:
        """The board at ``unit`` px per card unit: its size, drawings, piles and cards,
        making the elements of new piles and cards and removing those of gone ones; a
        pile or card drawn as it already is is left alone."""
        out = self.writes("board", board_writes(board, unit))
        if "decor" not in self.drawn:  # the layer of the table's drawings, under its piles and cards
            self.drawn["decor"] = None
            out.append(Make("decor", "class", "decor-layer"))
        out += self.writes("decor", (("html", decor_html(board.decor, unit)),))
        wanted = {"decor"} | {"p:" + pile.id for pile in board.piles} | {"c:" + card.uid for card in board.cards}
        for element in [e for e in self.drawn if e not in wanted]:
            del self.drawn[element]
            for part in [*(f"{element} {p}" for p in PILE_PARTS if element.startswith("p:")), element]:
                self.written.pop(part, None)
                out.append(Remove(part))
        for pile in board.piles:
            out += self._item("p:" + pile.id, "data-pile", pile.id, (pile, unit),
                              lambda: (("", pile_writes(pile, unit)), *pile_parts(pile, unit)),  # noqa: B023
                              PILE_INSIDE)
        for card in board.cards:
            out += self._item("c:" + card.uid, "data-uid", card.uid, (card, unit),
                              lambda: (("", card_writes(card, unit)),))  # noqa: B023 - called at once
        return out

    def _item(self, element: str, attribute: str, name: str, key: object,
              parts: Callable[[], tuple[tuple[str, tuple[ElementWrite, ...]], ...]], inside: str = "") -> list[Op]:
        """A board element drawn from ``key`` (left alone when drawn from it already): made
        with ``inside`` if new, then the writes to it and to its parts (by selector inside it, "": itself)."""
        out: list[Op] = []
        if element not in self.drawn:
            out.append(Make(element, attribute, name))
            out += self.writes(element, (("html", inside),)) if inside else []
        elif self.drawn[element] == key:
            return out
        self.drawn[element] = key
        for part, pairs in parts():
            out += self.writes(f"{element} {part}" if part else element, pairs)
        return out

    def moved(self, element: str, left: float, top: float) -> list[Op]:
        """A board element put at (``left``, ``top``) px, beside the drawing (a card under the pointer);
        the next drawing puts it back where its view says."""
        if element in self.drawn:
            self.drawn[element] = None  # drawn beside its view: the next drawing writes it again
        return self.writes(element, (("style:left", f"{left:.1f}px"), ("style:top", f"{top:.1f}px")))
