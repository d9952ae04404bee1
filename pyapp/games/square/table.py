"""Solitaire Square's table: the 6x6 grid, the hand, the deck and the discards
(pile ids ``A1``..``F6`` in reading order, ``H``, ``D``, ``X``).

Every legal move is exactly one way to play: drag hand card ``(H, j)`` onto an
empty cell (or tap the card, then the cell). The cell shows the placement's
cost while the card is held (``free`` or ``cost k``). When the cost takes some
but not all of the cards left, the gesture asks the player to pick exactly that
many hand cards to discard and confirm (a :class:`~pyapp.core.table.Pick` whose
options are every discard set); a free placement, or one whose cost takes every
card left, plays at once. A drop on an empty cell where the card may not go
says why (the order window, a cost of 5 or more, a cost the hand cannot pay).

Cards are their numbers (``"14"``): a large number on a background whose hue
runs from red (1) to violet (80). The number always decides; the colour only helps.

Layouts (a card is 1 x 1.4; cells are one card with a 0.1 gap):

* portrait, 7.0 x 11.2: the grid on top; under it the deck, the hand (cards
  0.9 apart, slightly overlapping) and the discards in one row;
* landscape, 12.57 x 8.7: the grid on the left; on the right the deck and the
  discards, with the hand under them, centred beside the grid.

The worked example of RULES.md 2.6 (every other card is in the deck):

>>> from pyapp.games.square.rules import SQUARE
>>> rest = ".".join(str(v) for v in range(1, 81) if v not in (12, 30, 35, 14, 28, 33, 41, 50))
>>> G = "-.12.-.-.30.-/35.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
>>> t = table(SQUARE.parse_state(f"SQ1|G={G}|H=14.28.33.41.50|D={rest}|X="), True, frozenset())
>>> t.pile("H").cards, t.score, t.info
(('14', '28', '33', '41', '50'), 'Cells 3/36', 'Deck 72 · Discards 0')
>>> g = t.moves_from(("H", 0))["C1"]
>>> g.note, g.pick.prompt, g.pick.count
('cost 2', '14 on C1 costs 2: pick 2 cards to discard, then Confirm', 2)
>>> g.pick.options[:2]
(((('H', 1), ('H', 2)), '14@C1x28-33'), ((('H', 1), ('H', 3)), '14@C1x28-41'))
>>> t.moves_from(("H", 4))["C2"].note, t.targets(("H", 4))["C2"]
('free', '50@C2')
>>> t.refusal(("H", 0), "D1")
'Cost 16 (14 beside 30 in E1): 5 or more is not allowed'
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ...i18n import N_, _, ngettext

from .rules import (
    SQUARE,
    SquareMove,
    SquareState,
    bounds,
    cell_name,
    cost,
    dead_cells,
    hue,
    placements,
    why_not,
)
from ...core.table import (BACK, CARD_H, CARD_W, Face, GameView, ModuleView, Gesture, Pick, Pile, Refusal, RulesBlock, Table,
                      rules_html)

__all__ = ["HELP", "SETTINGS", "VIEW", "auto_token", "face", "help_html", "layout", "table"]

SETTINGS: Final[tuple[tuple[str, str], ...]] = ()

SIDE: Final = 6
CELLS: Final = 36
GAP: Final = 0.1
PITCH_X: Final = CARD_W + GAP
PITCH_Y: Final = CARD_H + GAP
GRID_W: Final = (SIDE - 1) * PITCH_X + CARD_W
GRID_H: Final = (SIDE - 1) * PITCH_Y + CARD_H
HAND_SIZE: Final = 5
MAX_COST: Final = 4

#: The prompt while playing, translated where the table is made.
PROMPT: Final = N_("Drag or tap a hand card to a lit cell; the cell shows the cost")


class Layout:
    """Where everything goes, in card units."""

    def __init__(self, width: float, height: float, grid: tuple[float, float], deck: tuple[float, float],
                 discards: tuple[float, float], hand: tuple[float, float], hand_dx: float,
                 pitch_y: float = PITCH_Y) -> None:
        self.width, self.height = width, height
        self.grid, self.deck, self.discards, self.hand, self.hand_dx = grid, deck, discards, hand, hand_dx
        self.pitch_y = pitch_y

    @property
    def hand_w(self) -> float:
        return self.hand_dx * (HAND_SIZE - 1) + CARD_W


def layout(portrait: bool) -> Layout:
    """The two layouts (see the module doc).

    >>> p, w = layout(True), layout(False)
    >>> round(p.width, 2), round(p.height, 2), round(w.width, 2), round(w.height, 2)
    (7.0, 11.2, 12.57, 8.7)

    The landscape grid's rows lie closer (0.04 apart) and its margins are thin, so a
    phone on its side (390 px high) still shows cards 44 px wide.
    """
    margin = 0.15
    if portrait:
        dx, gap = 0.9, 0.15
        row_w = 2 * CARD_W + 2 * gap + dx * (HAND_SIZE - 1) + CARD_W
        width = row_w + 2 * 0.05
        row_y = margin + GRID_H + 0.3
        return Layout(width, row_y + CARD_H + 0.45, ((width - GRID_W) / 2, margin), (0.05, row_y),
                      (width - 0.05 - CARD_W, row_y), (0.05 + CARD_W + gap, row_y), dx)
    dx = 1.08
    margin, pitch_y = 0.05, CARD_H + 0.04
    px = margin + GRID_W + 0.55
    hand_w = dx * (HAND_SIZE - 1) + CARD_W
    width = px + hand_w + 0.15
    height = (SIDE - 1) * pitch_y + CARD_H + 2 * margin
    top = (height - (2 * CARD_H + 1.1)) / 2  # the deck, the discards and the hand, centred beside the grid
    return Layout(width, height, (margin, margin), (px, top), (px + hand_w - CARD_W, top),
                  (px, top + CARD_H + 1.1), dx, pitch_y)


def cell_xy(i: int, lay: Layout) -> tuple[float, float]:
    return lay.grid[0] + (i % SIDE) * PITCH_X, lay.grid[1] + (i // SIDE) * lay.pitch_y


def face(code: str) -> Face:
    """A Square card: its number, large, on its hue.

    >>> face("14")
    Face(corner='14', pip='14', classes=('number',), name='card 14', hue=44.43037974683544)
    >>> face("x").classes
    ()
    """
    if not code.isdigit() or not 1 <= int(code) <= 80:
        return Face(code, "", (), code)
    v = int(code)
    # Translators: a Solitaire Square card's spoken name: its number
    return Face(code, code, ("number",), _("card {number}").format(number=v), hue(v))


def _neighbours(state: SquareState, i: int) -> list[int]:
    col = i % SIDE
    if state.options.wrap:
        return [j for j in (i - 1, i + 1) if 0 <= j < CELLS]
    return [j for j, ok in ((i - 1, col > 0), (i + 1, col < SIDE - 1)) if ok]


def refusal_reason(state: SquareState, v: int, i: int) -> str:
    """Why hand card ``v`` may not go on empty cell ``i``, in plain words ("" if it may), in the
    language in use.

    >>> from pyapp.games.square.rules import SQUARE, cell_index
    >>> rest = ".".join(str(n) for n in range(1, 81) if n not in (12, 30, 35, 14, 28, 33, 41, 50))
    >>> G = "-.12.-.-.30.-/35.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
    >>> s = SQUARE.parse_state(f"SQ1|G={G}|H=14.28.33.41.50|D={rest}|X=")
    >>> refusal_reason(s, 14, cell_index("D1"))
    'Cost 16 (14 beside 30 in E1): 5 or more is not allowed'
    >>> refusal_reason(s, 41, cell_index("F1"))
    'Out of order: F1 needs a number above 30 (in E1) and below 35 (in A2)'
    >>> refusal_reason(s, 14, cell_index("A1"))
    'Out of order: A1 needs a number below 12 (in B1)'
    >>> refusal_reason(s, 14, cell_index("C1"))
    ''
    """
    if why_not(state, v, i) is None:
        return ""
    name = cell_name(i)
    lo, hi = bounds(state, i)
    if not lo < v < hi:
        low = cell_name(state.grid.index(lo)) if lo > 0 else ""
        high = cell_name(state.grid.index(hi)) if hi <= 80 else ""
        if low and high:
            # Translators: {cell}, {low_cell}, {high_cell} are cell names (F1); {low}, {high} the cards' numbers there
            why = _("Out of order: {cell} needs a number above {low} (in {low_cell}) and below {high} (in {high_cell})")
        elif low:
            # Translators: {cell}, {low_cell} are cell names (F1); {low} the card's number there
            why = _("Out of order: {cell} needs a number above {low} (in {low_cell})")
        else:
            # Translators: {cell}, {high_cell} are cell names (A1); {high} the card's number there
            why = _("Out of order: {cell} needs a number below {high} (in {high_cell})")
        return why.format(cell=name, low=lo, low_cell=low, high=hi, high_cell=high)
    k = cost(state, v, i)
    if k > MAX_COST:
        near = min((j for j in _neighbours(state, i) if state.grid[j] is not None),
                   key=lambda j: abs(v - (state.grid[j] or 0)))
        # Translators: the price {cost} of putting card {card} beside card {other}, which lies in cell {cell}
        return _("Cost {cost} ({card} beside {other} in {cell}): 5 or more is not allowed").format(
            cost=k, card=v, other=state.grid[near], cell=cell_name(near))
    left = len(state.hand) - 1
    # Translators: the price {cost} of a placement, more than the hand cards left to discard
    return ngettext("Cost {cost} but only {n} card left to pay it", "Cost {cost} but only {n} cards left to pay it",
                    left).format(cost=k, n=left)


def _empty_cell(state: SquareState, i: int) -> str:
    """An empty cell's spoken name, with the numbers it can take.

    >>> from pyapp.games.square.rules import SquareOptions
    >>> s = SQUARE.deal(1, SquareOptions(ends=True))
    >>> _empty_cell(s, 1)
    'cell B1, empty, takes 2–79'
    """
    name = cell_name(i)
    lo, hi = bounds(state, i)
    if hi - lo <= 1:
        # Translators: a cell's spoken name: no number can go there; keep the first comma (the words
        # before it name the place in announcements)
        return _("cell {cell}, empty, takes none").format(cell=name)
    if hi - lo == 2:
        # Translators: a cell's spoken name and the one number it can take; keep the first comma
        return _("cell {cell}, empty, takes {number}").format(cell=name, number=lo + 1)
    # Translators: a cell's spoken name and the numbers it can take ("2–79"); keep the first comma
    return _("cell {cell}, empty, takes {low}–{high}").format(cell=name, low=lo + 1, high=hi - 1)


def table(state: SquareState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    """The Square table for ``state``: every legal move is one gesture, or one
    option of one gesture's pick."""
    lay = layout(portrait)
    status = SQUARE.status(state)
    dead = dead_cells(state)
    hand = state.hand

    piles: list[Pile] = []
    for i, v in enumerate(state.grid):
        x, y = cell_xy(i, lay)
        name = cell_name(i)
        marks = ["sq-cell"]
        if v is not None:
            # Translators: a cell's spoken name and the number of the card on it; keep the comma (the
            # words before it name the place in announcements)
            piles.append(Pile(name, x, y, (str(v),), marks=tuple(marks), name=_("cell {cell}, {number}").format(
                cell=name, number=v)))
            continue
        marks.append("empty")
        note = name
        spoken = _empty_cell(state, i)
        if i in dead:
            marks.append("dead")
            # Translators: written on an empty cell that no card left can fill
            note = _("dead")
            # Translators: a cell's spoken name; keep the first comma (the words before it name the place)
            spoken = _("cell {cell}, empty, dead: no card left can go here").format(cell=name)
        piles.append(Pile(name, x, y, (), marks=tuple(marks), note=note, name=spoken))
    deck_n, out_n = len(state.deck), len(state.discards)
    # Translators: the labels under the deck and the discards, with how many cards each holds
    deck_label = _("Deck {n}").format(n=deck_n)
    discards_label = _("Discards {n}").format(n=out_n)
    # Translators: written on the place of the deck once it is empty
    deck_note = "" if deck_n else _("empty")
    # Translators: the spoken name of the deck and how many cards it holds: keep the comma (the words
    # before it name the place in announcements)
    deck_name = ngettext("deck, {n} card", "deck, {n} cards", deck_n).format(n=deck_n)
    # Translators: the spoken name of the discards and how many cards they hold: keep the comma
    discards_name = ngettext("discards, {n} card", "discards, {n} cards", out_n).format(n=out_n)
    # Translators: the spoken name of the hand and how many cards it holds: keep the comma
    hand_name = ngettext("your hand, {n} card", "your hand, {n} cards", len(hand)).format(n=len(hand))
    piles.append(Pile("D", *lay.deck, (BACK,) if state.deck else (), label=deck_label,
                      marks=("sq-deck",), note=deck_note, name=deck_name))
    piles.append(Pile("X", *lay.discards, tuple(str(d) for d in state.discards), label=discards_label,
                      marks=("sq-discards",), peek=bool(out_n), name=discards_name))
    piles.append(Pile("H", *lay.hand, tuple(str(h) for h in hand), dx=lay.hand_dx, w=lay.hand_w, label=_("Your hand"),
                      marks=("hand", "sq-hand"), name=hand_name))

    gestures: list[Gesture] = []
    # Translators: the price of a placement that costs nothing, shown on a cell while a card is held over it
    free = _("free")
    # Translators: the price of a placement (how many cards to discard), shown on a cell while a card is held over it
    priced = _("cost {cost}")
    for v, i, k in placements(state):
        j = hand.index(v)
        name = cell_name(i)
        rest = [h for h in hand if h != v]
        note = free if k == 0 else priced.format(cost=k)
        if k == 0:
            gestures.append(Gesture(f"{v}@{name}", ("H", j), name, note=note))
        elif k == len(rest):
            gestures.append(Gesture(str(SquareMove(v, i, tuple(rest))), ("H", j), name, note=note))
        else:
            options = tuple((tuple(("H", hand.index(d)) for d in ds), str(SquareMove(v, i, ds)))
                            for ds in combinations(rest, k))
            # Translators: card {card} on cell {cell} costs {n} discards; Confirm is the button's label
            prompt = ngettext("{card} on {cell} costs {n}: pick {n} card to discard, then Confirm",
                              "{card} on {cell} costs {n}: pick {n} cards to discard, then Confirm",
                              k).format(card=v, cell=name, n=k)
            pick = Pick(prompt, k, options, confirm=True)
            # the token of a gesture with a pick is unused: the picked set names the move
            gestures.append(Gesture(f"{v}@{name}x", ("H", j), name, note=note, pick=pick))

    # why each hand card may not go on each empty cell (also once the game is lost: the
    # player can still ask why a card fits nowhere)
    refused: list[Refusal] = []
    for j, v in enumerate(hand if refusals else ()):
        for i, cell in enumerate(state.grid):
            if cell is None:
                reason = refusal_reason(state, v, i)
                if reason:
                    refused.append(Refusal(("H", j), cell_name(i), reason))

    filled = state.filled
    placed_by_you = filled - (2 if state.options.ends else 0)
    left = len(hand) + deck_n
    summary: tuple[str, ...] = ()
    result = ""
    if status == "won":
        prompt = ngettext("You filled the square, with {n} card to spare!",
                          "You filled the square, with {n} cards to spare!", left).format(n=left)
        result = _("You won: all 36 cells are filled.")
        summary = (_("Cards left (hand and deck): {n}").format(n=left),)
    elif status == "lost":
        prompt = ngettext("No card fits any cell: game over with {n} of 36 cells filled",
                          "No card fits any cell: game over with {n} of 36 cells filled", filled).format(n=filled)
        result = _("Game over: your hand is empty") if not hand else _("Game over: no hand card can go on any cell")
        summary = (ngettext("{n} of 36 cells filled.", "{n} of 36 cells filled.", filled).format(n=filled),)
    else:
        prompt = _(PROMPT)
    if summary:
        extra = [ngettext("Discarded: {n} card", "Discarded: {n} cards", out_n).format(n=out_n)]
        if state.options.ends:
            extra.insert(0, _("Placed by you: {n} (1 and 80 started on the board)").format(n=placed_by_you))
        if status == "lost" and dead:
            extra.append(_("Dead cells: {n}").format(n=len(dead)))
        summary = summary + tuple(extra)
    # Translators: the score line: the cells filled of 36
    cells = _("Cells {n}/36").format(n=filled)
    return Table(lay.width, lay.height, tuple(piles), tuple(gestures), (), prompt, cells, status, summary, (),
                 tuple(refused), f"{deck_label} · {discards_label}", tap_empty_targets=False, result=result)


