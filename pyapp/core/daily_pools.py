"""The daily deal's pools, one frozen copy of each game's default-rules pool (pyapp/core/pool.py)
per version, written once by ``bench/pools.py --freeze-daily`` and never changed (docs/RULES-NOTES.md,
"Daily deal"; tests/test_daily.py pins their SHA-256). A version is read from its cut-over date
(pyapp/core/daily.py, ``DAILY_POOL_ERAS``) on: the daily deal of such a date is one of its seeds,
known winnable, its par known."""

from __future__ import annotations

from typing import Final

#: Version 1: each game's pool file, base64 (a pool of the default rules: ``Pool.decode``).
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

#: Version 2: each game's pool file, base64 (a pool of the default rules: ``Pool.decode``).
DAILY_POOLS_V2: Final[dict[str, str]] = {
    "gravity": (
        "T1JCUAEAAQdncmF2aXR5AAAAAAEAACcQAAAAE2WxyWt42vv/fxSMglEwCoYrAAD77d1b"
    ),
    "square": (
        "T1JCUAEAAQZzcXVhcmUAAAAAAQAAJxAAAABwjfuv33jatVQxEsAgCHu6T+MpfQIjQw9oHbqgh0gxi3AeXhKjqjHczh5pAmYI"
        "vwK2TxLNoiVmrteKIEcYCjnF6udl+GCzFlsN66xJuXo8khPyZFVYioXpZ6frQqAN6jBMjbYSi/1drT+amXS2Y2BYPQJ917w="
    ),
    "gyre": (
        "T1JCUAEBAQRneXJlAAAAAAEAAAPoAAACL+iYZEB42hWTS5IbMQxDcZgk+6lJ7G7+QEo9vv+RAm1cXaZEEg+QTRP3x+AXH8/C"
        "YvQOyyb/wX0Mc8F6cR6rm6umnN36yUb+rOE4WcwffvEGfXNhrdWMFUnjryKuIHoe550TnjlcXWOMqMVHRUbVoMPV6a7Ul1Yh"
        "e13pWPXuGb8n/5Ezwaq1EzEaRCa7GHmff8ubiU2srKLq5nRYviOYy1heZmc5FT3IDcmcVV3AVCE2Jc7qFYHtgEN9pCT9iSnc"
        "V+QXgtuOOj8X57vETgvn5emBQXLd906pEkp2ej30q00yGNfQxMjrk7XPrlIaXreH+0LrlAGIciu8qjaeZFYSGas0RwunSo/U"
        "9lVa7ptPxaKF2qPN9mGe5ls+UZK8Dl3/pNaKWMfIELiWOTM6rOrVWl9eorbOPxwcGktz3qv9JSelIuXDQPR7b8XDVudkaxkp"
        "wAhG4Uv0o27caTOsSAl8WgbLSNmvvnJcyFCBSzOitc4IeBzFA4iPAlKabRmPwEmApthdLJMzLqJlwphYY/XnN3XvR62zFMhH"
        "7qr3+iDPpa1UysHjjBqbLGzxSVtwS01j3XH1Fp+grdlyk8qyzFCoDV0nf5idgdTp3IYd7aeNEjk1B0pPazRljHY9JHJqK5PY"
        "srXmtU6e39a39Ggn1Wu2OHB6NPdwUArxjUt6qr8Ve8V5j8kP5GJD0+XcZsfedR7RSbbi+xL4Udj0ksQzjjtlCb2Yn9Fd8O8F"
        "6CVlr7N9/wciH9NV"
    ),
    "zodiac": (
        "T1JCUAEAAQZ6b2RpYWMAAAAAAQAACDQAAACF9g0SN3jaVU7JEcMwCCwhJaYEF+CHSnEnpox8PFEH0cPj8YOgDQu2ZrIPCdgD"
        "gAKidlz4AML/jI5lE0nqxUeBL0nDBhQydlvDYu5542BZxrwpG13QGZdTL7W2Wn3iUoNFGPTEHGTuOsI+gu5dorl4nE1tHr6v"
        "oe8Nf5DMTjwvY/ezJuDxA4+q+ls="
    ),
}

#: Every version, by its number.
DAILY_POOLS: Final[dict[int, dict[str, str]]] = {1: DAILY_POOLS_V1, 2: DAILY_POOLS_V2}
