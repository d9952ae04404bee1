"""What the page shows, as plain values: the types of a :class:`View` and of its
parts, and the one-shot :class:`Effects` of an intent. The controller makes them;
the painter (:mod:`pyapp.ui.paint`), the markup (:mod:`pyapp.ui.markup`) and the DOM binding
read them, and import nothing else of the app.

>>> v = View(screen="start", notice=Notice("Hello"))
>>> v.board is None, v.notice.text, v == View(screen="start", notice=Notice("Hello"))
(True, 'Hello', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..stats.summary import StatsSummary
from ..core.table import Decor, Face, Place


@dataclass(frozen=True)
class CardView:
    """One card element: ``uid`` stays with the same card across moves."""

    uid: str
    pile: str
    index: int
    x: float
    y: float
    z: int
    #: The code, or "" for a face-down card (its identity never reaches the page).
    code: str
    face: Face | None
    classes: tuple[str, ...]
    marks: str
    #: What a screen reader says for it ("Queen of spades, top of zodiac pile 5"); "" for a
    #: card that is not a keyboard stop (under another card), hidden from screen readers.
    name: str = ""


@dataclass(frozen=True)
class PileView:
    id: str
    x: float
    y: float
    w: float
    h: float
    classes: tuple[str, ...]
    badge: str
    arrow: str
    label: str
    note: str
    name: str
    count: int
    #: Where the top card lies (for the badge and the arrow).
    top_x: float
    top_y: float
    #: Why the held card may not go here (hover text), or "".
    why: str = ""


@dataclass(frozen=True)
class Board:
    width: float
    height: float
    piles: tuple[PileView, ...]
    cards: tuple[CardView, ...]
    decor: tuple[Decor, ...]
    #: Cards that can be dragged or tapped to play.
    sources: tuple[Place, ...] = ()
    #: Cards that can be picked up: the sources, and cards that can go nowhere but
    #: whose refusals say why (a drop then explains instead of doing nothing).
    draggable: tuple[Place, ...] = ()
    #: For each source: (target pile, note) to light while it is held.
    holds: dict[Place, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    #: Why a held source may not go to a pile.
    refusals: dict[tuple[Place, str], str] = field(default_factory=dict)
    status: str = "playing"
    #: How much larger the "Larger cards" setting draws each card, about its middle (CSS
    #: ``--grow``): as much as keeps it clear of every pile it did not touch and inside the table.
    grow: float = 1.0


@dataclass(frozen=True)
class ButtonView:
    id: str
    label: str
    enabled: bool
    title: str = ""
    active: bool = False
    #: Hovering, focusing or pressing it lights the cards it would take (CSS ``.preview``).
    preview: bool = False
    #: The hint asks for this button (CSS ``.hint``).
    hint: bool = False


@dataclass(frozen=True)
class Field:
    name: str
    kind: Literal["flag", "select", "text"]
    label: str
    value: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dialog:
    kind: Literal["newgame", "rules", "summary", "peek", "stats"]
    title: str
    fields: tuple[Field, ...] = ()
    html: str = ""
    lines: tuple[str, ...] = ()
    big: str = ""
    error: str = ""
    faces: tuple[Face, ...] = ()
    #: The end screen: lines comparing the result with the player's best and
    #: average for this game and variant (filled by :attr:`Controller.summary_extras`).
    compare: tuple[str, ...] = ()
    #: The end screen offers Watch replay (a replay module answers it).
    replay: bool = False
    #: The end screen offers "Watch how": the solver's line from the deal, which did better.
    best: bool = False
    #: The end screen offers Share result: the game was a daily deal.
    share: bool = False
    #: The statistics dialog: every game and variant played (``kind`` "stats").
    stats: StatsSummary | None = None
    #: The statistics dialog's Reset was pressed once: the next press erases them.
    armed: bool = False
    #: The Keys help: (keys, what they do), shown after the rules (or alone).
    keys: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Notice:
    text: str
    action: str = ""
    error: bool = False
    #: Seconds until it dismisses itself (0: it stays until dismissed).
    timeout: float = 0.0
    #: Which notice this is, so a late timer never dismisses a newer one.
    serial: int = 0
    #: How a long search is going ("40,000 positions searched so far; ..."): shown under the
    #: text but not spoken (it changes every second; the verdict is spoken when it comes).
    progress: str = ""
    #: A second button's label ("Keep looking", beside Show me), "" for none.
    more: str = ""


@dataclass(frozen=True)
class Timer:
    """Something that happens after a while: the binding calls :meth:`Controller.fire`
    with ``name`` and ``ticket`` once ``seconds`` have passed and no move animates nor
    any card is held. A ticket the controller no longer expects does nothing, so the
    binding may let a timer run out that a newer one replaced."""

    name: Literal["notice", "disarm", "replay", "solve", "verdict", "hunt", "retire"]
    seconds: float
    ticket: int


@dataclass(frozen=True)
class Tile:
    id: str
    title: str
    resume: str
    #: How today's deal of this game stands, in words ("in progress"), on the start screen only.
    daily: str = ""
    #: The same as a keyword: unplayed, playing, won, lost, finished, resigned, abandoned.
    daily_state: str = ""


@dataclass(frozen=True)
class ReplayView:
    """The replay bar: where it is, how it plays, and the move list."""

    #: The slider's position and its last (the steps: one for each of the player's moves).
    index: int
    length: int
    playing: bool
    speed: float
    speeds: tuple[float, ...]
    #: "Move 12 of 80: CKH1" / "The deal".
    where: str
    #: How long each position shows while playing (the binding's timer).
    interval_ms: int
    #: The result at the last position ("Finished with 46 points").
    title: str
    #: The player's moves up to the position shown, and in all, as the status line counts them
    #: (:func:`pyapp.games.moves_made`); the step's number but where the replay opened inside a move.
    move: int
    moves: int


@dataclass(frozen=True, kw_only=True)
class View:
    """Everything the page shows, as plain values: a function of the controller's state
    (asked twice, it is equal). What happens once (animation frames, words to say, text
    to copy, the focus to move, the celebration) is not here but in :class:`Effects`."""

    screen: Literal["start", "game"]
    title: str = ""
    #: What the title's variants mean, in words (its tooltip; "" for none).
    title_help: str = ""
    tiles: tuple[Tile, ...] = ()
    board: Board | None = None
    prompt: str = ""
    score: str = ""
    info: str = ""
    tools: dict[str, bool] = field(default_factory=dict)
    resign_armed: bool = False
    #: The Give up button's label (it asks for a second press: "Sure?"); "" is Give up, in the language in use.
    resign_label: str = ""
    buttons: tuple[ButtonView, ...] = ()
    #: (setting id, label, on) for the settings menu.
    settings: tuple[tuple[str, str, bool], ...] = ()
    notice: Notice | None = None
    dialog: Dialog | None = None
    #: The fragment the address bar should show ("" on the start screen).
    address: str = ""
    #: Ask the binding to call :meth:`Controller.auto` after a short pause.
    auto: bool = False
    status: str = "playing"
    #: Moves are instant: no pauses before automatic moves either.
    instant: bool = False
    #: The deal number and how many moves were played ("Deal 42 · 7 moves").
    deal: str = ""
    #: The tools' overflow menu (and the settings in it) is open.
    menu_open: bool = False
    #: The time played, for the status line ("1:03"); "" when no game is shown.
    timer: str = ""
    #: The replay's controls while a game is watched (the board then shows the replay).
    replay: ReplayView | None = None
    #: Classes for the page's root element: the theme, the deck's colours, larger cards.
    page_classes: tuple[str, ...] = ()
    #: The theme chosen in the settings ("system", "light" or "dark").
    theme: str = "system"
    #: The language chosen in the settings (a tag of :data:`pyapp.i18n.TAGS`; "": the browser's).
    #: The binding loads its catalogue when it is not the one in use.
    language: str = ""
    #: The tip that opens a player's first deals of a game, until the first move or until closed
    #: (its lines, in the language in use; () for none: :func:`pyapp.app.screens.tip_lines`).
    tip: tuple[str, ...] = ()
    #: The board's accessible name ("Gyre table").
    board_label: str = ""
    #: What happens after a while, unless something else happens first (see :class:`Timer`).
    timers: tuple[Timer, ...] = ()
    #: The solver's verdict on the position, kept under the board (a setting); "" for none.
    verdict: str = ""
    #: The pre-solved pool the rules being played have and the page has not loaded yet
    #: (``static/pools/<pool>``; "" for none): the binding fetches it once and hands it to the
    #: controller (``pool_loaded``), for New deal's "Winnable deals only".
    pool: str = ""
    #: The Sound setting is on: the binding wakes the page's audio at the player's next tap, click
    #: or key (a browser lets it start only then) and plays :attr:`Effects.sounds`.
    sound: bool = False


@dataclass(frozen=True)
class Effects:
    """What happens once, as the result of the intents since it was last asked
    (:meth:`pyapp.app.controller.Controller.effects`); the view stays the same however often
    it is asked, these are handed out once."""

    #: Boards to show one after another before the view's (a move's forced steps); none when instant.
    frames: tuple[Board, ...] = ()
    #: Text to copy to the clipboard now (the binding reports a failure back).
    copy: str = ""
    #: Words for the live region (a move, its forced steps, a prompt, the end).
    announce: str = ""
    #: A key moved the keyboard focus: the page's focus goes to the board's focused card or pile.
    focus_now: bool = False
    #: The game was just won: play the short celebration.
    celebrate: bool = False
    #: A daily result to send now (:mod:`pyapp.app.sharing`), through the device's share sheet
    #: or the clipboard (the binding reports which back, or a failure).
    share: str = ""
    #: Sounds to play, in order, once the view is drawn (names of :mod:`pyapp.ui.sounds`); none
    #: while the Sound setting is off.
    sounds: tuple[str, ...] = ()
