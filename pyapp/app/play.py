"""The game on the table, move by move: a move played, undone and redone, Restart, Give up
and a new deal (each of the last two kept a moment, so that Undo brings the game back),
Undo back to a chosen move, and the end screen once the game is over. After each: the
statistics, the save, the timer and what screen readers hear.

The game session's part of the app (see :mod:`pyapp.app.state`): it reads the state it acts
on (:class:`~pyapp.app.state.Now`) and how it looks, keeps the statistics, and hands back
what changes as :class:`~pyapp.app.state.Outcome` values.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage()); c.start("#g=gravity&s=42")
>>> first = c.session.legal_moves()[0]
>>> c.moves.play(first); c.moves.restart(); len(c.session.moves), c.notice.text
(0, 'Restarted. Undo brings your game back.')
>>> c.moves.undo(); c.session.moves == (first,)
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..core.clock import GameClock
from ..core.daily import daily_par
from ..games import moves_made
from ..i18n import _
from ..stats.keeper import StatsKeeper
from ..ui.sounds import OVER, WIN, move_sounds
from ..ui.speech import move_words, sentence
from ..ui.view import Dialog
from .can_win import CanWin
from .opening import Opened, Opener
from .replay import Replay
from .saves import read_save, save_text
from .screens import par_words, summary_dialog
from .session import Session
from .state import Arm, Clear, Close, Disarm, Dismiss, Lit, Looks, Menu, Now, Open, Outcome, Repeat, Say

class Play:
    """The move flow of the game on the table (see the module doc)."""

    def __init__(self, now: Callable[[], Now], looks: Looks, emit: Callable[[Outcome], None], stats: StatsKeeper,
                 opener: Opener, can_win: CanWin) -> None:
        self.now, self.looks, self.emit = now, looks, emit
        self.stats, self.opener, self.can_win = stats, opener, can_win
        #: The save to go back to when Undo follows a Restart or a New deal.
        self.backup: str | None = None
        #: The end screen was shown for the game on the table (it is shown once).
        self.summary_shown = False
        #: A hook for the end screen: given the finished session, lines comparing it with the
        #: player's best and average, and whether Watch replay can be offered.
        self.summary_extras: Callable[[Session], tuple[tuple[str, ...], bool]] = \
            lambda s: (stats.compare(s.game.id, s), bool(s.moves))

    def play_on(self, replay: Replay) -> None:
        """Play from here: a new game at the position ``replay`` shows (the one watched stays
        counted as it ended), its later moves waiting on the Redo stack. A game that had ended
        is played on as an ordinary game: today's deal keeps the result it was counted with."""
        now = self.now()
        was, session = now.session, replay.play_from_here()
        ended = was is not None and (was.resigned or was.status() != "playing")
        if was is not None:
            self.stats.abandon(was.game.id, was, now.elapsed)
        n = moves_made(session.game.id, session.moves)  # as the status line counts them
        if session.can_redo:
            said = (_("Playing on from move {n}. Redo replays the moves that followed.").format(n=n) if n else
                    _("Playing on from the deal. Redo replays the moves that followed."))
        else:
            said = _("Playing on from move {n}.").format(n=n) if n else _("Playing on from the deal.")
        day = None if ended else self.opener.daily_day(session, self.stats.today())
        self.emit(Outcome(put=(self.opener.played_on(session, day, said),)))

    def play(self, token: str) -> None:
        now = self.now()
        session = now.session
        if session is None:
            return
        before, was = session.state, self.looks.table_now()
        session = session.played(token)
        self.stats.moved(session.game.id, session, now.elapsed)
        self.backup = None
        self.emit(Outcome(session=session, ui=(Clear(),)))
        steps = [self.looks.table_of(s, interactive=False) for s in list(session.game.steps(before, token))[:-1]]
        frames = None if now.settings.instant else tuple(self.looks.lay_out(t) for t in steps)
        words: tuple[str, ...] = ()
        sounds: tuple[str, ...] = ()
        if was is not None and (table := self.looks.table_now()) is not None:
            words = tuple(move_words(was, steps, table, lambda code: self.looks.face(code).name))
            sounds = move_sounds(session.game.id, session.game.score(before), session.score(), was.phase, table.phase)
        self.emit(Outcome(frames=frames, tell=words, sounds=sounds))
        self.after_change()
        self.emit(Outcome(celebrate=session.status() == "won"))

    def after_change(self) -> None:
        """What follows any change of the position: the save, the timer, and the end screen
        once the game is over (and no automatic move is left to play)."""
        self.can_win.moved()  # a search is for the position it was asked in
        # a hint too; a notice about the old position goes (before the save, which may have news of another tab)
        self.emit(Outcome(dismiss=Dismiss(stale=True), ui=(Lit(None),), sync=True, save=True))
        session = self.now().session
        if session is not None and session.status() != "playing" and not self.summary_shown:
            if self.looks.auto_token() is None:
                self.summary_shown = True
                self.can_win.judge(session)
                self.judged()
                dialog = self.end_screen()
                self.emit(Outcome(ui=(Open(dialog),), tell=(sentence(dialog.title), sentence(dialog.big)),
                                  sounds=(WIN if session.status() == "won" else OVER,)))

    def end_screen(self) -> Dialog:
        """The end screen of the game on the table, with the solver's judgement once it has one."""
        session, table = self.now().session, self.looks.table_now()
        assert session is not None and table is not None
        dialog = summary_dialog(session, table, self.summary_extras(session))
        day = self.now().day
        dialog = replace(dialog, share=day is not None)  # a daily deal's result, to send
        par = daily_par(session.game.id, day) if day is not None else None
        if par is not None:  # today's deal: its par, known in advance
            dialog = replace(dialog, compare=(*dialog.compare, par_words(par, None if par.won else session.score())))
        judged, line = self.can_win.judgement(session)
        return replace(dialog, compare=(*dialog.compare, judged), best=bool(line)) if judged else dialog

    def judged(self) -> None:
        """Keep what the solver proved of the deal of the game that ended with its result in the
        statistics (winnable deals lost, games played as well as anyone could), once known."""
        s = self.now().session
        known = self.can_win.known(s, s.states[0]) if s is not None else None
        if s is not None and known is not None and known.score is not None and s.status() != "won":
            judged = "won" if known.kind == "won" else "exact" if known.exact else "bound"
            self.stats.judged(s.game.id, s, judged, known.score)

    def undo(self) -> None:
        """Take the last move back; right after Restart or a New deal, bring the game back."""
        session = self.now().session
        self.emit(Outcome(ui=(Clear(),)))
        if session is None or not session.can_undo and self.backup is None:
            return
        if not session.can_undo and self.backup is not None:
            restored, self.backup = read_save(self.backup), None
            self.emit(Outcome(put=(Opened(restored.session, restored.day, restored.clock),)))
            self.stats.reopen(restored.session.game.id, restored.session)
            self.emit(Outcome(say=Say(_("Your game is back."))))  # in place of the notice that offered it
            return
        session = session.undone()
        self.emit(Outcome(session=session))
        self.summary_shown = session.status() != "playing"
        self.after_change()
        table = self.looks.table_now()
        self.emit(Outcome(tell=(_("Move undone."), sentence(table.prompt) if table is not None else "")))

    def undo_to(self, moves: int) -> None:
        """Undo back to the position after ``moves`` tokens of the move log (the moves taken back
        wait on Redo); it is named by the player's moves (:func:`pyapp.games.moves_made`)."""
        session = self.now().session
        if session is None or not 0 <= moves < len(session.moves):
            return
        while len(session.moves) > moves and session.can_undo:
            session = session.undone()
        self.emit(Outcome(session=session, ui=(Clear(),)))
        self.summary_shown = session.status() != "playing"
        self.after_change()
        n = moves_made(session.game.id, session.moves)  # the player's moves, as the status line says
        self.emit(Outcome(tell=(_("Back to move {n}.").format(n=n) if session.moves else _("Back to the deal."),)))

    def redo(self) -> None:
        session = self.now().session
        if session is not None and session.can_redo:
            self.play(session.redo_moves[0])

    def restart(self) -> None:
        """The same deal again, a new game timed afresh; Undo right after brings the game back."""
        now = self.now()
        session = now.session
        if session is None or not (session.moves or session.resigned):
            return
        backup = save_text(session, now.day, now.elapsed)
        self.stats.abandon(session.game.id, session, now.elapsed)
        session = session.restarted()
        self.summary_shown = False
        self.emit(Outcome(session=session, ui=(Clear(), Close()), clock=GameClock()))
        self.after_change()
        self.backup = backup
        self.emit(Outcome(say=Say(_("Restarted. Undo brings your game back."))))

    def resign(self) -> None:
        """Give up, on a second press (``window.confirm`` can be blocked in frames)."""
        now = self.now()
        session = now.session
        if session is None or session.status() != "playing":
            return
        if not now.ui.resign_armed:
            self.emit(Outcome(ui=(Arm(),), drop_hand=True))
            return
        session = session.given_up()
        self.emit(Outcome(session=session, ui=(Disarm(), Repeat(""), Menu(False))))  # the menu that held it closes
        self.stats.changed(session.game.id, session, now.elapsed)
        self.after_change()

    def new_deal(self, options: str | None = None, seed: int | None = None) -> None:
        """A new deal of the current game (its last options unless given); Undo brings back the
        game it replaced if that was in progress (see :meth:`pyapp.app.opening.Opener.replaced`)."""
        now = self.now()
        session = now.session
        if session is None:
            return
        if now.day is not None:
            self.emit(Outcome(save=True))  # today's deal stays in its own slot
        replaced, elapsed, backup = self.opener.replaced(session, now.day, now.elapsed)
        self.emit(Outcome(dismiss=Dismiss()))
        if replaced is not None:
            self.stats.abandon(session.game.id, replaced, elapsed)
        options = self.opener.next_options(session) if options is None else options
        self.emit(Outcome(put=(Opened(self.opener.fresh(session.game.id, options, seed)),)))
        self.backup = backup
        if backup is not None:
            self.emit(Outcome(say=Say(_("New deal. Undo brings your last game back."))))
