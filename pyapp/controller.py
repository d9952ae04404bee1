"""The app controller: every decision the page makes, with no DOM.

The controller owns the app's state (the screen, the session, the selection,
a pick in progress, the notice, settings, the armed give-up, the open dialog)
and reads and writes saves through a :class:`Storage`. The DOM binding
(:mod:`pyapp.browser`) calls one method per player intent (a tap, a drop, a
button, a key, a link, a dialog submitted) and then draws :meth:`Controller.view`,
a :class:`View` of plain values. The same state always gives the same view.

>>> c = Controller(MemoryStorage())
>>> c.start("#g=gyre&s=42", "https://example.org/orbit/")
>>> v = c.view()
>>> v.screen, v.title, v.address
('game', 'Gyre', '#g=gyre&v=1&o=&s=42')
>>> source = v.board.sources[0]
>>> target, gesture = next(iter(c.table.moves_from(source).items()))
>>> c.drop(source, target)
>>> c.view().address == "#g=gyre&v=1&o=&s=42&m=" + gesture.token
True
"""

from __future__ import annotations

import datetime
import json
import secrets
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Literal, Mapping, Protocol

from . import focus as focus_mod
from .clock import GameClock
from .daily import daily_date, daily_link
from .errors import OrbitError, ParseError, ReplayError, SaveError, StatsError
from .features import (NO_HINT, HintMarks, ReplayView, Saved, daily_words, hint_words, locate_hint, read_save,
                       replay_view, save_text, timer_text)
from .game import AnyGame
from .games import all_games, get_game
from .hints import hint_for
from .links import Link
from .replay import Replay
from .rng import parse_seed
from .session import Session
from .speech import capital, card_label, narrate, place, sentence
from .storage import MemoryStorage as MemoryStorage  # re-exported: tests and tools make a controller with it
from .storage import Storage as Storage
from .stats import StatsKeeper, StatsSummary
from .table import BACK, CARD_H, CARD_W, Decor, Face, GameView, Gesture, Pick, Place, Table
from .tables import get_view

CURRENT_KEY = "orbit.current"
SAVE_PREFIX = "orbit.save."
OPTIONS_PREFIX = "orbit.options."
PREVIOUS_PREFIX = "orbit.previous."
CORRUPT_PREFIX = "orbit.corrupt."
#: Where today's deal of each game is saved, apart from the player's ordinary game.
DAILY_PREFIX = "orbit.daily."
SETTINGS_KEY = "orbit.settings"
#: The app-wide setting that turns animations off (also set by prefers-reduced-motion).
INSTANT = "instant"
#: The app-wide setting that marks the cards that have a legal move (on until the player turns it off).
MARKS = "marks"
#: The app-wide settings of the cards' looks: a four-colour deck, larger corner indices.
FOUR_COLOUR = "fourcolour"
LARGE = "large"
APP_SETTINGS: tuple[tuple[str, str], ...] = (
    (MARKS, "Mark the cards that can move"),
    (INSTANT, "Instant moves (no animation)"),
    (FOUR_COLOUR, "Four-colour deck (blue diamonds, green clubs)"),
    (LARGE, "Larger cards (big corner numbers)"),
)
#: The colour theme: follow the system, or a fixed choice (kept in the settings as "theme=dark").
THEMES: tuple[tuple[str, str], ...] = (("system", "As the system"), ("light", "Light"), ("dark", "Dark"))
#: How long a notice stays, in seconds: a plain one, and one that offers an action.
#: Errors, and notices the player must act on (a link to copy by hand), stay until dismissed.
#: How long (seconds) a press is held to show a squared pile's cards.
LONG_PRESS = 0.5
#: How far (pixels) a pointer moves before a press becomes a drag.
DRAG_PX = 6.0
#: How long an armed Give up waits for its second press.
DISARM_SECONDS = 4.0
#: The settings chosen from a list (the others are switches).
CHOICES = ("theme",)
NOTICE_SECONDS = 4.0
#: The stacking level of a dragged card: above every other.
DRAGGED_Z = 1000
NOTICE_ACTION_SECONDS = 10.0


