"""What the controller tests share: a controller opened on a link with its clocks set, moves
played by the first legal move, and a session played to its end."""

from __future__ import annotations

import datetime

from test_stats import Clock  # the statistics' wall clock (dates); every stamp differs

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.session import Session
from pyapp.games import get_game

UTC = datetime.timezone.utc


def controller(fragment: str = "", data: dict[str, str] | None = None, now: float = 0.0,
               when: datetime.datetime = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)) -> Controller:
    """A controller over ``data`` (a storage's keys), its timer at ``now`` and its statistics'
    date ``when``, started on ``fragment`` (the start screen or the last game when empty)."""
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.stats.clock = Clock(when)
    c.tick(now)
    c.start(fragment, "https://example.org/orbit/")
    return c


def move(c: Controller, n: int = 1) -> None:
    """``n`` moves on ``c``'s table, each the first legal move."""
    for _ in range(n):
        assert c.session is not None
        c.play(c.session.legal_moves()[0])


def finished_session(game_id: str, seed: int, options: str = "") -> Session:
    """A deal of ``game_id`` played by its first legal moves to its end."""
    s = Session.new(get_game(game_id), seed, options)
    while s.legal_moves():
        s = s.played(s.legal_moves()[0])
    return s


def settle(c: Controller) -> int:
    """Fire the view's ``solve`` timer until it is gone, as the page does: the solver's slices run
    (a verdict asked, a hint waiting for it). The slices run."""
    slices = 0
    while (ticket := next((t.ticket for t in c.view().timers if t.name == "solve"), None)) is not None:
        assert c.fire("solve", ticket) not in (False, None)
        slices += 1
        assert slices < 100_000
    return slices


def hinted(c: Controller) -> None:
    """Hint, as the player sees it: pressed, then the solver searches the position if it had not
    (:func:`settle`) and the hint is lit."""
    c.hint()
    settle(c)
