"""Keeping the statistics in the player's storage and counting the games the
controller reports: a :class:`StatsKeeper` reads and writes the record
(:class:`pyapp.stats.summary.Stats`) under :data:`STATS_KEY`, sets a corrupt one aside under
:data:`CORRUPT_STATS_KEY`, and turns the controller's events (a move, an end, a
new deal or a restart, an Undo, a hint) into results.
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Callable, Protocol

from ..core.daily import daily_date
from ..core.errors import StatsError
from ..games import moves_made
from ..i18n import _, ngettext, number, percent
from ..core.links import Link
from .summary import MAX_OPEN, Key, OpenGame, Outcome, Result, Stats, _order, utc_stamp
from .record import _entry
from ..core.storage import Storage


class GameLike(Protocol):
    """What the keeper reads of a session (:class:`pyapp.app.session.Session` is one)."""

    @property
    def moves(self) -> tuple[str, ...]: ...

    @property
    def options_text(self) -> str: ...

    seed: int
    resigned: bool

    def status(self) -> str: ...

    def score(self) -> int: ...


STATS_KEY = "orbit.stats"
CORRUPT_STATS_KEY = "orbit.corrupt.stats"
#: When the statistics were last reset (in any tab), so that another tab's record does not bring them back.
RESET_KEY = "orbit.stats.reset"


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


class StatsKeeper:
    """Keeps :class:`Stats` in storage under :data:`STATS_KEY` and turns the
    controller's events into results: :meth:`moved` after a move by the player,
    :meth:`changed` after any change (an end is counted), :meth:`abandon` before a
    new deal or a restart replaces a game, :meth:`reopen` when Undo brings it back,
    :meth:`hinted` when the player asks for a hint. :meth:`changed` and
    :meth:`abandon` take the time played, when the controller keeps a timer.

    >>> from pyapp.app.session import Session
    >>> from pyapp.games import get_game
    >>> from pyapp.core.storage import MemoryStorage
    >>> k = StatsKeeper(MemoryStorage(), lambda: datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc))
    >>> s = Session.new(get_game("gyre"), 5)
    >>> s = s.played(s.legal_moves()[0]); k.moved("gyre", s); s = s.given_up(); k.changed("gyre", s)
    >>> [(r.outcome, r.won) for r in k.stats.results.values()]
    [('resigned', False)]
    """

    def __init__(self, storage: Storage, clock: Callable[[], datetime.datetime] = utc_now) -> None:
        self.storage = storage
        self.clock = clock
        self.stats = Stats()
        self._last_abandoned: Key | None = None
        self._last_abandoned_open: OpenGame | None = None
        #: Hints asked for before a game's first move, by (game, options, seed).
        self._early_hints: dict[tuple[str, str, int], int] = {}
        #: The record as this tab last read or wrote it, and the last reset it knows of: a
        #: record found otherwise was written by another tab, and is merged before a write.
        self._written: str | None = None
        self._reset_seen = ""

    def load(self) -> str:
        """Read the record; a corrupt one is kept aside under :data:`CORRUPT_STATS_KEY`
        and the message to show is returned ("" when all is well)."""
        raw = self.storage.get(STATS_KEY)
        self._written, self._reset_seen = raw, self.storage.get(RESET_KEY) or ""
        if not raw:
            return ""
        try:
            self.stats = Stats.loads(raw)
        except StatsError as exc:
            self.storage.set(CORRUPT_STATS_KEY, raw)
            self.storage.remove(STATS_KEY)
            self.stats = Stats()
            # Translators: {problem} says what is wrong with them; {key} is where the browser keeps them now
            # (orbit.corrupt.stats), not translated.
            return _("Your statistics could not be read ({problem}). They were set aside ({key}) and new statistics "
                     "started.").format(problem=exc, key=CORRUPT_STATS_KEY)
        return ""

    def save(self) -> None:
        """Write the record, with the games another tab counted since merged in first (each
        game is counted once, whichever tab ends it)."""
        self.merge_stored()
        self._written = self.stats.dumps()
        self.storage.set(STATS_KEY, self._written)

    def merge_stored(self) -> bool:
        """Take in what another tab wrote since this tab last read or wrote the record: a reset
        made there, then the games it counted. True when there was something.

        >>> from pyapp.core.storage import MemoryStorage
        >>> storage = MemoryStorage(); a, b = StatsKeeper(storage), StatsKeeper(storage)
        >>> _unused = a.load(), b.load()
        >>> r = Result("gyre", "", 1, "t1", 5, False, "2025-01-01T00:00:00Z", 3, "finished")
        >>> _unused = a.stats.record(r); a.save(); b.save()  # b knew nothing of a's game
        >>> list(Stats.loads(storage.get(STATS_KEY)).results) == list(a.stats.results)
        True
        >>> a.reset(); b.save(); len(Stats.loads(storage.get(STATS_KEY)).results)
        0
        """
        raw = self.storage.get(STATS_KEY)
        stamp = self.storage.get(RESET_KEY) or ""
        if raw == self._written and stamp == self._reset_seen:
            return False
        if stamp > self._reset_seen:  # reset in another tab since
            self.stats.reset()
            self._reset_seen = stamp
        if raw:
            try:
                self.stats.merge(Stats.loads(raw))
            except StatsError:
                pass  # an unreadable record is not merged (it is set aside when read at start)
        self._written = raw
        return True

    def today(self) -> datetime.date:
        return self.clock().astimezone(datetime.timezone.utc).date()

    def _result(self, game: str, o: OpenGame, session: GameLike, outcome: Outcome, elapsed_ms: int) -> Result:
        score = session.score()
        known = _entry(game)
        band = known.band(score) if known is not None and outcome != "abandoned" else ""
        link = Link(game, o.options, o.seed, session.moves, session.resigned).fragment()
        return Result(game, o.options, o.seed, o.started, score, outcome == "won", utc_stamp(self.clock()),
                      moves_made(game, session.moves), outcome, o.daily, band, o.hints, max(0, elapsed_ms), link)

    def hinted(self, game: str, session: GameLike) -> None:
        """The player asked for a hint: it counts for the game in progress (one
        asked before the first move counts once that move is made)."""
        key = (game, session.options_text, session.seed)
        o = self.stats.open.get(key)
        if o is None:
            self._early_hints = {key: self._early_hints.get(key, 0) + 1}
            return
        self.stats.open[key] = dataclasses.replace(o, hints=o.hints + 1)
        self.save()

    def moved(self, game: str, session: GameLike, elapsed_ms: int = 0) -> None:
        """The player made a move: the first one opens the game (it counts from now);
        ``elapsed_ms`` is the time played so far (kept if the move ends the game)."""
        key = (game, session.options_text, session.seed)
        if key not in self.stats.open and session.moves:
            now = self.clock()
            day = daily_date(game, session.options_text, session.seed, now.astimezone(datetime.timezone.utc).date())
            daily = day.isoformat() if day is not None else ""
            hints = self._early_hints.pop(key, 0)
            self.stats.open[key] = OpenGame(game, session.options_text, session.seed, utc_stamp(now), daily, hints)
            while len(self.stats.open) > MAX_OPEN:  # the oldest in progress counts as abandoned
                old = min(self.stats.open.values(), key=lambda o: o.started)
                del self.stats.open[(old.game, old.options, old.seed)]
                if not any(k[:3] == (old.game, old.options, old.seed) and k[3] == old.started
                           for k in self.stats.results):
                    self.stats.record(Result(old.game, old.options, old.seed, old.started, 0, False,
                                             utc_stamp(now), 0, "abandoned", old.daily))
            self.save()
        self.changed(game, session, elapsed_ms)

    def changed(self, game: str, session: GameLike, elapsed_ms: int = 0) -> None:
        """After any change: a game in progress that has ended is counted (once per
        identity), with ``elapsed_ms`` played."""
        o = self.stats.open.get((game, session.options_text, session.seed))
        status = session.status()
        if o is None or status == "playing":
            return
        outcome: Outcome = "resigned" if session.resigned else "won" if status == "won" else \
            "lost" if status == "lost" else "finished"
        self.stats.record(self._result(game, o, session, outcome, elapsed_ms))
        self.save()

    def abandon(self, game: str, session: GameLike, elapsed_ms: int = 0) -> None:
        """A new deal or a restart replaces this game: if it was not counted, it counts
        now as played and not won; either way it is no longer in progress."""
        key = (game, session.options_text, session.seed)
        o = self.stats.open.pop(key, None)
        if o is None:
            return
        rkey = (game, o.options, o.seed, o.started)
        self._last_abandoned, self._last_abandoned_open = None, o
        if rkey not in self.stats.results:
            self.stats.record(self._result(game, o, session, "abandoned", elapsed_ms))
            self._last_abandoned = rkey
        self.save()

    def reopen(self, game: str, session: GameLike) -> None:
        """Undo brought back the game last abandoned: it is in progress again, not counted."""
        o = self._last_abandoned_open
        if o is None or (o.game, o.options, o.seed) != (game, session.options_text, session.seed):
            return
        if self._last_abandoned is not None:
            self.stats.results.pop(self._last_abandoned, None)
        self.stats.open[(o.game, o.options, o.seed)] = o
        self._last_abandoned, self._last_abandoned_open = None, None
        self.save()

    def compare(self, game: str, session: GameLike) -> tuple[str, ...]:
        """Lines for the end screen, in the game's own measure: this game's variant's wins
        (what a win is, for a game that has one), best, average and winning streak."""
        from ..games import entries

        v = self.stats.variant(game, session.options_text)
        e = next((e for e in entries() if e.id == game), None)
        if not v.played:
            return ()
        rate = percent(v.win_rate)
        if e is not None and not e.can_win:
            # Translators: the end screen's line on the games of this game and variant (a game without a win).
            line = ngettext("This game and variant: {n} played", "This game and variant: {n} played",
                            v.played).format(n=v.played)
        elif e is not None and e.win_words:
            # Translators: the end screen's line on the games of this game and variant: {wins} of them won,
            # {rate} the share won; {what} is what a win is in this game ("one pile left").
            line = ngettext("This game and variant: {n} played; wins: {wins} ({rate}); a win is {what}",
                            "This game and variant: {n} played; wins: {wins} ({rate}); a win is {what}",
                            v.played).format(n=v.played, wins=v.won, rate=rate, what=_(e.win_words))
        else:
            # Translators: the end screen's line on the games of this game and variant: {wins} of them won,
            # {rate} the share won.
            line = ngettext("This game and variant: {n} played; wins: {wins} ({rate})",
                            "This game and variant: {n} played; wins: {wins} ({rate})",
                            v.played).format(n=v.played, wins=v.won, rate=rate)
        lines = [line]
        if v.best is not None and v.average is not None:
            # Translators: the best score with its unit ("12 points", "3 piles left") and the average score.
            lines.append(_("Best {best} · average {average}").format(best=e.amount(v.best) if e else v.best,
                                                                      average=number(v.average)))
        r = self._counted(game, session)
        if r is not None and r.ended:
            c = self.stats.compare(game, r.options, r.score, r.key)
            if c.played and c.new_best:
                lines.append(_("A new best score!"))
        if v.streak > 1 and (e is None or e.can_win):
            # Translators: the games won in a row.
            lines.append(ngettext("Winning streak {n}", "Winning streak {n}", v.streak).format(n=v.streak))
        return tuple(lines)

    def _counted(self, game: str, session: GameLike) -> Result | None:
        """The latest result counted for this session's deal, if any."""
        same = [r for r in self.stats.results.values()
                if (r.game, r.options, r.seed) == (game, session.options_text, session.seed)]
        return max(same, key=_order) if same else None

    def judged(self, game: str, session: GameLike, judged: str, possible: int) -> bool:
        """The solver judged the deal of ``session``, a game counted as it ended (see
        :attr:`pyapp.stats.summary.Result.judged`): kept with its result; True when it was.

        >>> from pyapp.core.storage import MemoryStorage
        >>> from pyapp.app.session import Session
        >>> from pyapp.games import get_game
        >>> k = StatsKeeper(MemoryStorage()); s = Session.new(get_game("gravity"), 5)
        >>> s = s.played(s.legal_moves()[0]); k.moved("gravity", s); s = s.given_up(); k.changed("gravity", s)
        >>> k.judged("gravity", s, "won", 1), k.stats.variant("gravity", "").winnable_lost
        (True, 1)
        """
        r = self._counted(game, session)
        if r is None or not r.ended or r.judged:
            return False
        self.stats.results[r.key] = dataclasses.replace(r, judged=judged, possible=possible)
        self.save()
        return True

    def export(self) -> str:
        return self.stats.dumps(with_open=False)

    def import_file(self, text: str) -> tuple[str, bool]:
        """Merge an exported file (a game already counted is not counted again; a bad file
        changes nothing): the words to tell the player, and whether it failed."""
        try:
            added = self.import_text(text)
        except StatsError as exc:
            # Translators: {problem} says what is wrong with the file.
            return _("That file could not be imported: {problem}. Your statistics are as they were.").format(
                problem=exc), True
        return (ngettext("Imported {n} game.", "Imported {n} games.", added).format(n=added) if added
                else _("Nothing new to import: every game in that file is already counted.")), False

    def import_text(self, text: str) -> int:
        """Merge an export into the record; how many games were added. Raises
        :class:`StatsError` (nothing changed) for a bad file: one read strictly, as an
        import is (:meth:`Stats.loads` with today's date; at most
        :data:`pyapp.stats.summary.MAX_IMPORT_CHARS` characters)."""
        other = Stats.loads(text, imported_on=self.today())
        merged = Stats(dict(self.stats.results), dict(self.stats.open))
        added = merged.merge(other)
        self.stats = merged
        self.save()
        return added

    def reset(self) -> None:
        self.stats.reset()
        self._last_abandoned = self._last_abandoned_open = None
        self._early_hints = {}
        self._reset_seen = max(self.clock().astimezone(datetime.timezone.utc).isoformat(), self._reset_seen + "~")
        self.storage.set(RESET_KEY, self._reset_seen)
        self._written = self.stats.dumps()
        self.storage.set(STATS_KEY, self._written)
