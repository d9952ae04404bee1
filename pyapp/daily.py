"""The daily deal: one deal a day for each game, the same for everyone, with no
network. Its seed comes from the UTC date and the game id through our own
SplitMix64 (:mod:`pyapp.rng`), never :mod:`random` or ``hash()``, so it stays the
same forever (docs/RULES-NOTES.md, "Daily deal"; pinned by tests/test_stats.py).

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
_EPOCH = datetime.date(1970, 1, 1)


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
    return Link(game_id, "", daily_seed(game_id, date)).fragment()
