"""The words a player reads are the game's own, through the controller in CPython: each
end screen and the statistics speak the game's own measure (points for Gyre, piles left
for Gravity, cells filled for Square, cards home for Zodiac) rather than wins and
streaks where there are none; Gravity names only the cells the board shows (cell names
only with "Show cell names"); and the notice that offers Undo goes once Undo has
brought the game back."""

from __future__ import annotations

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game


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
