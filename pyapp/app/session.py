"""A game being played: seed + move log, undo/redo snapshot stacks, replay, saves. A
session is a value: a move, Undo, Redo, Restart and Give up each give a new session and
leave the one they were given as it was (the app's state keeps the session on the table
as one of its slices; :mod:`pyapp.app.state`).

>>> from pyapp.games import get_game
>>> s = Session.new(get_game("gyre"), seed=7)
>>> first = s.legal_moves()[0]
>>> played = s.played(first)
>>> s.moves, played.moves == (first,), played.undone().moves
((), True, ())
>>> played.undone().redone().moves == (first,)
True
>>> Session.from_link(played.link()).state == played.state
True
>>> played.resigned = True
Traceback (most recent call last):
...
AttributeError: a session is a value: resigned is not set in place
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..core.errors import IllegalMoveError, OrbitError, ParseError, SaveError
from ..core.game import AnyGame, Status
from ..i18n import _
from ..core.links import Link

SAVE_FORMAT = 1


class Session:
    """Everything a player did with one deal, as a value. States are immutable snapshots."""

    game: AnyGame
    seed: int
    options: Any
    initial: Any
    _states: tuple[Any, ...]
    _moves: tuple[str, ...]
    _redo: tuple[str, ...]
    resigned: bool
    #: Why a lenient replay stopped early, if it did.
    replay_error: str | None
    #: The same problem in a player's words ("move 3 is not a move of this game"), the move
    #: numbered as the status line counts them (:func:`pyapp.games.moves_made`).
    replay_problem: str

    def __init__(self, game: AnyGame, seed: int, options: Any) -> None:
        initial = game.deal(seed, options)
        self._set(game=game, seed=seed, options=options, initial=initial, _states=(initial,), _moves=(), _redo=(),
                  resigned=False, replay_error=None, replay_problem="")

    def _set(self, **fields: object) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a session is a value: {name} is not set in place")

    def _but(self, **fields: object) -> Session:
        """This session with ``fields`` changed (a new one; this one stays as it is)."""
        other = object.__new__(Session)
        other._set(**{**self.__dict__, **fields})
        return other

    @classmethod
    def new(cls, game: AnyGame, seed: int, options: str = "") -> Session:
        return cls(game, seed, game.parse_options(options))

    # -- reading -----------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def moves(self) -> tuple[str, ...]:
        return self._moves

    @property
    def states(self) -> tuple[Any, ...]:
        """Every position of the game so far: the deal, then one after each move."""
        return self._states

    @property
    def redo_moves(self) -> tuple[str, ...]:
        """Moves that :meth:`redone` would replay, next first."""
        return tuple(reversed(self._redo))

    @property
    def options_text(self) -> str:
        return str(self.game.format_options(self.options))

    def legal_moves(self) -> list[str]:
        if self.resigned:
            return []
        return list(self.game.legal_moves(self.state))

    def status(self) -> Status:
        st: Status = self.game.status(self.state)
        if self.resigned and st == "playing":
            return "finished"
        return st

    def score(self) -> int:
        return int(self.game.score(self.state))

    @property
    def can_undo(self) -> bool:
        return bool(self._moves) or self.resigned

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and not self.resigned

    # -- acting: each gives a new session ------------------------------------------
    def played(self, token: str) -> Session:
        """The session after move ``token``; the redo stack is cleared unless it is the redo move."""
        if self.resigned:
            raise IllegalMoveError("this game was given up; undo or start a new one")
        new = self.game.apply(self.state, token)
        redo = self._redo[:-1] if self._redo and self._redo[-1] == token else ()
        return self._but(_states=(*self._states, new), _moves=(*self._moves, token), _redo=redo)

    def undone(self) -> Session:
        """The session with its last move taken back (it waits on Redo), or a Give up taken back."""
        if self.resigned:
            return self._but(resigned=False)
        if not self._moves:
            raise IllegalMoveError("nothing to undo")
        return self._but(_states=self._states[:-1], _moves=self._moves[:-1], _redo=(*self._redo, self._moves[-1]))

    def redone(self) -> Session:
        if not self.can_redo:
            raise IllegalMoveError("nothing to redo")
        return self.played(self._redo[-1])

    def restarted(self) -> Session:
        """Back to the deal. The moves undone stay available to redo."""
        return self._but(_states=self._states[:1], _moves=(), _redo=(*self._redo, *reversed(self._moves)),
                         resigned=False)

    def given_up(self) -> Session:
        if self.status() != "playing":
            raise IllegalMoveError("the game is already over")
        return self._but(resigned=True)

    # -- links and saves ---------------------------------------------------
    def link(self) -> Link:
        return Link(self.game.id, self.options_text, self.seed, self.moves, self.resigned)

    def short_link(self) -> Link:
        """The link with its moves packed (:mod:`pyapp.core.compact`), the one to share: the same
        game in far fewer characters (the readable :meth:`link` when a move cannot be packed).

        >>> from pyapp.games import get_game
        >>> s = Session.new(get_game("gravity"), 777).played("b3c4").played("b4")
        >>> s.short_link().fragment(), Session.from_link(s.short_link().fragment()).moves
        ('#g=gravity&v=1&o=&s=777&k=2.HA', ('b3c4', 'b4'))
        """
        from ..core.compact import pack

        packed = pack(self.game, self.states, self.moves) if self.moves else None
        return Link(self.game.id, self.options_text, self.seed, (), self.resigned, packed) if packed else self.link()

    @classmethod
    def from_link(cls, link: Link | str, *, lenient: bool = False) -> Session:
        """Replay a link. With ``lenient``, stop at the first bad move and record
        the problem in :attr:`replay_error` instead of raising."""
        from ..games import get_game, moves_made

        if isinstance(link, str):
            link = Link.parse(link)
        session = cls(get_game(link.game), link.seed, get_game(link.game).parse_options(link.options))
        if link.packed:  # the moves packed: read against the deal (a link that cannot be read opens nothing)
            from ..core.compact import unpack

            link = replace(link, moves=unpack(session.game, session.state, link.packed), packed="")
        for i, tok in enumerate(link.moves):
            try:
                session = session.played(tok)
            except OrbitError as exc:
                # Translators: {move} is the move as the link writes it ("c3d3"), {error} why it cannot be played.
                msg = _("move {n} of the link ({move}) cannot be played: {error}").format(n=i + 1, move=tok, error=exc)
                if not lenient:
                    raise type(exc)(msg) from None
                error = msg
                # said beside the status line, so numbered as it counts the player's moves (the error above
                # names the link's token): a token that is no move at all is the next move; one that cannot
                # be played may be part of the move before it (a Gravity collapse choice)
                if isinstance(exc, ParseError):
                    problem = _("move {n} is not a move of this game").format(
                        n=moves_made(link.game, link.moves[:i]) + 1)
                else:
                    problem = _("move {n} cannot be played there").format(
                        n=max(1, moves_made(link.game, link.moves[:i + 1])))
                return session._but(replay_error=error, replay_problem=problem)
        if link.resigned and session.status() == "playing":
            session = session.given_up()
        return session

    def save_data(self) -> dict[str, Any]:
        """The session's fields of a save (:mod:`pyapp.app.saves` adds the timer and the day)."""
        return {"format": SAVE_FORMAT, "link": self.link().fragment(), "redo": list(self.redo_moves)}

    def to_save(self) -> str:
        return json.dumps(self.save_data())

    @classmethod
    def from_save(cls, text: str) -> Session:
        """Read a save; any problem raises :class:`SaveError` saying what is wrong."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            # Translators: said when a saved game cannot be read; {error} is the JSON reader's own words (English).
            raise SaveError(_("saved game is not readable JSON ({error})").format(error=exc)) from None
        return cls.from_save_data(data)

    @classmethod
    def from_save_data(cls, data: Any) -> Session:
        """A session from a save's parsed JSON (:meth:`save_data`); :class:`SaveError` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(_("saved game has an unknown format"))
        link = data.get("link")
        redo = data.get("redo", [])
        if not isinstance(link, str) or not isinstance(redo, list) or not all(isinstance(t, str) for t in redo):
            raise SaveError(_("saved game is missing its moves"))
        try:
            session = cls.from_link(link)
        except (ParseError, IllegalMoveError, KeyError) as exc:
            raise SaveError(_("saved game cannot be replayed: {error}").format(error=exc)) from None
        return session._but(_redo=tuple(reversed(redo)))
