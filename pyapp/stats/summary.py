"""Statistics per game and variant, pure and typed (no DOM, no clock of its own).

A :class:`Stats` is a set of :class:`Result` s, one per game played, each with an
identity (game, options, seed, start stamp) so merging an imported file never
counts a game twice; everything shown (played, won, win rate, best and average
score, streaks, the last 20 results, the rating bands of a game that has them, the
daily streak) is computed from them by :meth:`Stats.summary`. Keeping the record
in the player's storage and counting the games as they are played is
:mod:`pyapp.stats.keeper`'s part.

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
  its link with every move, so it can be watched again (:mod:`pyapp.app.replay`);
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
  version 1 (``hints``, ``elapsed_ms``, ``link``, the solver's ``judged`` and ``possible``)
  are optional with a default,
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
from dataclasses import dataclass, field
from typing import Callable, Final, Literal

from ..core.daily import daily_par
from ..core.errors import StatsError
from ..i18n import ngettext
from .record import (FORBIDDEN_KEYS, GAME_ID, MAX_IMPORT_CHARS, MAX_LINK, MAX_NUMBER, MAX_OPEN,  # noqa: F401
                           MAX_RESULTS, MAX_SEED, OUTCOMES, RECENT, STATS_FORMAT, STATS_VERSION, Key, OpenGame,
                           Outcome, Result, _entry, lower_is_better, rating_bands, read_record, record_text,
                           utc_stamp)

#: The record's parts and its text are :mod:`pyapp.stats.record`'s; the names above are
#: read from here too.
__all__ = ["FORBIDDEN_KEYS", "GAME_ID", "MAX_IMPORT_CHARS", "MAX_LINK", "MAX_NUMBER", "MAX_OPEN", "MAX_RESULTS",
           "MAX_SEED", "OUTCOMES", "RECENT", "STATS_FORMAT", "STATS_VERSION", "Comparison", "DailyStatus", "Key",
           "OpenGame", "Outcome", "Result", "Stats", "StatsSummary", "VariantSummary", "lower_is_better",
           "rating_bands", "utc_stamp"]

#: The daily results the statistics list to share (newest first).
DAILIES: Final = 7


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
    #: Games that ended whose deal the solver judged (:attr:`Result.judged`); of those, the
    #: ones lost though the solver proved the deal could be won, and the ones played as well
    #: as anyone could (won, or the solver's complete search did no better).
    judged: int = 0
    winnable_lost: int = 0
    as_well_as_possible: int = 0


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
    #: Today's daily deals played to their end in a game scored in points whose par is known
    #: (:func:`pyapp.core.daily.daily_par`): (game, the best score played, the par).
    pars: tuple[tuple[str, int, int], ...] = ()
    #: The daily deals played to their end, newest first (at most :data:`DAILIES`), each a
    #: result to share (:meth:`Stats.daily_result`).
    dailies: tuple[DailyStatus, ...] = ()


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
            raise StatsError(ngettext("too many results after the merge (more than {limit})",
                                      "too many results after the merge (more than {limit})", MAX_RESULTS)
                             .format(limit=MAX_RESULTS))
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
        bands = tuple((label, sum(1 for r in rs if r.band == label)) for label, _top in rating_bands(game))
        times = [r.elapsed_ms for r in rs if r.won and r.elapsed_ms > 0]
        better = _better(game)
        judged = [r for r in rs if r.ended and (r.judged or r.won)]
        return VariantSummary(game, options, played, won, won / played if played else 0.0, best, average,
                              streak, longest, tuple(rs[-RECENT:]), bands, lower, sum(r.hints for r in rs),
                              best_result, min(times) if times else None, len(judged),
                              sum(1 for r in judged if r.judged == "won" and not r.won),
                              sum(1 for r in judged if r.won or r.judged == "exact" and r.possible is not None
                                  and not better(r.possible, r.score)))

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

    def daily_result(self, game: str, day: datetime.date) -> Result | None:
        """The result of ``game``'s daily deal of ``day`` that :meth:`daily_status` shows, the
        one to share: its last win that day, else its last try, when it ended (None when none did).

        >>> s = Stats(); day = datetime.date(2025, 1, 1)
        >>> _ = s.record(Result("gyre", "", 1, "t1", 40, False, "2025-01-01T09:00:00Z", 50, "finished", "2025-01-01"))
        >>> _ = s.record(Result("gyre", "", 1, "t2", 45, False, "2025-01-01T10:00:00Z", 50, "abandoned", "2025-01-01"))
        >>> s.daily_result("gyre", day) is None, s.daily_result("gravity", day)
        (True, None)
        >>> _ = s.record(Result("gyre", "", 1, "t3", 44, False, "2025-01-01T11:00:00Z", 50, "finished", "2025-01-01"))
        >>> s.daily_result("gyre", day).score
        44
        """
        iso = day.isoformat()
        tries = [r for r in self.ordered() if r.game == game and r.daily == iso]
        won = [r for r in tries if r.won]
        last = won[-1] if won else tries[-1] if tries else None
        return last if last is not None and last.ended else None

    def dailies(self) -> tuple[DailyStatus, ...]:
        """The daily deals played to their end, newest first (at most :data:`DAILIES`): each as
        :meth:`daily_result` has it."""
        deals = sorted(sorted({(r.daily, r.game) for r in self.results.values() if r.daily}, key=lambda d: d[1]),
                       key=lambda d: d[0], reverse=True)  # newest first, each day's games by name
        found = []
        for iso, game in deals:
            result = self.daily_result(game, datetime.date.fromisoformat(iso))
            if result is not None:
                found.append(DailyStatus(game, iso, "won" if result.won else result.outcome, result.score))
        return tuple(found[:DAILIES])

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
                            sum(1 for r in self.results.values() if r.won), current, longest, len(self.open),
                            self.pars(today), self.dailies())

    def pars(self, today: datetime.date) -> tuple[tuple[str, int, int], ...]:
        """Today's daily deals played to their end whose par is a score (Gyre's): (game, the best
        score played, the par).

        >>> from pyapp.core.daily import daily_seed
        >>> day, s = datetime.date(2026, 12, 7), Stats()
        >>> seed = daily_seed("gyre", day)
        >>> _ = s.record(Result("gyre", "", seed, "t", 40, False, "2026-12-07T09:00:00Z", 50, "finished", "2026-12-07"))
        >>> s.pars(day) == (("gyre", 40, daily_par("gyre", day).score),)
        True
        """
        iso, found = today.isoformat(), []
        for game in sorted({r.game for r in self.results.values() if r.daily == iso}):
            par = daily_par(game, today)
            scores = [r.score for r in self.results.values() if r.game == game and r.daily == iso and r.outcome == "finished"]
            if par is not None and par.score is not None and scores:
                found.append((game, max(scores), par.score))
        return tuple(found)

    # -- text ----------------------------------------------------------------
    def dumps(self, with_open: bool = True) -> str:
        """The record as JSON (an export leaves the games in progress out: :func:`record_text`)."""
        return record_text(self.ordered(), list(self.open.values()) if with_open else None)

    @classmethod
    def loads(cls, text: str, imported_on: datetime.date | None = None) -> Stats:
        """Read a record or an export; anything wrong raises :class:`StatsError` saying what.
        ``imported_on``: the file is being imported on that (UTC) day, and is read strictly
        (see the module doc).

        >>> Stats.loads('{"format": "solitaire-orbit-stats", "version": 9, "results": []}')
        Traceback (most recent call last):
        ...
        pyapp.core.errors.StatsError: statistics version 9 is not one this app reads (it reads version 1)
        >>> Stats.loads('{"format": "solitaire-orbit-stats", "version": 1, "results": [], "__proto__": {}}',
        ...             datetime.date(2025, 1, 1))
        Traceback (most recent call last):
        ...
        pyapp.core.errors.StatsError: the file holds a key named '__proto__', which no statistics file has
        """
        results, open_games = read_record(text, imported_on)
        stats = cls()
        for r in results:
            stats.results[r.key] = r
        for game, options in sorted({(r.game, r.options) for r in stats.results.values() if r.link}):
            stats._prune_links(game, options)
        for o in open_games:
            stats.open[(o.game, o.options, o.seed)] = o
        return stats
