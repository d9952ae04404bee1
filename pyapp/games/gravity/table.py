"""The Gravity table: the 5x5 board drawn as a planet, and the MOON beside it.

Pile ids: the 25 cells ``a1`` .. ``e5`` and ``M`` (the MOON). Each cell shows
only its top card (``cards`` has at most one code), with a badge ``×n`` when
the pile holds n > 1 cards; so a gesture's source is ``(cell, 0)``.

>>> from pyapp.games.gravity.rules import GRAVITY, DEFAULT_OPTIONS
>>> t = table(GRAVITY.deal(42, DEFAULT_OPTIONS), portrait=True, settings=frozenset())
>>> t.pile("c3").marks, t.pile("c3").label, t.pile("M").badge, t.score, t.info
(('slot', 'planet'), 'PLANET', '×27', 'Piles left 52', 'the MOON’s 27 cards count as piles')
>>> t.refusal(("d1", 0), "e1"), t.refusal(("d1", 0), "d3")
('A♣ on 2♣: one rank apart in the same suit goes only corner to corner (diagonal)', 'Cell 4 of row 3 is not next to cell 4 of row 1: a pile moves onto one of the eight cells around it')
>>> t.targets(("c1", 0))
{'c2': 'c1c2'}
>>> t.prompt
'Stack a pile onto a neighbour'
"""

from __future__ import annotations

from typing import Final

from ...cards import Card
from ...speech import capital
from .rules import (
    CELL_NAMES,
    NEIGHBOURS,
    ORTHO,
    PLANET,
    GRAVITY,
    GravityMove,
    GravityState,
    card_code,
    collapse_candidates,
    is_over,
    is_transit,
    moon_to_planet_reason,
    rating,
    stack_is_legal,
    zone,
)
from ...table import BACK, CARD_H, CARD_W, Button, GameView, ModuleView, Gesture, Pile, Refusal, Table, standard_face

__all__ = ["HELP", "SETTINGS", "VIEW", "auto_token", "table"]

SETTINGS: Final[tuple[tuple[str, str], ...]] = (
    ("autocollapse", "Slide piles in for me when I could choose"),
    ("coords", "Show cell names (a1 to e5)"),
)

PITCH_X: Final = 1.2
PITCH_Y: Final = 1.6
MARGIN: Final = 0.2
GRID_W: Final = 2 * MARGIN + 4 * PITCH_X + CARD_W
GRID_H: Final = 2 * MARGIN + 4 * PITCH_Y + CARD_H

PROMPT_STACK: Final = "Stack a pile onto a neighbour"
PROMPT_CHOICE: Final = "Collapse: choose which pile slides into the hole"
PROMPT_STUCK: Final = "No stack is possible: play the MOON onto the PLANET or give up"
PROMPT_TRANSIT: Final = "The piles are sliding toward the PLANET"


