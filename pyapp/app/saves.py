"""Saved games: the one save schema, and where each save lives in the storage.

A save is one JSON object: the session's link and redo moves
(:meth:`pyapp.app.session.Session.save_data`), the time played (``timer``) and, for a
daily deal, its ``day``. It is written once (:func:`save_text`) and parsed once
(:func:`read_save`). Each game has an ordinary slot (:data:`SAVE_PREFIX`), a slot for
its daily deal (:data:`DAILY_PREFIX`), the game put aside when a link opened another
deal (:data:`PREVIOUS_PREFIX`), and a corner where unreadable saves are kept
(:data:`CORRUPT_PREFIX`); :data:`CURRENT_KEY` says which game was last on the table.

Two tabs may play the same slot. Each tab remembers the save it last read or wrote
there; a write that finds another tab's game in the slot (one that went on elsewhere
since) keeps that game under :data:`OTHER_TAB_PREFIX` before writing its own, and says
so, so that neither game is lost and either can be opened (:meth:`Saves.swap_other`).
Each tab also keeps its own game of each slot, with its time played, in a storage of
its own (:attr:`Saves.tab`: the page's ``sessionStorage``, which outlives a reload but
not the tab), written with every save and whenever the time is brought up to date,
whichever tab wrote the slot last: a reload takes it back (:meth:`Saves.own`), so a
tab's time played is never lost to a slot the other tab wrote since.

>>> from pyapp.core.storage import MemoryStorage
>>> from pyapp.games import get_game
>>> saves = Saves(MemoryStorage())
>>> s = Session.new(get_game("gyre"), 3)
>>> _ = saves.write(s, None, 61_000); saves.current()
('gyre', False)
>>> saved = saves.read("gyre"); saved.session.seed, saved.clock.elapsed_ms, saved.day
(3, 61000, None)
>>> saves.storage.set(SAVE_PREFIX + "gyre", "{oops"); saves.load("gyre")
Unreadable(reason='saved game is not readable JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))', kept_as='orbit.corrupt.gyre')
>>> saves.storage.get("orbit.corrupt.gyre"), saves.load("gyre")
('{oops', None)
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..core.clock import GameClock
from ..core.daily import daily_seed
from ..core.errors import ClockError, SaveError
from ..i18n import _
from .session import Session
from ..core.storage import MemoryStorage, Storage

CURRENT_KEY: Final = "orbit.current"
SAVE_PREFIX: Final = "orbit.save."
OPTIONS_PREFIX: Final = "orbit.options."
PREVIOUS_PREFIX: Final = "orbit.previous."
CORRUPT_PREFIX: Final = "orbit.corrupt."
#: Where today's deal of each game is saved, apart from the player's ordinary game.
DAILY_PREFIX: Final = "orbit.daily."
#: Where a game that went on in another tab is kept when this tab writes its own in the slot
#: (followed by the slot's key without ``orbit.``: ``orbit.othertab.save.gyre``).
OTHER_TAB_PREFIX: Final = "orbit.othertab."


def _gist(text: str | None) -> str | None:
    """A save without its time played: two saves of the same game at the same move agree."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return text
    if isinstance(data, dict):
        data.pop("timer", None)
        return json.dumps(data, sort_keys=True)
    return text


@dataclass(frozen=True)
class Saved:
    """A saved game read back: the session, the day of the daily deal it is (None
    for an ordinary game), and its timer (paused)."""

    session: Session
    day: datetime.date | None
    clock: GameClock


class Unreadable(NamedTuple):
    """A save that could not be read: why, and the key it was set aside under."""

    reason: str
    kept_as: str


def save_text(session: Session, day: datetime.date | None, elapsed_ms: int) -> str:
    """The save of ``session``, with the daily day when it is a daily deal, and the time played.

    >>> from pyapp.games import get_game
    >>> text = save_text(Session.new(get_game("gyre"), 3), None, 61_000)
    >>> read_save(text).clock.elapsed_ms, read_save(text).day
    (61000, None)
    """
    data = session.save_data()
    data["timer"] = {"elapsed_ms": max(0, elapsed_ms)}
    if day is not None:
        data["day"] = day.isoformat()
    return json.dumps(data)


