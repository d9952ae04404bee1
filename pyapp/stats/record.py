"""The statistics record's parts and its text: one :class:`Result` per game counted, an
:class:`OpenGame` per game in progress, the bounds of a record, and the record written as
JSON (:func:`record_text`) and read back (:func:`read_record`: as the player's own record,
or more strictly, for an import). :mod:`pyapp.stats.summary` counts and sums them up.

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
from typing import Literal, NoReturn, TypeGuard, TypeVar

from ..core.clock import MAX_ELAPSED_MS
from ..core.daily import daily_seed
from ..core.errors import OrbitError, ParseError, StatsError
from ..games import GameEntry, entry, moves_made
from ..i18n import _, ngettext, number
from ..core.links import Link

T = TypeVar("T")

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
OUTCOMES: tuple[Outcome, ...] = ("won", "lost", "finished", "resigned", "abandoned")


def _is_outcome(text: str) -> TypeGuard[Outcome]:
    """``text`` is one of :data:`OUTCOMES`."""
    return text in OUTCOMES


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

    >>> [label for label, _top in rating_bands("gravity")], rating_bands("gyre")
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
    #: The player's moves (:func:`pyapp.games.moves_made`: a Gravity collapse choice is none).
    #: A record written before counted every token; one that keeps its link is counted
    #: again as it is read, one without keeps its figure (docs/RULES-NOTES.md, Gravity).
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
    data: dict[str, object] = {
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
    on that (UTC) day, and is read strictly (see :mod:`pyapp.stats.summary`)."""
    strict = imported_on is not None
    if strict and len(text) > MAX_IMPORT_CHARS:
        raise StatsError(ngettext("the file is larger than {limit} character, far more than any statistics file",
                                  "the file is larger than {limit} characters, far more than any statistics file",
                                  MAX_IMPORT_CHARS).format(limit=number(MAX_IMPORT_CHARS)))
    try:
        data = json.loads(text, parse_constant=_no_constant,
                          object_pairs_hook=_strict_object if strict else _object)
    except StatsError:
        raise
    except RecursionError:
        raise StatsError(_("the statistics are not readable JSON (nested too deeply)")) from None
    except (ValueError, TypeError) as exc:
        # Translators: {detail} is the JSON reader's own words (in English), such as "Expecting value: line 1 column 1".
        raise StatsError(_("the statistics are not readable JSON ({detail})").format(detail=str(exc)[:120])) \
            from None
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise StatsError(_("this is not a Solitaire Orbit statistics file"))
    version = data.get("version")
    if type(version) is not int or version != STATS_VERSION:
        raise StatsError(_("statistics version {version} is not one this app reads (it reads version {known})")
                         .format(version=str(version)[:12], known=STATS_VERSION))
    raw_results = data.get("results")
    raw_open = data.get("open", [])
    if not isinstance(raw_results, list) or not isinstance(raw_open, list):
        raise StatsError(_("the statistics have no list of results"))
    if len(raw_results) > MAX_RESULTS:
        raise StatsError(ngettext("the statistics hold more than {limit} result",
                                  "the statistics hold more than {limit} results", MAX_RESULTS)
                         .format(limit=MAX_RESULTS))
    results: list[Result] = []
    first: dict[Key, int] = {}
    for i, item in enumerate(raw_results):
        where = _result_where(i + 1)
        r = _result_from(item, where)
        if imported_on is not None:
            _imported_ok(r, where, imported_on)
            if r.key in first:
                # Translators: {game} is a game's id (gravity, square, gyre, zodiac), {seed} its deal's number,
                # {started} when it began (a stamp such as '2025-01-01T10:00:00.000Z').
                raise StatsError(_("result {n} is the same game as result {first} ({game} deal {seed} begun "
                                   "{started})").format(n=i + 1, first=first[r.key], game=r.game, seed=r.seed,
                                                        started=repr(r.started[:24])))
            first[r.key] = i + 1
        results.append(r)
    return results, [_open_from(item, _open_where(i + 1)) for i, item in enumerate(raw_open[:MAX_OPEN])]


def _result_where(n: int) -> str:
    """Which result of the file a message is about (it starts the message: "result 3: ...")."""
    # Translators: which result of a statistics file a message is about; it starts the message
    # ("result 3: seed is too large", "result 3 is not an object").
    return _("result {n}").format(n=n)


def _open_where(n: int) -> str:
    """Which game in progress of the file a message is about."""
    # Translators: which game in progress of a statistics file a message is about; it starts the message
    # ("game in progress 2: seed should be a number").
    return _("game in progress {n}").format(n=n)


