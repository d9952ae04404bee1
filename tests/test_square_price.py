"""Square's price: a card dropped on a cell that costs cards stays on that cell, marked
as waiting, while the cards to pay are picked; a tap on a card to pay right after the
drop counts, and neither the waiting card nor its cell drops the pick."""

from __future__ import annotations

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game, get_view
from pyapp.app.session import Session
from pyapp.core.table import CARD_H, CARD_W, Gesture
from pyapp.ui.view import Board, CardView


def priced_position() -> tuple[Session, Gesture]:
    """The first position of a short greedy-ish walk where a placement costs 2 cards."""
    for seed in range(1, 60):
        session = Session.new(get_game("square"), seed, "")
        for step in range(30):
            t = get_view("square").table(session.state, False, frozenset())
            g = next((g for g in t.gestures if g.pick is not None and g.pick.count >= 2), None)
            if g is not None:
                return session, g
            moves = session.legal_moves()
            if not moves:
                break
            session = session.played(moves[(seed * 5 + step * 3) % len(moves)])
    raise AssertionError("no priced position")


def opened(session: Session) -> Controller:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start(session.link().fragment(), "https://example.org/orbit/")
    return c


def card_at(board: Board | None, pile: str, index: int) -> CardView:
    assert board is not None
    return next(x for x in board.cards if (x.pile, x.index) == (pile, index))


def test_the_dropped_card_waits_on_its_cell_while_the_price_is_picked() -> None:
    session, g = priced_position()
    assert g.source is not None and g.target is not None and g.pick is not None
    c = opened(session)
    c.drop(g.source, g.target)
    v = c.view()
    assert v.prompt == g.pick.prompt and v.board is not None
    cell = next(p for p in v.board.piles if p.id == g.target)
    card = card_at(v.board, *g.source)
    assert "waiting" in card.classes and "selected" not in card.classes
    assert (card.x, card.y) == (cell.x, cell.y) and card.z > 10  # on the cell, above it
    assert "waiting for the cards to pick" in card.name
    assert "lit" in cell.classes and cell.note == g.note  # the cell still says its price
    # a tap on the waiting card or on its cell keeps the pick
    c.tap(*g.source)
    c.tap(g.target)
    assert c.hand.picking is not None and "waiting" in card_at(c.view().board, *g.source).classes


def test_taps_on_the_cards_to_pay_right_after_the_drop_count() -> None:
    session, g = priced_position()
    assert g.source is not None and g.target is not None and g.pick is not None
    picked, token = g.pick.options[0]
    c = opened(session)
    board = c.view().board
    assert board is not None
    unit = 50.0
    # a real drag: down on the hand card, moved, let go over the cell
    src = card_at(board, *g.source)
    cell = next(p for p in board.piles if p.id == g.target)
    assert c.pointer.down(*g.source, (src.x + 0.5) * unit, (src.y + 0.5) * unit, unit) < 0
    c.pointer.move((src.x + 0.5) * unit + 20, (src.y + 0.5) * unit)
    c.pointer.move((cell.x + 0.5) * unit, (cell.y + 0.5) * unit)
    assert c.pointer.up((cell.x + 0.5) * unit, (cell.y + 0.5) * unit)
    assert c.hand.picking is not None
    # the dropped card left the hand: no tap on a card to pay can land on it while it moves to its cell
    after = c.view().board
    waiting = card_at(after, *g.source)
    assert "waiting" in waiting.classes
    for place in g.pick.places:
        other = card_at(after, *place)
        assert abs(other.x - waiting.x) >= CARD_W or abs(other.y - waiting.y) >= CARD_H, place
    # at once, taps on the cards to pay, where they were before the drop
    for place in picked:
        card = card_at(board, *place)
        c.pointer.down(*place, (card.x + 0.1) * unit, (card.y + 0.5) * unit, unit)
        c.pointer.up((card.x + 0.1) * unit, (card.y + 0.5) * unit)
    v = c.view()
    assert v.board is not None and {(x.pile, x.index) for x in v.board.cards if "picked" in x.classes} == set(picked)
    assert next(b for b in v.buttons if b.id == "pick-confirm").enabled
    c.press("pick-confirm")
    session = session.played(token)
    assert c.view().address == session.link().fragment()
