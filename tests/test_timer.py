"""The game's timer through the controller in CPython, with fake times: it starts with
the first move, pauses while the page is hidden or the start screen shows, is kept in
the save and resumed on a reload, stops at the end and is counted in the statistics,
starts afresh on Restart (and comes back with Undo), starts at zero from a bad save,
and hiding the page saves the time but never over another tab's game or a bad save."""

from __future__ import annotations

import json

from playing import controller, move, finished_session

from pyapp.app.saves import CURRENT_KEY, SAVE_PREFIX
from pyapp.games import get_game
from pyapp.app.session import Session



def test_the_timer_runs_from_the_first_move_pauses_when_hidden_and_is_saved() -> None:
    c = controller("#g=zodiac&s=12", now=1_000)
    assert c.view().timer == "0:00" and not c.time.clock.running  # nothing played yet
    c.tick(5_000)
    move(c)  # the clock starts with the first move (at the last time passed in)
    c.tick(65_000)
    assert c.view().timer == "1:00"
    c.visibility(True, 70_000)  # hidden: paused and saved
    assert not c.time.clock.running and c.tick(500_000) == "1:05"
    assert json.loads(c.storage.get(SAVE_PREFIX + "zodiac") or "")["timer"] == {"elapsed_ms": 65_000}
    c.visibility(False, 600_000)
    c.tick(610_000)
    assert c.view().timer == "1:15"
    c.home()  # the start screen: paused
    c.tick(700_000)
    c.open_game("zodiac")
    c.tick(705_000)
    assert c.view().timer == "1:20"
    # a reload (a new page, its own clock from 0) resumes the time from the save
    move(c)
    page = controller(c.view().address, c.storage.data, now=300)  # type: ignore[attr-defined]
    assert page.view().timer == "1:20" and page.time.clock.running
    page.tick(10_300)
    assert page.view().timer == "1:30"
    # and with no link at all
    assert controller("", c.storage.data, now=0).view().timer == "1:20"  # type: ignore[attr-defined]


def test_the_timer_stops_at_the_end_and_counts_in_the_statistics_and_restart_times_afresh() -> None:
    done = finished_session("gyre", 21)
    last = done.moves[-1]
    done = done.undone()
    c = controller(done.link().fragment(), now=0)
    c.tick(1_000)
    assert c.session is not None
    c.play(last)  # the last move: the game ends
    c.tick(3_000)
    assert not c.time.clock.running
    (r,) = c.stats.stats.results.values()
    assert r.elapsed_ms == c.time.clock.elapsed_ms
    c.dialogs.close()
    c.restart()
    assert c.time.clock.elapsed(10_000) == 0 and c.view().timer == "0:00"
    c.undo()  # Undo after Restart brings the game back, with its time
    assert c.session.status() == "finished" and c.time.clock.elapsed_ms == r.elapsed_ms


def test_a_bad_timer_in_a_save_starts_again_at_zero() -> None:
    s = Session.new(get_game("gyre"), 5)
    s = s.played(s.legal_moves()[0])
    data = json.loads(s.to_save())
    for bad in (-5, "x", None, [1]):
        data["timer"] = {"elapsed_ms": bad}
        c = controller("", {SAVE_PREFIX + "gyre": json.dumps(data), CURRENT_KEY: "gyre"})
        assert c.session is not None and c.session.moves == s.moves and c.view().timer == "0:00"


def test_hiding_the_page_saves_the_time_but_never_over_another_tabs_game_or_a_bad_save() -> None:
    c = controller("#g=gyre&s=6", now=0)
    move(c)
    c.tick(30_000)
    c.visibility(True, 30_000)
    assert json.loads(c.storage.get(SAVE_PREFIX + "gyre") or "")["timer"] == {"elapsed_ms": 30_000}
    c.visibility(False, 31_000)
    other = Session.new(get_game("gyre"), 6)
    other = other.played(other.legal_moves()[-1])  # another tab played on this game's save
    c.storage.set(SAVE_PREFIX + "gyre", other.to_save())
    c.tick(40_000)
    c.visibility(True, 40_000)
    assert c.storage.get(SAVE_PREFIX + "gyre") == other.to_save()
    c.visibility(False, 41_000)
    c.storage.set(SAVE_PREFIX + "gyre", "{not json")
    c.visibility(True, 42_000)
    c.home()
    assert c.storage.get(SAVE_PREFIX + "gyre") == "{not json"
