"""The statistics record's parts and its text: one :class:`Result` per game counted, an
:class:`OpenGame` per game in progress, the bounds of a record, and the record written as
JSON (:func:`record_text`) and read back (:func:`read_record`: as the player's own record,
or more strictly, for an import). :mod:`pyapp.stats` counts and sums them up.

>>> r = Result("gyre", "", 7, "2025-01-01T10:00:00.000Z", 34, False, "2025-01-01T10:09:00Z", 44, "finished")
>>> import dataclasses
>>> judged = dataclasses.replace(r, started="2025-01-02T10:00:00.000Z", judged="exact", possible=40)
>>> read_record(record_text([r, judged], [])) == ([r, judged], [])
True
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from .clock import MAX_ELAPSED_MS
from .daily import daily_seed
from .errors import OrbitError, ParseError, StatsError
from .games import GameEntry, entry
from .links import Link

#: The version written in every record and export; :meth:`Stats.loads` refuses others.
STATS_VERSION = 1
STATS_FORMAT = "solitaire-orbit-stats"
#: How many recent results a summary lists (and the chart draws).
RECENT = 20
#: At most this many games in progress are remembered; older ones count as abandoned.
MAX_OPEN = 16
#: An import or a record larger than this many results is refused.
MAX_RESULTS = 200_000
#: A result's link longer than this is refused (a long Zodiac game is a few thousand).
MAX_LINK = 100_000
#: An imported file longer than this many characters is refused before it is read: twice
#: what a browser keeps for a site (about 5 million characters), so every export of a
#: real record fits, and reading one takes well under a second.
MAX_IMPORT_CHARS = 10_000_000
#: Scores, moves and hints are whole numbers within this bound (JavaScript's safe integers).
MAX_NUMBER = 2**53 - 1
#: Keys that name a JavaScript object's own properties: no statistics file has them.
FORBIDDEN_KEYS = frozenset({"__proto__", "constructor", "prototype"})
#: What a game's id looks like (a game this app does not know is kept if its id looks so).
GAME_ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")
#: The largest seed of a deal.
MAX_SEED = 2**64 - 1

Outcome = Literal["won", "lost", "finished", "resigned", "abandoned"]
#: What a result's ``judged`` may say (see :class:`Result`).
JUDGEMENTS: tuple[str, ...] = ("", "won", "exact", "bound")
OUTCOMES: tuple[str, ...] = ("won", "lost", "finished", "resigned", "abandoned")


def _entry(game: str) -> GameEntry | None:
    """The game's registry entry; None for a game this app does not know (a record
    may hold one: it is kept and counted, with no bands and higher scores better)."""
    try:
        return entry(game)
    except ParseError:
        return None


def lower_is_better(game: str) -> bool:
    """Whether the game's score is better when lower (its registry entry says).

    >>> lower_is_better("gravity"), lower_is_better("gyre"), lower_is_better("some future game")
    (True, False, False)
    """
    e = _entry(game)
    return e is not None and e.lower_is_better


def rating_bands(game: str) -> tuple[tuple[str, int], ...]:
    """The game's rating bands, (label, highest score), from its registry entry; () for none.

    >>> [label for label, _ in rating_bands("gravity")], rating_bands("gyre")
    (['1', '2–3', '4–5', '6–7', '8+'], ())
    """
    e = _entry(game)
    return e.bands if e is not None else ()


def utc_stamp(when: datetime.datetime) -> str:
    """A UTC time as ``YYYY-MM-DDTHH:MM:SS.mmmZ`` (sorts as text).

    >>> utc_stamp(datetime.datetime(2025, 3, 4, 5, 6, 7, 890000, tzinfo=datetime.timezone.utc))
    '2025-03-04T05:06:07.890Z'
    """
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


Key = tuple[str, str, int, str]


@dataclass(frozen=True)
class Result:
    """One game played, as counted."""

    game: str
    options: str
    seed: int
    #: When the first move was made (the caller's stamp; part of the identity).
    started: str
    score: int
    won: bool
    #: When it ended or was abandoned, a UTC stamp (its first 10 characters are the date).
    date: str
    moves: int
    outcome: Outcome
    #: The UTC date (YYYY-MM-DD) of the daily deal this was, or "".
    daily: str = ""
    #: The rating band of a game that ended, for a game with bands (:func:`rating_bands`), or "".
    band: str = ""
    #: Hints asked for during the game.
    hints: int = 0
    #: Time played in milliseconds (0 when not timed).
    elapsed_ms: int = 0
    #: The game's link with every move (a fragment, ``#g=...``) to watch it again, or
    #: "" (kept for the last :data:`RECENT` results of a variant and its best).
    link: str = ""
    #: What the solver proved of the deal once the game ended (:data:`JUDGEMENTS`): "won" (a
    #: winning line), "exact" (no line does better than ``possible``), "bound" (a line reaches
    #: ``possible``, the search did not finish), or "" (not judged: won, or not searched).
    judged: str = ""
    #: The score the solver's line reaches from the deal (None when not judged).
    possible: int | None = None

    @property
    def key(self) -> Key:
        """The identity: the same game is never counted twice."""
        return (self.game, self.options, self.seed, self.started)

    @property
    def day(self) -> str:
        return self.date[:10]

    @property
    def ended(self) -> bool:
        return self.outcome != "abandoned"


@dataclass(frozen=True)
class OpenGame:
    """A game whose first move was made and that has not been counted yet."""

    game: str
    options: str
    seed: int
    started: str
    daily: str = ""
    #: Hints asked for so far.
    hints: int = 0


def record_text(results: list[Result], open_games: list[OpenGame] | None) -> str:
    """A record (``open_games`` None: an export, which leaves the games in progress out) as JSON."""
    data: dict[str, Any] = {
        "format": STATS_FORMAT,
        "version": STATS_VERSION,
        "results": [_result_json(r) for r in results],
    }
    if open_games is not None:
        data["open"] = [{"game": o.game, "options": o.options, "seed": o.seed, "started": o.started,
                         "daily": o.daily, "hints": o.hints} for o in open_games]
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_record(text: str, imported_on: datetime.date | None = None) -> tuple[list[Result], list[OpenGame]]:
    """The results and the games in progress of a record or an export, as written; anything
    wrong raises :class:`StatsError` saying what. ``imported_on``: the file is being imported
    on that (UTC) day, and is read strictly (see :mod:`pyapp.stats`)."""
    strict = imported_on is not None
    if strict and len(text) > MAX_IMPORT_CHARS:
        raise StatsError(f"the file is larger than {MAX_IMPORT_CHARS:,} characters, "
                         f"far more than any statistics file")
    try:
        data = json.loads(text, parse_constant=_no_constant,
                          object_pairs_hook=_strict_object if strict else _object)
    except StatsError:
        raise
    except RecursionError:
        raise StatsError("the statistics are not readable JSON (nested too deeply)") from None
    except (ValueError, TypeError) as exc:
        raise StatsError(f"the statistics are not readable JSON ({str(exc)[:120]})") from None
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise StatsError("this is not a Solitaire Orbit statistics file")
    version = data.get("version")
    if type(version) is not int or version != STATS_VERSION:
        raise StatsError(f"statistics version {str(version)[:12]} is not one this app reads "
                         f"(it reads version {STATS_VERSION})")
    raw_results = data.get("results")
    raw_open = data.get("open", [])
    if not isinstance(raw_results, list) or not isinstance(raw_open, list):
        raise StatsError("the statistics have no list of results")
    if len(raw_results) > MAX_RESULTS:
        raise StatsError(f"the statistics hold more than {MAX_RESULTS} results")
    results: list[Result] = []
    first: dict[Key, int] = {}
    for i, item in enumerate(raw_results):
        r = _result_from(item, f"result {i + 1}")
        if imported_on is not None:
            _imported_ok(r, f"result {i + 1}", imported_on)
            if r.key in first:
                raise StatsError(f"result {i + 1} is the same game as result {first[r.key]} "
                                 f"({r.game} deal {r.seed} begun {r.started[:24]!r})")
            first[r.key] = i + 1
        results.append(r)
    return results, [_open_from(item, f"game in progress {i + 1}") for i, item in enumerate(raw_open[:MAX_OPEN])]


def _no_constant(name: str) -> Any:
    """JSON's NaN and Infinity are no number a statistics file holds."""
    raise StatsError(f"the file holds {name}, which is not a number a statistics file holds")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return dict(pairs)