def auto_token(state: SquareState, settings: frozenset[str]) -> str | None:
    """Square plays nothing by itself."""
    return None


#: The rules panel, block by block (:func:`pyapp.core.table.rules_html`); each text one message.
RULES: Final[tuple[RulesBlock, ...]] = (
    ("p", N_("80 cards numbered 1 to 80 and an empty 6×6 grid. Fill all 36 cells so that the numbers go up in "
             "reading order: left to right along the top row, then along the second row, and so on down to the "
             "bottom right cell. Every number in a row is lower than every number in the rows below it.")),
    ("h3", N_("Each turn")),
    ("ul", (
        N_("You hold five cards. Put one of them on an empty cell where it keeps the order: higher than every "
           "card before that cell in reading order, lower than every card after it."),
        N_("<b>The price.</b> If the cell has a card beside it in the same row (left or right, never above or "
           "below), you pay the difference between the two numbers by discarding that many other cards from "
           "your hand. With a card on both sides, the smaller difference counts. A cell with no card beside it "
           "is free."),
        N_("A price of 5 or more is not allowed, and you must be able to pay in full from the cards left in your "
           "hand after placing."),
        N_("Then draw back up to five cards. Discarded cards are gone for good, and cards on the grid never "
           "move."),
    )),
    ("h3", N_("The end")),
    ("p", N_("You win when all 36 cells are filled. The game is lost when no card in your hand can go on any "
             "cell. Your score is the number of filled cells. When the deck runs out you play on with fewer "
             "cards.")),
    # Translators: "dead" in bold is the word written on such a cell (the message "dead")
    ("p", N_("A cell between, say, 12 and 14 can only ever take 13: if 13 is gone, that cell is <b>dead</b> and "
             "the grid can no longer be completed. Such moves are allowed; the table marks dead cells so you "
             "can see them.")),
    ("h3", N_("Variants")),
    ("ul", (
        # Translators: "ends" in bold is the option's name, as links and the statistics write it: keep it
        N_("<b>ends</b>: 1 starts in the top left cell and 80 in the bottom right one. Your very first game "
           "uses it."),
        # Translators: "wrap" in bold is the option's name, as links and the statistics write it: keep it
        N_("<b>wrap</b>: the last cell of a row and the first cell of the next row also count as side by side "
           "when working out the price."),
    )),
    ("h3", N_("Playing here")),
    ("ul", (
        # Translators: the words in bold are those written on a cell (the messages "free" and "cost {cost}")
        N_("Drag a hand card onto a cell, or tap the card and then the cell. While you hold a card, the cells "
           "it may go to light up and show the price: <b>free</b> or <b>cost 2</b>."),
        # Translators: Confirm and Cancel in bold are the buttons' labels
        N_("If the price is less than the cards you have left, tap the cards to discard (they rise), then "
           "press <b>Confirm</b>, or <b>Cancel</b> to put the card back. A price that takes every card left is "
           "paid at once."),
        N_("Drop a card where it may not go and you are told why."),
        N_("Every card shows its number; the colours (red for low, violet for high) only help. An empty cell "
           "shows its name; a screen reader also says which numbers it can take."),
        N_("Double-click or long-press the discards to see every card you have thrown away. Undo is always "
           "there."),
    )),
)


def help_html() -> str:
    """The rules panel in the language in use."""
    return rules_html(RULES, SQUARE.title)


#: The rules panel in English.
HELP: Final = rules_html(RULES, SQUARE.title, english=True)


VIEW: Final[GameView] = ModuleView(SQUARE, help_html, SETTINGS, table, face, auto_token, first_options="ends")
