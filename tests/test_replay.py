"""Watching a game again (Watch replay), through the controller in CPython: a finished
game is stepped, sought, played and paused, at a chosen speed and by keys, while the
board accepts no move; playing on from its middle starts a new game there; a given-up
game's replay ends given up; each step names its move in words, not its code; replay
controls used while a step is on the screen wait their turn and all count; and playing
on from a finished daily deal's replay keeps that deal's result."""

from __future__ import annotations


from playing import controller, move, finished_session

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game, get_view
from pyapp.app.session import Session


GYRE_7 = "#g=gyre&v=1&o=&s=7&m=C6H0.P0.C7D4.P4.C4C3.P3.CTS0.P0.C7S0.P0"


def watch_finished(game_id: str = "gyre", seed: int = 8, options: str = "") -> tuple[Controller, Session]:
    done = finished_session(game_id, seed, options)
    last = done.moves[-1]
    done = done.undone()
    c = controller(done.link().fragment())
    assert c.session is not None
    c.play(last)
    d = c.view().dialog
    assert d is not None and d.kind == "summary" and d.replay  # the end screen offers Watch replay
    c.summary_action("replay")
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
    c.summary_action("replay")
    assert c.view().replay is not None
    c.replay_control("end")
    v = c.view()
    assert v.status == "finished" and v.replay is not None and v.replay.index == 3


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
        s = s.played(s.legal_moves()[0])
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
    r = c.watching.replay
    assert r is not None and r.index == 5 and r.speed == 4.0


def test_playing_on_from_a_replay_of_a_finished_daily_deal_keeps_its_result() -> None:
    c = Controller(MemoryStorage())
    c.start("")
    c.open_daily("gyre", c.stats.today())
    assert c.session is not None and c.daily_day is not None
    while c.session.status() == "playing":
        c.play(c.session.legal_moves()[0])
    before = c.stats.stats.daily_status("gyre", c.stats.today())
    assert before.state in ("finished", "lost", "won"), before
    c.dialogs.close()
    c.watch()
    c.replay_control("seek", "3")
    c.replay_control("here")
    assert c.session is not None and len(c.session.moves) == 3 and c.daily_day is None  # an ordinary game now
    assert c.stats.stats.daily_status("gyre", c.stats.today()) == before
    c.home()
    assert c.view().tiles[[t.id for t in c.view().tiles].index("gyre")].daily_state == before.state
