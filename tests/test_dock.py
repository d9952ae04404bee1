"""Where a notice goes (pyapp.ui.dock): never over a card or a button, nearest its own place, at
its own width before a narrower one, and the board making room only when nothing is free;
checked against a brute force over every whole-pixel place."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings, strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.ui.dock import GAP, MARGIN, STRIP_SLACK, TIP_BOARD, TIP_CARD, TIP_SHRINK, Dock, Rect, board_rects, place_notice, tip_lines
from pyapp.ui.paint import unit_for
from pyapp.core.table import CARD_H, CARD_W
from pyapp.ui.view import Board


def overlaps(a: Rect, b: Rect, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def free_places(window: tuple[int, int], size: tuple[int, int], blocked: list[Rect]) -> list[tuple[int, int]]:
    """Every whole-pixel top left corner where a notice of ``size`` is inside the margins and
    at least the gap from everything blocked."""
    (width, height), (w, h) = window, size
    return [(x, y) for y in range(int(MARGIN), int(height - h - MARGIN) + 1)
            for x in range(int(MARGIN), int(width - w - MARGIN) + 1)
            if not any(overlaps((x, y, x + w, y + h), r, GAP) for r in blocked)]


rect_in = st.builds(lambda x, y, w, h: (float(x), float(y), float(x + w), float(y + h)),
                    st.integers(0, 110), st.integers(0, 110), st.integers(1, 50), st.integers(1, 50))


def far(x: float, y: float, size: tuple[float, float], centre: tuple[float, float]) -> float:
    return float(((x + size[0] / 2 - centre[0]) ** 2 + (y + size[1] / 2 - centre[1]) ** 2) ** 0.5)


@settings(max_examples=300, deadline=None)
@given(board=st.lists(rect_in, max_size=5), buttons=st.lists(rect_in, max_size=2), nx=st.integers(0, 80),
       ny=st.integers(0, 80), w=st.integers(20, 60), h=st.integers(10, 30), other=st.booleans(),
       words=st.lists(rect_in, max_size=2))
@example(board=[(0.0, 27.0, 47.0, 77.0)], buttons=[], nx=0, ny=26, w=60, h=30, other=True,
         words=[])  # narrower: its own middle's height
@example(board=[(0.0, 20.0, 120.0, 115.0)], buttons=[(0.0, 0.0, 120.0, 50.0)], nx=10, ny=80, w=60, h=20,
         other=False, words=[])  # its own place low: the strip at the bottom
@example(board=[(0.0, 0.0, 120.0, 120.0)], buttons=[(0.0, 0.0, 120.0, 44.0), (0.0, 81.0, 120.0, 120.0)], nx=10,
         ny=70, w=60, h=20, other=False, words=[])  # the top strips are less, but its side is the bottom
@example(board=[(0.0, 0.0, 120.0, 120.0)], buttons=[], nx=10, ny=65, w=60, h=20, other=False,
         words=[])  # the nearest place would take more than the slack: the nearest within it
def test_a_notice_goes_nearest_its_place_over_nothing_blocked_or_the_board_gives_up_a_strip_on_its_side(
        board: list[Rect], buttons: list[Rect], nx: int, ny: int, w: int, h: int, other: bool,
        words: list[Rect]) -> None:
    window, wrap = (120, 120), (0.0, 20.0, 120.0, 120.0)
    natural = (float(nx), float(ny), float(nx + w), float(ny + h))
    sizes = [(float(w), float(h))] + ([(float(w * 3 // 5), float(h * 8 // 5))] if other else [])
    dock = place_notice(window, natural, sizes, board, buttons, wrap, words)
    inside = nx + w <= 120 and ny + h <= 120
    # the words its own place keeps clear of are kept clear of as the buttons are; the others may be
    # covered
    buttons = buttons + [r for r in words if not overlaps(natural, r)]
    if inside and not any(overlaps(natural, r) for r in board + buttons):
        assert dock == Dock()  # where it covers nothing, it stays
        return
    centre = (nx + w / 2, ny + h / 2)
    frees = [(size, free_places(window, (int(size[0]), int(size[1])), board + buttons)) for size in sizes]
    if dock.left is None:  # not even a place clear of the buttons: it stays, and the board gives it room
        assert not any(free_places(window, (int(s[0]), int(s[1])), buttons) for s in sizes)
        assert dock.room_top >= natural[3] + GAP - wrap[1] and dock.room_bottom == 0
        return
    assert dock.left is not None and dock.top is not None and dock.width is not None
    size = next(s for s in sizes if s[0] == dock.width)
    placed = (dock.left, dock.top, dock.left + size[0], dock.top + size[1])
    assert MARGIN - 0.5 <= placed[0] and placed[2] <= window[0] - MARGIN + 0.5
    assert MARGIN - 0.5 <= placed[1] and placed[3] <= window[1] - MARGIN + 0.5
    assert not any(overlaps(placed, r, GAP - 0.5) for r in buttons), (placed, buttons)
    if dock.room_top == dock.room_bottom == 0:
        # a free place, the nearest of every size's
        assert not any(overlaps(placed, r, GAP - 0.5) for r in board), (placed, board)
        mine = far(dock.left, dock.top, size, centre)
        for other_size, places in frees:
            for x, y in places:
                assert far(x, y, other_size, centre) >= mine - 0.8, (other_size, (x, y), dock)
        return
    # nothing free at any size: the board gives up the least strip, at one side, with the notice in it
    assert all(not places for _, places in frees), frees
    assert dock.room_top == 0 or dock.room_bottom == 0
    if dock.room_top:
        assert wrap[1] + dock.room_top >= placed[3] + GAP - 0.5
    else:
        assert wrap[3] - dock.room_bottom <= placed[1] - GAP + 0.5
    own = centre[1] < (wrap[1] + wrap[3]) / 2  # on the side of its own place
    assert dock.room_bottom == 0 if own else dock.room_top == 0
    options = [(max(0.0, y + s[1] + GAP - wrap[1] if own else wrap[3] - y + GAP), far(x, y, s, centre))
               for s in sizes for x, y in free_places(window, (int(s[0]), int(s[1])), buttons)]
    least = min(lost for lost, _ in options)
    assert max(dock.room_top, dock.room_bottom) <= least + STRIP_SLACK + 0.5
    # the nearest its place of those that take at most the slack more than the least
    mine = far(dock.left, dock.top, size, centre)
    assert all(distance >= mine - 0.8 for lost, distance in options if lost <= least + STRIP_SLACK - 1)


def board_of(link: str, width: int, height: int) -> Board:
    c = Controller(MemoryStorage())
    c.start(link)
    c.resize(width, height)
    board = c.view().board
    assert board is not None
    return board


@pytest.mark.parametrize("link", ["#g=zodiac&s=4", "#g=gyre&s=5", "#g=square&s=6&m=48@D3", "#g=gravity&s=5"])
def test_the_rectangles_of_a_real_board_hold_every_card_and_pile(link: str) -> None:
    """Each game's board in a room wider than it: each card and each pile's outline lies inside a
    rectangle of board_rects, with "Larger cards" grown about its middle; the board is centred at
    the top of its room."""
    board = board_of(link, 1280, 500)
    wrap = (0.0, 100.0, 1280.0, 600.0)
    unit = unit_for(board.width, board.height, 1280, 500)
    left = (1280 - board.width * unit) / 2
    assert left > 50  # (centred: not at the room's left edge)

    def held(x: float, y: float, w: float, h: float, rects: list[Rect], grow: float = 1.0) -> bool:
        """The box at (x, y), w by h card units, grown about its middle, inside one of ``rects``."""
        ex, ey = (grow - 1) * CARD_W / 2, (grow - 1) * CARD_H / 2
        box = (left + (x - ex) * unit, 100 + (y - ey) * unit, left + (x + w + ex) * unit, 100 + (y + h + ey) * unit)
        return any(r[0] <= box[0] + 0.1 and r[1] <= box[1] + 0.1 and box[2] <= r[2] + 0.1 and box[3] <= r[3] + 0.1
                   for r in rects)

    for grow in (1.0, board.grow):
        rects = board_rects(board, unit, wrap, grow)
        assert all(held(card.x, card.y, CARD_W, CARD_H, rects, grow) for card in board.cards), grow
        assert all(held(pile.x, pile.y, pile.w, pile.h, rects) for pile in board.piles), grow
    # moved down by what a notice takes at the top of the room
    assert board_rects(board, unit, wrap, 1.0, top=50)[0][1] == board_rects(board, unit, wrap)[0][1] + 50


def test_a_phone_board_gives_a_long_notice_its_strip() -> None:
    """The shapes of the page measured in Chromium (bench/notice_cover.py): Zodiac at 390x844,
    whose board fills the window under the tools, at every width the notice may take."""
    board = board_of("#g=zodiac&s=4", 390, 600)
    wrap = (0.0, 184.0, 390.0, 784.0)
    blocked, tools = board_rects(board, unit_for(board.width, board.height, 390, 600), wrap), (0.0, 0.0, 390.0, 96.0)
    dock = place_notice((390, 844), (10, 104, 380, 250), [(370, 146), (300, 180), (240, 230)], blocked, [tools], wrap)
    # where it was, at its own width (the shortest), the board's room shorter by what it takes of it
    assert (dock.left, dock.top, dock.width) == (10, 104, 370)
    assert dock.room_top == 250 + GAP - 184 and dock.room_bottom == 0


@given(room=st.floats(0, 2000), lines=st.lists(st.floats(1, 300), min_size=1, max_size=4),
       most=st.floats(24, 130), slope=st.floats(0.01, 1))
def test_the_tip_shows_the_most_lines_that_leave_the_board_its_cards_or_none(
        room: float, lines: list[float], most: float, slope: float) -> None:
    """The first games' tip lies above the cards in a strip the board gives up: never so tall that
    the board keeps less than TIP_BOARD px or its cards fall under 44 px (where they are narrower
    without it, under 85% of their width); as many of its lines as that allows, from the first."""
    heights = [sum(lines[:k]) for k in range(1, len(lines) + 1)]

    def card(height: float) -> float:
        return max(24.0, min(most, height * slope))

    def fits(k: int) -> bool:
        strip = heights[k - 1] + GAP
        natural = card(room)
        return room - strip >= TIP_BOARD and card(room - strip) >= (TIP_CARD if natural >= TIP_CARD else TIP_SHRINK * natural)

    shown, strip = tip_lines(room, heights, card)
    assert (shown, strip) == ((0, 0.0) if shown == 0 else (shown, heights[shown - 1] + GAP))
    assert shown == 0 or fits(shown)
    assert not any(fits(k) for k in range(shown + 1, len(heights) + 1))  # the most that fit
