"""Watching a game: the replay (:class:`pyapp.app.replay.Replay`) shown over the game, its
bar's controls and keys, and the timer that steps it while it plays. A step is one of the
player's moves as the status line counts them (a Gravity stack with the collapse choices
that finish it), and "Move 5 of 40" counts those too.

>>> from pyapp.games import get_view
>>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1").forward()
>>> replay_bar(r, "Gyre, deal 42", get_view("gyre"), frozenset()).where
'Move 1 of 2: Rotate'
"""

from __future__ import annotations

from typing import Callable

from ..i18n import _, capital, ngettext
from .replay import SPEEDS, Replay
from ..ui.speech import move_name
from ..core.table import GameView
from ..ui.view import ReplayView

from .state import Clear, Close, Looks, Menu, Now, Outcome, Show, reduce_watching

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


def replay_bar(replay: Replay, title: str, module: GameView, switches: frozenset[str]) -> ReplayView:
    """The bar's controls, the move shown named in the words a screen reader uses for it
    (:func:`pyapp.ui.speech.move_name` on ``module``'s table of the position before it; a Gravity
    step is named by its stack)."""
    before = module.table(replay.before, False, switches, refusals=False) if replay.index else None
    said = move_name(before, replay.last_move, lambda c: module.face(c).name) if before is not None else ""
    return replay_view(replay, title, said)


def watch_game(now: Now) -> Outcome | None:
    """Watch the moves of the game on the table: a replay over the game, from the deal, paused
    (None: no move to watch)."""
    if now.session is None or not now.session.moves:
        return None
    return Outcome(ui=(Clear(), Close(), Show("game")), watch=now.watching.opened(Replay.from_session(now.session)),
                   sync=True)


def control_replay(now: Now, looks: Looks, play_on: Callable[[Replay], None], what: str, value: str = "") -> Outcome:
    """The replay bar (:func:`~pyapp.app.state.reduce_watching`), and ``here``: play on from the
    position shown, a new game (the one watched stays counted as it ended: ``play_on``), its later
    moves waiting on the Redo stack. A step shown with its motion lays out the positions between."""
    r = now.replay
    if what == "here" and r is not None:
        play_on(r)
        return Outcome(ui=(Menu(False),))
    watching, stepped = reduce_watching(now.watching, what, value)
    if what == "close":
        return Outcome(ui=(Menu(False),), watch=watching, sync=True)
    if stepped and watching.replay is not None and not now.settings.instant:
        frames = tuple(looks.lay_out(looks.table_of(s, interactive=False)) for s in watching.replay.steps()[:-1])
        return Outcome(ui=(Menu(False),), watch=watching, frames=frames)
    return Outcome(ui=(Menu(False),), watch=watching)
