"""The app's state slices change only by their reducers, which are pure functions over plain
values: the page around the game (:func:`pyapp.app.state.reduce_ui`) and the notice
(:func:`pyapp.app.state.reduce_told`). No app is built here; the parts that hand back
outcomes are tested with a snapshot and a list that collects what they emit."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from hypothesis import given
from hypothesis import strategies as st

from pyapp.app.can_win import CanWin
from pyapp.app.dialogs import Dialogs
from pyapp.app.opening import Opener
from pyapp.app.play import Play
from pyapp.app.saves import Saves
from pyapp.app.state import (NOTICE_ACTION_SECONDS, NOTICE_SECONDS, Arm, ArmReset, Clear, Close, CloseTip, Disarm,
                             Dismiss, Expire, HintMarks, Lit, Menu, Now, Open, Outcome, Repeat, Say, Show, Told, Ui,
                             UiIntent, Unkept, Watching, acted, reduce_told, reduce_ui, reduce_watching)
from pyapp.app.replay import Replay
from pyapp.app.watch import watch_game
from pyapp.app.session import Session
from pyapp.core.settings import Settings
from pyapp.core.storage import MemoryStorage
from pyapp.core.table import Face, Table
from pyapp.games import get_game, get_view
from pyapp.stats.keeper import StatsKeeper
from pyapp.ui.view import Board, Dialog

STATS = Dialog("stats", "Statistics")
UI_INTENTS: st.SearchStrategy[UiIntent] = st.one_of(
    st.just(Show("start")), st.just(Show("game")), st.just(Open(STATS)), st.just(Close()), st.just(Clear()),
    st.sampled_from([None, True, False]).map(Menu), st.just(Arm()), st.sampled_from([None, 0, 1, 2]).map(Disarm),
    st.sampled_from(["", "auto"]).map(Repeat), st.sampled_from([None, HintMarks("b4")]).map(Lit),
    st.booleans().map(ArmReset), st.sampled_from(["gyre", "zodiac"]).map(CloseTip))


def test_each_ui_intent_changes_what_it_names() -> None:
    ui = Ui(screen="game")
    assert reduce_ui(ui, Show("start")) == replace(ui, screen="start")
    opened = reduce_ui(reduce_ui(ui, ArmReset(True)), Open(STATS))
    assert opened.dialog == STATS and not opened.reset_armed  # a dialog opens with its Reset disarmed
    assert reduce_ui(reduce_ui(opened, ArmReset(True)), Close()) == ui
    busy = replace(ui, hint=HintMarks("b4"), resign_armed=True, repeating="auto", menu_open=True, armed=3)
    assert reduce_ui(busy, Clear()) == replace(ui, armed=3)  # the ticket count stays: old timers stay stale
    assert reduce_ui(busy, Lit(None)).hint is None and reduce_ui(ui, Repeat("auto")).repeating == "auto"
    closed = reduce_ui(reduce_ui(ui, CloseTip("gyre")), Clear())
    assert closed.tips_closed == {"gyre"} and reduce_ui(closed, CloseTip("zodiac")).tips_closed == {"gyre", "zodiac"}


def test_give_up_arms_once_and_only_its_own_timer_disarms_it() -> None:
    first = reduce_ui(Ui(), Arm())
    second = reduce_ui(reduce_ui(first, Disarm()), Arm())
    assert (first.resign_armed, first.armed, second.armed) == (True, 1, 2)
    assert reduce_ui(second, Disarm(first.armed)) == second  # the first press's timer is stale
    assert not reduce_ui(second, Disarm(second.armed)).resign_armed


def test_the_more_button_turns_the_menu_and_give_up_lives_in_it() -> None:
    armed_in_menu = reduce_ui(reduce_ui(Ui(), Menu()), Arm())
    assert armed_in_menu.menu_open and armed_in_menu.resign_armed
    closed = reduce_ui(armed_in_menu, Menu())
    assert not closed.menu_open and not closed.resign_armed
    assert reduce_ui(armed_in_menu, Menu(False)) == replace(armed_in_menu, menu_open=False)  # closed by another tool


@given(st.lists(UI_INTENTS, max_size=12))
def test_the_ui_reducer_is_pure_and_total(intents: list[UiIntent]) -> None:
    ui = Ui()
    for intent in intents:
        again = reduce_ui(ui, intent)
        assert reduce_ui(ui, intent) == again  # the same state and intent, the same result
        assert again.armed >= ui.armed and (again.dialog is None or again.dialog == STATS)
        if again.resign_armed and not ui.resign_armed:
            assert isinstance(intent, Arm)
        ui = again
    assert reduce_ui(ui, Clear()).hint is None


def test_a_notice_stays_for_its_time_and_only_its_own_timer_ends_it() -> None:
    plain = reduce_told(Told(), Say("Restarted."))
    assert plain.shown is not None and plain.shown.timeout == NOTICE_SECONDS
    offer = reduce_told(plain, Say("Winnable from here.", ("Show me", "show-line")))
    assert offer.shown is not None and offer.shown.timeout == NOTICE_ACTION_SECONDS and offer.serial == 2
    assert reduce_told(offer, Expire(1)) == offer  # the first notice's timer, late
    assert reduce_told(offer, Expire(2)).shown is None
    assert acted(offer) == "show-line" and acted(offer, more=True) == ""


def test_errors_and_lasting_notices_stay_until_dismissed_and_survive_a_move() -> None:
    error = reduce_told(Told(), Say("That link could not be read.", error=True))
    lasting = reduce_told(Told(), Say("Copy this link: …", lasting=True))
    assert error.shown is not None and error.shown.timeout == 0 and lasting.shown is not None
    assert lasting.shown.timeout == 0
    assert reduce_told(error, Dismiss(stale=True)) == error  # a move does not drop an error
    assert reduce_told(lasting, Dismiss(stale=True)).shown is None
    assert reduce_told(error, Dismiss()).shown is None and reduce_told(error, Dismiss()).serial == error.serial


def now_with(session: Session | None, ui: Ui = Ui(screen="game")) -> Now:
    return Now(ui, session, None, Settings(), 0, Watching())


def test_watch_hands_back_a_replay_from_the_deal_over_a_closed_dialog() -> None:
    game = get_game("gyre")
    session = Session.new(game, 42)
    assert watch_game(now_with(session)) is None  # no move to watch
    session = session.played(session.legal_moves()[0])
    outcome = watch_game(now_with(session, Ui(screen="start", dialog=STATS)))
    assert outcome is not None and outcome.watch is not None and outcome.watch.replay is not None \
        and outcome.watch.replay.index == 0 and outcome.watch.ticket == 1
    assert outcome.sync and outcome.ui == (Clear(), Close(), Show("game"))
    ui = Ui(screen="start", dialog=STATS)
    for intent in outcome.ui:
        ui = reduce_ui(ui, intent)
    assert ui == Ui(screen="game")


class Looks:
    """How a position looks, worked out from the game's own table alone (no layout, no app)."""

    def __init__(self, now: Callable[[], Now]) -> None:
        self.now = now

    def table_of(self, state: Any, interactive: bool = True) -> Table:
        session = self.now().session
        assert session is not None
        return get_view(session.game.id).table(state, False, frozenset(), refusals=interactive)

    def table_now(self) -> Table | None:
        session = self.now().session
        return self.table_of(session.state) if session is not None else None

    def lay_out(self, table: Table) -> Board:
        raise AssertionError("no motion asked for: the settings say instant")

    def face(self, code: str) -> Face:
        session = self.now().session
        assert session is not None
        return get_view(session.game.id).face(code)

    def auto_token(self) -> str | None:
        return None