def _strict_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An imported file's object: no key named as a JavaScript object's own, no key twice."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in FORBIDDEN_KEYS:
            raise StatsError(f"the file holds a key named {key!r}, which no statistics file has")
        if key in data:
            raise StatsError(f"the file holds the key {key[:24]!r} twice in one object")
        data[key] = value
    return data


def _imported_ok(r: Result, where: str, today: datetime.date) -> None:
    """What an imported result must be besides readable: no date after the day of the import
    (a day of grace for clocks), a known game's options as this app writes them, a daily
    result's deal that day's."""
    if not GAME_ID.fullmatch(r.game) or r.game in FORBIDDEN_KEYS:
        raise StatsError(f"{where}: game {r.game[:20]!r} is not the id of a game")
    latest = (today + datetime.timedelta(days=1)).isoformat()
    for name, value in (("date", r.date), ("started", r.started), ("daily", r.daily)):
        if value[:10] > latest and _is_date(value[:10]):
            raise StatsError(f"{where}: {name} {value[:10]} is after today ({today.isoformat()})")
    known = _entry(r.game)
    if known is None:
        return
    try:
        canonical = known.game.format_options(known.game.parse_options(r.options))
    except OrbitError:
        raise StatsError(f"{where}: options {r.options[:24]!r} are not options of {known.title}") from None
    if canonical != r.options:
        raise StatsError(f"{where}: options {r.options[:24]!r} are not written as this app writes them "
                         f"({canonical!r})")
    if r.daily and (r.options or r.seed != daily_seed(r.game, datetime.date.fromisoformat(r.daily))):
        raise StatsError(f"{where}: the deal is not the daily deal of {r.daily}")


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _result_json(r: Result) -> dict[str, Any]:
    data: dict[str, Any] = {"game": r.game, "options": r.options, "seed": r.seed, "started": r.started,
                            "score": r.score, "won": r.won, "date": r.date, "moves": r.moves, "outcome": r.outcome,
                            "daily": r.daily, "band": r.band}
    for name, value in (("hints", r.hints), ("elapsed_ms", r.elapsed_ms), ("link", r.link), ("judged", r.judged),
                        ("possible", r.possible if r.judged else None)):
        if value or name == "possible" and value is not None:  # fields added after version 1: only when set
            data[name] = value
    return data


