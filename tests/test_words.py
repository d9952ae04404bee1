"""Issue 22, "A phone player never squints or guesses": what the controller decides.
Each test failed on the build before the issue's work."""

from __future__ import annotations

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game
from pyapp.app.session import Session

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


def ended(fragment: str, give_up: bool = True) -> Controller:
    c = Controller(MemoryStorage())
    c.start(fragment)
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    if give_up:
        c.resign()
        c.resign()
    return c


def test_each_end_screen_and_the_statistics_speak_the_games_own_measure() -> None:
    from pyapp.stats.markup import stats_html

    gyre = ended("#g=gyre&s=42")
    d = gyre.view().dialog
    assert d is not None and d.kind == "summary"
    text = " ".join(d.compare)
    assert "win" not in text.lower() and "streak" not in text.lower(), text
    assert "points" in text, text
    gyre.dialogs.stats()
    html = stats_html(gyre.view().dialog.stats)  # type: ignore[union-attr]
    assert "Won" not in html and "streak</th>" not in html and "won 0" not in html, html
    assert "Best</th><td>" in html and " points</td>" in html and "Last game" in html, html
    gravity = ended("#g=gravity&s=42")
    d = gravity.view().dialog
    assert d is not None and "a win is one pile left" in d.compare[0], d
    assert "piles left" in d.compare[1], d.compare
    gravity.dialogs.stats()
    html = stats_html(gravity.view().dialog.stats)  # type: ignore[union-attr]
    assert "Won (one pile left)" in html and "piles left</td>" in html and "Rating bands" in html, html
    for game, words in (("square", "cells filled"), ("zodiac", "cards home")):
        c = ended(f"#g={game}&s=42")
        d = c.view().dialog
        assert d is not None and words in " ".join(d.compare), (game, d)


def test_playing_on_from_a_replay_of_a_finished_daily_deal_keeps_its_result() -> None:
    c = Controller(MemoryStorage())
    c.start("")
    c.open_daily("gyre", c.stats.today())
    assert c.session is not None and c.daily_day is not None
    while c.session.status() == "playing":
        c.play(c.session.legal_moves()[0])
    before = c.stats.stats.daily_status("gyre", c.stats.today())
    assert before.state in ("finished", "lost", "won"), before
    c.dialog = None
    c.watch()
    c.replay_control("seek", "3")
    c.replay_control("here")
    assert c.session is not None and len(c.session.moves) == 3 and c.daily_day is None  # an ordinary game now
    assert c.stats.stats.daily_status("gyre", c.stats.today()) == before
    c.home()
    assert c.view().tiles[[t.id for t in c.view().tiles].index("gyre")].daily_state == before.state


def test_gravity_names_only_the_cells_the_board_shows() -> None:
    from pyapp.games.gravity.table import VIEW as GRAVITY_VIEW

    state = get_game("gravity").deal(42, get_game("gravity").parse_options(""))
    plain = GRAVITY_VIEW.table(state, False, frozenset())
    words = [plain.refusal(("d1", 0), "d3"), *(p.name for p in plain.piles)]
    assert not [w for w in words if any(f"{col}{row}" in (w or "") for col in "abcde" for row in "12345")], words
    assert plain.refusal(("d1", 0), "d3") == "Cell 4 of row 3 is not next to cell 4 of row 1: a pile moves onto " \
        "one of the eight cells around it"
    assert "c3" not in GRAVITY_VIEW.help
    shown = GRAVITY_VIEW.table(state, False, frozenset({"coords"}))  # "Show cell names": the labels on the board
    assert shown.refusal(("d1", 0), "d3", ).startswith("Cell d3 is not next to cell d1") and shown.pile("d1").label == "d1"


def test_the_notice_that_offers_undo_goes_once_undo_brought_the_game_back() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=42")
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    c.restart()
    assert c.notice is not None and "Undo brings" in c.notice.text
    c.undo()
    assert c.session is not None and len(c.session.moves) == 1
    assert c.notice is None or "Undo brings" not in c.notice.text, c.notice
