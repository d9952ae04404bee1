"""Zodiac's table: the ring of 24 zodiac piles around the equator and the eight
foundations, with the stock and the waste beside it (RULES.md 4.2).

Pile ids: ``Z0``..``Z23`` (squared piles, every card listed bottom first, the
last one on top), ``E0``..``E7`` (one card each), ``FuS FuH FuD FuC`` (up from
A, the row above the equator), ``FdS FdH FdD FdC`` (down from K, the row
below), ``S`` (the stock: every card face down, the next one to draw last, so
the binding can follow a drawn card to the waste) and ``W`` (the waste).

Every legal move is exactly one gesture, and the Auto-finish button repeats
one of them:

* ``S`` (draw): tap (or drag) the stock's top card, which is a source with
  ``tap=True`` and the waste as its target; with the stock empty, ``S``
  (turn the waste over) is a gesture with no source aimed at the empty stock,
  so a tap on the empty stock plays it;
* a card move ``X-Y``: drag the top card of ``X`` onto ``Y``. The gesture to
  the place :func:`pyapp.games.zodiac.rules.auto_target` names (RULES.md 4.8 item
  11: the lowest zodiac pile, else the lowest empty equator cell; in phase 2
  ``Fu`` before ``Fd``) has ``tap=True``, so a tap sends the card there and a
  drag may choose any other legal place, such as the other foundation of a
  card that fits both.

Every other pile refuses a held card with a reason (a :class:`Refusal`).

Layouts (a card is 1 x 1.4), both checked by the tests to keep every pile
apart and inside the table:

* ``portrait=False``, the ring, 14.15 x 7.7: five rows. Nine zodiac piles along
  the top with ``Z0`` at 12 o'clock, three down each side, nine along the
  bottom, running clockwise; the outer ends of the top and bottom rows bend
  toward the middle. Inside: the ``Fu`` row, the equator, the ``Fd`` row. The
  stock and the waste stand to the right of the ring.
* ``portrait=True``, the tall ring, 7.44 x 12.56 (a phone held upright: every
  card at least 44 px wide on a 390 x 844 screen): six columns by eight rows,
  ``Z0`` at the top left, ``Z0..Z5`` along the top, ``Z6..Z11`` down the right
  side, ``Z12..Z17`` along the bottom right to left and ``Z18..Z23`` up the
  left side, so the indices still run clockwise. Inside: the ``Fu`` row, the
  equator in two rows of four, the ``Fd`` row, then the stock and the waste.

>>> from pyapp.games.zodiac.rules import ZODIAC, NO_OPTIONS
>>> t = table(ZODIAC.deal(2024, NO_OPTIONS), False, frozenset())
>>> t.score, t.info.replace(NBSP, " "), len(t.pile("S").cards), t.pile("S").down
('Foundations 0/104', 'Phase 1 · Stock 72 · Waste 0', 72, 72)
>>> [g for g in t.gestures if g.token == "S"]
[Gesture(token='S', source=('S', 71), target='W', tap=True, note='', pick=None)]
>>> from pyapp.games.zodiac.rules import arrange
>>> t = table(arrange(zodiac={3: "6H"}, equator={0: "5H"}, waste="7H"), False, frozenset())
>>> t.targets(("E0", 0)), t.refusal(("E0", 0), "FuS")
({'Z3': 'E0-Z3', 'Z17': 'E0-Z17'}, 'Foundations open in phase 2, once the stock and the waste are empty')
>>> t.refusal(("W", 0), "Z0")
'7♥ does not fit on A♠: the zodiac builds by suit, one rank up or down'
"""

from __future__ import annotations

from typing import Final

from ...core.cards import RANKS, SUITS, Card
from ...i18n import N_, _, ngettext
from .rules import (
    EQUATOR_IDS,
    FOUNDATIONS,
    N_CARDS,
    ZODIAC,
    ZODIAC_IDS,
    ZodiacMove,
    ZodiacState,
    auto_finish_move,
    next_for_foundation,
    phase,
    pile_cards,
    score_range,
    zodiac_accepts,
)
from ...core.table import (CARD_H, CARD_W, Button, Decor, GameView, ModuleView, Gesture, Pile, Place, Refusal, RulesBlock,
                      Table, rules_html, standard_face)

__all__ = ["HELP", "SETTINGS", "VIEW", "Layout", "auto_token", "help_html", "layout", "table"]

SETTINGS: Final[tuple[tuple[str, str], ...]] = ()

