"""The daily deal (pyapp/core/daily.py): the documented derivation's constants, a date and
a time, its link is an ordinary link of the plain game, and which day a deal is the daily
deal of. Each game's daily seeds are pinned by the game itself and checked by the
conformance suite (tests/conformance.py: pinned seeds, the derivation of docs/RULES-NOTES.md,
seeds that differ by day and by game, the deal a daily link deals)."""

from __future__ import annotations

import base64
import datetime
import hashlib
from pathlib import Path

from pyapp.core.daily import (DAILY_OPTIONS, DAILY_POOL_ERAS, DAILY_POOL_VERSION, DAILY_SALT, DAILY_SEED_LIMIT, POOL_CUTOVER,
                              daily_cycle, daily_date, daily_era, daily_hash, daily_link, daily_par, daily_pool, daily_seed,
                              day_number, utc_date)
from pyapp.core.daily_pools import DAILY_POOLS, DAILY_POOLS_V1
from pyapp.core.links import Link
from pyapp.core.pool import Pool, pool_name

from conformance import documented_seed

UTC = datetime.timezone.utc
ROOT = Path(__file__).resolve().parent.parent


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


# -- from the cut-over: the daily deal comes from the daily pools (docs/RULES-NOTES.md) ---------

#: Each game's daily seed on the day before the first cut-over (the first rule), on it and after (the
#: daily pools, version 1), on the day before the second (version 1's last day) and from it on
#: (version 2): the same for everyone, forever.
GOLDEN: dict[str, tuple[tuple[str, int], ...]] = {
    "gravity": (('2026-12-05', 274998548), ('2026-12-06', 1649), ('2027-01-01', 511), ('2027-01-31', 749), ('2027-02-01', 4846), ('2030-12-31', 5053)),
    "gyre": (('2026-12-05', 985305742), ('2026-12-06', 145), ('2027-01-01', 196), ('2027-01-31', 21), ('2027-02-01', 323), ('2030-12-31', 756)),
    "square": (('2026-12-05', 749169762), ('2026-12-06', 50), ('2027-01-01', 1198), ('2027-01-31', 1575), ('2027-02-01', 4748), ('2030-12-31', 813)),
    "zodiac": (('2026-12-05', 682355773), ('2026-12-06', 238), ('2027-01-01', 57), ('2027-01-31', 306), ('2027-02-01', 1840), ('2030-12-31', 945)),
}
#: The SHA-256 of each daily pool file, per version (pyapp/core/daily_pools.py): the pools are part of
#: the rules; a changed byte changes every player's daily deal from the version's cut-over on. Never
#: re-pin these: a new pool comes as a new version with a cut-over of its own.
SHA256: dict[int, dict[str, str]] = {
    1: {
        "gravity": "14845ce8a259609b0014b1e8f8646bbdd8ea3f38e2a79d77241a7fc1ec7c51a4",
        "square": "021f04bcf17839c93aa039d9b0a800b286756a324f01b6beeb6c2c82453fd701",
        "gyre": "cedf51d7c309d45fb2863e4a42093085d95c56c65fd3ba2a751a9f06598ea952",
        "zodiac": "a06e15e7e1a5b17ce2ba5a5c22f1a17326db99d17222a11a6cf88fa1d25d6297",
    },
    2: {
        "gravity": "2265e4ccd112c8e7271f05415621a9ab88e81e18da1b5f784865c159d2d75320",
        "square": "ec932f384c865e37cbc54d21dba01826bcab367e84795b9487882b1466fd8608",
        "gyre": "a5bf23d717b40cdecbbd297cdf281419a1bfbe38776d81e4ef6c030c76f6017d",
        "zodiac": "f04796c0561a8b2f59f7912ee83744016864ad06995f83f5c21a4b899ab1110f",
    },
}


def test_the_cut_overs_and_the_daily_pools_versions_never_change() -> None:
    assert POOL_CUTOVER == datetime.date(2026, 12, 6)
    assert DAILY_POOL_ERAS == ((POOL_CUTOVER, 1), (datetime.date(2027, 2, 1), 2)) and DAILY_POOL_VERSION == 2
    assert set(DAILY_POOLS) == set(SHA256)
    for version, pins in SHA256.items():
        assert set(DAILY_POOLS[version]) == set(pins)
        for game_id, text in DAILY_POOLS[version].items():
            data = base64.b64decode(text)
            assert hashlib.sha256(data).hexdigest() == pins[game_id], f"{game_id}'s daily pool {version} changed"
            pool = Pool.decode(data)
            assert (pool.game, pool.options, pool.rules, pool.first) == (game_id, DAILY_OPTIONS, 1, 1) and pool.seeds


