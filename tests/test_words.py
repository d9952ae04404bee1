"""Issue 22, "A phone player never squints or guesses": what the controller decides.
Each test failed on the build before the issue's work."""

from __future__ import annotations

from pyapp.controller import Controller, MemoryStorage
from pyapp.games import get_game
from pyapp.session import Session

GYRE_7 = "#g=gyre&v=1&o=&s=7&m=C6H0.P0.C7D4.P4.C4C3.P3.CTS0.P0.C7S0.P0"


def watching(fragment: str) -> Controller:
    c = Controller(MemoryStorage())
    c.start(fragment)
    assert c.click("watch")
    return c


def test_watch_names_each_move_in_words_not_its_code() -> None:
    c = watching(GYRE_7)
    c.click("rp-forward")
    bar = c.view().replay
    assert bar is not None and bar.where.startswith("Move 1 of 10: ")
    said = bar.where.split(": ", 1)[1]
    assert "C6H0" not in said and " to " in said and said[0].isupper(), said
    for g, fragment in (("gravity", "#g=gravity&s=7"), ("square", "#g=square&s=7"), ("zodiac", "#g=zodiac&s=7")):
        s = Session.new(get_game(g), 7)
        s.play(s.legal_moves()[0])
        c = watching(s.link().fragment())
        c.click("rp-forward")
        where = c.view().replay.where  # type: ignore[union-attr]
        assert s.moves[0] not in where and " to " in where, (g, where)


def test_replay_controls_used_while_a_step_is_shown_wait_and_all_count() -> None:
    c = watching(GYRE_7)
    c.busy(True)  # the binding shows the first step's forced steps
    for _ in range(5):
        c.click("rp-forward")
    c.change("rp-speed", "4")
    r = c.watching.replay
    assert r is not None and r.index == 0  # nothing skipped ahead of the steps on the screen
    c.busy(False)
    while c.play_waiting():
        pass
    assert r.index == 5 and r.speed == 4.0
