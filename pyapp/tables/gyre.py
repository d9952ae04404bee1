"""Gyre's table: the ring of six slots, the hand, deck, score pile, discards and
the revealed card (pile ids ``R0``..``R5``, ``H``, ``D``, ``P``, ``X``, ``Q``)."""

from __future__ import annotations

import math
from typing import Final

from ..games.gyre import GYRE, GyreState
from ..table import BACK, CARD_H, Button, Decor, Gesture, Pile, Table

SETTINGS: Final[tuple[tuple[str, str], ...]] = ()
RADIUS: Final = 2.0

HELP: Final = """
<h2>Gyre</h2>
<p>Six slots form a ring; five hold a card and one is empty. You hold five cards.
Score points by capturing ring cards with cards from your hand.</p>
<h3>Each turn</h3>
<ul>
<li><b>Capture if you can</b> (you must): drop a hand card on a ring card of the
same suit and lower rank. Both go to your score pile. You draw back to five, then
the next deck card is shown and you put it in either empty slot.</li>
<li><b>If no capture is possible</b>, either <b>rotate</b>: the card just clockwise
of the gap is discarded and the next deck card fills the gap, so the gap moves one
step clockwise; or <b>replace</b> a ring card with a lower card of its suit from
your hand (the ring card is discarded, you draw back to five).</li>
</ul>
<p>Aces are low. Jokers are the highest card of both suits of their colour.</p>
<h3>The end</h3>
<p>When the deck is empty you may only capture. When no capture is left the game
ends. Points: ace to ten 1, jack 2, queen 3, king 4, joker 5, for every card in
your score pile (76 at most, 86 with jokers).</p>
<h3>Variants</h3>
<ul>
<li><b>Jokers</b>: the two jokers are shuffled in.</li>
<li><b>Attrition</b>: one joker is hidden in the middle third of the deck and one in
the last third. Rotating also costs you a hand card of your choice, and you do not
draw after it. Whenever a joker turns up, you draw back to five at the end of the
turn. If you give up your last hand card while the deck still has cards, the game
ends at once and every card left in the deck costs a point.</li>
<li><b>Easier</b>: an ace in your hand may count high when capturing (it then
beats even a joker of its colour), and a card captures any card of the same rank,
whatever the suit.</li>
</ul>
<h3>Playing here</h3>
<p>Drag a hand card onto a ring card, or tap the hand card and then the ring card.
Tap an empty highlighted slot to place the revealed card. Undo is always there.</p>
"""


def _slot_xy(k: int, cx: float, cy: float) -> tuple[float, float]:
    angle = math.radians(90 - 60 * k)
    return cx + RADIUS * math.cos(angle) - 0.5, cy - RADIUS * math.sin(angle) - CARD_H / 2


