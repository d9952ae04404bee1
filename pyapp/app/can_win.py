"""Can I still win? The solver as the player meets it: asked for (the menu's button, the W
key) or kept shown under the board (a setting), its search run in slices on the page's
timers (:mod:`pyapp.solve.verdicts`), its verdict said once in the game's own words, as a
notice when it was asked for. The controller sends the intents and opens what it offers
(the line to watch, the position to undo to).

>>> from pyapp.app.session import Session
>>> from pyapp.games import get_game
>>> said, told = [], []
>>> c = CanWin(lambda text, action=None, error=False, lasting=False, more=None: said.append((text, action)), told.append)
>>> s = Session.new(get_game("square"), 6)
>>> c.ask(s, lambda n: "")
>>> said, told, [t.name for t in c.timers(s, standing=False)]  # heard at once, seen if it goes on
([], ['Searching.'], ['solve'])
>>> while any(t.name == "solve" for t in c.timers(s, standing=False)):
...     _unused = c.slice(c.verdicts.ticket, s, lambda n: "")
>>> said[-1], told[-1]
(('Winnable from here.', ('Show me', 'show-line')), 'Winnable from here.')
>>> len(c.line_to_watch(s)) > 20, c.next_move(s) == c.line_to_watch(s)[0]
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Final, Protocol

from ..core.errors import OrbitError
from ..games import entry, moves_made
from ..i18n import N_, _, ngettext, number
from .session import Session
from ..core.storage import Storage
from ..solve.knowledge import Knowledge, Played
from ..solve.verdicts import (SEARCHING, SLICE_GAP, SLICE_SECONDS, STANDING_PAUSE, TRACING, Finding, Verdicts, deeper_factor,
                       verdict_words)
from ..ui.view import Notice, Timer

if TYPE_CHECKING:  # the search itself is imported when a search starts (not at the page's start)
    from ..solve import Verdict

#: Where the verdicts proved are kept, so that a reload does not search again.
VERDICTS_KEY: Final = "orbit.verdicts"
#: How many verdicts are kept there (the latest).
VERDICTS_KEPT: Final = 40

#: A search still going says how it goes (:meth:`CanWin.progress`) again every this many slices
#: (about a second on the page).
PROGRESS_SLICES: Final = 50
#: A search asked for shows its notice ("Searching…", with Stop) once it has gone on this many
#: slices (about a third of a second on the page): a verdict found sooner is shown at once, with no
#: notice flashing before it (nor the board, on a phone, making room for it and taking it back).
QUIET_SLICES: Final = 20

#: What the Hint tool says while the solver searches the position for it (:meth:`CanWin.ask_hint`;
#: translated where it is said).
HINT_SEARCHING: Final = N_("Hint: the solver is looking at this position…")

#: How long the player pauses after a move before a solver off the page's thread searches the new
#: position, asked or not (KPatience's solver runs after each move too): the next move drops it.
AHEAD_PAUSE: Final = 0.25

def cost_words(cost: int) -> str:
    """What the last move cost against the best still possible, after the verdict ("" for nothing).

    >>> cost_words(3), cost_words(0)
    (' Your last move cost 3 points of the best possible.', '')
    """
    if cost <= 0:
        return ""
    # Translators: after Gyre's verdict ("The best still possible from here: a final score of 58."): the
    # best possible before the player's last move was higher by this many points.
    return " " + ngettext("Your last move cost {n} point of the best possible.",
                          "Your last move cost {n} points of the best possible.", cost).format(n=cost)


class Say(Protocol):
    def __call__(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
                 lasting: bool = False, more: tuple[str, str] | None = None) -> None: ...


#: The words of move n (1 = the first) of the game on the table ("card 38 to cell E1").
MoveWords = Callable[[int], str]


class CanWin:
    """The player's side of the solver (see the module doc)."""

    def __init__(self, say: Say, tell: Callable[[str], None], storage: Storage | None = None) -> None:
        self._say, self._tell, self._storage = say, tell, storage
        self._restored: set[str] = set()
        #: The searches (the page's Web Worker's, or slices on the page's thread).
        self.verdicts = Verdicts()
        #: What is known about each position: what the searches proved and the lines the player
        #: played (:mod:`pyapp.solve.knowledge`). Every word, hint and line about a position reads it.
        self.record = Knowledge()
        #: The player asked about the position on the table (the verdict is then a notice too).
        self.asked = False
        #: The last verdict, to say in words: its game, its finding, the move that lost it in words, its
        #: cost, and that move's number as the status line counts the player's moves (said again in the
        #: language in use when it is shown under the board).
        self._last: tuple[str, Finding, str, int, int | None] | None = None
        #: The words of the last verdict announced to a screen reader: a standing verdict (not
        #: asked for) is announced only when its words change, not again after every move.
        self._told = ""
        #: The deal of a finished game is being searched, for the end screen.
        self.judging = False
        #: Slices of the position's search so far (its progress is shown after a while).
        self._slices = 0
        #: The search asked for has not shown its notice yet (:data:`QUIET_SLICES`).
        self._quiet = False
        #: The games whose lines the record has learned (:meth:`learn_game`), the latest.
        self._lines: dict[tuple[str, int, str, tuple[str, ...]], None] = {}
        #: Each new position is searched once the player pauses, asked or not (a solver off the
        #: page's thread: :meth:`use`).
        self.ahead = False
        #: Hint was pressed on a position the solver had not searched: the hint waits for its verdict
        #: (:meth:`hint_due`).
        self.hinting = False
        #: The search under way was asked by nobody who hears its verdict (searched ahead, or for a hint).
        self._silent = False

    def use(self, verdicts: Verdicts, ahead: bool = True) -> None:
        """Search with ``verdicts`` from now on (the page's Web Worker, :class:`pyapp.solve.remote.RemoteVerdicts`,
        once it is ready; or back to slices on the page's thread): the verdicts known so far and the searches
        done with go to it, what was searched stops, and the timers of the old searches are no longer expected.
        ``ahead``: it searches off the page's thread, so each new position is searched once the player
        pauses (:data:`AHEAD_PAUSE`), asked or not."""
        self.ahead = ahead
        old, self.verdicts = self.verdicts, verdicts
        old.drop()
        for game_id, text, verdict in old.kept():
            verdicts.remember_text(game_id, text, verdict)
        verdicts.teardown = old.teardown
        verdicts.ticket = max(verdicts.ticket, old.ticket + 1)

    # -- verdicts kept across reloads --------------------------------------------------------------
    def keep(self) -> None:
        """Write the latest verdicts proved to the storage (a write that fails keeps them in memory)."""
        if self._storage is None:
            return
        rows = [[game_id, text, v.kind, v.score, v.exact, v.nodes, ".".join(v.line), *([v.upper] if v.upper is not None else [])]
                for game_id, text, v in self.verdicts.kept()[-VERDICTS_KEPT:]]
        self._storage.set(VERDICTS_KEY, json.dumps(rows))

    def restore(self, game_id: str) -> None:
        """Take back the kept verdicts of ``game_id`` (once), each checked: its position must read
        as a state of the game, and its line must replay from it to the score it claims."""
        if self._storage is None or game_id in self._restored:
            return
        self._restored.add(game_id)
        try:
            rows = json.loads(str(self._storage.get(VERDICTS_KEY) or "[]"))
        except ValueError:
            return
        game = entry(game_id).game
        for row in rows if isinstance(rows, list) else []:
            try:
                gid, text, kind, score, exact, nodes, line, *more = row  # (more: what no line beats, if proven)
                if gid != game_id or self.verdicts.knows(gid, text) or kind not in ("won", "best", "impossible"):
                    continue
                state = game.parse_state(str(text))
                tokens = tuple(t for t in str(line).split(".") if t)
                end = state
                for token in tokens:
                    end = game.apply(end, token)
                if not tokens or (kind == "won") != (game.status(end) == "won") or game.status(end) == "playing" \
                        or game.score(end) != int(score):
                    continue
                from ..solve import Verdict
                upper = int(more[0]) if len(more) == 1 and not exact and int(more[0]) >= int(score) else None
                self.remember(gid, state, Verdict(kind, int(score), tokens, bool(exact), int(nodes), upper))
            except (OrbitError, TypeError, ValueError):
                continue  # a row this build cannot read, or a line that does not replay: searched again

    # -- the record of what is known ----------------------------------------------------------------
    def remember(self, game_id: str, state: object, verdict: Verdict) -> None:
        """The solver proved ``verdict`` for ``state``: the searches keep it, and the record learns it."""
        self.verdicts.remember(game_id, state, verdict)
        self.learn(game_id, state, verdict)

    def learn(self, game_id: str, state: object, verdict: Verdict) -> None:
        """The record learns what the solver proved of ``state``."""
        known = entry(game_id)
        self.record = self.record.proved(game_id, known.game.format_state(state), verdict, known.lower_is_better)

    def learn_game(self, session: Session) -> None:
        """The game played, to its end (its Redo stack included: a finished game being undone): from
        each of its positions, the player's moves from there are a line to that end, which the record
        keeps when it beats the one it had. A game given up, or not at its end, teaches nothing; each
        game is learned once."""
        moves = (*session.moves, *session.redo_moves)
        key = (session.game.id, session.seed, session.link().options, moves)
        if key in self._lines:
            return
        self._lines[key] = None
        while len(self._lines) > 64:
            del self._lines[next(iter(self._lines))]
        game = session.game
        states = list(session.states)
        try:
            for token in session.redo_moves:
                states.append(game.apply(states[-1], token))
        except OrbitError:
            return
        end = states[-1]
        if game.status(end) == "playing":
            return
        score, won = int(game.score(end)), game.status(end) == "won"
        self.record = self.record.played_all(game.id, [(game.format_state(state), Played(moves[i:], score, won))
                                                       for i, state in enumerate(states[:-1])],
                                             entry(game.id).lower_is_better)

    def known(self, session: Session, state: object | None = None) -> Verdict | None:
        """What the record says of ``state`` (the position on the table by default), as one verdict:
        what the solver proved, its best never worse than a line the player played from there."""
        known = entry(session.game.id)
        at = session.state if state is None else state
        text = known.game.format_state(at)
        if session.redo_moves or session.status() != "playing":
            self.learn_game(session)
        if state is None and len(session.states) > 1 and self.record.of(session.game.id, text).proved is None:
            # the last move followed a settled line (a win, or an exact best): the rest of the line from here
            was = self.record.of(session.game.id, known.game.format_state(session.states[-2])).proved
            if was is not None and (was.kind == "won" or was.exact) and was.line[:1] == session.moves[-1:]:
                self.learn(session.game.id, at, replace(was, line=was.line[1:], nodes=0))
        if self.record.of(session.game.id, text).proved is None \
                and (proved := self.verdicts.known_for(session.game.id, at)) is not None:
            self.learn(session.game.id, at, proved)  # (proved by a search on the way to another answer)
        return self.record.of(session.game.id, text).verdict(known.lower_is_better)

    # -- the end screen against the best possible -----------------------------------------------
    def judge(self, session: Session) -> None:
        """A game ended: the record learns the lines it played, and its deal is searched (unless
        its verdict is known, or the player won), so that the end screen can say what was possible
        (:meth:`judgement`)."""
        self.learn_game(session)
        if session.status() == "won" or self.known(session, session.states[0]) is not None \
                and self.record.of(session.game.id, session.game.format_state(session.states[0])).proved is not None:
            return
        self.asked, self.judging = False, True
        self.verdicts.ask(session.game.id, session.states[:1])

    def judgement(self, session: Session) -> tuple[str, tuple[str, ...]]:
        """The end screen's line on what the deal allowed, and the solver's line from the deal
        when it did better than the player ("" and () while not known).

        >>> from pyapp.games import get_game
        >>> from pyapp.solve import Verdict
        >>> s = Session.new(get_game("gravity"), 5)
        >>> c = CanWin(lambda *a, **k: None, lambda t: None)
        >>> c.verdicts.remember("gravity", s.state, Verdict("won", 1, ("a1b1",), True, 9))
        >>> s = s.given_up(); c.judgement(s)
        ('You left 52 piles; the deal could be won (the solver knows the order of every card).', ('a1b1',))
        """
        game_entry = entry(session.game.id)
        if session.status() == "won":  # (the player's own line proves it: nothing to add)
            return "", ()
        known = self.known(session, session.states[0])
        if known is None or known.score is None:
            return "", ()
        words, mine, best = game_entry.result_words, session.score(), known.score
        better = best < mine if game_entry.lower_is_better else best > mine
        watch = known.line if better else ()
        if known.kind == "won":
            if game_entry.lower_is_better:  # Gravity: its score is the piles left
                # Translators: Gravity's end screen: the piles the player left on the table.
                said = ngettext("You left {n} pile; the deal could be won (the solver knows the order of every card).",
                                "You left {n} piles; the deal could be won (the solver knows the order of every "
                                "card).", mine).format(n=mine)
            else:
                # Translators: {result} is the player's result in the game's own words ("30 cells filled").
                said = _("You: {result}; the deal could be won (the solver knows the order of every card).").format(
                    result=words(mine))
            return said, watch
        if known.exact:
            # Translators: {best} is a result in the game's own words ("30 cells filled", "3 piles left").
            said = _("No one could have won this deal: {best} at best.") if game_entry.can_win else \
                _("The best possible from the deal: {best}.")
            return said.format(best=words(best)) + ("" if better else " " + _("You did as well as anyone could.")), \
                watch
        if known.kind == "impossible":
            return _("No one could have won this deal. The solver's best line from it: {best}.").format(
                best=words(best)), watch
        if known.upper is not None and not game_entry.can_win:  # a range: the best line found to what none beats
            # Translators: the end screen of a game played for points (Gyre) when the search did not settle
            # its deal: the best possible lies between {low} and {high} (final scores).
            return _("The best possible from the deal: {low} to {high}.").format(low=best, high=known.upper), watch
        return _("The solver's best line from the deal: {best} (its search did not finish).").format(
            best=words(best)), watch

    def retire(self) -> bool | float:
        """The ``retire`` timer: a piece of the searches done with is freed
        (:class:`~pyapp.core.teardown.Teardown`); the pause before the next piece, False once all is."""
        return False if self.verdicts.teardown.run_for(SLICE_SECONDS) else SLICE_GAP

    def moved(self) -> None:
        """The position on the table changed: its search stops, a standing verdict waits again."""
        self.verdicts.moved()
        self.asked = self.judging = self._quiet = self.hinting = self._silent = False
        self._slices = 0

    def stop(self) -> None:
        """The notice's Stop."""
        self.verdicts.drop()
        self.hinting = False

    # -- Hint, following the proof ----------------------------------------------------------------
    def searched(self, session: Session) -> bool:
        """The solver has said something of the position on the table (settled or not)."""
        self.known(session)  # (what a search proved on its way is learned)
        return self.record.of(session.game.id, session.game.format_state(session.state)).proved is not None

    def ask_hint(self, session: Session, move_words: MoveWords) -> bool:
        """Hint on a position the solver has not searched: search it (within a verdict's budget),
        the hint waiting for it (:meth:`hint_due`); False when its verdict is known at once."""
        if self.searched(session):
            return False
        found = self.verdicts.ask(session.game.id, session.states)
        if found is not None:
            self._found(session, found, move_words)
            return False
        self.hinting, self._slices = True, 0
        self._silent = self._silent or not self.asked
        return True

    def hint_due(self, session: Session | None) -> bool:
        """The hint waited for the solver, and the solver has now said something of the position."""
        if not self.hinting or session is None or session.status() != "playing":
            return False
        if self.searched(session) and not self.verdicts.glimpsing:  # (a glimpse: its search goes on)
            self.hinting = False
            return True
        return False

    def ask(self, session: Session, move_words: MoveWords) -> None:
        """The player asks about the position on the table (a game in progress)."""
        self.asked = True
        self._silent = False
        self._slices = 0
        found = self.verdicts.ask(session.game.id, session.states)
        if found is not None:
            self._found(session, found, move_words)
        else:  # heard at once; seen once the search goes on (QUIET_SLICES)
            self._tell(_("Searching."))
            self._quiet = True

    def _searching(self, tell: bool = True) -> None:
        # Translators: the button of the notice that says the solver is searching: it stops the search.
        stop = _("Stop")
        self._say(_(SEARCHING), (stop, "stop-search"), lasting=True)
        self._quiet = False
        if tell:
            self._tell(_("Searching."))

    def look_longer(self, session: Session) -> None:
        """The verdict's Keep looking: the position on the table, left undetermined, is searched
        again, :data:`~pyapp.solve.verdicts.DEEPER` times as far (:func:`~pyapp.solve.verdicts.deeper_factor`;
        nothing when that is not offered)."""
        known = self.known(session)
        factor = None if known is None else deeper_factor(session.game.id, session.state, known)
        if factor is None:
            return
        self.asked = True
        self._slices = 0
        self.verdicts.look_longer(session.game.id, session.states, factor)
        self._searching()

    def _found(self, session: Session, found: Finding, move_words: MoveWords) -> None:
        if found.at < len(session.states):  # the record learns it, and says it as it then stands
            self.learn(session.game.id, session.states[found.at], found.verdict)
            found = replace(found, verdict=self.known(session, session.states[found.at]) or found.verdict)
            if found.at == len(session.states) - 1:  # since when it was lost: the record's word too
                found = replace(found, since=self.lost_since(session, found.since))
        self.keep()
        self._quiet = False
        if self.judging:  # the end screen says it (judgement), once the search ended
            self.judging = found.glimpse
            return
        silent, self._silent = self._silent, False
        since = found.since if found.since and found.since <= len(session.moves) else 0
        lost = move_words(since) if since else ""
        # the losing token's move as the status line counts them (a Gravity collapse choice: its stack's)
        move_no = moves_made(session.game.id, session.moves[:since]) if since else None
        cost = self.cost(session, found)
        self._last = (session.game.id, found, lost, cost, move_no)
        words = verdict_words(entry(session.game.id), found, lost, move_no) + cost_words(cost)
        if silent and not self.asked:
            return  # searched ahead, or for a hint: shown under the board if the setting is on, said by the hint
        if self.asked:
            # Translators: buttons of the solver's verdict: Undo to the position before the move that lost
            # the game; Show me plays the solver's line from here.
            action = (_("Undo to there"), "undo-to") if found.since else (_("Show me"), "show-line") \
                if found.verdict.line else None
            # Translators: a button of the solver's verdict when its search did not finish: it searches
            # again, further.
            more = (_("Keep looking"), "look-longer") \
                if deeper_factor(session.game.id, session.state, found.verdict) is not None else None
            self._say(words, action, lasting=True, more=more)
        elif words == self._told:
            return  # the standing verdict, unchanged by the move: already announced
        self._told = words
        self._tell(words)

    def slice(self, ticket: int, session: Session | None, move_words: MoveWords) -> bool | float:
        """The ``solve`` timer: one slice of the search. True when what is shown changed (a verdict,
        or the search now looks back for the move that lost the game); else the pause before the
        next slice; False for a ticket no longer expected."""
        v = self.verdicts
        if session is not None and ticket == v.ticket and not v.searching and (later := v.step()) is not None:
            # a better finding after its search ended (a worker deepening it): said if it is the table's
            if later is not v.finding_for(session.game.id, session.states) or session.status() != "playing":
                return False
            self._found(session, later, move_words)
            return True
        if session is None or ticket != v.ticket or not v.searching:
            return False
        tracing = v.tracing
        if (found := v.step()) is not None:
            self._found(session, found, move_words)
            return True
        if v.tracing and not tracing:
            if self.asked:
                self._say(_(TRACING), (_("Stop"), "stop-search"), lasting=True)
                self._tell(_(TRACING))
            return True
        self._slices += 1
        if self._quiet and self._slices >= QUIET_SLICES:
            self._quiet = False
            if self.asked and not v.tracing:
                self._searching(tell=False)  # (heard when asked)
                return True
        if self._slices % PROGRESS_SLICES == 0 and v.ticket == ticket and v.progress() is not None:
            return True  # how the search goes, drawn again
        return SLICE_GAP if v.ticket == ticket else True  # a new position's search: drawn, with its timer

    def retiring(self) -> tuple[Timer, ...]:
        """The ``retire`` timer while searches done with are freed a piece at a time: on every screen
        (the start screen, a line watched), not only on a game's, so that their tables go soon."""
        return (Timer("retire", SLICE_GAP, 0),) if self.verdicts.teardown.pending else ()

    def pause_over(self, ticket: int, session: Session | None, standing: bool, move_words: MoveWords) -> bool:
        """The ``verdict`` timer: the player paused after a move: search the position, for the standing
        verdict (``standing``), or ahead of being asked (:attr:`ahead`: heard by no one)."""
        v = self.verdicts
        if session is None or ticket != v.ticket or not (standing or self.ahead) or v.searching \
                or session.status() != "playing" or session.resigned:
            return False
        self._silent = not standing
        if (found := v.ask(session.game.id, session.states)) is not None:
            self._found(session, found, move_words)
        return True

    def timers(self, session: Session, standing: bool, live: bool = False) -> tuple[Timer, ...]:
        """The next slice of a search once the page has drawn, or the pause after a move before the
        position is searched (a standing verdict's; or, ``live``, a game in progress on the screen, the
        search ahead of a solver off the page's thread); a deal hunt's are :mod:`pyapp.app.hunt`'s."""
        v = self.verdicts
        hunt = self.retiring()
        if v.searching:
            return (Timer("solve", SLICE_GAP, v.ticket), *hunt)
        if (standing or live and self.ahead) and v.finding_for(session.game.id, session.states) is None:
            return (Timer("verdict", STANDING_PAUSE if standing else AHEAD_PAUSE, v.ticket), *hunt)
        return hunt

    def line(self, session: Session, standing: bool) -> str:
        """The standing verdict under the board ("" when it is not to be shown)."""
        if not standing:
            return ""
        v = self.verdicts
        if v.searching and v.tracing:
            # Translators: the solver's verdict kept shown under the board.
            return _("Solver: {verdict}").format(verdict=_(TRACING))
        if v.searching or not v.finding_for(session.game.id, session.states) or self._last is None:
            progress = self.progress() if v.searching else ""
            return _("Solver: searching…") + (" " + progress if progress else "")
        game_id, found, lost, cost, move_no = self._last
        return _("Solver: {verdict}").format(verdict=verdict_words(entry(game_id), found, lost, move_no)
                                             + cost_words(cost))

    def cost(self, session: Session, found: Finding) -> int:
        """In a game without a win (Gyre), what the last move cost against the best still possible:
        the points between the exact best before it and the exact best after it, when both are
        known (0 otherwise: a best not settled proves no cost)."""
        game_entry = entry(session.game.id)
        now = found.verdict
        if game_entry.can_win or now.kind != "best" or not now.exact or now.score is None or len(session.states) < 2:
            return 0
        before = self.known(session, session.states[-2])
        if before is None or before.kind != "best" or not before.exact or before.score is None:
            return 0
        return max(0, now.score - before.score if game_entry.lower_is_better else before.score - now.score)

    def progress(self) -> str:
        """How a long search of the position asked about goes, once it has run as long as its
        notice waits to show (:data:`QUIET_SLICES`; "" before, and for a short one): the positions
        searched so far and the best line found so far.

        >>> from pyapp.app.session import Session
        >>> from pyapp.games import get_game
        >>> c = CanWin(lambda *a, **k: None, lambda t: None)
        >>> s = Session.new(get_game("gyre"), 5)
        >>> c.ask(s, lambda n: ""); c.progress()
        ''
        >>> for _unused in range(PROGRESS_SLICES):
        ...     _unused = c.slice(c.verdicts.ticket, s, lambda n: "")
        >>> c.progress()  # doctest: +ELLIPSIS
        '... of at most 10,000 positions searched; the best line so far: a final score of ...'
        """
        found = self.verdicts.progress()
        if found is None or self._slices < QUIET_SLICES:  # (shown with the notice: it does not grow later)
            return ""
        nodes, budget, best = found
        if best is None:
            # Translators: under "Searching…": how a long search goes ("5,641 of at most 100,000 positions
            # searched"); the search ends sooner when it has settled the question.
            return _("{nodes} of at most {budget} positions searched.").format(nodes=number(nodes),
                                                                             budget=number(budget))
        # Translators: under "Searching…": how a long search goes; {best} is a result in the game's own
        # words ("a final score of 54", "3 piles left").
        return _("{nodes} of at most {budget} positions searched; the best line so far: {best}.").format(
            nodes=number(nodes), budget=number(budget), best=entry(self.verdicts.game).result_words(best))

    def with_progress(self, shown: Notice | None) -> Notice | None:
        """The notice on the page, with the search's progress under it when it is the notice of
        the search the player asked for, or of the one a hint waits for."""
        if shown is None or not ((self.asked and shown.text == _(SEARCHING))
                                 or (self.hinting and shown.text == _(HINT_SEARCHING))):
            return shown
        return replace(shown, progress=self.progress())

    def lost_at(self, session: Session) -> int | None:
        """The number of the move that lost the game on the table, if the record knows it (Undo to there)."""
        return self.lost_since(session) or None

    def lost_since(self, session: Session, hint: int | None = None) -> int | None:
        """Since when the game on the table cannot be won, as the record says: the number of the
        move after the last position that could be won (0: not even the deal could), or None when
        the position on the table is not known lost, or an earlier one is not known either way.
        Positions that cannot be won follow one another to the end of a game (none after one can
        be won), so that a position known winnable before one known lost settles it; ``hint``
        (the search's own answer) is checked first.

        >>> from pyapp.games import get_game
        >>> from pyapp.solve import Verdict
        >>> s = Session.new(get_game("square"), 7)
        >>> for _unused in range(3):
        ...     s = s.played(s.legal_moves()[0])
        >>> c = CanWin(lambda *a, **k: None, lambda t: None)
        >>> lost = Verdict("impossible", 30, (), True, 9)
        >>> for state in s.states[2:]:
        ...     c.learn("square", state, lost)
        >>> c.lost_since(s) is None  # the position after move 1 is not known
        True
        >>> c.learn("square", s.states[1], Verdict("won", 36, ("x",), True, 9)); c.lost_since(s), c.lost_at(s)
        (2, 2)
        """
        states = session.states

        def kind(i: int) -> str | None:
            v = self.known(session, states[i])
            return None if v is None else v.kind

        last = len(states) - 1
        if kind(last) != "impossible":
            return None
        if hint is not None and 0 < hint <= last and kind(hint) == "impossible" and kind(hint - 1) == "won":
            return hint
        i = last
        while i > 0:
            before = kind(i - 1)
            if before == "won":
                return i
            if before != "impossible":
                return None
            i -= 1
        return 0

    def line_to_watch(self, session: Session) -> tuple[str, ...]:
        """The solver's line from the position on the table, if one is known (Show me)."""
        known = self.known(session)
        return known.line if known is not None else ()

    def next_move(self, session: Session) -> str | None:
        """The first move of the solver's line from here when it is worth following (the hint)."""
        known = self.known(session)
        return known.line[0] if known is not None and known.line and (known.kind == "won" or known.exact) else None
