"""The daily deal: one deal a day for each game, the same for everyone, with no
network. Its seed comes from the UTC date and the game id through our own
SplitMix64 (:mod:`pyapp.core.rng`), never :mod:`random` or ``hash()``, so it stays the
same forever (docs/RULES-NOTES.md, "Daily deal"; pinned by tests/test_daily.py).
It is always the plain game (:data:`DAILY_OPTIONS`), so everyone plays the same
rules, and its link is an ordinary link.

>>> import datetime
>>> daily_seed("gyre", datetime.date(2025, 1, 1)) == daily_seed("gyre", datetime.date(2025, 1, 1))
True
>>> daily_link("gyre", datetime.date(2025, 1, 1)) == f"#g=gyre&v=1&o=&s={daily_seed('gyre', datetime.date(2025, 1, 1))}"
True
"""

from __future__ import annotations

import datetime

from .links import Link
from .rng import MASK64, SplitMix64

#: Mixed into the day number so the daily seeds are not the plain SplitMix64 stream.
DAILY_SALT = 0x0D41_17DE_A150_0B17
#: Daily seeds are below this, like the page's own new deals, so links stay short.
DAILY_SEED_LIMIT = 10**9
#: The options of every daily deal: none, the default variant of each game.
DAILY_OPTIONS = ""
_EPOCH = datetime.date(1970, 1, 1)


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


def daily_seed(game_id: str, date: datetime.date) -> int:
    """The seed of ``game_id``'s daily deal on the UTC ``date``.

    ``h = SplitMix64(DAILY_SALT ^ day).next()``, then for each UTF-8 byte ``b`` of
    the game id ``h = SplitMix64(h ^ b).next()``; the seed is ``h % 10**9``.

    >>> daily_seed("gravity", datetime.date(2025, 1, 1)) != daily_seed("gravity", datetime.date(2025, 1, 2))
    True
    """
    h = SplitMix64((DAILY_SALT ^ day_number(date)) & MASK64).next()
    for b in game_id.encode("utf-8"):
        h = SplitMix64(h ^ b).next()
    return h % DAILY_SEED_LIMIT


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
