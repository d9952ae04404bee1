"""The app's state as values, and the one way it changes.

The page around the game (what is open, armed, lit or repeating) is the frozen :class:`Ui`
slice, and the notice on the page the frozen :class:`Told` slice; each changes only by a pure
reducer over plain values (:func:`reduce_ui`, :func:`reduce_told`), tested without an app.

The parts that act on the game (:mod:`.play`, :mod:`.asking`, :mod:`.dialogs`, :mod:`.tabs`,
:mod:`.watch`, :mod:`.hints`) never write the app's state: each reads a :class:`Now` (a
snapshot of the state it acts on) and how that state looks (:class:`Looks`: its tables and
boards), and hands back what should change as an :class:`Outcome` value, which
:class:`pyapp.app.controller.Controller`, the one writer, applies in a fixed order.

>>> ui = reduce_ui(Ui(screen="game"), Open(Dialog("stats", "Statistics")))
>>> ui.dialog.kind, reduce_ui(ui, Close()).dialog
('stats', None)
>>> armed = reduce_ui(ui, Arm()); armed.resign_armed, armed.armed, reduce_ui(armed, Disarm(armed.armed)).resign_armed
(True, 1, False)
>>> told = reduce_told(Told(), Say("Restarted.")); told.shown.text, told.shown.timeout
('Restarted.', 4.0)
>>> reduce_told(told, Expire(told.shown.serial)).shown is None
True
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, Literal, Protocol

from ..core.settings import Settings
from ..core.table import Face, Place, Table
from ..ui.view import Board, Dialog, Notice

if TYPE_CHECKING:
    from ..core.clock import GameClock
    from .opening import Opened
    from .replay import Replay
    from .session import Session

#: How long a notice stays, in seconds: a plain one, and one that offers an action.
#: Errors, and notices the player must act on (a link to copy by hand), stay until dismissed.
NOTICE_SECONDS: Final = 4.0
NOTICE_ACTION_SECONDS: Final = 10.0


@dataclass(frozen=True)
class HintMarks:
    """Where the hinted move ``token`` is played on the table: a card dragged or
    tapped (``source``) onto a pile (``target``), or a button, and the cards to
    pick for it (Square's discards, Attrition's card given up)."""

    token: str
    source: Place | None = None
    target: str | None = None
    button: str = ""
    picks: tuple[Place, ...] = ()


# -- the page around the game ----------------------------------------------------------------
@dataclass(frozen=True)
class Ui:
    """What is open, armed, lit or repeating around the game on the table."""

    screen: Literal["start", "game"] = "start"
    #: The dialog over the table, if any.
    dialog: Dialog | None = None
    #: The statistics dialog's Reset was pressed once (a second press erases).
    reset_armed: bool = False
    #: The tools' overflow menu is open.
    menu_open: bool = False
    #: Give up was pressed once (a second press gives up); ``armed`` counts those presses
    #: (the disarm timer's ticket).
    resign_armed: bool = False
    armed: int = 0
    #: The id of a repeating button at work (Auto-finish), or "".
    repeating: str = ""
    #: Where the hint asked for lies on the table, until the next action.
    hint: HintMarks | None = None
    #: The games whose first-games tip the player closed while the page is open.
    tips_closed: frozenset[str] = frozenset()
    #: The player was told that this device is not keeping the game (told again when it keeps it).
    unkept: bool = False


@dataclass(frozen=True)
class Show:
    """Show the start screen or the game."""

    screen: Literal["start", "game"]


@dataclass(frozen=True)
class Open:
    """Open ``dialog`` over the table (the Reset of another dialog is disarmed)."""

    dialog: Dialog


@dataclass(frozen=True)
class Close:
    """Close the dialog."""


@dataclass(frozen=True)
class Clear:
    """An action on the table: the hint, an armed Give up, a repeating button and the menu go."""


@dataclass(frozen=True)
class Menu:
    """The overflow menu opens or closes (``open``); None: the tools' More button turns it
    the other way round, and an armed Give up stays armed only while the menu that holds it
    is open."""

    open: bool | None = None


@dataclass(frozen=True)
class Arm:
    """Give up was pressed once."""


@dataclass(frozen=True)
class Disarm:
    """Give up is disarmed: by its timer ``ticket`` (only if no later press armed it again),
    or at once (None)."""

    ticket: int | None = None


@dataclass(frozen=True)
class Repeat:
    """The repeating button ``button`` is at work ("": none)."""

    button: str


@dataclass(frozen=True)
class Lit:
    """The hint's marks (None: none lit)."""

    marks: HintMarks | None


@dataclass(frozen=True)
class CloseTip:
    """The first-games tip of ``game`` was closed: not shown again while the page is open."""

    game: str


@dataclass(frozen=True)
class ArmReset:
    """The statistics dialog's Reset is armed (``on``: pressed once) or not."""

    on: bool


@dataclass(frozen=True)
class Unkept:
    """The player is told that the device is not keeping the game (``on``), or that it keeps it again."""

    on: bool


