"""Statistics per game and variant, pure and typed (no DOM, no clock of its own).

A :class:`Stats` is a set of :class:`Result` s, one per game played, each with an
identity (game, options, seed, start stamp) so merging an imported file never
counts a game twice; everything shown (played, won, win rate, best and average
score, streaks, the last 20 results, the rating bands of a game that has them, the
daily streak) is computed from them by :meth:`Stats.summary`. Keeping the record
in the player's storage and counting the games as they are played is
:mod:`pyapp.stats_keeper`'s part.

* A game counts as played once its first move is made. It is counted once, when
  it ends (won, lost, finished or given up) or when it is abandoned for a new deal
  or a restart (played, not won). Undoing past the end and ending again replaces
  the result of the same identity; it is still one game.
* Best and average scores are over the games that ended (abandoned ones are left
  out: their score is a position, not a result). A game's score is better when
  lower if its registry entry says so (``lower_is_better``, :mod:`pyapp.games`);
  a game's rating bands (``bands``) come from there too.
* Streaks run over the results of one game and variant in the order they ended;
  an abandoned or given-up game breaks a winning streak.
* The daily streak: consecutive UTC days on which the player finished (played to
  its end, not given up or abandoned) that day's daily deal of any game.
* Each result keeps the hints used, the time played (when the controller passes
  it) and, for the last :data:`RECENT` results of its variant and its best one,
  its link with every move, so it can be watched again (:mod:`pyapp.replay`);
  older results drop their link to keep the record small.
* An imported file is read as the player's own record is, and more strictly
  (:meth:`Stats.loads` with ``imported_on``): at most :data:`MAX_IMPORT_CHARS`
  characters, no key named as a JavaScript object's own (``__proto__``,
  ``constructor``, ``prototype``) and no key twice in an object, no game twice, no
  date after the day of the import, a game's id of letters, digits and dashes
  (:data:`GAME_ID`), a known game's options as this app writes them,
  a daily result's deal that day's. Numbers are whole and within bounds in both
  (a seed in 0 to 2^64-1, the others within 2^53), so nothing read can break a summary.
* The record's format is versioned (:data:`STATS_VERSION`). Fields added since
  version 1 (``hints``, ``elapsed_ms``, ``link``) are optional with a default,
  so older records and exports still read, and an older app reading a newer
  record ignores them: the version only changes when a field changes meaning.

>>> s = Stats()
>>> s.record(Result("gyre", "", 7, "2025-01-01T10:00:00.000Z", 30, False, "2025-01-01T10:05:00Z", 40, "finished"))
True
>>> s.record(Result("gyre", "", 7, "2025-01-01T10:00:00.000Z", 34, False, "2025-01-01T10:09:00Z", 44, "finished"))
False
>>> v = s.summary(datetime.date(2025, 1, 1)).variants[0]
>>> v.played, v.won, v.best, v.recent[0].score
(1, 0, 34, 34)
>>> Stats.loads(s.dumps()).results == s.results
True
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

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


@dataclass(frozen=True)
class VariantSummary:
    """What the statistics dialog shows for one game and variant."""

    game: str
    options: str
    played: int
    won: int
    #: Won / played, 0.0 to 1.0 (0.0 when none played).
    win_rate: float
    best: int | None
    average: float | None
    streak: int
    longest: int
    #: The last :data:`RECENT` results, oldest first.
    recent: tuple[Result, ...]
    #: For a game with rating bands: (band label, games) for every band.
    bands: tuple[tuple[str, int], ...] = ()
    lower_better: bool = False
    #: Hints used over all these games.
    hints: int = 0
    #: The result with the best score (the first to reach it), or None.
    best_result: Result | None = None
    #: The shortest time of a timed win, or None.
    fastest_win_ms: int | None = None


@dataclass(frozen=True)
class Comparison:
    """A score against the other games of its variant that ended (for the end screen)."""

    score: int
    #: How many other games of the variant ended, and their best and average scores.
    played: int
    best: int | None
    average: float | None
    #: Better than every one of them (True for the first game).
    new_best: bool
    #: 1 for the best; equal scores share a rank.
    rank: int
    lower_better: bool = False


DailyState = Literal["unplayed", "playing", "won", "lost", "finished", "resigned", "abandoned"]


@dataclass(frozen=True)
class DailyStatus:
    """Today's deal of one game on the start screen: ``unplayed``, ``playing`` (in
    progress), or how it ended (``won`` if it was won once that day)."""

    game: str
    day: str
    state: DailyState
    #: The score of the result shown, or None (unplayed or in progress).
    score: int | None = None


@dataclass(frozen=True)
class StatsSummary:
    variants: tuple[VariantSummary, ...]
    played: int
    won: int
    daily_streak: int
    daily_longest: int
    #: Games started and not yet counted (in progress).
    in_progress: int = 0


def _runs(flags: list[bool]) -> tuple[int, int]:
    """(current run of True at the end, longest run).

    >>> _runs([True, False, True, True])
    (2, 2)
    """
    current = longest = 0
    for flag in flags:
        current = current + 1 if flag else 0
        longest = max(longest, current)
    return current, longest


def _order(r: Result) -> tuple[str, str]:
    return (r.date, r.started)


def _better(game: str) -> Callable[[int, int], bool]:
    """``better(a, b)``: score a beats score b in this game."""
    if lower_is_better(game):
        return lambda a, b: a < b
    return lambda a, b: a > b


def _best(rs: list[Result]) -> Result | None:
    """The first result (in ``rs``'s order) to reach the best score of those that ended."""
    best: Result | None = None
    for r in rs:
        if r.ended and (best is None or _better(r.game)(r.score, best.score)):
            best = r
    return best


@dataclass
class Stats:
    """Every result, and the games in progress (:attr:`open`)."""

    results: dict[Key, Result] = field(default_factory=dict)
    #: Games in progress by (game, options, seed).
    open: dict[tuple[str, str, int], OpenGame] = field(default_factory=dict)

    # -- changing ------------------------------------------------------------
    def record(self, result: Result) -> bool:
        """Count a result; one of the same identity is replaced. True if it is new."""
        new = result.key not in self.results
        self.results[result.key] = result
        if result.link:
            self._prune_links(result.game, result.options)
        return new

    def _prune_links(self, game: str, options: str) -> None:
        """Keep the links of the last :data:`RECENT` results of a variant and of its best."""
        rs = [r for r in self.ordered() if (r.game, r.options) == (game, options)]
        keep = {r.key for r in rs[-RECENT:]}
        best = _best(rs)
        if best is not None:
            keep.add(best.key)
        for r in rs:
            if r.link and r.key not in keep:
                self.results[r.key] = dataclasses.replace(r, link="")

    def merge(self, other: Stats) -> int:
        """Add the results of ``other`` not already here (by identity); how many were added.
        A game here stays as it is; the games in progress of ``other`` are left out.

        >>> import dataclasses
        >>> a, b = Stats(), Stats()
        >>> r = Result("gyre", "", 1, "t1", 5, False, "2025-01-01T00:00:00Z", 3, "finished")
        >>> _ = a.record(r); _ = b.record(r); _ = b.record(dataclasses.replace(r, started="t2"))
        >>> a.merge(b), a.merge(b), len(a.results)
        (1, 0, 2)
        """
        added = 0
        variants: set[tuple[str, str]] = set()
        for key, result in other.results.items():
            if key not in self.results:
                self.results[key] = result
                variants.add((result.game, result.options))
                added += 1
        if len(self.results) > MAX_RESULTS:
            raise StatsError(f"too many results after the merge (more than {MAX_RESULTS})")
        for game, options in sorted(variants):
            self._prune_links(game, options)
        return added

    def reset(self) -> None:
        """Forget every result (the games in progress are counted afresh when they end)."""
        self.results.clear()

    # -- reading -------------------------------------------------------------
    def ordered(self) -> list[Result]:
        return sorted(self.results.values(), key=_order)

    def _variant_results(self, game: str, options: str) -> list[Result]:
        return [r for r in self.ordered() if (r.game, r.options) == (game, options)]

    def variant(self, game: str, options: str) -> VariantSummary:
        """Everything shown for one game and variant (``options`` in canonical form)."""
        rs = self._variant_results(game, options)
        played = len(rs)
        won = sum(1 for r in rs if r.won)
        scores = [r.score for r in rs if r.ended]
        lower = lower_is_better(game)
        best_result = _best(rs)
        best = best_result.score if best_result is not None else None
        average = round(sum(scores) / len(scores), 2) if scores else None
        streak, longest = _runs([r.won for r in rs])
        bands = tuple((label, sum(1 for r in rs if r.band == label)) for label, _ in rating_bands(game))
        times = [r.elapsed_ms for r in rs if r.won and r.elapsed_ms > 0]
        return VariantSummary(game, options, played, won, won / played if played else 0.0, best, average,
                              streak, longest, tuple(rs[-RECENT:]), bands, lower, sum(r.hints for r in rs),
                              best_result, min(times) if times else None)

    def recent_scores(self, game: str, options: str) -> tuple[int, ...]:
        """The scores of the last :data:`RECENT` games of a variant that ended
        (abandoned ones have no final score), oldest first: the chart's data.

        >>> s = Stats()
        >>> for n, (score, outcome) in enumerate([(5, "finished"), (2, "abandoned"), (7, "resigned")]):
        ...     _ = s.record(Result("gyre", "", n, f"t{n}", score, False, f"2025-01-0{n + 1}T00:00:00Z", 9, outcome))
        >>> s.recent_scores("gyre", "")
        (5, 7)
        """
        return tuple(r.score for r in self._variant_results(game, options) if r.ended)[-RECENT:]

    def compare(self, game: str, options: str, score: int, key: Key | None = None) -> Comparison:
        """``score`` against the other games of the variant that ended (the result
        with identity ``key``, the game itself once counted, is left out).

        >>> s = Stats()
        >>> for n, score in enumerate((4, 9)):
        ...     _ = s.record(Result("gravity", "", n, f"t{n}", score, False, "2025-01-01T00:00:00Z", 9, "finished"))
        >>> c = s.compare("gravity", "", 3)
        >>> c.best, c.average, c.new_best, c.rank
        (4, 6.5, True, 1)
        >>> s.compare("gravity", "", 9).rank
        2
        """
        others = [r.score for r in self._variant_results(game, options) if r.ended and r.key != key]
        better = _better(game)
        best: int | None = None
        for x in others:
            if best is None or better(x, best):
                best = x
        average = round(sum(others) / len(others), 2) if others else None
        rank = 1 + sum(1 for x in others if better(x, score))
        return Comparison(score, len(others), best, average, best is None or better(score, best), rank,
                          lower_is_better(game))

    def daily_status(self, game: str, day: datetime.date) -> DailyStatus:
        """How ``game``'s daily deal of ``day`` stands: won if it was won that day;
        else in progress if it is; else how its last try ended; else unplayed.

        >>> s = Stats()
        >>> s.daily_status("gyre", datetime.date(2025, 1, 1)).state
        'unplayed'
        >>> _ = s.record(Result("gyre", "", 1, "t", 40, False, "2025-01-01T09:00:00Z", 50, "finished", "2025-01-01"))
        >>> s.daily_status("gyre", datetime.date(2025, 1, 1))
        DailyStatus(game='gyre', day='2025-01-01', state='finished', score=40)
        """
        iso = day.isoformat()
        tries = [r for r in self.ordered() if r.game == game and r.daily == iso]
        won = [r for r in tries if r.won]
        if won:
            return DailyStatus(game, iso, "won", won[-1].score)
        counted = {r.key for r in tries}
        # a game stays open after it is counted (Undo may take its end back): only an
        # open game not yet counted is in progress
        if any(o.game == game and o.daily == iso and (o.game, o.options, o.seed, o.started) not in counted
               for o in self.open.values()):
            return DailyStatus(game, iso, "playing")
        if tries:
            return DailyStatus(game, iso, tries[-1].outcome, tries[-1].score)
        return DailyStatus(game, iso, "unplayed")

    def daily_streaks(self, today: datetime.date) -> tuple[int, int]:
        """(current, longest) runs of consecutive UTC days with a daily deal finished.
        The current run counts back from today, or from yesterday while today's is unfinished."""
        days = sorted({datetime.date.fromisoformat(r.daily) for r in self.results.values()
                       if r.daily and r.outcome not in ("abandoned", "resigned")})
        longest = run = 0
        prev: datetime.date | None = None
        for d in days:
            run = run + 1 if prev is not None and (d - prev).days == 1 else 1
            longest = max(longest, run)
            prev = d
        done = set(days)
        current = 0
        d = today if today in done else today - datetime.timedelta(days=1)
        while d in done:
            current += 1
            d -= datetime.timedelta(days=1)
        return current, longest

    def summary(self, today: datetime.date, first: str = "") -> StatsSummary:
        """Every game and variant played (game ``first`` first, then by game and options)."""
        variants = sorted({(r.game, r.options) for r in self.results.values()},
                          key=lambda v: (v[0] != first, v[0], v[1]))
        current, longest = self.daily_streaks(today)
        return StatsSummary(tuple(self.variant(g, o) for g, o in variants), len(self.results),
                            sum(1 for r in self.results.values() if r.won), current, longest, len(self.open))

    # -- text ----------------------------------------------------------------
    def dumps(self, with_open: bool = True) -> str:
        """The record as JSON (an export leaves the games in progress out)."""
        data: dict[str, Any] = {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "results": [_result_json(r) for r in self.ordered()],
        }
        if with_open:
            data["open"] = [{"game": o.game, "options": o.options, "seed": o.seed, "started": o.started,
                             "daily": o.daily, "hints": o.hints} for o in self.open.values()]
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str, imported_on: datetime.date | None = None) -> Stats:
        """Read a record or an export; anything wrong raises :class:`StatsError` saying what.
        ``imported_on``: the file is being imported on that (UTC) day, and is read strictly
        (see the module doc).

        >>> Stats.loads('{"format": "solitaire-orbit-stats", "version": 9, "results": []}')
        Traceback (most recent call last):
        ...
        pyapp.errors.StatsError: statistics version 9 is not one this app reads (it reads version 1)
        >>> Stats.loads('{"format": "solitaire-orbit-stats", "version": 1, "results": [], "__proto__": {}}',
        ...             datetime.date(2025, 1, 1))
        Traceback (most recent call last):
        ...
        pyapp.errors.StatsError: the file holds a key named '__proto__', which no statistics file has
        """
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
        stats = cls()
        first: dict[Key, int] = {}
        for i, item in enumerate(raw_results):
            r = _result_from(item, f"result {i + 1}")
            if imported_on is not None:
                _imported_ok(r, f"result {i + 1}", imported_on)
                if r.key in first:
                    raise StatsError(f"result {i + 1} is the same game as result {first[r.key]} "
                                     f"({r.game} deal {r.seed} begun {r.started[:24]})")
                first[r.key] = i + 1
            stats.results[r.key] = r
        for game, options in sorted({(r.game, r.options) for r in stats.results.values() if r.link}):
            stats._prune_links(game, options)
        for i, item in enumerate(raw_open[:MAX_OPEN]):
            o = _open_from(item, f"game in progress {i + 1}")
            stats.open[(o.game, o.options, o.seed)] = o
        return stats


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
    for name, value in (("hints", r.hints), ("elapsed_ms", r.elapsed_ms), ("link", r.link)):
        if value:  # fields added after version 1 are written only when set
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
    return Result(game, options, seed, started, _get(item, "score", int, where), won,
                  date, moves, outcome, daily, band, hints, elapsed, link)


def _open_from(item: Any, where: str) -> OpenGame:
    if not isinstance(item, dict):
        raise StatsError(f"{where} is not an object")
    seed = _get(item, "seed", int, where)
    hints = _get(item, "hints", int, where, 0)
    if hints < 0 or not 0 <= seed <= MAX_SEED:
        raise StatsError(f"{where}: hints and seed cannot be negative, nor the seed too large")
    return OpenGame(_get(item, "game", str, where), _get(item, "options", str, where), seed,
                    _get(item, "started", str, where), _get(item, "daily", str, where, ""), hints)