NBSP: Final = "\u00a0"
_SYMBOL: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# The words below are marked for the catalogue and translated where the table is made.
PROMPT_DRAW: Final = N_("Phase 1: place every stock card. Tap the stock to draw, then play the waste card")
PROMPT_REDEAL: Final = N_("Phase 1: the stock is empty. Tap it to turn the waste over, or play the waste card")
PROMPT_PHASE2_START: Final = N_("Phase 2 begins: every stock card is placed. Now build the foundations")
# Translators: A to K and K to A: the foundations build from the ace to the king and from the king to the ace
PROMPT_PHASE2: Final = N_("Phase 2: build the foundations (upper row A to K, lower row K to A)")
# Translators: Auto-finish is the button's label
PROMPT_AUTO: Final = N_("Phase 2: every move left is safe. Press Auto-finish, or play on")
# Translators: the status line in phase 2 when the game can no longer be won, and every way of playing
# on ends the same; Auto-finish is the button's label
PROMPT_AUTO_LOST: Final = N_("Phase 2: no longer winnable. Auto-finish: {n} of the 104 cards can still reach "
                             "the foundations, however you play")
PROMPT_DEAD_END: Final = N_("Dead end: no card can be placed, and drawing cannot help. Undo or deal again")

# Translators: what the Auto-finish button does (its tooltip)
AUTO_HELP: Final = N_("Play every move left by itself: each one is forced or safe")
# Translators: why the Auto-finish button is off (its tooltip)
AUTO_PHASE1: Final = N_("Auto-finish comes in phase 2, once every stock card is placed")
# Translators: why the Auto-finish button is off (its tooltip)
AUTO_CHOICE: Final = N_("Not yet: some choices left still change the result")
AUTO_OVER: Final = N_("The game is over")

#: The end of the refusal "7♥ does not fit on A♠: ..." (in English; the whole refusal is one message).
WHY_ZODIAC: Final = "the zodiac builds by suit, one rank up or down"
#: The end of the refusal "A♥ does not fit on K♥: ..." (in English; the whole refusal is one message).
WHY_ACE_KING: Final = "an ace and a king are not neighbours"
WHY_CELL_FULL: Final = N_("An equator cell holds one card")
WHY_CELL_SOURCE: Final = N_("Equator cells are filled only from the waste")
WHY_CLOSED: Final = N_("Foundations open in phase 2, once the stock and the waste are empty")
WHY_PHASE2: Final = N_("In phase 2 cards go only to the foundations")
WHY_STOCK: Final = N_("Cards never go back to the stock")
WHY_WASTE: Final = N_("Cards never go back to the waste")

#: Each foundation's spoken name, by index (``FuS`` .. ``FdC``): the way it builds comes before
#: any comma, so the announcements, which name a place by that part, tell a suit's two apart.
_FOUNDATION_NAMES: Final = (
    N_("foundation of spades up from the ace"),
    N_("foundation of hearts up from the ace"),
    N_("foundation of diamonds up from the ace"),
    N_("foundation of clubs up from the ace"),
    N_("foundation of spades down from the king"),
    N_("foundation of hearts down from the king"),
    N_("foundation of diamonds down from the king"),
    N_("foundation of clubs down from the king"),
)
#: Why a card of another suit may not go on each foundation, by index.
_FOUNDATION_SUIT: Final = (
    # Translators: A is the ace (the foundation builds up from it)
    N_("This foundation takes spades only (up from A)"),
    N_("This foundation takes hearts only (up from A)"),
    N_("This foundation takes diamonds only (up from A)"),
    N_("This foundation takes clubs only (up from A)"),
    # Translators: K is the king (the foundation builds down from it)
    N_("This foundation takes spades only (down from K)"),
    N_("This foundation takes hearts only (down from K)"),
    N_("This foundation takes diamonds only (down from K)"),
    N_("This foundation takes clubs only (down from K)"),
)


class Layout:
    """Where every pile goes, in card units (see the module doc)."""

    def __init__(self, width: float, height: float, spots: dict[str, tuple[float, float]],
                 decor: tuple[Decor, ...]) -> None:
        self.width, self.height, self.spots, self.decor = width, height, spots, decor


# -- the ring ---------------------------------------------------------------------------

