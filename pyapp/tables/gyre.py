"""Gyre's table: the ring of six slots, the hand, deck, score pile, discards and
the revealed card (pile ids ``R0``..``R5``, ``H``, ``D``, ``P``, ``X``, ``Q``).

Every legal move is exactly one way to play:

* capture and replace: drag hand card ``(H, i)`` onto slot ``Rs``;
* place: drag the waiting card ``(Q, 0)`` onto an empty slot ``Rs`` (each
  highlighted slot is the target of exactly one gesture, so tapping it plays);
* rotate: the ``rotate`` button (token ``R``); with Attrition the button asks
  which hand card to give up (a ``Pick`` of one hand card), and dragging a hand card onto the discards plays the same gesture.

A hand card whose only legal move is a capture or a replace gets ``tap=True``.
A rotation is never played by a tap alone: it always goes through the button or
a drag onto the discards.

Layouts: portrait (6.2 x 10 card units) has the deck, score pile and discards in
a row on top, the ring under them and the hand at the bottom; landscape
(11.2 x 6) has the ring on the left and the piles and hand on the right. The
waiting card ``Q`` floats in the ring's centre.
"""

from __future__ import annotations

import math
from typing import Final

from ..games.gyre import GYRE, GyreMove, GyreState
from ..table import BACK, CARD_H, Button, Decor, GameView, ModuleView, Gesture, Pick, Pile, Place, Table, standard_face

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
<p>Aces are low. A joker is the highest card of both suits of its colour (the red
joker of hearts and diamonds, the black one of spades and clubs), so nothing can
capture it, but a lower card of its colour can replace it.</p>
<h3>The end</h3>
<p>When the deck is empty you may only capture: no rotating, no replacing. When no
capture is left the game ends and the cards still in the ring and in your hand are
discarded. Points: ace to ten 1, jack 2, queen 3, king 4, joker 5, for every card in
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
<ul>
<li>Drag a hand card onto a ring card to capture or replace, or tap the hand card and
then the ring card. A card with only one possible move plays it on a tap.</li>
<li>After a capture, drag the revealed card from the middle of the ring to a
highlighted slot, or just tap the slot.</li>
<li>Press <b>Rotate</b> to turn the ring. In Attrition, then tap the hand card you give
up, or drag that card straight onto the discards.</li>
<li>Undo is always there.</li>
</ul>
"""


def _slot_xy(k: int, cx: float, cy: float) -> tuple[float, float]:
    angle = math.radians(90 - 60 * k)
    return cx + RADIUS * math.cos(angle) - 0.5, cy - RADIUS * math.sin(angle) - CARD_H / 2


def table(state: GyreState, portrait: bool, settings: frozenset[str]) -> Table:
    """The Gyre table for ``state``: every legal move is one gesture or one button.

    >>> t = table(GYRE.deal(1, GYRE.parse_options("")), True, frozenset())
    >>> [p.id for p in t.piles]
    ['R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'Q', 'D', 'P', 'X', 'H']
    >>> t.prompt, t.score
    ('Capture: drag a hand card onto a lower card of its suit', 'Score 0')
    """
    if portrait:
        width, height = 6.2, 10.0
        cx, cy = 3.1, 4.8
        row_y, hand_x, hand_y = 0.2, 0.35, 8.2
        deck_x, score_x, disc_x = 0.35, 2.35, 4.85
    else:
        width, height = 11.2, 6.0
        cx, cy = 2.6, 3.0
        row_y, hand_x, hand_y = 0.3, 5.5, 3.3
        deck_x, score_x, disc_x = 5.5, 7.4, 9.9
    legal = GYRE.legal_moves(state)
    score = GYRE.score(state)
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
        piles.append(Pile(f"R{k}", x, y, (card.code,) if card else (), label=f"Slot {k}", marks=tuple(marks)))
    pending = (state.pending.code,) if state.pending else ()
    piles.append(Pile("Q", cx - 0.5, cy - CARD_H / 2, pending, label="Revealed card" if pending else "",
                      marks=("reveal",) if pending else ("reveal", "none")))
    piles.append(Pile("D", deck_x, row_y, (BACK,) if state.deck else (), label=f"Deck {len(state.deck)}",
                      badge=str(len(state.deck)) if state.deck else ""))
    last = state.pairs[-1] if state.pairs else ()
    captured = score + state.penalty
    piles.append(Pile("P", score_x, row_y, tuple(c.code for c in last), dx=0.3, w=1.3,
                      label=f"Score {score}" if not state.penalty else f"Score {captured} - {state.penalty}",
                      badge=str(len(state.pairs)) if state.pairs else ""))
    top = (state.discards[-1].code,) if state.discards else ()
    piles.append(Pile("X", disc_x, row_y, top, label=f"Discards {len(state.discards)}",
                      badge=str(len(state.discards)) if state.discards else ""))
    piles.append(Pile("H", hand_x, hand_y, tuple(c.code for c in state.hand), dx=1.12,
                      w=max(1.0, 1.12 * (len(state.hand) - 1) + 1.0), label="Your hand", marks=("hand",)))

    index = {c.code: i for i, c in enumerate(state.hand)}
    moves = [(m, GyreMove.parse(m)) for m in legal]
    # Every legal move of each hand card, so a card with exactly one gets tap=True.
    per_card: dict[int, int] = {}
    for _, mv in moves:
        if mv.card is not None:
            per_card[index[mv.card.code]] = per_card.get(index[mv.card.code], 0) + 1
    gave_up: list[tuple[tuple[Place, ...], str]] = []
    for m, mv in moves:
        if mv.kind in "CS" and mv.card is not None:
            i = index[mv.card.code]
            gestures.append(Gesture(m, ("H", i), f"R{mv.slot}", tap=per_card[i] == 1))
        elif mv.kind == "P":
            gestures.append(Gesture(m, ("Q", 0), f"R{mv.slot}"))
        elif mv.kind == "R" and mv.card is not None:
            gestures.append(Gesture(m, ("H", index[mv.card.code]), "X"))
            gave_up.append(((("H", index[mv.card.code]),), m))
    rotates = "R" in legal
    if state.options.attrition:
        pick = Pick("Choose the hand card to give up", 1, tuple(gave_up), confirm=False) if gave_up else None
        title = "Give up a hand card of your choice: the ring turns one step" if gave_up else _rotate_why(state, legal)
        rotate = Button("rotate", "Rotate", None, pick, title)
    else:
        title = "Discard the card clockwise of the gap; the deck's top card fills the gap" if rotates else _rotate_why(state, legal)
        rotate = Button("rotate", "Rotate", "R" if rotates else None, None, title)
    over = GYRE.status(state) != "playing"
    summary: tuple[str, ...] = ()
    if over:
        lines = [f"Final score: {score}", f"Pairs captured: {len(state.pairs)} ({captured} points)"]
        if state.penalty:
            lines.append(f"Your hand ran out with {state.penalty} cards still in the deck: penalty {state.penalty}")
        lines.append(f"The most possible is {86 if state.options.has_jokers else 76}.")
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
            return f"Game over: your hand ran out before the deck (minus {state.penalty}). Score {GYRE.score(state)}"
        return f"Game over: no capture is left. Score {GYRE.score(state)}"
    if state.pending is not None:
        return "Place the revealed card in one of the two highlighted slots"
    if not state.deck:
        return "End phase: capture what you can"
    if legal[0].startswith("C"):
        return "Capture: drag a hand card onto a lower card of its suit"
    if state.options.attrition:
        return "No capture: rotate the ring (giving up a hand card) or replace a card"
    return "No capture: rotate the ring or replace a card"


def auto_token(state: GyreState, settings: frozenset[str]) -> str | None:
    """Gyre plays nothing by itself."""
    return None


VIEW: Final[GameView] = ModuleView(GYRE, HELP, SETTINGS, table, standard_face, auto_token)