def table(state: GyreState, portrait: bool, settings: frozenset[str]) -> Table:
    """The Gyre table for ``state``: every legal move is one gesture or one button.

    >>> t = table(GYRE.deal(1, GYRE.parse_options("")), True, frozenset())
    >>> [p.id for p in t.piles]
    ['R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'Q', 'D', 'P', 'X', 'H']
    """
    if portrait:
        width, height = 6.2, 10.0
        cx, cy = 3.1, 2.1 + 2.7
        row_y, hand_x, hand_y = 0.2, 0.35, 8.0
        deck_x, score_x, disc_x = 0.35, 2.35, 4.85
    else:
        width, height = 11.2, 6.0
        cx, cy = 2.6, 3.0
        row_y, hand_x, hand_y = 0.3, 5.5, 3.0
        deck_x, score_x, disc_x = 5.5, 7.4, 9.9
    legal = GYRE.legal_moves(state)
    piles: list[Pile] = []
    gestures: list[Gesture] = []
    place_slots = {int(m[1]) for m in legal if m.startswith("P")}
    for k, card in enumerate(state.ring):
        x, y = _slot_xy(k, cx, cy)
        marks = ["slot"]
        if card is None:
            marks.append("empty")
        if k in place_slots:
            marks.append("target")
        piles.append(Pile(f"R{k}", x, y, (card.code,) if card else (), marks=tuple(marks)))
    pending = (state.pending.code,) if state.pending else ()
    piles.append(Pile("Q", cx - 0.5, cy - CARD_H / 2, pending, marks=("reveal",) if pending else ("reveal", "none")))
    piles.append(Pile("D", deck_x, row_y, (BACK,) if state.deck else (), label=f"Deck {len(state.deck)}",
                      badge=str(len(state.deck)) if state.deck else ""))
    last = state.pairs[-1] if state.pairs else ()
    piles.append(Pile("P", score_x, row_y, tuple(c.code for c in last), dx=0.3, w=1.3,
                      label=f"Score pile {2 * len(state.pairs)}", badge=str(len(state.pairs)) if state.pairs else ""))
    top = (state.discards[-1].code,) if state.discards else ()
    piles.append(Pile("X", disc_x, row_y, top, label=f"Discards {len(state.discards)}",
                      badge=str(len(state.discards)) if state.discards else ""))
    piles.append(Pile("H", hand_x, hand_y, tuple(c.code for c in state.hand), dx=1.12,
                      w=max(1.0, 1.12 * (len(state.hand) - 1) + 1.0), label="Your hand", marks=("hand",)))

    index = {c.code: i for i, c in enumerate(state.hand)}
    per_source: dict[int, list[str]] = {}
    for m in legal:
        if m[0] in "CS":
            per_source.setdefault(index[m[1:3]], []).append(m)
    for i, tokens in sorted(per_source.items()):
        for m in tokens:
            gestures.append(Gesture(m, ("H", i), f"R{m[3]}", tap=len(tokens) == 1))
    for m in legal:
        if m.startswith("P"):
            gestures.append(Gesture(m, ("Q", 0), f"R{m[1]}"))
    rotations = [m for m in legal if m.startswith("R")]
    if state.options.attrition:
        choices = tuple(Gesture(m, ("H", index[m[1:3]]), "X") for m in rotations)
        gestures.extend(choices)
        rotate = Button("rotate", "Rotate (give up a card)", None, choices,
                        "Choose the hand card to give up" if choices else _rotate_why(state, legal))
    else:
        rotate = Button("rotate", "Rotate", "R" if "R" in legal else None, (),
                        "Discard the card clockwise of the gap; the deck fills the gap" if "R" in legal else _rotate_why(state, legal))
    over = GYRE.status(state) != "playing"
    score = GYRE.score(state)
    summary: tuple[str, ...] = ()
    if over:
        lines = [f"You captured {len(state.pairs)} pairs for {score + state.penalty} points."]
        if state.penalty:
            lines.append(f"Your hand ran out with {state.penalty} cards left in the deck: minus {state.penalty}.")
        best = 86 if state.options.has_jokers else 76
        lines.append(f"Final score {score} (the most possible is {best}).")
        summary = tuple(lines)
    ring = Decor("ring", cx - RADIUS, cy - RADIUS, 2 * RADIUS, 2 * RADIUS)
    return Table(width, height, tuple(piles), tuple(gestures), (rotate,), _prompt(state, legal), f"Score {score}",
                 GYRE.status(state), summary, (ring,))


def _rotate_why(state: GyreState, legal: list[str]) -> str:
    if not legal:
        return "The game is over"
    if state.pending is not None:
        return "Place the revealed card first"
    if not state.deck:
        return "The deck is empty: only captures remain"
    return "A capture is possible: you must capture"


def _prompt(state: GyreState, legal: list[str]) -> str:
    if not legal:
        if state.penalty:
            return "Your hand ran out before the deck: the game is over."
        return "No capture is left: the game is over."
    if state.pending is not None:
        return "Place the revealed card in one of the highlighted empty slots."
    if legal[0].startswith("C"):
        if not state.deck:
            return "End phase: capture what you can."
        return "Capture: drag a hand card onto a lower card of its suit."
    if state.options.attrition:
        return "No capture: rotate (giving up a hand card) or replace a ring card with a lower card of its suit."
    return "No capture: rotate the ring, or replace a ring card with a lower card of its suit."