class Parts:
    """The game parts over a state of plain values: what they emit is collected, then applied
    to the page around the game by the reducer alone."""

    def __init__(self, session: Session) -> None:
        storage = MemoryStorage()
        self.ui, self.session, self.emitted = Ui(screen="game"), session, list[Outcome]()
        self.stats = StatsKeeper(storage)
        opener = Opener(Saves(storage))
        looks = Looks(self.now)
        can_win = CanWin(lambda *a, **k: None, lambda words: None, storage)
        self.play = Play(self.now, looks, self.emit, self.stats, opener, can_win)
        self.dialogs = Dialogs(self.now, looks, self.emit, self.stats, opener, can_win, self.play)

    def now(self) -> Now:
        return Now(self.ui, self.session, None, Settings(instant=True), 1_000, Watching())

    def emit(self, outcome: Outcome) -> None:
        self.emitted.append(outcome)
        self.session = outcome.session or self.session
        for intent in outcome.ui:
            self.ui = reduce_ui(self.ui, intent)


def test_give_up_asks_twice_then_ends_the_game_and_opens_the_end_screen() -> None:
    parts = Parts(Session.new(get_game("square"), 5))
    parts.play.play(parts.session.legal_moves()[0])
    parts.emitted.clear()
    parts.play.resign()
    assert parts.emitted == [Outcome(ui=(Arm(),), drop_hand=True)] and parts.ui.resign_armed
    assert parts.session.status() == "playing"
    parts.play.resign()
    assert parts.session.resigned and not parts.ui.resign_armed
    assert parts.ui.dialog is not None and parts.ui.dialog.kind == "summary"
    assert any(o.save and o.sync for o in parts.emitted)  # the game given up is saved
    assert parts.stats.stats.results  # and counted


