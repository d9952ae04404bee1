"""The player's questions to the solver, as intents on the table: "Can I still win?" (the
menu's button, the W key), Show me (the line found, in the Watch viewer), Undo back to the
last winnable position, the end screen's Watch how, the verdict kept under the board, and
the solver's timers (a search's next slice, the pause after a move, a hunt for a deal).
The searches themselves and their words are :mod:`pyapp.app.can_win`'s.

A part of :class:`pyapp.app.controller.Controller`, which it reaches through
:class:`pyapp.app.host.Host`.

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

from .can_win import Hunt
from .host import Host
from ..i18n import ngettext
from .replay import Replay
from ..ui.speech import move_name


class Asking:
    """The solver's intents on the table (see the module doc)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def ask(self) -> None:
        """"Can I still win?": the solver's verdict on the position on the table, at once when
        it is known, else once a search run between the page's frames ends; a move stops it."""
        h = self.host
        session = h.session
        h.menu_open = False
        if session is None or h.screen != "game" or h.watching.replay is not None or h.dialog is not None \
                or session.status() != "playing" or session.resigned:
            return
        h.can_win.ask(session, self.move_words)

    def standing(self) -> bool:
        """The setting keeps the verdict shown, and there is a game in progress on the screen."""
        h = self.host
        s = h.session
        return h.settings.verdict and s is not None and h.screen == "game" and h.watching.replay is None \
            and s.status() == "playing" and not s.resigned

    def move_words(self, n: int) -> str:
        """Token ``n`` (1 = the first) of the game on the table's move log, in words (a Gravity
        collapse choice names the pile that slides)."""
        h = self.host
        assert h.session is not None
        before = h.table_of(h.session.states[n - 1])
        return move_name(before, h.session.moves[n - 1], lambda code: h.face(code).name)

    def show_line(self) -> None:
        """Show me: the solver's line from the position on the table, in the Watch viewer
        (Play from here takes the game over at any point of it)."""
        h = self.host
        session = h.session
        line = h.can_win.line_to_watch(session) if session is not None else ()
        if session is None or not line:
            return
        link = session.link()
        # opened at the position on the table, even one inside a Gravity stack's collapse
        self._watch(Replay(replace(link, moves=link.moves + line), opened_at=len(link.moves)))

    def watch_best(self) -> None:
        """The end screen's Watch how: the solver's line from the deal, which did better."""
        session = self.host.session
        line = self.host.can_win.judgement(session)[1] if session is not None else ()
        if session is not None and line:
            self._watch(Replay(replace(session.link(), moves=line, resigned=False)))

    def _watch(self, replay: Replay) -> None:
        h = self.host
        h.clear_transient()
        h.dialog = None
        h.watching.open(replay)
        h.sync_clock()

    def notice_action(self, action: str) -> bool:
        """The action of a notice the solver said (Show me, Stop, Undo to there); False for another."""
        h = self.host
        if action == "show-line":
            self.show_line()
        elif action == "stop-search":
            h.can_win.stop()
        elif action == "stop-hunt":
            h.can_win.stop_hunt()
        elif action == "look-longer":
            if h.session is not None:
                h.can_win.look_longer(h.session)
        elif action == "undo-to":
            if (lost := h.can_win.lost_at()) is not None:
                h.moves.undo_to(lost - 1)
        else:
            return False
        return True

    #: The names of the solver's timers.
    TIMERS = ("solve", "verdict", "hunt", "retire")

    def fire(self, name: str, ticket: int) -> bool | float:
        """One of the solver's :attr:`TIMERS` ran out (see :meth:`pyapp.app.controller.Controller.fire`):
        True when what is shown changed, else the seconds before its next slice, or False."""
        h = self.host
        if name == "solve":
            judging = h.can_win.judging
            done = h.can_win.slice(ticket, h.session, self.move_words)
            if judging and not h.can_win.judging:
                h.moves.judged()  # the statistics learn what the deal allowed
            if judging and not h.can_win.judging and h.dialog is not None and h.dialog.kind == "summary":
                h.dialog = h.moves.end_screen()  # and so does the end screen
                h.tell(h.dialog.compare[-1] if h.dialog.compare else "")
                return True
            return done
        if name == "verdict":
            return h.can_win.pause_over(ticket, h.session, self.standing(), self.move_words)
        if name == "retire":
            return h.can_win.retire()
        if name == "hunt":
            hunt = h.can_win.hunt_slice(ticket)
            if isinstance(hunt, Hunt) and hunt.verdict is not None and h.session is not None \
                    and h.session.game.id == hunt.game_id:  # (another game opened meanwhile: dropped)
                h.moves.new_deal(hunt.options, hunt.seed)
                assert h.session is not None
                h.can_win.verdicts.remember(hunt.game_id, h.session.state, hunt.verdict)
                h.can_win.keep()
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
                h.say(found.format(seed=hunt.seed, tried=hunt.tried, score=hunt.verdict.score))
            return True if isinstance(hunt, Hunt) else hunt
        return False
