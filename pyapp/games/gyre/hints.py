"""Gyre's hint (:mod:`pyapp.app.hints` asks it through the registry): the capture
worth most, the slot that loses least, the rotation or replacement that costs
least. It knows the cards in view and the unseen cards as a set, never the
deck's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from ...core.cards import Card, standard_deck
from .rules import GYRE, SLOTS, GyreState, can_capture, points

__all__ = ["GYRE_DRAW_BONUS", "GYRE_POTENTIAL_WEIGHT", "hint"]


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


def hint(state: GyreState) -> str | None:
    """Gyre: the capture that keeps the most points within the hand's reach; the
    slot that leaves the least valuable card next in line to be rotated out; when
    nothing can be captured, the rotation or replacement that loses the least.

    >>> s = GYRE.deal(42, GYRE.parse_options(""))
    >>> hint(s) in GYRE.legal_moves(s)
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
