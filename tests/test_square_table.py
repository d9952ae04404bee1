"""Solitaire Square's table (pyapp/games/square/table.py) and Square in the app
controller: every legal move is exactly one way to play, the costs shown on the
cells, the reasons for refused drops, dead cells, the layouts, the faces, the
end texts; and, through :class:`pyapp.app.controller.Controller`, the first game with
``ends``, the discard pick (confirm, cancel, undo) and refused drops."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.saves import OPTIONS_PREFIX, SAVE_PREFIX
from pyapp.ui.view import Board
from pyapp.games.square.rules import SQUARE, SquareState, cell_index, cell_name, cost, dead_cells, hue, why_not
from pyapp.app.session import Session
from pyapp.core.table import BACK, CARD_H, CARD_W, Gesture, Pile, Table
from pyapp.games import get_view
from pyapp.games.square.table import HELP, SETTINGS, VIEW, auto_token, face, layout, table

ALL_OPTIONS = ["", "ends", "wrap", "ends,wrap"]
CELL_IDS = [cell_name(i) for i in range(36)]
PILE_IDS = CELL_IDS + ["D", "X", "H"]


# -- helpers ------------------------------------------------------------------------------


def make(cells: dict[str, int], hand: str, options: str = "", rest: str = "D") -> SquareState:
    """A state with these cells and hand; every other card goes ascending to the deck
    (``rest="D"``) or to the discards (``rest="X"``)."""
    grid = ["-"] * 36
    for name, v in cells.items():
        grid[cell_index(name)] = str(v)
    named = set(cells.values()) | {int(h) for h in hand.split(".") if h}
    left = ".".join(str(v) for v in range(1, 81) if v not in named)
    deck, discards = (left, "") if rest == "D" else ("", left)
    rows = "/".join(".".join(grid[r * 6:(r + 1) * 6]) for r in range(6))
    text = f"SQ1|G={rows}|H={hand}|D={deck}|X={discards}"
    return SQUARE.parse_state(text + (f"|O={options}" if options else ""))


def example() -> SquareState:
    """RULES.md 2.6: B1=12, E1=30, A2=35; hand 14 28 33 41 50."""
    return make({"B1": 12, "E1": 30, "A2": 35}, "14.28.33.41.50")


def short_hand() -> SquareState:
    """The deck is empty and three cards are left: 7, 22 and 27. Empty cells: B1
    (between 1 and 10), E1 (between 20 and 30) and F6 (after 59)."""
    cells = {"A1": 1, "C1": 10, "D1": 20, "F1": 30}
    cells.update({cell_name(6 + k): 31 + k for k in range(29)})
    return make(cells, "7.22.27", rest="X")


def random_states(seed: int, options: str, picks: list[int]) -> list[SquareState]:
    state = SQUARE.deal(seed, SQUARE.parse_options(options))
    out = [state]
    for p in picks:
        moves = SQUARE.legal_moves(state)
        if not moves:
            break
        state = SQUARE.apply(state, moves[p % len(moves)])
        out.append(state)
    return out


def fanned_box(p: Pile) -> tuple[float, float, float, float]:
    n = max(0, len(p.cards) - 1)
    return (p.x, p.y, max(p.x + p.w, p.x + n * p.dx + CARD_W), max(p.y + p.h, p.y + n * p.dy + CARD_H))


def check_table(state: SquareState, t: Table) -> None:
    """Everything the table promises, against the engine."""
    legal = SQUARE.legal_moves(state)
    hand = state.hand
    assert [p.id for p in t.piles] == PILE_IDS
    # every legal move is exactly one way to play: a plain gesture, or one option of one gesture's pick
    ways: list[str] = [g.token for g in t.gestures if g.pick is None]
    ways += [token for g in t.gestures if g.pick is not None for _, token in g.pick.options]
    ways += [b.token for b in t.buttons if b.token]
    assert Counter(ways) == Counter(legal)
    assert t.buttons == ()
    assert not any(g.token in legal for g in t.gestures if g.pick is not None)  # a pick's own token plays nothing
    pairs = [(g.source, g.target) for g in t.gestures]
    assert len(pairs) == len(set(pairs))  # one gesture per (card, cell)
    for g in t.gestures:
        assert g.source is not None and g.target is not None and g.source[0] == "H" and not g.tap
        v, i = hand[g.source[1]], cell_index(g.target)
        assert state.grid[i] is None and why_not(state, v, i) is None
        k = cost(state, v, i)
        assert g.note == ("free" if k == 0 else f"cost {k}")
        rest = [h for h in hand if h != v]
        if 0 < k < len(rest):
            assert g.pick is not None and g.pick.count == k and g.pick.confirm
            assert g.pick.prompt == f"{v} on {g.target} costs {k}: pick {k} card{'' if k == 1 else 's'} to discard, then Confirm"
            assert len(g.pick.options) == comb(len(rest), k)
            for places, token in g.pick.options:
                assert list(places) == sorted(places) and len(set(places)) == k and g.source not in places
                assert all(p[0] == "H" for p in places)
                discards = "-".join(str(hand[j]) for _, j in places)
                assert token == f"{v}@{g.target}x{discards}"
        else:
            assert g.pick is None
            assert g.token == f"{v}@{g.target}" + (f"x{'-'.join(map(str, rest))}" if k else "")
    # refusals: exactly the illegal (hand card, empty cell) pairs, each with a reason
    refused = {(r.source, r.target): r.reason for r in t.refusals}
    assert len(refused) == len(t.refusals)
    expected = {(("H", j), cell_name(i)) for j, v in enumerate(hand) for i in range(36)
                if state.grid[i] is None and why_not(state, v, i) is not None}
    assert set(refused) == expected
    assert not set(refused) & set(pairs)
    for (source, target), reason in refused.items():
        v, i = hand[source[1]], cell_index(target)
        lo, hi = brute_bounds(state, i)
        k = cost(state, v, i)
        if not lo < v < hi:
            assert reason.startswith(f"Out of order: {target} needs a number ")
            assert (f"above {lo} (in " in reason) == (lo > 0) and (f"below {hi} (in " in reason) == (hi < 81)
        elif k > 4:
            assert reason.startswith(f"Cost {k} ({v} beside ") and reason.endswith("5 or more is not allowed")
        else:
            left = len(hand) - 1
            assert reason == f"Cost {k} but only {left} card{'' if left == 1 else 's'} left to pay it"
    # the piles show the state; dead cells are marked
    dead = dead_cells(state)
    for i, on in enumerate(state.grid):
        pile = t.pile(cell_name(i))
        assert pile.cards == ((str(on),) if on is not None else ())
        assert ("dead" in pile.marks) == (i in dead) and ("empty" in pile.marks) == (on is None)
        assert pile.note == ("dead" if i in dead else cell_name(i) if on is None else "")
        assert pile.name.startswith(f"cell {cell_name(i)}, ")
    assert t.pile("H").cards == tuple(map(str, hand))
    assert t.pile("D").cards == ((BACK,) if state.deck else ()) and t.pile("D").label == f"Deck {len(state.deck)}"
    assert all(p.badge == "" for p in t.piles)  # no bare number beside the score
    assert t.pile("X").cards == tuple(map(str, state.discards)) and t.pile("X").label == f"Discards {len(state.discards)}"
    assert t.pile("X").peek == bool(state.discards)
    assert t.score == f"Cells {state.filled}/36" and t.info == f"Deck {len(state.deck)} · Discards {len(state.discards)}"
    assert t.status == SQUARE.status(state) and t.prompt
    assert bool(t.summary) == (t.status != "playing") and (t.gestures == ()) == (t.status != "playing")
    # piles never overlap and fit the table
    boxes = [fanned_box(p) for p in t.piles]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 or b[3] <= a[1] + 1e-9
    assert all(0 <= x0 and x1 <= t.width + 1e-9 and 0 <= y0 and y1 <= t.height + 1e-9 for x0, y0, x1, y1 in boxes)


def brute_bounds(state: SquareState, i: int) -> tuple[int, int]:
    """The (lo, hi) window by brute force."""
    lo = max([x for x in state.grid[:i] if x is not None], default=0)
    hi = min([x for x in state.grid[i + 1:] if x is not None], default=81)
    return lo, hi


# -- the table: every legal move, one way ------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=40))
def test_every_legal_move_is_exactly_one_way_to_play(seed: int, options: str, picks: list[int]) -> None:
    states = random_states(seed, options, picks)
    for state in states[::4] + states[-1:]:
        for portrait in (True, False):
            check_table(state, table(state, portrait, frozenset()))


def test_whole_games_to_the_end_keep_their_promises() -> None:
    ends = {"won": 0, "lost": 0}
    for seed in range(1, 9):
        states = random_states(seed, "ends" if seed % 2 else "wrap", [seed * 7 + 3 * k for k in range(80)])
        for state in states:
            check_table(state, table(state, seed % 3 == 0, frozenset()))
        ends[SQUARE.status(states[-1])] += 1
    assert ends["lost"] > 0


def test_the_worked_example_shows_costs_picks_and_reasons() -> None:
    s = example()
    t = table(s, True, frozenset())
    check_table(s, t)
    h14, h28, h33, h41, h50 = (("H", j) for j in range(5))
    c1 = t.moves_from(h14)["C1"]
    assert c1.note == "cost 2" and c1.pick is not None
    assert [tok for _, tok in c1.pick.options] == [m for m in SQUARE.legal_moves(s) if m.startswith("14@C1")]
    assert c1.pick.token_for([h50, h41]) == "14@C1x41-50" and c1.pick.token_for([h41]) is None
    assert t.moves_from(h28)["D1"].note == "cost 2"
    assert t.moves_from(h33)["F1"].note == "cost 3" and t.moves_from(h33)["F1"].pick is not None
    assert t.moves_from(h50)["C2"] == Gesture("50@C2", h50, "C2", note="free")
    assert "F1" not in t.moves_from(h41) and "D1" not in t.moves_from(h14) and "B2" not in t.moves_from(h50)
    assert t.refusal(h14, "D1") == "Cost 16 (14 beside 30 in E1): 5 or more is not allowed"
    assert t.refusal(h41, "F1") == "Out of order: F1 needs a number above 30 (in E1) and below 35 (in A2)"
    assert t.refusal(h50, "B2") == "Cost 15 (50 beside 35 in A2): 5 or more is not allowed"
    assert t.refusal(h14, "A1") == "Out of order: A1 needs a number below 12 (in B1)"
    assert t.refusal(h50, "A1") == "Out of order: A1 needs a number below 12 (in B1)"
    assert t.refusal(h14, "C1") == "" and t.refusal(h14, "B1") == ""  # legal, or taken: nothing to explain
    assert t.prompt == "Drag or tap a hand card to a lit cell; the cell shows the cost"
    # with wrap, A2 (35) is beside F1 too: 33 on F1 costs min(3, 2) = 2
    w = make({"B1": 12, "E1": 30, "A2": 35}, "14.28.33.41.50", options="wrap")
    tw = table(w, False, frozenset())
    check_table(w, tw)
    assert tw.moves_from(h33)["F1"].note == "cost 2"
    assert tw.refusal(h50, "F1") == "Out of order: F1 needs a number above 30 (in E1) and below 35 (in A2)"


def test_a_cost_taking_every_card_left_plays_at_once_and_a_cost_too_high_for_the_hand_is_refused() -> None:
    s = short_hand()
    t = table(s, True, frozenset())
    check_table(s, t)
    h7, h22, h27 = ("H", 0), ("H", 1), ("H", 2)
    # 22 on E1 costs 2 (beside 20) and only 7 and 27 are left: both go, no choice to make
    assert t.moves_from(h22) == {"E1": Gesture("22@E1x7-27", h22, "E1", note="cost 2")}
    assert t.refusal(h7, "B1") == "Cost 3 but only 2 cards left to pay it"
    assert t.refusal(h27, "E1") == "Cost 3 but only 2 cards left to pay it"
    assert t.refusal(h7, "F6") == "Out of order: F6 needs a number above 59 (in E6)"
    assert t.sources() == [h22]
    # dead: nothing unseen lies after 59
    assert "dead" in t.pile("F6").marks and t.pile("F6").note == "dead" and "dead" in t.pile("F6").name
    assert t.pile("D").cards == () and t.pile("D").note == "empty"
    one = SQUARE.apply(s, "22@E1x7-27")
    assert one.hand == () and SQUARE.status(one) == "lost"
    o = table(one, True, frozenset())
    check_table(one, o)
    assert o.prompt == "No card fits any cell: game over with 34 of 36 cells filled"
    assert o.summary == ("34 of 36 cells filled.", "Discarded: 46 cards", "Dead cells: 2")
    assert o.result == "Game over: your hand is empty"


def test_dead_cells_are_marked_and_named() -> None:
    s = SQUARE.apply(make({"B1": 12, "D1": 14}, "13.20.21.22.23"), "20@A2")
    # discard 13 by putting 21 beside 20 (cost 1)... by hand: 13 is on the grid or gone
    s2 = SQUARE.apply(s, next(m for m in SQUARE.legal_moves(s) if m.startswith("21@B2x13")))
    assert 13 in s2.discards
    t = table(s2, False, frozenset())
    check_table(s2, t)
    assert [p.id for p in t.piles if "dead" in p.marks] == ["C1"]
    assert t.pile("C1").name == "cell C1, empty, dead: no card left can go here"
    assert t.pile("E1").name == "cell E1, empty, takes 15–19"
    assert t.pile("B1").name == "cell B1, 12" and t.pile("A1").note == "A1"


def test_a_win_stops_and_the_summary_counts_what_is_left() -> None:
    cells = {cell_name(i): i + 1 for i in range(35)}  # 1..35 on A1..E6, F6 empty
    s = make(cells, "36.70.71.72.73")
    t = table(s, True, frozenset())
    check_table(s, t)
    assert t.moves_from(("H", 0))["F6"].note == "cost 1"
    won = SQUARE.apply(s, "36@F6x70")
    w = table(won, True, frozenset())
    check_table(won, w)
    left = len(won.hand) + len(won.deck)
    assert w.status == "won" and w.score == "Cells 36/36"
    assert w.prompt == f"You filled the square, with {left} cards to spare!"
    assert w.summary == (f"Cards left (hand and deck): {left}", "Discarded: 1 card")
    assert w.result == "You won: all 36 cells are filled."


def test_ends_summary_says_what_the_player_placed() -> None:
    session = Session.new(SQUARE, 3, "ends")
    while session.legal_moves():
        session = session.played(session.legal_moves()[0])
    t = table(session.state, False, frozenset())
    check_table(session.state, t)
    placed = session.state.filled - 2
    assert f"Placed by you: {placed} (1 and 80 started on the board)" in t.summary
    assert t.summary[0] in (f"{session.state.filled} of 36 cells filled.", f"Cards left (hand and deck): {len(session.state.hand) + len(session.state.deck)}")


# -- layouts and faces ------------------------------------------------------------------------


def unit_for(t: Table, room_w: float, room_h: float) -> float:
    """The binding's scale: the table fits its room, clamped to 24..130 px."""
    return max(24.0, min(min(room_w / t.width, room_h / t.height), 130.0))


