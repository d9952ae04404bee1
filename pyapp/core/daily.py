"""The daily deal: one deal a day for each game, the same for everyone, with no
network. Its seed comes from the UTC date and the game id through our own
SplitMix64 (:mod:`pyapp.core.rng`), never :mod:`random` or ``hash()``, so it stays the
same forever (docs/RULES-NOTES.md, "Daily deal"; pinned by tests/test_daily.py).
It is always the plain game (:data:`DAILY_OPTIONS`), so everyone plays the same
rules, and its link is an ordinary link.

From :data:`POOL_CUTOVER` on, the seed is chosen from the game's daily pool (a frozen copy
of its default rules' pre-solved pool, :mod:`pyapp.core.daily_pools`), each of its seeds once
per cycle in an order the same hash shuffles, so the deal is known winnable (Gyre: its exact
best known) and :func:`daily_par` says the best possible before it is played. Each version of
the daily pools is read from its own cut-over date (:data:`DAILY_POOL_ERAS`), its cycles
counted from there; the dates before the first keep the first rule, so old results and links
still read.

>>> import datetime
>>> daily_seed("gyre", datetime.date(2025, 1, 1)) == daily_seed("gyre", datetime.date(2025, 1, 1))
True
>>> daily_link("gyre", datetime.date(2025, 1, 1)) == f"#g=gyre&v=1&o=&s={daily_seed('gyre', datetime.date(2025, 1, 1))}"
True
"""

from __future__ import annotations

import base64
import datetime
from dataclasses import dataclass
from functools import cache

from .links import Link
from .pool import Pool, PoolError
from .rng import MASK64, SplitMix64, shuffled

#: Mixed into the day number so the daily seeds are not the plain SplitMix64 stream.
DAILY_SALT = 0x0D41_17DE_A150_0B17
#: Daily seeds are below this, like the page's own new deals, so links stay short.
DAILY_SEED_LIMIT = 10**9
#: The options of every daily deal: none, the default variant of each game.
DAILY_OPTIONS = ""
_EPOCH = datetime.date(1970, 1, 1)
#: The first UTC date whose daily deal comes from the daily pools (the dates before keep the
#: first rule: a seed below :data:`DAILY_SEED_LIMIT`).
POOL_CUTOVER = datetime.date(2026, 12, 6)
#: Each version of the daily pools (:data:`pyapp.core.daily_pools.DAILY_POOLS`) with the first UTC
#: date that reads it, in order: version 1 from :data:`POOL_CUTOVER`, version 2 (the pools of the
#: 10,000-deal study, cycles several times longer) from 2027-02-01. A version's pools never change,
#: and a new one comes with a cut-over of its own, weeks ahead, so that a page cached before it has
#: been loaded again by then (an older page deals the older version's deal on the newer dates).
DAILY_POOL_ERAS: tuple[tuple[datetime.date, int], ...] = ((POOL_CUTOVER, 1), (datetime.date(2027, 2, 1), 2))
#: The newest version of the daily pools.
DAILY_POOL_VERSION = DAILY_POOL_ERAS[-1][1]


@dataclass(frozen=True)
class Par:
    """The best possible on a daily deal, known before it is played: a win, or, for a game
    without a win, the exact best score."""

    won: bool
    score: int | None = None


@cache
def daily_pool(game_id: str, version: int = DAILY_POOL_VERSION) -> Pool | None:
    """The game's daily pool of that version (None for a game without one: its daily deal keeps
    the first rule).

    >>> daily_pool("gyre").kind, daily_pool("gravity", 1).kind, daily_pool("a game of tomorrow")
    ('best', 'won', None)
    """
    from .daily_pools import DAILY_POOLS
    text = DAILY_POOLS.get(version, {}).get(game_id)
    if text is None:
        return None
    try:
        pool = Pool.decode(base64.b64decode(text))
    except (PoolError, ValueError):  # (pinned by tests/test_daily.py: never, in a build)
        return None
    return pool if pool.game == game_id and pool.options == DAILY_OPTIONS and pool.seeds else None


def utc_date(when: datetime.datetime) -> datetime.date:
    """The UTC calendar date of a moment (a naive datetime is taken as UTC).

    >>> utc_date(datetime.datetime(2025, 1, 1, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-2))))
    datetime.date(2025, 1, 2)
    """
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.date()


def day_number(date: datetime.date) -> int:
    """Days since 1970-01-01 (the UTC calendar date; a datetime gives its date part).

    >>> day_number(datetime.date(1970, 1, 2))
    1
    """
    if isinstance(date, datetime.datetime):
        date = date.date()
    return date.toordinal() - _EPOCH.toordinal()