class SafeStorage:
    """A :class:`Storage` over a ``localStorage``-like object that may be missing or
    throw (sandboxed frames, a full quota): every value is also kept in memory, so
    the game goes on for this visit whatever the backend does.

    >>> class Broken:
    ...     def getItem(self, key: str) -> str: raise OSError("denied")
    ...     def setItem(self, key: str, value: str) -> None: raise OSError("denied")
    ...     def removeItem(self, key: str) -> None: raise OSError("denied")
    >>> s = SafeStorage(Broken())
    >>> s.set("a", "1"); s.get("a"), s.get("b")
    ('1', None)
    """

    def __init__(self, backend: Any, present: Callable[[Any], bool] = lambda v: v is not None) -> None:
        self.memory: dict[str, str] = {}
        self.backend = backend
        self.present = present
        try:
            backend.setItem("orbit.probe", "1")
            backend.removeItem("orbit.probe")
        except Exception:
            self.backend = None

    def _try(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn() if self.backend is not None else None
        except Exception:
            return None

    def get(self, key: str) -> str | None:
        value = self._try(lambda: self.backend.getItem(key))
        return str(value) if self.present(value) else self.memory.get(key)

    def set(self, key: str, value: str) -> None:
        self.memory[key] = value
        self._try(lambda: self.backend.setItem(key, value))

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        self._try(lambda: self.backend.removeItem(key))


# -- what the binding draws ---------------------------------------------------------


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


@dataclass(frozen=True)
class Timer:
    """Something that happens after a while: the binding calls :meth:`Controller.fire`
    with ``name`` and ``ticket`` once ``seconds`` have passed and no move animates nor
    any card is held. A ticket the controller no longer expects does nothing, so the
    binding may let a timer run out that a newer one replaced."""

    name: Literal["notice", "disarm", "replay"]
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
class View:
    screen: Literal["start", "game"]
    title: str
    tiles: tuple[Tile, ...]
    board: Board | None
    #: Boards to show one after another before ``board`` (forced steps); empty when instant.
    frames: tuple[Board, ...]
    prompt: str
    score: str
    info: str
    tools: dict[str, bool]
    resign_armed: bool
    #: The Give up button's label (it asks for a second press).
    resign_label: str
    buttons: tuple[ButtonView, ...]
    settings: tuple[tuple[str, str, bool], ...]
    notice: Notice | None
    dialog: Dialog | None
    #: The fragment the address bar should show ("" on the start screen).
    address: str
    #: Text to copy to the clipboard now (the binding reports a failure back).
    copy: str
    #: Ask the binding to call :meth:`Controller.auto` after a short pause.
    auto: bool
    status: str
    #: Moves are instant: no pauses before automatic moves either.
    instant: bool = False
    #: The deal number and how many moves were played ("Deal 42 · 7 moves").
    deal: str = ""
    #: The tools' overflow menu (and the settings in it) is open.
    menu_open: bool = False
    #: The game was just won: play the short celebration (once).
    celebrate: bool = False
    #: The time played, for the status line ("1:03"); "" when no game is shown.
    timer: str = ""
    #: The replay's controls while a game is watched (the board then shows the replay).
    replay: ReplayView | None = None
    #: A key moved the keyboard focus: the binding puts the page's focus on the board's
    #: focused card or pile (the one whose classes include "focus").
    focus_now: bool = False
    #: Words for the live region, handed out once (a move, its forced steps, a prompt, the end).
    announce: str = ""
    #: Classes for the page's root element: the theme, the deck's colours, larger cards.
    page_classes: tuple[str, ...] = ()
    #: The theme chosen in the settings ("system", "light" or "dark").
    theme: str = "system"
    #: The board's accessible name ("Gyre table").
    board_label: str = ""
    #: What happens after a while, unless something else happens first (see :class:`Timer`).
    timers: tuple[Timer, ...] = ()


# -- geometry ------------------------------------------------------------------------


def pile_at(board: Board, ux: float, uy: float, among: set[str] | None = None) -> str | None:
    """The pile whose area (outline plus its fanned cards) holds the point, in
    card units; with ``among``, the nearest of those piles within 0.6 of it,
    unless the point is inside another pile (the player aimed at that one).

    >>> b = Board(4, 2, (PileView("A", 0, 0, 1, 1.4, (), "", "", "", "", "", 0, 0, 0),
    ...                  PileView("B", 1.1, 0, 1, 1.4, (), "", "", "", "", "", 0, 1.1, 0)), (), ())
    >>> pile_at(b, 0.5, 0.5), pile_at(b, 2.3, 0.5), pile_at(b, 1.05, 0.5, {"A"}), pile_at(b, 3, 1, {"A"})
    ('A', None, 'A', None)
    >>> pile_at(b, 1.2, 0.5, {"A"}), pile_at(b, 1.2, 0.5, {"A", "B"})
    (None, 'B')
    """
    best: tuple[float, str] | None = None
    inside_other = False
    for pile in board.piles:
        x1 = max(pile.x + pile.w, pile.top_x + CARD_W)
        y1 = max(pile.y + pile.h, pile.top_y + CARD_H)
        dx = max(pile.x - ux, 0.0, ux - x1)
        dy = max(pile.y - uy, 0.0, uy - y1)
        dist = (dx * dx + dy * dy) ** 0.5
        if dist == 0.0 and (among is None or pile.id in among):
            return pile.id
        if among is not None and pile.id not in among:
            inside_other = inside_other or dist == 0.0
            continue
        if among is not None and dist < 0.6 and (best is None or dist < best[0]):
            best = (dist, pile.id)
    return best[1] if best and not inside_other else None


# -- the controller ------------------------------------------------------------------


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


@dataclass
class _Picking:
    pick: Pick
    picked: list[Place]
    #: The button that asked (its id), or "" for a gesture's pick.
    button: str = ""
    #: The gesture whose drop or tap asked, to show it held.
    gesture: Gesture | None = None


class Controller:
    """The app's state and its answer to every player intent (see the module doc)."""

    def __init__(self, storage: Storage, reduced_motion: bool = False) -> None:
        self.storage = storage
        self.screen: Literal["start", "game"] = "start"
        self.session: Session | None = None
        self.view_module: GameView | None = None
        self.portrait = False
        self.selected: Place | None = None
        #: The card being dragged (see :meth:`lift`): its targets are lit as for a selection.
        self.lifted: Place | None = None
        self._press: _Press | None = None
        #: A move's steps are being shown (the binding animates them): keys wait (see :meth:`key`).
        self.animating = False
        self._waiting: list[tuple[str, bool, bool, bool]] = []
        self._presses = 0
        #: A touch held on a game's button that previews its effect shows the preview (see :meth:`button_press`).
        self.previewing = False
        self._holds = 0
        self._swallow = False
        #: The last two taps: (pile, whether it played a move); a double click that played does not peek.
        self._taps: list[tuple[str | None, bool]] = []
        #: The board of the last view, where :meth:`drop_at` and :meth:`tap_at` look.
        self.board: Board | None = None
        self.picking: _Picking | None = None
        self.notice: Notice | None = None
        self._notice_action: tuple[str, str] | None = None
        self.dialog: Dialog | None = None
        self.resign_armed = False
        self._armed = 0  # counts the presses that armed Give up (the disarm timer's ticket)
        self._replayed = 0  # counts the replay's steps and controls (the replay timer's ticket)
        #: The id of a repeating button at work (auto-finish), or "".
        self.repeating = ""
        self.base_url = ""
        self._copy = ""
        self._copy_now = False
        self._frames: tuple[Board, ...] = ()
        self._summary_shown = False
        self._nudge: Place | None = None
        self._celebrate = False
        self._serial = 0
        self.menu_open = False
        #: A hook for the end screen (a stats or replay module): given the finished
        #: session, lines comparing it with the player's best and average, and
        #: whether Watch replay can be offered. None: the end screen has neither.
        self.summary_extras: Callable[[Session], tuple[tuple[str, ...], bool]] | None = None
        #: A hook that Watch replay calls with the finished session.
        self.replay_hook: Callable[[Session], None] | None = None
        #: The save to go back to when Undo follows a Restart or a New deal.
        self._backup: str | None = None
        self._uids: dict[Place, tuple[str, str]] = {}
        self._next_uid = 0
        self.table: Table | None = None
        self._table_key: tuple[Any, ...] = ()
        self.settings: set[str] = {MARKS}  # a first game marks the cards that can move
        raw = storage.get(SETTINGS_KEY)
        if raw:
            try:
                loaded = json.loads(raw)
                if not isinstance(loaded, list):
                    raise ValueError("not a list")
                self.settings = {str(s) for s in loaded}
            except ValueError:
                self.storage.remove(SETTINGS_KEY)
                self._say("Your settings could not be read and were reset.")
        if reduced_motion:
            self.settings.add(INSTANT)
        #: The statistics (``orbit.stats``); tests may replace ``stats.clock``.
        self.stats = StatsKeeper(storage)
        #: Why the statistics could not be read (said again after :meth:`start`), or "".
        self._stats_problem = self.stats.load()
        if self._stats_problem:
            self._say(self._stats_problem, error=True)
        self.summary_extras = lambda s: (self.stats.compare(s.game.id, s), bool(s.moves))
        self.replay_hook = self.watch
        #: The day of the daily deal on the table (it is saved apart, under DAILY_PREFIX), or None.
        self.daily_day: datetime.date | None = None
        #: The game's timer, and the latest time the binding passed in (ms, see :meth:`tick`).
        self.clock = GameClock()
        self._now = 0.0
        #: The page is hidden (the timer pauses).
        self.hidden = False
        #: The game being watched (a replay screen over the game), or None.
        self.replay: Replay | None = None
        #: Where the hint asked for lies on the table, until the next action.
        self.hint_marks: HintMarks | None = None
        #: The statistics dialog's Reset was pressed once.
        self.reset_armed = False
        #: The keyboard focus on the board (a :mod:`pyapp.focus` stop); None: the first stop.
        self.focus: focus_mod.Stop | None = None
        self._focus_now = False
        #: Words waiting for the live region (see :attr:`View.announce`).
        self._announce = ""

    # -- helpers -------------------------------------------------------------------
    def _say(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
             lasting: bool = False) -> None:
        """Show a notice: errors and ``lasting`` ones stay until dismissed, the others
        dismiss themselves (see :data:`NOTICE_SECONDS`)."""
        self._serial += 1
        timeout = 0.0 if error or lasting else NOTICE_ACTION_SECONDS if action else NOTICE_SECONDS
        self.notice = Notice(text, action[0] if action else "", error, timeout, self._serial)
        self._notice_action = action

    def _tell(self, *words: str) -> None:
        """Words for the live region (screen readers), said once with the next view."""
        self._announce = " ".join(w for w in (self._announce, *words) if w)

    def _tell_move(self, was: Table, steps: list[Table]) -> None:
        """Announce a move played from table ``was``: what it did, its forced steps
        (``steps``), then a new phase or a new prompt (the end has its own words)."""
        now, module = self.table_now(), self.view_module
        if now is None or module is None:
            return
        words = [narrate([was, *steps, now], lambda code: module.face(code).name)]
        if now.phase and now.phase != was.phase:
            words.append(sentence(now.phase))
        if now.status == "playing" and now.prompt != was.prompt:
            words.append(sentence(now.prompt))
        self._tell(*words)

    def _drop_stale_notice(self) -> None:
        """The game changed: a notice about the old position goes (errors stay until dismissed)."""
        if self.notice is not None and not self.notice.error:
            self.dismiss_notice()

    def _known(self) -> list[str]:
        return [g.id for g in all_games()]

    def _settings_for_view(self) -> frozenset[str]:
        return frozenset(self.settings)

    def _clear_transient(self) -> None:
        self.hint_marks = None
        self.selected = None
        self.lifted = None
        self.picking = None
        self.resign_armed = False
        self.repeating = ""
        self.menu_open = False

    # -- start-up and screens ---------------------------------------------------
    def start(self, fragment: str, base_url: str = "") -> None:
        """The page opened: a link, else the game last played, else the start screen."""
        self._start(fragment, base_url)
        problem, self._stats_problem = self._stats_problem, ""
        if problem and (self.notice is None or not self.notice.error):
            self._say(problem, error=True)  # opening the game dropped the notice

    def _start(self, fragment: str, base_url: str) -> None:
        self.base_url = base_url.split("#")[0]
        if len(fragment) > 1:
            self.open_link(fragment)
            return
        current, _, slot = str(self.storage.get(CURRENT_KEY) or "").partition("@")
        if current in self._known() and slot == "daily" and self._load_saved(current, daily=True):
            return
        if current in self._known() and self._load_saved(current):
            return
        self.screen = "start"

    def home(self) -> None:
        self._clear_transient()
        self.dialog = None
        self.replay = None
        self.screen = "start"
        self._sync_clock()
        self._save_time()

    def open_game(self, game_id: str) -> None:
        """A start-screen tile: resume that game's save, or deal a new one."""
        self.notice = None
        get_game(game_id)
        if not self._load_saved(game_id):
            stored = self.storage.get(OPTIONS_PREFIX + game_id)
            first = stored is None
            options = get_view(game_id).first_options if first else str(stored)
            try:
                get_game(game_id).parse_options(options)
            except OrbitError:
                options = ""
            self._new_session(game_id, options, None)
            if first:  # the first-game start is for the first game only (Square's ends)
                self.storage.set(OPTIONS_PREFIX + game_id, "")

    def _read_slot(self, game_id: str, daily: bool = False) -> Saved | None:
        """The saved game of a slot, or None (missing or unreadable: left for :meth:`_load_saved`)."""
        raw = self.storage.get((DAILY_PREFIX if daily else SAVE_PREFIX) + game_id)
        try:
            return read_save(raw) if raw else None
        except SaveError:
            return None

    def _load_saved(self, game_id: str, daily: bool = False) -> bool:
        """Resume a game's save (``daily``: its daily deal's save); a save that cannot
        be read is set aside with a notice (an ordinary one is replaced by a new deal)."""
        key = (DAILY_PREFIX if daily else SAVE_PREFIX) + game_id
        raw = self.storage.get(key)
        if not raw:
            return False
        try:
            saved = read_save(raw)
            if saved.session.game.id != game_id:
                raise SaveError("it belongs to another game")
            if daily and saved.day is None:
                raise SaveError("it is not a daily deal")
        except SaveError as exc:
            corrupt = CORRUPT_PREFIX + ("daily." if daily else "") + game_id
            self.storage.set(corrupt, raw)
            self.storage.remove(key)
            if daily:
                self._say(f"Your saved daily deal could not be read ({exc}). It was set aside ({corrupt}).",
                          error=True)
                return False
            title = get_game(game_id).title
            self._say(
                f"Your saved {title} game could not be read ({exc}). "
                f"It was set aside ({CORRUPT_PREFIX}{game_id}) and a new deal started.",
                error=True,
            )
            self._new_session(game_id, "", None)
            return True
        self._set_session(saved.session, saved.day if daily else None, saved.clock)
        return True

    def _new_session(self, game_id: str, options: str, seed: int | None) -> None:
        game = get_game(game_id)
        if seed is None:
            seed = secrets.randbelow(10**9)
        session = Session(game, seed, game.parse_options(options))
        self.storage.set(OPTIONS_PREFIX + game_id, session.options_text)
        self._set_session(session)

    def _set_session(self, session: Session, day: datetime.date | None = None, clock: GameClock | None = None) -> None:
        """Put ``session`` on the table, in the daily slot of ``day`` or the ordinary
        one, with its timer (a new one when None)."""
        if self.session is None or self.session.game.id != session.game.id:
            self._uids = {}
        self.session = session
        self.daily_day = day
        self.clock = clock if clock is not None else GameClock()
        self.replay = None
        self.view_module = get_view(session.game.id)
        self.screen = "game"
        self.dialog = None
        self._drop_stale_notice()
        self._clear_transient()
        self._summary_shown = session.status() != "playing"
        self._sync_clock()
        self._save()

    def _save_text(self) -> str:
        assert self.session is not None
        return save_text(self.session, self.daily_day, self.clock.elapsed(self._now))

    def _save(self) -> None:
        session = self.session
        if session is None:
            return
        daily = self.daily_day is not None
        self.storage.set((DAILY_PREFIX if daily else SAVE_PREFIX) + session.game.id, self._save_text())
        self.storage.set(CURRENT_KEY, session.game.id + ("@daily" if daily else ""))

    # -- links -------------------------------------------------------------------
    def open_link(self, fragment: str) -> None:
        """Open a share link; a bad one keeps what the player had and says why."""
        if self.session is not None and fragment == self.session.link().fragment() and self.screen == "game":
            return
        try:
            session = Session.from_link(Link.parse(fragment), lenient=True)
        except OrbitError as exc:
            if self.session is not None:
                self.screen = "game"  # what the player had stays on the table
            else:
                game_id = ""
                for part in fragment.lstrip("#").split("&"):
                    if part.startswith("g="):
                        game_id = part[2:]
                known = self._known()
                if game_id not in known:
                    game_id = str(self.storage.get(CURRENT_KEY) or "gyre")
                    game_id = game_id if game_id in known else "gyre"
                if not self._load_saved(game_id):
                    self._new_session(game_id, "", None)
            self._say(f"That link could not be opened: {exc}. Your game is as it was.", error=True)
            return
        self.notice = None
        day = self._daily_day_of(session)
        saved = self._read_slot(session.game.id, daily=day is not None)
        if saved is not None and not session.replay_error and saved.day == day and saved.session.link() == session.link():
            # the page opened on its own game's link (a reload): the save also keeps the redo moves and the timer
            self._set_session(saved.session, day, saved.clock)
            return
        kept = day is None and self._keep_other_deal(session)  # a daily deal has its own save
        self._set_session(session, day)
        if session.replay_error:
            self._say(f"The link was opened up to the move before the problem: {session.replay_error}.", error=True)
        elif kept:
            self._say(
                f"Opened the linked {session.game.title} deal. Your game in progress was kept.",
                ("Back to my game", "previous"),
            )

    def _daily_day_of(self, session: Session) -> datetime.date | None:
        """The day whose daily deal ``session`` is (today's, or yesterday's begun
        before midnight UTC), or None for any other deal."""
        return daily_date(session.game.id, session.options_text, session.seed, self.stats.today())

    def _keep_other_deal(self, session: Session) -> bool:
        """Before a link replaces this game's save with another deal, keep the old
        save (if unfinished) as the previous game."""
        raw = self.storage.get(SAVE_PREFIX + session.game.id)
        if not raw:
            return False
        try:
            old = Session.from_save(raw)
        except SaveError:
            self.storage.set(CORRUPT_PREFIX + session.game.id, raw)  # never lost, even under a link
            return False
        if (old.seed, old.options_text) == (session.seed, session.options_text) or old.status() != "playing":
            return False
        self.storage.set(PREVIOUS_PREFIX + session.game.id, raw)
        return True

    def _resume_previous(self) -> None:
        if self.session is None:
            return
        game_id = self.session.game.id
        raw = self.storage.get(PREVIOUS_PREFIX + game_id)
        if not raw:
            return
        current = self.storage.get(SAVE_PREFIX + game_id)
        self.storage.set(SAVE_PREFIX + game_id, raw)
        if current:
            self.storage.set(PREVIOUS_PREFIX + game_id, current)
        self._load_saved(game_id)

    # -- notices -------------------------------------------------------------------
    def notice_action(self) -> None:
        action = self._notice_action
        self.dismiss_notice()
        if action is not None and action[1] == "previous":
            self._resume_previous()

    def dismiss_notice(self) -> None:
        self.notice = None
        self._notice_action = None

    def expire_notice(self, serial: int) -> bool:
        """A notice's time is up (:attr:`Notice.timeout`): it goes, unless a newer one replaced it
        (True when it went)."""
        if self.notice is None or self.notice.serial != serial:
            return False
        self.dismiss_notice()
        return True

    def copied(self, ok: bool) -> None:
        """The binding tried to copy :attr:`View.copy` (a link the player must copy by hand stays)."""
        url = self._copy
        self._say(("Link copied: " if ok else "Copy this link: ") + url, lasting=not ok)

    # -- playing -------------------------------------------------------------------
    def play(self, token: str) -> None:
        session = self.session
        if session is None:
            return
        before = session.state
        was = self.table_now()
        session.play(token)
        self.stats.moved(session.game.id, session, self._elapsed())
        self._backup = None
        self._clear_transient()
        steps = [self._table(s, interactive=False) for s in list(session.game.steps(before, token))[:-1]]
        if INSTANT not in self.settings:
            self._frames = tuple(self._board(t) for t in steps)
        if was is not None:
            self._tell_move(was, steps)
        self._after_change()
        self._celebrate = session.status() == "won"

    def _after_change(self) -> None:
        self.hint_marks = None  # a hint is for the position it was asked in
        self._sync_clock()
        self._save()
        self._drop_stale_notice()
        if self.session is not None and self.session.status() != "playing" and not self._summary_shown:
            if self.auto_token() is None:
                self._summary_shown = True
                self.dialog = self._summary_dialog()
                self._tell(sentence(self.dialog.title), sentence(self.dialog.big))

    def auto_token(self) -> str | None:
        """The move to play by itself now (the player's settings ask for it, or a
        repeating button is at work), if any."""
        session, module = self.session, self.view_module
        if session is None or module is None or session.resigned or self.screen != "game" or self.replay is not None:
            return None
        if self.repeating:
            table = self.table_now()
            token = next((b.token for b in table.buttons if b.id == self.repeating), None) if table else None
            if token is not None:
                return token
            self.repeating = ""
        return module.auto_token(session.state, self._settings_for_view())

    def auto(self) -> None:
        """The pause before an automatic move is over: play it."""
        token = self.auto_token()
        if token is not None:
            repeating = self.repeating
            self.play(token)
            self.repeating = repeating

    def _play_gesture(self, gesture: Gesture) -> None:
        if gesture.pick is not None:
            self.selected = None
            self.picking = _Picking(gesture.pick, [], "", gesture)
            self._tell(sentence(gesture.pick.prompt))
            return
        self.play(gesture.token)

    def tap(self, pile: str | None, index: int | None = None) -> None:
        """A tap or click on a pile (``index`` None) or on one of its cards."""
        before = self.session.state if self.session is not None else None
        self._tap(pile, index)
        self._taps = [*self._taps[-1:], (pile, self.session is not None and self.session.state is not before)]

    def double_click(self, pile: str | None) -> None:
        """A double click on a pile: a squared pile shows its cards (:meth:`peek`), unless
        the clicks played a card (fast taps on the waste play on; they never open a window)."""
        if pile is not None and self.peekable(pile) and (pile, True) not in self._taps:
            self.peek(pile)

    def _tap(self, pile: str | None, index: int | None = None) -> None:
        table = self.table_now()
        if table is None or self.session is None:
            return
        if pile is not None and all(p.id != pile for p in table.piles):
            pile, index = None, None  # no such pile (a stale intent): a tap on the table
        self.resign_armed = False
        self.repeating = ""
        self.menu_open = False
        at: Place | None = (pile, index) if pile is not None and index is not None else None
        picking = self.picking
        if picking is not None:
            if at is not None and at in picking.pick.places:
                if at in picking.picked:
                    picking.picked.remove(at)
                elif len(picking.picked) < picking.pick.count:
                    picking.picked.append(at)
                if not picking.pick.confirm and len(picking.picked) == picking.pick.count:
                    self.confirm_pick()
                return
            self.picking = None
            return
        if self.selected is not None:
            targets = table.moves_from(self.selected)
            if pile is not None and pile in targets and at != self.selected:
                self._play_gesture(targets[pile])
                return
            reason = table.refusal(self.selected, pile) if pile is not None else ""
            if reason and (at is None or at not in table.sources()):
                self._say(reason)  # a tap on a card of a refused pile is a tap on that pile
                return
        if at is not None:
            mine = [g for g in table.gestures if g.source == at]
            taps = [g for g in mine if g.tap]
            if taps:
                self._play_gesture(taps[0])
                return
            if mine:
                self.selected = None if self.selected == at else at
                return
        if pile is not None and self.selected is None and table.tap_empty_targets and not table.pile(pile).cards:
            asked = {t for b in table.buttons if b.pick for _, t in b.pick.options}
            aimed = [g for g in table.gestures if g.target == pile and g.token not in asked]
            if len(aimed) == 1:
                self._play_gesture(aimed[0])
                return
        was, self.selected = self.selected, None
        if at is not None and was is None and table.status == "playing":
            self._nudge = at  # the card lifts a little and says it has no move
            onto = any(g.target == pile for g in table.gestures)
            self._say(table.stuck + (". A card can be played onto it." if onto else "."))

    # -- the pointer on the board ------------------------------------------------------
    def pointer_down(self, pile: str | None, index: int | None, x: float, y: float, unit: float) -> int:
        """A pointer went down on the board at (``x``, ``y``) pixels from its corner (``unit``:
        the pixels of a card unit), on ``pile`` and its card ``index`` if the page knows them.
        Returns the press's ticket (see :meth:`long_press`), negative when the press holds a
        card that may be dragged (the binding then keeps the pointer)."""
        board = self.board
        card = None
        if board is not None and index is not None and (pile, index) in board.draggable:
            card = next((c for c in board.cards if (c.pile, c.index) == (pile, index)), None)
        self._presses += 1
        self._press = _Press(pile, index, x, y, unit, card, self._presses)
        return -self._presses if card is not None else self._presses

    @property
    def pressing(self) -> bool:
        """A pointer is down on the board (timers wait until it is let go)."""
        return self._press is not None

    def pointer_move(self, x: float, y: float) -> tuple[str, float, float] | None:
        """The pointer moved to (``x``, ``y``) pixels: once it is :data:`DRAG_PX` from where it
        went down, its card follows it (lifted: :meth:`lift`). The card's uid and where its
        corner goes, in pixels, or None while nothing is dragged.

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&v=1&o=&s=42"); board = c.view().board
        >>> card = next(x for x in board.cards if (x.pile, x.index) == ("c1", 0))
        >>> c.pointer_down("c1", 0, 100, 100, 50.0) < 0, c.pointer_move(103, 100), c.lifted
        (True, None, None)
        >>> c.pointer_move(110, 100) == (card.uid, card.x * 50 + 10, card.y * 50), c.lifted
        (True, ('c1', 0))
        """
        p = self._press
        if p is None:
            return None
        dx, dy = x - p.x, y - p.y
        if not p.moved:
            if dx * dx + dy * dy < DRAG_PX * DRAG_PX:
                return None
            p.moved = True  # a swipe is no long press, even off the cards
            if p.card is not None:
                self.lift((p.card.pile, p.card.index))
        return None if p.card is None else (p.card.uid, p.card.x * p.unit + dx, p.card.y * p.unit + dy)

    def pointer_up(self, x: float, y: float) -> None:
        """The pointer was let go at (``x``, ``y``) pixels: a dragged card is dropped there
        (:meth:`drop_at`), else it was a tap (:meth:`tap_at`)."""
        p, self._press = self._press, None
        if p is None:
            return
        ux, uy = x / p.unit, y / p.unit
        if p.moved and p.card is not None:
            self.drop_at((p.card.pile, p.card.index), ux, uy)
        else:
            self.tap_at(ux, uy, p.pile, p.index)

    def pointer_cancel(self) -> None:
        """The browser took the pointer away (a scroll, a system gesture): nothing is played."""
        self._press = None
        self.lift(None)

    def long_press(self, ticket: int) -> bool:
        """The press ``ticket`` has been held a while (:data:`LONG_PRESS` seconds) without
        moving: on a squared pile it shows the pile's cards; True when it did."""
        p = self._press
        if p is None or p.ticket != abs(ticket) or p.moved or p.pile is None or not self.peekable(p.pile):
            return False
        self._press = None
        self.peek(p.pile)
        return self.dialog is not None

    def button_press(self, down: bool, previews: bool) -> int:
        """A pointer went down (``down``), or up, away or was taken, on the buttons under the
        board. A phone has no hover: a touch going down on a button that previews its effect
        (Rotate; ``previews``) returns a ticket, and held :data:`LONG_PRESS` seconds
        (:meth:`button_held`) it shows the preview until it is let go, and letting go plays
        nothing (:meth:`swallowed`); a short tap still presses the button. Else 0.

        >>> c = Controller(MemoryStorage())
        >>> t = c.button_press(True, True); c.button_held(t), c.previewing
        (True, True)
        >>> c.button_press(False, True), c.previewing, c.swallowed("act-rotate"), c.swallowed("act-rotate")
        (0, False, True, False)
        >>> t = c.button_press(True, True); c.button_press(False, True); c.button_held(t), c.swallowed("act-rotate")
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

    def lift(self, source: Place | None) -> None:
        """A card from ``source`` is being dragged (None: the drag was cancelled): while
        it is held, its targets are lit with their notes and the other piles say why not,
        as for a selection; the card is drawn above the others (``dragging``)."""
        self.lifted = source if self.board is not None and source in self.board.draggable else None

    def drop_at(self, source: Place, ux: float, uy: float) -> None:
        """A dragged card let go at (``ux``, ``uy``), in card units: dropped on the pile
        there, or on the nearest pile that takes it when it was let go just beside one."""
        board = self.board
        among = {t for t, _ in board.holds.get(source, ())} if board is not None else set()
        target = (pile_at(board, ux, uy, among) or pile_at(board, ux, uy)) if board is not None else None
        self.drop(source, target)

    def tap_at(self, ux: float, uy: float, pile: str | None = None, index: int | None = None) -> None:
        """A tap at (``ux``, ``uy``), in card units: on ``pile`` (and its card ``index``)
        when the page knows which element was hit, else on the pile whose area holds the point."""
        if pile is None and self.board is not None:
            pile, index = pile_at(self.board, ux, uy), None
        self.tap(pile, index)

    def rehearsal(self) -> Iterator[View]:
        """The views of a first move played on a twin of this game that nobody sees, one at a
        time: the position, a card lifted, dropped on its target, the move taken back, the
        card tapped and its target tapped. This controller is left as it was.

        The binding draws them off the page, a view per task, while the player has not moved
        yet: a page's first move ran the Python and the browser's drawing code cold and took
        50-80 ms, a long task, against about 10 ms for the next ones (docs/PERFORMANCE.md).

        >>> c = Controller(MemoryStorage()); c.start("#g=gyre&v=1&o=&s=42"); before = c.view()
        >>> views = list(c.rehearsal())
        >>> len(views), views[0].board == before.board, views[2].address != before.address
        (6, True, True)
        >>> c.view() == before, list(Controller(MemoryStorage()).rehearsal())
        (True, [])
        """
        session = self.session
        if self.screen != "game" or session is None or self.replay is not None or self.dialog is not None:
            return
        twin = Controller(MemoryStorage(), reduced_motion=INSTANT in self.settings)
        twin.settings, twin.portrait = set(self.settings), self.portrait
        twin.open_link(session.link().fragment())
        yield twin.view()
        table = twin.table_now()
        gestures = [g for g in table.gestures if g.source and g.target] if table else []
        gesture = next((g for g in gestures if g.pick is None), gestures[0] if gestures else None)  # one that plays
        if gesture is None or gesture.source is None or gesture.target is None:
            return
        twin.lift(gesture.source)
        yield twin.view()
        twin.drop(gesture.source, gesture.target)
        yield twin.view()
        twin.undo()
        yield twin.view()
        for pile, index in (gesture.source, (gesture.target, None)):
            twin.tap(pile, index)
            yield twin.view()

    def peekable(self, pile: str | None) -> bool:
        """A pile whose whole content a long press or a double click shows (Zodiac's squared piles)."""
        return self.board is not None and any(p.id == pile and "peek" in p.classes for p in self.board.piles)

    def drop(self, source: Place, target: str | None) -> None:
        """A card dragged from ``source`` and let go over ``target`` (None: nowhere)."""
        self.lifted = None
        table = self.table_now()
        if table is None:
            return
        self.resign_armed = False
        self.repeating = ""
        self.selected = None
        self.menu_open = False
        if target is None:
            return
        gesture = table.moves_from(source).get(target)
        if gesture is not None:
            self._play_gesture(gesture)
            return
        reason = table.refusal(source, target)
        if reason:
            self._say(reason)

    def press(self, button_id: str) -> None:
        """One of the game's own buttons (Rotate, MOON → PLANET, Confirm, Cancel)."""
        table = self.table_now()
        if table is None:
            return
        self.resign_armed = False
        self.repeating = ""
        self.menu_open = False
        if button_id == "pick-confirm":
            self.confirm_pick()
            return
        if button_id == "pick-cancel":
            self.picking = None
            return
        for button in table.buttons:
            if button.id != button_id:
                continue
            if button.token is not None:
                self.play(button.token)
                self.repeating = button.id if button.repeat else ""
            elif button.pick is not None:
                self.selected = None
                same = self.picking is not None and self.picking.button == button.id
                self.picking = None if same else _Picking(button.pick, [], button.id)
                self._tell(sentence(button.pick.prompt) if self.picking else "Cancelled.")
            return

    def confirm_pick(self) -> None:
        picking = self.picking
        if picking is None:
            return
        token = picking.pick.token_for(picking.picked)
        if token is None:
            self._say(f"Pick {picking.pick.count} {'card' if picking.pick.count == 1 else 'cards'} first.")
            return
        self.picking = None
        self.play(token)

    def cancel(self) -> None:
        """Escape: drop a selection, a pick, an armed give-up or a dialog."""
        if self.dialog is not None:
            self.dialog = None
        self.reset_armed = False
        self._clear_transient()

    def key(self, key: str, ctrl: bool = False, shift: bool = False, board: bool = False) -> bool:
        """A key press; True when the controller used it. ``board``: the page's focus is
        on the table, where the arrow keys, Enter and Space act (see :meth:`keys_help`).
        While a move is shown step by step (:attr:`animating`), a key waits for it to end
        (:meth:`play_waiting`), but Tab, which moves the page's focus, and a ninth key.

        >>> c = Controller(MemoryStorage()); c.start("#g=gravity&s=42"); c.animating = True
        >>> c.key("n"), c.key("Tab"), c.dialog
        (True, False, None)
        >>> c.animating = False; c.play_waiting(), c.dialog.kind, c.play_waiting()
        (True, 'newgame', False)
        """
        if self.animating:
            if key == "Tab" or len(self._waiting) >= 8:
                return False
            self._waiting.append((key, ctrl, shift, board))
            return True
        key = key.lower()
        if self.replay is not None and self.screen == "game" and self.dialog is None and not ctrl:
            return self._replay_key(key)
        if ctrl and key == "z":
            self.redo() if shift else self.undo()
            return True
        if ctrl and key == "y":
            self.redo()
            return True
        if ctrl:
            return False
        if key == "escape" and (self.selected or self.picking or self.resign_armed or self.menu_open):
            if self.selected or self.picking:
                self._tell("Put back." if self.selected else "Cancelled.")
            self._focus_now = board
            self.cancel()
            return True
        table = self.table_now()
        if self.dialog is not None or self.screen != "game" or table is None:
            return False
        if board and key in focus_mod.ARROW_KEYS:
            self.focus = focus_mod.step(table, focus_mod.settle(table, self.focus), focus_mod.ARROW_KEYS[key])
            self._focus_now = True
            return True
        if board and key in ("enter", " ", "spacebar"):
            self.activate(pick=key != "enter")
            return True
        if board and key == "v":
            self.peek(focus_mod.settle(table, self.focus)[0])
            return self.dialog is not None
        if key == "n":
            self.open_new_dialog()
            return True
        if key == "?":
            self.show_keys()
            return True
        hint = getattr(self, "hint", None)
        if key == "h" and callable(hint):
            hint()
            return True
        if key == "c" and self.picking is not None and self.picking.pick.confirm:
            self.confirm_pick()
            return True
        for button in table.buttons:
            if button.key == key:
                if not button.enabled:
                    self._say(button.title or f"{button.label} cannot be used now.")  # why it is off
                    return True
                self.press(button.id)
                self._focus_pick()
                return True
        for pile in table.piles:
            if pile.key == key:
                self.focus = focus_mod.stop_of(table, (pile.id, None))
                self.activate()
                return True
        return False

    def play_waiting(self) -> bool:
        """The next key that waited for a move's steps (see :meth:`key`), if any: True when there was one."""
        if self.animating or not self._waiting:
            return False
        self.key(*self._waiting.pop(0))
        return True

    def _focus_pick(self) -> None:
        """Cards to pick were asked for: the focus goes to the first of them."""
        table = self.table_now()
        if self.picking is not None and table is not None and self.picking.pick.places:
            self.focus = focus_mod.stop_of(table, self.picking.pick.places[0])
            self._focus_now = True

    def activate(self, pick: bool = False) -> None:
        """Enter (or Space, ``pick``) on the focused card or pile, as the keys help says:
        with a card picked up, a lit place takes it and another place says why not;
        else Enter plays a card as a tap does (a card with one move plays it), Space
        and Enter on any other card that can move pick it up (its places light, the
        focus goes to the nearest), and on a place with no card move Enter is a tap.

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&s=42")
        >>> c.focus = ("c1", 0)
        >>> c.activate(pick=True); c.selected, c.focus
        (('c1', 0), ('c2', 0))
        >>> c.activate(); c.view().address.endswith("m=c1c2")
        True
        """
        table, module = self.table_now(), self.view_module
        if table is None or module is None:
            return
        stop = focus_mod.settle(table, self.focus)
        self.focus, self._focus_now = stop, True
        pile, index = stop
        at: Place | None = (pile, index) if index is not None else None
        if self.picking is not None:
            if at is not None and at in self.picking.pick.places:
                self.tap(pile, index)
                if self.picking is not None:
                    n, k = len(self.picking.picked), self.picking.pick.count
                    self._tell(f"{'Picked' if at in self.picking.picked else 'Not picked'}: {n} of {k}.")
            else:
                self._tell(sentence(self.picking.pick.prompt))
            return
        held = self.selected
        if held is not None:
            targets = table.moves_from(held)
            if at == held:
                self.selected = None
                self._tell("Put back.")
                return
            if pile in targets:
                self.selected = None
                self._play_gesture(targets[pile])
                self._focus_pick()
                return
            if at is None or at not in table.sources():
                self._say(table.refusal(held, pile) or "The card cannot go there.")
                return
        mine = [g for g in table.gestures if at is not None and g.source == at]
        if not mine or at is None:
            self.tap(pile, index)
            return
        taps = [g for g in mine if g.tap]
        if taps and not pick:
            self.selected = None
            self._play_gesture(taps[0])
            self._focus_pick()
            return
        self.selected = at
        moves = table.moves_from(at)
        jump = focus_mod.nearest(table, stop, [focus_mod.stop_of(table, (t, None)) for t in moves])
        if jump is not None:
            self.focus = jump
        code = table.pile(pile).cards[at[1]]
        places = [place(table.pile(t)) for t in moves]
        where = ", ".join(places[:-1]) + " or " + places[-1] if len(places) > 1 else "".join(places)
        self._tell(f"{capital(module.face(code).name)} picked up: it can go to {where}." if places
                   else f"{capital(module.face(code).name)} picked up.")

    def keys_help(self) -> tuple[tuple[str, str], ...]:
        """The keys, with what they do here (the game's own buttons and places included).

        >>> c = Controller(MemoryStorage()); c.start("#g=gyre&s=1")
        >>> ("R", "Rotate") in c.keys_help(), c.keys_help()[0]
        (True, ('Tab, Shift+Tab', 'Go between the table and the buttons'))
        """
        rows = [
            ("Tab, Shift+Tab", "Go between the table and the buttons"),
            ("Arrow keys", "Move the focus ring from place to place on the table"),
            ("Enter", "Play the focused card as a tap does: a card with one move plays it, another is picked up"),
            ("Space", "Pick up the focused card to choose where it goes: its places light up"),
            ("Enter or Space on a lit place", "Put the picked-up card there"),
            ("Escape", "Put the card back, cancel a choice, close a dialog"),
            ("Ctrl+Z", "Undo"),
            ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
            ("N", "New deal"),
        ]
        if callable(getattr(self, "hint", None)):
            rows.append(("H", "Hint"))
        table = self.table_now()
        if table is not None:
            rows += [(b.key.upper(), b.label.replace("→", "to")) for b in table.buttons if b.key]
            rows += [(p.key.upper(), f"{capital(place(p))}: as Enter on it") for p in table.piles if p.key]
            if any(g.pick is not None and g.pick.confirm for g in table.gestures):
                rows.append(("C", "Confirm the picked cards"))
            if any(p.peek for p in table.piles):
                rows.append(("V", "View every card of the focused squared pile"))
        rows.append(("?", "These keys"))
        return tuple(rows)

    def show_keys(self) -> None:
        """The Keys help alone (the ? key); the rules panel ends with it too."""
        self.menu_open = False
        self.dialog = Dialog("rules", "Keys", keys=self.keys_help())

    def click(self, button: str) -> bool:
        """A click on the page's button whose element id is ``button``: the intent it
        stands for (the tools, the notice, the end screen's and the statistics' buttons,
        the game's own buttons ``act-ID``, the replay bar's ``rp-NAME``, the start
        screen's ``tile-GAME`` and ``daily-GAME``). False for an id that is none of them.

        >>> c = Controller(MemoryStorage())
        >>> c.click("tile-gyre"), c.screen, c.click("home"), c.screen, c.click("nothing")
        (True, 'game', True, 'start', False)
        """
        simple: dict[str, Callable[[], object]] = {
            "home": self.home, "undo": self.undo, "redo": self.redo, "restart": self.restart,
            "new": self.open_new_dialog, "resign": self.resign, "copy": self.copy_link, "help": self.show_rules,
            "notice-close": self.dismiss_notice, "notice-action": self.notice_action, "more": self.toggle_menu,
            "stats-open": self.show_stats, "stats-game": self.show_stats, "stats-reset": self.reset_stats,
            "stats-close": self.close_dialog, "deal-cancel": self.close_dialog, "hint": self.hint, "watch": self.watch}
        kind, _, name = button.partition("-")
        if button in simple:
            simple[button]()
        elif kind == "summary":
            self.summary_action(name)
        elif kind == "act":
            self.press(name)
        elif kind == "rp":
            self.replay_control(name)
        elif kind == "tile":
            self.open_game(name)
        elif kind == "daily":
            self.open_daily(name, self.stats.today())
        else:
            return False
        return True

    def queued(self, item: Mapping[str, object], unit: float) -> None:
        """Input made on the board kept from the last visit before Python was ready
        (``static/boot.js`` queued it, in pixels from the board's corner; ``unit``: the
        pixels of a card unit), through the same intents as live input: ``{"kind": "tap"
        or "drop", "pile", "index", "x", "y"}``, ``{"kind": "key", "key", "ctrl", "shift"}``
        or ``{"kind": "click", "id"}``. Anything else is ignored.

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&s=42")
        >>> c.queued({"kind": "drop", "pile": "c1", "index": 0, "x": 0, "y": 0}, 50.0)  # dropped nowhere
        >>> c.queued({"kind": "click", "id": "new"}, 50.0); c.dialog.kind
        'newgame'
        >>> c.close_dialog(); c.queued({"kind": "key", "key": "n"}, 50.0); c.dialog.kind
        'newgame'
        >>> c.queued({"kind": "tap", "x": "?"}, 50.0); c.queued({}, 50.0)  # malformed: nothing
        """
        def text(name: str) -> str | None:
            value = item.get(name)
            return value if isinstance(value, str) else None

        def number(name: str) -> float | None:
            value = item.get(name)
            return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

        kind, pile, index, x, y = text("kind"), text("pile"), number("index"), number("x"), number("y")
        if kind == "key" and text("key"):
            self.key(text("key") or "", item.get("ctrl") is True, item.get("shift") is True)
        elif kind == "click" and text("id"):
            self.click(text("id") or "")
        elif kind in ("tap", "drop") and x is not None and y is not None and unit > 0:
            at = None if index is None else int(index)
            if kind == "tap":
                self.tap_at(x / unit, y / unit, pile, at)
            elif pile is not None and at is not None:
                self.drop_at((pile, at), x / unit, y / unit)

    def change(self, control: str, value: str, checked: bool = False) -> bool:
        """A changed control, by its element id: a setting ``set-ID`` (a switch, ``checked``,
        or a choice, ``value``), the replay's position ``rp-seek`` or speed ``rp-speed``.
        False for any other."""
        kind, _, name = control.partition("-")
        if kind == "rp":
            self.replay_control(name, value)
        elif kind == "set" and name in CHOICES:
            self.choose(name, value)
        elif kind == "set":
            self.set_setting(name, checked)
        else:
            return False
        return True

    def choose(self, setting: str, value: str) -> None:
        """A setting with choices (the settings menu's selects): "theme"."""
        if setting == "theme":
            self.set_theme(value)

    def set_theme(self, theme: str) -> None:
        """The colour theme: "system" (follow the system's light or dark), "light" or "dark"."""
        if theme not in dict(THEMES):
            return
        self.settings = {s for s in self.settings if not s.startswith("theme=")}
        if theme != "system":
            self.settings.add("theme=" + theme)
        self.storage.set(SETTINGS_KEY, json.dumps(sorted(self.settings)))

    def page_classes(self) -> tuple[str, ...]:
        """Classes for the page's root: the theme chosen (none: the system's), the deck's colours, larger cards.

        >>> c = Controller(MemoryStorage()); c.set_theme("dark"); c.set_setting(FOUR_COLOUR, True)
        >>> c.page_classes()
        ('theme-dark', 'four-colour')
        """
        theme = self.theme
        classes = [] if theme == "system" else [f"theme-{theme}"]
        classes += [cls for sid, cls in ((FOUR_COLOUR, "four-colour"), (LARGE, "large-cards")) if sid in self.settings]
        return tuple(classes)

    @property
    def theme(self) -> str:
        return next((s[6:] for s in self.settings if s.startswith("theme=") and s[6:] in dict(THEMES)), "system")

    # -- tools ---------------------------------------------------------------------
    def undo(self) -> None:
        session = self.session
        if session is None:
            return
        self._clear_transient()
        if session.can_undo:
            session.undo()
        elif self._backup is not None:
            restored = read_save(self._backup)
            self._backup = None
            self._set_session(restored.session, restored.day, restored.clock)
            self.stats.reopen(restored.session.game.id, restored.session)
            return
        else:
            return
        self._summary_shown = session.status() != "playing"
        self._after_change()
        table = self.table_now()
        self._tell("Move undone.", sentence(table.prompt) if table is not None else "")

    def redo(self) -> None:
        session = self.session
        if session is not None and session.can_redo:
            self.play(session.redo_moves[0])

    def restart(self) -> None:
        session = self.session
        if session is None or not (session.moves or session.resigned):
            return
        backup = self._save_text()
        self.stats.abandon(session.game.id, session, self._elapsed())
        session.restart()
        self.clock = GameClock()  # the same deal again is a new game, timed afresh
        self._clear_transient()
        self._summary_shown = False
        self.dialog = None
        self._after_change()
        self._backup = backup
        self._say("Restarted. Undo brings your game back.")

    def resign(self) -> None:
        """Give up, on a second press (``window.confirm`` can be blocked in frames)."""
        session = self.session
        if session is None or session.status() != "playing":
            return
        if not self.resign_armed:
            self.selected = None
            self.picking = None
            self.resign_armed = True
            self._armed += 1
            return
        self.resign_armed = False
        self.repeating = ""
        session.resign()
        self.stats.changed(session.game.id, session, self._elapsed())
        self._after_change()

    def disarm(self) -> None:
        self.resign_armed = False

    def copy_link(self) -> None:
        self.menu_open = False
        if self.session is not None:
            self._copy = self.base_url + self.session.link().fragment()
            self._copy_now = True

    def toggle_menu(self) -> None:
        """The tools' overflow menu (Give up, Link, Rules and the settings on a phone)."""
        self.menu_open = not self.menu_open
        if not self.menu_open:
            self.resign_armed = False

    def show_rules(self) -> None:
        self.menu_open = False
        if self.view_module is not None and self.session is not None:
            self.dialog = Dialog("rules", f"{self.session.game.title}: rules", html=self.view_module.help,
                                 keys=self.keys_help())

    def close_dialog(self) -> None:
        self.dialog = None
        self.reset_armed = False

    # -- statistics and the daily deal ---------------------------------------------
    def _stats_dialog(self) -> Dialog:
        first = self.session.game.id if self.session is not None and self.screen == "game" else ""
        summary = self.stats.stats.summary(self.stats.today(), first)
        return Dialog("stats", "Statistics", stats=summary, armed=self.reset_armed)

    def show_stats(self) -> None:
        """The Statistics dialog (from the start screen or a game)."""
        self.menu_open = False
        self._clear_transient()
        self.reset_armed = False
        self.dialog = self._stats_dialog()

    def export_stats(self) -> str:
        """The statistics as JSON, for the binding to save as a file."""
        return self.stats.export()

    def import_stats(self, text: str) -> str:
        """Merge an exported file into the statistics (a game already counted is not
        counted again); a bad file changes nothing. The message is also the notice."""
        self.reset_armed = False
        try:
            added = self.stats.import_text(text)
        except StatsError as exc:
            message = f"That file could not be imported: {exc}. Your statistics are as they were."
            self._say(message, error=True)
        else:
            message = (f"Imported {added} {'game' if added == 1 else 'games'}." if added
                       else "Nothing new to import: every game in that file is already counted.")
            self._say(message)
        if self.dialog is not None and self.dialog.kind == "stats":
            self.dialog = self._stats_dialog()
        return message

    def reset_stats(self) -> None:
        """Erase the statistics, on a second press (the first arms it, like Give up)."""
        if not self.reset_armed:
            self.reset_armed = True
        else:
            self.reset_armed = False
            self.stats.reset()
            self._say("Statistics reset.")
        if self.dialog is not None and self.dialog.kind == "stats":
            self.dialog = self._stats_dialog()

    def open_daily(self, game_id: str, today: datetime.date) -> None:
        """Today's deal of ``game_id`` (``today``: the UTC date), in a save of its own
        (:data:`DAILY_PREFIX`) apart from the player's ordinary game, which stays as
        it is: resumed if that save holds today's deal, else dealt afresh."""
        try:
            get_game(game_id)
        except OrbitError as exc:
            self._say(str(exc), error=True)
            return
        self.notice = None
        saved = self._read_slot(game_id, daily=True)
        if saved is None and self.storage.get(DAILY_PREFIX + game_id):
            self._load_saved(game_id, daily=True)  # unreadable: set aside, with a notice
        if saved is not None and saved.day == today:
            self._set_session(saved.session, today, saved.clock)
            return
        self._set_session(Session.from_link(daily_link(game_id, today)), today)

    def set_setting(self, setting: str, on: bool) -> None:
        if on:
            self.settings.add(setting)
        else:
            self.settings.discard(setting)
        self.storage.set(SETTINGS_KEY, json.dumps(sorted(self.settings)))

    def resize(self, width: float, height: float) -> None:
        """The board's room in pixels; the table is tall when the room is."""
        self.portrait = height > width * 1.1

    def peek(self, pile_id: str | None) -> None:
        """Show every card of a squared pile (any other pile, or none, shows nothing)."""
        table = self.table_now()
        if table is None or self.view_module is None or pile_id is None:
            return
        try:
            pile = table.pile(pile_id)
        except KeyError:
            return
        if not pile.peek:
            return
        shown = pile.cards[pile.down :]
        faces = tuple(self.view_module.face(c) for c in shown if c != BACK)
        title = capital(place(pile)) + f": {len(pile.cards)} cards, bottom first"
        self.dialog = Dialog("peek", title, faces=faces)

    # -- dialogs -----------------------------------------------------------------
    def open_new_dialog(self) -> None:
        session = self.session
        if session is None:
            return
        self._clear_transient()
        game: AnyGame = session.game
        current: dict[str, str] = {}
        for part in self._options_for_next(session).split(","):
            if part:
                name, _, value = part.partition("=")
                current[name] = value if value else "1"
        fields: list[Field] = []
        for spec in game.option_specs:
            if spec.kind == "flag":
                fields.append(Field(spec.name, "flag", spec.help, current.get(spec.name, "")))
            elif spec.choices:
                fields.append(Field(spec.name, "select", spec.help, current.get(spec.name, spec.default), spec.choices))
            else:
                fields.append(Field(spec.name, "text", spec.help, current.get(spec.name, "")))
        fields.append(Field("seed", "text", "Deal number (blank for a random deal)", ""))
        self.dialog = Dialog("newgame", f"New {game.title} deal", tuple(fields))

    def submit_new(self, values: dict[str, str]) -> None:
        """The new-game dialog's Deal: flags are "1" when ticked."""
        session, dialog = self.session, self.dialog
        if session is None or dialog is None or dialog.kind != "newgame":
            return
        game = session.game
        parts: list[str] = []
        for spec in game.option_specs:
            value = values.get(spec.name, "").strip()
            if spec.kind == "flag":
                if value in ("1", "true", "on"):
                    parts.append(spec.name)
            elif value and value != spec.default:
                parts.append(f"{spec.name}={value}")
        seed_text = values.get("seed", "").strip()
        try:
            seed = parse_seed(seed_text) if seed_text else None
            options = game.format_options(game.parse_options(",".join(parts)))
        except OrbitError as exc:
            self.dialog = replace(dialog, error=str(exc))
            return
        self.new_deal(options, seed)

    def new_deal(self, options: str | None = None, seed: int | None = None) -> None:
        """A new deal of the current game (its last options unless given)."""
        session = self.session
        if session is None:
            return
        game_id = session.game.id
        replaced: Session | None = session
        elapsed = self._elapsed()
        backup = self._save_text() if session.moves and session.status() == "playing" else None
        if self.daily_day is not None:  # today's deal keeps its own save: the new deal replaces the ordinary game
            self._save()
            ordinary = self._read_slot(game_id)
            replaced = ordinary.session if ordinary is not None else None
            elapsed = ordinary.clock.elapsed_ms if ordinary is not None else 0
            playing = replaced is not None and bool(replaced.moves) and replaced.status() == "playing"
            backup = self.storage.get(SAVE_PREFIX + game_id) if playing else None
        self.notice = None
        if options is None:
            options = self._options_for_next(session)
        if replaced is not None:
            self.stats.abandon(game_id, replaced, elapsed)
        self._new_session(game_id, options, seed)
        self._backup = backup
        if backup is not None:
            self._say("New deal. Undo brings your last game back.")

    def _options_for_next(self, session: Session) -> str:
        """The options of the player's next deal: the last chosen (after a first-game
        start, the plain game), else those of the game on the table."""
        stored = self.storage.get(OPTIONS_PREFIX + session.game.id)
        try:
            if stored is not None:
                return str(session.game.format_options(session.game.parse_options(stored)))
        except OrbitError:
            pass
        return session.options_text

    def summary_action(self, what: str) -> None:
        """The end screen's buttons: new, again (the same deal), copy (the link),
        replay, undo, close (look at the table)."""
        self.dialog = None
        if what == "new":
            self.new_deal()
        elif what == "again":
            self.restart()
        elif what == "undo":
            self.undo()
        elif what == "copy":
            self.copy_link()
        elif what == "replay" and self.replay_hook is not None and self.session is not None:
            self.replay_hook(self.session)

    def _summary_dialog(self) -> Dialog:
        """The end screen: the result said once (the title), the score reached (also
        after giving up), the view's details, and the hooks' comparison and replay."""
        session, table = self.session, self.table_now()
        assert session is not None and table is not None
        titles = {"won": "You won!", "lost": "No more moves", "finished": "Game over"}
        title = "You gave up" if session.resigned else table.result or titles.get(session.status(), "Game over")
        compare, replay = self.summary_extras(session) if self.summary_extras is not None else ((), False)
        return Dialog("summary", title, lines=table.summary, big=table.score, compare=compare, replay=replay)

    # -- hints, the timer, replays (issue 10) ------------------------------------
    def hint(self) -> None:
        """The Hint tool (and the H key): light one good legal move on the table
        (:mod:`pyapp.hints`: its card, its place, its button or the cards to pick),
        or say that no move helps. Each hint shown counts in the statistics."""
        session, table = self.session, self.table_now()
        if session is None or table is None or self.screen != "game" or self.dialog is not None:
            return
        self._clear_transient()
        if session.status() != "playing":
            return
        token = hint_for(session)
        marks = locate_hint(table, token) if token is not None else None
        if marks is None:
            self._say(NO_HINT)
            return
        self.hint_marks = marks
        self.stats.hinted(session.game.id, session)
        self._say(hint_words(marks, table))

    def _elapsed(self) -> int:
        return self.clock.elapsed(self._now)

    def _sync_clock(self) -> None:
        """The timer runs while a game in progress, with a move made, is on the
        screen of a page that is shown; it is paused otherwise."""
        s = self.session
        run = (s is not None and not self.hidden and self.screen == "game" and self.replay is None
               and bool(s.moves) and s.status() == "playing")
        self.clock = self.clock.start(self._now) if run else self.clock.pause(self._now)

    def tick(self, now: float) -> str:
        """The binding's time: ``now`` in milliseconds on a clock that does not jump
        (``performance.now()``), passed at start-up, before each intent it can and
        every second. The controller reads no clock of its own for the timer.
        Returns the timer's text (as :attr:`View.timer`) for the status line.

        >>> c = Controller(MemoryStorage()); _ = c.tick(1_000); c.start("#g=gyre&s=42")
        >>> c.play(c.session.legal_moves()[0]); c.tick(63_000)
        '1:02'
        """
        self._now = max(self._now, float(now))
        self._sync_clock()
        return timer_text(self.clock, self._now)

    def visibility(self, hidden: bool, now: float) -> None:
        """The page was hidden or shown again (``visibilitychange``): the timer pauses
        while it is hidden, and the game is saved as it hides (the page may be closing)."""
        self._now = max(self._now, float(now))
        self.hidden = hidden
        self._sync_clock()
        if hidden:
            self._save_time()

    def _save_time(self) -> None:
        """Bring the time played up to date in the save, if the save still holds this
        very game (another tab may have played on since, or the save may be unreadable:
        then it is left as it is)."""
        session = self.session
        if session is None:
            return
        saved = self._read_slot(session.game.id, daily=self.daily_day is not None)
        if saved is not None and saved.day == self.daily_day and saved.session.link() == session.link():
            self._save()

    def watch(self, session: Session | None = None) -> None:
        """Watch the moves of ``session`` (the game on the table when None): a replay
        over the game, from the deal, paused. The end screen's Watch replay and the
        Watch tool call it."""
        session = session if session is not None else self.session
        if session is None or not session.moves:
            return
        self._clear_transient()
        self.dialog = None
        self.replay = Replay.from_session(session)
        self.screen = "game"
        self._sync_clock()

    def replay_control(self, what: str, value: str = "") -> None:
        """The replay bar: ``back``, ``forward``, ``start``, ``end``, ``play`` (play or
        pause), ``seek`` (``value``: the position, 0 being the deal), ``speed``
        (``value``: moves a second), ``here`` (play on from the position shown) and
        ``close``. A value the bar never sends changes nothing."""
        self._replayed += 1
        r = self.replay
        if r is None:
            return
        self.menu_open = False
        if what == "close":
            self.replay = None
            self._sync_clock()
            return
        if what == "here":
            self._play_from_here(r)
            return
        before = r.index
        try:
            if what == "play":
                r.toggle()
            elif what == "speed":
                r.set_speed(float(value))
            else:
                r.pause()
                if what == "back":
                    r.back()
                elif what == "forward":
                    r.forward()
                elif what == "start":
                    r.to_start()
                elif what == "end":
                    r.to_end()
                elif what == "seek":
                    r.seek(int(value))
        except (ValueError, ReplayError):
            return
        if r.index == before + 1 and not r.playing and INSTANT not in self.settings:
            self._frames = tuple(self._board(self._table(s, interactive=False)) for s in r.steps()[:-1])

    def replay_tick(self) -> None:
        """The binding's timer fired while the replay plays (every
        :attr:`ReplayView.interval_ms`): one move on; it stops at the end."""
        if self.replay is not None:
            self.replay.tick()
            self._replayed += 1

    def _play_from_here(self, r: Replay) -> None:
        """Play on from the position the replay shows: a new game (the one watched
        stays counted as it ended), its later moves waiting on the Redo stack."""
        session = r.play_from_here()
        old = self.session
        self.replay = None
        if old is not None:
            self.stats.abandon(old.game.id, old, self._elapsed())
        day = self._daily_day_of(session)
        kept = day is None and self._keep_other_deal(session)
        self._set_session(session, day)
        n = len(session.moves)
        self._say(f"Playing on from {'the deal' if not n else f'move {n}'}." +
                  (" Redo replays the moves that followed." if session.can_redo else "") +
                  (" Your game in progress was kept." if kept else ""),
                  ("Back to my game", "previous") if kept else None)

    def _replay_key(self, key: str) -> bool:
        """Keys while a replay is shown: arrows step, Space plays or pauses, Home and
        End jump, Escape closes it."""
        what = {"arrowleft": "back", "arrowright": "forward", " ": "play", "home": "start", "end": "end",
                "escape": "close"}.get(key)
        if what is None:
            return False
        self.replay_control(what)
        return True

    def view(self) -> View:
        """What to show now (see :meth:`_view`), with the timer, the hint's button and
        the timers; while a game is watched, the replay's position and its controls instead."""
        view = self._view_now()
        timers = []
        if view.notice is not None and view.notice.timeout:
            timers.append(Timer("notice", view.notice.timeout, view.notice.serial))
        if view.resign_armed:
            timers.append(Timer("disarm", DISARM_SECONDS, self._armed))
        if view.replay is not None and view.replay.playing:
            timers.append(Timer("replay", view.replay.interval_ms / 1000, self._replayed))
        return replace(view, timers=tuple(timers))

    def fire(self, name: str, ticket: int) -> bool:
        """A :class:`Timer` of the view ran out: the notice goes, an armed Give up
        disarms, a playing replay steps on; True when that changed what is shown.

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&s=42"); c.resign(); [t.name for t in c.view().timers]
        ['disarm']
        >>> c.fire("disarm", 0), c.fire("disarm", 1), c.resign_armed, c.view().timers
        (False, True, False, ())
        """
        if name == "notice":
            return self.expire_notice(ticket)
        if name == "disarm" and self.resign_armed and ticket == self._armed:
            self.disarm()
        elif name == "replay" and self.replay is not None and self.replay.playing and ticket == self._replayed:
            self.replay_tick()
        else:
            return False
        return True

    def _view_now(self) -> View:
        if self.replay is not None and self.session is not None and self.screen == "game":
            return self._replay_screen(self.replay, self.session)
        v = self._view()
        if v.screen != "game" or self.session is None:
            return v
        marks = self.hint_marks
        buttons = tuple(replace(b, hint=True) if marks is not None and b.id == marks.button else b for b in v.buttons)
        tools = {**v.tools, "hint": self.session.status() == "playing" and not self.session.resigned,
                 "watch": bool(self.session.moves)}
        return replace(v, buttons=buttons, tools=tools, timer=timer_text(self.clock, self._now))

    def _replay_screen(self, r: Replay, session: Session) -> View:
        """The game screen showing the replay: its position on a board nothing can
        be played on, the game's tools off, the replay bar instead of the buttons."""
        self.replay, uids = None, self._uids
        try:
            base = self._view()  # everything else as the game screen has it (settings, notice, dialog...)
        finally:
            self.replay, self._uids = r, uids
        table = self._table(r.state, interactive=False)
        rv = replay_view(r, f"{session.game.title}, deal {session.seed}")
        tools = {name: False for name in base.tools} | {"help": True, "copy": True, "hint": False, "watch": False}
        return replace(base, title=f"{session.game.title}: replay", board=self._board(table), prompt=f"Replay · {rv.where}",
                       score=table.score, info=table.info, tools=tools, resign_armed=False, buttons=(), auto=False,
                       status=r.status(), deal=f"Deal {session.seed} · watching", celebrate=False, replay=rv, timer="")

    # -- building the view --------------------------------------------------------
    def _table(self, state: Any, interactive: bool = True) -> Table:
        module, session = self.view_module, self.session
        assert module is not None and session is not None
        table = module.table(state, self.portrait, self._settings_for_view(), refusals=interactive)
        if not interactive:
            return replace(table, gestures=(), buttons=tuple(replace(b, token=None, pick=None) for b in table.buttons),
                           summary=(), refusals=())
        if session.resigned:
            return replace(table, gestures=(), buttons=tuple(replace(b, token=None, pick=None) for b in table.buttons),
                           refusals=(), prompt="You gave up this game.", status="finished")
        return table

    def table_now(self) -> Table | None:
        """The table of the current state (what the player can act on)."""
        session = self.session
        if session is None or self.view_module is None or self.replay is not None:
            return None  # a replay on the table: nothing to act on
        key = (session.game.id, session.state, self.portrait, frozenset(self.settings), session.resigned)
        if self.table is None or key != self._table_key:
            self.table = self._table(session.state)
            self._table_key = key
        return self.table

    def _board(self, table: Table) -> Board:
        """Lay out ``table`` with this controller's selection, pick and card ids."""
        module = self.view_module
        assert module is not None
        sources = table.sources()
        held: Place | None = self.lifted or self.selected
        if self.picking is not None and self.picking.gesture is not None:
            held = self.picking.gesture.source
        lit = table.moves_from(held) if held is not None else {}
        if self.picking is not None and self.picking.gesture is not None:
            lit = {t: g for t, g in lit.items() if g == self.picking.gesture}
        pickable = set(self.picking.pick.places) if self.picking else set()
        picked = set(self.picking.picked) if self.picking else set()
        marked = set(sources) if MARKS in self.settings and self.picking is None and held is None else set()
        previews = {p for b in table.buttons if b.enabled for p in b.preview}
        nudge, self._nudge = self._nudge, None
        hint = self.hint_marks
        stops = {s.stop for s in focus_mod.spots(table)}  # what the keyboard reaches, and screen readers
        focused = focus_mod.settle(table, self.focus)
        # Card ids: a card keeps its id where it stays; a moved card takes a free id of its code.
        free: dict[str, list[str]] = {}
        for uid, code in self._uids.values():
            free.setdefault(code, []).append(uid)
        placed: list[tuple[Place, str]] = []
        for pile in table.piles:
            for i, code in enumerate(pile.cards):
                placed.append(((pile.id, i), code))
        uids: dict[Place, tuple[str, str]] = {}
        # First the cards that did not move, then the others in table order.
        for place, code in placed:
            kept = self._uids.get(place)
            if kept is not None and kept[1] == code and kept[0] in free.get(code, ()):
                free[code].remove(kept[0])
                uids[place] = kept
        for place, code in placed:
            if place not in uids:
                if free.get(code):
                    uids[place] = (free[code].pop(0), code)
                else:
                    self._next_uid += 1
                    uids[place] = (f"k{self._next_uid}", code)
        self._uids = uids
        piles: list[PileView] = []
        cards: list[CardView] = []
        for pile in table.piles:
            n = max(0, len(pile.cards) - 1)
            classes = ["pile", *pile.marks] + (["peek"] if pile.peek else [])
            note = pile.note
            if pile.id in lit:
                classes.append("lit")
                note = lit[pile.id].note or note
            if hint is not None and pile.id == hint.target:
                classes.append("hint-to")
            spoken = ""
            if (pile.id, None) in stops:
                spoken = capital(pile.name or pile.label or pile.id)
                spoken += f", {note or 'the picked-up card can go here'}" if pile.id in lit else ""
                classes += ["stop", "focus"] if focused == (pile.id, None) else ["stop"]
            piles.append(PileView(pile.id, pile.x, pile.y, pile.w, pile.h, tuple(classes), pile.badge, pile.arrow,
                                  pile.label, note, spoken, len(pile.cards),
                                  pile.x + n * pile.dx, pile.y + n * pile.dy,
                                  table.refusal(held, pile.id) if held is not None else ""))
            marks = " ".join(pile.marks)
            for i, code in enumerate(pile.cards):
                place = (pile.id, i)
                down = code == BACK or i < pile.down
                flags = []
                if place in sources:
                    flags.append("movable")
                if place in marked:
                    flags.append("marked")
                if place == nudge:
                    flags.append("nudge")
                if place in previews:
                    flags.append("preview")
                if place == self.lifted:
                    flags.append("dragging")
                elif place == held:
                    flags.append("selected")
                if place in pickable:
                    flags.append("choice")
                if place in picked:
                    flags.append("picked")
                if pile.id in lit:
                    flags.append("hint-target")
                if hint is not None and place == hint.source:
                    flags.append("hint-from")
                if hint is not None and place in hint.picks:
                    flags.append("hint-pick")
                if hint is not None and pile.id == hint.target and i == len(pile.cards) - 1:
                    flags.append("hint-to")
                spoken = ""
                if place in stops:
                    spoken = card_label(pile, i, "" if down else module.face(code).name, flags,
                                        (lit[pile.id].note if pile.id in lit else None))
                    flags += ["focus"] if focused == place else []
                cards.append(CardView(uids[place][0], pile.id, i, pile.x + i * pile.dx, pile.y + i * pile.dy,
                                      DRAGGED_Z if place == self.lifted else 10 + i,
                                      "" if down else code, None if down else module.face(code), tuple(flags), marks,
                                      spoken))
        holds = {s: tuple((t, g.note) for t, g in table.moves_from(s).items()) for s in sources}
        refusals = {(r.source, r.target): r.reason for r in table.refusals}
        draggable = tuple(dict.fromkeys([*sources, *(r.source for r in table.refusals)]))
        self.board = Board(table.width, table.height, tuple(piles), tuple(cards), table.decor, tuple(sources),
                           draggable, holds, refusals, table.status)
        return self.board

    def _tiles(self) -> tuple[Tile, ...]:
        tiles = []
        start = self.screen == "start" or self.session is None
        today = self.stats.today()
        for game in all_games():
            resume = "Game in progress: tap to resume" if self.storage.get(SAVE_PREFIX + game.id) else ""
            daily = self.stats.stats.daily_status(game.id, today) if start else None
            tiles.append(Tile(game.id, game.title, resume, daily_words(daily) if daily else "",
                              daily.state if daily else ""))
        return tuple(tiles)

    def _view(self) -> View:
        """What to show now, but for :meth:`view`'s additions. Animation frames are handed out once."""
        frames, self._frames = self._frames, ()
        copy, self._copy_now = (self._copy if self._copy_now else ""), False
        announce, self._announce = self._announce, ""
        focus_now, self._focus_now = self._focus_now, False
        session, module = self.session, self.view_module
        if self.screen == "start" or session is None or module is None:
            return View("start", "", self._tiles(), None, (), "", "", "", {}, False, "Give up", (), (), self.notice,
                        self.dialog, "", copy, False, "playing", INSTANT in self.settings, announce=announce,
                        page_classes=self.page_classes(), theme=self.theme)
        table = self.table_now()
        assert table is not None
        board = self._board(table)
        prompt = table.prompt
        buttons: list[ButtonView] = []
        for b in table.buttons:
            active = self.picking is not None and self.picking.button == b.id
            buttons.append(ButtonView(b.id, "Cancel" if active else b.label, b.enabled, b.title, active,
                                      bool(b.preview) and b.enabled and not active))
        if self.picking is not None:
            prompt = self.picking.pick.prompt
            if self.picking.pick.confirm:
                ready = self.picking.pick.token_for(self.picking.picked) is not None
                buttons.append(ButtonView("pick-confirm", "Confirm", ready, "Play with the picked cards"))
                buttons.append(ButtonView("pick-cancel", "Cancel", True, "Put the card back"))
        elif self.resign_armed:
            prompt = "Press Give up again to end this game with the score as it stands."
        status = session.status()
        tools = {
            "undo": session.can_undo or self._backup is not None,
            "redo": session.can_redo,
            "restart": bool(session.moves) or session.resigned,
            "new": True,
            "resign": status == "playing",
            "copy": True,
            "help": True,
        }
        settings = tuple((sid, label, sid in self.settings) for sid, label in (*module.settings, *APP_SETTINGS))
        n = len(session.moves)
        deal = f"Deal {session.seed} · {n} {'move' if n == 1 else 'moves'}"
        celebrate, self._celebrate = self._celebrate and status == "won", False
        return View("game", session.game.title, self._tiles(), board, frames, prompt, table.score, table.info, tools,
                    self.resign_armed, "Sure? Press again" if self.resign_armed else "Give up", tuple(buttons),
                    settings, self.notice, self.dialog, session.link().fragment(), copy, self.auto_token() is not None,
                    status, INSTANT in self.settings, deal, self.menu_open, celebrate, focus_now=focus_now,
                    announce=announce, page_classes=self.page_classes(), theme=self.theme,
                    board_label=f"{session.game.title} table")
