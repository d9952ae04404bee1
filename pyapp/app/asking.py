"""The player's questions to the solver, as intents on the table: "Can I still win?" (the
menu's button, the W key), Show me (the line found, in the Watch viewer), Undo back to the
last winnable position, the end screen's Watch how, the verdict kept under the board, and
the solver's timers (a search's next slice, the pause after a move, a hunt for a deal).
The searches themselves and their words are :mod:`pyapp.app.can_win`'s.

The solver's part of the app (see :mod:`pyapp.app.state`): it reads the state it acts on
and hands back what changes as :class:`~pyapp.app.state.Outcome` values; a move it asks for
is the move flow's (:class:`pyapp.app.play.Play`).

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> c = Controller(MemoryStorage()); c.start("#g=square&s=6")
>>> c.asking.ask(); [t.name for t in c.view().timers]
['solve']
>>> while any(t.name == "solve" for t in c.view().timers):
...     _ = c.fire("solve", c.can_win.verdicts.ticket)
>>> c.notice.text, c.notice.action
('Winnable from here.', 'Show me')
>>> c.asking.show_line(); c.watching.replay is not None
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..i18n import ngettext
from ..ui.speech import move_name
from .can_win import CanWin
from .hunt import Hunt, Hunter
from .play import Play
from .replay import Replay
from .hints import ask_hint
from .state import Clear, Close, Looks, Menu, Now, Open, Outcome, Say


class Asking:
    """The solver's intents on the table (see the module doc)."""

    def __init__(self, now: Callable[[], Now], looks: Looks, emit: Callable[[Outcome], None], can_win: CanWin,
                 moves: Play, hunter: Hunter | None = None) -> None:
        self.now, self.looks, self.emit = now, looks, emit
        self.can_win, self.moves = can_win, moves
        self.hunter = hunter if hunter is not None else Hunter(can_win, lambda *a, **k: None, lambda t: None)

    def ask(self) -> None:
        """"Can I still win?": the solver's verdict on the position on the table, at once when
        it is known, else once a search run between the page's frames ends; a move stops it."""
        self.emit(Outcome(ui=(Menu(False),)))
        now = self.now()
        session = now.session
        if session is None or now.ui.screen != "game" or now.replay is not None or now.ui.dialog is not None \
                or session.status() != "playing" or session.resigned:
            return
        self.can_win.ask(session, self.move_words)

    def standing(self) -> bool:
        """The setting keeps the verdict shown, and there is a game in progress on the screen."""
        return self.now().settings.verdict and self.live()

    def live(self) -> bool:
        """There is a game in progress on the screen (no replay over it)."""
        now = self.now()
        s = now.session
        return s is not None and now.ui.screen == "game" and now.replay is None and s.status() == "playing" \
            and not s.resigned

    def move_words(self, n: int) -> str:
        """Token ``n`` (1 = the first) of the game on the table's move log, in words (a Gravity
        collapse choice names the pile that slides)."""
        session = self.now().session
        assert session is not None
        before = self.looks.table_of(session.states[n - 1])
        return move_name(before, session.moves[n - 1], lambda code: self.looks.face(code).name)

    def show_line(self) -> None:
        """Show me: the solver's line from the position on the table, in the Watch viewer
        (Play from here takes the game over at any point of it)."""
        session = self.now().session
        line = self.can_win.line_to_watch(session) if session is not None else ()
        if session is None or not line:
            return
        link = session.link()
        # opened at the position on the table, even one inside a Gravity stack's collapse
        self._watch(Replay.of(replace(link, moves=link.moves + line), opened_at=len(link.moves)))

    def watch_best(self) -> None:
        """The end screen's Watch how: the solver's line from the deal, which did better."""
        session = self.now().session
        line = self.can_win.judgement(session)[1] if session is not None else ()
        if session is not None and line:
            self._watch(Replay.of(replace(session.link(), moves=line, resigned=False)))

    def _watch(self, replay: Replay) -> None:
        self.emit(Outcome(ui=(Clear(), Close()), watch=self.now().watching.opened(replay), sync=True))

    def notice_action(self, action: str) -> bool:
        """The action of a notice the solver said (Show me, Stop, Undo to there); False for another."""
        if action == "show-line":
            self.show_line()
        elif action == "stop-search":
            self.can_win.stop()
        elif action == "stop-hunt":
            self.hunter.stop()
        elif action == "look-longer":
            if (session := self.now().session) is not None:
                self.can_win.look_longer(session)
        elif action == "undo-to":
            if (session := self.now().session) is not None and (lost := self.can_win.lost_at(session)) is not None:
                self.moves.undo_to(lost - 1)
        else:
            return False
        return True

    def hint(self) -> None:
        """Hint (:func:`pyapp.app.hints.ask_hint`): the next move of the line the solver proved, once
        it has searched the position."""
        if (outcome := ask_hint(self.now(), self.looks.table_now(), self.can_win, self.moves.stats,
                                self.move_words)) is not None:
            self.emit(outcome)

    #: The names of the solver's timers.
    TIMERS = ("solve", "verdict", "hunt", "retire")

    def fire(self, name: str, ticket: int) -> bool | float:
        """One of the solver's :attr:`TIMERS` ran out (see :meth:`pyapp.app.controller.Controller.fire`):
        True when what is shown changed, else the seconds before its next slice, or False."""
        now = self.now()
        if name == "solve":
            judging = self.can_win.judging
            done = self.can_win.slice(ticket, now.session, self.move_words)
            if self.can_win.hint_due(self.now().session):  # the hint waited for this verdict
                self.hint()
                return True
            if judging and not self.can_win.judging:
                self.moves.judged()  # the statistics learn what the deal allowed
            dialog = self.now().ui.dialog
            if judging and not self.can_win.judging and dialog is not None and dialog.kind == "summary":
                dialog = self.moves.end_screen()  # and so does the end screen
                self.emit(Outcome(ui=(Open(dialog),), tell=(dialog.compare[-1] if dialog.compare else "",)))
                return True
            return done
        if name == "verdict":
            return self.can_win.pause_over(ticket, now.session, self.standing(), self.move_words)
        if name == "retire":
            return self.can_win.retire()
        if name == "hunt":
            hunt = self.hunter.slice(ticket)
            if isinstance(hunt, Hunt) and hunt.pooled and hunt.verdict is not None and now.session is not None \
                    and (now.session.game.id, now.session.options_text, now.session.seed) \
                    == (hunt.game_id, hunt.options, hunt.seed):  # a deal from the pool: its line learned
                self.can_win.remember(hunt.game_id, now.session.states[0], hunt.verdict)
                self.can_win.keep()
                return False
            if isinstance(hunt, Hunt) and not hunt.pooled and hunt.verdict is not None and now.session is not None \
                    and now.session.game.id == hunt.game_id:  # (another game opened meanwhile: dropped)
                self.moves.new_deal(hunt.options, hunt.seed)
                dealt = self.now().session
                assert dealt is not None
                self.can_win.remember(hunt.game_id, dealt.state, hunt.verdict)
                self.can_win.keep()
                if hunt.level is None:
                    # Translators: a deal was dealt after trying {tried} deals, for one the solver can win.
                    found = ngettext("Deal {seed}, after {tried} tried: the solver found a line that wins it.",
                                     "Deal {seed}, after {tried} tried: the solver found a line that wins it.",
                                     hunt.tried)
                else:
                    # Translators: as above, for a deal where the solver's line reaches a score of {score}.
                    found = ngettext("Deal {seed}, after {tried} tried: the solver found a line that reaches {score}.",
                                     "Deal {seed}, after {tried} tried: the solver found a line that reaches {score}.",
                                     hunt.tried)
                self.emit(Outcome(say=Say(found.format(seed=hunt.seed, tried=hunt.tried, score=hunt.verdict.score))))
            return True if isinstance(hunt, Hunt) else hunt
        return False