def read_save(text: str) -> Saved:
    """A save written by :func:`save_text` (or a plain :meth:`Session.to_save`);
    :class:`~pyapp.core.errors.SaveError` for a bad game or a ``day`` that is not a day
    whose daily deal this is. A timer that cannot be read starts again at zero.

    >>> from pyapp.games import get_game
    >>> read_save(save_text(Session.new(get_game("gyre"), 3), datetime.date(2025, 1, 1), 0))
    Traceback (most recent call last):
    ...
    pyapp.core.errors.SaveError: saved game says it is the daily deal of 2025-01-01, but it is another deal

    The daily deal is dealt by the default rules: its seed with other options is another deal.

    >>> day = datetime.date(2025, 1, 1)
    >>> read_save(save_text(Session.new(get_game("gyre"), daily_seed("gyre", day)), day, 0)).day
    datetime.date(2025, 1, 1)
    >>> read_save(save_text(Session.new(get_game("gyre"), daily_seed("gyre", day), "jokers"), day, 0))
    Traceback (most recent call last):
    ...
    pyapp.core.errors.SaveError: saved game says it is the daily deal of 2025-01-01, but it is another deal
    """
    try:
        data: Any = json.loads(text)
    except (ValueError, TypeError) as exc:
        # Translators: said when a saved game cannot be read; {error} is the JSON reader's own words (English).
        raise SaveError(_("saved game is not readable JSON ({error})").format(error=exc)) from None
    session = Session.from_save_data(data)
    day: datetime.date | None = None
    raw_day = data.get("day")
    if raw_day is not None:
        try:
            day = datetime.date.fromisoformat(str(raw_day))
        except ValueError:
            raise SaveError(_("saved game has a daily day that is not a date ({day})").format(
                day=str(raw_day)[:12])) from None
        if session.options_text != "" or session.seed != daily_seed(session.game.id, day):
            raise SaveError(_("saved game says it is the daily deal of {day}, but it is another deal").format(
                day=day.isoformat()))
    try:
        clock = GameClock.load({"elapsed_ms": data.get("timer", {}).get("elapsed_ms", 0)}, 0)
    except (ClockError, AttributeError):
        clock = GameClock()
    return Saved(session, day, clock)


