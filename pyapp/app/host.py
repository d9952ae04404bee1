"""What the controller's parts may use of it: the game on the table and the shared parts
(:class:`Host`), named once so that each part (:mod:`pyapp.app.play`, :mod:`pyapp.app.asking`,
:mod:`pyapp.app.dialogs`, :mod:`pyapp.app.tabs`) says exactly what it reaches for, and is tested through the one
thing that has it all, :class:`pyapp.app.controller.Controller`.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> host: Host = Controller(MemoryStorage())  # a controller is a host (mypy checks it)
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from .asking import Asking
    from .can_win import CanWin
    from ..core.clock import GameClock, Playtime
    from ..ui.hand import Hand
    from .hints import HintMarks
    from ..ui.layout import Layout
    from .notices import Notices, Pending
    from .opening import Opened, Opener
    from .play import Play
    from .saves import Saves
    from ..core.storage import Storage
    from .session import Session
    from ..core.settings import Settings
    from ..stats.keeper import StatsKeeper
    from ..core.table import Face, Table
    from ..ui.view import Board, Dialog
    from .watch import Watch


class Host(Protocol):
    """The controller as its parts see it."""

    session: Session | None
    daily_day: datetime.date | None
    screen: Literal["start", "game"]
    dialog: Dialog | None
    settings: Settings
    stats: StatsKeeper
    storage: Storage
    saves: Saves
    opener: Opener
    layout: Layout
    hand: Hand
    watching: Watch
    pending: Pending
    notices: Notices
    can_win: CanWin
    time: Playtime
    hint_marks: HintMarks | None
    repeating: str
    menu_open: bool
    resign_armed: bool
    moves: Play
    asking: Asking

    def say(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
            lasting: bool = False, more: tuple[str, str] | None = None) -> None: ...

    def tell(self, *words: str) -> None: ...

    def clear_transient(self) -> None: ...

    def set_session(self, session: Session, day: datetime.date | None = None,
                    clock: GameClock | None = None) -> None: ...

    def save(self) -> None: ...

    def stored_settings(self) -> Settings: ...

    def put_on_table(self, *opened: Opened) -> bool: ...

    def elapsed(self) -> int: ...

    def sync_clock(self) -> None: ...

    def auto_token(self) -> str | None: ...

    def table_now(self) -> Table | None: ...

    def table_of(self, state: Any, interactive: bool = True) -> Table: ...

    def lay_out(self, table: Table) -> Board: ...

    def face(self, code: str) -> Face: ...

    def copy_link(self) -> None: ...

    def watch(self) -> None: ...