@pytest.mark.parametrize("portrait", [True, False])
def test_layout_grid_hand_and_piles(portrait: bool) -> None:
    s = example()
    t = table(s, portrait, frozenset())
    check_table(s, t)
    cells = [t.pile(c) for c in CELL_IDS]
    # a 6x6 grid in reading order, one card per cell
    for i, p in enumerate(cells):
        assert p.w == CARD_W and p.h == CARD_H
        assert p.x == pytest.approx(cells[i % 6].x) and p.y == pytest.approx(cells[6 * (i // 6)].y)
    assert [p.x for p in cells[:6]] == sorted(p.x for p in cells[:6])
    assert [p.y for p in cells[::6]] == sorted(p.y for p in cells[::6])
    hand = t.pile("H")
    assert hand.dx >= 0.88 and hand.w == pytest.approx(hand.dx * 4 + CARD_W)  # room for five, barely overlapping
    grid_bottom = cells[-1].y + CARD_H
    grid_right = cells[5].x + CARD_W
    if portrait:
        assert t.height > t.width and all(t.pile(k).y >= grid_bottom for k in "HDX")
        assert t.pile("D").x < hand.x < t.pile("X").x
    else:
        assert t.width > t.height and all(t.pile(k).x >= grid_right for k in "HDX")
        assert t.pile("D").y + CARD_H < hand.y


@pytest.mark.parametrize("room, portrait, least", [
    ((1264, 676), False, 70),  # a 1280x800 laptop
    ((374, 640), True, 50),  # a 390x844 phone held upright
    ((828, 266), False, 28),  # the same phone on its side
])
def test_the_layouts_fit_a_laptop_and_a_phone_without_sideways_scrolling(room: tuple[int, int], portrait: bool,
                                                                          least: float) -> None:
    t = table(example(), portrait, frozenset())
    u = unit_for(t, *room)
    assert t.width * u <= room[0] + 0.5 and t.height * u <= room[1] + 0.5
    assert u >= least


def test_layout_doc_numbers() -> None:
    p, w = layout(True), layout(False)
    assert p.width == pytest.approx(7.0) and w.height == pytest.approx(8.7)
    assert 390 / w.height >= 44.5  # a phone on its side: cards at least 44 px wide


def test_faces_show_the_number_and_the_hue_only_helps() -> None:
    names = set()
    for v in range(1, 81):
        f = face(str(v))
        assert f.pip == str(v) and f.corner == str(v) and f.classes == ("number",)
        assert f.name == f"card {v}" and f.hue == hue(v)
        names.add(f.name)
    assert len(names) == 80
    assert face("1").hue == 0 and face("80").hue == 270
    assert face(BACK).classes == () and face("81").classes == ()


def test_view_protocol_help_and_settings() -> None:
    assert get_view("square") is VIEW
    assert VIEW.game is SQUARE and VIEW.first_options == "ends" and VIEW.settings == SETTINGS == ()
    assert VIEW.help == HELP and VIEW.face("14") == face("14")
    s = SQUARE.deal(9, SQUARE.parse_options(""))
    assert VIEW.auto_token(s, frozenset()) is None and auto_token(s, frozenset({"instant"})) is None
    for words in ("reading order", "discard", "5 or more", "dead", "ends", "wrap", "Confirm", "Cancel", "36"):
        assert words.lower() in HELP.lower(), words


# -- in the controller ---------------------------------------------------------------------------


def controller(fragment: str = "", data: dict[str, str] | None = None) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.start(fragment, "https://example.org/orbit/")
    return c


def cards_of(board: Board | None, pile: str) -> list[str]:
    assert board is not None
    return [x.code for x in sorted(board.cards, key=lambda x: x.index) if x.pile == pile]


def test_the_first_square_game_starts_with_ends_and_later_deals_keep_the_players_options() -> None:
    data: dict[str, str] = {}
    c = controller("", data)
    c.open_game("square")
    v = c.view()
    assert c.session is not None and c.session.options_text == "ends"
    assert v.address.startswith("#g=square&v=1&o=ends&s=")
    assert cards_of(v.board, "A1") == ["1"] and cards_of(v.board, "F6") == ["80"]
    assert v.score == "Cells 2/36" and v.info == "Deck 73 · Discards 0"
    # ends is offered afterwards, not ticked (RULES 2.1: off after the first game);
    # the player deals with their own options: they are kept for the next deal
    c.dialogs.new_game()
    assert c.dialog is not None and {f.name: f.value for f in c.dialog.fields}["ends"] == ""
    c.dialogs.submit_new({"ends": "", "wrap": "1", "seed": "77"})
    assert c.view().address == "#g=square&v=1&o=wrap&s=77"
    assert cards_of(c.view().board, "A1") == []
    c.new_deal()
    assert c.session.options_text == "wrap" and data[OPTIONS_PREFIX + "square"] == "wrap"
    # with no save left, the tile deals with the player's options, not the first game's
    del data[SAVE_PREFIX + "square"]
    c.home()
    c.open_game("square")
    assert c.session.options_text == "wrap"
    # other games never start with ends
    c.open_game("gyre")
    assert c.session.options_text == ""


def pick_position() -> Session:
    """A position with a placement costing 2 out of 4 cards left, and a free one."""
    for seed in range(1, 200):
        session = Session.new(SQUARE, seed, "ends")
        for step in range(30):
            t = table(session.state, False, frozenset())
            if any(g.pick and g.pick.count == 2 for g in t.gestures) and any(g.note == "free" for g in t.gestures):
                return session
            moves = session.legal_moves()
            if not moves:
                break
            session = session.played(moves[(seed + 5 * step) % len(moves)])
    raise AssertionError("no position")


def test_a_drop_that_costs_asks_for_the_discards_then_confirm_plays_and_undo_restores() -> None:
    session = pick_position()
    link = session.link().fragment()
    c = controller(link)
    before = c.view()
    t = c.tables.table_now()
    assert t is not None
    g = next(g for g in t.gestures if g.pick and g.pick.count == 2)
    assert g.source is not None and g.target is not None and g.pick is not None
    c.drop(g.source, g.target)
    v = c.view()
    assert c.hand.picking is not None and v.prompt == g.pick.prompt
    assert v.address == link  # nothing played yet
    buttons = {b.id: b for b in v.buttons}
    assert not buttons["pick-confirm"].enabled and buttons["pick-cancel"].enabled
    assert v.board is not None
    assert {(x.pile, x.index) for x in v.board.cards if "choice" in x.classes} == set(g.pick.places)
    assert {p.id for p in v.board.piles if "lit" in p.classes} == {g.target}
    assert next(p for p in v.board.piles if p.id == g.target).note == g.note == f"cost {cost(session.state, session.state.hand[g.source[1]], cell_index(g.target))}"
    # cancel puts the card back
    c.press("pick-cancel")
    assert c.hand.picking is None and c.view().address == link
    # again, picking one card, then a second, then a third that is refused, then unpicking
    c.drop(g.source, g.target)
    (a, b), token = g.pick.options[-1]
    c.tap(*a)
    assert not {x.id: x for x in c.view().buttons}["pick-confirm"].enabled
    c.press("pick-confirm")
    assert c.hand.picking is not None and c.view().notice is not None and c.view().notice.text == "Pick 2 cards first."
    c.tap(*b)
    assert {x.id: x for x in c.view().buttons}["pick-confirm"].enabled
    others = [p for p in g.pick.places if p not in (a, b)]
    c.tap(*others[0])  # a third card is not taken
    assert c.hand.picking is not None and sorted(c.hand.picking.picked) == sorted([a, b])
    board = c.view().board
    assert board is not None
    picked = [x for x in board.cards if "picked" in x.classes]
    assert sorted((x.pile, x.index) for x in picked) == sorted([a, b])
    c.press("pick-confirm")
    v = c.view()
    assert v.address == (link + "." + token if "&m=" in link else link + "&m=" + token)
    hand = session.state.hand
    gone = {str(hand[a[1]]), str(hand[b[1]]), str(hand[g.source[1]])}
    assert cards_of(v.board, "X")[-2:] == sorted((str(hand[a[1]]), str(hand[b[1]])), key=int)
    assert not gone & set(cards_of(v.board, "H")) and len(cards_of(v.board, "H")) == 5
    assert cards_of(v.board, g.target) == [str(hand[g.source[1]])]
    # undo brings the discarded cards back to the hand
    c.undo()
    v = c.view()
    assert v.address == link
    assert cards_of(v.board, "H") == cards_of(before.board, "H") and cards_of(v.board, "X") == cards_of(before.board, "X")
    assert cards_of(v.board, g.target) == []


def test_taps_select_then_play_and_lit_cells_show_the_cost() -> None:
    session = pick_position()
    c = controller(session.link().fragment())
    t = c.tables.table_now()
    assert t is not None
    free = next(g for g in t.gestures if g.note == "free")
    assert free.source is not None and free.target is not None
    c.tap(*free.source)
    v = c.view()
    assert c.hand.selected == free.source and v.board is not None
    lit = {p.id: p.note for p in v.board.piles if "lit" in p.classes}
    assert lit == {target: g.note for target, g in t.moves_from(free.source).items()}
    assert dict(v.board.holds[free.source]) == lit
    # a refused cell says why on hover while the card is held
    refused = next(r for r in t.refusals if r.source == free.source)
    assert next(p for p in v.board.piles if p.id == refused.target).why == refused.reason
    c.tap(free.target)
    assert c.view().address.endswith("." + free.token)


def test_a_drop_on_an_illegal_cell_says_why_and_plays_nothing() -> None:
    c = controller("#g=square&v=1&o=ends&s=1")  # hand 11 27 38 61 74; 1 in A1, 80 in F6
    t = c.tables.table_now()
    assert t is not None and c.session is not None and c.session.state.hand == (11, 27, 38, 61, 74)
    c.drop(("H", 0), "B1")
    v = c.view()
    assert v.notice is not None and v.notice.text == "Cost 10 (11 beside 1 in A1): 5 or more is not allowed"
    assert v.address == "#g=square&v=1&o=ends&s=1" and c.hand.picking is None
    c.drop(("H", 4), "E6")  # 74 beside 80: cost 6
    assert c.view().notice.text == "Cost 6 (74 beside 80 in F6): 5 or more is not allowed"  # type: ignore[union-attr]
    c.drop(("H", 0), "A1")  # taken: no gesture, no reason, nothing played
    assert c.view().address == "#g=square&v=1&o=ends&s=1"
    c.drop(("H", 0), "C1")  # free
    assert c.view().address == "#g=square&v=1&o=ends&s=1&m=11@C1"
    c.drop(("H", c.session.state.hand.index(27)), "B1")  # 27 can no longer go before 11
    assert c.view().notice.text == "Out of order: B1 needs a number above 1 (in A1) and below 11 (in C1)"  # type: ignore[union-attr]
    assert c.view().address == "#g=square&v=1&o=ends&s=1&m=11@C1"


def test_the_board_is_the_same_from_a_link_a_save_and_undo_redo() -> None:
    data: dict[str, str] = {}
    c = controller("#g=square&v=1&o=ends&s=21", data)
    assert c.session is not None
    for step in range(20):
        moves = c.session.legal_moves()
        if not moves:
            break
        c.play(moves[(step * 11) % len(moves)])
        seen = c.view()
        fresh = controller(seen.address).view()
        assert fresh.board is not None and seen.board is not None
        assert {p.id: cards_of(fresh.board, p.id) for p in fresh.board.piles} == \
               {p.id: cards_of(seen.board, p.id) for p in seen.board.piles}
        assert controller("", dict(data)).view().address == seen.address
    assert all(x.code == "" for x in c.view().board.cards if x.pile == "D")  # type: ignore[union-attr]
