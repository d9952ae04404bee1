"""The view is a function of the state: asking for it twice gives equal views and changes
nothing, and pointer input is resolved against the board of the state it acts on, whatever
was drawn before (or if nothing was drawn at all)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import entries
from pyapp.ui.layout import pile_at

GAMES = [e.game.id for e in entries()]
ROOMS = [(1280.0, 700.0), (390.0, 700.0), (844.0, 300.0), (800.0, 520.0)]


def fingerprint(c: Controller) -> tuple[object, ...]:
    """What the player's next intent acts on: the position, what is open, armed or held, and
    the table's orientation."""
    s = c.session
    return (c.screen, s.moves if s else None, s.redo_moves if s else None, c.dialog, c.ui.menu_open, c.ui.resign_armed,
            c.hand.selected, c.hand.picking, c.layout.portrait, c.notice, c.ui.hint)


def opened(game: str, seed: int, room: tuple[float, float]) -> Controller:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.resize(*room)
    c.start(f"#g={game}&s={seed}")
    return c


def play_some(c: Controller, picks: list[int], draw: bool) -> None:
    """Play the legal moves ``picks`` choose, drawing the view after each when ``draw``."""
    for pick in picks:
        s = c.session
        assert s is not None
        moves = s.legal_moves()
        if not moves:
            break
        c.play(moves[pick % len(moves)])
        c.effects()
        if draw:
            c.view()


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(1, 10_000), st.sampled_from(ROOMS),
       st.lists(st.integers(0, 50), max_size=6))
def test_the_view_asked_twice_is_equal_and_changes_nothing(game: str, seed: int, room: tuple[float, float],
                                                           picks: list[int]) -> None:
    c = opened(game, seed, room)
    play_some(c, picks, draw=False)
    before = fingerprint(c)
    first = c.view()
    assert fingerprint(c) == before
    assert c.view() == first
    assert fingerprint(c) == before


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(1, 10_000), st.sampled_from(ROOMS),
       st.lists(st.integers(0, 50), max_size=6), st.integers(0, 999), st.floats(0.05, 0.95), st.floats(0.05, 0.95))
def test_input_finds_the_same_targets_whatever_was_drawn_before(
        game: str, seed: int, room: tuple[float, float], picks: list[int], pick: int, fx: float, fy: float) -> None:
    """A card dragged onto a pile it may go to, and a tap on the board, do the same in a page
    drawn after every move and in one never drawn since it opened."""
    drawn, never = opened(game, seed, room), opened(game, seed, room)
    play_some(drawn, picks, draw=True)  # drawn after every move: the page as a player sees it
    play_some(never, picks, draw=False)  # never drawn since it opened
    board = drawn.view().board
    assert board is not None and board == drawn.tables.board()
    drops = [(source, target) for source, held in board.holds.items() for target, _token in held]
    if drops:
        source, target = drops[pick % len(drops)]
        pile = next(p for p in board.piles if p.id == target)
        x, y = pile.x + pile.w * fx, pile.y + pile.h * fy
        address = drawn.view().address
        drawn.pointer.drop_at(source, x, y)
        never.pointer.drop_at(source, x, y)
        assert never.view().address == drawn.view().address and never.hand.picking == drawn.hand.picking
        assert drawn.view().address != address or drawn.hand.picking is not None  # played, or its price is picked
    x, y = fx * board.width, fy * board.height
    now, unseen = drawn.tables.board(), never.tables.board()
    assert now is not None and unseen is not None and pile_at(unseen, x, y) == pile_at(now, x, y)
    drawn.pointer.tap_at(x, y)
    never.pointer.tap_at(x, y)
    assert fingerprint(never) == fingerprint(drawn)
    assert never.view().address == drawn.view().address
