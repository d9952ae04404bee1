"""Hints: one good legal move for the position on the table, chosen by the
game's own heuristic (``hint`` of its registry entry, written in
``pyapp/games/<id>/hints.py``), or None when no move helps; and where that move
lies on the table (:func:`locate_hint`: the card, the place, the button, the cards
to pick, lit by the board) with the words that come with it (:func:`hint_words`).

Every heuristic looks only at what the player can see or could work out: the
face-up cards, and the cards still face down as a set (everything not in view),
never their order. A hint never gives away the next card of a deck or a MOON
(``tests/test_hints.py`` shuffles the hidden cards and checks that the hint
stays the same). Each answers within a few milliseconds in CPython
(``bench/hints.py`` measures them against playing the first legal move).
docs/RULES-NOTES.md, "Hints", describes each game's heuristic.

>>> from pyapp.games import get_game
>>> g = get_game("gyre")
>>> s = g.deal(42, g.parse_options(""))
>>> hint("gyre", s) in g.legal_moves(s)
True
>>> from pyapp.core.table import Table, Gesture, Pile
>>> t = Table(3, 2, (Pile("H", 0, 0, ("AS",)), Pile("R0", 1, 0, ("2S",))), (Gesture("CAS0", ("H", 0), "R0"),))
>>> m = locate_hint(t, "CAS0")
>>> m.source, m.target, m.button, hint_words(m, t)
(('H', 0), 'R0', '', 'Hint: play the lit card onto the lit place.')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..core.game import AnyGame, Status
from ..core.table import Table
from ..games import entry
from ..i18n import N_, _, ngettext
from .can_win import HINT_SEARCHING
from .state import Clear, HintMarks, Lit, Now, Outcome, Say

if TYPE_CHECKING:
    from ..stats.keeper import StatsKeeper
    from .can_win import CanWin

__all__ = ["NO_HINT", "HintMarks", "ask_hint", "SessionLike", "hint", "hint_for", "hint_marks", "hint_words", "locate_hint",
           "solver_hint"]


def hint(game_id: str, state: Any) -> str | None:
    """One good legal move token for ``state`` of game ``game_id``, or None when
    the game is over or no move helps. A game without a heuristic of its own gets
    its first legal move. Raises :class:`~pyapp.core.errors.ParseError` for an unknown game.

    >>> from pyapp.games import get_game
    >>> g = get_game("square")
    >>> hint("square", g.deal(1, g.parse_options("ends")))
    '74@C6'
    >>> hint("nope", None)
    Traceback (most recent call last):
    ...
    pyapp.core.errors.ParseError: unknown game 'nope'; known: gravity, square, gyre, zodiac
    """
    found = entry(game_id)
    game = found.game
    if game.status(state) != "playing":
        return None
    if found.hint is not None:
        return found.hint(state)
    legal = game.legal_moves(state)
    return legal[0] if legal else None


def solver_hint(game_id: str, state: Any, budget: int | None = None) -> str | None:
    """The move the page's Hint gives for ``state`` of ``game_id`` once the solver has searched it
    as the page does (each search at its problem's budget, or ``budget`` nodes): the next move of
    the line it proved when it settled the position (a win, or an exact best), else the game's
    rule of thumb (:func:`hint`); None when the game is over or no move helps. ``python -m pyapp
    hint`` prints it.

    >>> from pyapp.games import get_game
    >>> g = get_game("gravity")
    >>> deal = g.deal(42, g.parse_options(""))
    >>> token = solver_hint("gravity", deal); token in g.legal_moves(deal)
    True
    """
    from ..solve.verdicts import Verdicts
    if entry(game_id).game.status(state) != "playing":
        return None
    verdicts = Verdicts(budget)
    found = verdicts.ask(game_id, [state])
    while found is None:
        found = verdicts.step(1.0)
    v = found.verdict
    if v.line and (v.kind == "won" or v.exact):
        return v.line[0]
    return hint(game_id, state)


class SessionLike(Protocol):
    """What :func:`hint_for` reads of a session (:class:`pyapp.app.session.Session` has it)."""

    game: AnyGame

    @property
    def state(self) -> Any: ...

    def status(self) -> Status: ...


def hint_for(session: SessionLike) -> str | None:
    """The hint for a session's position: None once it is over (given up included).

    >>> from pyapp.app.session import Session
    >>> from pyapp.games import get_game
    >>> s = Session.new(get_game("zodiac"), 3)
    >>> hint_for(s) in s.legal_moves()
    True
    >>> s = s.given_up(); hint_for(s) is None
    True
    """
    if session.status() != "playing":
        return None
    return hint(session.game.id, session.state)


# -- where a hint lies on the table ------------------------------------------------------


def locate_hint(table: Table, token: str) -> HintMarks | None:
    """The gesture or button of ``table`` that plays ``token``; None if none does.
    A move that is a gesture and also a button choice is shown as the gesture.

    >>> from pyapp.core.table import Button, Pick
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

    >>> from pyapp.core.table import Button
    >>> t = Table(1, 1, (), buttons=(Button("rotate", "Rotate", "R"),))
    >>> hint_words(HintMarks("R", button="rotate"), t)
    'Hint: press Rotate.'
    """
    n = len(marks.picks)
    if marks.button:  # the button's label as the table shows it (already in the player's language)
        label = next((b.label for b in table.buttons if b.id == marks.button), marks.button)
        if not n:
            # Translators: {label} is the label of a button on the table ("Rotate", "Auto-finish").
            return _("Hint: press {label}.").format(label=label)
        return ngettext("Hint: press {label}, then pick the card marked.",
                        "Hint: press {label}, then pick the cards marked.", n).format(label=label, n=n)
    if marks.source is None:
        if not n:
            return _("Hint: tap the lit place.")
        if n == 1:
            return _("Hint: tap the lit place and give up the card marked.")
        return ngettext("Hint: tap the lit place and pick the {n} card marked.",
                        "Hint: tap the lit place and pick the {n} cards marked.", n).format(n=n)
    if not n:
        return _("Hint: play the lit card onto the lit place.")
    if n == 1:
        return _("Hint: play the lit card onto the lit place and give up the card marked.")
    return ngettext("Hint: play the lit card onto the lit place and pick the {n} card marked.",
                    "Hint: play the lit card onto the lit place and pick the {n} cards marked.", n).format(n=n)


#: What the Hint tool says when no move helps (translated where it is said).
NO_HINT = N_("No move helps: every move left loses or changes nothing. Undo may find a better way.")
#: What it says before a move of the game's heuristic: the solver did not settle the position.
RULE_OF_THUMB = N_("A rule of thumb: the solver has not settled this position.")


def hint_marks(session: SessionLike, table: Table) -> HintMarks | None:
    """Where the hint for ``session``'s position lies on ``table``; None when no move helps
    (or the game is over)."""
    token = hint_for(session)
    return locate_hint(table, token) if token is not None else None


def ask_hint(now: Now, table: Table | None, can_win: CanWin, stats: StatsKeeper,
             move_words: Callable[[int], str] = lambda n: "") -> Outcome | None:
    """The Hint tool (and the H key) on the state ``now`` with its ``table``: light one legal move
    on the table (its card, its place, its button or the cards to pick) and say where it comes from.

    - Where the record of what is known (:attr:`CanWin.record <pyapp.app.can_win.CanWin.record>`)
      holds a line to the best (a win, or an exact best), the next move of that line: following
      Hint from a position called winnable wins, and reaches the proven best in Gyre.
    - Where the solver has said nothing of the position yet, it is searched first (within a
      verdict's budget, off the tap: :meth:`CanWin.ask_hint <pyapp.app.can_win.CanWin.ask_hint>`),
      and the hint waits for it (the page asks again, :meth:`CanWin.hint_due
      <pyapp.app.can_win.CanWin.hint_due>`).
    - Only where the search did not settle it, the game's own rule of thumb, said as such.

    Or it says that no move helps. Each hint shown counts in the statistics. None when there
    is no table to hint on (a dialog, a replay, the start screen)."""
    session = now.session
    if session is None or table is None or now.ui.screen != "game" or now.ui.dialog is not None:
        return None
    if session.status() != "playing":
        return Outcome(ui=(Clear(),))
    solver = can_win.next_move(session)
    if solver is None and can_win.ask_hint(session, move_words):
        # Translators: a notice while the solver searches the position for a hint; Stop ends the search.
        return Outcome(ui=(Clear(),), say=Say(_(HINT_SEARCHING), (_("Stop"), "stop-search"), lasting=True),
                       tell=(_(HINT_SEARCHING),))
    solver = solver or can_win.next_move(session)
    marks = locate_hint(table, solver) if solver is not None else hint_marks(session, table)
    if marks is None:
        return Outcome(ui=(Clear(),), say=Say(_(NO_HINT)))
    stats.hinted(session.game.id, session)
    words = hint_words(marks, table)
    # Translators: said before a hint that follows the solver's line (it knows the order of every card).
    said = _("The solver's next move.") + " " + words if solver is not None else \
        _(RULE_OF_THUMB) + " " + words
    return Outcome(ui=(Clear(), Lit(marks)), say=Say(said))