def test_reset_of_the_statistics_takes_a_second_press() -> None:
    parts = Parts(Session.new(get_game("gyre"), 42))
    parts.play.play(parts.session.legal_moves()[0])
    parts.play.resign()
    parts.play.resign()
    parts.dialogs.stats()
    assert parts.ui.dialog is not None and parts.ui.dialog.kind == "stats" and not parts.ui.reset_armed
    parts.dialogs.reset_stats()
    assert parts.ui.reset_armed and parts.stats.stats.results
    parts.dialogs.reset_stats()
    assert not parts.ui.reset_armed and not parts.stats.stats.results
    assert parts.emitted[-1].say == Say("Statistics reset.")


# -- the replay slice: a frozen value changed by reduce_watching and ticked ----------------------
def test_the_replay_slice_steps_by_value_and_leaves_the_old_one_as_it_was() -> None:
    tape = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1.R")
    w0 = Watching().opened(tape)
    w1, stepped = reduce_watching(w0, "forward")
    assert stepped and w1.replay is not None and w1.replay.index == 1 and w1.ticket == w0.ticket + 1
    assert w0.replay is not None and w0.replay.index == 0  # the old value is unchanged
    w2, stepped = reduce_watching(w1, "back")
    assert not stepped and w2.replay is not None and w2.replay.index == 0
    w3, stepped = reduce_watching(w2, "end")
    assert not stepped and w3.replay is not None and w3.replay.at_end
    w4, _ = reduce_watching(w3, "seek", "1")
    assert w4.replay is not None and w4.replay.index == 1
    for bad in (("seek", "x"), ("speed", "3"), ("speed", "fast"), ("dance", "")):
        w5, stepped = reduce_watching(w4, *bad)
        assert not stepped and w5.replay == w4.replay and w5.ticket == w4.ticket + 1
    w6, _ = reduce_watching(w4, "speed", "8")
    assert w6.replay is not None and w6.replay.speed == 8.0 and w6.replay.interval_ms == 125
    closed, _ = reduce_watching(w6, "close")
    assert closed.replay is None and reduce_watching(closed, "forward") == (Watching(None, closed.ticket + 1), False)


def test_a_playing_replay_steps_on_its_own_ticket_only_and_stops_at_the_end() -> None:
    w, _ = reduce_watching(Watching().opened(Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1")), "play")
    assert w.replay is not None and w.replay.playing
    assert w.ticked(w.ticket - 1) is None  # a timer set before the last control does nothing
    once = w.ticked(w.ticket)
    assert once is not None and once.replay is not None and once.replay.index == 1 and once.replay.playing
    twice = once.ticked(once.ticket)
    assert twice is not None and twice.replay is not None and twice.replay.at_end and not twice.replay.playing
    assert twice.ticked(twice.ticket) is None  # paused at the end
    paused, _ = reduce_watching(w, "play")  # play again: pauses
    assert paused.replay is not None and not paused.replay.playing
    again, _ = reduce_watching(twice, "play")  # from the end: plays from the deal
    assert again.replay is not None and again.replay.playing and again.replay.index == 0


def test_the_device_not_keeping_the_game_is_a_flag_of_the_page_said_once_and_unsaid() -> None:
    ui = reduce_ui(Ui(), Unkept(True))
    assert ui.unkept and reduce_ui(ui, Clear()).unkept  # an action on the table does not forget it
    assert not reduce_ui(ui, Unkept(False)).unkept