RING_M: Final = 0.15
RING_PX: Final = 1.12
RING_PY: Final = 1.5
#: How far the ends of the top and bottom rows bend in, by distance from the middle column.
RING_BEND: Final = {3: 0.12, 4: 0.3}
#: (column, row) of each zodiac pile in the ring: columns -1..9, rows 0..4.
RING_CELLS: Final[tuple[tuple[int, int], ...]] = (
    tuple((c, 0) for c in range(4, 9))  # Z0..Z4: 12 o'clock to the top right
    + tuple((9, r) for r in (1, 2, 3))  # Z5..Z7: down the right side
    + tuple((c, 4) for c in range(8, -1, -1))  # Z8..Z16: the bottom, right to left
    + tuple((-1, r) for r in (3, 2, 1))  # Z17..Z19: up the left side
    + tuple((c, 0) for c in range(0, 4))  # Z20..Z23: the top left
)


def _ring() -> Layout:
    m, px, py = RING_M, RING_PX, RING_PY
    spots: dict[str, tuple[float, float]] = {}
    for j, (c, r) in enumerate(RING_CELLS):
        bend = RING_BEND.get(abs(c - 4), 0.0) if r in (0, 4) else 0.0
        spots[ZODIAC_IDS[j]] = (m + (c + 1) * px, m + r * py + (bend if r == 0 else -bend))
    cx = m + 5 * px + CARD_W / 2  # the middle of column 4
    for i, e in enumerate(EQUATOR_IDS):
        spots[e] = (cx - CARD_W / 2 + (i - 3.5) * px, m + 2 * py)
    for k in range(4):
        spots[FOUNDATIONS[k]] = (cx - CARD_W / 2 + (k - 1.5) * px, m + py)
        spots[FOUNDATIONS[4 + k]] = (cx - CARD_W / 2 + (k - 1.5) * px, m + 3 * py)
    ring_right = m + 10 * px + CARD_W
    side = ring_right + 0.55
    spots["S"] = (side, m + py - 0.2)
    spots["W"] = (side, m + 2.6 * py)
    width = side + CARD_W + m + 0.1
    height = 2 * m + 4 * py + CARD_H
    top, bottom = m + CARD_H / 2, m + 4 * py + CARD_H / 2
    left, right = m + CARD_W / 2, ring_right - CARD_W / 2
    band = Decor("zd-band", m + CARD_W + 0.2, m + 2 * py - 0.08, ring_right - m - 2 * CARD_W - 0.4, CARD_H + 0.16)
    ring = Decor("zd-ring", left, top, right - left, bottom - top)
    return Layout(width, height, spots, (band, ring))


# -- the tall ring (portrait) ---------------------------------------------------------

TALL_M: Final = 0.12
#: The ring's columns and rows: a card is 1 x 1.4, so the gaps are 0.24 across and 0.16 down.
TALL_PX: Final = 1.24
TALL_PY: Final = 1.56
#: The columns inside the ring (the foundations, the equator), closer together.
TALL_INNER_PX: Final = 1.12
#: (column, row) of each zodiac pile on the tall ring: columns 0..5, rows 0..7, clockwise from the top left.
TALL_CELLS: Final[tuple[tuple[int, int], ...]] = (
    tuple((c, 0) for c in range(6))  # Z0..Z5: the top, left to right
    + tuple((5, r) for r in range(1, 7))  # Z6..Z11: down the right side
    + tuple((c, 7) for c in range(5, -1, -1))  # Z12..Z17: the bottom, right to left
    + tuple((0, r) for r in range(6, 0, -1))  # Z18..Z23: up the left side
)


def _tall() -> Layout:
    m, px, py, ipx = TALL_M, TALL_PX, TALL_PY, TALL_INNER_PX
    width = 2 * m + 5 * px + CARD_W
    height = 2 * m + 7 * py + CARD_H
    spots: dict[str, tuple[float, float]] = {}
    for j, (c, r) in enumerate(TALL_CELLS):
        spots[ZODIAC_IDS[j]] = (m + c * px, m + r * py)
    cx = width / 2

    def inner(k: int) -> float:  # the left of inner column k of 4
        return cx - CARD_W / 2 + (k - 1.5) * ipx

    for k in range(4):
        spots[FOUNDATIONS[k]] = (inner(k), m + py)
        spots[EQUATOR_IDS[k]] = (inner(k), m + 2 * py)
        spots[EQUATOR_IDS[4 + k]] = (inner(k), m + 3 * py)
        spots[FOUNDATIONS[4 + k]] = (inner(k), m + 4 * py)
    spots["S"] = (inner(0) + ipx / 2, m + 5.25 * py)
    spots["W"] = (inner(2) + ipx / 2, m + 5.25 * py)
    band = Decor("zd-band", inner(0) - 0.12, m + 2 * py - 0.08, 3 * ipx + CARD_W + 0.24, py + CARD_H + 0.16)
    track = Decor("zd-track", m + CARD_W / 2, m + CARD_H / 2, width - 2 * m - CARD_W, 7 * py)
    return Layout(width, height, spots, (band, track))


