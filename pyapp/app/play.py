"""The game on the table, move by move: a move played, undone and redone, Restart, Give up
and a new deal (each of the last two kept a moment, so that Undo brings the game back),
Undo back to a chosen move, and the end screen once the game is over. After each: the
statistics, the save, the timer and what screen readers hear.

A part of :class:`pyapp.app.controller.Controller`, which it reaches through
:class:`pyapp.app.host.Host`.

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
from ..games import moves_made
from .host import Host
from ..i18n import _
from .replay import Replay
from .saves import read_save, save_text
from .screens import summary_dialog
from .session import Session
from ..ui.speech import move_words, sentence
from ..ui.view import Dialog


class Play:
    """The move flow of the game on the table (see the module doc)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        #: The save to go back to when Undo follows a Restart or a New deal.
        self.backup: str | None = None
        #: The end screen was shown for the game on the table (it is shown once).
        self.summary_shown = False
        #: Counts the presses that armed Give up (the disarm timer's ticket).
        self.armed = 0
        #: A hook for the end screen: given the finished session, lines comparing it with the
        #: player's best and average, and whether Watch replay can be offered.
        self.summary_extras: Callable[[Session], tuple[tuple[str, ...], bool]] = \
            lambda s: (host.stats.compare(s.game.id, s), bool(s.moves))

    def play_on(self, replay: Replay) -> None:
        """Play from here: a new game at the position ``replay`` shows (the one watched stays
        counted as it ended), its later moves waiting on the Redo stack. A game that had ended
        is played on as an ordinary game: today's deal keeps the result it was counted with."""
        h = self.host
        was, session = h.session, replay.play_from_here()
        h.watching.close()
        ended = was is not None and (was.resigned or was.status() != "playing")
        if was is not None:
            h.stats.abandon(was.game.id, was, h.elapsed())
        n = moves_made(session.game.id, session.moves)  # as the status line counts them
        if session.can_redo:
            said = (_("Playing on from move {n}. Redo replays the moves that followed.").format(n=n) if n else
                    _("Playing on from the deal. Redo replays the moves that followed."))
        else:
            said = _("Playing on from move {n}.").format(n=n) if n else _("Playing on from the deal.")
        h.put_on_table(h.opener.played_on(session, None if ended else h.opener.daily_day(session, h.stats.today()), said))

    def play(self, token: str) -> None:
        h = self.host
        session = h.session
        if session is None:
            return
        before, was = session.state, h.table_now()
        session.play(token)
        h.stats.moved(session.game.id, session, h.elapsed())
        self.backup = None
        h.clear_transient()
        steps = [h.table_of(s, interactive=False) for s in list(session.game.steps(before, token))[:-1]]
        if not h.settings.instant:
            h.pending.frames = tuple(h.lay_out(t) for t in steps)
        if was is not None and (now := h.table_now()) is not None:
            h.tell(*move_words(was, steps, now, lambda code: h.face(code).name))
        self.after_change()
        h.pending.celebrate = session.status() == "won"

    def after_change(self) -> None:
        """What follows any change of the position: the save, the timer, and the end screen
        once the game is over (and no automatic move is left to play)."""
        h = self.host
        h.hint_marks = None  # a hint is for the position it was asked in
        h.can_win.moved()  # and so is a search
        h.notices.drop_stale()  # (before the save, which may have news of another tab)
        h.sync_clock()
        h.save()
        if h.session is not None and h.session.status() != "playing" and not self.summary_shown:
            if h.auto_token() is None:
                self.summary_shown = True
                h.can_win.judge(h.session)
                self.judged()
                h.dialog = self.end_screen()
                h.tell(sentence(h.dialog.title), sentence(h.dialog.big))

    def end_screen(self) -> Dialog:
        """The end screen of the game on the table, with the solver's judgement once it has one."""
        h = self.host
        session, table = h.session, h.table_now()
        assert session is not None and table is not None
        dialog = summary_dialog(session, table, self.summary_extras(session))
        judged, line = h.can_win.judgement(session)
        return replace(dialog, compare=(*dialog.compare, judged), best=bool(line)) if judged else dialog

    def judged(self) -> None:
        """Keep what the solver proved of the deal of the game that ended with its result in the
        statistics (winnable deals lost, games played as well as anyone could), once known."""
        h = self.host
        s = h.session
        known = h.can_win.verdicts.known_for(s.game.id, s.states[0]) if s is not None else None
        if s is not None and known is not None and known.score is not None and s.status() != "won":
            judged = "won" if known.kind == "won" else "exact" if known.exact else "bound"
            h.stats.judged(s.game.id, s, judged, known.score)

    def undo(self) -> None:
        """Take the last move back; right after Restart or a New deal, bring the game back."""
        h = self.host
        session = h.session
        h.clear_transient()
        if session is None or not session.can_undo and self.backup is None:
            return
        if not session.can_undo and self.backup is not None:
            restored, self.backup = read_save(self.backup), None
            h.set_session(restored.session, restored.day, restored.clock)
            h.stats.reopen(restored.session.game.id, restored.session)
            h.say(_("Your game is back."))  # in place of the notice that offered it
            return
        session.undo()
        self.summary_shown = session.status() != "playing"
        self.after_change()
        table = h.table_now()
        h.tell(_("Move undone."), sentence(table.prompt) if table is not None else "")

    def undo_to(self, moves: int) -> None:
        """Undo back to the position after ``moves`` tokens of the move log (the moves taken back
        wait on Redo); it is named by the player's moves (:func:`pyapp.games.moves_made`)."""
        h = self.host
        session = h.session
        if session is None or not 0 <= moves < len(session.moves):
            return
        while len(session.moves) > moves and session.can_undo:
            session.undo()
        h.clear_transient()
        self.summary_shown = session.status() != "playing"
        self.after_change()
        n = moves_made(session.game.id, session.moves)  # the player's moves, as the status line says
        h.tell(_("Back to move {n}.").format(n=n) if session.moves else _("Back to the deal."))

    def redo(self) -> None:
        if self.host.session is not None and self.host.session.can_redo:
            self.play(self.host.session.redo_moves[0])

    def restart(self) -> None:
        """The same deal again, a new game timed afresh; Undo right after brings the game back."""
        h = self.host
        session = h.session
        if session is None or not (session.moves or session.resigned):
            return
        backup = save_text(session, h.daily_day, h.elapsed())
        h.stats.abandon(session.game.id, session, h.elapsed())
        session.restart()
        h.time.clock = GameClock()
        h.clear_transient()
        self.summary_shown = False
        h.dialog = None
        self.after_change()
        self.backup = backup
        h.say(_("Restarted. Undo brings your game back."))

    def resign(self) -> None:
        """Give up, on a second press (``window.confirm`` can be blocked in frames)."""
        h = self.host
        session = h.session
        if session is None or session.status() != "playing":
            return
        if not h.resign_armed:
            h.hand.selected = h.hand.picking = None
            h.resign_armed = True
            self.armed += 1
            return
        h.resign_armed = False
        h.repeating = ""
        session.resign()
        h.stats.changed(session.game.id, session, h.elapsed())
        self.after_change()

    def new_deal(self, options: str | None = None, seed: int | None = None) -> None:
        """A new deal of the current game (its last options unless given); Undo brings back the
        game it replaced if that was in progress (see :meth:`pyapp.app.opening.Opener.replaced`)."""
        h = self.host
        session = h.session
        if session is None:
            return
        if h.daily_day is not None:
            h.save()  # today's deal stays in its own slot
        replaced, elapsed, backup = h.opener.replaced(session, h.daily_day, h.elapsed())
        h.notices.dismiss()
        if replaced is not None:
            h.stats.abandon(session.game.id, replaced, elapsed)
        options = h.opener.next_options(session) if options is None else options
        h.set_session(h.opener.fresh(session.game.id, options, seed))
        self.backup = backup
        if backup is not None:
            h.say(_("New deal. Undo brings your last game back."))
