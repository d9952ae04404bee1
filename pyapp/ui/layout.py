"""The board: a game's :class:`~pyapp.core.table.Table` laid out for the page with what the
player holds and what is lit, each card with an identity that follows it from move
to move (the page moves its element instead of making a new one), and where a point
on the board lies.

>>> from pyapp.core.table import Pile, Table, standard_face
>>> ids = CardIds()
>>> t = Table(3, 2, (Pile("A", 0, 0, ("AS", "2S")), Pile("B", 1.2, 0, ())))
>>> ids.of(t)
{('A', 0): 'k1', ('A', 1): 'k2'}
>>> moved = Table(3, 2, (Pile("A", 0, 0, ("AS",)), Pile("B", 1.2, 0, ("2S",))))
>>> ids.of(moved), ids.of(moved) == ids.of(moved)
({('A', 0): 'k1', ('B', 0): 'k2'}, True)
>>> board = lay_out(moved, standard_face, ids)
>>> [(c.uid, c.pile, c.code) for c in board.cards], pile_at(board, 1.5, 0.5)
([('k1', 'A', 'AS'), ('k2', 'B', '2S')], 'B')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Final

from . import focus as focus_mod
from ..i18n import _, capital, language
from .speech import card_label
from ..core.table import BACK, CARD_H, CARD_W, Face, GameView, Gesture, Place, Table
from .paint import MAX_UNIT as FULL_SIZE
from .view import Board, CardView, PileView

#: The stacking level of a dragged card: above every other.
DRAGGED_Z: Final = 1000


def pile_at(board: Board, ux: float, uy: float, among: set[str] | None = None) -> str | None:
    """The pile whose area (outline plus its fanned cards) holds the point, in
    card units; with ``among``, the nearest of those piles within 0.6 of it,
    unless the point is inside another pile (the player aimed at that one).

    >>> b = Board(4, 2, (PileView("A", 0, 0, 1, 1.4, (), "", "", "", "", "", 0, 0, 0),
    ...                  PileView("B", 1.1, 0, 1, 1.4, (), "", "", "", "", "", 0, 1.1, 0)), (), ())
    >>> pile_at(b, 0.5, 0.5), pile_at(b, 2.3, 0.5), pile_at(b, 1.05, 0.5, {"A"}), pile_at(b, 3, 1, {"A"})
    ('A', None, 'A', None)
    >>> pile_at(b, 1.2, 0.5, {"A"}), pile_at(b, 1.2, 0.5, {"A", "B"})
    (None, 'B')
    """
    best: tuple[float, str] | None = None
    inside_other = False
    for pile in board.piles:
        x1 = max(pile.x + pile.w, pile.top_x + CARD_W)
        y1 = max(pile.y + pile.h, pile.top_y + CARD_H)
        dx = max(pile.x - ux, 0.0, ux - x1)
        dy = max(pile.y - uy, 0.0, uy - y1)
        dist = (dx * dx + dy * dy) ** 0.5
        if dist == 0.0 and (among is None or pile.id in among):
            return pile.id
        if among is not None and pile.id not in among:
            inside_other = inside_other or dist == 0.0
            continue
        if among is not None and dist < 0.6 and (best is None or dist < best[0]):
            best = (dist, pile.id)
    return best[1] if best and not inside_other else None


class CardIds:
    """Each card's element id on the board: a card keeps its id where it stays; a moved
    card takes a free id of its code (the same card, moved); a new card gets a new id.
    The ids of one table are worked out once, from the table laid out before it, so the
    same table always gets the same ids."""

    def __init__(self) -> None:
        self._uids: dict[Place, tuple[str, str]] = {}
        self._next = 0
        self._cards: tuple[tuple[str, tuple[str, ...]], ...] | None = None
        self._ids: dict[Place, str] = {}

    def reset(self) -> None:
        """Another game on the table: no card is the one before."""
        self._uids, self._cards, self._ids = {}, None, {}

    def of(self, table: Table) -> dict[Place, str]:
        cards = tuple((pile.id, pile.cards) for pile in table.piles)
        if cards == self._cards:
            return self._ids
        free: dict[str, list[str]] = {}
        for uid, code in self._uids.values():
            free.setdefault(code, []).append(uid)
        placed = [((pile.id, i), code) for pile in table.piles for i, code in enumerate(pile.cards)]
        uids: dict[Place, tuple[str, str]] = {}
        for place, code in placed:  # first the cards that did not move, then the others in table order
            kept = self._uids.get(place)
            if kept is not None and kept[1] == code and kept[0] in free.get(code, ()):
                free[code].remove(kept[0])
                uids[place] = kept
        for place, code in placed:
            if place not in uids:
                if free.get(code):
                    uids[place] = (free[code].pop(0), code)
                else:
                    self._next += 1
                    uids[place] = (f"k{self._next}", code)
        self._uids, self._cards = uids, cards
        self._ids = {place: uid for place, (uid, _code) in uids.items()}
        return self._ids


@dataclass(frozen=True)
class Marks:
    """What the board lights beside the table itself: the card dragged or selected, the
    cards to pick, a hint, a card nudged (it has no move), the cards that can move."""

    lifted: Place | None = None
    selected: Place | None = None
    #: The gesture whose cards are being picked (its card stays held, its target lit).
    gesture: Gesture | None = None
    picking: bool = False
    pickable: frozenset[Place] = frozenset()
    picked: frozenset[Place] = frozenset()
    #: A hint: the card, its target pile, the cards to pick.
    hint_source: Place | None = None
    hint_target: str | None = None
    hint_picks: tuple[Place, ...] = ()
    nudge: Place | None = None
    #: The setting that marks the cards that can move.
    movable: bool = False
    #: The keyboard's focus (a :mod:`pyapp.ui.focus` stop; None: the first).
    focus: focus_mod.Stop | None = None


def lay_out(table: Table, face: Callable[[str], Face], ids: CardIds, marks: Marks = Marks()) -> Board:
    """``table`` as the page draws it, with ``marks``."""
    sources = table.sources()
    held = marks.gesture.source if marks.gesture is not None else marks.lifted or marks.selected
    lit = table.moves_from(held) if held is not None else {}
    if marks.gesture is not None:
        lit = {t: g for t, g in lit.items() if g == marks.gesture}
    marked = set(sources) if marks.movable and not marks.picking and held is None else set()
    # a card dropped on a place that asks for cards to pick (Square's price) waits there until they are
    waiting = marks.gesture if marks.gesture is not None and marks.gesture.target is not None else None
    at_target = next((p for p in table.piles if waiting is not None and p.id == waiting.target), None)
    previews = {p for b in table.buttons if b.enabled for p in b.preview}
    stops = {s.stop for s in focus_mod.spots(table)}  # what the keyboard reaches, and screen readers
    focused = focus_mod.settle(table, marks.focus)
    uids = ids.of(table)
    piles: list[PileView] = []
    cards: list[CardView] = []
    for pile in table.piles:
        n = max(0, len(pile.cards) - 1)
        classes = ["pile", *pile.marks] + (["peek"] if pile.peek else [])
        note = pile.note
        if pile.id in lit:
            classes.append("lit")
            note = lit[pile.id].note or note
        if pile.id == marks.hint_target:
            classes.append("hint-to")
        spoken = ""
        if (pile.id, None) in stops:
            spoken = capital(pile.name or pile.label or pile.id)
            # Translators: said to screen readers after a place's name, while a card is picked up.
            spoken += ", " + (note or _("the picked-up card can go here")) if pile.id in lit else ""
            classes += ["stop", "focus"] if focused == (pile.id, None) else ["stop"]
        piles.append(PileView(pile.id, pile.x, pile.y, pile.w, pile.h, tuple(classes), pile.badge, pile.arrow,
                              pile.label, note, spoken, len(pile.cards), pile.x + n * pile.dx, pile.y + n * pile.dy,
                              table.refusal(held, pile.id) if held is not None else ""))
        pile_marks = " ".join(pile.marks)
        for i, code in enumerate(pile.cards):
            place = (pile.id, i)
            down = code == BACK or i < pile.down
            flags = []
            if place in sources:
                flags.append("movable")
            if place in marked:
                flags.append("marked")
            if place == marks.nudge:
                flags.append("nudge")
            if place in previews:
                flags.append("preview")
            x, y, z = pile.x + i * pile.dx, pile.y + i * pile.dy, DRAGGED_Z if place == marks.lifted else 10 + i
            if place == marks.lifted:
                flags.append("dragging")
            elif waiting is not None and at_target is not None and place == waiting.source:
                flags.append("waiting")
                n = len(at_target.cards)
                x, y, z = at_target.x + n * at_target.dx, at_target.y + n * at_target.dy, 11 + n
            elif place == held:
                flags.append("selected")
            if place in marks.pickable:
                flags.append("choice")
            if place in marks.picked:
                flags.append("picked")
            if pile.id in lit:
                flags.append("hint-target")
            if place == marks.hint_source:
                flags.append("hint-from")
            if place in marks.hint_picks:
                flags.append("hint-pick")
            if pile.id == marks.hint_target and i == len(pile.cards) - 1:
                flags.append("hint-to")
            spoken = ""
            if place in stops:
                spoken = card_label(pile, i, "" if down else face(code).name, flags,
                                    (lit[pile.id].note if pile.id in lit else None))
                flags += ["focus"] if focused == place else []
            cards.append(CardView(uids[place], pile.id, i, x, y, z, "" if down else code, None if down else face(code), tuple(flags), pile_marks,
                                  spoken))
    holds = {s: tuple((t, g.note) for t, g in table.moves_from(s).items()) for s in sources}
    refusals = {(r.source, r.target): r.reason for r in table.refusals}
    draggable = tuple(dict.fromkeys([*sources, *(r.source for r in table.refusals)]))
    return Board(table.width, table.height, tuple(piles), tuple(cards), table.decor, tuple(sources),
                 draggable, holds, refusals, table.status, grow(table))


#: The most the "Larger cards" setting grows a card (a card on a roomy table: 15% larger).
MAX_GROW: Final = 1.15
#: The gap, in card widths, that "Larger cards" leaves between piles that were apart.
MIN_GAP: Final = 0.03

_Box = tuple[float, float, float, float]


def footprints(table: Table) -> list[_Box]:
    """Each pile's area on the table (its outline and its fanned cards), as (x0, y0, x1, y1)."""
    out: list[_Box] = []
    for pile in table.piles:
        n = max(0, len(pile.cards) - 1)
        tx, ty = pile.x + n * pile.dx, pile.y + n * pile.dy
        out.append((min(pile.x, tx), min(pile.y, ty), max(pile.x + pile.w, tx + CARD_W, pile.x + CARD_W),
                    max(pile.y + pile.h, ty + CARD_H, pile.y + CARD_H)))
    return out