_LAYOUTS: Final = {False: _ring(), True: _tall()}


def layout(portrait: bool) -> Layout:
    """The ring (``portrait=False``) or the tall ring.

    >>> ring, rows = layout(False), layout(True)
    >>> round(ring.width, 2), round(ring.height, 2), round(rows.width, 2), round(rows.height, 2)
    (14.15, 7.7, 7.44, 12.56)
    >>> ring.spots["Z0"][0] == (ring.spots["E3"][0] + ring.spots["E4"][0]) / 2  # 12 o'clock
    True
    """
    return _LAYOUTS[portrait]


# -- words -------------------------------------------------------------------------------


def short(card: Card) -> str:
    """A card as the page writes it: ``10♥``, ``A♠``.

    >>> short(Card.parse("TH")), short(Card.parse("AS"))
    ('10♥', 'A♠')
    """
    rank = "10" if card.rank == 10 else RANKS[card.rank - 1]
    return rank + _SYMBOL[card.suit]


def _foundation_name(k: int) -> str:
    """A foundation's spoken name, in the language in use. The way it builds comes before any
    comma, so the announcements, which name a place by that part, tell a suit's two apart.

    >>> _foundation_name(0), _foundation_name(7)
    ('foundation of spades up from the ace', 'foundation of clubs down from the king')
    """
    return _(_FOUNDATION_NAMES[k])


class _Reasons:
    """The refusals' words in the language in use, looked up once per table (a table asks
    for hundreds of refusals)."""

    def __init__(self) -> None:
        self.stock, self.waste, self.closed = _(WHY_STOCK), _(WHY_WASTE), _(WHY_CLOSED)
        self.phase2, self.cell_full, self.cell_source = _(WHY_PHASE2), _(WHY_CELL_FULL), _(WHY_CELL_SOURCE)
        self.complete = _("This foundation is complete")
        # Translators: {card} is the next card the foundation takes, {other} the card held, each as its corner shows it
        self.next = _("This foundation takes {card} next, not {other}")
        self.never_refilled = _("An empty zodiac pile is never filled again")
        # Translators: {card} is the card held, {other} the top card of the zodiac pile, each as its corner shows it
        self.ace_king = _("{card} does not fit on {other}: an ace and a king are not neighbours")
        # Translators: {card} is the card held, {other} the top card of the zodiac pile, each as its corner shows it
        self.no_fit = _("{card} does not fit on {other}: the zodiac builds by suit, one rank up or down")


def _refusal(state: ZodiacState, card: Card, source: str, target: str, why: _Reasons | None = None) -> str:
    """Why ``card`` (the top of ``source``) may not go to ``target`` (in ``why``'s words).

    >>> from pyapp.games.zodiac.rules import arrange
    >>> _refusal(arrange(zodiac={3: "AH"}, waste="KH"), Card.parse("KH"), "W", "Z3")
    'K♥ does not fit on A♥: an ace and a king are not neighbours'
    """
    why = why or _Reasons()
    ph = state.phase
    kind = target[0]
    if target == "S":
        return why.stock
    if target == "W":
        return why.waste
    if kind == "F":
        if ph == 1:
            return why.closed
        k = FOUNDATIONS.index(target)
        if card.suit != SUITS[k % 4]:
            return _(_FOUNDATION_SUIT[k])
        want = next_for_foundation(k, state.found[k])
        if want is None:
            return why.complete
        return why.next.format(card=short(want), other=short(card))
    if ph == 2:
        return why.phase2
    if kind == "E":
        if state.equator[int(target[1:])] is not None:
            return why.cell_full
        return why.cell_source
    pile = state.zodiac[int(target[1:])]
    if not pile:
        return why.never_refilled
    top = pile[-1]
    if card.suit == top.suit and {card.rank, top.rank} == {1, 13}:
        return why.ace_king.format(card=short(card), other=short(top))
    return why.no_fit.format(card=short(card), other=short(top))


