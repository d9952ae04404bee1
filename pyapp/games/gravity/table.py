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

from ...core.cards import Card
from ...i18n import N_, _, capital, ngettext
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
from ...core.table import (BACK, CARD_H, CARD_W, Button, GameView, ModuleView, Gesture, Pile, Refusal, RulesBlock, Table,
                      rules_html, standard_face)

__all__ = ["HELP", "SETTINGS", "VIEW", "auto_token", "help_html", "table"]

# The PLANET (the middle cell) and the MOON (the cards left after the deal) are the names of
# the game's two special places, in capitals wherever they appear; each message that names
# them says so to the translators.

#: The game's switches (id, label); each label is translated where the menu shows it.
SETTINGS: Final[tuple[tuple[str, str], ...]] = (
    ("autocollapse", N_("Slide piles in for me when I could choose")),
    ("coords", N_("Show cell names (a1 to e5)")),
)

PITCH_X: Final = 1.2
PITCH_Y: Final = 1.6
MARGIN: Final = 0.2
GRID_W: Final = 2 * MARGIN + 4 * PITCH_X + CARD_W
GRID_H: Final = 2 * MARGIN + 4 * PITCH_Y + CARD_H

# The prompts, each translated where the table is made.
PROMPT_STACK: Final = N_("Stack a pile onto a neighbour")
PROMPT_CHOICE: Final = N_("Collapse: choose which pile slides into the hole")
# Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
PROMPT_STUCK: Final = N_("No stack is possible: play the MOON onto the PLANET or give up")
# Translators: the PLANET (the middle cell) is one of the game's named places
PROMPT_TRANSIT: Final = N_("The piles are sliding toward the PLANET")


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
        if i == PLANET:
            # Translators: a cell by its name (c3); the PLANET (the middle cell) is one of the game's named places
            return _("cell {name} (the PLANET)").format(name=CELL_NAMES[i])
        # Translators: a cell by its name, as the board shows it (a1 to e5)
        return _("cell {name}").format(name=CELL_NAMES[i])
    if i == PLANET:
        # Translators: the PLANET (the middle cell) is one of the game's named places
        return _("the PLANET")
    # Translators: a cell by its place, counted from the top left
    return _("cell {column} of row {row}").format(column=i % 5 + 1, row=i // 5 + 1)


def table(state: GravityState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    """The view of a state (see :mod:`pyapp.core.table`); its words name a cell by its name only
    when cell names are shown (:func:`cell_words`)."""
    coords = "coords" in settings
    legal = GRAVITY.legal_moves(state)
    hole = state.hole
    choice = hole >= 0 and bool(legal)
    cands = set(collapse_candidates(state)) if choice else set()

    piles: list[Pile] = []
    # Translators: a cell's spoken name, then what it holds: keep the comma (the words before the
    # first comma name the place in announcements)
    holding = _("{place}, empty")
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
        if i == PLANET and coords:
            # Translators: the label on the middle cell with the cell names shown ("c3 PLANET"); the PLANET
            # (the middle cell) is one of the game's named places
            label = _("{name} PLANET").format(name=name)
        elif i == PLANET:
            # Translators: the label on the middle cell, one of the game's named places
            label = _("PLANET")
        else:
            label = name if coords else ""
        words = cell_words(i, coords)
        if not pile:
            spoken = holding.format(place=words)
        elif len(pile) > 1:
            # Translators: a cell's spoken name, then how many cards its pile holds: keep the comma
            # (the words before the first comma name the place in announcements)
            spoken = ngettext("{place}, {n} card", "{place}, {n} cards", len(pile)).format(place=words, n=len(pile))
        else:
            spoken = words
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
                name=spoken,
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
    # Translators: the label of the pile of spare cards, one of the game's named places
    moon_label = _("MOON")
    # Translators: the MOON (the spare cards, one of the game's named places) and how many cards it
    # holds: keep the comma (the words before it name the place in announcements)
    moon_name = ngettext("the MOON, {n} card", "the MOON, {n} cards", len(state.moon)).format(n=len(state.moon))
    piles.append(Pile(id="M", x=mx, y=my, cards=moon_cards, label=moon_label,
                      badge=f"×{len(state.moon)}" if state.moon else "", marks=("moon",), name=moon_name))

    gestures: list[Gesture] = []
    for tok in legal:
        move = GravityMove.parse(tok)
        if move.kind == "stack":
            gestures.append(Gesture(tok, (CELL_NAMES[move.frm], 0), CELL_NAMES[move.to]))
        elif move.kind == "choice":
            gestures.append(Gesture(tok, (CELL_NAMES[move.frm], 0), CELL_NAMES[hole], tap=True))

    reason = moon_to_planet_reason(state)
    over = is_over(state)
    # Translators: the button that plays the MOON's top card onto the PLANET (the game's named places)
    moon_button = _("MOON → PLANET")
    if reason is None:
        # Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
        title = _("Put the MOON's top card on the PLANET")
        button = Button("moon", moon_button, token="m", title=title, key="m")
    else:
        button = Button("moon", moon_button, title=reason, key="m")

    status = GRAVITY.status(state)
    score = GRAVITY.score(state)
    summary: tuple[str, ...] = ()
    if over:
        if not state.moon:
            # Translators: the MOON (the spare cards) is one of the game's named places
            why = _("Game over: no stack is possible and the MOON is empty.")
        else:
            # Translators: MOON → PLANET is the move (and its button) that plays the MOON's top card
            # onto the PLANET, the game's named places
            why = _("Game over: no stack is possible and MOON → PLANET is switched off.")
        # Translators: the final pile count and its rating band ("3 piles: Planet saved, ...")
        result_line = ngettext("{n} pile: {rating}", "{n} piles: {rating}", score).format(n=score, rating=rating(score))
        prompt = f"{why} {result_line}"
        summary = (
            # Translators: the end screen: how many stacks were played
            _("Stacks: {n}").format(n=state.stacks),
            # Translators: how many times the MOON's top card was played onto the PLANET (the game's named places)
            _("MOON → PLANET plays: {n}").format(n=state.m2p),
        )
        if state.moon:
            # Translators: the MOON (the spare cards) is one of the game's named places
            summary += (_("Cards left in the MOON (counted as piles): {n}").format(n=len(state.moon)),)
    elif is_transit(state):
        prompt = _(PROMPT_TRANSIT)
    elif choice:
        prompt = _(PROMPT_CHOICE)
    elif legal == ["m"]:
        prompt = _(PROMPT_STUCK)
    else:
        prompt = _(PROMPT_STACK)
    moon_n = len(state.moon)
    return Table(
        width=width,
        height=height,
        piles=tuple(piles),
        gestures=tuple(gestures),
        buttons=(button,),
        prompt=prompt,
        # Translators: the score line: the piles on the board and the cards in the MOON (lower is better)
        score=_("Piles left {n}").format(n=score),
        status=status,
        summary=summary,
        refusals=() if choice or over or not refusals else _refusals(state, coords),
        info=_moon_info(moon_n),
        stuck=_("No move for this card: choose a pile with an arrow") if choice else _("No move for this card"),
        result=_result(status, score) if over else "",
        # Translators: the MOON (the spare cards) is one of the game's named places
        phase="" if state.moon or over else _("The MOON is empty: from now on gaps stay empty"),
    )


def _moon_info(n: int) -> str:
    """The status line's note on the cards left in the MOON ("" when it is empty)."""
    if not n:
        return ""
    # Translators: the MOON (the spare cards) is one of the game's named places; its cards count in the score
    return ngettext("the MOON’s {n} card counts as a pile", "the MOON’s {n} cards count as piles", n).format(n=n)


def _result(status: str, score: int) -> str:
    """The end screen's title: the rating band of the final pile count (after "You won!")."""
    if status == "won":
        # Translators: the end screen's title: {rating} is the rating band's words ("Hero: the planet is whole again")
        return _("You won! {rating}").format(rating=rating(score))
    return rating(score)


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
    if min(d, 13 - d) != 1:
        # Translators: {card} is the top card of the pile moved, {other} the top card it would go on ("7♥ on 9♥")
        why = _("{card} on {other}: the ranks must be the same or one apart (K and A are one apart)")
    elif a.suit == b.suit:
        # Translators: {card} is the top card of the pile moved, {other} the top card it would go on ("7♥ on 8♥")
        why = _("{card} on {other}: one rank apart in the same suit goes only corner to corner (diagonal)")
    elif _COLOUR[a.suit] != _COLOUR[b.suit]:
        # Translators: {card} is the top card of the pile moved, {other} the top card it would go on ("7♥ on 8♠")
        why = _("{card} on {other}: one rank apart in red and black goes only side by side or above/below, "
                "not corner to corner")
    else:
        # Translators: {card} is the top card of the pile moved, {other} the top card it would go on ("7♥ on 6♦")
        why = _("{card} on {other}: one rank apart needs the same suit (corner to corner) or red and black "
                "(side by side)")
    return why.format(card=_short(frm), other=_short(to))


def _refusals(state: GravityState, coords: bool = False) -> tuple[Refusal, ...]:
    """Why each pile may not go onto each other cell (and the MOON), each cell named as the
    player sees it (:func:`cell_words`)."""
    out: list[Refusal] = []
    tops = [card_code(p[-1]) if p else "" for p in state.cells]
    words = [cell_words(k, coords) for k in range(25)]
    # Translators: {cell} is the cell a pile was dropped on, {other} the cell it came from
    not_next = _("{cell} is not next to {other}: a pile moves onto one of the eight cells around it")
    # Translators: {cell} is the cell a pile was dropped on
    empty = _("{cell} is empty: a pile moves onto another pile")
    # Translators: the MOON (the spare cards) is one of the game's named places
    never_moon = _("Piles never go onto the MOON")
    for i, top in enumerate(tops):
        if not top:
            continue
        src = (CELL_NAMES[i], 0)
        near = {j: bit for j, bit, _token in NEIGHBOURS[i]}
        for j, other in enumerate(tops):
            if j == i:
                continue
            if j not in near:
                reason = capital(not_next.format(cell=words[j], other=words[i]))
            elif not other:
                reason = capital(empty.format(cell=words[j]))
            else:
                reason = stack_reason(top, other, near[j] == ORTHO)
            if reason:
                out.append(Refusal(src, CELL_NAMES[j], reason))
        out.append(Refusal(src, "M", never_moon))
    return tuple(out)


#: The rules panel, block by block (:func:`pyapp.core.table.rules_html`); each text one message.
RULES: Final[tuple[RulesBlock, ...]] = (
    ("h3", N_("The idea")),
    # Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
    ("p", N_("A disaster has scattered your planet. Squash the 25 piles on the board into as few as you can. "
             "The middle cell is the PLANET; everything falls toward it. The cards left over after the deal "
             "are the MOON, a supply that refills the board.")),
    ("h3", N_("Stacking")),
    ("p", N_("On each turn, move one whole pile onto a pile in one of the eight cells around it. Only the top "
             "cards count. Ranks go round in a circle, so the King and the Ace are next to each other.")),
    ("ul", (
        N_("<b>Same rank</b>: allowed in any direction."),
        N_("<b>One rank apart, red and black</b>: only side by side or above/below (straight)."),
        N_("<b>One rank apart, same suit</b>: only corner to corner (diagonal)."),
        N_("Anything else, such as one apart in two red suits, is not allowed."),
    )),
    ("p", N_("Either of the two piles may move onto the other: you choose which card ends up on top and where "
             "the gap opens.")),
    ("h3", N_("Falling in")),
    # Translators: the PLANET (the middle cell) is one of the game's named places
    ("p", N_("The gap left behind is filled at once. A pile further from the PLANET, in a straight line next "
             "to the gap, slides one cell inward into it; that opens a new gap one step further out, and so on "
             "until no pile can fall in. Piles on the cross through the PLANET (the arms) slide only along the "
             "cross; other piles slide sideways or up/down toward the cross, never diagonally. When two or "
             "more piles could slide, you pick one: they are marked with arrows. The PLANET pile itself never "
             "slides.")),
    # Translators: the MOON (the spare cards) is one of the game's named places
    ("h3", N_("The MOON")),
    ("ul", (
        # Translators: the MOON (the spare cards) is one of the game's named places
        N_("While the MOON has cards the board stays full: the gap always ends in a corner, and the MOON's "
           "top card fills it."),
        # Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
        N_("If no stack is possible, you may put the MOON's top card straight onto the PLANET and look again "
           "(unless that rule is switched off)."),
        # Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
        N_("Once the MOON is empty, gaps stay empty and the board shrinks toward the PLANET."),
    )),
    ("h3", N_("Ending and scoring")),
    # Translators: the MOON (the spare cards) is one of the game's named places
    ("p", N_("The game ends when nothing can be stacked and the MOON cannot help. Your score is the number of "
             "piles on the board plus the cards left in the MOON; fewer is better. One pile makes you a hero; "
             "two or three is a rescue; four or five means gas masks for everyone; six or seven only buys "
             "time; eight or more is a failure.")),
    ("h3", N_("Options")),
    ("ul", (
        # Translators: "decks" in bold is the option's name, as links and the statistics write it: keep it
        N_("<b>decks</b>: play with two or three decks."),
        # Translators: "missing" in bold is the option's name, as links and the statistics write it: keep it
        N_("<b>missing</b>: leave out some cards."),
        # Translators: "hidden" in bold is the option's name, as links and the statistics write it: keep it;
        # the MOON (the spare cards) is one of the game's named places
        N_("<b>hidden</b>: the MOON's next card stays face down."),
        # Translators: "nomoonplanet" in bold is the option's name, as links and the statistics write it: keep
        # it; the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
        N_("<b>nomoonplanet</b>: no MOON card onto the PLANET when stuck."),
    )),
)


def help_html() -> str:
    """The rules panel in the language in use."""
    return rules_html(RULES)


#: The rules panel in English.
HELP: Final = rules_html(RULES, english=True)


VIEW: Final[GameView] = ModuleView(GRAVITY, help_html, SETTINGS, table, standard_face, auto_token)