UiIntent = Show | Open | Close | Clear | Menu | Arm | Disarm | Repeat | Lit | ArmReset | CloseTip | Unkept


def reduce_ui(ui: Ui, intent: UiIntent) -> Ui:
    """The page around the game after ``intent``.

    >>> ui = reduce_ui(Ui(), Menu()); ui.menu_open, reduce_ui(ui, Menu()).menu_open
    (True, False)
    >>> ui = reduce_ui(reduce_ui(ui, Arm()), Repeat("auto")); ui.resign_armed, ui.repeating
    (True, 'auto')
    >>> cleared = reduce_ui(reduce_ui(ui, Lit(HintMarks("b4"))), Clear()); cleared == replace(Ui(), armed=1)
    True
    >>> reduce_ui(reduce_ui(Ui(), Arm()), Disarm(0)).resign_armed  # a timer from before the press
    True
    """
    match intent:
        case Show(screen):
            return replace(ui, screen=screen)
        case Open(dialog):
            return replace(ui, dialog=dialog, reset_armed=False)
        case Close():
            return replace(ui, dialog=None, reset_armed=False)
        case Clear():
            return replace(ui, hint=None, resign_armed=False, repeating="", menu_open=False)
        case Menu(open_):
            if open_ is not None:
                return replace(ui, menu_open=open_)
            return replace(ui, menu_open=not ui.menu_open, resign_armed=ui.resign_armed and not ui.menu_open)
        case Arm():
            return replace(ui, resign_armed=True, armed=ui.armed + 1)
        case Disarm(ticket):
            return replace(ui, resign_armed=False) if ticket is None or ticket == ui.armed else ui
        case Repeat(button):
            return replace(ui, repeating=button)
        case Lit(marks):
            return replace(ui, hint=marks)
        case ArmReset(on):
            return replace(ui, reset_armed=on)
        case CloseTip(game):
            return replace(ui, tips_closed=ui.tips_closed | {game})
        case Unkept(on):
            return replace(ui, unkept=on)


# -- the notice on the page --------------------------------------------------------------------
@dataclass(frozen=True)
class Told:
    """The notice on the page (one at a time), with what its buttons do; ``serial`` counts the
    notices said, so that a late timer never dismisses a newer one."""

    shown: Notice | None = None
    action: tuple[str, str] | None = None
    more: tuple[str, str] | None = None
    serial: int = 0


@dataclass(frozen=True)
class Say:
    """Show a notice (``action``, and ``more`` for a second button: a label and what it does):
    errors and ``lasting`` ones stay until dismissed, the others dismiss themselves."""

    text: str
    action: tuple[str, str] | None = None
    error: bool = False
    lasting: bool = False
    more: tuple[str, str] | None = None


@dataclass(frozen=True)
class Dismiss:
    """The notice goes (``stale``: only if it is not an error; the game changed under it)."""

    stale: bool = False


@dataclass(frozen=True)
class Expire:
    """The notice ``serial``'s time is up: it goes, unless a newer one replaced it."""

    serial: int


ToldIntent = Say | Dismiss | Expire


def reduce_told(told: Told, intent: ToldIntent) -> Told:
    """The notice after ``intent``.

    >>> t = reduce_told(Told(), Say("Bad link", error=True)); reduce_told(t, Dismiss(stale=True)) == t
    True
    >>> t = reduce_told(t, Say("Not sure.", ("Show me", "show-line"))); t.shown.timeout, t.shown.action, t.serial
    (10.0, 'Show me', 2)
    >>> reduce_told(t, Expire(1)) == t, reduce_told(t, Expire(2)).shown
    (True, None)
    """
    match intent:
        case Say(text, action, error, lasting, more):
            serial = told.serial + 1
            timeout = 0.0 if error or lasting else NOTICE_ACTION_SECONDS if action or more else NOTICE_SECONDS
            shown = Notice(text, action[0] if action else "", error, timeout, serial, more=more[0] if more else "")
            return Told(shown, action, more, serial)
        case Dismiss(stale):
            if told.shown is None or stale and told.shown.error:
                return told
            return Told(serial=told.serial)
        case Expire(serial):
            return Told(serial=told.serial) if told.shown is not None and told.shown.serial == serial else told


def acted(told: Told, more: bool = False) -> str:
    """What the notice's button (``more``: its second one) does ("" for none); the notice goes
    when it is pressed (:class:`Dismiss`).

    >>> acted(reduce_told(Told(), Say("Not sure.", ("Show me", "show-line"), more=("Keep looking", "look-longer"))), True)
    'look-longer'
    """
    action = told.more if more else told.action
    return action[1] if action is not None else ""


# -- what the parts read, and what they hand back ------------------------------------------------
#: The replay bar's controls that move the replay one way or another (``seek`` takes a position).
REPLAY_MOVES: Final = ("back", "forward", "start", "end", "seek")


