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

from ...core.cards import Card
from ...i18n import N_, _, ngettext
from .rules import (GYRE, SLOTS, GyreMove, GyreState, auto_finish_move, can_capture, can_replace, end_range,
                          suits)
from ...core.table import (BACK, CARD_H, Button, Decor, GameView, ModuleView, Gesture, Pick, Pile, Place, Refusal, RulesBlock,
                     Table, rules_html, standard_face)

SETTINGS: Final[tuple[tuple[str, str], ...]] = ()
RADIUS: Final = 2.0
#: How far apart the two cards of the last captured pair lie: enough to read a "10" whole.
FAN: Final = 0.45

#: The rules panel, block by block (:func:`pyapp.core.table.rules_html`); each text one message.
RULES: Final[tuple[RulesBlock, ...]] = (
    ("p", N_("Six slots form a ring; five hold a card and one is empty. You hold five cards. Score points by "
             "capturing ring cards with cards from your hand.")),
    ("h3", N_("Each turn")),
    ("ul", (
        N_("<b>Capture if you can</b> (you must): drop a hand card on a ring card of the same suit and lower "
           "rank. Both go to your score pile. You draw back to five, then the next deck card is shown and you "
           "put it in either empty slot."),
        N_("<b>If no capture is possible</b>, either <b>rotate</b>: the card just clockwise of the gap is "
           "discarded and the next deck card fills the gap, so the gap moves one step clockwise; or "
           "<b>replace</b> a ring card with a lower card of its suit from your hand (the ring card is "
           "discarded, you draw back to five)."),
    )),
    ("p", N_("Aces are low. A joker is the highest card of both suits of its colour (the red joker of hearts "
             "and diamonds, the black one of spades and clubs), so nothing can capture it, but a lower card of "
             "its colour can replace it.")),
    ("h3", N_("The end")),
    ("p", N_("When the deck is empty you may only capture: no rotating, no replacing. When no capture is left "
             "the game ends and the cards still in the ring and in your hand are discarded. Points: ace to ten "
             "1, jack 2, queen 3, king 4, joker 5, for every card in your score pile (76 at most, 86 with "
             "jokers).")),
    ("h3", N_("Variants")),
    ("ul", (
        # Translators: Jokers in bold is the variant's name, as the New deal dialog says it
        N_("<b>Jokers</b>: the two jokers are shuffled in."),
        # Translators: Attrition in bold is the variant's name, as the New deal dialog says it
        N_("<b>Attrition</b>: one joker is hidden in the middle third of the deck and one in the last third. "
           "Rotating also costs you a hand card of your choice, and you do not draw after it. Whenever a joker "
           "turns up, you draw back to five at the end of the turn. If you give up your last hand card while "
           "the deck still has cards, the game ends at once and every card left in the deck costs a point."),
        # Translators: Easier in bold is the variant's name, as the New deal dialog says it
        N_("<b>Easier</b>: an ace in your hand may count high when capturing (it then beats even a joker of its "
           "colour), and a card captures any card of the same rank, whatever the suit."),
    )),
    ("h3", N_("Playing here")),
    ("ul", (
        N_("Drag a hand card onto a ring card to capture or replace, or tap the hand card and then the ring "
           "card. A card with only one possible move plays it on a tap."),
        N_("After a capture, drag the revealed card from the middle of the ring to a highlighted slot, or just "
           "tap the slot."),
        # Translators: Rotate in bold is the button's label
        N_("Press <b>Rotate</b> to turn the ring. In Attrition, then tap the hand card you give up, or drag that "
           "card straight onto the discards."),
        N_("Undo is always there."),
    )),
)


def help_html() -> str:
    """The rules panel in the language in use."""
    return rules_html(RULES, GYRE.title)


