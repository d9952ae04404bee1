"""The daily deal's pools, version 1: a frozen copy of each game's default-rules pool
(pyapp/core/pool.py), written once by ``bench/pools.py --freeze-daily`` and never changed
(docs/RULES-NOTES.md, "Daily deal"; tests/test_daily.py pins their SHA-256). The daily deal of a
date from the cut-over on is one of these seeds: known winnable, its par known."""

from __future__ import annotations

from typing import Final

#: Each game's pool file, base64 (a pool of the default rules: ``Pool.decode``).
DAILY_POOLS_V1: Final[dict[str, str]] = {
    "gravity": (
        "T1JCUAEAAQdncmF2aXR5AAAAAAEAAAg0AAAAD99Ix/B42vv/fxT8/88PABxkBRk="
    ),
    "square": (
        "T1JCUAEAAQZzcXVhcmUAAAAAAQAACDQAAAAkqtR+yHja+/+fOPAbj9z3/2QANE3vYYz9JJv07z+5oB7G4AcA450ENA=="
    ),
    "gyre": (
        "T1JCUAEBAQRneXJlAAAAAAEAAAFRAAAAuPvORrt42i1QiY0EIQxzMdfAaXXSDcmQB3b7L2ltNAiQSWLHYVQGrg9giA2uhufy"
        "QRQKFrRH8r0V7FnTgMS58G7lA5OQ9RfhokR3q9YRAz/M/TuTtS1ww00U8UacftvZyzEL6ayIi4T0e1Ir+1iaxwTq/kNUsXT2"
        "ug9XJtWdErx7GqfB4jn0xjD14HK9Qq5lLqnDUCyyo3rm04HmDTmo54San6op11uIMvglbzHmbaUhXhjPX5gs1Rfp+yv7"
    ),
    "zodiac": (
        "T1JCUAEAAQZ6b2RpYWMAAAAAAQAAAegAAAAvUFRebnja+/+//j8I3P/3Hwre/f+/H0R/B/NAzPf790OkroOI3////wFJ/v1/"
        "BwASTzqe"
    ),
}