def _cell_xy(i: int) -> tuple[float, float]:
    return MARGIN + (i % 5) * PITCH_X, MARGIN + (i // 5) * PITCH_Y


def _arrow(cand: int, hole: int) -> str:
    """Direction from the candidate cell into the hole."""
    d = hole - cand
    return {-5: "up", 5: "down", -1: "left", 1: "right"}[d]


def auto_token(state: GravityState, settings: frozenset[str]) -> str | None:
    """The move to play automatically: the lowest-index candidate during a collapse
    choice when ``autocollapse`` is on, otherwise None.

    >>> from pyapp.games.gravity.rules import GRAVITY, DEFAULT_OPTIONS
    >>> st = GRAVITY.apply(GRAVITY.deal(42, DEFAULT_OPTIONS), "c1c2")
    >>> auto_token(st, frozenset({"autocollapse"})), auto_token(st, frozenset())
    ('b1', None)
    """
    if "autocollapse" not in settings:
        return None
    moves = GRAVITY.legal_moves(state)
    if state.hole >= 0 and moves:
        return moves[0]
    return None


def cell_words(i: int, coords: bool) -> str:
    """Cell ``i`` as the player sees it: by its name when cell names are shown (``coords``),
    else by its place (no comma: a place's name ends at its first comma).

    >>> cell_words(3, False), cell_words(3, True), cell_words(PLANET, False), cell_words(PLANET, True)
    ('cell 4 of row 1', 'cell d1', 'the PLANET', 'cell c3 (the PLANET)')
    """
    if coords:
        return f"cell {CELL_NAMES[i]}" + (" (the PLANET)" if i == PLANET else "")
    return "the PLANET" if i == PLANET else f"cell {i % 5 + 1} of row {i // 5 + 1}"


def table(state: GravityState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    """The view of a state (see :mod:`pyapp.table`); its words name a cell by its name only
    when cell names are shown (:func:`cell_words`)."""
    coords = "coords" in settings
    legal = GRAVITY.legal_moves(state)
    hole = state.hole
    choice = hole >= 0 and bool(legal)
    cands = set(collapse_candidates(state)) if choice else set()

    piles: list[Pile] = []
    for i, pile in enumerate(state.cells):
        name = CELL_NAMES[i]
        x, y = _cell_xy(i)
        marks: list[str] = ["slot", zone(i)]
        arrow = ""
        if i == hole:
            marks.append("hole")
        if name in cands:
            marks.append("candidate")
            arrow = _arrow(i, hole)
        label = "PLANET" if i == PLANET else ""
        if "coords" in settings:
            label = f"{name} {label}".strip()
        count = f", {len(pile)} cards" if len(pile) > 1 else ""
        piles.append(
            Pile(
                id=name,
                x=x,
                y=y,
                cards=(card_code(pile[-1]),) if pile else (),
                badge=f"×{len(pile)}" if len(pile) > 1 else "",
                marks=tuple(marks),
                arrow=arrow,
                label=label,
                name=f"{cell_words(i, coords)}{count if pile else ', empty'}",
            )
        )
    if portrait:
        mx, my = (GRID_W - CARD_W) / 2, GRID_H + 0.3
        width, height = GRID_W, GRID_H + 0.3 + CARD_H + 0.6
    else:
        mx, my = GRID_W + 0.4, MARGIN + 2 * PITCH_Y
        width, height = GRID_W + 0.4 + CARD_W + 0.4, GRID_H
    moon_cards: tuple[str, ...] = ()
    if state.moon:
        moon_cards = (BACK,) if state.options.hidden else (card_code(state.moon[0]),)
    piles.append(Pile(id="M", x=mx, y=my, cards=moon_cards, label="MOON", badge=f"×{len(state.moon)}" if state.moon else "",
                      marks=("moon",), name=f"the MOON, {len(state.moon)} cards"))

    gestures: list[Gesture] = []
    for tok in legal:
        move = GravityMove.parse(tok)
        if move.kind == "stack":
            gestures.append(Gesture(tok, (CELL_NAMES[move.frm], 0), CELL_NAMES[move.to]))
        elif move.kind == "choice":
            gestures.append(Gesture(tok, (CELL_NAMES[move.frm], 0), CELL_NAMES[hole], tap=True))

    reason = moon_to_planet_reason(state)
    over = is_over(state)
    if reason is None:
        button = Button("moon", "MOON → PLANET", token="m", title="Put the MOON's top card on the PLANET", key="m")
    else:
        button = Button("moon", "MOON → PLANET", title=reason, key="m")

    status = GRAVITY.status(state)
    score = GRAVITY.score(state)
    summary: tuple[str, ...] = ()
    if over:
        why = "the MOON is empty" if not state.moon else "MOON → PLANET is switched off"
        piles_text = f"{score} {'pile' if score == 1 else 'piles'}"
        prompt = f"Game over: no stack is possible and {why}. {piles_text}: {rating(score)}"
        summary = (
            f"Stacks: {state.stacks}",
            f"MOON → PLANET plays: {state.m2p}",
        )
        if state.moon:
            summary += (f"Cards left in the MOON (counted as piles): {len(state.moon)}",)
    elif is_transit(state):
        prompt = PROMPT_TRANSIT
    elif choice:
        prompt = PROMPT_CHOICE
    elif legal == ["m"]:
        prompt = PROMPT_STUCK
    else:
        prompt = PROMPT_STACK
    moon_n = len(state.moon)
    return Table(
        width=width,
        height=height,
        piles=tuple(piles),
        gestures=tuple(gestures),
        buttons=(button,),
        prompt=prompt,
        score=f"Piles left {score}",
        status=status,
        summary=summary,
        refusals=() if choice or over or not refusals else _refusals(state, coords),
        info=f"the MOON’s {moon_n} {'card counts as a pile' if moon_n == 1 else 'cards count as piles'}" if moon_n else "",
        stuck="No move for this card: choose a pile with an arrow" if choice else "No move for this card",
        result=("You won! " if status == "won" else "") + rating(score) if over else "",
        phase="" if state.moon or over else "The MOON is empty: from now on gaps stay empty",
    )


_SYMBOL: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_COLOUR: Final = {"S": "black", "C": "black", "H": "red", "D": "red"}


def _short(code: str) -> str:
    return code[0].replace("T", "10") + _SYMBOL[code[1]]


def stack_reason(frm: str, to: str, orthogonal: bool) -> str:
    """Why top card ``frm`` may not stack onto ``to`` in that direction (RULES.md 1.4), in the
    rules' words; "" when it may.

    >>> stack_reason("7H", "8H", True)
    '7♥ on 8♥: one rank apart in the same suit goes only corner to corner (diagonal)'
    >>> stack_reason("7H", "6D", True)
    '7♥ on 6♦: one rank apart needs the same suit (corner to corner) or red and black (side by side)'
    >>> stack_reason("7H", "9H", False)
    '7♥ on 9♥: the ranks must be the same or one apart (K and A are one apart)'
    """
    if stack_is_legal(frm, to, orthogonal):
        return ""
    a, b = Card.parse(frm), Card.parse(to)
    d = abs(a.rank - b.rank)
    head = f"{_short(frm)} on {_short(to)}: "
    if min(d, 13 - d) != 1:
        return head + "the ranks must be the same or one apart (K and A are one apart)"
    if a.suit == b.suit:
        return head + "one rank apart in the same suit goes only corner to corner (diagonal)"
    if _COLOUR[a.suit] != _COLOUR[b.suit]:
        return head + "one rank apart in red and black goes only side by side or above/below, not corner to corner"
    return head + "one rank apart needs the same suit (corner to corner) or red and black (side by side)"


def _refusals(state: GravityState, coords: bool = False) -> tuple[Refusal, ...]:
    """Why each pile may not go onto each other cell (and the MOON), each cell named as the
    player sees it (:func:`cell_words`)."""
    out: list[Refusal] = []
    tops = [card_code(p[-1]) if p else "" for p in state.cells]
    for i, top in enumerate(tops):
        if not top:
            continue
        src = (CELL_NAMES[i], 0)
        near = {j: bit for j, bit, _ in NEIGHBOURS[i]}
        for j, other in enumerate(tops):
            if j == i:
                continue
            if j not in near:
                reason = f"{capital(cell_words(j, coords))} is not next to {cell_words(i, coords)}: a pile moves onto " \
                    "one of the eight cells around it"
            elif not other:
                reason = f"{capital(cell_words(j, coords))} is empty: a pile moves onto another pile"
            else:
                reason = stack_reason(top, other, near[j] == ORTHO)
            if reason:
                out.append(Refusal(src, CELL_NAMES[j], reason))
        out.append(Refusal(src, "M", "Piles never go onto the MOON"))
    return tuple(out)


HELP: Final = """
<h3>The idea</h3>
<p>A disaster has scattered your planet. Squash the 25 piles on the board into as
few as you can. The middle cell is the PLANET; everything falls toward it.
The cards left over after the deal are the MOON, a supply that refills the board.</p>

<h3>Stacking</h3>
<p>On each turn, move one whole pile onto a pile in one of the eight cells around it.
Only the top cards count. Ranks go round in a circle, so the King and the Ace are next
to each other.</p>
<ul>
  <li><b>Same rank</b>: allowed in any direction.</li>
  <li><b>One rank apart, red and black</b>: only side by side or above/below (straight).</li>
  <li><b>One rank apart, same suit</b>: only corner to corner (diagonal).</li>
  <li>Anything else, such as one apart in two red suits, is not allowed.</li>
</ul>
<p>Either of the two piles may move onto the other: you choose which card ends up on
top and where the gap opens.</p>

<h3>Falling in</h3>
<p>The gap left behind is filled at once. A pile further from the PLANET, in a straight
line next to the gap, slides one cell inward into it; that opens a new gap one step
further out, and so on until no pile can fall in. Piles on the cross through the PLANET (the
arms) slide only along the cross; other piles slide sideways or up/down toward the
cross, never diagonally. When two or more piles could slide, you pick one: they are
marked with arrows. The PLANET pile itself never slides.</p>

<h3>The MOON</h3>
<ul>
  <li>While the MOON has cards the board stays full: the gap always ends in a corner,
  and the MOON's top card fills it.</li>
  <li>If no stack is possible, you may put the MOON's top card straight onto the
  PLANET and look again (unless that rule is switched off).</li>
  <li>Once the MOON is empty, gaps stay empty and the board shrinks toward the PLANET.</li>
</ul>

<h3>Ending and scoring</h3>
<p>The game ends when nothing can be stacked and the MOON cannot help. Your score is
the number of piles on the board plus the cards left in the MOON; fewer is better.
One pile makes you a hero; two or three is a rescue; four or five means gas masks for
everyone; six or seven only buys time; eight or more is a failure.</p>

<h3>Options</h3>
<ul>
  <li><b>decks</b>: play with two or three decks.</li>
  <li><b>missing</b>: leave out some cards.</li>
  <li><b>hidden</b>: the MOON's next card stays face down.</li>
  <li><b>nomoonplanet</b>: no MOON card onto the PLANET when stuck.</li>
</ul>
"""


VIEW: Final[GameView] = ModuleView(GRAVITY, HELP, SETTINGS, table, standard_face, auto_token)
