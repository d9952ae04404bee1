"""The app controller: the screens, the session on the table, the dialogs and
notices, and the dispatch of every player intent, with no DOM.

Each concern is a part with a module of its own: saves (:mod:`pyapp.saves`),
settings and themes (:mod:`pyapp.settings`), what the player holds and what a tap
or a drop means (:mod:`pyapp.hand`), pointer gestures (:mod:`pyapp.pointer`), the
keyboard (:mod:`pyapp.keys`), watching a replay (:mod:`pyapp.watch`), the board's
layout and card ids (:mod:`pyapp.layout`), hints (:mod:`pyapp.hints`), statistics
(:mod:`pyapp.stats`). The DOM binding (:mod:`pyapp.browser`) calls one method per
intent, then draws :meth:`Controller.view` (a :class:`~pyapp.view.View`: the same
state gives an equal view, however often it is asked) and plays out
:meth:`Controller.effects` (what happens once: a move's steps, words to say, a link
to copy).

>>> c = Controller(MemoryStorage())
>>> c.start("#g=gyre&s=42", "https://example.org/orbit/")
>>> v = c.view()
>>> v.screen, v.title, v.address, v == c.view()
('game', 'Gyre', '#g=gyre&v=1&o=&s=42', True)
>>> source = v.board.sources[0]
>>> target, gesture = next(iter(c.table_now().moves_from(source).items()))
>>> c.drop(source, target)
>>> c.view().address == "#g=gyre&v=1&o=&s=42&m=" + gesture.token, c.effects().announce != ""
(True, True)
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any, Callable, Literal, Mapping

from .can_win import CanWin, Hunt
from .clock import GameClock, Playtime
from .errors import OrbitError
from .games import all_games, entry, get_view
from .hand import Hand
from .hints import NO_HINT, HintMarks, hint_marks, hint_words, locate_hint
from .notices import Notices, Pending
from .keys import Focus, KeyQueue, key_intent, keys_help
from .layout import Layout
from .pointer import Drop, Pointer, Tap, queued_input
from .replay import Replay
from .opening import Opened, Opener
from .saves import Saves, read_save, save_text
from .screens import (Around, chosen_options, game_view, keys_dialog, new_game_dialog, peek_dialog, replay_screen,
                      summary_dialog, tile)
from .session import Session
from .settings import CHOICES, SETTINGS_KEY, Settings
from .speech import move_name, move_words, sentence
from .stats_keeper import StatsKeeper
from .storage import MemoryStorage as MemoryStorage  # re-exported: tests and tools make a controller with it
from .storage import Storage
from .table import Face, Place, Table
from .view import Board, Dialog, Effects, Notice, View
from .watch import Watch



class Controller:
    """The app's state and its answer to every player intent (see the module doc)."""

    def __init__(self, storage: Storage, reduced_motion: bool = False) -> None:
        self.storage = storage
        self.saves = Saves(storage)
        self.opener = Opener(self.saves)
        self.screen: Literal["start", "game"] = "start"
        self.session: Session | None = None
        self.hand = Hand(self.play, self._say, self._tell)
        self.keys = KeyQueue()
        self.focus = Focus(self._tell, self._say)
        self.watching = Watch()
        self.layout = Layout()
        #: The pointer on the board, as the page reports it (see :class:`pyapp.pointer.Pointer`).
        self.pointer = Pointer(self.layout, self.hand, self.tap, self.drop, self._peek)
        self.notices = Notices()
        #: The one-shot effects waiting for :meth:`effects`, and the last link given to copy.
        self.pending = Pending()
        self._copied = ""
        self.dialog: Dialog | None = None
        self.resign_armed = False
        self._armed = 0  # counts the presses that armed Give up (the disarm timer's ticket)
        #: The id of a repeating button at work (auto-finish), or "".
        self.repeating = ""
        self.base_url = ""
        self.menu_open = False
        self._summary_shown = False
        #: The save to go back to when Undo follows a Restart or a New deal.
        self._backup: str | None = None
        self.settings, problem = Settings.read(storage)
        if problem:
            self._say(problem)
        if reduced_motion:
            self.settings = replace(self.settings, instant=True)
        #: The statistics (``orbit.stats``); tests may replace ``stats.clock``.
        self.stats = StatsKeeper(storage)
        #: Why the statistics could not be read (said again after :meth:`start`), or "".
        self._stats_problem = self.stats.load()
        if self._stats_problem:
            self._say(self._stats_problem, error=True)
        #: A hook for the end screen: given the finished session, lines comparing it with the
        #: player's best and average, and whether Watch replay can be offered.
        self.summary_extras: Callable[[Session], tuple[tuple[str, ...], bool]] = \
            lambda s: (self.stats.compare(s.game.id, s), bool(s.moves))
        #: The day of the daily deal on the table (it is saved apart), or None.
        self.daily_day: datetime.date | None = None
        #: The game's timer (see :meth:`tick`).
        self.time = Playtime()
        #: Where the hint asked for lies on the table, until the next action.
        self.hint_marks: HintMarks | None = None
        #: The statistics dialog's Reset was pressed once.
        self.reset_armed = False
        #: "Can I still win?": the solver's searches and verdicts (see :mod:`pyapp.can_win`).
        self.can_win = CanWin(self._say, self._tell, storage)

    # -- notices and words ---------------------------------------------------------------
    @property
    def notice(self) -> Notice | None:
        """The notice on the page (see :class:`pyapp.notices.Notices`)."""
        return self.notices.shown

    def _say(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
             lasting: bool = False) -> None:
        self.notices.say(text, action, error, lasting)

    def _tell(self, *words: str) -> None:
        self.pending.tell(*words)

    def _tell_move(self, was: Table, steps: list[Table]) -> None:
        """Announce a move played from table ``was`` (see :func:`pyapp.speech.move_words`)."""
        if (now := self.table_now()) is not None:
            self._tell(*move_words(was, steps, now, lambda code: self._face(code).name))

    def dismiss_notice(self) -> None:
        self.notices.dismiss()

    def notice_action(self) -> None:
        action = self.notices.act()
        if action == "previous" and self.session is not None:
            if self.saves.swap_previous(self.session.game.id):
                self._open(self.opener.resume(self.session.game.id) or Opened())
        elif action == "show-line":
            self.show_line()
        elif action == "stop-search":
            self.can_win.stop()
        elif action == "stop-hunt":
            self.can_win.stop_hunt()
        elif action == "undo-to" and (lost := self.can_win.lost_at()) is not None:
            self.undo_to(lost - 1)

    def copied(self, ok: bool) -> None:
        """The binding tried to copy :attr:`Effects.copy` (a link the player must copy by hand stays)."""
        self._say(("Link copied: " if ok else "Copy this link: ") + self._copied, lasting=not ok)

    def _clear_transient(self) -> None:
        self.hint_marks = None
        self.hand.clear()
        self.resign_armed = False
        self.repeating = ""
        self.menu_open = False

    # -- start-up, screens and saves -------------------------------------------------------
    def start(self, fragment: str, base_url: str = "") -> None:
        """The page opened: a link, else the game last played, else the start screen."""
        self.base_url = base_url.split("#")[0]
        if len(fragment) > 1:
            self.open_link(fragment)
        elif not self._open(*self.opener.last()):
            self.screen = "start"
        problem, self._stats_problem = self._stats_problem, ""
        if problem and (self.notice is None or not self.notice.error):
            self._say(problem, error=True)  # opening the game dropped the notice

    def _open(self, *opened: Opened) -> bool:
        """Put what was opened on the table, and say what it says; True when a game is on it."""
        for o in opened:
            if o.session is not None:
                self._set_session(o.session, o.day, o.clock)
            if o.said:
                self._say(o.said, ("Back to my game", "previous") if o.back else None, error=o.error)
        return any(o.session is not None for o in opened)

    def home(self) -> None:
        self._clear_transient()
        self.can_win.stop()
        self.dialog = None
        self.watching.close()
        self.screen = "start"
        self._sync_clock()
        self._save_time()

    def open_game(self, game_id: str) -> None:
        """A start-screen tile: resume that game's save, or deal a new one."""
        self.notices.dismiss()
        self._open(self.opener.tile(game_id))

    def open_link(self, fragment: str) -> None:
        """Open a share link; a bad one keeps what the player had and says why."""
        if self.session is not None and fragment == self.session.link().fragment() and self.screen == "game":
            return
        self.notices.dismiss()
        self._open(self.opener.link(fragment, self.stats.today(), self.session))
        if self.session is not None:
            self.screen = "game"  # a link that could not be read leaves what the player had on the table

    def open_daily(self, game_id: str, today: datetime.date) -> None:
        """Today's deal of ``game_id`` (``today``: the UTC date), in a save of its own apart
        from the player's ordinary game: resumed if that save holds today's deal, else dealt."""
        self.notices.dismiss()
        self._open(*self.opener.daily(game_id, today))

    def _set_session(self, session: Session, day: datetime.date | None = None, clock: GameClock | None = None) -> None:
        """Put ``session`` on the table, in the daily slot of ``day`` or the ordinary one,
        with its timer (a new one when None)."""
        self.layout.use(get_view(session.game.id))
        self.session = session
        self.daily_day = day
        self.time.clock = clock if clock is not None else GameClock()
        self.watching.close()
        self.screen = "game"
        self.dialog = None
        self.notices.drop_stale()
        self._clear_transient()
        self.can_win.moved()
        self.can_win.restore(session.game.id)
        if self.can_win.hunt is not None and self.can_win.hunt.game_id != session.game.id:
            self.can_win.stop_hunt()  # a hunt for another game's deal
        self._summary_shown = session.status() != "playing"
        self._sync_clock()
        self._save()

    def _save(self) -> None:
        if self.session is not None:
            self.saves.write(self.session, self.daily_day, self._elapsed())

    def _save_time(self) -> None:
        """Bring the time played up to date in the save, if the save still holds this very
        game (another tab may have played on since, or the save may be unreadable)."""
        if self.session is not None and self.saves.holds(self.session, self.daily_day):
            self._save()

    # -- playing -----------------------------------------------------------------------
    def play(self, token: str) -> None:
        session = self.session
        if session is None:
            return
        before, was = session.state, self.table_now()
        session.play(token)
        self.stats.moved(session.game.id, session, self._elapsed())
        self._backup = None
        self._clear_transient()
        steps = [self._table_of(s, interactive=False) for s in list(session.game.steps(before, token))[:-1]]
        if not self.settings.instant:
            self.pending.frames = tuple(self._lay_out(t) for t in steps)
        if was is not None:
            self._tell_move(was, steps)
        self._after_change()
        self.pending.celebrate = session.status() == "won"

    def _after_change(self) -> None:
        self.hint_marks = None  # a hint is for the position it was asked in
        self.can_win.moved()  # and so is a search
        self._sync_clock()
        self._save()
        self.notices.drop_stale()
        if self.session is not None and self.session.status() != "playing" and not self._summary_shown:
            if self.auto_token() is None:
                self._summary_shown = True
                self.can_win.judge(self.session)
                self.dialog = self._summary_dialog()
                self._tell(sentence(self.dialog.title), sentence(self.dialog.big))

    def auto_token(self) -> str | None:
        """The move to play by itself now (the settings ask for it, or a repeating button is at work)."""
        session, module = self.session, self.layout.module
        if session is None or module is None or session.resigned or self.screen != "game" or self.watching.replay:
            return None
        if self.repeating:
            table = self.table_now()
            token = next((b.token for b in table.buttons if b.id == self.repeating), None) if table else None
            if token is not None:
                return token
            self.repeating = ""
        return module.auto_token(session.state, self.settings.game)

    def auto(self) -> None:
        """The pause before an automatic move is over: play it."""
        token = self.auto_token()
        if token is not None:
            repeating = self.repeating
            self.play(token)
            self.repeating = repeating

    def _board_action(self) -> Table | None:
        """An action on the board: an armed Give up, a repeating button and the menu stop."""
        self.resign_armed = False
        self.repeating = ""
        self.menu_open = False
        return self.table_now() if self.session is not None else None

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
            self.repeating = button.id if button.repeat else ""
        elif button is not None and button.pick is not None:
            self.hand.toggle_pick(button)

    def cancel(self) -> None:
        """Escape: drop a selection, a pick, an armed give-up or a dialog."""
        self.close_dialog()
        self._clear_transient()

    # -- pointer, keys and clicks --------------------------------------------------------
    def busy(self, animating: bool) -> None:
        """The binding shows a move's steps (keys wait for them), or has shown them."""
        self.keys.animating = animating

    def key(self, key: str, ctrl: bool = False, shift: bool = False, board: bool = False) -> bool:
        """A key press (what it stands for: :func:`pyapp.keys.key_intent`); True when it was used.
        While a move is shown step by step, a key waits (:meth:`play_waiting`)."""
        if self.keys.animating:
            return self.keys.hold(key, ctrl, shift, board)
        table, hand = self.table_now(), self.hand
        what, arg = key_intent(
            key, ctrl, shift, board, table, replaying=self.watching.replay is not None and self.screen == "game"
            and self.dialog is None, holding=bool(hand.selected or hand.picking or self.resign_armed or self.menu_open),
            elsewhere=self.dialog is not None or self.screen != "game",
            confirming=hand.picking is not None and hand.picking.pick.confirm)
        simple: dict[str, Callable[[], object]] = {
            "undo": self.undo, "redo": self.redo, "new": self.open_new_dialog, "keys": self.show_keys,
            "hint": self.hint, "confirm": hand.confirm, "verdict": self.ask_verdict}
        if what == "replay":
            self.replay_control(arg)  # arrows step, Space plays or pauses, Home and End jump, Escape closes
        elif what == "escape":
            self._tell("Put back." if hand.selected else "Cancelled." if hand.picking else "")
            self.focus.moved = board
            self.cancel()
        elif what == "off":
            self._say(arg)
        elif what in simple:
            simple[what]()
        elif table is None or not what:
            return False
        elif what == "arrow":
            self.focus.arrow(table, arg)
        elif what == "view":
            self.peek(self.focus.at(table)[0])
            return self.dialog is not None
        elif what == "button":
            self.press(arg)
            self.focus.to_pick(self.table_now(), hand)
        else:  # Enter or Space on the focused place, or a pile's own key
            self._board_action()
            if what == "pile":
                self.focus.go(table, (arg, None))
            self.focus.activate(self.table_now, hand, self._face, pick=what == "space")
        return True

    def _face(self, code: str) -> Face:
        assert self.layout.module is not None
        return self.layout.module.face(code)

    def play_waiting(self) -> bool:
        """The next key that waited for a move's steps, if any: True when there was one."""
        waiting = self.keys.next()
        if waiting is not None:
            self.key(*waiting)
        return waiting is not None

    def click(self, button: str) -> bool:
        """A click on the page's button whose element id is ``button``: the intent it stands
        for (the tools, the notice, the end screen's and the statistics' buttons, the game's
        own ``act-ID``, the replay bar's ``rp-NAME``, the start screen's ``tile-GAME`` and
        ``daily-GAME``). False for an id that is none of them.

        >>> c = Controller(MemoryStorage())
        >>> c.click("tile-gyre"), c.screen, c.click("home"), c.screen, c.click("nothing")
        (True, 'game', True, 'start', False)
        """
        simple: dict[str, Callable[[], object]] = {
            "home": self.home, "undo": self.undo, "redo": self.redo, "restart": self.restart,
            "new": self.open_new_dialog, "resign": self.resign, "copy": self.copy_link, "help": self.show_rules,
            "notice-close": self.dismiss_notice, "notice-action": self.notice_action, "more": self.toggle_menu,
            "stats-open": self.show_stats, "stats-game": self.show_stats, "stats-reset": self.reset_stats,
            "stats-close": self.close_dialog, "deal-cancel": self.close_dialog, "hint": self.hint, "watch": self.watch,
            "verdict": self.ask_verdict}
        kind, _, name = button.partition("-")
        parts: dict[str, Callable[[str], object]] = {
            "summary": self.summary_action, "act": self.press, "rp": self.replay_control, "tile": self.open_game,
            "daily": lambda g: self.open_daily(g, self.stats.today())}
        if button in simple:
            simple[button]()
        elif kind in parts:
            parts[kind](name)
        else:
            return False
        return True

    def queued(self, item: Mapping[str, object], unit: float) -> None:
        """Input made on the board before Python was ready (see :func:`pyapp.pointer.queued_input`),
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
        or a choice, ``value``), the replay's position ``rp-seek`` or speed ``rp-speed``."""
        kind, _, name = control.partition("-")
        if kind == "rp":
            self.replay_control(name, value)
        elif kind == "set":  # kept at once, as every earlier build kept them
            self.settings = self.settings.with_theme(value) if name in CHOICES else self.settings.switch(name, checked)
            self.storage.set(SETTINGS_KEY, self.settings.dumps())
        else:
            return False
        return True

    # -- tools -------------------------------------------------------------------------
    def undo(self) -> None:
        """Take the last move back; right after Restart or a New deal, bring the game back."""
        session = self.session
        self._clear_transient()
        if session is None or not session.can_undo and self._backup is None:
            return
        if not session.can_undo and self._backup is not None:
            restored, self._backup = read_save(self._backup), None
            self._set_session(restored.session, restored.day, restored.clock)
            self.stats.reopen(restored.session.game.id, restored.session)
            return
        session.undo()
        self._summary_shown = session.status() != "playing"
        self._after_change()
        table = self.table_now()
        self._tell("Move undone.", sentence(table.prompt) if table is not None else "")

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo:
            self.play(self.session.redo_moves[0])

    def restart(self) -> None:
        session = self.session
        if session is None or not (session.moves or session.resigned):
            return
        backup = save_text(session, self.daily_day, self._elapsed())
        self.stats.abandon(session.game.id, session, self._elapsed())
        session.restart()
        self.time.clock = GameClock()  # the same deal again is a new game, timed afresh
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
            self.hand.selected = self.hand.picking = None
            self.resign_armed = True
            self._armed += 1
            return
        self.resign_armed = False
        self.repeating = ""
        session.resign()
        self.stats.changed(session.game.id, session, self._elapsed())
        self._after_change()

    def copy_link(self) -> None:
        self.menu_open = False
        if self.session is not None:
            self._copied = self.pending.copy = self.base_url + self.session.link().fragment()

    def toggle_menu(self) -> None:
        """The tools' overflow menu (Give up, Link, Rules and the settings on a phone)."""
        self.menu_open = not self.menu_open
        self.resign_armed = self.resign_armed and self.menu_open

    def hint(self) -> None:
        """The Hint tool (and the H key): light one good legal move on the table (its card,
        its place, its button or the cards to pick), or say that no move helps. Each hint
        shown counts in the statistics."""
        session, table = self.session, self.table_now()
        if session is None or table is None or self.screen != "game" or self.dialog is not None:
            return
        self._clear_transient()
        if session.status() != "playing":
            return
        solver = self.can_win.next_move(session)
        marks = locate_hint(table, solver) if solver is not None else hint_marks(session, table)
        if marks is None:
            self._say(NO_HINT)
            return
        self.hint_marks = marks
        self.stats.hinted(session.game.id, session)
        self._say(("The solver's next move. " if solver is not None else "") + hint_words(marks, table))

    def resize(self, width: float, height: float) -> bool:
        """The board's room in pixels (see :meth:`pyapp.layout.Layout.resize`); True when the table turned."""
        return self.layout.resize(width, height)

    def peek(self, pile_id: str | None) -> None:
        """Show every card of a squared pile (any other pile, or none, shows nothing)."""
        self._peek(pile_id)

    def _peek(self, pile_id: str | None) -> bool:
        table = self.table_now()
        if table is not None and self.layout.module is not None and pile_id is not None:
            self.dialog = peek_dialog(table, pile_id, self.layout.module.face) or self.dialog
        return self.dialog is not None and self.dialog.kind == "peek"

    # -- dialogs -----------------------------------------------------------------------
    def close_dialog(self) -> None:
        self.dialog = None
        self.reset_armed = False

    def show_rules(self) -> None:
        self.menu_open = False
        if self.layout.module is not None and self.session is not None:
            self.dialog = keys_dialog(self.keys_help(), f"{self.session.game.title}: rules", self.layout.module.help)

    def keys_help(self) -> tuple[tuple[str, str], ...]:
        """The keys, with what they do here (see :func:`pyapp.keys.keys_help`)."""
        return keys_help(self.table_now(), hint=True)

    def show_keys(self) -> None:
        """The Keys help alone (the ? key); the rules panel ends with it too."""
        self.menu_open = False
        self.dialog = keys_dialog(self.keys_help())

    def show_stats(self) -> None:
        """The Statistics dialog (from the start screen or a game; :meth:`view` fills it in)."""
        self._clear_transient()
        self.reset_armed = False
        self.dialog = Dialog("stats", "Statistics")

    def export_stats(self) -> str:
        """The statistics as JSON, for the binding to save as a file."""
        return self.stats.export()

    def import_stats(self, text: str) -> str:
        """Merge an exported file into the statistics (see :meth:`StatsKeeper.import_file`); the
        words are also the notice."""
        self.reset_armed = False
        message, failed = self.stats.import_file(text)
        self._say(message, error=failed)
        return message

    def reset_stats(self) -> None:
        """Erase the statistics, on a second press (the first arms it, like Give up)."""
        if self.reset_armed:
            self.stats.reset()
            self._say("Statistics reset.")
        self.reset_armed = not self.reset_armed

    def open_new_dialog(self) -> None:
        if self.session is not None:
            self._clear_transient()
            self.dialog = new_game_dialog(self.session.game, self.opener.next_options(self.session))

    def submit_new(self, values: dict[str, str]) -> None:
        """The New deal dialog's Deal: flags are "1" when ticked."""
        session, dialog = self.session, self.dialog
        if session is None or dialog is None or dialog.kind != "newgame":
            return
        try:
            options, seed = chosen_options(session.game, values)
        except OrbitError as exc:
            self.dialog = replace(dialog, error=str(exc))
            return
        level = values.get("level", "")
        if seed is None and (values.get("winnable") in ("1", "true", "on") or level.isdigit()):
            self.dialog = None  # the deal comes once the solver has found one
            self.can_win.hunt_for(session.game.id, options, int(level) if level.isdigit() else None)
            return
        self.new_deal(options, seed)

    def new_deal(self, options: str | None = None, seed: int | None = None) -> None:
        """A new deal of the current game (its last options unless given); Undo brings back the
        game it replaced if that was in progress (see :meth:`pyapp.opening.Opener.replaced`)."""
        session = self.session
        if session is None:
            return
        if self.daily_day is not None:
            self._save()  # today's deal stays in its own slot
        replaced, elapsed, backup = self.opener.replaced(session, self.daily_day, self._elapsed())
        self.notices.dismiss()
        if replaced is not None:
            self.stats.abandon(session.game.id, replaced, elapsed)
        options = self.opener.next_options(session) if options is None else options
        self._set_session(self.opener.fresh(session.game.id, options, seed))
        self._backup = backup
        if backup is not None:
            self._say("New deal. Undo brings your last game back.")

    def summary_action(self, what: str) -> None:
        """The end screen's buttons: new, again (the same deal), copy (the link), replay,
        undo, close (look at the table)."""
        self.dialog = None
        actions: dict[str, Callable[[], object]] = {"new": self.new_deal, "again": self.restart, "undo": self.undo,
                                                    "copy": self.copy_link, "replay": self.watch,
                                                    "best": self.watch_best}
        if what in actions:
            actions[what]()

    def _summary_dialog(self) -> Dialog:
        session, table = self.session, self.table_now()
        assert session is not None and table is not None
        dialog = summary_dialog(session, table, self.summary_extras(session))
        judged, line = self.can_win.judgement(session)
        return replace(dialog, compare=(*dialog.compare, judged), best=bool(line)) if judged else dialog

    # -- the timer -----------------------------------------------------------------------
    def _elapsed(self) -> int:
        return self.time.elapsed()

    def _sync_clock(self) -> None:
        """The timer runs while a game in progress, with a move made, is on the screen (not a
        replay) of a page that is shown; it is paused otherwise."""
        s = self.session
        self.time.sync(s is not None and self.screen == "game" and self.watching.replay is None
                       and bool(s.moves) and s.status() == "playing")

    def tick(self, now: float) -> str:
        """The binding's time: ``now`` in milliseconds on a clock that does not jump
        (``performance.now()``), passed at start-up, before each intent it can and every
        second. Returns the timer's text (as :attr:`View.timer`) for the status line.

        >>> c = Controller(MemoryStorage()); _ = c.tick(1_000); c.start("#g=gyre&s=42")
        >>> c.play(c.session.legal_moves()[0]); c.tick(63_000)
        '1:02'
        """
        self.time.at(now)
        self._sync_clock()
        return self.time.text()

    def visibility(self, hidden: bool, now: float) -> None:
        """The page was hidden or shown again: the timer pauses while it is hidden, and the
        game is saved as it hides (the page may be closing)."""
        self.time.at(now)
        self.time.hidden = hidden
        self._sync_clock()
        if hidden:
            self._save_time()

    # -- can I still win? ------------------------------------------------------------------
    def ask_verdict(self) -> None:
        """"Can I still win?" (the menu's button, the W key): the solver's verdict on the
        position on the table, at once when it is known, else once a search run between the
        page's frames (:meth:`fire`) ends; a move stops it."""
        session = self.session
        self.menu_open = False
        if session is None or self.screen != "game" or self.watching.replay is not None or self.dialog is not None \
                or session.status() != "playing" or session.resigned:
            return
        self.can_win.ask(session, self._move_words)

    def _standing(self) -> bool:
        """The setting keeps the verdict shown, and there is a game in progress on the screen."""
        s = self.session
        return self.settings.verdict and s is not None and self.screen == "game" and self.watching.replay is None \
            and s.status() == "playing" and not s.resigned

    def _move_words(self, n: int) -> str:
        """Move ``n`` (1 = the first) of the game on the table, in words."""
        assert self.session is not None
        before = self._table_of(self.session.states[n - 1])
        return move_name(before, self.session.moves[n - 1], lambda code: self._face(code).name)

    def undo_to(self, moves: int) -> None:
        """Undo back to the position after ``moves`` moves (the moves taken back wait on Redo)."""
        session = self.session
        if session is None or not 0 <= moves < len(session.moves):
            return
        while len(session.moves) > moves and session.can_undo:
            session.undo()
        self._clear_transient()
        self._summary_shown = session.status() != "playing"
        self._after_change()
        self._tell(f"Back to {'the deal' if not moves else f'move {moves}'}.")

    def show_line(self) -> None:
        """Show me: the solver's line from the position on the table, in the Watch viewer
        (Play from here takes the game over at any point of it)."""
        session = self.session
        line = self.can_win.line_to_watch(session) if session is not None else ()
        if session is None or not line:
            return
        link = session.link()
        replay = Replay(replace(link, moves=link.moves + line))
        replay.seek(len(link.moves))
        self._clear_transient()
        self.dialog = None
        self.watching.open(replay)
        self._sync_clock()

    def watch_best(self) -> None:
        """The end screen's Watch how: the solver's line from the deal, which did better."""
        session = self.session
        line = self.can_win.judgement(session)[1] if session is not None else ()
        if session is None or not line:
            return
        self._clear_transient()
        self.dialog = None
        self.watching.open(Replay(replace(session.link(), moves=line, resigned=False)))
        self._sync_clock()

    # -- watching a replay ------------------------------------------------------------------
    def watch(self) -> None:
        """Watch the moves of the game on the table: a replay over the game, from the deal, paused."""
        if self.session is None or not self.session.moves:
            return
        self._clear_transient()
        self.dialog = None
        self.watching.open(Replay.from_session(self.session))
        self.screen = "game"
        self._sync_clock()

    def replay_control(self, what: str, value: str = "") -> None:
        """The replay bar (:meth:`pyapp.watch.Watch.control`), and ``here``: play on from the
        position shown, a new game (the one watched stays counted as it ended), its later
        moves waiting on the Redo stack."""
        self.menu_open = False
        r = self.watching.replay
        if what == "here" and r is not None:
            session = r.play_from_here()
            self.watching.close()
            if self.session is not None:
                self.stats.abandon(self.session.game.id, self.session, self._elapsed())
            n = len(session.moves)
            said = f"Playing on from {'the deal' if not n else f'move {n}'}." + \
                (" Redo replays the moves that followed." if session.can_redo else "")
            self._open(self.opener.played_on(session, self.opener.daily_day(session, self.stats.today()), said))
            return
        stepped = self.watching.control(what, value)
        if what == "close":
            self._sync_clock()
        elif stepped and r is not None and not self.settings.instant:
            self.pending.frames = tuple(self._lay_out(self._table_of(s, interactive=False)) for s in r.steps()[:-1])

    # -- what the page shows ---------------------------------------------------------------
    def effects(self) -> Effects:
        """What happens once, for the intents since it was last asked: a move's forced steps,
        words for screen readers, a link to copy, the focus to move, a win to celebrate."""
        self.pending.celebrate = self.pending.celebrate and self.session is not None and self.session.status() == "won"
        moved, self.focus.moved = self.focus.moved, False
        return self.pending.take(moved)

    def fire(self, name: str, ticket: int) -> bool | float | None:
        """A :class:`~pyapp.view.Timer` of the view ran out: the notice goes, an armed Give up
        disarms, a playing replay steps on, the solver searches a slice; True when that changed
        what is shown, None when it must wait (a move's steps are shown, or a pointer is down):
        the binding tries later; a number of seconds when nothing changed but the same timer is
        to run again after them (the solver's next slice: nothing is drawn between slices).

        >>> c = Controller(MemoryStorage())
        >>> c.start("#g=gravity&s=42"); c.resign(); [t.name for t in c.view().timers]
        ['disarm']
        >>> c.fire("disarm", 0), c.fire("disarm", 1), c.resign_armed, c.view().timers
        (False, True, False, ())
        """
        if self.keys.animating or self.pointer.pressing:
            return None
        if name == "notice" and self.notices.expire(ticket):
            self.hand.nudge = None  # a card nudged settles as the notice that said why goes
        elif name == "disarm" and self.resign_armed and ticket == self._armed:
            self.resign_armed = False
        elif name == "replay":
            return self.watching.tick(ticket)
        elif name == "solve":
            judging = self.can_win.judging
            done = self.can_win.slice(ticket, self.session, self._move_words)
            if judging and not self.can_win.judging and self.dialog is not None and self.dialog.kind == "summary":
                self.dialog = self._summary_dialog()  # the end screen learns what the deal allowed
                self._tell(self.dialog.compare[-1] if self.dialog.compare else "")
                return True
            return done
        elif name == "verdict":
            return self.can_win.pause_over(ticket, self.session, self._standing(), self._move_words)
        elif name == "hunt":
            hunt = self.can_win.hunt_slice(ticket)
            if isinstance(hunt, Hunt) and hunt.verdict is not None and self.session is not None \
                    and self.session.game.id == hunt.game_id:  # (another game opened meanwhile: dropped)
                self.new_deal(hunt.options, hunt.seed)
                self.can_win.verdicts.remember(hunt.game_id, self.session.state, hunt.verdict)
                self.can_win.keep()
                self._say(f"Deal {hunt.seed}, after {hunt.tried} tried: the solver found a line that "
                          f"{'wins it' if hunt.level is None else f'reaches {hunt.verdict.score}'}.")
            return True if isinstance(hunt, Hunt) else hunt
        else:
            return False
        return True

    def _table_of(self, state: Any, interactive: bool = True) -> Table:
        assert self.session is not None
        return self.layout.table(state, self.session.resigned, self.settings.game, interactive)

    def table_now(self) -> Table | None:
        """The table of the current state (what the player can act on; nothing while a replay shows)."""
        s = self.session
        if s is None or self.layout.module is None or self.watching.replay is not None:
            return None
        return self.layout.current(s.state, s.resigned, self.settings.game)

    def _lay_out(self, table: Table) -> Board:
        """Lay out ``table`` with what the hand holds, the hint and the focus."""
        hint = self.hint_marks
        return self.layout.lay_out(table, replace(
            self.hand.marks(), movable=self.settings.marks, focus=self.focus.stop, hint_source=hint.source if hint
            else None, hint_target=hint.target if hint else None, hint_picks=hint.picks if hint else ()))

    def view(self) -> View:
        """What to show now: the start screen, the game, or the replay over it (see :mod:`pyapp.screens`)."""
        session, module, start = self.session, self.layout.module, self.screen == "start" or self.session is None
        today = self.stats.today()
        tiles = tuple(tile(g, bool(self.saves.raw(g.id)), self.stats.stats.daily_status(g.id, today) if start else None)
                      for g in all_games())
        dialog = self.dialog
        if dialog is not None and dialog.kind == "stats":  # the record as it is now, this game's first
            first = session.game.id if session is not None and not start else ""
            dialog = replace(dialog, stats=self.stats.stats.summary(today, first), armed=self.reset_armed)
        around = Around(tiles, self.notice, dialog, self.settings, self.menu_open,
                        module.settings if module is not None else ())
        if start or session is None or module is None:
            return around.view("start")
        if (r := self.watching.replay) is not None:
            shown = self._table_of(r.state, interactive=False)
            return replay_screen(around, session, shown, self._lay_out(shown),
                                 self.watching.bar(f"{session.game.title}, deal {session.seed}"), r.status(),
                                 self.watching.ticket)
        table = self.table_now()
        assert table is not None
        page = game_view(around, session, table, self._lay_out(table), picking=self.hand.picking,
                         hint_button=self.hint_marks.button if self.hint_marks else "", resign_armed=self.resign_armed,
                         armed=self._armed, backup=self._backup is not None, auto=self.auto_token() is not None,
                         elapsed_ms=self._elapsed())
        standing = self._standing()
        return replace(page, timers=(*page.timers, *self.can_win.timers(session, standing)),
                       verdict=self.can_win.line(session, standing))
