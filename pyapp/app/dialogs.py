"""The dialogs over the table: the rules and the keys, the statistics (export, import,
Reset on a second press), the New deal dialog (with its "Winnable deals only"), the end
screen's buttons and the squared pile shown whole. Each opens, acts and closes here; what
a dialog shows is built by :mod:`pyapp.app.screens`.

The dialogs' part of the app (see :mod:`pyapp.app.state`): it reads the state it acts on
and hands back what changes as :class:`~pyapp.app.state.Outcome` values; the end screen's
buttons are the controller's to dispatch.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage()); c.start("#g=gyre&s=42")
>>> c.dialogs.rules(); c.dialog.title
'Gyre: rules'
>>> c.dialogs.reset_stats(); c.ui.reset_armed, c.notice
(True, None)
>>> c.dialogs.reset_stats(); c.ui.reset_armed, c.notice.text
(False, 'Statistics reset.')
"""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Callable

from ..core.daily import DAILY_OPTIONS, daily_seed
from ..core.errors import OrbitError
from ..games import entry, get_view
from ..i18n import _
from ..stats.keeper import StatsKeeper
from ..ui.keys import keys_help
from ..ui.view import Dialog
from .can_win import CanWin
from .hunt import Hunter, pooled_words
from .opening import Opener
from .play import Play
from .screens import chosen_options, keys_dialog, new_game_dialog, peek_dialog, solver_help
from .state import ArmReset, Clear, Close, Looks, Menu, Now, Open, Outcome, Say


class Dialogs:
    """The dialogs' intents (see the module doc); the dialog shown is the state's ``ui.dialog``."""

    def __init__(self, now: Callable[[], Now], looks: Looks, emit: Callable[[Outcome], None], stats: StatsKeeper,
                 opener: Opener, can_win: CanWin, moves: Play, hunter: Hunter | None = None) -> None:
        self.now, self.looks, self.emit = now, looks, emit
        self.record, self.opener, self.can_win, self.moves = stats, opener, can_win, moves
        self.hunter = hunter if hunter is not None else Hunter(can_win, lambda *a, **k: None, lambda t: None)

    def close(self) -> None:
        self.emit(Outcome(ui=(Close(),)))

    def keys_help(self) -> tuple[tuple[str, str], ...]:
        """The keys, with what they do here (see :func:`pyapp.ui.keys.keys_help`)."""
        session = self.now().session
        points = session is not None and not entry(session.game.id).can_win  # (W asks for the best score)
        return keys_help(self.looks.table_now(), hint=True, points=points)

    def rules(self) -> None:
        """The rules of the game on the table, ending with the keys."""
        session = self.now().session
        if session is None:
            self.emit(Outcome(ui=(Menu(False),)))
            return
        # Translators: the rules dialog's title; the game's name is never translated.
        title = _("{game}: rules").format(game=session.game.title)
        html = get_view(session.game.id).help + "\n" + solver_help(entry(session.game.id).can_win)
        self.emit(Outcome(ui=(Menu(False), Open(keys_dialog(self.keys_help(), title, html)))))

    def keys(self) -> None:
        """The Keys help alone (the ? key)."""
        self.emit(Outcome(ui=(Menu(False), Open(keys_dialog(self.keys_help())))))

    def peek(self, pile_id: str | None) -> bool:
        """Show every card of a squared pile (any other pile, or none, shows nothing); True when shown."""
        session, table = self.now().session, self.looks.table_now()
        if table is not None and session is not None and pile_id is not None:
            dialog = peek_dialog(table, pile_id, get_view(session.game.id).face)
            if dialog is not None:
                self.emit(Outcome(ui=(Open(dialog),)))
        dialog = self.now().ui.dialog
        return dialog is not None and dialog.kind == "peek"

    # -- statistics ---------------------------------------------------------------------------
    def stats(self) -> None:
        """The Statistics dialog (from the start screen or a game; the view fills it in)."""
        self.emit(Outcome(ui=(Clear(), Open(Dialog("stats", _("Statistics"))))))

    def export_stats(self) -> str:
        """The statistics as JSON, for the binding to save as a file."""
        return self.record.export()

    def import_stats(self, text: str) -> str:
        """Merge an exported file into the statistics (see :meth:`StatsKeeper.import_file`); the
        words are also the notice."""
        message, failed = self.record.import_file(text)
        self.emit(Outcome(ui=(ArmReset(False),), say=Say(message, error=failed)))
        return message

    def reset_stats(self) -> None:
        """Erase the statistics, on a second press (the first arms it, like Give up)."""
        if self.now().ui.reset_armed:
            self.record.reset()
            self.emit(Outcome(ui=(ArmReset(False),), say=Say(_("Statistics reset."))))
        else:
            self.emit(Outcome(ui=(ArmReset(True),)))

    # -- a new deal -------------------------------------------------------------------------------
    def new_game(self) -> None:
        """The New deal dialog, with the game's last options."""
        session = self.now().session
        if session is not None:
            self.emit(Outcome(ui=(Clear(), Open(new_game_dialog(session.game, self.opener.next_options(session))))))

    def submit_new(self, values: dict[str, str]) -> None:
        """The New deal dialog's Deal: flags are "1" when ticked; "Winnable deals only" (or a
        level to reach) hands the deal to the solver's hunt."""
        now = self.now()
        session, dialog = now.session, now.ui.dialog
        if session is None or dialog is None or dialog.kind != "newgame":
            return
        try:
            options, seed = chosen_options(session.game, values)
        except OrbitError as exc:
            self.emit(Outcome(ui=(Open(replace(dialog, error=str(exc))),)))
            return
        level = values.get("level", "")
        if seed is None and (values.get("winnable") in ("1", "true", "on") or level.isdigit()):
            self.winnable(session.game.id, options, int(level) if level.isdigit() else None)
            return
        self.moves.new_deal(options, seed)

    def winnable(self, game_id: str, options: str, level: int | None) -> None:
        """"Winnable deals only" (``level``: a deal whose best score reaches it): a deal from the
        pool of these rules at once, one the player has not played (:mod:`pyapp.app.hunt`), searched
        for the record (in slices here; by the solver's worker, where it runs, as it searches every new
        position); else the solver's hunt, the deal coming once it has found one."""
        today = self.record.today()
        stats = self.record.stats
        played = {key[2] for key in stats.results if key[:2] == (game_id, options)} \
            | {key[2] for key in stats.open if key[:2] == (game_id, options)}
        avoid = {daily_seed(game_id, day) for day in (today, today - datetime.timedelta(days=1))} \
            if options == DAILY_OPTIONS else set()
        seed = self.hunter.pick(game_id, options, level, played, avoid)
        if seed is None:
            self.emit(Outcome(ui=(Close(),)))  # the deal comes once the solver has found one
            self.hunter.hunt_for(game_id, options, level)
            return
        self.moves.new_deal(options, seed)
        if not self.can_win.ahead:  # (a solver off the page's thread searches the new deal anyway)
            self.hunter.confirm(game_id, options, seed, level)
        self.emit(Outcome(say=Say(pooled_words(seed, self.hunter.best(game_id, options, seed)))))