def grow(table: Table) -> float:
    """How much larger a card may be drawn, about its middle, with "Larger cards": each card
    grown by it stays inside the table and at least :data:`MIN_GAP` from every pile whose
    area it did not touch (piles that overlap by design, such as a fanned hand, may overlap
    more); at most :data:`MAX_GROW`, rounded down to a hundredth.

    >>> from pyapp.core.table import Pile
    >>> grow(Table(2.6, 1.8, (Pile("A", 0.2, 0.2, ()), Pile("B", 1.4, 0.2, ()))))  # 0.2 apart: 20%, at most 15%
    1.15
    >>> grow(Table(2.2, 1.6, (Pile("A", 0.05, 0.1, ()), Pile("B", 1.13, 0.1, ()))))  # 0.08 apart, 0.05 from the edge
    1.05
    """
    return _grow(table.width, table.height, tuple(footprints(table)))


@lru_cache(maxsize=64)
def _grow(width: float, height: float, boxes: tuple[_Box, ...]) -> float:
    """:func:`grow` of a table this size with these pile areas (worked out once per geometry)."""
    most = MAX_GROW
    # a card of a pile grows by (g - 1) / 2 of its size on each side
    for x0, y0, x1, y1 in boxes:
        room = min(x0, width - x1) / CARD_W, min(y0, height - y1) / CARD_H
        most = min(most, 1 + 2 * max(0.0, min(room)))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            gap_x = max(b[0] - a[2], a[0] - b[2])
            gap_y = max(b[1] - a[3], a[1] - b[3])
            if gap_x < 0 and gap_y < 0:
                continue  # these overlap by design
            most = min(most, 1 + max((gap_x - MIN_GAP) / CARD_W, (gap_y - MIN_GAP) / CARD_H))
    return max(1.0, int(most * 100 + 1e-9) / 100)


