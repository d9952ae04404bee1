"""Gyre's Auto-finish, through the controller in CPython: offered in the end phase with
the best score it reaches, it plays the end phase that best way step by step, any action
stops it, and the end screen follows once the game is over."""

from __future__ import annotations

import datetime

import pytest
from test_stats import Clock  # the statistics' wall clock (dates); every stamp differs

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games.gyre.rules import GYRE, auto_finish_move, end_range
from pyapp.app.session import Session

UTC = datetime.timezone.utc


def controller(fragment: str = "", data: dict[str, str] | None = None, now: float = 0.0,
               when: datetime.datetime = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.stats.clock = Clock(when)
    c.tick(now)
    c.start(fragment, "https://example.org/orbit/")
    return c


def test_gyre_auto_finish_plays_the_end_phase_the_best_way_and_stops_on_any_action() -> None:
    for seed in range(1, 200):  # the first deal whose end phase, played this way, has a choice that matters
        s = Session.new(GYRE, seed)
        while s.status() == "playing" and end_range(s.state) is None:
            s = s.played(s.legal_moves()[0])
        best = end_range(s.state)
        if s.status() == "playing" and best is not None and best[0] < best[1]:
            token = auto_finish_move(s.state)
            assert token is not None
            if GYRE.status(GYRE.apply(s.state, token)) == "playing":  # more than one capture to play
                break
    else:
        pytest.fail("no end phase with a choice")
    c = controller(s.link().fragment())
    v = c.view()
    auto = next(b for b in v.buttons if b.id == "autofinish")
    assert auto.enabled and str(best[1]) in auto.title
    c.press("autofinish")
    assert c.view().auto and c.ui.repeating == "autofinish"
    c.tap(None)  # any action stops it
    assert c.ui.repeating == "" and not c.view().auto
    c.press("autofinish")
    while c.view().auto:
        c.auto()
    assert c.session is not None and c.session.status() == "finished" and c.session.score() == best[1]
    assert c.view().dialog is not None  # the end screen, once it is over
