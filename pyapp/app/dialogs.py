"""The dialogs over the table: the rules and the keys, the statistics (export, import,
Reset on a second press), the New deal dialog (with its "Winnable deals only"), the end
screen's buttons and the squared pile shown whole. Each opens, acts and closes here; what
a dialog shows is built by :mod:`pyapp.app.screens`.

A part of :class:`pyapp.app.controller.Controller`, which it reaches through
:class:`pyapp.app.host.Host`.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage()); c.start("#g=gyre&s=42")
>>> c.dialogs.rules(); c.dialog.title
'Gyre: rules'
>>> c.dialogs.reset_stats(); c.dialogs.reset_armed, c.notice
(True, None)
>>> c.dialogs.reset_stats(); c.dialogs.reset_armed, c.notice.text
(False, 'Statistics reset.')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..core.errors import OrbitError
from .host import Host
from ..i18n import _
from ..ui.keys import keys_help
from .screens import chosen_options, keys_dialog, new_game_dialog, peek_dialog
from ..ui.view import Dialog


class Dialogs:
    """The dialogs' intents (see the module doc); the dialog shown is the host's ``dialog``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        #: The statistics dialog's Reset was pressed once.
        self.reset_armed = False

    def close(self) -> None:
        self.host.dialog = None
        self.reset_armed = False

    def keys_help(self) -> tuple[tuple[str, str], ...]:
        """The keys, with what they do here (see :func:`pyapp.ui.keys.keys_help`)."""
        return keys_help(self.host.table_now(), hint=True)

    def rules(self) -> None:
        """The rules of the game on the table, ending with the keys."""
        h = self.host
        h.menu_open = False
        if h.layout.module is not None and h.session is not None:
            # Translators: the rules dialog's title; the game's name is never translated.
            title = _("{game}: rules").format(game=h.session.game.title)
            h.dialog = keys_dialog(self.keys_help(), title, h.layout.module.help)

    def keys(self) -> None:
        """The Keys help alone (the ? key)."""
        self.host.menu_open = False
        self.host.dialog = keys_dialog(self.keys_help())

    def peek(self, pile_id: str | None) -> bool:
        """Show every card of a squared pile (any other pile, or none, shows nothing); True when shown."""
        h = self.host
        table = h.table_now()
        if table is not None and h.layout.module is not None and pile_id is not None:
            h.dialog = peek_dialog(table, pile_id, h.layout.module.face) or h.dialog
        return h.dialog is not None and h.dialog.kind == "peek"

    # -- statistics ---------------------------------------------------------------------------
    def stats(self) -> None:
        """The Statistics dialog (from the start screen or a game; the view fills it in)."""
        self.host.clear_transient()
        self.reset_armed = False
        self.host.dialog = Dialog("stats", _("Statistics"))

    def export_stats(self) -> str:
        """The statistics as JSON, for the binding to save as a file."""
        return self.host.stats.export()

    def import_stats(self, text: str) -> str:
        """Merge an exported file into the statistics (see :meth:`StatsKeeper.import_file`); the
        words are also the notice."""
        self.reset_armed = False
        message, failed = self.host.stats.import_file(text)
        self.host.say(message, error=failed)
        return message

    def reset_stats(self) -> None:
        """Erase the statistics, on a second press (the first arms it, like Give up)."""
        if self.reset_armed:
            self.host.stats.reset()
            self.host.say(_("Statistics reset."))
        self.reset_armed = not self.reset_armed

    # -- a new deal and the end screen -----------------------------------------------------------
    def new_game(self) -> None:
        """The New deal dialog, with the game's last options."""
        h = self.host
        if h.session is not None:
            h.clear_transient()
            h.dialog = new_game_dialog(h.session.game, h.opener.next_options(h.session))

    def submit_new(self, values: dict[str, str]) -> None:
        """The New deal dialog's Deal: flags are "1" when ticked; "Winnable deals only" (or a
        level to reach) hands the deal to the solver's hunt."""
        h = self.host
        session, dialog = h.session, h.dialog
        if session is None or dialog is None or dialog.kind != "newgame":
            return
        try:
            options, seed = chosen_options(session.game, values)
        except OrbitError as exc:
            h.dialog = replace(dialog, error=str(exc))
            return
        level = values.get("level", "")
        if seed is None and (values.get("winnable") in ("1", "true", "on") or level.isdigit()):
            h.dialog = None  # the deal comes once the solver has found one
            h.can_win.hunt_for(session.game.id, options, int(level) if level.isdigit() else None)
            return
        h.moves.new_deal(options, seed)

    def summary_action(self, what: str) -> None:
        """The end screen's buttons: new, again (the same deal), copy (the link), replay,
        undo, best (the solver's line), close (look at the table)."""
        h = self.host
        h.dialog = None
        actions: dict[str, Callable[[], object]] = {
            "new": h.moves.new_deal, "again": h.moves.restart, "undo": h.moves.undo, "copy": h.copy_link,
            "replay": h.watch, "best": h.asking.watch_best}
        if what in actions:
            actions[what]()