def _no_constant(name: str) -> NoReturn:
    """JSON's NaN and Infinity are no number a statistics file holds."""
    # Translators: {name} is NaN, Infinity or -Infinity, as the file writes it.
    raise StatsError(_("the file holds {name}, which is not a number a statistics file holds").format(name=name))


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    return dict(pairs)


def _strict_object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An imported file's object: no key named as a JavaScript object's own, no key twice."""
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in FORBIDDEN_KEYS:
            raise StatsError(_("the file holds a key named {key}, which no statistics file has").format(key=repr(key)))
        if key in data:
            raise StatsError(_("the file holds the key {key} twice in one object").format(key=repr(key[:24])))
        data[key] = value
    return data


def _imported_ok(r: Result, where: str, today: datetime.date) -> None:
    """What an imported result must be besides readable: no date after the day of the import
    (a day of grace for clocks), a known game's options as this app writes them, a daily
    result's deal that day's."""
    if not GAME_ID.fullmatch(r.game) or r.game in FORBIDDEN_KEYS:
        raise StatsError(_("{where}: game {game} is not the id of a game").format(where=where, game=repr(r.game[:20])))
    latest = (today + datetime.timedelta(days=1)).isoformat()
    for name, value in (("date", r.date), ("started", r.started), ("daily", r.daily)):
        if value[:10] > latest and _is_date(value[:10]):
            # Translators: {name} is the name of a field of the file (date, started or daily), as written there;
            # {date} and {today} are dates written YYYY-MM-DD.
            raise StatsError(_("{where}: {name} {date} is after today ({today})").format(
                where=where, name=name, date=value[:10], today=today.isoformat()))
    known = _entry(r.game)
    if known is None:
        return
    try:
        canonical = known.game.format_options(known.game.parse_options(r.options))
    except OrbitError:
        # Translators: {game} is the game's name (Gravity, Solitaire Square, Gyre, Zodiac).
        raise StatsError(_("{where}: options {options} are not options of {game}").format(
            where=where, options=repr(r.options[:24]), game=known.title)) from None
    if canonical != r.options:
        raise StatsError(_("{where}: options {options} are not written as this app writes them ({canonical})")
                         .format(where=where, options=repr(r.options[:24]), canonical=repr(canonical)))
    if r.daily and (r.options or r.seed != daily_seed(r.game, datetime.date.fromisoformat(r.daily))):
        # Translators: {day} is a date written YYYY-MM-DD.
        raise StatsError(_("{where}: the deal is not the daily deal of {day}").format(where=where, day=r.daily))


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _result_json(r: Result) -> dict[str, object]:
    data: dict[str, object] = {"game": r.game, "options": r.options, "seed": r.seed, "started": r.started,
                            "score": r.score, "won": r.won, "date": r.date, "moves": r.moves, "outcome": r.outcome,
                            "daily": r.daily, "band": r.band}
    for name, value in (("hints", r.hints), ("elapsed_ms", r.elapsed_ms), ("link", r.link), ("judged", r.judged),
                        ("possible", r.possible if r.judged else None)):
        if value or name == "possible" and value is not None:  # fields added after version 1: only when set
            data[name] = value
    return data


def _get(item: dict[str, object], name: str, kind: type[T], where: str, default: T | None = None,
         longest: int = 200) -> T:
    """``item[name]`` of type ``kind`` (a whole number within :data:`MAX_NUMBER` for int, a
    string no longer than ``longest``), else :class:`StatsError`."""
    value = item.get(name, default)
    if not isinstance(value, kind) or kind is int and isinstance(value, bool):
        if kind is int:
            # Translators: {name} is the name of a field of the file (seed, score, game...), as written there.
            said = _("{where}: {name} should be a number")
        elif kind is bool:
            # Translators: a bool: true or false, as the file writes it.
            said = _("{where}: {name} should be a bool")
        else:
            # Translators: a str: a text (in quotes, in the file).
            said = _("{where}: {name} should be a str")
        raise StatsError(said.format(where=where, name=name))
    if isinstance(value, str) and len(value) > longest:
        raise StatsError(_("{where}: {name} is too long").format(where=where, name=name))
    if isinstance(value, int) and name != "seed" and abs(value) > MAX_NUMBER:
        raise StatsError(_("{where}: {name} is too large").format(where=where, name=name))
    return value


def _link_ok(link: str, game: str, options: str, seed: int, where: str) -> Link:
    """A result's link must read and name the result's own deal; the link read."""
    try:
        parsed = Link.parse(link)
    except ParseError as exc:
        # Translators: {problem} says what is wrong with the link.
        raise StatsError(_("{where}: link cannot be read ({problem})").format(where=where, problem=exc)) from None
    if parsed.packed:
        raise StatsError(_("{where}: link has its moves packed (k=), not written out").format(where=where))
    if (parsed.game, parsed.seed) != (game, seed) or parsed.options != options:
        raise StatsError(_("{where}: link is for another deal than the result").format(where=where))
    return parsed


def _date_ok(text: str, where: str, name: str) -> None:
    try:
        datetime.date.fromisoformat(text[:10])
    except ValueError:
        raise StatsError(_("{where}: {name} {text} is not a date").format(where=where, name=name,
                                                                          text=repr(text[:24]))) from None


def _result_from(item: object, where: str) -> Result:
    if not isinstance(item, dict):
        raise StatsError(_("{where} is not an object").format(where=where))
    game = _get(item, "game", str, where)
    if not game:
        raise StatsError(_("{where}: game is empty").format(where=where))
    outcome = _get(item, "outcome", str, where)
    if not _is_outcome(outcome):
        # Translators: {outcome} and {known} are the file's own words (won, lost, finished...), not translated.
        raise StatsError(_("{where}: outcome {outcome} is not one of {known}").format(
            where=where, outcome=repr(outcome[:16]), known=", ".join(OUTCOMES)))
    seed, moves = _get(item, "seed", int, where), _get(item, "moves", int, where)
    if seed < 0 or moves < 0:
        raise StatsError(_("{where}: seed and moves cannot be negative").format(where=where))
    if seed > MAX_SEED:
        raise StatsError(_("{where}: seed is larger than a deal's seed can be").format(where=where))
    won = _get(item, "won", bool, where)
    if won != (outcome == "won"):
        # Translators: "won" is the name of a field of the file; {outcome} is the file's own word.
        raise StatsError(_("{where}: won does not agree with outcome {outcome}").format(where=where, outcome=outcome))
    date = _get(item, "date", str, where)
    _date_ok(date, where, "date")
    daily = _get(item, "daily", str, where, "")
    if daily and not _is_date(daily):
        raise StatsError(_("{where}: daily {daily} is not a date").format(where=where, daily=repr(daily[:24])))
    band = _get(item, "band", str, where, "")
    if band and band not in {label for label, _top in rating_bands(game)}:
        known = _entry(game)
        # Translators: {game} is the game's name (Gravity), or its id as the file writes it.
        raise StatsError(_("{where}: band {band} is not a rating band of {game}").format(
            where=where, band=repr(band[:8]), game=known.title if known else game[:20]))
    started = _get(item, "started", str, where)
    if not started:
        raise StatsError(_("{where}: started is empty").format(where=where))
    options = _get(item, "options", str, where)
    hints, elapsed = _get(item, "hints", int, where, 0), _get(item, "elapsed_ms", int, where, 0)
    if hints < 0 or elapsed < 0:
        raise StatsError(_("{where}: hints and elapsed_ms cannot be negative").format(where=where))
    if elapsed > MAX_ELAPSED_MS:
        raise StatsError(_("{where}: elapsed_ms is longer than a timer counts").format(where=where))
    link = _get(item, "link", str, where, "", MAX_LINK)
    if link:
        tokens = _link_ok(link, game, options, seed, where).moves
        if moves == len(tokens):  # counted as every token was, before a Gravity collapse choice was no move
            moves = moves_made(game, tokens)
    judged = _get(item, "judged", str, where, "")
    if judged not in JUDGEMENTS:
        raise StatsError(_("{where}: judged {judged} is not what the solver says").format(
            where=where, judged=repr(judged[:12])))
    possible = _get(item, "possible", int, where) if judged and "possible" in item else None
    if judged and possible is None:
        raise StatsError(_("{where}: judged by the solver, with no score possible").format(where=where))
    return Result(game, options, seed, started, _get(item, "score", int, where), won,
                  date, moves, outcome, daily, band, hints, elapsed, link, judged, possible)


def _open_from(item: object, where: str) -> OpenGame:
    if not isinstance(item, dict):
        raise StatsError(_("{where} is not an object").format(where=where))
    seed = _get(item, "seed", int, where)
    hints = _get(item, "hints", int, where, 0)
    if hints < 0 or not 0 <= seed <= MAX_SEED:
        raise StatsError(_("{where}: hints and seed cannot be negative, nor the seed too large").format(where=where))
    return OpenGame(_get(item, "game", str, where), _get(item, "options", str, where), seed,
                    _get(item, "started", str, where), _get(item, "daily", str, where, ""), hints)
