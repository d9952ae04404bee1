"""Short links: a game's moves packed as one number (``k=`` in a link, beside the readable
``m=``). Each move is written as its place among the legal moves of its position, in
sorted order, so the moves of a whole game are one number in a mixed radix (the legal
moves' count at each position), written in base64url after the count of moves:
``k=43.3q5Zk-Aa`` (with ``.q`` after it for a game given up). A whole Zodiac game fits in a
few hundred characters, where its readable moves take a few thousand.

Reading one replays the deal (the legal moves of each position are needed), so it is
done where a link becomes a game (:meth:`pyapp.app.session.Session.from_link`); a packed
link is the same game as its readable twin, for as long as the rules version is.

>>> from pyapp.games import get_game
>>> from pyapp.app.session import Session
>>> s = Session.new(get_game("gyre"), 42)
>>> for _ in range(6):
...     s = s.played(s.legal_moves()[-1])
>>> packed = pack(s.game, s.states, s.moves); packed
'6.XQ'
>>> unpack(s.game, s.states[0], packed) == s.moves
True
"""

from __future__ import annotations

import base64
import re
from typing import Protocol, Sequence, TypeVar

from .errors import ParseError
from ..i18n import _

#: What ``k=`` holds: the count of moves, a dot, the number in base64url (no padding).
PACKED = re.compile(r"(\d{1,6})\.([A-Za-z0-9_-]*)\Z")

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


class Lists(Protocol[S_contra]):
    """What :func:`pack` needs of a game (:class:`pyapp.core.game.Game`): its legal moves."""

    def legal_moves(self, state: S_contra) -> list[str]: ...


class Plays(Protocol[S]):
    """What :func:`unpack` needs of a game: its legal moves, and the state after one."""

    def legal_moves(self, state: S) -> list[str]: ...

    def apply(self, state: S, token: str) -> S: ...


def pack(game: Lists[S], states: Sequence[S], moves: Sequence[str]) -> str | None:
    """The moves played from ``states[0]`` (``states[i]``: the position before move ``i``),
    packed; None when a move is not among its position's legal moves as listed (then only
    the readable form can carry it)."""
    number = 0
    for state, move in reversed(list(zip(states, moves))):
        legal = sorted(game.legal_moves(state))
        if move not in legal:
            return None
        number = number * len(legal) + legal.index(move)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return f"{len(moves)}.{base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def unpack(game: Plays[S], state: S, packed: str) -> tuple[str, ...]:
    """The moves of ``packed``, played from ``state``; :class:`ParseError` when it is not one,
    or says more than the position allows.

    >>> from pyapp.games import get_game
    >>> g = get_game("gravity"); s = g.deal(1, g.parse_options(""))
    >>> unpack(g, s, "2.zz")
    Traceback (most recent call last):
    ...
    pyapp.core.errors.ParseError: the link's packed moves say more than 2 moves of this deal
    """
    m = PACKED.match(packed)
    if m is None:
        raise ParseError(_("the link's packed moves {packed} are not a count and a number").format(packed=repr(packed[:16])))
    count, text = int(m.group(1)), m.group(2)
    try:
        number = int.from_bytes(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), "big")
    except ValueError:
        raise ParseError(_("the link's packed moves are not base64url")) from None
    moves: list[str] = []
    for i in range(count):
        legal = sorted(game.legal_moves(state))
        if not legal:
            raise ParseError(_("the link's packed moves go on after the game ended (move {n})").format(n=i + 1))
        number, index = divmod(number, len(legal))
        moves.append(legal[index])
        state = game.apply(state, legal[index])
    if number:
        raise ParseError(_("the link's packed moves say more than {count} moves of this deal").format(count=count))
    return tuple(moves)