# -- the table -----------------------------------------------------------------------------


def table(state: ZodiacState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    """The Zodiac table for ``state`` (see the module doc)."""
    lay = layout(portrait)
    spots = lay.spots
    ph = phase(state)
    status = ZODIAC.status(state)
    legal = ZODIAC.legal_moves(state)
    score = ZODIAC.score(state)
    stage = "zd-p2" if ph == 2 else "zd-p1"

    piles: list[Pile] = []
    for j, zid in enumerate(ZODIAC_IDS):
        cards = state.zodiac[j]
        marks = ("zd", "zd-z", stage) + (("empty",) if not cards else ())
        if cards:
            # Translators: a zodiac pile's spoken name (by its number) and how many cards it holds: keep the
            # comma (the words before it name the place in announcements)
            spoken = ngettext("zodiac pile {pile}, {n} card", "zodiac pile {pile}, {n} cards",
                              len(cards)).format(pile=zid[1:], n=len(cards))
        else:
            # Translators: a zodiac pile's spoken name (by its number): keep the comma
            spoken = _("zodiac pile {pile}, empty").format(pile=zid[1:])
        piles.append(Pile(zid, *spots[zid], tuple(c.code for c in cards), badge=f"×{len(cards)}" if len(cards) > 1 else "",
                          marks=marks, peek=bool(cards), name=spoken))
    for i, eid in enumerate(EQUATOR_IDS):
        cell = state.equator[i]
        marks = ("zd", "zd-e", stage) + (("empty",) if cell is None else ())
        if cell:
            # Translators: an equator cell's spoken name, by its number
            spoken = _("equator cell {cell}").format(cell=eid[1:])
        else:
            # Translators: an equator cell's spoken name, by its number: keep the comma
            spoken = _("equator cell {cell}, empty").format(cell=eid[1:])
        piles.append(Pile(eid, *spots[eid], (cell.code,) if cell else (), marks=marks, name=spoken))
    for k, fid in enumerate(FOUNDATIONS):
        top = state.found[k]
        run = tuple(c.code for c in pile_cards(state, fid)) if top is not None else ()
        suit = SUITS[k % 4]
        marks = ("zd", "zd-f", "zd-up" if k < 4 else "zd-down", "zd-open" if ph == 2 else "zd-closed", stage)
        marks += ("empty",) if not run else ()
        if suit in "HD":
            marks += ("zd-red",)
        note = "" if run else ("A" if k < 4 else "K") + _SYMBOL[suit] + (" ↑" if k < 4 else " ↓")
        piles.append(Pile(fid, *spots[fid], run, marks=marks, peek=bool(run), note=note, name=_foundation_name(k)))
    stock = pile_cards(state, "S")
    redeal = not stock and bool(state.waste)
    smarks = ("zd", "zd-stock", stage) + (("empty",) if not stock else ()) + (("zd-redeal",) if redeal else ())
    n = len(stock)
    stock_label = _("Stock {n}").format(n=n)
    if redeal:
        # Translators: the stock's spoken name and how many cards it holds: keep the first comma (the words
        # before it name the place in announcements)
        stock_name = ngettext("stock, {n} card, press to turn the waste over",
                              "stock, {n} cards, press to turn the waste over", n).format(n=n)
    else:
        # Translators: the stock's spoken name and how many cards it holds: keep the comma
        stock_name = ngettext("stock, {n} card", "stock, {n} cards", n).format(n=n)
    piles.append(Pile("S", *spots["S"], tuple(c.code for c in stock), label=stock_label,
                      marks=smarks, down=len(stock),
                      note="↻" if redeal else "", key="s", name=stock_name))
    waste = state.waste
    wmarks = ("zd", "zd-waste", stage) + (("empty",) if not waste else ())
    waste_label = _("Waste {n}").format(n=len(waste))
    # Translators: the waste's spoken name and how many cards it holds: keep the comma
    waste_name = ngettext("waste, {n} card", "waste, {n} cards", len(waste)).format(n=len(waste))
    piles.append(Pile("W", *spots["W"], tuple(c.code for c in waste), label=waste_label,
                      marks=wmarks, peek=bool(waste), name=waste_name))

    # -- gestures: one per legal move; the first target of each source is its tap
    gestures: list[Gesture] = []
    tapped: set[str] = set()
    for token in legal:
        move = ZodiacMove.parse(token)
        if move.source == "S":
            if stock:
                gestures.append(Gesture(token, ("S", len(stock) - 1), "W", tap=True))
            else:
                gestures.append(Gesture(token, None, "S"))
            continue
        place = (move.source, len(pile_cards(state, move.source)) - 1)
        gestures.append(Gesture(token, place, move.target, tap=move.source not in tapped))
        tapped.add(move.source)

    # -- refusals: for every card that can be held, every other pile says why not
    refused: list[Refusal] = []
    held: dict[Place, set[str]] = {}
    for g in gestures if refusals else ():
        if g.source is not None and g.source[0] != "S" and g.target is not None:
            held.setdefault(g.source, set()).add(g.target)
    all_ids = [p.id for p in piles]
    why = _Reasons() if held else None
    for place, allowed in held.items():
        src = place[0]
        card = pile_cards(state, src)[-1]
        for target in all_ids:
            if target != src and target not in allowed:
                refused.append(Refusal(place, target, _refusal(state, card, src, target, why)))

    # -- auto-finish
    auto = auto_finish_move(state)
    final = N_CARDS  # (what every way of playing on ends with, when that is one score)
    if auto is not None:
        span = score_range(state)
        final = span[0] if span else N_CARDS
        if final == N_CARDS:
            title = _(AUTO_HELP)
        else:
            # Translators: what the Auto-finish button does (its tooltip) in a game that can no longer be won
            title = ngettext("Play every move left by itself: the game can no longer be won, and ends with {n} of "
                             "the 104 cards home however you play", "Play every move left by itself: the game can "
                             "no longer be won, and ends with {n} of the 104 cards home however you play",
                             final).format(n=final)
    elif status != "playing":
        title = _(AUTO_OVER)
    elif ph == 1:
        title = _(AUTO_PHASE1)
    else:
        title = _(AUTO_CHOICE)
    # Translators: the button that plays every move left by itself
    button = Button("autofinish", _("Auto-finish"), token=auto, repeat=True, title=title, key="a")

    # -- words
    summary: tuple[str, ...] = ()
    result = ""
    if status == "won":
        prompt = _("You won: all 104 cards are on the foundations!")
        result = _("You won!")
        summary = (_("All 104 cards are on the foundations: every stock card found its place and all eight are built."),)
    elif status == "lost" and ph == 1:
        prompt = _(PROMPT_DEAD_END)
        left = len(state.stock) + len(state.waste)
        result = _("Dead end: the game cannot go on.")
        summary = (_("Every equator cell is full, and no card in the equator, the stock or the waste fits a zodiac "
                     "pile. Drawing again would only go round the same cards."),
                   # Translators: {n} cards were left to place: {stock} in the stock, {waste} in the waste
                   ngettext("{n} card was still to place (stock {stock}, waste {waste}).",
                            "{n} cards were still to place (stock {stock}, waste {waste}).",
                            left).format(n=left, stock=len(state.stock), waste=len(state.waste)),
                   _("Undo your last move to try another way, or deal again."))
    elif status == "lost":
        prompt = ngettext("Game over: no card can go to a foundation. {n} of 104 cards are home",
                          "Game over: no card can go to a foundation. {n} of 104 cards are home", score).format(n=score)
        result = _("Game over: no card can go to a foundation")
        summary = (ngettext("{n} of 104 cards reached the foundations.", "{n} of 104 cards reached the foundations.",
                            score).format(n=score),)
    elif ph == 1:
        prompt = _(PROMPT_DRAW) if stock else _(PROMPT_REDEAL)
    elif auto is not None and final < N_CARDS:  # (a position that cannot be won: no move is "safe")
        prompt = _(PROMPT_AUTO_LOST).format(n=final)
    elif auto is not None:
        prompt = _(PROMPT_AUTO)
    elif score == 0:
        prompt = _(PROMPT_PHASE2_START)
    else:
        prompt = _(PROMPT_PHASE2)
    # no-break spaces inside each item: a narrow screen wraps the line only between items
    if ph == 1:
        # Translators: the status line's parts: the phase, then the cards in the stock and in the waste
        items = [_("Phase 1"), _("Stock {n}").format(n=len(state.stock)), _("Waste {n}").format(n=len(waste))]
    else:
        # Translators: the status line: the phase of the game
        items = [_("Phase 2")]
    info = " · ".join(item.replace(" ", NBSP) for item in items)
    decor = tuple(Decor(f"{d.kind} {stage}", d.x, d.y, d.w, d.h) for d in lay.decor)
    if status != "playing":
        phase_words = ""
    else:
        phase_words = _("Phase 1: place every stock card") if ph == 1 else _("Phase 2: build the foundations")
    return Table(lay.width, lay.height, tuple(piles), tuple(gestures), (button,), prompt,
                 _("Foundations {n}/104").format(n=score), status, summary, decor, tuple(refused), info, result=result,
                 phase=phase_words)


def auto_token(state: ZodiacState, settings: frozenset[str]) -> str | None:
    """Zodiac plays nothing by itself (Auto-finish is a button the player presses)."""
    return None


#: The rules panel, block by block (:func:`pyapp.core.table.rules_html`); each text one message.
RULES: Final[tuple[RulesBlock, ...]] = (
    ("p", N_("Two decks, 104 cards. A ring of 24 <b>zodiac</b> piles surrounds an <b>equator</b> of 8 cells and "
             "the 8 <b>foundations</b>. The game has two phases: first place every card of the stock, then "
             "build the foundations.")),
    ("h3", N_("The deal")),
    ("p", N_("Each equator cell gets one card and each zodiac pile one card, all face up. The other 72 cards "
             "form the stock; the waste starts empty.")),
    ("h3", N_("Phase 1: place every stock card")),
    ("ul", (
        N_("Tap the stock to turn its top card onto the waste. When the stock is empty, tap it again to turn "
           "the waste over and go through the same cards again, as often as you like."),
        N_("The waste's top card may go onto a zodiac pile whose top card has the <b>same suit</b> and a rank "
           "<b>one higher or one lower</b> (7♥ on 6♥ or on 8♥). A pile may change direction at any time: 6♥, "
           "7♥, 6♥ is fine. Ace and king are not neighbours."),
        N_("The waste's top card may also go into an <b>empty equator cell</b>. An equator card may go onto a "
           "zodiac pile by the same rule, which frees its cell."),
        N_("Zodiac cards stay where they are, and nothing goes to the foundations yet."),
    )),
    ("p", N_("Phase 2 begins by itself the moment the stock and the waste are both empty.")),
    ("h3", N_("Phase 2: build the foundations")),
    ("ul", (
        N_("Each suit has two foundations: the upper row builds <b>up from the ace</b> to the king, the lower "
           "row <b>down from the king</b> to the ace."),
        N_("Move the top card of a zodiac pile, or an equator card, to a foundation of its suit when it is the "
           "next card there. Nothing else moves. When a card fits both foundations of its suit, you choose."),
    )),
    ("h3", N_("The end")),
    ("p", N_("You win when all 104 cards are on the foundations. The game is lost at a <b>dead end</b> in phase "
             "1 (every equator cell full, and no equator, stock or waste card fits any zodiac pile, so drawing "
             "cannot help), or in phase 2 when no card can go to a foundation. Your score is the number of "
             "cards on the foundations.")),
    ("h3", N_("Playing here")),
    ("ul", (
        N_("Drag a card to where it should go; while you hold it, the places it may go light up. Drop it "
           "somewhere else and you are told why not."),
        N_("Or tap a card: it goes to its first possible place, the lowest-numbered zodiac pile that takes it "
           "(counting clockwise from the top of the ring), else the first empty equator cell; in phase 2 the "
           "up foundation before the down one. To choose the other foundation, drag the card there."),
        N_("Tap the stock to draw; tap the empty stock to turn the waste over."),
        N_("Zodiac piles show only their top card and how many cards they hold. Long-press or double-click a "
           "pile (or the waste) to see all its cards. A click on a card that can move plays it, so in phase 2 "
           "long-press such a pile instead."),
        # Translators: Auto-finish in bold is the button's label
        N_("In phase 2, once every move left is forced or safe, <b>Auto-finish</b> plays them for you; tap "
           "anything to stop it."),
        N_("On a phone held upright the ring is a tall rectangle: pile 0 is at the top left and the piles go "
           "round clockwise, along the top, down the right side, back along the bottom and up the left side."),
        N_("Undo is always there, also after a dead end."),
    )),
)


def help_html() -> str:
    """The rules panel in the language in use."""
    return rules_html(RULES, ZODIAC.title)


#: The rules panel in English.
HELP: Final = rules_html(RULES, ZODIAC.title, english=True)


VIEW: Final[GameView] = ModuleView(ZODIAC, help_html, SETTINGS, table, standard_face, auto_token)
