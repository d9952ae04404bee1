"""The daily deal (pyapp/core/daily.py): its seeds pinned for fixed dates and every
game, the documented derivation, consecutive days and games differ, its link is
an ordinary link of the plain game, and which day a deal is the daily deal of."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.core.daily import (DAILY_OPTIONS, DAILY_SALT, DAILY_SEED_LIMIT, daily_date, daily_link, daily_seed, day_number,
                         utc_date)
from pyapp.games import entries, get_game
from pyapp.core.links import Link
from pyapp.core.rng import MASK64, SplitMix64
from pyapp.app.session import Session

UTC = datetime.timezone.utc
GAMES = tuple(e.id for e in entries())

#: Never change: a daily deal is the same for everyone, forever.
GOLDEN = {
    datetime.date(2025, 1, 1): {"gravity": 12722333, "square": 496178810, "gyre": 205198065, "zodiac": 625202742},
    datetime.date(2026, 2, 28): {"gravity": 681426415, "square": 705209087, "gyre": 954325025, "zodiac": 153550547},
    datetime.date(2030, 12, 31): {"gravity": 296889670, "square": 837992394, "gyre": 860467236, "zodiac": 483826253},
    datetime.date(1970, 1, 1): {"gravity": 188252793, "square": 247811674, "gyre": 120991356, "zodiac": 766106001},
    datetime.date(2024, 2, 29): {"gravity": 316478487, "square": 361703060, "gyre": 722320049, "zodiac": 56287562},
}


@pytest.mark.parametrize("date", sorted(GOLDEN))
def test_daily_seeds_never_change(date: datetime.date) -> None:
    assert {g: daily_seed(g, date) for g in GOLDEN[date]} == GOLDEN[date]


def documented_seed(game_id: str, date: datetime.date) -> int:
    """docs/RULES-NOTES.md, "Daily deal", written out again from the text."""
    day = (date - datetime.date(1970, 1, 1)).days
    h = SplitMix64((0x0D4117DEA1500B17 ^ day) & MASK64).next()
    for b in game_id.encode("utf-8"):
        h = SplitMix64(h ^ b).next()
    return h % 10**9


@settings(deadline=None)
@given(st.dates(datetime.date(1970, 1, 1), datetime.date(2200, 12, 31)), st.sampled_from(GAMES))
def test_the_seed_is_what_the_rules_notes_say(date: datetime.date, game_id: str) -> None:
    assert DAILY_SALT == 0x0D4117DEA1500B17 and DAILY_SEED_LIMIT == 10**9
    assert daily_seed(game_id, date) == documented_seed(game_id, date)
    assert day_number(date) == (date - datetime.date(1970, 1, 1)).days


def test_daily_seeds_differ_by_day_and_by_game() -> None:
    start = datetime.date(2025, 1, 1)
    for i in range(400):
        d = start + datetime.timedelta(days=i)
        seeds = [daily_seed(g, d) for g in GAMES]
        assert len(set(seeds)) == 4
        for g in GAMES:
            assert daily_seed(g, d) != daily_seed(g, d + datetime.timedelta(days=1))
            assert 0 <= daily_seed(g, d) < DAILY_SEED_LIMIT


def test_a_datetime_means_its_date_and_utc_date_converts() -> None:
    assert daily_seed("gyre", datetime.datetime(2025, 1, 1, 23, 59, tzinfo=UTC)) == GOLDEN[datetime.date(2025, 1, 1)]["gyre"]
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


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_deals_its_daily_deal(game_id: str) -> None:
    day = datetime.date(2026, 7, 14)
    session = Session.from_link(daily_link(game_id, day))
    game = get_game(game_id)
    assert session.state == game.deal(daily_seed(game_id, day), game.parse_options(DAILY_OPTIONS))
    assert session.legal_moves() and session.status() == "playing"
    assert all(set(golden) == set(GAMES) for golden in GOLDEN.values())  # a new game needs its goldens here


def test_daily_date_finds_the_day_or_the_day_before() -> None:
    day = datetime.date(2025, 3, 1)
    seed = daily_seed("square", day)
    assert daily_date("square", "", seed, day) == day
    assert daily_date("square", "", seed, day + datetime.timedelta(days=1)) == day  # opened before midnight UTC
    assert daily_date("square", "", seed, day + datetime.timedelta(days=2)) is None
    assert daily_date("square", "", seed, day - datetime.timedelta(days=1)) is None
    assert daily_date("square", "ends", seed, day) is None  # the daily deal is the plain game
    assert daily_date("gyre", "", seed, day) is None  # another game's seed