def _get(item: dict[str, Any], name: str, kind: type, where: str, default: Any = None, longest: int = 200) -> Any:
    """``item[name]`` of type ``kind`` (a whole number within :data:`MAX_NUMBER` for int, a
    string no longer than ``longest``), else :class:`StatsError`."""
    value = item.get(name, default)
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise StatsError(f"{where}: {name} should be {'a number' if kind is int else 'a ' + kind.__name__}")
    if isinstance(value, str) and len(value) > longest:
        raise StatsError(f"{where}: {name} is too long")
    if isinstance(value, int) and name != "seed" and abs(value) > MAX_NUMBER:
        raise StatsError(f"{where}: {name} is too large")
    return value


def _link_ok(link: str, game: str, options: str, seed: int, where: str) -> None:
    """A result's link must read and name the result's own deal."""
    try:
        parsed = Link.parse(link)
    except ParseError as exc:
        raise StatsError(f"{where}: link cannot be read ({exc})") from None
    if parsed.packed:
        raise StatsError(f"{where}: link has its moves packed (k=), not written out")
    if (parsed.game, parsed.seed) != (game, seed) or parsed.options != options:
        raise StatsError(f"{where}: link is for another deal than the result")


def _date_ok(text: str, where: str, name: str) -> None:
    try:
        datetime.date.fromisoformat(text[:10])
    except ValueError:
        raise StatsError(f"{where}: {name} {text[:24]!r} is not a date") from None


def _result_from(item: Any, where: str) -> Result:
    if not isinstance(item, dict):
        raise StatsError(f"{where} is not an object")
    game = _get(item, "game", str, where)
    if not game:
        raise StatsError(f"{where}: game is empty")
    outcome = _get(item, "outcome", str, where)
    if outcome not in OUTCOMES:
        raise StatsError(f"{where}: outcome {outcome[:16]!r} is not one of {', '.join(OUTCOMES)}")
    seed, moves = _get(item, "seed", int, where), _get(item, "moves", int, where)
    if seed < 0 or moves < 0:
        raise StatsError(f"{where}: seed and moves cannot be negative")
    if seed > MAX_SEED:
        raise StatsError(f"{where}: seed is larger than a deal's seed can be")
    won = _get(item, "won", bool, where)
    if won != (outcome == "won"):
        raise StatsError(f"{where}: won does not agree with outcome {outcome}")
    date = _get(item, "date", str, where)
    _date_ok(date, where, "date")
    daily = _get(item, "daily", str, where, "")
    if daily and not _is_date(daily):
        raise StatsError(f"{where}: daily {daily[:24]!r} is not a date")
    band = _get(item, "band", str, where, "")
    if band and band not in {label for label, _ in rating_bands(game)}:
        known = _entry(game)
        raise StatsError(f"{where}: band {band[:8]!r} is not a rating band of {known.title if known else game[:20]}")
    started = _get(item, "started", str, where)
    if not started:
        raise StatsError(f"{where}: started is empty")
    options = _get(item, "options", str, where)
    hints, elapsed = _get(item, "hints", int, where, 0), _get(item, "elapsed_ms", int, where, 0)
    if hints < 0 or elapsed < 0:
        raise StatsError(f"{where}: hints and elapsed_ms cannot be negative")
    if elapsed > MAX_ELAPSED_MS:
        raise StatsError(f"{where}: elapsed_ms is longer than a timer counts")
    link = _get(item, "link", str, where, "", MAX_LINK)
    if link:
        _link_ok(link, game, options, seed, where)
    judged = _get(item, "judged", str, where, "")
    if judged not in JUDGEMENTS:
        raise StatsError(f"{where}: judged {judged[:12]!r} is not what the solver says")
    possible = _get(item, "possible", int, where) if judged and "possible" in item else None
    if judged and possible is None:
        raise StatsError(f"{where}: judged by the solver, with no score possible")
    return Result(game, options, seed, started, _get(item, "score", int, where), won,
                  date, moves, outcome, daily, band, hints, elapsed, link, judged, possible)


def _open_from(item: Any, where: str) -> OpenGame:
    if not isinstance(item, dict):
        raise StatsError(f"{where} is not an object")
    seed = _get(item, "seed", int, where)
    hints = _get(item, "hints", int, where, 0)
    if hints < 0 or not 0 <= seed <= MAX_SEED:
        raise StatsError(f"{where}: hints and seed cannot be negative, nor the seed too large")
    return OpenGame(_get(item, "game", str, where), _get(item, "options", str, where), seed,
                    _get(item, "started", str, where), _get(item, "daily", str, where, ""), hints)