def daily_hash(game_id: str, date: datetime.date) -> int:
    """``h = SplitMix64(DAILY_SALT ^ day).next()``, then for each UTF-8 byte ``b`` of
    the game id ``h = SplitMix64(h ^ b).next()``."""
    h = SplitMix64((DAILY_SALT ^ day_number(date)) & MASK64).next()
    for b in game_id.encode("utf-8"):
        h = SplitMix64(h ^ b).next()
    return h


def daily_seed(game_id: str, date: datetime.date) -> int:
    """The seed of ``game_id``'s daily deal on the UTC ``date``: ``h % 10**9`` before
    :data:`POOL_CUTOVER` (and for a game without a daily pool; ``h``: :func:`daily_hash`), else
    the daily pool's seed of that day in its cycle (:func:`daily_cycle`): every seed of the pool
    once in ``n`` days, ``n`` the pool's size, so that no daily deal comes back sooner.

    >>> daily_seed("gravity", datetime.date(2025, 1, 1)) != daily_seed("gravity", datetime.date(2025, 1, 2))
    True
    >>> daily_pool("zodiac").has(daily_seed("zodiac", POOL_CUTOVER))
    True
    """
    if isinstance(date, datetime.datetime):
        date = date.date()
    era = daily_era(date)
    pool = daily_pool(game_id, era[1]) if era is not None else None
    if era is None or pool is None:
        return daily_hash(game_id, date) % DAILY_SEED_LIMIT
    days = day_number(date) - day_number(era[0])
    n = len(pool.seeds)
    return daily_cycle(game_id, days // n, era[1])[days % n]


def daily_era(date: datetime.date) -> tuple[datetime.date, int] | None:
    """The cut-over date and the version of the daily pools that ``date`` reads
    (:data:`DAILY_POOL_ERAS`; None before the first).

    >>> daily_era(POOL_CUTOVER), daily_era(datetime.date(2027, 2, 1))[1], daily_era(datetime.date(2026, 1, 1))
    ((datetime.date(2026, 12, 6), 1), 2, None)
    """
    if isinstance(date, datetime.datetime):
        date = date.date()
    for start, version in reversed(DAILY_POOL_ERAS):
        if date >= start:
            return start, version
    return None


@cache
def daily_cycle(game_id: str, cycle: int, version: int) -> tuple[int, ...]:
    """The order of the seeds of the game's daily pool of ``version`` in its cycle number
    ``cycle`` (0: the ``n`` days from the version's cut-over on, ``n`` the pool's size; 1: the
    next ``n`` days; ...): Fisher–Yates (:func:`pyapp.core.rng.shuffled`) of its seeds in
    increasing order, seeded with :func:`daily_hash` of the cycle's first day.

    >>> sorted(daily_cycle("zodiac", 0, 1)) == list(daily_pool("zodiac", 1).seeds)
    True
    """
    pool = daily_pool(game_id, version)
    starts = [start for start, v in DAILY_POOL_ERAS if v == version]
    if pool is None or not starts:
        return ()
    n = len(pool.seeds)
    first = starts[0] + datetime.timedelta(days=cycle * n)
    return tuple(shuffled(list(pool.seeds), daily_hash(game_id, first)))


def daily_par(game_id: str, date: datetime.date) -> Par | None:
    """The best possible on ``game_id``'s daily deal of ``date``, known from its daily pool
    (None before :data:`POOL_CUTOVER`, or for a game without a daily pool).

    >>> daily_par("gravity", POOL_CUTOVER), daily_par("gravity", datetime.date(2025, 1, 1))
    (Par(won=True, score=None), None)
    >>> daily_par("gyre", POOL_CUTOVER).won
    False
    """
    era = daily_era(date)
    pool = daily_pool(game_id, era[1]) if era is not None else None
    if pool is None:
        return None
    seed = daily_seed(game_id, date)
    if pool.kind == "best":
        best = pool.best(seed)
        return Par(False, best) if best is not None else None
    return Par(True)


def daily_link(game_id: str, date: datetime.date) -> str:
    """The ordinary link fragment of that daily deal (default options, no moves)."""
    return Link(game_id, DAILY_OPTIONS, daily_seed(game_id, date)).fragment()


def daily_date(game_id: str, options: str, seed: int, near: datetime.date) -> datetime.date | None:
    """Which day's daily deal this deal is, looking at ``near`` and the day before
    (a daily deal opened before midnight UTC and played after it is still that
    day's); None when it is no daily deal of those days.

    >>> day = datetime.date(2025, 1, 1)
    >>> after = day + datetime.timedelta(days=1)
    >>> daily_date("gyre", "", daily_seed("gyre", day), after), daily_date("gyre", "jokers", daily_seed("gyre", day), day)
    (datetime.date(2025, 1, 1), None)
    """
    if options != DAILY_OPTIONS:
        return None
    for day in (near, near - datetime.timedelta(days=1)):
        if seed == daily_seed(game_id, day):
            return day
    return None
