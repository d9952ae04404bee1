"""Share result (issue 47) through the controller: the end screen of a daily deal offers it and
hands the binding a message with the game, the date, the score, the par and a link to the deal
at move 0; an ordinary deal's end screen does not; the statistics share any past daily result
the same way; the binding's report becomes the notice."""

from __future__ import annotations

import datetime

import pytest
from playing import UTC, controller
from test_stats import Clock

from pyapp.app.controller import Controller
from pyapp.core.daily import daily_par, daily_seed
from pyapp.core.links import Link
from pyapp.games import entries, entry

BASE = "https://example.org/orbit/"


def play_out(c: Controller, limit: int = 400) -> None:
    """The game on the table played by its first legal moves to its end (or given up)."""
    assert c.session is not None
    while c.session.status() == "playing" and c.session.legal_moves() and len(c.session.moves) < limit:
        c.play(c.session.legal_moves()[0])
    if c.session.status() == "playing":
        c.resign()
        c.resign()


def message_checks(text: str, game_id: str, day: datetime.date, moves: tuple[str, ...]) -> Link:
    """The message says the game and the date, and its last line opens the deal at move 0."""
    lines = text.splitlines()
    assert entry(game_id).title in lines[0] and day.isoformat() in lines[0], text
    link = Link.parse(lines[-1])
    assert lines[-1].startswith(BASE + "#")
    assert (link.game, link.seed, link.moves, link.packed) == (game_id, daily_seed(game_id, day), (), "")
    assert not any(token in text.split() for token in moves if len(token) > 2), text  # no move of the game
    return link


@pytest.mark.parametrize("game_id", [e.id for e in entries()])
def test_a_daily_deals_end_screen_shares_its_result_and_an_ordinary_deals_does_not(game_id: str) -> None:
    day = datetime.date(2026, 12, 7)  # after the daily pools' cut-over: the par is known in advance
    c = controller(when=datetime.datetime(2026, 12, 7, 9, tzinfo=UTC))
    c.open_daily(game_id, day)
    c.tick(1_000)
    play_out(c)
    assert c.dialog is not None and c.dialog.kind == "summary" and c.dialog.share
    session = c.session
    assert session is not None
    assert c.click("summary-share")
    effects = c.effects()
    assert effects.share and not effects.copy and c.dialog is None
    message_checks(effects.share, game_id, day, session.moves)
    par = daily_par(game_id, day)
    assert par is not None
    said = effects.share.splitlines()[1]
    assert ("Par: a win." in said) if par.won else (entry(game_id).amount(par.score or 0) in said), said
    c.copied(True, result=True)
    assert c.notice is not None and c.notice.text == "Result copied: paste it in a message."
    c.copied(True, shared=True, result=True)
    assert c.notice is not None and c.notice.text == "Result shared."
    c.copied(False, result=True)  # no clipboard: today's link, to copy by hand
    assert c.notice is not None and c.notice.text.endswith(effects.share.splitlines()[-1])
    # an ordinary deal: no Share result, and its button does nothing
    c.open_link(f"#g={game_id}&s=12345")
    play_out(c)
    assert c.dialog is not None and c.dialog.kind == "summary" and not c.dialog.share
    c.click("summary-share")
    assert not c.effects().share


def test_the_statistics_share_a_past_daily_result_and_list_the_newest_first() -> None:
    days = [datetime.date(2026, 12, 1), datetime.date(2026, 12, 3)]
    c = controller(when=datetime.datetime(2026, 12, 1, 9, tzinfo=UTC))
    played: dict[datetime.date, tuple[str, ...]] = {}
    for day in days:
        c.stats.clock = Clock(datetime.datetime(day.year, day.month, day.day, 9, tzinfo=UTC))
        c.open_daily("gyre", day)
        play_out(c)
        assert c.session is not None
        played[day] = c.session.moves
        c.close_dialog()
    c.open_link("#g=gyre&s=77")  # not a daily deal: not listed
    play_out(c)
    c.close_dialog()
    c.click("stats-open")
    listed = c.view().dialog
    assert listed is not None and listed.stats is not None
    assert [(d.game, d.day) for d in listed.stats.dailies] == [("gyre", "2026-12-03"), ("gyre", "2026-12-01")]
    result = c.stats.stats.daily_result("gyre", days[0])
    assert result is not None
    assert c.click("stats-share-gyre-2026-12-01")
    assert c.dialog is None  # closed: the notice that says where it went shows on the table
    text = c.effects().share
    message_checks(text, "gyre", days[0], played[days[0]])
    assert entry("gyre").amount(result.score) in text.splitlines()[1]
    c.copied(False, result=True)  # no clipboard: the past deal's link to copy by hand, never called today's
    assert c.notice is not None and c.notice.text.endswith(text.splitlines()[-1]) and "Today" not in c.notice.text
    for nothing in ("stats-share-gyre-2026-12-02", "stats-share-gyre-2026-13-01", "stats-share-", "stats-share-zz-2026-12-01"):
        c.click(nothing)  # no such result: nothing to send
        assert not c.effects().share, nothing
