"""The daily deal (pyapp/core/daily.py): the documented derivation's constants, a date and
a time, its link is an ordinary link of the plain game, and which day a deal is the daily
deal of. Each game's daily seeds are pinned by the game itself and checked by the
conformance suite (tests/conformance.py: pinned seeds, the derivation of docs/RULES-NOTES.md,
seeds that differ by day and by game, the deal a daily link deals)."""

from __future__ import annotations

import datetime

from pyapp.core.daily import (DAILY_OPTIONS, DAILY_SALT, DAILY_SEED_LIMIT, daily_date, daily_link, daily_seed, day_number,
                              utc_date)
from pyapp.core.links import Link

from conformance import documented_seed

UTC = datetime.timezone.utc


def test_the_derivation_is_what_the_rules_notes_say() -> None:
    assert DAILY_SALT == 0x0D4117DEA1500B17 and DAILY_SEED_LIMIT == 10**9
    for date in (datetime.date(1970, 1, 1), datetime.date(2024, 2, 29), datetime.date(2199, 12, 31)):
        assert day_number(date) == (date - datetime.date(1970, 1, 1)).days
        for game_id in ("gyre", "a game of tomorrow", "ü"):
            assert daily_seed(game_id, date) == documented_seed(game_id, date)


def test_a_datetime_means_its_date_and_utc_date_converts() -> None:
    assert daily_seed("gyre", datetime.datetime(2025, 1, 1, 23, 59, tzinfo=UTC)) == 205198065
    assert daily_seed("gyre", datetime.datetime(2025, 1, 1, 23, 59, tzinfo=UTC)) == daily_seed("gyre", datetime.date(2025, 1, 1))
    # 23:30 at UTC-2 is already the next UTC day; a naive time is read as UTC
    late = datetime.datetime(2025, 1, 1, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-2)))
    assert utc_date(late) == datetime.date(2025, 1, 2)
    assert utc_date(datetime.datetime(2025, 1, 1, 23, 30)) == datetime.date(2025, 1, 1)
    assert daily_seed("gyre", utc_date(late)) == daily_seed("gyre", datetime.date(2025, 1, 2))


def test_daily_link_is_an_ordinary_link_of_the_plain_game() -> None:
    link = daily_link("zodiac", datetime.date(2025, 1, 1))
    assert link == "#g=zodiac&v=1&o=&s=625202742"
    assert Link.parse(link) == Link("zodiac", DAILY_OPTIONS, 625202742)
    assert DAILY_OPTIONS == ""


def test_daily_date_finds_the_day_or_the_day_before() -> None:
    day = datetime.date(2025, 3, 1)
    seed = daily_seed("square", day)
    assert daily_date("square", "", seed, day) == day
    assert daily_date("square", "", seed, day + datetime.timedelta(days=1)) == day  # opened before midnight UTC
    assert daily_date("square", "", seed, day + datetime.timedelta(days=2)) is None
    assert daily_date("square", "", seed, day - datetime.timedelta(days=1)) is None
    assert daily_date("square", "ends", seed, day) is None  # the daily deal is the plain game
    assert daily_date("gyre", "", seed, day) is None  # another game's seed