class Layout:
    """The tables of the game on the table and their layout on the page: the game's view
    module, whether the room is tall (portrait, chosen when the room, the game or its switches
    change: :meth:`see`, :meth:`resize`), the table of a state (the current one worked out
    once per position) and its board, with its card ids. Asking for a table or a board
    changes nothing of what the next one will be but the cards' element ids (a card keeps
    its id where it stays: :class:`CardIds`).

    >>> from pyapp.games import get_game, get_view
    >>> lay = Layout(); lay.use(get_view("gyre")); lay.resize(390, 700)
    True
    >>> state = get_game("gyre").deal(42, get_game("gyre").parse_options(""))
    >>> lay.see(state, frozenset()); lay.current(state, False, frozenset()) is lay.current(state, False, frozenset())
    True
    >>> board = lay.lay_out(lay.current(state, False, frozenset()), Marks())
    >>> board == lay.lay_out(lay.current(state, False, frozenset()), Marks())
    True
    """

    def __init__(self) -> None:
        self.module: GameView | None = None
        self.portrait = False
        self.ids = CardIds()
        self._table: Table | None = None
        self._key: tuple[object, ...] = ()
        #: The last position drawn (its state and switches), to size its tables by, and the
        #: room and game the orientation was last chosen for.
        self._seen: tuple[object, frozenset[str]] | None = None
        self._chosen: tuple[object, ...] = ()
        self._room: tuple[float, float] | None = None
        self._laid: tuple[Table, Marks, Board] | None = None

    def use(self, module: GameView) -> None:
        """The game on the table is ``module``'s (another game: no card is the one before)."""
        if self.module is None or self.module.game.id != module.game.id:
            self.ids.reset()
        self.module = module

    def resize(self, width: float, height: float) -> bool:
        """The board's room in pixels. The table is tall when its tall layout gets larger cards
        in this room than its wide one (a narrow phone may give the wide layout the room's
        width and still leave it smaller); by the room's shape when both would be drawn
        at full size, or before any position was drawn. True when that turned it.

        >>> from pyapp.games import get_game, get_view
        >>> lay = Layout(); lay.use(get_view("square"))
        >>> state = get_game("square").deal(5, get_game("square").parse_options(""))
        >>> lay.see(state, frozenset())
        >>> lay.resize(320, 340), lay.portrait  # barely taller than wide, yet the tall grid's cells are larger
        (True, True)
        >>> lay.resize(844, 300), lay.portrait
        (True, False)
        >>> fresh = Layout(); fresh.use(get_view("square")); fresh.resize(320, 340)  # no position yet: by shape
        False
        >>> fresh.see(state, frozenset()); fresh.portrait  # the first position chooses again
        True
        """
        self._room = (width, height)
        return self._choose()

    def _choose(self) -> bool:
        """Choose the orientation again if the room, the game, its switches or whether a position
        was drawn changed since it was last chosen; True when that turned the table."""
        if self._room is None:
            return False
        width, height = self._room
        was = self.portrait
        key = (self.module.game.id if self.module else None, self._seen is not None and self._seen[1],
               round(width), round(height))
        if key != self._chosen:
            self._chosen = key
            self.portrait = self._taller(width, height)
        return was != self.portrait

    def _taller(self, width: float, height: float) -> bool:
        by_shape = height > width * 1.1
        if self.module is None or self._seen is None:
            return by_shape
        state, switches = self._seen
        try:
            wide, tall = (self.module.table(state, t, switches, refusals=False) for t in (False, True))
        except Exception:  # noqa: BLE001 - a table that cannot be drawn is the renderer's to report
            return by_shape
        def unit(table: Table) -> float:
            return min(width / table.width, height / table.height, FULL_SIZE)
        if abs(unit(tall) - unit(wide)) < 0.5:
            return by_shape
        return unit(tall) > unit(wide)

    def table(self, state: object, resigned: bool, switches: frozenset[str], interactive: bool = True) -> Table:
        """The table of ``state``; one nothing can be played on unless ``interactive`` (a forced
        step, a replay: no refusals worked out, no end-screen lines), or once given up."""
        assert self.module is not None
        table = self.module.table(state, self.portrait, switches, refusals=interactive)
        if not interactive or resigned:
            table = replace(table, gestures=(), buttons=tuple(replace(b, token=None, pick=None) for b in table.buttons),
                            refusals=())
        if not interactive:
            return replace(table, summary=())
        return replace(table, prompt=_("You gave up this game."), status="finished") if resigned else table

    def see(self, state: object, switches: frozenset[str]) -> None:
        """The position on the table is ``state`` with ``switches``: the first position in a room
        sizes its tables (see :meth:`resize`), and other switches may turn the table."""
        self._seen = (state, switches)
        self._choose()

    def current(self, state: object, resigned: bool, switches: frozenset[str]) -> Table:
        """The table the player acts on (worked out once per position, orientation, switches and
        language: its words are in the language in use)."""
        assert self.module is not None
        key = (self.module.game.id, state, self.portrait, switches, resigned, language())
        if self._table is None or key != self._key:
            self._table, self._key = self.table(state, resigned, switches), key
        return self._table

    def lay_out(self, table: Table, marks: Marks) -> Board:
        """``table`` laid out with ``marks`` (:func:`lay_out`; the last one is kept: pointer input
        asks for the board of the state on the screen at each event)."""
        assert self.module is not None
        if self._laid is not None and self._laid[0] is table and self._laid[1] == marks:
            return self._laid[2]
        board = lay_out(table, self.module.face, self.ids, marks)
        self._laid = (table, marks, board)
        return board


def peekable(board: Board | None, pile: str | None) -> bool:
    """A pile of ``board`` whose whole content a long press or a double click shows (Zodiac's squared piles)."""
    return board is not None and any(p.id == pile and "peek" in p.classes for p in board.piles)
