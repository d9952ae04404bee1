"""How the state looks: the table of a position, the table the player acts on, its board
laid out with what the hand holds, the hint and the focus, and the move to play by itself.
Each is a projection of the state (:class:`~pyapp.app.state.Now`): asking changes nothing
of it (the layout keeps what it worked out last, and the cards' element ids).

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage()); c.start("#g=gyre&s=42")
>>> c.tables.board() == c.view().board, c.tables.table_now() is c.tables.table_now()
(True, True)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..core.table import Face, Table
from ..ui.hand import Hand
from ..ui.keys import Focus
from ..ui.layout import Layout
from ..ui.view import Board
from .state import Now


class Tables:
    """The tables and boards of the state ``now`` returns (a :class:`~pyapp.app.state.Looks`)."""

    def __init__(self, now: Callable[[], Now], layout: Layout, hand: Hand, focus: Focus) -> None:
        self.now, self.layout, self.hand, self.focus = now, layout, hand, focus

    def table_of(self, state: object, interactive: bool = True) -> Table:
        """The table of ``state``, a position of the game on the table (see :meth:`Layout.table`)."""
        now = self.now()
        assert now.session is not None
        return self.layout.table(state, now.session.resigned, now.settings.game, interactive)

    def table_now(self) -> Table | None:
        """The table of the current state (what the player can act on; nothing while a replay shows)."""
        now = self.now()
        s = now.session
        if s is None or self.layout.module is None or now.replay is not None:
            return None
        return self.layout.current(s.state, s.resigned, now.settings.game)

    def lay_out(self, table: Table) -> Board:
        """Lay out ``table`` with what the hand holds, the hint and the focus."""
        now = self.now()
        hint = now.ui.hint
        return self.layout.lay_out(table, replace(
            self.hand.marks(), movable=now.settings.marks, focus=self.focus.stop, hint_source=hint.source if hint
            else None, hint_target=hint.target if hint else None, hint_picks=hint.picks if hint else ()))

    def board(self) -> Board | None:
        """The board of the state on the screen, as the view draws it: where pointer input looks,
        whatever was drawn before (None on the start screen)."""
        now = self.now()
        if now.session is None or self.layout.module is None or now.ui.screen == "start":
            return None
        if now.replay is not None:
            return self.lay_out(self.table_of(now.replay.state, interactive=False))
        table = self.table_now()
        return self.lay_out(table) if table is not None else None

    def face(self, code: str) -> Face:
        assert self.layout.module is not None
        return self.layout.module.face(code)

    def auto_token(self) -> str | None:
        """The move to play by itself now: the repeating button's at work (while the table has it),
        else the one the game's settings ask for, if any."""
        now = self.now()
        session, module = now.session, self.layout.module
        if session is None or module is None or session.resigned or now.ui.screen != "game" or now.replay:
            return None
        if now.ui.repeating:
            table = self.table_now()
            token = next((b.token for b in table.buttons if b.id == now.ui.repeating), None) if table else None
            if token is not None:
                return token
        return module.auto_token(session.state, now.settings.game)
