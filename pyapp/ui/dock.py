"""Where a notice goes so that it covers no card: worked out from the board as laid out and
the notice's size, without a DOM (the binding measures, this decides, the binding places).

A notice floats over the page where the stylesheet puts it (a wide window: its bottom right
corner; a phone: over the words above the board). Where that covers a card, a pile or a button,
it moves to the free place nearest its own (clear of the words above the board too, unless its
own place covers them), at its own width or another (narrower is taller); where there is no free
place (a phone, whose board fills the window), the board gives up a strip of its room on the
notice's side (top or bottom), as narrow as the notice allows, and is drawn smaller or lower
until the notice goes. A pile's label may be covered: the notice is the newest word on the page.
The first games' tip is not a notice: it lies at the top of the board's room, above the cards,
and the board gives up that strip for it (:func:`tip_lines`), so it covers nothing at all.

Rectangles are ``(left, top, right, bottom)`` in page pixels.

>>> from pyapp.ui.view import PileView
>>> board = Board(4.0, 2.0, (PileView("A", 0, 0, 1, 1.4, (), "", "", "", "", "", 0, 0, 0),), (), ())
>>> rects = board_rects(board, unit=100, wrap=(0, 100, 800, 400))   # the board centred at the top of its room
>>> rects
[(200.0, 100.0, 300.0, 240.0)]
>>> place_notice((800, 600), natural=(500, 500, 780, 580), sizes=[(280, 80)], board=rects, buttons=[], wrap=(0, 100, 800, 400))
Dock(left=None, top=None, width=None, room_top=0.0, room_bottom=0.0)
>>> place_notice((800, 600), natural=(150, 120, 430, 200), sizes=[(280, 80)], board=rects, buttons=[], wrap=(0, 100, 800, 400))
Dock(left=150.0, top=14.0, width=280.0, room_top=0.0, room_bottom=0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final, Sequence

from ..core.table import CARD_H, CARD_W
from .view import Board

Rect = tuple[float, float, float, float]

#: The space kept between a notice and what it must not cover, and from the window's edges.
GAP: Final = 6.0
MARGIN: Final = 8.0
#: How much more of the board's room a strip may take than the least, to keep the notice nearer
#: its own place (its usual corner rather than over the score line).
STRIP_SLACK: Final = 24.0


@dataclass(frozen=True)
class Dock:
    """Where the notice goes: ``left``/``top``/``width`` in pixels (None: where the stylesheet
    puts it, at its own width), and the pixels the board gives up at the top or the bottom of its
    room (``room_top``, ``room_bottom``) for a notice that found no free place."""

    left: float | None = None
    top: float | None = None
    width: float | None = None
    room_top: float = 0.0
    room_bottom: float = 0.0


def notice_style(dock: Dock | None = None, width: float | None = None) -> list[tuple[str, str | None]]:
    """The notice's inline style properties (None: removed, the stylesheet's): where ``dock`` puts
    it; at ``width`` to measure it there; with neither, none (its own place and width).

    >>> notice_style()[:2], notice_style(width=300)[:3]
    ([('left', None), ('top', None)], [('left', None), ('top', None), ('width', '300px')])
    >>> notice_style(Dock(12.0, 40.0, 300.0))[:3]
    [('left', '12px'), ('top', '40px'), ('width', '300px')]
    """
    left: str | None = None
    top: str | None = None
    if dock is not None and dock.left is not None:
        left, top, width = f"{dock.left:g}px", f"{dock.top:g}px", dock.width
    wide = f"{width:g}px" if width is not None else None
    placed = "auto" if left is not None else None
    return [("left", left), ("top", top), ("width", wide), ("max-width", "none" if wide else None),
            ("right", placed), ("bottom", placed), ("transform", "none" if placed else None)]


def board_rects(board: Board, unit: float, wrap: Rect, grow: float = 1.0, top: float = 0.0) -> list[Rect]:
    """The page rectangles of ``board``'s piles (outline and fanned cards) and cards, drawn
    ``unit`` pixels a card unit, centred at the top of its room ``wrap`` (``top`` pixels down), each
    card ``grow`` times larger about its middle ("Larger cards"). Equal rectangles once.

    >>> from pyapp.ui.view import PileView
    >>> b = Board(2.0, 2.0, (PileView("A", 0, 0, 1, 1.4, (), "", "", "Deck: 42 cards", "", "", 3, 0, 0.3),), (), ())
    >>> board_rects(b, 50, (0, 0, 300, 300))
    [(100.0, 0.0, 150.0, 85.0)]
    """
    x0 = wrap[0] + (wrap[2] - wrap[0] - board.width * unit) / 2
    y0 = wrap[1] + top
    out: list[Rect] = []
    seen: set[Rect] = set()
    extra_x, extra_y = (grow - 1) * CARD_W / 2, (grow - 1) * CARD_H / 2

    def add(left: float, up: float, right: float, down: float) -> None:
        rect = (round(x0 + left * unit, 1), round(y0 + up * unit, 1), round(x0 + right * unit, 1), round(y0 + down * unit, 1))
        if rect not in seen:
            seen.add(rect)
            out.append(rect)

    for pile in board.piles:
        right = max(pile.x + pile.w, pile.top_x + CARD_W)
        bottom = max(pile.y + pile.h, pile.top_y + CARD_H)
        add(min(pile.x, pile.top_x) - extra_x, min(pile.y, pile.top_y) - extra_y, right + extra_x, bottom + extra_y)
    for card in board.cards:
        add(card.x - extra_x, card.y - extra_y, card.x + CARD_W + extra_x, card.y + CARD_H + extra_y)
    return out


def _overlaps(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _nearest_free(lo: float, hi: float, width: float, want: float, blocked: list[tuple[float, float]]) -> float | None:
    """The left edge in ``[lo, hi]`` nearest ``want`` of a span ``width`` wide that meets none of
    the ``blocked`` spans (each already widened by the gap), or None."""
    if hi < lo:
        return None
    # a left edge x is barred when (x, x + width) meets (a, b): x in (a - width, b)
    barred = sorted((a - width, b) for a, b in blocked)
    free: list[tuple[float, float]] = []
    start = lo
    for a, b in barred:
        if a >= start:
            free.append((start, min(a, hi)))
        start = max(start, b)
        if start > hi:
            break
    if start <= hi:
        free.append((start, hi))
    best: float | None = None
    for a, b in free:
        if a > b:
            continue
        x = min(max(want, a), b)
        if best is None or abs(x - want) < abs(best - want):
            best = x
    return best


def _places(window: tuple[float, float], size: tuple[float, float], centre: tuple[float, float],
            blocked: Sequence[Rect], more: Sequence[float] = ()) -> list[tuple[float, float]]:
    """For each height a place's top may take (see below), the left edge nearest ``centre`` of a
    notice of ``size`` inside the window's margins and at least :data:`GAP` from everything
    ``blocked``, as (left, top); heights with none are left out.

    The place nearest a point, among those free, has its top at the point's own height, at a
    margin, or against a blocked rectangle (above or below it): the free places are the window less
    rectangles, so the nearest lies inside (the point's own height), or on an edge of them, where
    its nearest point has one of those heights; at each height the nearest left edge is exact.
    Heights ``more`` are tried too (the bounds of a band the place must keep to)."""
    (width, height), (w, h), (cx, cy) = window, size, centre
    tops = {cy - h / 2, height - h - MARGIN, MARGIN, *more}
    for r in blocked:
        tops.update((r[3] + GAP, r[1] - h - GAP))
    out: list[tuple[float, float]] = []
    for y in sorted(tops):
        if y < MARGIN or y + h > height - MARGIN:
            continue
        spans = [(r[0] - GAP, r[2] + GAP) for r in blocked if r[1] < y + h + GAP and y < r[3] + GAP]
        x = _nearest_free(MARGIN, width - w - MARGIN, w, cx - w / 2, spans)
        if x is not None:
            out.append((x, y))
    return out


def place_notice(window: tuple[float, float], natural: Rect, sizes: Sequence[tuple[float, float]],
                 board: Sequence[Rect], buttons: Sequence[Rect], wrap: Rect, words: Sequence[Rect] = ()) -> Dock:
    """Where a notice goes (see the module doc): ``window`` is the page's size, ``natural`` the
    notice where the stylesheet puts it, ``sizes`` its (width, height) at its own width and at
    others, ``board`` the rectangles of the board's cards and piles (:func:`board_rects`),
    ``buttons`` those of the page's buttons, ``wrap`` the board's room, ``words`` those of the lines
    of words above the board: the ones its natural place keeps clear of (a wide window's) are kept
    clear of as buttons are; the others (a phone's, which it covers by design) may be covered.

    1. Where it covers nothing of the board nor a button, it stays.
    2. Else, at the free place (inside the window, at least :data:`GAP` from every card, pile and
       button) whose middle is nearest that of its natural place, at any of its sizes (rounded to
       whole pixels; the natural size first among equals).
    3. Else (no free place: a board that fills its room) the board gives up a strip of its room
       on the side (top or bottom) of the notice's natural place: the notice lies in it, clear of
       every button, at the size and place nearest its natural one among those that take at most
       :data:`STRIP_SLACK` more than the least. Words are never in the way.

    >>> wrap, tools = (0, 100, 400, 800), (0, 0, 400, 96)
    >>> place_notice((400, 800), (10, 104, 390, 250), [(380, 146)], [(0, 180, 400, 780)], [tools], wrap)
    Dock(left=10.0, top=104.0, width=380.0, room_top=156.0, room_bottom=0.0)
    >>> place_notice((400, 800), (10, 700, 390, 790), [(380, 90)], [(0, 100, 400, 760)], [tools], wrap)
    Dock(left=10.0, top=700.0, width=380.0, room_top=0.0, room_bottom=106.0)
    """
    board = [r for r in board if r[2] > r[0] and r[3] > r[1]]
    kept = (*buttons, *(r for r in words if not _overlaps(natural, r)))  # (words its own place keeps clear of)
    buttons = [r for r in kept if r[2] > r[0] and r[3] > r[1]]
    inside = natural[0] >= 0 and natural[1] >= 0 and natural[2] <= window[0] and natural[3] <= window[1]
    if inside and not any(_overlaps(natural, r) for r in (*board, *buttons)):
        return Dock()
    centre = ((natural[0] + natural[2]) / 2, (natural[1] + natural[3]) / 2)

    def far(x: float, y: float, w: float, h: float) -> float:
        return float(((x + w / 2 - centre[0]) ** 2 + (y + h / 2 - centre[1]) ** 2) ** 0.5)

    def nearest(blocked: Sequence[Rect]) -> Dock | None:
        """The place clear of ``blocked`` nearest the notice's own, at any of its sizes (None: none)."""
        best: tuple[float, int, float, float, float] | None = None
        for rank, (w, h) in enumerate(sizes):
            for x, y in _places(window, (w, h), centre, blocked):
                option = (far(x, y, w, h), rank, x, y, w)
                best = option if best is None or option < best else best
        return None if best is None else Dock(float(round(best[2])), float(round(best[3])), float(best[4]))

    if (free := nearest((*board, *buttons))) is not None:
        return free
    # no free place: a strip of the board's room, at its top or its bottom, the least one (or one
    # at most STRIP_SLACK more, nearer the notice's own place: it moves as little as it can)
    def strips(slack: float) -> list[tuple[float, float, int, float, float, float, bool]]:
        out = []
        for rank, (w, h) in enumerate(sizes):
            band = (least + slack + wrap[1] - h - GAP, wrap[3] + GAP - least - slack) if slack else ()
            for x, y in _places(window, (w, h), centre, buttons, band):  # (the band: the slack's bounds)
                for lost, at_top in ((y + h + GAP - wrap[1], True), (wrap[3] - y + GAP, False)):
                    out.append((max(0.0, lost), far(x, y, w, h), rank, x, y, w, at_top))
        return out

    own = centre[1] < (wrap[1] + wrap[3]) / 2  # the side of the room the notice's own place is on
    least = min((s for s in strips(0.0) if s[-1] == own), default=(0.0,))[0]  # at a least or greatest top
    strip = min(((far, lost, rank, x, y, w, at_top) for lost, far, rank, x, y, w, at_top in strips(STRIP_SLACK)
                 if at_top == own and lost <= least + STRIP_SLACK), default=None)
    if strip is None:  # not even clear of the buttons (a window smaller than the notice): where it is
        return Dock(room_top=max(0.0, natural[3] + GAP - wrap[1]))
    _, lost, _, x, y, w, at_top = strip
    return Dock(float(round(x)), float(round(y)), float(w), lost if at_top else 0.0, 0.0 if at_top else lost)


#: The least height the board keeps under the first games' tip, in pixels.
TIP_BOARD: Final = 200.0
#: The least width of a card the first games' tip may leave on the board, in pixels (a finger's width,
#: as a phone's tools); where the cards are narrower without it, it may take :data:`TIP_SHRINK` of it.
TIP_CARD: Final = 44.0
TIP_SHRINK: Final = 0.85


def tip_lines(room: float, heights: Sequence[float], card: Callable[[float], float]) -> tuple[int, float]:
    """How many of the first games' tip's lines show at the top of the board's room (``room`` pixels
    high), and the strip the board gives up for them (the tip and a gap under it): the most lines
    (``heights[k - 1]``: the tip's height with its first ``k`` lines) that leave the board at least
    :data:`TIP_BOARD` high and its cards (``card(height)``: their width in a room that high) at
    least :data:`TIP_CARD` wide (where they are narrower without the tip, :data:`TIP_SHRINK` of
    their width); ``(0, 0.0)`` where not even the first line has room (the tip is not shown).

    >>> card = lambda height: min(60.0, height / 10)  # cards that grow with the room up to 60 px
    >>> tip_lines(700.0, [50.0, 90.0, 130.0], card)   # 56.4 px cards under the whole tip
    (3, 136.0)
    >>> tip_lines(500.0, [50.0, 90.0, 130.0], card)   # 50 px without it: only the first line leaves 44
    (1, 56.0)
    >>> tip_lines(460.0, [50.0], card), tip_lines(300.0, [50.0, 90.0], card)  # 46 px, 30 px: none fits
    ((0, 0.0), (0, 0.0))
    """
    natural = card(room)
    least = TIP_CARD if natural >= TIP_CARD else TIP_SHRINK * natural
    for shown in range(len(heights), 0, -1):
        strip = heights[shown - 1] + GAP
        if room - strip >= TIP_BOARD and card(room - strip) >= least:
            return shown, strip
    return 0, 0.0
