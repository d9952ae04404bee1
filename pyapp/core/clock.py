"""A pausable game timer as pure state: the caller passes every timestamp in
(milliseconds on any clock that does not jump, as ``performance.now()`` or
``Date.now()`` in the page); nothing here reads a clock.

A :class:`GameClock` is an immutable value: the time run up to its last pause,
and since when it runs (None while paused). The page pauses it when it is hidden
and when the game ends; a save keeps only the time run (:meth:`GameClock.save`),
so the time the page was closed never counts, and :meth:`GameClock.load` resumes
it from the moment of loading if it was running.

>>> c = GameClock().start(1_000)
>>> c = c.pause(61_500)             # the page was hidden
>>> c.elapsed(99_000), c.running
(60500, False)
>>> c = c.start(100_000)            # shown again
>>> format_duration(c.elapsed(103_000))
'1:03'
>>> GameClock.load(c.save(103_000), now=5) == GameClock(63_500, 5)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import ClockError

#: The longest time a clock records (100 days), so a save stays sane.
MAX_ELAPSED_MS = 100 * 24 * 3600 * 1000


@dataclass(frozen=True)
class GameClock:
    """Time played: ``elapsed_ms`` up to the last pause, plus the time since
    ``running_since`` while it runs."""

    elapsed_ms: int = 0
    #: The timestamp it was started or resumed at, or None while paused.
    running_since: float | None = None

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def elapsed(self, now: float) -> int:
        """The time played at ``now``, in whole milliseconds. A timestamp earlier
        than the start (a clock set back) adds nothing.

        >>> GameClock(500, 1_000).elapsed(1_250), GameClock(500, 1_000).elapsed(900)
        (750, 500)
        """
        if self.running_since is None:
            return self.elapsed_ms
        return min(MAX_ELAPSED_MS, self.elapsed_ms + max(0, int(now - self.running_since)))

    def start(self, now: float) -> GameClock:
        """Run from ``now`` (resume after a pause); a running clock is unchanged."""
        return self if self.running else GameClock(self.elapsed_ms, now)

    def pause(self, now: float) -> GameClock:
        """Stop at ``now``, keeping the time run; a paused clock is unchanged."""
        return GameClock(self.elapsed(now)) if self.running else self

    def reset(self) -> GameClock:
        """Zero and paused (a new deal or a restart)."""
        return GameClock()

    def save(self, now: float) -> dict[str, int | bool]:
        """What a save keeps: the time run at ``now`` and whether it was running.

        >>> GameClock(1_000, 0).save(250)
        {'elapsed_ms': 1250, 'running': True}
        """
        return {"elapsed_ms": self.elapsed(now), "running": self.running}

    @classmethod
    def load(cls, data: object, now: float) -> GameClock:
        """A clock from :meth:`save`'s form, running from ``now`` if it was running;
        :class:`ClockError` saying what is wrong otherwise.

        >>> GameClock.load({"elapsed_ms": -3, "running": False}, 0)
        Traceback (most recent call last):
        ...
        pyapp.core.errors.ClockError: the saved timer's elapsed_ms should be a whole number of milliseconds from 0, not -3
        """
        if not isinstance(data, dict):
            raise ClockError("the saved timer is not an object")
        elapsed, running = data.get("elapsed_ms"), data.get("running", False)
        if not isinstance(elapsed, int) or isinstance(elapsed, bool) or not 0 <= elapsed <= MAX_ELAPSED_MS:
            raise ClockError(f"the saved timer's elapsed_ms should be a whole number of milliseconds "
                             f"from 0, not {str(elapsed)[:16]}")
        if not isinstance(running, bool):
            raise ClockError("the saved timer's running should be true or false")
        return cls(elapsed, now if running else None)


def format_duration(ms: int) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on (whole seconds, rounded down).

    >>> format_duration(0), format_duration(59_999), format_duration(61_000), format_duration(3_723_000)
    ('0:00', '0:59', '1:01', '1:02:03')
    """
    seconds = max(0, ms) // 1000
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@dataclass(frozen=True)
class Playtime:
    """The timer of the game on the table, as a value: its :class:`GameClock`, the latest time
    the page passed in (ms on a clock that does not jump) and whether the page is hidden. The
    clock runs only while :meth:`synced` is told the game is being played on a page that is
    shown. Each change gives a new timer.

    >>> t = Playtime().at(1_000).synced(True).at(61_000); t.text()
    '1:00'
    >>> t.hide(True).synced(True).at(99_000).text()
    '1:00'
    """

    clock: GameClock = GameClock()
    now: float = 0.0
    hidden: bool = False

    def at(self, now: float) -> Playtime:
        """The time is ``now`` (never earlier than a time already passed in)."""
        return replace(self, now=max(self.now, float(now)))

    def hide(self, hidden: bool) -> Playtime:
        return replace(self, hidden=hidden)

    def with_clock(self, clock: GameClock) -> Playtime:
        return replace(self, clock=clock)

    def elapsed(self) -> int:
        return self.clock.elapsed(self.now)

    def text(self) -> str:
        return format_duration(self.elapsed())

    def synced(self, playing: bool) -> Playtime:
        """Running while the game is ``playing`` (on the screen, in progress, a move made) and the page shown."""
        run = playing and not self.hidden
        return replace(self, clock=self.clock.start(self.now) if run else self.clock.pause(self.now))
