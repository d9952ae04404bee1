"""What the controller shows for issue 10's features, as plain values and words:
where a hint lies on the table, the replay's controls, today's deal on the start
screen, and the save's extra fields (the daily day, the timer). Pure: no DOM,
no clock (times and dates are passed in).

>>> from pyapp.table import Table, Gesture, Pile
>>> t = Table(3, 2, (Pile("H", 0, 0, ("AS",)), Pile("R0", 1, 0, ("2S",))), (Gesture("CAS0", ("H", 0), "R0"),))
>>> m = locate_hint(t, "CAS0")
>>> m.source, m.target, m.button, hint_words(m, t)
(('H', 0), 'R0', '', 'Hint: play the lit card onto the lit place.')
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from .clock import GameClock, format_duration
from .daily import daily_seed
from .errors import ClockError, SaveError
from .replay import SPEEDS, Replay
from .session import Session
from .stats import DailyStatus
from .table import Place, Table

# -- hints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HintMarks:
    """Where the hinted move ``token`` is played on the table: a card dragged or
    tapped (``source``) onto a pile (``target``), or a button, and the cards to
    pick for it (Square's discards, Attrition's card given up)."""

    token: str
    source: Place | None = None
    target: str | None = None
    button: str = ""
    picks: tuple[Place, ...] = ()


def locate_hint(table: Table, token: str) -> HintMarks | None:
    """The gesture or button of ``table`` that plays ``token``; None if none does.
    A move that is a gesture and also a button choice is shown as the gesture.

    >>> from pyapp.table import Button, Pick
    >>> t = Table(1, 1, (), buttons=(Button("rotate", "Rotate", None, Pick("Give one up", 1, (((("H", 2),), "R2S"),))),))
    >>> locate_hint(t, "R2S")
    HintMarks(token='R2S', source=None, target=None, button='rotate', picks=(('H', 2),))
    >>> locate_hint(t, "Q") is None
    True
    """
    for g in table.gestures:
        if g.pick is None and g.token == token:
            return HintMarks(token, g.source, g.target)
        if g.pick is not None:
            for cards, tok in g.pick.options:
                if tok == token:
                    return HintMarks(token, g.source, g.target, picks=cards)
    for b in table.buttons:
        if b.token == token and not b.repeat:
            return HintMarks(token, button=b.id)
        if b.pick is not None:
            for cards, tok in b.pick.options:
                if tok == token:
                    return HintMarks(token, button=b.id, picks=cards)
    for b in table.buttons:  # a move only a repeating button plays (never in practice)
        if b.token == token:
            return HintMarks(token, button=b.id)
    return None


def hint_words(marks: HintMarks, table: Table) -> str:
    """The notice that comes with a hint's lights.

    >>> from pyapp.table import Button
    >>> t = Table(1, 1, (), buttons=(Button("rotate", "Rotate", "R"),))
    >>> hint_words(HintMarks("R", button="rotate"), t)
    'Hint: press Rotate.'
    """
    if marks.button:
        label = next((b.label for b in table.buttons if b.id == marks.button), marks.button)
        then = ", then pick the card marked" if len(marks.picks) == 1 else \
            ", then pick the cards marked" if marks.picks else ""
        return f"Hint: press {label}{then}."
    what = "play the lit card onto the lit place" if marks.source is not None else "tap the lit place"
    pick = "" if not marks.picks else (" and give up the card marked" if len(marks.picks) == 1
                                       else f" and pick the {len(marks.picks)} cards marked")
    return f"Hint: {what}{pick}."


NO_HINT = "No move helps: every move left loses or changes nothing. Undo may find a better way."


# -- the replay's controls ------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayView:
    """The replay bar: where it is, how it plays, and the move list."""

    index: int
    length: int
    playing: bool
    speed: float
    speeds: tuple[float, ...]
    #: "Move 12 of 80: CKH1" / "The deal".
    where: str
    #: How long each position shows while playing (the binding's timer).
    interval_ms: int
    #: The result at the last position ("Finished with 46 points").
    title: str


def replay_view(replay: Replay, title: str) -> ReplayView:
    """The controls of ``replay``.

    >>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1")
    >>> v = replay_view(r, "Gyre, deal 42"); v.where, v.length
    ('The deal (2 moves to watch)', 2)
    >>> _ = r.forward(); replay_view(r, "").where
    'Move 1 of 2: R'
    """
    if replay.index == 0:
        where = f"The deal ({replay.length} {'move' if replay.length == 1 else 'moves'} to watch)"
    else:
        where = f"Move {replay.index} of {replay.length}: {replay.last_move}"
    if replay.at_end and replay.status() != "playing":
        where += " (the end)"
    return ReplayView(replay.index, replay.length, replay.playing, replay.speed, SPEEDS, where,
                      replay.interval_ms, title)


# -- today's deal on the start screen ---------------------------------------------------------

DAILY_WORDS = {
    "unplayed": "not played yet",
    "playing": "in progress",
    "won": "won",
    "lost": "lost",
    "resigned": "given up",
    "abandoned": "not finished",
}


def daily_words(status: DailyStatus) -> str:
    """How today's deal of a game stands, in words for its button.

    >>> daily_words(DailyStatus("gyre", "2025-01-01", "finished", 46))
    'played: 46'
    >>> daily_words(DailyStatus("gyre", "2025-01-01", "playing"))
    'in progress'
    """
    if status.state == "finished":
        return f"played: {status.score}"
    return DAILY_WORDS[status.state]


# -- the save's extra fields -----------------------------------------------------------------


@dataclass(frozen=True)
class Saved:
    """A saved game read back: the session, the day of the daily deal it is (None
    for an ordinary game), and its timer (paused)."""

    session: Session
    day: datetime.date | None
    clock: GameClock


def save_text(session: Session, day: datetime.date | None, elapsed_ms: int) -> str:
    """The session's save (:meth:`Session.to_save`) with the daily day, when it is
    a daily deal, and the time played.

    >>> from pyapp.games import get_game
    >>> s = Session.new(get_game("gyre"), 3)
    >>> text = save_text(s, None, 61_000)
    >>> read_save(text).clock.elapsed_ms, read_save(text).day
    (61000, None)
    """
    data = json.loads(session.to_save())
    data["timer"] = {"elapsed_ms": max(0, elapsed_ms)}
    if day is not None:
        data["day"] = day.isoformat()
    return json.dumps(data)


def read_save(text: str) -> Saved:
    """A save written by :func:`save_text` (or a plain :meth:`Session.to_save`);
    :class:`~pyapp.errors.SaveError` for a bad game or a ``day`` that is not a day
    whose daily deal this is. A timer that cannot be read starts again at zero.

    >>> from pyapp.games import get_game
    >>> s = Session.new(get_game("gyre"), 3)
    >>> read_save(save_text(s, datetime.date(2025, 1, 1), 0))
    Traceback (most recent call last):
    ...
    pyapp.errors.SaveError: saved game says it is the daily deal of 2025-01-01, but it is another deal
    """
    session = Session.from_save(text)
    data: Any = json.loads(text)
    day: datetime.date | None = None
    raw_day = data.get("day")
    if raw_day is not None:
        try:
            day = datetime.date.fromisoformat(str(raw_day))
        except ValueError:
            raise SaveError(f"saved game has a daily day that is not a date ({str(raw_day)[:12]})") from None
        if session.options_text != "" or session.seed != daily_seed(session.game.id, day):
            raise SaveError(f"saved game says it is the daily deal of {day.isoformat()}, but it is another deal")
    try:
        clock = GameClock.load({"elapsed_ms": data.get("timer", {}).get("elapsed_ms", 0)}, 0)
    except (ClockError, AttributeError):
        clock = GameClock()
    return Saved(session, day, clock)


def timer_text(clock: GameClock, now: float) -> str:
    """The status line's timer.

    >>> timer_text(GameClock(75_000), 0)
    '1:15'
    """
    return format_duration(clock.elapsed(now))
