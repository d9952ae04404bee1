"""Hints: one good legal move for the position on the table, chosen by a
per-game heuristic, or None when no move helps.

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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, Final, Protocol

from .cards import Card, standard_deck
from .game import AnyGame, Status
from .games import get_game
from .games.gravity import GRAVITY, OUTWARD, GravityState, cell_index
from .games.gyre import GYRE, SLOTS, GyreState, can_capture, points
from .games.square import SQUARE, SquareState
from .games.square import greedy_move as square_greedy
from .games.zodiac import ZODIAC, ZodiacState, zodiac_accepts
from .games.zodiac import greedy_move as zodiac_greedy

__all__ = ["HINTERS", "SessionLike", "gravity_hint", "gyre_hint", "hint", "hint_for", "square_hint", "zodiac_hint"]


def hint(game_id: str, state: Any) -> str | None:
    """One good legal move token for ``state`` of game ``game_id``, or None when
    the game is over or no move helps. A game without a heuristic of its own gets
    its first legal move. Raises :class:`~pyapp.errors.ParseError` for an unknown game.

    >>> from pyapp.games import get_game
    >>> g = get_game("square")
    >>> hint("square", g.deal(1, g.parse_options("ends")))
    '74@C6'
    >>> hint("nope", None)
    Traceback (most recent call last):
    ...
    pyapp.errors.ParseError: unknown game 'nope'; known: gravity, square, gyre, zodiac
    """
    game = get_game(game_id)
    if game.status(state) != "playing":
        return None
    hinter = HINTERS.get(game_id)
    if hinter is not None:
        return hinter(state)
    legal = game.legal_moves(state)
    return legal[0] if legal else None


class SessionLike(Protocol):
    """What :func:`hint_for` reads of a session (:class:`pyapp.session.Session` has it)."""

    game: AnyGame

    @property
    def state(self) -> Any: ...

    def status(self) -> Status: ...


def hint_for(session: SessionLike) -> str | None:
    """The hint for a session's position: None once it is over (given up included).

    >>> from pyapp.session import Session
    >>> from pyapp.games import get_game
    >>> s = Session.new(get_game("zodiac"), 3)
    >>> hint_for(s) in s.legal_moves()
    True
    >>> s.resign(); hint_for(s) is None
    True
    """
    if session.status() != "playing":
        return None
    return hint(session.game.id, session.state)


# -- Gravity ------------------------------------------------------------------------------

Cells = tuple[tuple[int, ...], ...]
#: How many boards Gravity's look-ahead may score before it settles for one stack ahead.
GRAVITY_BUDGET: Final = 400


class _OverBudget(Exception):
    pass


def _collapses(cells: list[tuple[int, ...]], hole: int) -> Iterator[tuple[Cells, int]]:
    """Every way a collapse from ``hole`` can end: (board, final hole)."""
    cand = [x for x in OUTWARD[hole] if cells[x]]
    if not cand:
        yield tuple(cells), hole
        return
    for x in cand:
        work = list(cells)
        work[hole], work[x] = work[x], ()
        yield from _collapses(work, x)


def _boards(state: GravityState, token: str, landing: int | None) -> list[Cells]:
    """The boards ``token`` can lead to, one per way of finishing its collapse;
    in the MOON phase with the MOON card landed when it is face up (``landing``),
    else with the final hole left empty (its card is not known yet)."""
    cells = list(state.cells)
    if state.hole >= 0:  # a collapse choice: the pile on ``token`` slides into the hole
        start = cell_index(token)
        cells[state.hole], cells[start] = cells[start], ()
    else:  # a stack: the pile on the first cell goes onto the second
        start, to = cell_index(token[:2]), cell_index(token[2:])
        cells[to], cells[start] = cells[to] + cells[start], ()
    out = []
    for board, end in _collapses(cells, start):
        if landing is not None:
            work = list(board)
            work[end] = (landing,)
            board = tuple(work)
        out.append(board)
    return out


def _stacks(cells: Cells) -> list[str]:
    return GRAVITY.legal_moves(GravityState((), cells))


def _partners(cells: Cells) -> tuple[int, int]:
    """(piles that can stack with some neighbour, stacks on offer)."""
    stacks = _stacks(cells)
    return len({tok[:2] for tok in stacks}), len(stacks)


def _ahead(cells: Cells, budget: list[int]) -> tuple[int, int, int]:
    """The best the board offers one stack further on (no MOON: nothing is hidden):
    (1 if a stack is left, then the partners of the best board after it)."""
    best = (0, *_partners(cells))
    board = GravityState((), cells)
    for token in _stacks(cells):
        for after in _boards(board, token, None):
            budget[0] -= 1
            if budget[0] < 0:
                raise _OverBudget
            best = max(best, (1, *_partners(after)))
    return best


def gravity_hint(state: GravityState) -> str | None:
    """Gravity: the stack (or collapse choice) after which the board, once its
    collapse is finished the best way, has the most piles that can still stack
    (then the most stacks); with the MOON empty and a small board, one stack
    further ahead. MOON->PLANET when it is the only move.

    >>> from pyapp.games.gravity import DEFAULT_OPTIONS
    >>> s = GRAVITY.deal(42, DEFAULT_OPTIONS)
    >>> gravity_hint(s) in GRAVITY.legal_moves(s)
    True
    """
    legal = GRAVITY.legal_moves(state)
    if len(legal) <= 1:
        return legal[0] if legal else None
    landing = state.moon[0] if state.moon and not state.options.hidden else None
    outcomes = [(token, _boards(state, token, landing)) for token in legal]
    if not state.moon:
        budget = [GRAVITY_BUDGET]
        try:
            return max(outcomes, key=lambda o: max(_ahead(b, budget) for b in o[1]))[0]
        except _OverBudget:
            pass
    return max(outcomes, key=lambda o: max(_partners(b) for b in o[1]))[0]


# -- Gyre ----------------------------------------------------------------------------------

#: What a replacement is worth for the card it draws (a rotation draws none).
GYRE_DRAW_BONUS: Final = 1.0
#: How much a hand card's chances to capture count against giving it up.
GYRE_POTENTIAL_WEIGHT: Final = 0.5


def _matching(hand: tuple[Card, ...], ring: tuple[Card, ...], easy: bool) -> int:
    """The most points the hand can score on the ring as it is (disjoint captures).

    >>> c = Card.parse
    >>> _matching((c("KH"), c("3H")), (c("QH"), c("2H")), False)
    9
    """
    if not ring:
        return 0
    g, rest = ring[0], ring[1:]
    best = _matching(hand, rest, easy)
    for i, h in enumerate(hand):
        if can_capture(h, g, easy):
            best = max(best, points(h) + points(g) + _matching(hand[:i] + hand[i + 1:], rest, easy))
    return best


class _GyreView:
    """What the Gyre heuristic knows of a position: the cards in view, and the
    cards it has not seen as a set (the deck's order is hidden)."""

    def __init__(self, state: GyreState) -> None:
        self.state = state
        self.easy = state.options.easy
        self.ring = tuple(c for c in state.ring if c is not None)
        seen = Counter(self.ring)
        seen.update(state.hand)
        seen.update(c for pair in state.pairs for c in pair)
        seen.update(state.discards)
        if state.pending is not None:
            seen[state.pending] += 1
        self.unseen: list[Card] = []
        for card in standard_deck(jokers=state.options.has_jokers):
            if seen[card]:
                seen[card] -= 1
            else:
                self.unseen.append(card)

    def ring_value(self, g: Card, hand: tuple[Card, ...]) -> float:
        """What losing gyre card ``g`` costs: its points and its capturer's, in
        full when the hand can capture it, else in proportion to the unseen cards
        that could (nothing for a card no card can capture, as a king in the base game)."""
        if any(can_capture(h, g, self.easy) for h in hand):
            return points(g) + 1.0
        threats = sum(1 for u in self.unseen if can_capture(u, g, self.easy))
        return (points(g) + 1.0) * threats / (threats + 4.0)

    def potential(self, h: Card) -> float:
        """What hand card ``h`` may still capture: the points of the unseen and gyre
        cards it beats, per card (times the hand size)."""
        pool = self.unseen + list(self.ring)
        return 5.0 * sum(points(x) for x in pool if can_capture(h, x, self.easy)) / max(1, len(pool))

    def capture(self, token: str) -> float:
        """``C<card><slot>``: its points, plus what the rest of the hand can still
        capture on the rest of the gyre; a hair less for using a strong card."""
        h, g = Card.parse(token[1:3]), self.state.ring[int(token[3])]
        assert g is not None
        hand = list(self.state.hand)
        hand.remove(h)
        ring = list(self.ring)
        ring.remove(g)
        return points(h) + points(g) + _matching(tuple(hand), tuple(ring), self.easy) - 0.01 * self.potential(h)

    def place(self, token: str) -> float:
        """``P<slot>``: minus the value of the card the next rotation would discard."""
        ring = list(self.state.ring)
        ring[int(token[1:])] = self.state.pending
        nxt = ring[(ring.index(None) + 1) % SLOTS]
        return -self.ring_value(nxt, self.state.hand) if nxt is not None else 0.0

    def turn(self, token: str) -> float:
        """``R``/``R<card>`` or ``S<card><slot>``: what the move gains minus what it loses."""
        s = self.state
        if token.startswith("R"):
            out = s.ring[(s.ring.index(None) + 1) % SLOTS]
            assert out is not None
            loss = self.ring_value(out, s.hand)
            if len(token) > 1:  # Attrition: a hand card is given up too
                loss += GYRE_POTENTIAL_WEIGHT * self.potential(Card.parse(token[1:3]))
            return -loss
        h, g = Card.parse(token[1:3]), s.ring[int(token[3])]
        assert g is not None
        rest = tuple(c for c in s.hand if c != h)
        gain = GYRE_DRAW_BONUS
        capturers = [points(x) for x in rest if can_capture(x, h, self.easy)]
        if capturers:  # the card put in the gyre is the next turn's capture
            gain += points(h) + max(capturers)
        return gain - self.ring_value(g, rest) - GYRE_POTENTIAL_WEIGHT * self.potential(h)


def gyre_hint(state: GyreState) -> str | None:
    """Gyre: the capture that keeps the most points within the hand's reach; the
    slot that leaves the least valuable card next in line to be rotated out; when
    nothing can be captured, the rotation or replacement that loses the least.

    >>> s = GYRE.deal(42, GYRE.parse_options(""))
    >>> gyre_hint(s) in GYRE.legal_moves(s)
    True
    """
    legal = GYRE.legal_moves(state)
    if len(legal) <= 1:
        return legal[0] if legal else None
    view = _GyreView(state)
    if state.pending is not None:
        value: Callable[[str], float] = view.place
    elif legal[0].startswith("C"):
        value = view.capture
    else:
        value = view.turn
    return max(legal, key=value)


# -- Square and Zodiac ---------------------------------------------------------------------


def square_hint(state: SquareState) -> str | None:
    """Solitaire Square: :func:`pyapp.games.square.greedy_move`, the cheapest
    placement nearest where its value belongs, paid with the hand cards least
    useful afterwards.

    >>> from pyapp.games.square import SquareOptions
    >>> square_hint(SQUARE.deal(1, SquareOptions(ends=True)))
    '74@C6'
    """
    if not SQUARE.legal_moves(state):
        return None
    return square_greedy(state)


def zodiac_hopeless(state: ZodiacState) -> bool:
    """Phase 1 where nothing can ever change: no card of the equator, the stock or
    the waste fits a zodiac top, and the equator has too few empty cells to take
    the stock and the waste (which would start phase 2). Tops change only when a
    card goes on them, so the game is lost whatever is played.

    >>> from pyapp.games.zodiac import arrange
    >>> zodiac_hopeless(ZODIAC.deal(1, ZODIAC.parse_options("")))
    False
    """
    if state.phase != 1:
        return False
    if len(state.stock) + len(state.waste) <= state.equator.count(None):
        return False
    tops = {p[-1] for p in state.zodiac if p}
    pool = {c for c in state.equator if c is not None} | set(state.stock) | set(state.waste)
    return not any(zodiac_accepts(t, c) for c in pool for t in tops)


def zodiac_hint(state: ZodiacState) -> str | None:
    """Zodiac: :func:`pyapp.games.zodiac.greedy_move` (phase 1: keep each pile
    building one way, and click the stock only while a card it holds fits; phase 2:
    a move that never lowers the best score still reachable); None once
    :func:`zodiac_hopeless`.

    >>> zodiac_hint(ZODIAC.deal(1, ZODIAC.parse_options(""))) in ZODIAC.legal_moves(ZODIAC.deal(1, ZODIAC.parse_options("")))
    True
    """
    if not ZODIAC.legal_moves(state) or zodiac_hopeless(state):
        return None
    return zodiac_greedy(state)


#: The heuristic of each game, by id.
HINTERS: Final[dict[str, Callable[[Any], str | None]]] = {
    "gravity": gravity_hint,
    "gyre": gyre_hint,
    "square": square_hint,
    "zodiac": zodiac_hint,
}