@dataclass(frozen=True)
class Watching:
    """The replay slice: the replay shown over the game (None: none), and the ticket of its
    timer, which every step and control changes, so that a timer set before one of them does
    nothing. Changed only by :func:`reduce_watching` and :meth:`ticked`.

    >>> from pyapp.app.replay import Replay
    >>> w = Watching().opened(Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1"))
    >>> w, stepped = reduce_watching(w, "forward"); stepped, w.replay.index, w.ticket
    (True, 1, 2)
    >>> reduce_watching(w, "seek", "x")[1], reduce_watching(w, "close")[0].replay
    (False, None)
    """

    replay: Replay | None = None
    ticket: int = 0

    def opened(self, replay: Replay) -> Watching:
        return Watching(replay, self.ticket + 1)

    def closed(self) -> Watching:
        return self if self.replay is None else Watching(None, self.ticket + 1)

    def ticked(self, ticket: int) -> Watching | None:
        """The replay timer ``ticket`` ran out: one move on while it plays (it stops at the end);
        None when the timer is stale or nothing plays."""
        r = self.replay
        if r is None or not r.playing or ticket != self.ticket:
            return None
        return Watching(r.tick(), self.ticket + 1)


def reduce_watching(w: Watching, what: str, value: str = "") -> tuple[Watching, bool]:
    """The replay bar's ``back``, ``forward``, ``start``, ``end``, ``play`` (play or pause),
    ``seek`` (``value``: the position, 0 being the deal), ``speed`` (``value``: moves a second)
    and ``close``; and whether it stepped one move forward by hand (its forced steps may be
    shown). A value the bar never sends changes nothing but the ticket."""
    from ..core.errors import ReplayError
    r, ticket = w.replay, w.ticket + 1
    if r is None:
        return Watching(None, ticket), False
    if what == "close":
        return Watching(None, ticket), False
    try:
        if what == "play":
            moved = r.toggle()
        elif what == "speed":
            moved = r.with_speed(float(value))
        elif what in REPLAY_MOVES:
            r = r.pause()
            moved = (r.back() if what == "back" else r.forward() if what == "forward" else r.to_start()
                     if what == "start" else r.to_end() if what == "end" else r.seek(int(value)))
        else:
            moved = r
    except (ValueError, ReplayError):
        return Watching(r, ticket), False
    return Watching(moved, ticket), moved.index == r.index + 1 and not moved.playing


@dataclass(frozen=True)
class Now:
    """The state a part acts on, as one snapshot."""

    ui: Ui
    session: Session | None
    #: The day of the daily deal on the table (it is saved apart), or None.
    day: datetime.date | None
    settings: Settings
    #: The game's time played, in milliseconds.
    elapsed: int
    #: The replay shown over the game, if any, and its timer's ticket.
    watching: Watching

    @property
    def replay(self) -> Replay | None:
        """The replay shown over the game, if any."""
        return self.watching.replay


class Looks(Protocol):
    """How the state looks: the tables and boards the parts read (pure projections of it)."""

    def table_now(self) -> Table | None: ...

    def table_of(self, state: object, interactive: bool = True) -> Table: ...

    def lay_out(self, table: Table) -> Board: ...

    def face(self, code: str) -> Face: ...

    def auto_token(self) -> str | None: ...


@dataclass(frozen=True)
class Outcome:
    """What a part's intent changes, applied by the controller in this order: the ``session`` on
    the table, new ``settings``, the notice goes
    (``dismiss``), the page around the game (``ui``, in order; the hand let go: ``drop_hand``),
    the games put on the table (``put``), the replay watched (``watch``), a new timer (``clock``),
    the timer (``sync``), the save (``save``), a notice (``say``),
    words for screen readers (``tell``), a move's forced steps (``frames``) and a win to
    celebrate (``celebrate``), sounds (``sounds``) and the link to copy (``copy``)."""

    #: The game session on the table, after a move, Undo, Restart or Give up (the same deal:
    #: another deal is put on the table, ``put``).
    session: Session | None = None
    dismiss: Dismiss | None = None
    ui: tuple[UiIntent, ...] = ()
    put: tuple[Opened, ...] = ()
    clock: GameClock | None = None
    #: The timer runs or pauses as the state now asks (:meth:`pyapp.app.controller.Controller.sync_clock`).
    sync: bool = False
    #: The game is saved.
    save: bool = False
    say: Say | None = None
    tell: tuple[str, ...] = ()
    frames: tuple[Board, ...] | None = None
    celebrate: bool | None = None
    #: The hand lets go of what it holds (a card selected, a pick under way).
    drop_hand: bool = False
    #: The replay slice after the intent: a replay opened, stepped or closed (applied after ``put``).
    watch: Watching | None = None
    #: The settings as another tab changed them (applied first of all).
    settings: Settings | None = None
    #: The game's link is to be copied (or shared), last of all.
    copy: bool = False
    #: Sounds the intent made (:mod:`pyapp.ui.sounds`), played once the page is drawn.
    sounds: tuple[str, ...] = ()