#: The rules panel in English.
HELP: Final = rules_html(RULES, GYRE.title, english=True)


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
        if k == out:
            # Translators: a ring slot's spoken name: keep the first comma (the words before it name the place)
            spoken = _("slot {slot}, discarded by a rotation").format(slot=k)
        elif card is None:
            # Translators: a ring slot's spoken name: keep the first comma (the words before it name the place)
            spoken = _("slot {slot}, empty").format(slot=k)
        else:
            # Translators: a ring slot's spoken name
            spoken = _("slot {slot}").format(slot=k)
        # Translators: the label on a ring slot, by its number
        label = _("Slot {slot}").format(slot=k)
        piles.append(Pile(f"R{k}", x, y, (card.code,) if card else (), label=label, marks=tuple(marks), name=spoken))
    pending = (state.pending.code,) if state.pending else ()
    if pending:
        # Translators: the card shown after a capture, to put in an empty slot: its spoken name; keep the comma
        revealed = _("revealed card, to place in an empty slot")
    else:
        # Translators: the place of the card shown after a capture, with none there; keep the comma
        revealed = _("revealed card, none")
    piles.append(Pile("Q", cx - 0.5, cy - CARD_H / 2, pending, label=_("Revealed card") if pending else "",
                      marks=("reveal",) if pending else ("reveal", "none"), name=revealed))
    # Counts are said in the labels, in words; the only score is the points, above the board.
    deck_n, discards_n, hand_n = len(state.deck), len(state.discards), len(state.hand)
    deck_label = ngettext("Deck: {n} card", "Deck: {n} cards", deck_n).format(n=deck_n)
    # Translators: the spoken name of the deck and how many cards it holds: keep the comma (the words
    # before it name the place in announcements)
    deck_name = ngettext("deck, {n} card", "deck, {n} cards", deck_n).format(n=deck_n)
    piles.append(Pile("D", deck_x, row_y, (BACK,) if state.deck else (), label=deck_label, name=deck_name))
    last = state.pairs[-1] if state.pairs else ()
    captured = score + state.penalty
    pairs = len(state.pairs)
    # Translators: the spoken name of the pile of captured pairs and how many it holds: keep the first comma
    pairs_name = ngettext("captured pairs, {n}, the last one on top", "captured pairs, {n}, the last one on top",
                          pairs).format(n=pairs)
    piles.append(Pile("P", score_x, row_y, tuple(c.code for c in last), dx=FAN, w=FAN + 1.0,
                      label=ngettext("Captured: {n} pair", "Captured: {n} pairs", pairs).format(n=pairs),
                      name=pairs_name))
    top = (state.discards[-1].code,) if state.discards else ()
    # Translators: the spoken name of the discards and how many cards they hold: keep the comma
    discards_name = ngettext("discards, {n} card", "discards, {n} cards", discards_n).format(n=discards_n)
    piles.append(Pile("X", disc_x, row_y, top, label=_("Discards: {n}").format(n=discards_n), name=discards_name))
    # Translators: the spoken name of the hand and how many cards it holds: keep the comma
    hand_name = ngettext("your hand, {n} card", "your hand, {n} cards", hand_n).format(n=hand_n)
    piles.append(Pile("H", hand_x, hand_y, tuple(c.code for c in state.hand), dx=1.12,
                      w=max(1.0, 1.12 * (hand_n - 1) + 1.0), label=_("Your hand"), marks=("hand",), name=hand_name))

    index = {c.code: i for i, c in enumerate(state.hand)}
    moves = [(m, GyreMove.parse(m)) for m in legal]
    # Every legal move of each hand card, so a card with exactly one gets tap=True.
    per_card: dict[int, int] = {}
    for _token, mv in moves:
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
    # Translators: the button that turns the ring (a verb)
    rotate_label = _("Rotate")
    if state.options.attrition:
        pick = Pick(_(PROMPT_GIVE_UP), 1, tuple(gave_up), confirm=False) if gave_up else None
        title = _rotation_words(state, give_up=True) if gave_up else _rotate_why(state, legal)
        rotate = Button("rotate", rotate_label, None, pick, title, preview=preview, key="r")
    else:
        title = _rotation_words(state) if rotates else _rotate_why(state, legal)
        rotate = Button("rotate", rotate_label, "R" if rotates else None, None, title, preview=preview, key="r")
    over = GYRE.status(state) != "playing"
    buttons: tuple[Button, ...] = (rotate,)
    auto = None if over else auto_finish_move(state)
    if auto is not None:  # the end phase: every card is face up, the best line is known
        lo, hi = end_range(state) or (0, 0)
        if lo == hi:
            words = ngettext("Every way ends with {n} point", "Every way ends with {n} points", hi).format(n=hi)
        else:
            # Translators: {n} is the best final score, {low} the worst
            words = ngettext("Play the captures left the best way: the game ends with {n} point "
                             "(as few as {low} otherwise)",
                             "Play the captures left the best way: the game ends with {n} points "
                             "(as few as {low} otherwise)", hi).format(n=hi, low=lo)
        # Translators: the button that plays every move left by itself
        buttons = (rotate, Button("autofinish", _("Auto-finish"), auto, repeat=True, title=words, key="a"))
    summary: tuple[str, ...] = ()
    if over:
        # Translators: {pairs} is how many pairs were captured, {n} the points they are worth
        lines = [ngettext("Pairs captured: {pairs} ({n} point)", "Pairs captured: {pairs} ({n} points)",
                          captured).format(pairs=len(state.pairs), n=captured)]
        if state.penalty:
            # Translators: Attrition's sudden end: each card left in the deck costs a point ({n} in all)
            lines.append(ngettext("Your hand ran out with {n} card still in the deck: minus {n}",
                                  "Your hand ran out with {n} cards still in the deck: minus {n}",
                                  state.penalty).format(n=state.penalty))
        most = 86 if state.options.has_jokers else 76
        lines.append(ngettext("The most possible is {n} point.", "The most possible is {n} points.", most).format(n=most))
        summary = tuple(lines)
    ring = Decor("ring", cx - RADIUS, cy - RADIUS, 2 * RADIUS, 2 * RADIUS)
    arrows = tuple(_ring_arrow(k, cx, cy) for k in range(SLOTS))
    if not over:
        result = ""
    elif state.penalty:
        result = _("Game over: your hand ran out")
    else:
        result = _("Game over: no capture is left")
    # Translators: the score line
    points = _("Points {n}").format(n=score)
    return Table(width, height, tuple(piles), tuple(gestures), buttons, _prompt(state, legal), points, GYRE.status(state),
                 summary, (ring, *arrows), _refusals(state, legal, piles) if refusals else (), stuck=_stuck(state),
                 result=result,
                 phase="" if state.deck or over else _("End phase: the deck is empty, only captures remain"))


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


