"""Watching a game: the replay (:class:`pyapp.app.replay.Replay`) shown over the game, its
bar's controls and keys, and the timer that steps it while it plays. A step is one of the
player's moves as the status line counts them (a Gravity stack with the collapse choices
that finish it), and "Move 5 of 40" counts those too.

>>> w = Watch()
>>> w.open(Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1"))
>>> from pyapp.games import get_view
>>> w.control("forward"), w.replay.index, w.bar("Gyre, deal 42", get_view("gyre"), frozenset()).where
(True, 1, 'Move 1 of 2: Rotate')
>>> w.control("seek", "x"), w.control("close"), w.replay
(False, False, None)
"""

from __future__ import annotations

from typing import Callable, Final

from ..core.errors import ReplayError
from ..i18n import _, capital, ngettext
from .replay import SPEEDS, Replay
from ..ui.speech import move_name
from ..core.table import GameView
from ..ui.view import ReplayView

from .state import Clear, Close, Looks, Menu, Now, Outcome, Show

#: The bar's controls that move the replay one way or another (``seek`` takes a position).
MOVES: Final = ("back", "forward", "start", "end", "seek")


def replay_view(replay: Replay, title: str, said: str = "") -> ReplayView:
    """The controls of ``replay``; ``said``: the move that led here in words (its token if none).

    >>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1")
    >>> v = replay_view(r, "Gyre, deal 42"); v.where, v.length
    ('The deal (2 moves to watch)', 2)
    """
    # the player's moves, as the status line counts them: a Gravity stack and its collapse choices are one
    n, total, ended = replay.move_number, replay.move_count, replay.at_end and replay.status() != "playing"
    if replay.index == 0 and ended:  # (a replay with no move)
        where = ngettext("The deal ({total} move to watch) (the end)", "The deal ({total} moves to watch) (the end)",
                         total).format(total=total)
    elif replay.index == 0:
        where = ngettext("The deal ({total} move to watch)", "The deal ({total} moves to watch)",
                         total).format(total=total)
    elif ended:
        # Translators: the replay's position; {move} is the move that led here, in words ("Rotate").
        where = _("Move {n} of {total}: {move} (the end)").format(
            n=n, total=total, move=capital(said or replay.last_move))
    else:
        # Translators: the replay's position; {move} is the move that led here, in words ("Rotate").
        where = _("Move {n} of {total}: {move}").format(n=n, total=total, move=capital(said or replay.last_move))
    return ReplayView(replay.index, replay.length, replay.playing, replay.speed, SPEEDS, where,
                      replay.interval_ms, title, n, total)


class Watch:
    """The replay on the screen, if any, and the ticket of its timer."""

    def __init__(self) -> None:
        self.replay: Replay | None = None
        #: Counts the replay's steps and controls: a timer set before one of them does nothing.
        self.ticket = 0

    def open(self, replay: Replay) -> None:
        self.replay = replay

    def close(self) -> None:
        self.replay = None

    def bar(self, title: str, module: GameView, switches: frozenset[str]) -> ReplayView:
        """The bar's controls, the move shown named in the words a screen reader uses for it
        (:func:`pyapp.ui.speech.move_name` on ``module``'s table of the position before it; a Gravity
        step is named by its stack)."""
        r = self.replay
        assert r is not None
        before = module.table(r.before, False, switches, refusals=False) if r.index else None
        said = move_name(before, r.last_move, lambda c: module.face(c).name) if before is not None else ""
        return replay_view(r, title, said)

    def control(self, what: str, value: str = "") -> bool:
        """The replay bar's ``back``, ``forward``, ``start``, ``end``, ``play`` (play or
        pause), ``seek`` (``value``: the position, 0 being the deal), ``speed`` (``value``:
        moves a second) and ``close``. True when it stepped one move forward by hand (its
        forced steps may be shown); a value the bar never sends changes nothing."""
        self.ticket += 1
        r = self.replay
        if r is None:
            return False
        if what == "close":
            self.replay = None
            return False
        before = r.index
        try:
            if what == "play":
                r.toggle()
            elif what == "speed":
                r.set_speed(float(value))
            elif what in MOVES:
                r.pause()
                if what == "back":
                    r.back()
                elif what == "forward":
                    r.forward()
                elif what == "start":
                    r.to_start()
                elif what == "end":
                    r.to_end()
                else:
                    r.seek(int(value))
        except (ValueError, ReplayError):
            return False
        return r.index == before + 1 and not r.playing

    def tick(self, ticket: int) -> bool:
        """The timer ``ticket`` ran out: one move on while it plays (it stops at the end)."""
        if self.replay is None or not self.replay.playing or ticket != self.ticket:
            return False
        self.replay.tick()
        self.ticket += 1
        return True


def watch_game(now: Now) -> Outcome | None:
    """Watch the moves of the game on the table: a replay over the game, from the deal, paused
    (None: no move to watch)."""
    if now.session is None or not now.session.moves:
        return None
    return Outcome(ui=(Clear(), Close(), Show("game")), watch=Replay.from_session(now.session), sync=True)


def control_replay(watching: Watch, now: Now, looks: Looks, play_on: Callable[[Replay], None], what: str,
                   value: str = "") -> Outcome:
    """The replay bar (:meth:`Watch.control`), and ``here``: play on from the position shown, a
    new game (the one watched stays counted as it ended: ``play_on``), its later moves waiting on
    the Redo stack. A step shown with its motion lays out the positions between."""
    r = watching.replay
    if what == "here" and r is not None:
        play_on(r)
        return Outcome(ui=(Menu(False),))
    stepped = watching.control(what, value)
    if what == "close":
        return Outcome(ui=(Menu(False),), sync=True)
    if stepped and r is not None and not now.settings.instant:
        frames = tuple(looks.lay_out(looks.table_of(s, interactive=False)) for s in r.steps()[:-1])
        return Outcome(ui=(Menu(False),), frames=frames)
    return Outcome(ui=(Menu(False),))