def test_golden_daily_seeds_before_and_after_the_cut_overs() -> None:
    for game_id, pins in GOLDEN.items():
        for iso, seed in pins:
            assert daily_seed(game_id, datetime.date.fromisoformat(iso)) == seed, (game_id, iso)
    before = POOL_CUTOVER - datetime.timedelta(days=1)
    for game_id in DAILY_POOLS_V1:
        assert daily_seed(game_id, before) == daily_hash(game_id, before) % DAILY_SEED_LIMIT  # the first rule
        assert daily_par(game_id, before) is None


def test_a_daily_deal_after_the_cut_over_is_in_its_versions_pool_with_its_par() -> None:
    for (start, version), later in zip(DAILY_POOL_ERAS, (*(s for s, _v in DAILY_POOL_ERAS[1:]), None)):
        for game_id in DAILY_POOLS[version]:
            pool = daily_pool(game_id, version)
            assert pool is not None
            for i in range(0, 3000, 7):
                day = start + datetime.timedelta(days=i)
                if later is not None and day >= later:
                    break
                assert daily_era(day) == (start, version)
                seed = daily_seed(game_id, day)
                assert pool.has(seed)
                par = daily_par(game_id, day)
                assert par is not None and par.won == (pool.kind == "won") and par.score == pool.best(seed)
                assert daily_date(game_id, "", seed, day) == day  # its results and links are recognized
                assert daily_link(game_id, day) == f"#g={game_id}&v=1&o=&s={seed}"


def test_the_daily_pools_agree_with_the_pools_the_page_ships() -> None:
    """static/pools/ may grow past the daily pools (a longer study), never drop what they hold."""
    for version, pools in DAILY_POOLS.items():
        for game_id, text in pools.items():
            daily = Pool.decode(base64.b64decode(text))
            shipped = Pool.decode((ROOT / "static" / "pools" / pool_name(game_id, "")).read_bytes())
            assert shipped.count >= daily.count, (version, game_id)
            assert all(shipped.has(s) and shipped.best(s) == daily.best(s) for s in daily.seeds), (version, game_id)


def test_a_newer_daily_pool_holds_the_older_ones_and_more() -> None:
    """A new version is a longer study's pool: every seed of the older one, and cycles as long at least."""
    for game_id, text in DAILY_POOLS[1].items():
        old, new = daily_pool(game_id, 1), daily_pool(game_id, 2)
        assert old is not None and new is not None
        assert set(old.seeds) <= set(new.seeds) and len(new.seeds) > len(old.seeds), game_id


def test_a_daily_pool_deals_each_of_its_seeds_once_a_cycle() -> None:
    """Version 2's cycles deal each seed once; version 1's 57 days (less than any of its cycles)
    deal 57 seeds of its pool, none twice."""
    (first_start, _one), (second_start, _two) = DAILY_POOL_ERAS
    for game_id in DAILY_POOLS[1]:
        v1 = daily_pool(game_id, 1)
        assert v1 is not None and len(v1.seeds) > (second_start - first_start).days
        days = [first_start + datetime.timedelta(days=i) for i in range((second_start - first_start).days)]
        dealt = [daily_seed(game_id, day) for day in days]
        assert len(set(dealt)) == len(dealt) and all(v1.has(seed) for seed in dealt)
        assert dealt == list(daily_cycle(game_id, 0, 1)[:len(dealt)])
        pool = daily_pool(game_id, 2)
        assert pool is not None
        n = len(pool.seeds)
        for cycle in (0, 1, 7):
            first = second_start + datetime.timedelta(days=cycle * n)
            dealt = [daily_seed(game_id, first + datetime.timedelta(days=i)) for i in range(n)]
            assert sorted(dealt) == list(pool.seeds), (game_id, cycle)


def test_a_game_without_a_daily_pool_keeps_the_first_rule() -> None:
    day = POOL_CUTOVER + datetime.timedelta(days=30)
    assert daily_pool("a game of tomorrow") is None and daily_par("a game of tomorrow", day) is None
    assert daily_seed("a game of tomorrow", day) == daily_hash("a game of tomorrow", day) % DAILY_SEED_LIMIT