class Saves:
    """The player's saved games in a :class:`~pyapp.core.storage.Storage`."""

    def __init__(self, storage: Storage, tab: Storage | None = None) -> None:
        self.storage = storage
        #: This tab's own storage (see the module doc; none given: one that lasts as long as this object).
        self.tab: Storage = tab if tab is not None else MemoryStorage()
        #: The save this tab last read or wrote in each slot (by key), to tell another tab's.
        self.known: dict[str, str] = {}

    @staticmethod
    def key(game_id: str, daily: bool = False) -> str:
        return (DAILY_PREFIX if daily else SAVE_PREFIX) + game_id

    def raw(self, game_id: str, daily: bool = False) -> str | None:
        return self.storage.get(self.key(game_id, daily)) or None

    def read(self, game_id: str, daily: bool = False) -> Saved | None:
        """The saved game of a slot, or None (missing or unreadable: left as it is for :meth:`load`)."""
        raw = self.raw(game_id, daily)
        try:
            return read_save(raw) if raw else None
        except SaveError:
            return None

    def load(self, game_id: str, daily: bool = False) -> Saved | Unreadable | None:
        """The saved game of a slot to resume (None: there is none). One that cannot be
        read, or is not this slot's, is set aside under :data:`CORRUPT_PREFIX`, never lost.

        >>> from pyapp.core.storage import MemoryStorage
        >>> from pyapp.games import get_game
        >>> storage = MemoryStorage(); saves = Saves(storage)
        >>> gravity = save_text(Session.new(get_game("gravity"), 5), None, 0)
        >>> storage.set(Saves.key("gyre"), gravity)  # the slot of Gyre holding a game of Gravity
        >>> saves.load("gyre"), storage.get(Saves.key("gyre")), storage.get(CORRUPT_PREFIX + "gyre") == gravity
        (Unreadable(reason='it belongs to another game', kept_as='orbit.corrupt.gyre'), None, True)
        >>> storage.set(Saves.key("gravity", daily=True), gravity)  # a daily slot holding a deal of no day
        >>> saves.load("gravity", daily=True).kept_as, saves.load("gravity") is None
        ('orbit.corrupt.daily.gravity', True)
        """
        key, raw = self.key(game_id, daily), self.raw(game_id, daily)
        if raw is None:
            return None
        try:
            saved = read_save(raw)
            if saved.session.game.id != game_id:
                raise SaveError(_("it belongs to another game"))
            if daily and saved.day is None:
                raise SaveError(_("it is not a daily deal"))
        except SaveError as exc:
            corrupt = CORRUPT_PREFIX + ("daily." if daily else "") + game_id
            self.storage.set(corrupt, raw)
            self.storage.remove(key)
            self.known.pop(key, None)
            return Unreadable(str(exc), corrupt)
        self.known[key] = raw
        return saved

    def write(self, session: Session, day: datetime.date | None, elapsed_ms: int) -> bool:
        """Save ``session`` in its slot (the daily one when ``day`` is set) as the game last on
        the table. True when the slot held a game that went on in another tab since this tab
        last read or wrote it: that game was kept under :data:`OTHER_TAB_PREFIX` first.

        >>> from pyapp.core.storage import MemoryStorage
        >>> from pyapp.games import get_game
        >>> storage = MemoryStorage(); tab_a, tab_b = Saves(storage), Saves(storage)
        >>> game = Session.new(get_game("gravity"), 777)
        >>> tab_b.write(game, None, 0)
        False
        >>> ahead = Session.new(get_game("gravity"), 777); ahead = ahead.played(ahead.legal_moves()[0])
        >>> tab_a.write(ahead, None, 0), tab_b.changed_elsewhere("gravity")
        (False, True)
        >>> game = game.played(game.legal_moves()[1]); tab_b.write(game, None, 0)
        True
        >>> Session.from_save(storage.get(OTHER_TAB_PREFIX + "save.gravity")).moves == ahead.moves
        True
        >>> tab_c = Saves(MemoryStorage()); tab_d = Saves(tab_c.storage)
        >>> tab_c.write(Session.new(get_game("gravity"), 777), None, 0), tab_d.write(ahead, None, 1_000)
        (False, False)
        >>> tab_c.write(ahead, None, 2_000)  # the same move made in both tabs: nothing to keep
        False
        """
        daily = day is not None
        key, text = self.key(session.game.id, daily), save_text(session, day, elapsed_ms)
        elsewhere = self.changed_elsewhere(session.game.id, daily) and _gist(self.storage.get(key)) != _gist(text)
        if elsewhere:
            self.storage.set(self.other_key(session.game.id, daily), str(self.storage.get(key)))
        self.storage.set(key, text)
        self.known[key] = text
        self.tab.set(key, text)
        self.storage.set(CURRENT_KEY, session.game.id + ("@daily" if daily else ""))
        return elsewhere

    def keep_own(self, session: Session, day: datetime.date | None, elapsed_ms: int) -> None:
        """Keep ``session`` with its time played as this tab's own game of its slot (in :attr:`tab`
        only: the slot itself may hold another tab's game by now)."""
        self.tab.set(self.key(session.game.id, day is not None), save_text(session, day, elapsed_ms))

    def own(self, game_id: str, daily: bool = False) -> Saved | None:
        """This tab's own game of a slot as it last kept it (:meth:`write`, :meth:`keep_own`), or None.

        >>> from pyapp.games import get_game
        >>> shared = MemoryStorage(); tab_a, tab_b = Saves(shared, MemoryStorage()), Saves(shared, MemoryStorage())
        >>> mine = Session.new(get_game("gravity"), 777); _ = tab_a.write(mine, None, 1_000)
        >>> theirs = Session.new(get_game("gravity"), 777); theirs = theirs.played(theirs.legal_moves()[1])
        >>> _ = tab_b.write(theirs, None, 9_000); tab_a.keep_own(mine, None, 16_000)
        >>> tab_a.read("gravity").session.moves == theirs.moves, tab_a.own("gravity").clock.elapsed_ms
        (True, 16000)
        >>> tab_b.own("gravity").clock.elapsed_ms, tab_b.own("gyre")
        (9000, None)
        """
        raw = self.tab.get(self.key(game_id, daily))
        try:
            return read_save(raw) if raw else None
        except SaveError:
            return None

    def changed_elsewhere(self, game_id: str, daily: bool = False) -> bool:
        """The slot holds a game other than the one this tab last read or wrote there (another
        tab went on with it); False when this tab has not used the slot."""
        key = self.key(game_id, daily)
        stored = self.storage.get(key) or None
        return key in self.known and stored is not None and _gist(stored) != _gist(self.known[key])

    @staticmethod
    def other_key(game_id: str, daily: bool = False) -> str:
        return OTHER_TAB_PREFIX + Saves.key(game_id, daily).removeprefix("orbit.")

    def swap_other(self, game_id: str, daily: bool = False) -> bool:
        """The game kept from another tab back in the slot, and the slot's game kept in its
        place (so either can be opened again); False when none was kept."""
        other, key = self.other_key(game_id, daily), self.key(game_id, daily)
        raw, current = self.storage.get(other), self.storage.get(key)
        if not raw:
            return False
        self.storage.set(key, raw)
        if current:
            self.storage.set(other, current)
        return True

    def holds(self, session: Session, day: datetime.date | None) -> bool:
        """The slot of ``session`` still holds this very game (another tab may have played on since)."""
        saved = self.read(session.game.id, daily=day is not None)
        return saved is not None and saved.day == day and saved.session.link() == session.link()

    def current(self) -> tuple[str, bool] | None:
        """The game last on the table, and whether it was its daily deal."""
        current, _at, slot = str(self.storage.get(CURRENT_KEY) or "").partition("@")
        return (current, slot == "daily") if current else None

    def options(self, game_id: str) -> str | None:
        """The options of the player's last deal of ``game_id`` (None: never dealt)."""
        return self.storage.get(OPTIONS_PREFIX + game_id)

    def set_options(self, game_id: str, options: str) -> None:
        self.storage.set(OPTIONS_PREFIX + game_id, options)

    def keep_other_deal(self, session: Session) -> bool:
        """Before a link replaces this game's save with another deal, keep the old
        save (if unfinished) as the previous game; True when it was kept."""
        raw = self.raw(session.game.id)
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

    def swap_previous(self, game_id: str) -> bool:
        """The game put aside (:meth:`keep_other_deal`) back in the slot, and the slot's
        game put aside in its place; False when nothing was put aside."""
        raw = self.storage.get(PREVIOUS_PREFIX + game_id)
        if not raw:
            return False
        current = self.raw(game_id)
        self.storage.set(self.key(game_id), raw)
        if current:
            self.storage.set(PREVIOUS_PREFIX + game_id, current)
        return True