def _rotation_words(state: GyreState, give_up: bool = False) -> str:
    """What the Rotate button does (its tooltip); with Attrition's hand card given up (``give_up``)."""
    k = rotation_discard(state)
    card = state.ring[k] if k is not None else None
    if card is None or k is None:
        if give_up:
            return _("Rotate: the card clockwise of the gap is discarded and the deck's top card fills the gap, "
                     "and you give up a hand card of your choice")
        return _("Rotate: the card clockwise of the gap is discarded and the deck's top card fills the gap")
    if give_up:
        # Translators: {card} is a card as the corner shows it (7♠), {slot} a slot's number
        words = _("Rotate: {card} in slot {slot} is discarded and the deck's top card fills the gap, "
                  "and you give up a hand card of your choice")
    else:
        # Translators: {card} is a card as the corner shows it (7♠), {slot} a slot's number
        words = _("Rotate: {card} in slot {slot} is discarded and the deck's top card fills the gap")
    return words.format(card=_short(card), slot=k)


def _ring_arrow(k: int, cx: float, cy: float) -> Decor:
    """A small arrow on the ring between slot k and slot k+1, pointing clockwise."""
    angle = math.radians(90 - 60 * k - 30)
    size = 0.34
    return Decor(f"ring-arrow ra{k}", cx + RADIUS * math.cos(angle) - size / 2, cy - RADIUS * math.sin(angle) - size / 2,
                 size, size)


def _stuck(state: GyreState) -> str:
    if state.pending is not None:
        return _("No move for this card: place the revealed card from the middle of the ring first")
    return _("No move for this card")


def _no_capture(state: GyreState, h: Card, g: Card) -> str:
    """Why hand card ``h`` cannot capture ring card ``g``: the rule it breaks (in the end
    phase, and that only captures remain)."""
    easy, ended = state.options.easy, not state.deck
    if not suits(h) & suits(g) and not (easy and h.rank == g.rank):
        if easy:
            why = (_("{card} cannot capture {other}: a capture needs the same suit (or the same rank). "
                     "The deck is empty: only captures remain") if ended else
                   _("{card} cannot capture {other}: a capture needs the same suit (or the same rank)"))
        else:
            why = (_("{card} cannot capture {other}: a capture needs the same suit. "
                     "The deck is empty: only captures remain") if ended else
                   _("{card} cannot capture {other}: a capture needs the same suit"))
    elif easy:
        why = (_("{card} cannot capture {other}: a capture needs a higher card (or the same rank); aces are low "
                 "in the ring. The deck is empty: only captures remain") if ended else
               _("{card} cannot capture {other}: a capture needs a higher card (or the same rank); aces are low "
                 "in the ring"))
    else:
        why = (_("{card} cannot capture {other}: a capture needs a higher card; aces are low. "
                 "The deck is empty: only captures remain") if ended else
               _("{card} cannot capture {other}: a capture needs a higher card; aces are low"))
    return why.format(card=_short(h), other=_short(g))


