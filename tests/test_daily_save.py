"""Today's deal through the controller in CPython: it keeps a save of its own apart from
the ordinary game (opened from the start screen or by its link, resumed on a reload,
replaced by the next day's deal, set aside when corrupt), and the start screen says how
each game's deal of the day stands (not played, in progress, played, won)."""

from __future__ import annotations

import datetime

from playing import controller, move
from test_stats import Clock  # the statistics' wall clock (dates); every stamp differs

from pyapp.app.saves import CURRENT_KEY, DAILY_PREFIX, SAVE_PREFIX
from pyapp.core.daily import daily_link, daily_seed
from pyapp.app.saves import read_save
from pyapp.games import all_games, get_game
from pyapp.app.session import Session

UTC = datetime.timezone.utc
DAY = datetime.date(2025, 6, 1)


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
    assert states["gyre"] == ("unplayed", "not played yet") and len(states) == len(all_games())
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
