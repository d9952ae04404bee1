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

from ...cards import Card
from .rules import (GYRE, SLOTS, GyreMove, GyreState, auto_finish_move, can_capture, can_replace, end_range,
                          suits)
from ...table import (BACK, CARD_H, Button, Decor, GameView, ModuleView, Gesture, Pick, Pile, Place, Refusal, Table,
                     standard_face)

SETTINGS: Final[tuple[tuple[str, str], ...]] = ()
RADIUS: Final = 2.0
#: How far apart the two cards of the last captured pair lie: enough to read a "10" whole.
FAN: Final = 0.45

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


def table(state: GyreState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    """The Gyre table for ``state``: every legal move is one gesture or one button.

    >>> t = table(GYRE.deal(1, GYRE.parse_options("")), True, frozenset())
    >>> [p.id for p in t.piles]
    ['R0', 'R1', 'R2', 'R3', 'R4', 'R5', 'Q', 'D', 'P', 'X', 'H']
    >>> t.prompt, t.score
    ('Capture: drag a hand card onto a lower card of its suit', 'Points 0')
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
    out = rotation_discard(state) if "R" in legal or any(m.startswith("R") for m in legal) else None
    for k, card in enumerate(state.ring):
        x, y = _slot_xy(k, cx, cy)
        marks = ["slot"]
        if card is None:
            marks.append("empty")
        if k in place_slots:
            marks.append("target")
        spoken = f"slot {k}" + ("" if card else ", empty") + (", discarded by a rotation" if k == out else "")
        piles.append(Pile(f"R{k}", x, y, (card.code,) if card else (), label=f"Slot {k}", marks=tuple(marks),
                          name=spoken))
    pending = (state.pending.code,) if state.pending else ()
    piles.append(Pile("Q", cx - 0.5, cy - CARD_H / 2, pending, label="Revealed card" if pending else "",
                      marks=("reveal",) if pending else ("reveal", "none"),
                      name="revealed card, to place in an empty slot" if pending else "revealed card, none"))
    # Counts are said in the labels, in words; the only score is the points, above the board.
    piles.append(Pile("D", deck_x, row_y, (BACK,) if state.deck else (), label=f"Deck: {_cards(len(state.deck))}",
                      name=f"deck, {_cards(len(state.deck))}"))
    last = state.pairs[-1] if state.pairs else ()
    captured = score + state.penalty
    pairs = len(state.pairs)
    piles.append(Pile("P", score_x, row_y, tuple(c.code for c in last), dx=FAN, w=FAN + 1.0,
                      label=f"Captured: {pairs} {'pair' if pairs == 1 else 'pairs'}",
                      name=f"captured pairs, {pairs}, the last one on top"))
    top = (state.discards[-1].code,) if state.discards else ()
    piles.append(Pile("X", disc_x, row_y, top, label=f"Discards: {len(state.discards)}",
                      name=f"discards, {_cards(len(state.discards))}"))
    piles.append(Pile("H", hand_x, hand_y, tuple(c.code for c in state.hand), dx=1.12,
                      w=max(1.0, 1.12 * (len(state.hand) - 1) + 1.0), label="Your hand", marks=("hand",),
                      name=f"your hand, {_cards(len(state.hand))}"))

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
    rotates = "R" in legal or bool(gave_up)
    preview: tuple[Place, ...] = ((f"R{out}", 0),) if out is not None else ()
    if state.options.attrition:
        pick = Pick(PROMPT_GIVE_UP, 1, tuple(gave_up), confirm=False) if gave_up else None
        title = (f"{_rotation_words(state)}, and you give up a hand card of your choice" if gave_up
                 else _rotate_why(state, legal))
        rotate = Button("rotate", "Rotate", None, pick, title, preview=preview, key="r")
    else:
        title = _rotation_words(state) if rotates else _rotate_why(state, legal)
        rotate = Button("rotate", "Rotate", "R" if rotates else None, None, title, preview=preview, key="r")
    over = GYRE.status(state) != "playing"
    buttons: tuple[Button, ...] = (rotate,)
    auto = None if over else auto_finish_move(state)
    if auto is not None:  # the end phase: every card is face up, the best line is known
        lo, hi = end_range(state) or (0, 0)
        words = (f"Every way ends with {hi} points" if lo == hi else
                 f"Play the captures left the best way: the game ends with {hi} points (as few as {lo} otherwise)")
        buttons = (rotate, Button("autofinish", "Auto-finish", auto, repeat=True, title=words, key="a"))
    summary: tuple[str, ...] = ()
    if over:
        lines = [f"Pairs captured: {len(state.pairs)} ({captured} points)"]
        if state.penalty:
            lines.append(f"Your hand ran out with {state.penalty} cards still in the deck: minus {state.penalty}")
        lines.append(f"The most possible is {86 if state.options.has_jokers else 76} points.")
        summary = tuple(lines)
    ring = Decor("ring", cx - RADIUS, cy - RADIUS, 2 * RADIUS, 2 * RADIUS)
    arrows = tuple(_ring_arrow(k, cx, cy) for k in range(SLOTS))
    return Table(width, height, tuple(piles), tuple(gestures), buttons, _prompt(state, legal), f"Points {score}",
                 GYRE.status(state), summary, (ring, *arrows), _refusals(state, legal, piles) if refusals else (), stuck=_stuck(state),
                 result="Game over: your hand ran out" if over and state.penalty else
                 "Game over: no capture is left" if over else "",
                 phase="" if state.deck or over else "End phase: the deck is empty, only captures remain")


def _cards(n: int) -> str:
    return f"{n} {'card' if n == 1 else 'cards'}"


def rotation_discard(state: GyreState) -> int | None:
    """The slot whose card a rotation discards: the one clockwise of the gap (RULES.md 3.5).

    >>> s = GYRE.deal(42, GYRE.parse_options(""))
    >>> s.ring.index(None), rotation_discard(s)
    (5, 0)
    """
    if None not in state.ring:
        return None
    k = (state.ring.index(None) + 1) % SLOTS
    return k if state.ring[k] is not None else None


def _short(card: Card) -> str:
    face = standard_face(card.code)
    return face.corner.replace("\n", "") if not card.is_joker else face.name


def _rotation_words(state: GyreState) -> str:
    k = rotation_discard(state)
    card = state.ring[k] if k is not None else None
    what = f"{_short(card)} in slot {k}" if card is not None and k is not None else "the card clockwise of the gap"
    return f"Rotate: {what} is discarded and the deck's top card fills the gap"


def _ring_arrow(k: int, cx: float, cy: float) -> Decor:
    """A small arrow on the ring between slot k and slot k+1, pointing clockwise."""
    angle = math.radians(90 - 60 * k - 30)
    size = 0.34
    return Decor(f"ring-arrow ra{k}", cx + RADIUS * math.cos(angle) - size / 2, cy - RADIUS * math.sin(angle) - size / 2,
                 size, size)


def _stuck(state: GyreState) -> str:
    if state.pending is not None:
        return "No move for this card: place the revealed card from the middle of the ring first"
    return "No move for this card"


def _refusal(state: GyreState, legal: list[str], h: Card, k: int) -> str:
    """Why hand card ``h`` may not go on ring slot ``k`` (in the words of the rules)."""
    g = state.ring[k]
    if state.pending is not None:
        return "Place the revealed card from the middle of the ring first"
    if g is None:
        return "A hand card goes onto a ring card, to capture or replace it"
    easy = state.options.easy
    same = " (or the same rank)" if easy else ""
    if legal and legal[0].startswith("C") or not state.deck:
        if can_capture(h, g, easy):
            return ""
        if not suits(h) & suits(g) and not (easy and h.rank == g.rank):
            why = f"a capture needs the same suit{same}"
        else:
            why = f"a capture needs a higher card{same}; aces are low" + (" in the ring" if easy else "")
        if not state.deck:
            return f"{_short(h)} cannot capture {_short(g)}: {why}. The deck is empty: only captures remain"
        if can_replace(h, g):
            return f"{_short(h)} cannot capture {_short(g)}, and a capture is possible: you must capture"
        return f"{_short(h)} cannot capture {_short(g)}: {why}"
    if can_replace(h, g):
        return ""
    return f"{_short(h)} cannot replace {_short(g)}: a replacement is a lower card of the same suit (aces are low)"


def _refusals(state: GyreState, legal: list[str], piles: list[Pile]) -> tuple[Refusal, ...]:
    """Why each hand card (and the revealed card) may not go where it may not."""
    if not legal:
        return ()
    out: list[Refusal] = []
    for i, h in enumerate(state.hand):
        for k in range(SLOTS):
            reason = _refusal(state, legal, h, k)
            if reason:
                out.append(Refusal(("H", i), f"R{k}", reason))
        if state.options.attrition and not any(m.startswith("R") for m in legal):
            out.append(Refusal(("H", i), "X", "You give up a hand card only when you rotate, and no rotation is possible now"))
        elif not state.options.attrition:
            out.append(Refusal(("H", i), "X", "Hand cards are not discarded: Rotate discards the ring card clockwise of the gap"
                               if "R" in legal else "Hand cards are not discarded, and no rotation is possible now"))
    if state.pending is not None:
        for k, g in enumerate(state.ring):
            if g is not None:
                out.append(Refusal(("Q", 0), f"R{k}", "The revealed card goes into an empty slot"))
    return tuple(out)


PROMPT_GIVE_UP: Final = "Rotate: choose a hand card to give up (tap it, or press Cancel)"


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