def _refusal(state: GyreState, legal: list[str], h: Card, k: int) -> str:
    """Why hand card ``h`` may not go on ring slot ``k`` (in the words of the rules)."""
    g = state.ring[k]
    if state.pending is not None:
        return _("Place the revealed card from the middle of the ring first")
    if g is None:
        return _("A hand card goes onto a ring card, to capture or replace it")
    easy = state.options.easy
    if legal and legal[0].startswith("C") or not state.deck:
        if can_capture(h, g, easy):
            return ""
        if state.deck and can_replace(h, g):
            # Translators: {card} is a hand card, {other} a ring card, each as its corner shows it (7♠)
            return _("{card} cannot capture {other}, and a capture is possible: you must capture").format(
                card=_short(h), other=_short(g))
        return _no_capture(state, h, g)
    if can_replace(h, g):
        return ""
    # Translators: {card} is a hand card, {other} a ring card, each as its corner shows it (7♠)
    return _("{card} cannot replace {other}: a replacement is a lower card of the same suit (aces are low)").format(
        card=_short(h), other=_short(g))


def _refusals(state: GyreState, legal: list[str], piles: list[Pile]) -> tuple[Refusal, ...]:
    """Why each hand card (and the revealed card) may not go where it may not."""
    if not legal:
        return ()
    out: list[Refusal] = []
    if state.options.attrition:
        discard = _("You give up a hand card only when you rotate, and no rotation is possible now")
    elif "R" in legal:
        discard = _("Hand cards are not discarded: Rotate discards the ring card clockwise of the gap")
    else:
        discard = _("Hand cards are not discarded, and no rotation is possible now")
    for i, h in enumerate(state.hand):
        for k in range(SLOTS):
            reason = _refusal(state, legal, h, k)
            if reason:
                out.append(Refusal(("H", i), f"R{k}", reason))
        if not state.options.attrition or not any(m.startswith("R") for m in legal):
            out.append(Refusal(("H", i), "X", discard))
    if state.pending is not None:
        into = _("The revealed card goes into an empty slot")
        for k, g in enumerate(state.ring):
            if g is not None:
                out.append(Refusal(("Q", 0), f"R{k}", into))
    return tuple(out)


#: The prompt while Attrition's rotation waits for a hand card, translated where it is shown.
# Translators: Cancel is the button's label
PROMPT_GIVE_UP: Final = N_("Rotate: choose a hand card to give up (tap it, or press Cancel)")


def _rotate_why(state: GyreState, legal: list[str]) -> str:
    """Why the Rotate button is off (its tooltip)."""
    if not legal:
        return _("The game is over")
    if state.pending is not None:
        return _("Place the revealed card first")
    if not state.deck:
        return _("The deck is empty: only captures remain")
    return _("A capture is possible: you must capture")


def _prompt(state: GyreState, legal: list[str]) -> str:
    if not legal:
        if state.penalty:
            # Translators: {penalty} is the points lost for the cards left in the deck, {score} the final score
            return _("Game over: your hand ran out before the deck (minus {penalty}). Score {score}").format(
                penalty=state.penalty, score=GYRE.score(state))
        return _("Game over: no capture is left. Score {score}").format(score=GYRE.score(state))
    if state.pending is not None:
        return _("Place the revealed card in one of the two highlighted slots")
    if not state.deck:
        return _("End phase: capture what you can")
    if legal[0].startswith("C"):
        return _("Capture: drag a hand card onto a lower card of its suit")
    if state.options.attrition:
        return _("No capture: rotate the ring (giving up a hand card) or replace a card")
    return _("No capture: rotate the ring or replace a card")


def auto_token(state: GyreState, settings: frozenset[str]) -> str | None:
    """Gyre plays nothing by itself."""
    return None


VIEW: Final[GameView] = ModuleView(GYRE, help_html, SETTINGS, table, standard_face, auto_token)
