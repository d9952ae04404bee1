"""The app controller: the screens, the session on the table, notices, and the dispatch
of every player intent, with no DOM. Each other concern is a part with a module of its
own (the README's layout table lists them). The controller is the one writer of the app's
state (:mod:`pyapp.app.state`): the page around the game (:class:`~pyapp.app.state.Ui`) and the
notice (:class:`~pyapp.app.state.Told`) change only by their pure reducers, and the parts that
act on the table (:mod:`pyapp.app.play`, :mod:`pyapp.app.dialogs`, :mod:`pyapp.app.asking`,
:mod:`pyapp.app.tabs`, :mod:`pyapp.app.watch`, :mod:`pyapp.app.hints`) read a snapshot of it
(:meth:`Controller.now`) and hand back :class:`~pyapp.app.state.Outcome` values that
:meth:`Controller.apply` applies. The DOM binding (:mod:`pyapp.web.browser`) sends one intent per
event, then draws :meth:`Controller.view` (a :class:`~pyapp.ui.view.View`: the same state
gives an equal view, however often it is asked) and plays out :meth:`Controller.effects`
(what happens once: a move's steps, words to say, a link to copy).

>>> c = Controller(MemoryStorage())
>>> c.start("#g=gyre&s=42", "https://example.org/orbit/")
>>> v = c.view()
>>> v.screen, v.title, v.address, v == c.view()
('game', 'Gyre', '#g=gyre&v=1&o=&s=42', True)
>>> source = v.board.sources[0]
>>> target, gesture = next(iter(c.tables.table_now().moves_from(source).items()))
>>> c.drop(source, target)
>>> c.view().address == "#g=gyre&v=1&o=&s=42&m=" + gesture.token, c.effects().announce != ""
(True, True)
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Callable, Literal, Mapping

from ..core.clock import GameClock, Playtime
from ..core.daily import daily_par
from ..core.settings import CHOICES, SETTINGS_KEY, SOUND, Settings
from ..core.storage import MemoryStorage as MemoryStorage  # re-exported: tests and tools make a controller with it
from ..core.storage import Storage
from ..core.table import Place, Table
from ..games import all_games, get_view
from ..i18n import _
from ..stats.keeper import StatsKeeper
from ..stats.share import Shared, share_message, shared_from
from ..ui.hand import Hand
from ..ui.keys import Control, Focus, KeyQueue, Link, key_intent
from ..ui.layout import Layout
from ..ui.pointer import Drop, Pointer, Tap, queued_input
from ..ui.sounds import PICKUP, PLACE, REFUSED
from ..ui.view import Dialog, Effects, Notice, View
from .asking import Asking
from .can_win import CanWin
from .hunt import Hunter
from .dialogs import Dialogs
from .notices import Pending
from .opening import Opened, Opener
from .play import Play
from .saves import Saves
from .screens import Around, game_view, replay_screen, tile, tip_lines
from .session import Session
from .sharing import par_of, session_shared, share_id
from .state import (Clear, Close, CloseTip, Disarm, Dismiss, Expire, Menu, Now, Outcome, Repeat, Say, Show,
                    Told, Ui, UiIntent, Watching, acted, reduce_told, reduce_ui)
from .tables import Tables
from .tabs import Tabs
from .watch import control_replay, replay_bar, watch_game


class Controller:
    """The app's state and its answer to every player intent (see the module doc)."""

    def __init__(self, storage: Storage, reduced_motion: bool = False, tab_storage: Storage | None = None) -> None:
        """``storage`` is shared with the other tabs (``localStorage``); ``tab_storage`` is this
        tab's own, which outlives a reload (``sessionStorage``; see :class:`pyapp.app.saves.Saves`)."""
        self.storage = storage
        self.saves = Saves(storage, tab_storage)
        self.opener = Opener(self.saves)
        #: The page around the game, and the notice on it: frozen slices (:mod:`pyapp.app.state`).
        self.ui = Ui()
        self.told = Told()
        self.session: Session | None = None
        self.hand = Hand(self.play, self.refuse, self.tell)
        self.keys = KeyQueue()
        self.focus = Focus(self.tell, self.refuse)
        #: The card the hand held when the effects were last taken (a new one is a card picked up).
        self._held: Place | None = None
        #: The replay watched over the game: a frozen slice (:class:`~pyapp.app.state.Watching`).
        self.watching = Watching()
        self.layout = Layout()
        #: How the state looks: its tables and boards (a :class:`~pyapp.app.state.Looks`).
        self.tables = Tables(self.now, self.layout, self.hand, self.focus)
        #: The pointer on the board, as the page reports it (see :class:`pyapp.ui.pointer.Pointer`).
        self.pointer = Pointer(self.tables.board, self.hand, self.tap, self.drop, lambda pile: self.dialogs.peek(pile))
        #: The one-shot effects waiting for :meth:`effects`, and the last link given to copy.
        self.pending = Pending()
        self._copied = ""
        self.base_url = ""
        self.reduced_motion = reduced_motion
        self.settings, problem = Settings.read(storage)
        if problem:
            self.say(problem)
        self.settings = self.stored_settings()
        #: The statistics (``orbit.stats``); tests may replace ``stats.clock``.
        self.stats = StatsKeeper(storage)
        #: Why the statistics could not be read (said again after :meth:`start`), or "".
        self._stats_problem = self.stats.load()
        if self._stats_problem:
            self.say(self._stats_problem, error=True)
        #: The day of the daily deal on the table (it is saved apart), or None.
        self.daily_day: datetime.date | None = None
        #: The game's timer (see :meth:`tick`), a value.
        self.time = Playtime()
        #: "Can I still win?": the solver's searches and verdicts (see :mod:`pyapp.app.can_win`).
        self.can_win = CanWin(self.say, self.tell, storage)
        #: New deal's "Winnable deals only": a deal from the pool, or the hunt (:mod:`pyapp.app.hunt`).
        self.hunter = Hunter(self.can_win, self.say, self.tell)
        #: The parts that act on the table: the move flow, the solver's intents, the dialogs, the tabs.
        self.moves = Play(self.now, self.tables, self.apply, self.stats, self.opener, self.can_win)
        self.asking = Asking(self.now, self.tables, self.apply, self.can_win, self.moves, self.hunter)
        self.dialogs = Dialogs(self.now, self.tables, self.apply, self.stats, self.opener, self.can_win, self.moves,
                               self.hunter)
        self.tabs = Tabs(self.now, self.apply, storage, self.saves, self.opener, self.stats, self.stored_settings)

    # -- the state, as the parts read it, and the one way it changes -------------------------
    def now(self) -> Now:
        """The state the parts act on, as one snapshot."""
        return Now(self.ui, self.session, self.daily_day, self.settings, self.elapsed(), self.watching)

    def apply(self, o: Outcome) -> None:
        """Apply what a part's intent changes, in the order :class:`~pyapp.app.state.Outcome` gives."""
        if o.session is not None:
            self.session = o.session
        if o.settings is not None:
            self.settings = o.settings
            if self.session is not None:
                self.layout.see(self.session.state, self.settings.game)
        if o.dismiss is not None:
            self.told = reduce_told(self.told, o.dismiss)
        for intent in o.ui:
            self.ui = reduce_ui(self.ui, intent)
            if isinstance(intent, Clear):
                self.hand.clear()
        if o.drop_hand:
            self.hand.selected = self.hand.picking = None
        if o.put:
            self.put_on_table(*o.put)
        if o.watch is not None:
            self.watching = o.watch
        if o.clock is not None:
            self.time = self.time.with_clock(o.clock)
        if o.sync:
            self.sync_clock()
        if o.save:
            self.save()
        if o.say is not None:
            self.told = reduce_told(self.told, o.say)
        if o.tell:
            self.pending.tell(*o.tell)
        if o.frames is not None:
            self.pending.frames = o.frames
        if o.celebrate is not None:
            self.pending.celebrate = o.celebrate
        self.pending.sound(*o.sounds)
        if o.copy:
            self.copy_link()

    def _ui(self, *intents: UiIntent) -> None:
        self.apply(Outcome(ui=intents))

    # The page around the game, read-only (it changes by :func:`~pyapp.app.state.reduce_ui`).
    @property
    def screen(self) -> Literal["start", "game"]:
        return self.ui.screen

    @property
    def dialog(self) -> Dialog | None:
        return self.ui.dialog

    # -- notices and words ---------------------------------------------------------------
    @property
    def notice(self) -> Notice | None:
        """The notice on the page (see :class:`pyapp.app.state.Told`)."""
        return self.told.shown

    def say(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
            lasting: bool = False, more: tuple[str, str] | None = None) -> None:
        self.told = reduce_told(self.told, Say(text, action, error, lasting, more))

    def tell(self, *words: str) -> None:
        self.pending.tell(*words)

    def refuse(self, why: str) -> None:
        """The hand or the keyboard's focus refused a move (a drop, a tap, a card with no move): it says why."""
        self.say(why)
        self.pending.sound(REFUSED)

    def stored_settings(self) -> Settings:
        """The settings as stored (by any tab), with no animation when the system asks for less motion."""
        settings = Settings.read(self.storage)[0]
        return replace(settings, instant=True, reduced_motion=True) if self.reduced_motion else settings

    def notice_action(self, more: bool = False) -> None:
        """The notice's button (``more``: its second one)."""
        action = acted(self.told, more)
        self.told = reduce_told(self.told, Dismiss())
        if action == "previous" and self.session is not None:
            if self.saves.swap_previous(self.session.game.id):
                self.put_on_table(self.opener.resume(self.session.game.id) or Opened())
        elif not self.tabs.notice_action(action):
            self.asking.notice_action(action)

    def copied(self, ok: bool, shared: bool = False, result: bool = False) -> None:
        """The binding shared or copied :attr:`Effects.copy` (``result``: :attr:`Effects.share`), or
        could not (the link, or the result's link, to copy by hand stays)."""
        if ok and result:
            # Translators: a daily result was sent through the share sheet, or copied to paste in a message.
            self.say(_("Result shared.") if shared else _("Result copied: paste it in a message."))
        elif ok:
            self.say(_("Link shared.") if shared else _("Link copied."))
        elif result:
            # Translators: the clipboard refused the result; {link} opens that daily deal (no moves), today's or a past one.
            self.say(_("The result could not be copied. The deal: {link}").format(
                link=self._copied.splitlines()[-1] if self._copied else ""), lasting=True)
        else:
            self.say(_("Copy this link: {link}").format(link=self._copied), lasting=True)

    def clear_transient(self) -> None:
        self._ui(Clear())

    # -- start-up, screens and saves -------------------------------------------------------
    def start(self, fragment: str, base_url: str = "") -> None:
        """The page opened: a link, else the game last played, else the start screen."""
        self.base_url = base_url.split("#")[0]
        if len(fragment) > 1:
            self.open_link(fragment)
        elif not self.put_on_table(*self.opener.last()):
            self._ui(Show("start"))
        problem, self._stats_problem = self._stats_problem, ""
        if problem and (self.notice is None or not self.notice.error):
            self.say(problem, error=True)  # opening the game dropped the notice

    def put_on_table(self, *opened: Opened) -> bool:
        """Put what was opened on the table, and say what it says; True when a game is on it."""
        for o in opened:
            if o.session is not None:
                self.set_session(o.session, o.day, o.clock)
            if o.said:
                # Translators: the notice's button: back to the game in progress that a link put aside.
                back = _("Back to my game")
                self.say(o.said, (back, "previous") if o.back else None, error=o.error)
        return any(o.session is not None for o in opened)

    def home(self) -> None:
        self.can_win.stop()
        self.watching = self.watching.closed()
        self._ui(Clear(), Close(), Show("start"))
        self.sync_clock()
        self._save_time()

    def open_game(self, game_id: str) -> None:
        """A start-screen tile: resume that game's save, or deal a new one."""
        self.told = reduce_told(self.told, Dismiss())
        self.put_on_table(self.opener.tile(game_id))

    def open_link(self, fragment: str) -> None:
        """Open a share link; a bad one keeps what the player had and says why. While a move's
        steps are shown, it waits for them (:meth:`play_waiting`), as a key does."""
        if self.keys.animating:
            self.keys.hold_link(fragment)
            return
        if self.session is not None and fragment == self.session.link().fragment() and self.screen == "game":
            return
        self.told = reduce_told(self.told, Dismiss())
        self.put_on_table(self.opener.link(fragment, self.stats.today(), self.session))
        if self.session is not None:
            self._ui(Show("game"))  # a link that could not be read leaves what the player had on the table

    def open_daily(self, game_id: str, today: datetime.date) -> None:
        """Today's deal of ``game_id`` (``today``: the UTC date), in a save of its own apart
        from the player's ordinary game: resumed if that save holds today's deal, else dealt."""
        self.told = reduce_told(self.told, Dismiss())
        self.put_on_table(*self.opener.daily(game_id, today))

    def set_session(self, session: Session, day: datetime.date | None = None, clock: GameClock | None = None) -> None:
        """Put ``session`` on the table, in the daily slot of ``day`` or the ordinary one,
        with its timer (a new one when None)."""
        self.layout.use(get_view(session.game.id))
        self.layout.see(session.state, self.settings.game)
        self.session = session
        self.daily_day = day
        self.time = self.time.with_clock(clock if clock is not None else GameClock())
        self.watching = self.watching.closed()
        self._ui(Show("game"), Close(), Clear())
        self.told = reduce_told(self.told, Dismiss(stale=True))
        self.can_win.moved()
        self.can_win.restore(session.game.id)
        if self.hunter.hunt is not None and self.hunter.hunt.game_id != session.game.id:
            self.hunter.stop()  # a hunt for another game's deal
        self.moves.summary_shown = session.status() != "playing"
        self.sync_clock()
        self.save()

    def save(self) -> None:
        if self.session is not None:
            self.tabs.saved(self.saves.write(self.session, self.daily_day, self.elapsed()))

    def _save_time(self) -> None:
        """Bring the time played up to date: in the save, if it still holds this very game
        (another tab may have played on since, or the save may be unreadable), and in this
        tab's own record of its game whatever the save holds (a reload takes it back)."""
        if self.session is None:
            return
        if self.saves.holds(self.session, self.daily_day):
            self.save()
        else:
            self.saves.keep_own(self.session, self.daily_day, self.elapsed())

    # -- playing -----------------------------------------------------------------------
    def play(self, token: str) -> None:
        """Play move ``token`` (see :meth:`pyapp.app.play.Play.play`)."""
        self.moves.play(token)

    def auto(self) -> None:
        """The pause before an automatic move is over: play it (a repeating button the table no
        longer has stops)."""
        table = self.tables.table_now()
        if self.ui.repeating and not (table and any(b.id == self.ui.repeating and b.token for b in table.buttons)):
            self._ui(Repeat(""))
        token = self.tables.auto_token()
        if token is not None:
            repeating = self.ui.repeating
            self.play(token)
            self._ui(Repeat(repeating))

    def _board_action(self) -> Table | None:
        """An action on the board: an armed Give up, a repeating button and the menu stop."""
        self._ui(Disarm(), Repeat(""), Menu(False))
        return self.tables.table_now() if self.session is not None else None

    def tap(self, pile: str | None, index: int | None = None) -> None:
        """A tap or click on a pile (``index`` None) or on one of its cards."""
        before = self.session.state if self.session is not None else None
        if (table := self._board_action()) is not None:
            self.hand.tap(table, pile, index)
        self.pointer.gestures.tapped(pile, self.session is not None and self.session.state is not before)

    def drop(self, source: Place, target: str | None) -> None:
        """A card dragged from ``source`` and let go over ``target`` (None: nowhere)."""
        self.hand.lifted = None
        if (table := self._board_action()) is not None:
            self.hand.drop(table, source, target)

    def press(self, button_id: str) -> None:
        """One of the game's own buttons (Rotate, MOON → PLANET, Confirm, Cancel)."""
        if (table := self._board_action()) is None:
            return
        if button_id == "pick-confirm":
            self.hand.confirm()
            return
        if button_id == "pick-cancel":
            self.hand.picking = None
            return
        button = next((b for b in table.buttons if b.id == button_id), None)
        if button is not None and button.token is not None:
            self.play(button.token)
            self._ui(Repeat(button.id if button.repeat else ""))
        elif button is not None and button.pick is not None:
            self.hand.toggle_pick(button)

    def cancel(self) -> None:
        """Escape: drop a selection, a pick, an armed give-up or a dialog."""
        self.close_dialog()
        self.clear_transient()

    # -- pointer, keys and clicks --------------------------------------------------------
    def busy(self, animating: bool) -> None:
        """The binding shows a move's steps (keys wait for them), or has shown them."""
        self.keys.animating = animating

    def key(self, key: str, ctrl: bool = False, shift: bool = False, board: bool = False) -> bool:
        """A key press (what it stands for: :func:`pyapp.ui.keys.key_intent`); True when it was used.
        While a move is shown step by step, a key waits (:meth:`play_waiting`)."""
        if self.keys.animating:
            return self.keys.hold(key, ctrl, shift, board)
        table, hand = self.tables.table_now(), self.hand
        what, arg = key_intent(
            key, ctrl, shift, board, table, replaying=self.watching.replay is not None and self.screen == "game"
            and self.dialog is None, holding=bool(hand.selected or hand.picking or self.ui.resign_armed or self.ui.menu_open),
            elsewhere=self.dialog is not None or self.screen != "game",
            confirming=hand.picking is not None and hand.picking.pick.confirm)
        simple: dict[str, Callable[[], object]] = {
            "undo": self.undo, "redo": self.redo, "new": self.dialogs.new_game, "keys": self.dialogs.keys,
            "hint": self.hint, "confirm": hand.confirm, "verdict": self.asking.ask}
        if what == "replay":
            self.replay_control(arg)  # arrows step, Space plays or pauses, Home and End jump, Escape closes
        elif what == "escape":
            # Translators: said to screen readers: the card picked up was put back (Escape).
            self.tell(_("Put back.") if hand.selected else _("Cancelled.") if hand.picking else "")
            self.focus.moved = board
            self.cancel()
        elif what == "off":
            self.say(arg)
        elif what in simple:
            simple[what]()
        elif table is None or not what:
            return False
        elif what == "arrow":
            self.focus.arrow(table, arg)
        elif what == "view":
            self.dialogs.peek(self.focus.at(table)[0])
            return self.dialog is not None
        elif what == "button":
            self.press(arg)
            self.focus.to_pick(self.tables.table_now(), hand)
        else:  # Enter or Space on the focused place, or a pile's own key
            self._board_action()
            if what == "pile":
                self.focus.go(table, (arg, None))
            self.focus.activate(self.tables.table_now, hand, self.tables.face, pick=what == "space")
        return True

    def play_waiting(self) -> bool:
        """The next key, replay control or link that waited for a move's steps, if any: True when
        there was one."""
        waiting = self.keys.next()
        if isinstance(waiting, Link):
            self.open_link(waiting.fragment)
        elif waiting is not None:
            self.replay_control(*waiting) if isinstance(waiting, Control) else self.key(*waiting)
        return waiting is not None

    def click(self, button: str, form: Mapping[str, str] | None = None) -> bool:
        """A click on the page's button whose element id is ``button``: the intent it stands
        for (the tools, the notice, the end screen's and the statistics' buttons, the game's
        own ``act-ID``, the replay bar's ``rp-NAME``, the start screen's ``tile-GAME`` and
        ``daily-GAME``, the statistics' ``stats-share-GAME-DATE``, the New deal dialog's ``deal-go``
        with its ``form``). False for an id that is
        none of them, and (the click lost) for all but the replay bar's while a move is shown.

        >>> c = Controller(MemoryStorage())
        >>> c.click("tile-gyre"), c.screen, c.click("home"), c.screen, c.click("nothing")
        (True, 'game', True, 'start', False)
        """
        simple: dict[str, Callable[[], object]] = {
            "home": self.home, "undo": self.undo, "redo": self.redo, "restart": self.restart,
            "new": self.dialogs.new_game, "resign": self.resign, "copy": self.copy_link, "help": self.dialogs.rules,
            "notice-close": lambda: self.apply(Outcome(dismiss=Dismiss())), "notice-action": self.notice_action,
            "tip-close": lambda: self._ui(CloseTip(self.session.game.id if self.session else "")),
            "notice-more": lambda: self.notice_action(more=True), "more": self.toggle_menu,
            "stats-open": self.dialogs.stats, "stats-game": self.dialogs.stats, "stats-reset": self.dialogs.reset_stats,
            "stats-close": self.dialogs.close, "deal-cancel": self.dialogs.close, "hint": self.hint,
            "watch": self.watch, "verdict": self.asking.ask,
            "deal-go": lambda: self.dialogs.submit_new(dict(form or {}))}
        kind, _dash, name = button.partition("-")
        if self.keys.animating and kind != "rp":
            return False
        parts: dict[str, Callable[[str], object]] = {
            "summary": self.summary_action, "act": self.press, "rp": self.replay_control, "tile": self.open_game,
            "daily": lambda g: self.open_daily(g, self.stats.today())}
        if button in simple:
            if self.view().tools.get(button, True):  # a tool drawn disabled (a replay shown...) does nothing
                simple[button]()
        elif kind in parts:
            parts[kind](name)
        elif button.startswith("stats-share-"):  # the statistics' Share of a daily result
            self.share_result(button.removeprefix("stats-share-"))
        else:
            return False
        return True

    def queued(self, item: Mapping[str, object], unit: float) -> None:
        """Input made on the board before Python was ready (see :func:`pyapp.ui.pointer.queued_input`),
        through the same intents as live input; anything else is ignored."""
        got = queued_input(item, unit)
        if isinstance(got, Tap):
            self.pointer.tap_at(got.x, got.y, got.pile, got.index)
        elif isinstance(got, Drop):
            self.pointer.drop_at(got.source, got.x, got.y)
        elif isinstance(got, tuple):
            self.key(*got)
        elif got:
            self.click(got)

    def change(self, control: str, value: str, checked: bool = False) -> bool:
        """A changed control, by its element id: a setting ``set-ID`` (a switch, ``checked``,
        or a choice, ``value``; not while a move is shown), the replay's ``rp-seek`` or ``rp-speed``."""
        kind, _dash, name = control.partition("-")
        if kind == "rp":
            self.replay_control(name, value)
        elif kind == "set" and not self.keys.animating:  # kept at once, over the settings as any tab last changed them
            stored = self.stored_settings()
            self.settings = stored.choose(name, value) if name in CHOICES else stored.switch(name, checked)
            if name == SOUND and checked:
                self.pending.sound(PLACE)  # turned on: what a move sounds like
            self.storage.set(SETTINGS_KEY, self.settings.dumps())
            if self.session is not None:
                self.layout.see(self.session.state, self.settings.game)
            self.tabs.check()
        else:
            return False
        return True

    # -- tools -------------------------------------------------------------------------
    def undo(self) -> None:
        """Take the last move back, or bring back the game a Restart or a New deal replaced."""
        self.moves.undo()

    def redo(self) -> None:
        self.moves.redo()

    def restart(self) -> None:
        self.moves.restart()

    def resign(self) -> None:
        """Give up, on a second press."""
        self.moves.resign()

    def copy_link(self) -> None:
        self._ui(Menu(False))
        if self.session is not None:
            self._copied = self.pending.copy = self.base_url + self.session.short_link().fragment()

    def share_result(self, name: str = "") -> None:
        """Share result: the end screen's (the daily deal on the table, ``name`` empty) or the
        statistics' (``name``: ``GAME-DATE``, :func:`pyapp.app.sharing.share_id`)."""
        s, day = self.session, self.daily_day
        if not name and s is not None and day is not None and s.status() != "playing":
            par = daily_par(s.game.id, day) or par_of(self.can_win.known(s, s.states[0]))
            shared: Shared | None = session_shared(s, day, self.elapsed(), par)
        elif (wanted := share_id(name)) is not None and (result := self.stats.stats.daily_result(*wanted)) is not None:
            shared = shared_from(result, daily_par(*wanted))
        else:
            shared = None
        if shared is not None:
            self._ui(Close())  # the notice that says where it went shows on the table
            self._copied = self.pending.share = share_message(shared, self.base_url)

    def toggle_menu(self) -> None:
        """The tools' overflow menu (Give up, Link, Rules and the settings on a phone)."""
        self._ui(Menu())

    def hint(self) -> None:
        """The Hint tool and the H key (see :func:`pyapp.app.hints.ask_hint`)."""
        self.asking.hint()

    def resize(self, width: float, height: float) -> bool:
        """The board's room in pixels (see :meth:`pyapp.ui.layout.Layout.resize`); True when the table turned."""
        if self.session is not None:
            self.layout.see(self.session.state, self.settings.game)
        return self.layout.resize(width, height)

    # -- dialogs ---------------------------------------------------------------------------
    def close_dialog(self) -> None:
        self.dialogs.close()

    def summary_action(self, what: str) -> None:
        """The end screen's buttons: new, again (the same deal), copy (the link), replay,
        undo, best (the solver's line), share (a daily deal's result), close (look at the table)."""
        self._ui(Close())
        actions: dict[str, Callable[[], object]] = {
            "new": self.moves.new_deal, "again": self.moves.restart, "undo": self.moves.undo, "copy": self.copy_link,
            "replay": self.watch, "best": self.asking.watch_best, "share": self.share_result}
        if what in actions:
            actions[what]()

    def new_deal(self, options: str | None = None, seed: int | None = None) -> None:
        """A new deal of the current game (see :meth:`pyapp.app.play.Play.new_deal`)."""
        self.moves.new_deal(options, seed)

    # -- the timer -----------------------------------------------------------------------
    def elapsed(self) -> int:
        return self.time.elapsed()

    def sync_clock(self) -> None:
        """The timer runs while a game in progress, with a move made, is on the screen (not a
        replay) of a page that is shown; it is paused otherwise."""
        s = self.session
        self.time = self.time.synced(s is not None and self.screen == "game" and self.watching.replay is None
                       and bool(s.moves) and s.status() == "playing")

    def tick(self, now: float) -> str:
        """The binding's time: ``now`` in milliseconds on a clock that does not jump
        (``performance.now()``), passed at start-up, before each intent it can and every
        second. Returns the timer's text (as :attr:`View.timer`) for the status line.

        >>> c = Controller(MemoryStorage()); _ = c.tick(1_000); c.start("#g=gyre&s=42")
        >>> c.play(c.session.legal_moves()[0]); c.tick(63_000)
        '1:02'
        """
        self.time = self.time.at(now)
        self.sync_clock()
        return self.time.text()

    def visibility(self, hidden: bool, now: float) -> None:
        """The page was hidden or shown again: the timer pauses while it is hidden, and the
        game is saved as it hides (the page may be closing)."""
        self.time = self.time.at(now).hide(hidden)
        self.sync_clock()
        if hidden:
            self._save_time()

    # -- watching a replay ------------------------------------------------------------------
    def watch(self) -> None:
        """Watch the moves of the game on the table (:func:`pyapp.app.watch.watch_game`)."""
        if (outcome := watch_game(self.now())) is not None:
            self.apply(outcome)

    def replay_control(self, what: str, value: str = "") -> None:
        """The replay bar (:func:`pyapp.app.watch.control_replay`); while a step is shown, the control waits for it."""
        if self.keys.animating:
            self.keys.hold_control(what, value)
        else:
            self.apply(control_replay(self.now(), self.tables, self.moves.play_on, what, value))

    # -- what the page shows ---------------------------------------------------------------
    def effects(self) -> Effects:
        """What happens once, for the intents since it was last asked: a move's forced steps,
        words for screen readers, a link to copy, the focus to move, a win to celebrate, sounds
        (a card the hand holds that it did not hold before was picked up; none with Sound off)."""
        self.pending.celebrate = self.pending.celebrate and self.session is not None and self.session.status() == "won"
        moved, self.focus.moved = self.focus.moved, False
        held, self._held = self._held, self.hand.lifted or self.hand.selected
        if self._held is not None and self._held != held:
            self.pending.sounds = (PICKUP, *self.pending.sounds)
        effects = self.pending.take(moved)
        return effects if self.settings.on(SOUND) else replace(effects, sounds=())

    def fire(self, name: str, ticket: int) -> bool | float | None:
        """A :class:`~pyapp.ui.view.Timer` of the view ran out: the notice goes, an armed Give up
        disarms, a playing replay steps on, the solver searches a slice; True when that changed
        what is shown, None when it must wait (a move's steps are shown, or a pointer is down):
        the binding tries later; a number of seconds when nothing changed but the same timer is
        to run again after them (the solver's next slice: nothing is drawn between slices).

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&s=42"); c.resign(); [t.name for t in c.view().timers]
        ['disarm']
        >>> c.fire("disarm", 0), c.fire("disarm", 1), c.ui.resign_armed, c.view().timers
        (False, True, False, ())
        """
        if self.keys.animating or self.pointer.pressing:
            return None
        if name == "notice" and self.notice is not None and self.notice.serial == ticket:
            self.told = reduce_told(self.told, Expire(ticket))
            self.hand.nudge = None  # a card nudged settles as the notice that said why goes
        elif name == "disarm" and self.ui.resign_armed and ticket == self.ui.armed:
            self._ui(Disarm(ticket))
        elif name == "replay":
            if (w := self.watching.ticked(ticket)) is None:
                return False
            self.watching = w
        elif name in Asking.TIMERS:
            return self.asking.fire(name, ticket)
        else:
            return False
        return True

    def view(self) -> View:
        """What to show now: the start screen, the game, or the replay over it (see :mod:`pyapp.app.screens`)."""
        session, module, start = self.session, self.layout.module, self.screen == "start" or self.session is None
        today = self.stats.today()
        tiles = tuple(tile(g, bool(self.saves.raw(g.id)), self.stats.stats.daily_status(g.id, today) if start else None,
                           daily_par(g.id, today) if start else None)
                      for g in all_games())
        dialog = self.dialog
        if dialog is not None and dialog.kind == "stats":  # the record as it is now, this game's first
            first = session.game.id if session is not None and not start else ""
            dialog = replace(dialog, stats=self.stats.stats.summary(today, first), armed=self.ui.reset_armed)
        around = Around(tiles, self.notice, dialog, self.settings, self.ui.menu_open,
                        module.settings if module is not None else ())
        if start or session is None or module is None:
            return around.view("start", self.can_win.retiring())  # (a search done with, freed on any screen)
        if (r := self.watching.replay) is not None:
            shown = self.tables.table_of(r.state, interactive=False)
            # Translators: the replay's title: the game's name (never translated) and its deal's number.
            title = _("{game}, deal {seed}").format(game=session.game.title, seed=session.seed)
            view = replay_screen(around, session, shown, self.tables.lay_out(shown),
                                 replay_bar(r, title, module, self.settings.game), r.status(),
                                 self.watching.ticket)
            return replace(view, timers=(*view.timers, *self.can_win.retiring()))
        table = self.tables.table_now()
        assert table is not None
        page = game_view(around, session, table, self.tables.lay_out(table), picking=self.hand.picking,
                         hint_button=self.ui.hint.button if self.ui.hint else "", resign_armed=self.ui.resign_armed,
                         armed=self.ui.armed, backup=self.moves.backup is not None, auto=self.tables.auto_token() is not None,
                         elapsed_ms=self.elapsed(), daily=self.daily_day is not None)
        standing = self.asking.standing()
        return replace(page, timers=(*page.timers, *self.can_win.timers(session, standing, self.asking.live()),
                                     *self.hunter.timers()),
                       pool=self.hunter.wanted(session.game.id, session.options_text),
                       verdict=self.can_win.line(session, standing), notice=self.can_win.with_progress(page.notice),
                       tip=tip_lines(session.game.id, self.ui.tips_closed, self.played(session), page.notice is not None,
                                     lambda: sum(1 for key in self.stats.stats.results if key[0] == session.game.id)))

    def played(self, session: Session) -> bool:
        """Whether the deal on the table has been moved in: a move on it, or a game of it the
        statistics hold (in progress or ended), so Undo back to move 0 or Restart is not a new deal."""
        deal = (session.game.id, session.options_text, session.seed)
        stats = self.stats.stats
        return bool(session.moves) or deal in stats.open or any(key[:3] == deal for key in stats.results)

