"""Issue 10's features through the controller in CPython, with fake times: today's
deal in a save of its own apart from the ordinary game, replays (stepping, seek,
play and pause, play from here), hints (legal over random positions of every
game, lit on the table, playable as lit, counted in the statistics), the timer
(paused while hidden, kept in the save) and Gyre's end-phase Auto-finish."""

from __future__ import annotations

import datetime
import json

import pytest
from test_stats import Clock  # the statistics' wall clock (dates); every stamp differs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyapp.app.hints as hints_mod
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.saves import CURRENT_KEY, DAILY_PREFIX, SAVE_PREFIX
from pyapp.core.daily import daily_link, daily_seed
from pyapp.app.hints import NO_HINT
from pyapp.app.saves import read_save
from pyapp.games import get_game, get_view
from pyapp.games.gyre.rules import GYRE, auto_finish_move, end_range
from pyapp.app.session import Session

UTC = datetime.timezone.utc
DAY = datetime.date(2025, 6, 1)


def controller(fragment: str = "", data: dict[str, str] | None = None, now: float = 0.0,
               when: datetime.datetime = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.stats.clock = Clock(when)
    c.tick(now)
    c.start(fragment, "https://example.org/orbit/")
    return c


def move(c: Controller, n: int = 1) -> None:
    for _ in range(n):
        assert c.session is not None
        c.play(c.session.legal_moves()[0])


def finished_session(game_id: str, seed: int, options: str = "") -> Session:
    s = Session.new(get_game(game_id), seed, options)
    while s.legal_moves():
        s.play(s.legal_moves()[0])
    return s


# -- today's deal: a save of its own ---------------------------------------------------------


def test_the_daily_deal_has_its_own_save_and_the_ordinary_game_is_kept() -> None:
    c = controller("#g=gyre&s=42")
    move(c, 2)
    ordinary = c.storage.get(SAVE_PREFIX + "gyre")
    assert ordinary is not None
    c.open_daily("gyre", DAY)
    assert c.session is not None and c.session.seed == daily_seed("gyre", DAY) and not c.session.moves
    assert c.daily_day == DAY and c.view().address == daily_link("gyre", DAY)  # an ordinary link
    move(c)
    assert c.storage.get(SAVE_PREFIX + "gyre") == ordinary  # untouched by the daily deal
    daily = read_save(c.storage.get(DAILY_PREFIX + "gyre") or "")
    assert daily.day == DAY and len(daily.session.moves) == 1 and c.storage.get(CURRENT_KEY) == "gyre@daily"
    # back to the ordinary game from the start screen: its two moves
    c.home()
    c.open_game("gyre")
    assert c.session.seed == 42 and len(c.session.moves) == 2 and c.daily_day is None
    move(c)
    assert c.storage.get(CURRENT_KEY) == "gyre" and read_save(c.storage.get(DAILY_PREFIX + "gyre") or "").day == DAY
    # and today's deal again: resumed with its move
    c.open_daily("gyre", DAY)
    assert c.session.seed == daily_seed("gyre", DAY) and len(c.session.moves) == 1
    # a reload resumes the daily deal, by its link or with no link
    for fragment in (c.view().address, ""):
        again = controller(fragment, c.storage.data)
        assert again.session is not None and again.daily_day == DAY and len(again.session.moves) == 1
        assert again.storage.get(SAVE_PREFIX + "gyre") == c.storage.get(SAVE_PREFIX + "gyre")
    # the next day's deal replaces the daily save, never the ordinary one
    c.stats.clock = Clock(datetime.datetime(2025, 6, 2, 12, tzinfo=UTC))
    c.open_daily("gyre", DAY + datetime.timedelta(days=1))
    assert c.session.seed == daily_seed("gyre", DAY + datetime.timedelta(days=1)) and not c.session.moves
    assert Session.from_save(c.storage.get(SAVE_PREFIX + "gyre") or "").seed == 42


def test_a_daily_link_opens_in_the_daily_save_and_new_from_it_replaces_the_ordinary_game_with_undo() -> None:
    c = controller("#g=square&s=7")
    move(c)
    c.open_link(daily_link("square", DAY))  # the link itself, as a friend would send it
    assert c.daily_day == DAY and Session.from_save(c.storage.get(SAVE_PREFIX + "square") or "").seed == 7
    move(c)
    c.new_deal(seed=99)  # a new deal replaces the ordinary game, the daily deal keeps its save
    assert c.daily_day is None and c.session is not None and c.session.seed == 99
    assert len(read_save(c.storage.get(DAILY_PREFIX + "square") or "").session.moves) == 1
    c.undo()  # brings the ordinary game back
    assert c.session.seed == 7 and len(c.session.moves) == 1 and c.daily_day is None
    # restarting the daily deal stays in its own save
    c.open_daily("square", DAY)
    c.restart()
    assert c.daily_day == DAY and Session.from_save(c.storage.get(SAVE_PREFIX + "square") or "").seed == 7


def test_a_corrupt_daily_save_is_set_aside_and_the_deal_dealt_again() -> None:
    c = controller("", {DAILY_PREFIX + "zodiac": "{nope", SAVE_PREFIX + "zodiac": Session.new(get_game("zodiac"), 3).to_save()})
    c.open_daily("zodiac", DAY)
    assert c.session is not None and c.session.seed == daily_seed("zodiac", DAY) and c.daily_day == DAY
    assert c.storage.get("orbit.corrupt.daily.zodiac") == "{nope"
    assert c.notice is not None and c.notice.error and "daily deal could not be read" in c.notice.text


def test_the_start_screen_says_how_todays_deals_stand() -> None:
    c = controller()
    states = {t.id: (t.daily_state, t.daily) for t in c.view().tiles}
    assert states["gyre"] == ("unplayed", "not played yet") and len(states) == 4
    c.open_daily("gyre", DAY)
    move(c)
    c.home()
    tiles = {t.id: t for t in c.view().tiles}
    assert tiles["gyre"].daily_state == "playing" and tiles["gyre"].daily == "in progress"
    assert tiles["square"].daily_state == "unplayed"
    c.open_daily("gyre", DAY)
    while c.session is not None and c.session.legal_moves():
        move(c)
    c.home()
    gyre = next(t for t in c.view().tiles if t.id == "gyre")
    assert c.session is not None and gyre.daily_state == "finished" and gyre.daily == f"played: {c.session.score()}"
    # a won deal says won, whatever follows that day
    from pyapp.stats.summary import Result
    c.stats.stats.record(Result("zodiac", "", daily_seed("zodiac", DAY), "2025-06-01T09:00:00Z", 104, True,
                                "2025-06-01T10:00:00Z", 400, "won", DAY.isoformat()))
    zodiac = next(t for t in c.view().tiles if t.id == "zodiac")
    assert (zodiac.daily_state, zodiac.daily) == ("won", "won")


# -- replays ----------------------------------------------------------------------------------


def watch_finished(game_id: str = "gyre", seed: int = 8, options: str = "") -> tuple[Controller, Session]:
    done = finished_session(game_id, seed, options)
    last = done.moves[-1]
    done.undo()
    c = controller(done.link().fragment())
    assert c.session is not None
    c.play(last)
    d = c.view().dialog
    assert d is not None and d.kind == "summary" and d.replay  # the end screen offers Watch replay
    c.dialogs.summary_action("replay")
    return c, done


def test_watch_a_finished_game_step_seek_and_play() -> None:
    c, done = watch_finished()
    assert c.session is not None
    moves = c.session.moves
    v = c.view()
    assert v.replay is not None and v.replay.index == 0 and v.replay.length == len(moves) and v.dialog is None
    assert v.address == c.session.link().fragment()  # the address keeps the game, not the replay
    game, module = get_game("gyre"), get_view("gyre")

    def shown(n: int) -> None:
        """The board shows the position after n moves, and nothing on it can be played."""
        view = c.view()
        assert view.replay is not None and view.replay.index == n
        state = Session.from_link(c.session.link()).initial  # type: ignore[union-attr]
        for token in moves[:n]:
            state = game.apply(state, token)
        table = module.table(state, c.layout.portrait, c.settings.game)
        assert view.board is not None
        assert {(x.pile, x.index): x.code for x in view.board.cards} == {
            (p.id, i): ("" if code == "??" or i < p.down else code) for p in table.piles for i, code in enumerate(p.cards)}
        assert not view.board.sources and view.buttons == () and not view.tools["undo"] and not view.auto

    shown(0)
    c.replay_control("forward")
    c.replay_control("forward")
    shown(2)
    c.replay_control("back")
    shown(1)
    c.replay_control("seek", str(len(moves) // 2))
    shown(len(moves) // 2)
    c.replay_control("seek", "999")  # clamped to the end
    shown(len(moves))
    c.replay_control("seek", "oops")  # never sent by the bar: nothing changes
    shown(len(moves))
    c.replay_control("start")
    shown(0)
    c.replay_control("end")
    shown(len(moves))
    c.replay_control("speed", "4")
    assert c.view().replay.speed == 4.0 and c.view().replay.interval_ms == 250  # type: ignore[union-attr]
    c.replay_control("speed", "3")  # not offered: unchanged
    assert c.view().replay.speed == 4.0  # type: ignore[union-attr]
    c.replay_control("play")  # at the end, playing starts from the deal
    assert c.view().replay.playing and c.view().replay.index == 0  # type: ignore[union-attr]
    for n in range(1, 4):
        timer = next(t for t in c.view().timers if t.name == "replay")
        assert c.fire("replay", timer.ticket)
        shown(n)
    c.replay_control("play")  # pause
    assert not any(t.name == "replay" for t in c.view().timers)
    assert not c.fire("replay", timer.ticket)  # the last timer, run out late: nothing
    shown(3)
    # taps, drops, buttons and keys do nothing to the game behind the replay
    c.tap("R0", 0)
    c.drop(("H", 0), "R0")
    c.press("rotate")
    assert c.session.moves == moves
    assert c.key("ArrowRight") and c.view().replay.index == 4  # type: ignore[union-attr]
    assert c.key("ArrowLeft") and c.view().replay.index == 3  # type: ignore[union-attr]
    assert c.key("Escape") and c.watching.replay is None and c.view().replay is None
    assert c.session.moves == moves and c.view().board is not None


def test_play_from_the_middle_of_a_replay_starts_a_new_game_there() -> None:
    c, done = watch_finished("square", 5)
    assert c.session is not None
    moves = c.session.moves
    counted = dict(c.stats.stats.results)
    assert len(counted) == 1
    half = len(moves) // 2
    c.replay_control("seek", str(half))
    c.replay_control("here")
    v = c.view()
    assert v.replay is None and c.session.moves == moves[:half] and c.session.redo_moves == moves[half:]
    assert v.address == Session.from_link(done.link()).link().fragment().split("&m=")[0] + "&m=" + ".".join(moves[:half])
    assert v.notice is not None and f"move {half}" in v.notice.text
    assert v.board is not None and v.board.sources and c.session.status() == "playing"
    c.play(c.session.legal_moves()[-1])  # a new game: the watched one stays counted as it ended
    while c.session.legal_moves():
        c.play(c.session.legal_moves()[-1])
    results = c.stats.stats.results
    assert len(results) == 2 and all(results[k] == r for k, r in counted.items())
    # Watch from the tools: the game so far
    c.undo()
    c.watch()
    assert c.view().replay is not None and c.view().replay.length == len(c.session.moves)  # type: ignore[union-attr]


def test_a_replay_of_a_given_up_game_ends_given_up() -> None:
    c = controller("#g=gravity&s=3")
    move(c, 3)
    c.resign()
    c.resign()
    c.dialogs.summary_action("replay")
    assert c.view().replay is not None
    c.replay_control("end")
    v = c.view()
    assert v.status == "finished" and v.replay is not None and v.replay.index == 3


# -- hints -------------------------------------------------------------------------------------

CONFIGS = [("gravity", ""), ("gravity", "hidden"), ("gyre", ""), ("gyre", "attrition"), ("gyre", "jokers,easy"),
           ("square", ""), ("square", "ends,wrap"), ("zodiac", "")]


def play_as_lit(c: Controller) -> None:
    """Play the hinted move the way its lights say: the lit card onto the lit place
    (or a tap on it), or the lit button, then the cards to pick."""
    marks = c.hint_marks
    assert marks is not None
    if marks.button:
        c.press(marks.button)
    elif marks.source is None:
        assert marks.target is not None
        c.tap(marks.target)
    else:
        c.drop(marks.source, marks.target)
    for place in marks.picks:
        c.tap(*place)
    if c.hand.picking is not None:
        c.press("pick-confirm")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CONFIGS), st.integers(1, 10**6), st.integers(0, 120), st.randoms(use_true_random=False))
def test_a_hint_is_a_legal_move_lit_on_the_table_and_plays_as_lit(config: tuple[str, str], seed: int, steps: int,
                                                                   rng: object) -> None:
    game_id, options = config
    s = Session.new(get_game(game_id), seed, options)
    for _ in range(steps):
        legal = s.legal_moves()
        if not legal:
            break
        s.play(legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]
    c = controller(s.link().fragment())
    c.dialogs.close()
    assert c.session is not None
    legal = c.session.legal_moves()
    c.hint()
    v = c.view()
    if c.session.status() != "playing":
        assert c.hint_marks is None and not v.tools["hint"]
        return
    marks = c.hint_marks
    if marks is None:
        assert v.notice is not None and v.notice.text == NO_HINT
        return
    assert marks.token in legal and v.notice is not None and v.notice.text.startswith("Hint:")
    assert v.board is not None
    lit = {(x.pile, x.index) for x in v.board.cards if {"hint-from", "hint-pick"} & set(x.classes)}
    assert lit == ({marks.source} if marks.source else set()) | set(marks.picks)
    if marks.target is not None:
        assert "hint-to" in next(p for p in v.board.piles if p.id == marks.target).classes
    if marks.button:
        assert next(b for b in v.buttons if b.id == marks.button).hint
    before = c.session.moves
    play_as_lit(c)
    assert c.session.moves == (*before, marks.token)
    assert c.hint_marks is None  # the lights go with the move


def test_hints_are_counted_per_game_and_variant_and_no_move_helps_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    c = controller("#g=gyre&v=1&o=jokers&s=4")
    assert c.session is not None
    c.hint()  # before the first move: counted once the game counts
    move(c)
    c.hint()
    c.hint()
    (o,) = c.stats.stats.open.values()
    assert o.hints == 3
    c.resign()
    c.resign()
    assert c.stats.stats.variant("gyre", "jokers").hints == 3 and c.stats.stats.variant("gyre", "").hints == 0
    summary = c.stats.stats.summary(DAY, "gyre")
    assert next(v for v in summary.variants if v.options == "jokers").hints == 3
    from pyapp.stats.markup import stats_html
    assert "<th>Hints used</th><td>3</td>" in stats_html(summary)  # the statistics dialog shows them
    c.hint()  # the game is over: no hint, nothing counted
    assert c.hint_marks is None and c.stats.stats.variant("gyre", "jokers").hints == 3
    d = controller("#g=square&s=2")
    monkeypatch.setattr(hints_mod, "hint_for", lambda session: None)
    d.hint()
    assert d.notice is not None and d.notice.text == NO_HINT and d.hint_marks is None
    assert d.key("h") and d.notice.text == NO_HINT


# -- the timer ----------------------------------------------------------------------------------


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
    done.undo()
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
    s.play(s.legal_moves()[0])
    data = json.loads(s.to_save())
    for bad in (-5, "x", None, [1]):
        data["timer"] = {"elapsed_ms": bad}
        c = controller("", {SAVE_PREFIX + "gyre": json.dumps(data), CURRENT_KEY: "gyre"})
        assert c.session is not None and c.session.moves == s.moves and c.view().timer == "0:00"


# -- Gyre's end phase: Auto-finish ----------------------------------------------------------------


def test_gyre_auto_finish_plays_the_end_phase_the_best_way_and_stops_on_any_action() -> None:
    for seed in range(1, 200):  # the first deal whose end phase, played this way, has a choice that matters
        s = Session.new(GYRE, seed)
        while s.status() == "playing" and end_range(s.state) is None:
            s.play(s.legal_moves()[0])
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
    assert c.view().auto and c.repeating == "autofinish"
    c.tap(None)  # any action stops it
    assert c.repeating == "" and not c.view().auto
    c.press("autofinish")
    while c.view().auto:
        c.auto()
    assert c.session is not None and c.session.status() == "finished" and c.session.score() == best[1]
    assert c.view().dialog is not None  # the end screen, once it is over


def test_hiding_the_page_saves_the_time_but_never_over_another_tabs_game_or_a_bad_save() -> None:
    c = controller("#g=gyre&s=6", now=0)
    move(c)
    c.tick(30_000)
    c.visibility(True, 30_000)
    assert json.loads(c.storage.get(SAVE_PREFIX + "gyre") or "")["timer"] == {"elapsed_ms": 30_000}
    c.visibility(False, 31_000)
    other = Session.new(get_game("gyre"), 6)
    other.play(other.legal_moves()[-1])  # another tab played on this game's save
    c.storage.set(SAVE_PREFIX + "gyre", other.to_save())
    c.tick(40_000)
    c.visibility(True, 40_000)
    assert c.storage.get(SAVE_PREFIX + "gyre") == other.to_save()
    c.visibility(False, 41_000)
    c.storage.set(SAVE_PREFIX + "gyre", "{not json")
    c.visibility(True, 42_000)
    c.home()
    assert c.storage.get(SAVE_PREFIX + "gyre") == "{not json"
