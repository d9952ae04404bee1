"""Solitaire Square (RULES.md section 2): the worked example, every ambiguity
decision, the invariants as properties over random games (checked against an
independent brute-force reading of the rules), golden deals, text round-trips,
robust parsing of any text, replays and the command line."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.cli import main
from pyapp.core.errors import IllegalMoveError, OrbitError, ParseError
from pyapp.games import get_game
from pyapp.games.square.rules import (
    SQUARE,
    SquareMove,
    SquareOptions,
    SquareState,
    bounds,
    cell_index,
    cell_name,
    cost,
    dead_cells,
    greedy_move,
    hue,
    placements,
    why_not,
)
from pyapp.core.links import Link
from pyapp.core.rng import SplitMix64, shuffled
from pyapp.app.session import Session

ALL_OPTIONS = ["", "ends", "wrap", "ends,wrap"]
COLUMNS = "ABCDEF"


# -- helpers, written independently of the engine ---------------------------------------
def name_of(i: int) -> str:
    return COLUMNS[i % 6] + str(i // 6 + 1)


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(".") if x]


def grid_text(cells: dict[str, int]) -> str:
    g = ["-"] * 36
    for name, v in cells.items():
        g[COLUMNS.index(name[0]) + 6 * (int(name[1]) - 1)] = str(v)
    return "/".join(".".join(g[r * 6:(r + 1) * 6]) for r in range(6))


def make_text(cells: dict[str, int], hand: str, deck: str = "", discards: str = "", options: str = "",
              rest: str = "D") -> str:
    """A state text from its fields. The cards not named go, ascending, to the
    bottom of the deck (``rest="D"``) or to the discards (``rest="X"``)."""
    named = set(cells.values()) | set(ints(hand)) | set(ints(deck)) | set(ints(discards))
    left = [str(v) for v in range(1, 81) if v not in named]
    if rest == "D":
        deck = ".".join([d for d in deck.split(".") if d] + left)
    else:
        discards = ".".join([d for d in discards.split(".") if d] + left)
    text = f"SQ1|G={grid_text(cells)}|H={hand}|D={deck}|X={discards}"
    return text + (f"|O={options}" if options else "")


def make(cells: dict[str, int], hand: str, deck: str = "", discards: str = "", options: str = "",
         rest: str = "D") -> SquareState:
    return SQUARE.parse_state(make_text(cells, hand, deck, discards, options, rest))


def first_cells(n: int, value: int = 1, step: int = 1) -> dict[str, int]:
    """Cells A1.. (reading order) filled with value, value+step, ..."""
    return {name_of(i): value + step * i for i in range(n)}


def example(options: str = "") -> SquareState:
    """RULES.md 2.6: B1=12, E1=30, A2=35; hand 14 28 33 41 50."""
    return make({"B1": 12, "E1": 30, "A2": 35}, "14.28.33.41.50", options=options)


def play(state: SquareState, *tokens: str) -> SquareState:
    for token in tokens:
        state = SQUARE.apply(state, token)
    return state


def oracle_neighbours(i: int, wrap: bool) -> list[int]:
    col = i % 6
    out = []
    if col > 0 or (wrap and i > 0):
        out.append(i - 1)
    if col < 5 or (wrap and i < 35):
        out.append(i + 1)
    return out


def oracle_cost(grid: tuple[int | None, ...], wrap: bool, v: int, i: int) -> int:
    diffs = [abs(v - n) for j in oracle_neighbours(i, wrap) if (n := grid[j]) is not None]
    return min(diffs) if diffs else 0


def oracle_window(grid: tuple[int | None, ...], i: int) -> tuple[int, int]:
    lo = max([x for x in grid[:i] if x is not None], default=0)
    hi = min([x for x in grid[i + 1:] if x is not None], default=81)
    return lo, hi


def oracle_moves(s: SquareState) -> set[str]:
    """Every legal token by RULES.md 2.4/2.5, by brute force."""
    if None not in s.grid:
        return set()
    out = set()
    for i in range(36):
        if s.grid[i] is not None:
            continue
        lo, hi = oracle_window(s.grid, i)
        for v in s.hand:
            c = oracle_cost(s.grid, s.options.wrap, v, i)
            if lo < v < hi and c <= 4 and c <= len(s.hand) - 1:
                for ds in itertools.combinations(sorted(set(s.hand) - {v}), c):
                    out.add(f"{v}@{name_of(i)}" + ("x" + "-".join(map(str, ds)) if ds else ""))
    return out


def oracle_dead(s: SquareState) -> set[int]:
    unseen = set(range(1, 81)) - {v for v in s.grid if v is not None} - set(s.discards)
    dead = set()
    for i in range(36):
        if s.grid[i] is None:
            lo, hi = oracle_window(s.grid, i)
            if not any(lo < u < hi for u in unseen):
                dead.add(i)
    return dead


# -- RULES.md 2.6, the worked example ------------------------------------------------------
EXAMPLE_ROWS = [
    # card, cell, (lo, hi), cost, legal
    (14, "C1", (12, 30), 2, True),
    (14, "D1", (12, 30), 16, False),
    (28, "D1", (12, 30), 2, True),
    (33, "F1", (30, 35), 3, True),
    (41, "F1", (30, 35), 11, False),
    (50, "B2", (35, 81), 15, False),
    (50, "C2", (35, 81), 0, True),
]


@pytest.mark.parametrize("card,name,window,price,legal", EXAMPLE_ROWS)
def test_worked_example_every_row(card: int, name: str, window: tuple[int, int], price: int, legal: bool) -> None:
    s = example()
    i = cell_index(name)
    assert bounds(s, i) == window and cost(s, card, i) == price
    assert (why_not(s, card, i) is None) == legal
    assert ((card, i, price) in placements(s)) == legal
    mine = [m for m in SQUARE.legal_moves(s) if m.startswith(f"{card}@{name}")]
    if not legal:
        assert mine == []
    elif price == 0:
        assert mine == [f"{card}@{name}"]  # free: one move, no x
    else:
        assert len(mine) == len(list(itertools.combinations(range(4), price)))  # every discard set of size cost
        assert all(len(SquareMove.parse(m).discards) == price for m in mine)


def test_worked_example_reasons() -> None:
    s = example()
    assert why_not(s, 14, cell_index("D1")) == "cost 16 is 5 or more"
    assert why_not(s, 41, cell_index("F1")) == "out of order: 41 must be lower than 35 in A2"
    assert why_not(s, 50, cell_index("B2")) == "cost 15 is 5 or more"
    assert why_not(s, 14, cell_index("A1")) == "out of order: 14 must be lower than 12 in B1"
    assert why_not(s, 28, cell_index("B2")) == "out of order: 28 must be higher than 35 in A2"


def test_worked_example_wrap_case() -> None:
    s = example("wrap")
    f1 = cell_index("F1")
    assert cost(example(), 33, f1) == 3 and cost(s, 33, f1) == 2  # A2=35 counts only with wrap: min(3, 2)
    assert [m for m in SQUARE.legal_moves(s) if m.startswith("33@F1")] == [
        "33@F1x14-28", "33@F1x14-41", "33@F1x14-50", "33@F1x28-41", "33@F1x28-50", "33@F1x41-50"]
    # and A2's left neighbour is F1 with wrap: 36 could go to B2 for free only without it
    assert cost(s, 36, cell_index("B2")) == 1 and cost(example(), 36, cell_index("B2")) == 1


def test_worked_example_state_text_and_the_move_of_the_notation_section() -> None:
    s = example()
    text = SQUARE.format_state(s)
    assert text.startswith("SQ1|G=-.12.-.-.30.-/35.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-"
                           "|H=14.28.33.41.50|D=1.2.3.4.")
    assert text.endswith("|X=")
    t = SQUARE.apply(s, "14@C1x41-50")  # RULES.md 2.9's token
    assert t.grid[2] == 14 and t.discards == (41, 50) and t.hand == (1, 2, 3, 28, 33)
    assert SQUARE.format_state(t).endswith("|X=41.50") and SQUARE.score(t) == 4
    u = SQUARE.apply(s, "50@C2")
    assert u.grid[8] == 50 and u.discards == () and u.hand == (1, 14, 28, 33, 41)


def test_dooming_placements_are_legal_and_the_cell_shows_dead() -> None:
    s = make({"B1": 12}, "14.20.30.40.50", discards="13", rest="D")
    assert why_not(s, 14, cell_index("D1")) is None and "14@D1" in SQUARE.legal_moves(s)
    t = SQUARE.apply(s, "14@D1")
    c1 = cell_index("C1")
    assert bounds(t, c1) == (12, 14)  # only 13 fits, and 13 is discarded
    assert c1 in dead_cells(t) and SQUARE.status(t) == "playing" and SQUARE.legal_moves(t)
    # with 13 still unseen (here in the deck) the cell is alive
    alive = SQUARE.apply(make({"B1": 12}, "14.20.30.40.50", discards="15"), "14@D1")
    assert c1 not in dead_cells(alive)


def test_the_replay_link_of_the_notation_section() -> None:
    link = Link.parse("#g=square&v=1&o=ends&s=7&m=50@C2.14@C1x41-50")
    assert link.game == "square" and link.options == "ends" and link.moves == ("50@C2", "14@C1x41-50")
    for tok in link.moves:
        assert str(SquareMove.parse(tok)) == tok
    # it only illustrates the syntax: 50 is not in seed 7's first hand, so the replay is refused
    assert 50 not in SQUARE.deal(7, SQUARE.parse_options("ends")).hand
    with pytest.raises(IllegalMoveError, match="move 1 of the link"):
        Session.from_link(link)


# -- RULES.md 2.7, every decision ------------------------------------------------------------
def test_decision_1_one_total_reading_order() -> None:
    s = make({"A1": 30}, "20.25.40.45.50")
    # every card in row 2 must exceed every card of row 1, whatever the column
    assert why_not(s, 20, cell_index("A2")) == "out of order: 20 must be higher than 30 in A1"
    assert why_not(s, 25, cell_index("B3")) is not None
    assert why_not(s, 40, cell_index("A2")) is None and why_not(s, 40, cell_index("F1")) is None
    assert why_not(s, 20, cell_index("F6")) is not None  # a Young tableau would allow this, the sequence does not
    assert all(i > 0 and v > 30 for v, i, _ in placements(s))


def test_decision_2_order_is_checked_against_non_adjacent_cards() -> None:
    s = make({"A1": 10, "F1": 50}, "5.20.60.49.51")
    assert why_not(s, 60, cell_index("C1")) == "out of order: 60 must be lower than 50 in F1"
    assert why_not(s, 49, cell_index("D3")) == "out of order: 49 must be higher than 50 in F1"
    assert why_not(s, 51, cell_index("D3")) is None and why_not(s, 20, cell_index("C1")) is None
    assert why_not(s, 5, cell_index("F6")) is not None


def test_decision_3_only_horizontal_neighbours_count_and_wrap_is_an_option() -> None:
    s = make({"B1": 20, "B3": 40}, "21.22.30.31.35")
    b2 = cell_index("B2")
    assert cost(s, 30, b2) == 0  # B1 above and B3 below are not neighbours
    assert "30@B2" in SQUARE.legal_moves(s)
    assert cost(s, 22, cell_index("C1")) == 2 and cost(s, 21, cell_index("A1")) == 1
    plain = make({"F1": 20, "A3": 40}, "21.22.30.31.35")
    wrapped = make({"F1": 20, "A3": 40}, "21.22.30.31.35", options="wrap")
    a2, f2 = cell_index("A2"), cell_index("F2")
    assert cost(plain, 22, a2) == 0 and cost(wrapped, 22, a2) == 2  # F1 | A2
    assert cost(plain, 35, f2) == 0 and cost(wrapped, 35, f2) == 5  # F2 | A3
    assert "35@F2" in SQUARE.legal_moves(plain) and not any(m.startswith("35@F2") for m in SQUARE.legal_moves(wrapped))
    # no wrap between F6 and A1: they are not consecutive
    corner = make({"A1": 3}, "75.76.77.78.79", options="wrap")
    assert cost(corner, 79, cell_index("F6")) == 0


def test_decision_5_two_neighbours_use_the_smaller_difference() -> None:
    s = make({"A1": 10, "C1": 20}, "12.17.30.40.50")
    b1 = cell_index("B1")
    assert cost(s, 12, b1) == 2 and cost(s, 17, b1) == 3
    assert [m for m in SQUARE.legal_moves(s) if m.startswith("12@B1")][0] == "12@B1x17-30"


def test_decision_6_the_player_chooses_the_discards_from_the_rest_of_the_hand() -> None:
    s = example()
    moves = [m for m in SQUARE.legal_moves(s) if m.startswith("14@C1")]
    assert moves == ["14@C1x28-33", "14@C1x28-41", "14@C1x28-50", "14@C1x33-41", "14@C1x33-50", "14@C1x41-50"]
    for token, why in [
        ("14@C1", "costs 2, so discard exactly 2 cards"),
        ("14@C1x41", "costs 2, so discard exactly 2 cards"),
        ("14@C1x28-33-41", "costs 2"),
        ("14@C1x14-41", "cannot also be discarded"),  # the placed card never counts toward the cost
        ("14@C1x40-41", "40 is not in your hand"),
        ("50@C2x14", "costs nothing, write it 50@C2"),
    ]:
        with pytest.raises(IllegalMoveError, match=why):
            SQUARE.apply(s, token)
    # cost equal to the cards left: all of them go, and the token still names them
    t = make(first_cells(28), "30.33.60", rest="X")
    assert SQUARE.legal_moves(t) == ["30@E5x33-60", "30@F5", "30@A6", "30@B6", "30@C6", "30@D6", "30@E6", "30@F6",
                                     "33@F5", "33@A6", "33@B6", "33@C6", "33@D6", "33@E6", "33@F6",
                                     "60@F5", "60@A6", "60@B6", "60@C6", "60@D6", "60@E6", "60@F6"]
    with pytest.raises(IllegalMoveError, match="costs 2"):
        SQUARE.apply(t, "30@E5")


def test_decision_7_a_small_hand_pays_in_full_or_cannot_place() -> None:
    s = make(first_cells(28), "31.33.60", rest="X")  # A1..D5 = 1..28, deck empty
    e5 = cell_index("E5")
    assert cost(s, 31, e5) == 3 and why_not(s, 31, e5) == "cost 3 but only 2 cards left to pay it"
    assert why_not(s, 33, e5) == "cost 5 is 5 or more"
    assert why_not(s, 31, cell_index("F5")) is None
    one = make(first_cells(28), "29", rest="X")
    assert why_not(one, 29, e5) == "cost 1 but only 0 cards left to pay it"
    assert SQUARE.legal_moves(one) == ["29@F5", "29@A6", "29@B6", "29@C6", "29@D6", "29@E6", "29@F6"]
    assert (31, e5, 3) not in placements(s) and (31, cell_index("F5"), 0) in placements(s)
    # E5 is the only empty cell left in order: 2 cards cannot pay 2 or 3, so the game is lost
    cells = {**first_cells(28), **{name_of(i): 21 + i for i in range(29, 36)}}  # F5..F6 = 50..56
    stuck = make(cells, "30.31", rest="X")
    assert [cost(stuck, v, e5) for v in (30, 31)] == [2, 3] and placements(stuck) == []
    assert SQUARE.status(stuck) == "lost" and SQUARE.legal_moves(stuck) == []
    assert SQUARE.status(make(cells, "29.31", rest="X")) == "playing"  # cost 1 is payable with one card left
    two = make(first_cells(28), "29.40", rest="X")
    assert why_not(two, 40, e5) == "cost 12 is 5 or more"
    assert "29@E5x40" in SQUARE.legal_moves(two)


def test_decision_8_the_deck_runs_out_and_play_goes_on_with_a_smaller_hand() -> None:
    s = make(first_cells(28), "30.31.40.50.60", deck="70.71", rest="X")
    before = s.discards
    t = SQUARE.apply(s, "30@E5x40-50")
    assert t.deck == () and t.hand == (31, 60, 70, 71) and t.discards == before + (40, 50)
    assert SQUARE.status(t) == "playing" and SQUARE.legal_moves(t)
    u = SQUARE.apply(t, "31@F5x60")  # cost 1: the hand shrinks, nothing to draw, discards never come back
    assert u.hand == (70, 71) and u.deck == () and u.discards == before + (40, 50, 60)
    assert SQUARE.format_state(u).split("|")[2:4] == ["H=70.71", "D="]


def test_decision_9_placements_that_make_a_full_grid_impossible_are_allowed() -> None:
    s = make({"A1": 10}, "11.12.13.14.60")
    t = SQUARE.apply(s, "12@C1")  # B1 can now only take 11
    u = SQUARE.apply(t, "13@D1x11")  # ... and 11 is thrown away (cost 1)
    assert cell_index("B1") in dead_cells(u) and SQUARE.status(u) == "playing"


def test_decision_10_a_full_grid_wins_without_refill_and_no_move_loses() -> None:
    cells = {name_of(i): 2 * i + 3 for i in range(36) if i != 20}  # odd 3..73, C4 (43) missing
    s = make(cells, "10.42.43.44.78", deck="2.4.6")
    c4 = cell_index("C4")
    assert bounds(s, c4) == (41, 45) and cost(s, 43, c4) == 2 and cost(s, 42, c4) == 1
    assert [m for m in SQUARE.legal_moves(s)] == [
        "42@C4x10", "42@C4x43", "42@C4x44", "42@C4x78",
        "43@C4x10-42", "43@C4x10-44", "43@C4x10-78", "43@C4x42-44", "43@C4x42-78", "43@C4x44-78",
        "44@C4x10", "44@C4x42", "44@C4x43", "44@C4x78"]
    frames = SQUARE.steps(s, "42@C4x10")
    t = frames[-1]
    assert len(frames) == 1 and SQUARE.status(t) == "won" and SQUARE.score(t) == 36
    assert t.hand == (43, 44, 78) and t.deck == s.deck and t.discards == s.discards + (10,)  # cost paid, no refill
    assert SQUARE.legal_moves(t) == [] and placements(t) == [] and dead_cells(t) == frozenset()
    assert SQUARE.parse_state(SQUARE.format_state(t)) == t
    with pytest.raises(IllegalMoveError, match="won"):
        SQUARE.apply(t, "43@C4")
    # lost: a full hand where every card breaks the order
    lost = make(cells, "10.20.30.60.78", deck="2.4.6")
    assert SQUARE.status(lost) == "lost" and SQUARE.legal_moves(lost) == [] and SQUARE.score(lost) == 35
    assert why_not(lost, 10, c4) == "out of order: 10 must be higher than 41 in B4"
    # lost: the hand ran empty with the deck empty
    empty = SQUARE.apply(make(first_cells(28), "30.33.60", rest="X"), "30@E5x33-60")
    assert empty.hand == () and SQUARE.status(empty) == "lost" and SQUARE.legal_moves(empty) == []


def test_decision_10_lost_when_every_option_costs_too_much() -> None:
    cells = {name_of(i): i + 1 for i in range(36) if i != 35}  # A1..E6 = 1..35, F6 empty, E6=35
    s = make(cells, "40.50.60.70.80", deck="41", rest="X")
    assert [why_not(s, v, 35) for v in s.hand] == [f"cost {v - 35} is 5 or more" for v in s.hand]
    assert SQUARE.status(s) == "lost" and SQUARE.legal_moves(s) == []
    assert SQUARE.status(make(cells, "39.50.60.70.80", deck="41", rest="X")) == "playing"  # cost 4 is allowed


def test_decision_11_score_is_the_filled_cells_including_the_ends() -> None:
    assert SQUARE.score(example()) == 3
    assert SQUARE.score(SQUARE.deal(3, SQUARE.parse_options("ends"))) == 2
    assert SQUARE.score(SQUARE.deal(3, SQUARE.parse_options(""))) == 0


def test_decision_12_ends_starts_with_1_in_a1_and_80_in_f6() -> None:
    for seed in range(30):
        s = SQUARE.deal(seed, SQUARE.parse_options("ends"))
        assert s.grid[0] == 1 and s.grid[35] == 80 and s.grid.count(None) == 34
        dealt = shuffled(list(range(2, 80)), seed)
        assert s.hand == tuple(sorted(dealt[:5])) and list(s.deck) == dealt[5:] and len(s.deck) == 73
        plain = SQUARE.deal(seed, SQUARE.parse_options(""))
        dealt = shuffled(list(range(1, 81)), seed)
        assert plain.grid == (None,) * 36 and plain.hand == tuple(sorted(dealt[:5])) and list(plain.deck) == dealt[5:]
    with pytest.raises(ParseError, match="with ends"):
        make({"B1": 1, "F6": 80}, "2.3.4.5.6", options="ends")
    with pytest.raises(ParseError, match="with ends"):
        make({"A1": 1}, "2.3.4.5.6", options="ends")
    assert make({"A1": 1, "F6": 80}, "2.3.4.5.6", options="ends").options == SquareOptions(ends=True)


def test_options_and_option_specs() -> None:
    assert [(o.name, o.kind, o.default) for o in SQUARE.option_specs] == [("ends", "flag", ""), ("wrap", "flag", "")]
    for text in ALL_OPTIONS + ["wrap,ends"]:
        opts = SQUARE.parse_options(text)
        assert SQUARE.parse_options(SQUARE.format_options(opts)) == opts
    assert SQUARE.format_options(SQUARE.parse_options("wrap,ends")) == "ends,wrap"
    assert SQUARE.parse_options("") == SquareOptions()
    for bad, why in [("turbo", "unknown Solitaire Square option"), ("ends,ends", "twice"), ("wrap=1", "no value")]:
        with pytest.raises(ParseError, match=why):
            SQUARE.parse_options(bad)


# -- RULES.md 2.8, invariants over random games ---------------------------------------------
def all_cards(s: SquareState) -> list[int]:
    return sorted([v for v in s.grid if v is not None] + list(s.hand) + list(s.deck) + list(s.discards))


def check_state(s: SquareState) -> None:
    assert all_cards(s) == list(range(1, 81))  # conservation, disjoint
    filled = [v for v in s.grid if v is not None]
    assert filled == sorted(filled)  # strictly increasing in reading order (values are distinct)
    for r in range(6):
        row = [v for v in s.grid[r * 6:(r + 1) * 6] if v is not None]
        assert row == sorted(row)
    assert list(s.hand) == sorted(s.hand) and len(s.hand) <= 5
    if s.options.ends:
        assert s.grid[0] == 1 and s.grid[35] == 80
    full = None not in s.grid
    legal = SQUARE.legal_moves(s)
    status = SQUARE.status(s)
    assert (status == "won") == full
    assert (status == "lost") == (not legal and not full)  # lost exactly when no move and the grid is not full
    assert (status == "playing") == bool(legal)
    assert SQUARE.score(s) == len(filled)
    assert set(legal) == oracle_moves(s) and len(legal) == len(set(legal))
    assert legal == sorted(legal, key=lambda t: tuple(SquareMove.parse(t)))  # card, cell, discards
    assert SQUARE.parse_state(SQUARE.format_state(s)) == s


def check_step(before: SquareState, token: str, after: SquareState) -> None:
    move = SquareMove.parse(token)
    v, i, ds = move
    wrap = before.options.wrap
    assert str(move) == token
    for j, x in enumerate(before.grid):
        if x is not None:
            assert after.grid[j] == x  # cards never leave the grid
    assert before.grid[i] is None and after.grid[i] == v
    assert [j for j in range(36) if before.grid[j] != after.grid[j]] == [i]
    price = oracle_cost(before.grid, wrap, v, i)
    assert 0 <= price <= 4 and len(ds) == price  # discards exactly the cost
    assert (price == 0) == all(before.grid[j] is None for j in oracle_neighbours(i, wrap))
    assert price <= len(before.hand) - 1
    assert after.discards == before.discards + ds and list(ds) == sorted(ds)
    assert len(after.deck) <= len(before.deck) and after.deck == before.deck[len(before.deck) - len(after.deck):]
    drawn = before.deck[: len(before.deck) - len(after.deck)]
    assert sorted(after.hand) == sorted(set(before.hand) - {v} - set(ds) | set(drawn))
    if None in after.grid:
        assert len(after.hand) == 5 or not after.deck  # refilled unless the deck is empty
    else:
        assert drawn == ()  # a win stops without refill
    frames = SQUARE.steps(before, token)
    assert frames[-1] == after and 1 <= len(frames) <= 2 and all(f.grid == after.grid for f in frames)
    assert frames[0].deck == before.deck and frames[0].discards == after.discards


def random_game(seed: int, options: str, picks: list[int], mode: str) -> list[tuple[SquareState, str, SquareState]]:
    """A game from the deal; each move is picks[k] % len(legal) ("random"),
    the greedy move ("greedy"), or one of the two ("mixed": random when pick % 4 == 0)."""
    state = SQUARE.deal(seed, SQUARE.parse_options(options))
    out = []
    for pick in picks:
        moves = SQUARE.legal_moves(state)
        if not moves:
            break
        use_greedy = mode == "greedy" or (mode == "mixed" and pick % 4 != 0)
        token = greedy_move(state) if use_greedy else moves[pick % len(moves)]
        after = SQUARE.apply(state, token)
        out.append((state, token, after))
        state = after
    return out


GAME = dict(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
            mode=st.sampled_from(["random", "greedy", "mixed"]),
            picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=40, max_size=40))


@settings(max_examples=60, deadline=None)
@given(**GAME)
def test_invariants_hold_in_random_games(seed: int, options: str, mode: str, picks: list[int]) -> None:
    game = random_game(seed, options, picks, mode)
    check_state(SQUARE.deal(seed, SQUARE.parse_options(options)))
    for before, token, after in game:
        check_step(before, token, after)
        check_state(after)
    final = game[-1][2]
    assert SQUARE.status(final) != "playing", "a game ends within 36 placements"


@settings(max_examples=50, deadline=None)
@given(**GAME)
def test_helpers_agree_with_the_rules(seed: int, options: str, mode: str, picks: list[int]) -> None:
    game = random_game(seed, options, picks[: picks[0] % 40], mode)
    s = game[-1][2] if game else SQUARE.deal(seed, SQUARE.parse_options(options))
    places = placements(s)
    assert places == sorted(places)
    assert {(SquareMove.parse(t).card, SquareMove.parse(t).cell) for t in SQUARE.legal_moves(s)} == {
        (v, i) for v, i, _ in places}
    for i in range(36):
        if s.grid[i] is None:
            assert bounds(s, i) == oracle_window(s.grid, i)
        for v in s.hand:
            assert cost(s, v, i) == oracle_cost(s.grid, s.options.wrap, v, i)
            legal = why_not(s, v, i) is None
            assert legal == ((v, i, cost(s, v, i)) in places)
            if not legal:
                assert why_not(s, v, i)
    assert dead_cells(s) == oracle_dead(s)
    if SQUARE.status(s) == "playing":
        assert greedy_move(s) in SQUARE.legal_moves(s)
    else:
        with pytest.raises(IllegalMoveError):
            greedy_move(s)


@settings(max_examples=25, deadline=None)
@given(**GAME)
def test_replay_of_seed_and_tokens_equals_the_live_state(seed: int, options: str, mode: str, picks: list[int]) -> None:
    session = Session.new(SQUARE, seed, options)
    for before, token, after in random_game(seed, options, picks, mode):
        assert session.state == before
        session = session.played(token)
        assert session.state == after
    link = session.link().fragment()
    assert link.startswith(f"#g=square&v=1&o={SQUARE.format_options(SQUARE.parse_options(options))}&s={seed}")
    again = Session.from_link(link)
    assert again.state == session.state and again.moves == session.moves
    assert again.status() == SQUARE.status(session.state) and again.score() == SQUARE.score(session.state)
    saved = Session.from_save(session.to_save())
    assert saved.state == session.state
    if session.moves:
        session = session.undone()
        assert Session.from_save(session.to_save()).redo_moves == session.redo_moves


def test_greedy_player_is_in_the_ballpark_of_the_sanity_check() -> None:
    # RULES.md 2.7: a naive greedy bot fills about 32 of 36 cells and wins about 4-6%
    scores, won = [], 0
    for seed in range(1, 101):
        s = SQUARE.deal(seed, SQUARE.parse_options(""))
        while SQUARE.status(s) == "playing":
            s = SQUARE.apply(s, greedy_move(s))
        scores.append(SQUARE.score(s))
        won += SQUARE.status(s) == "won"
    assert 31 <= sum(scores) / len(scores) <= 35 and 1 <= won <= 20


def test_greedy_prefers_the_cheapest_placement_and_throws_away_useless_cards() -> None:
    # 40 and 41 fit only between A1=10 and F1=50 ... at cost 0 in C1..E1; everything else costs more
    s = make({"A1": 10, "F1": 50, "A2": 60}, "40.41.55.75.79")
    move = SquareMove.parse(greedy_move(s))
    assert cost(s, move.card, move.cell) == min(c for _, _, c in placements(s)) == 0
    # here every placement costs 1 (next to 12 or 14); the discard is 79, above 70 in F6, which fits nowhere
    u = make({"A1": 10, "B1": 11, "C1": 12, "E1": 14, "F6": 70}, "13.75.76.77.79")
    assert greedy_move(u) == "13@D1x79"
    # free placements everywhere: 30 goes where an even spread of 12..70 over B1..F6 puts it (1 + 18/58*34 = 11.6)
    assert greedy_move(make({"A1": 10, "B1": 12, "F6": 70}, "13.30.76.77.79")) == "30@A3"


# -- golden deals ----------------------------------------------------------------------------
GOLDEN = {
    (1, ""): "SQ1|G=-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-|H=9.15.44.60.65|D=74.64.80.62.35.31.79.10.4.52.53.38.3.19.33.18.7.46.16.68.41.49.50.12.61.6.20.57.72.55.73.42.43.76.23.29.45.69.30.51.63.22.54.39.37.21.71.59.14.40.70.27.77.28.47.13.17.48.36.25.11.78.5.32.58.56.1.26.75.24.34.8.67.2.66|X=",
    (1, "ends"): "SQ1|G=1.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.80|H=11.27.38.61.74|D=76.19.71.44.40.7.36.4.70.48.14.41.45.51.20.22.17.21.26.54.78.28.66.15.72.24.32.56.63.67.57.49.50.30.10.8.25.35.29.43.9.18.69.2.33.64.60.46.79.3.75.5.6.62.77.23.53.34.42.39.58.68.59.12.52.31.47.13.55.37.16.65.73|X=|O=ends",
    (2, ""): "SQ1|G=-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-|H=10.32.41.55.75|D=13.20.67.51.49.57.72.68.53.27.1.36.11.37.77.71.8.3.23.15.34.43.74.33.38.18.80.63.78.62.69.61.6.16.39.35.22.64.66.45.59.4.48.24.52.9.2.47.29.7.5.58.54.60.76.44.21.25.19.12.56.14.42.17.50.26.40.79.73.70.30.65.46.28.31|X=",
    (2, "ends"): "SQ1|G=1.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.80|H=4.21.42.61.73|D=50.15.29.78.54.31.27.28.24.47.34.22.76.39.60.18.14.48.23.44.70.62.65.79.57.45.3.68.12.16.41.17.2.46.56.69.66.20.49.26.51.10.71.75.19.63.52.55.30.77.43.67.59.33.40.58.32.35.53.8.74.6.7.13.11.9.64.37.5.38.25.72.36|X=|O=ends",
    (42, ""): "SQ1|G=-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-|H=39.40.46.60.61|D=52.72.14.63.7.3.66.62.18.47.32.65.64.8.22.77.43.49.76.4.74.73.9.55.51.58.15.29.56.68.12.5.78.21.27.1.11.45.42.44.70.17.30.71.2.79.28.57.20.6.25.23.59.34.75.16.36.19.80.31.33.26.67.41.48.69.38.53.50.13.35.24.37.10.54|X=",
    (42, "ends"): "SQ1|G=1.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.80|H=3.13.20.61.66|D=47.33.16.24.9.2.40.50.72.28.35.54.75.38.22.79.19.55.32.14.18.45.58.5.37.46.12.69.23.59.65.11.6.36.48.42.25.64.43.51.52.26.73.17.15.56.31.71.4.60.74.27.77.21.29.34.76.49.68.62.10.30.53.67.57.70.39.78.8.41.44.7.63|X=|O=ends",
    (2**64 - 1, ""): "SQ1|G=-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-|H=6.8.33.49.50|D=76.75.36.32.25.48.65.14.72.41.7.52.47.9.1.69.22.11.56.68.66.18.23.71.16.12.58.28.73.27.35.5.46.38.78.2.74.19.13.77.39.30.24.59.63.4.37.80.21.43.51.3.62.54.34.45.64.55.70.57.44.31.60.53.40.15.61.29.10.26.67.79.20.42.17|X=",
    (2**64 - 1, "ends"): "SQ1|G=1.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.-.-.-.80|H=28.40.49.65.73|D=15.61.79.51.32.56.46.74.25.11.26.75.33.45.9.4.29.70.31.78.2.34.36.18.38.43.68.76.12.21.41.62.67.23.13.14.20.47.77.16.37.22.64.63.71.7.30.54.8.17.5.35.69.6.53.27.19.60.3.48.57.24.59.66.42.50.39.72.10.44.55.52.58|X=|O=ends",
}


def test_golden_deals_never_change() -> None:
    for (seed, options), text in GOLDEN.items():
        assert SQUARE.format_state(SQUARE.deal(seed, SQUARE.parse_options(options))) == text
        assert SQUARE.format_state(SQUARE.parse_state(text)) == text
        # wrap changes no deal: only the O= field differs
        wrapped = SQUARE.format_state(SQUARE.deal(seed, SQUARE.parse_options(options + ",wrap")))
        assert wrapped == (text + "|O=wrap" if not options else text.replace("|O=ends", "|O=ends,wrap"))
    # the first draws of the deal come from SplitMix64 exactly as RULES.md 0.2 says
    cards = list(range(1, 81))
    rng = SplitMix64(1)
    for i in range(79, 0, -1):
        j = rng.next() % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    assert SQUARE.deal(1, SquareOptions()).deck == tuple(cards[5:])


def test_a_pinned_replay() -> None:
    link = "#g=square&v=1&o=ends&s=1&m=74@C6.38@E3.19@C2"
    session = Session.from_link(link)
    assert SQUARE.format_state(session.state) == (
        "SQ1|G=1.-.-.-.-.-/-.-.19.-.-.-/-.-.-.-.38.-/-.-.-.-.-.-/-.-.-.-.-.-/-.-.74.-.-.80|H=11.27.61.71.76"
        "|D=44.40.7.36.4.70.48.14.41.45.51.20.22.17.21.26.54.78.28.66.15.72.24.32.56.63.67.57.49.50.30.10.8.25.35.29"
        ".43.9.18.69.2.33.64.60.46.79.3.75.5.6.62.77.23.53.34.42.39.58.68.59.12.52.31.47.13.55.37.16.65.73|X=|O=ends")
    assert session.status() == "playing" and session.score() == 5


# -- text --------------------------------------------------------------------------------------
def test_state_text_reads_the_hand_in_any_order_and_prints_it_ascending() -> None:
    s = example("wrap")
    text = SQUARE.format_state(s)
    assert text.endswith("|X=|O=wrap") and SQUARE.parse_state(text) == s
    assert SQUARE.parse_state(text.replace("H=14.28.33.41.50", "H=50.14.41.28.33")) == s
    assert SQUARE.parse_state(" " + text + "\n") == s
    assert SQUARE.parse_state(SQUARE.format_state(example()) + "|O=") == example()


def test_malformed_or_impossible_text_is_a_parse_error_naming_the_field() -> None:
    text = SQUARE.format_state(example())
    g = grid_text({"B1": 12, "E1": 30, "A2": 35})
    for bad, why in [
        (text.replace("|X=", ""), "missing field X"),
        (text.replace("SQ1|", "SQ2|"), "SQ1"),
        (text.replace("|X=", "|X=|Y=1"), "unknown field"),
        (text.replace(g, g + "/-.-.-.-.-.-"), "field G: expected 6 rows"),
        (text.replace(g, g.replace("35.-.", "35.")), "field G: row 2 has 5 cells"),
        (text.replace("-.12.", "x.12."), "field G: cell A1"),
        (text.replace("-.12.", "012.-."), "field G: cell A1"),
        (text.replace("-.12.", "-.81."), "field G: cell B1"),
        (text.replace("H=14.", "H=014."), "field H"),
        (text.replace("H=14.", "H=14..").replace("D=1.", "D=1."), "field H"),
        (text.replace("H=14.", "H=14.14."), "field H: 14 appears twice"),
        (text.replace("H=14.", "H=12."), "field H: 12 is also in field G"),
        (text.replace("|X=", "|X=100"), "field X"),
        (text.replace("D=1.2.", "D=1.2.2."), "field D: 2 appears twice"),
        (text.replace("D=1.2.", "D=1."), "missing 2"),
        (text.replace("-.12.-.-.30", "-.30.-.-.12"), "field G: the grid must increase in reading order"),
        (text.replace("/35.", "/11.").replace("D=1.2.3.4.5.6.7.8.9.10.11.", "D=1.2.3.4.5.6.7.8.9.10.35."),
         "reading order"),
        (text.replace("H=14.28.33.41.50", "H=14.28.33.41").replace("D=1.", "D=1.50."), "field H: the hand holds 5"),
        (text.replace("H=14.28.33.41.50", "H=14.28.33.41.50.1").replace("D=1.", "D="), "field H: at most 5"),
        (text.replace("|X=", "|X=1.2.3.4.5.6.7.8.9.10.11.13.15").replace("D=1.2.3.4.5.6.7.8.9.10.11.13.15.", "D="),
         "field X: 13 discards"),
        (text + "|O=ends", "with ends"),
        (text + "|O=turbo", "option"),
        ("", "SQ1"),
        ("SQ1", "missing field G"),
    ]:
        with pytest.raises(ParseError, match=why):
            SQUARE.parse_state(bad)


def test_move_tokens_round_trip_and_malformed_tokens_are_parse_errors() -> None:
    for token in ("14@C1x41-50", "50@C2", "1@A1", "80@F6", "9@B3x1-2-3-4", "33@F1x2"):
        assert str(SquareMove.parse(token)) == token
    assert SquareMove.parse("14@C1x41-50") == SquareMove(14, 2, (41, 50))
    assert SquareMove(80, 35) == SquareMove.parse("80@F6") and str(SquareMove(7, 0, (1,))) == "7@A1x1"
    s = example()
    for token in ("", "14", "14@", "14@G1", "14@A7", "14@c1", "0@C1", "81@C1", "014@C1", "14@C1x", "14@C1x41-",
                  "14@C1x50-41", "14@C1x41-41", "14@C1x1-2-3-4-5", "14@C1 ", " 14@C1", "\u0661\u0664@C1",
                  "14@C1x041", "14@C1x41.50", "14C1", "14@C1X41-50", "14@C1x81-82", "14@@C1"):
        with pytest.raises(ParseError):
            SquareMove.parse(token)
        with pytest.raises(ParseError):
            SQUARE.apply(s, token)
    for token, why in [("41@F1", "out of order"), ("14@D1x28-33-41-50", "cost 16 is 5 or more"),
                       ("15@C3", "15 is not in your hand"), ("14@B1", "B1 is taken")]:
        with pytest.raises(IllegalMoveError, match=why):
            SQUARE.apply(s, token)


def test_cell_names_and_hue() -> None:
    assert [cell_name(i) for i in range(36)] == [name_of(i) for i in range(36)]
    assert all(cell_index(cell_name(i)) == i for i in range(36))
    for bad in ("", "a1", "G1", "A0", "A7", "A11", "1A"):
        with pytest.raises(ParseError):
            cell_index(bad)
    assert hue(1) == 0.0 and hue(80) == 270.0
    assert all(hue(v) < hue(v + 1) for v in range(1, 80))
    assert hue(41) == pytest.approx(40 / 79 * 270)


def test_why_not_reasons() -> None:
    s = make(first_cells(28), "30.31.40.50.60", deck="70.71", rest="X")
    assert why_not(s, 30, cell_index("A1")) == "A1 is taken (by 1)"
    assert why_not(s, 35, cell_index("E5")) == "35 is not in your hand"
    assert why_not(s, 30, 36) == "there is no cell 36"
    assert why_not(s, 60, cell_index("E5")) == "cost 32 is 5 or more"
    assert why_not(s, 30, cell_index("E5")) is None
    assert why_not(make(first_cells(28), "30.31", rest="X"), 30, cell_index("E5")) == (
        "cost 2 but only 1 card left to pay it")


def test_dead_cells_scenarios() -> None:
    s = SQUARE.deal(5, SQUARE.parse_options(""))
    assert dead_cells(s) == frozenset()
    # B1's window is (12, 14): dead once 13 is discarded, alive while 13 is in the hand or the deck
    dead = make({"A1": 12, "C1": 14}, "20.21.22.23.24", discards="13")
    assert dead_cells(dead) == {cell_index("B1")}
    assert dead_cells(make({"A1": 12, "C1": 14}, "13.21.22.23.24")) == frozenset()
    assert dead_cells(make({"A1": 12, "C1": 14}, "20.21.22.23.24", deck="13")) == frozenset()
    # two cells sharing one empty window are both dead; an empty window at the end counts too
    both = make({"A1": 12, "D1": 14, "E6": 80}, "20.21.22.23.24", discards="13")
    assert dead_cells(both) == {cell_index("B1"), cell_index("C1"), cell_index("F6")}


# -- any text at all ----------------------------------------------------------------------------
ALPHABET = "0123456789.-/|=GHDXOSQ1@xABCDEFendswrap, \n"


def mutate(text: str, ops: list[tuple[int, int, int, str]]) -> str:
    for kind, a, b, ch in ops:
        if not text:
            text = ch
            continue
        i = a % len(text)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + ch + text[i:]
        elif kind == 2:
            text = text[:i] + ch + text[i + 1:]
        else:  # swap two numbers
            parts = text.split(".")
            p, q = a % len(parts), b % len(parts)
            parts[p], parts[q] = parts[q], parts[p]
            text = ".".join(parts)
    return text


OPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(ALPHABET)),
               min_size=1, max_size=4)


def check_parse(text: str) -> None:
    try:
        s = SQUARE.parse_state(text)
    except ParseError:
        return
    canonical = SQUARE.format_state(s)
    assert SQUARE.parse_state(canonical) == s and SQUARE.format_state(SQUARE.parse_state(canonical)) == canonical
    check_state(s)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), options=st.sampled_from(ALL_OPTIONS), picks=st.lists(st.integers(0, 10_000),
       max_size=12), ops=OPS)
def test_mutated_state_texts_parse_canonically_or_raise_parse_error(seed: int, options: str, picks: list[int],
                                                                    ops: list[tuple[int, int, int, str]]) -> None:
    game = random_game(seed, options, picks, "mixed")
    s = game[-1][2] if game else SQUARE.deal(seed, SQUARE.parse_options(options))
    check_parse(mutate(SQUARE.format_state(s), ops))


@settings(max_examples=100, deadline=None)
@given(text=st.one_of(st.text(max_size=60), st.text(alphabet=ALPHABET, max_size=120),
                      st.text(alphabet=ALPHABET, max_size=200).map(lambda t: "SQ1|G=" + t)))
def test_arbitrary_text_is_parse_error_or_round_trips(text: str) -> None:
    check_parse(text)
    try:
        opts = SQUARE.parse_options(text)
    except ParseError:
        return
    assert SQUARE.parse_options(SQUARE.format_options(opts)) == opts


TOKENS = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="0123456789@x-ABCDEFG", max_size=16),
    st.from_regex(r"[0-9]{1,3}@[A-G][0-7](x[0-9]{1,2}(-[0-9]{1,2}){0,5})?", fullmatch=True),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), options=st.sampled_from(ALL_OPTIONS), picks=st.lists(st.integers(0, 10_000),
       max_size=12), token=TOKENS, ops=OPS, pick=st.integers(0, 10_000), mutated=st.booleans())
def test_any_token_is_legal_or_a_parse_or_illegal_move_error(seed: int, options: str, picks: list[int], token: str,
                                                             ops: list[tuple[int, int, int, str]], pick: int,
                                                             mutated: bool) -> None:
    game = random_game(seed, options, picks, "mixed")
    s = game[-1][2] if game else SQUARE.deal(seed, SQUARE.parse_options(options))
    legal = SQUARE.legal_moves(s)
    if mutated and legal:
        token = mutate(legal[pick % len(legal)], ops)
    try:
        move = SquareMove.parse(token)
    except ParseError:
        with pytest.raises(ParseError):
            SQUARE.apply(s, token)
        return
    assert str(move) == token  # every accepted token is canonical
    try:
        after = SQUARE.apply(s, token)
    except IllegalMoveError:
        assert token not in legal
        return
    assert token in legal and after == SQUARE.steps(s, token)[-1]


def test_errors_are_orbit_errors() -> None:
    for call in (lambda: SQUARE.parse_state("SQ1|G=1|H=|D=|X="), lambda: SQUARE.apply(example(), "99@A1"),
                 lambda: SQUARE.apply(example(), "41@F1"), lambda: SQUARE.parse_options("x")):
        with pytest.raises(OrbitError):
            call()


# -- registry and protocol ---------------------------------------------------------------------
def test_the_registry_and_the_protocol_attributes() -> None:
    assert get_game("square") is SQUARE
    assert (SQUARE.id, SQUARE.magic, SQUARE.title) == ("square", "SQ1", "Solitaire Square")
    assert SQUARE.options_of(example("wrap")) == SquareOptions(wrap=True)
    s = SQUARE.deal(9, SQUARE.parse_options("ends,wrap"))
    assert SQUARE.options_of(s) == SquareOptions(True, True) and s.filled == 2


# -- the command line -----------------------------------------------------------------------------
def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_games_deal_moves_apply_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0 and "square ends wrap" in out.splitlines()
    code, out, _ = run_cli(capsys, "deal", "square", "--seed", "42")
    assert code == 0 and out == GOLDEN[(42, "")] + "\n"
    code, out, _ = run_cli(capsys, "deal", "square", "--seed", "2", "--options", "wrap,ends")
    assert code == 0 and out == GOLDEN[(2, "ends")].replace("|O=ends", "|O=ends,wrap") + "\n"
    text = SQUARE.format_state(example())
    code, out, _ = run_cli(capsys, "moves", text)
    assert code == 0 and out.split("\n")[:-1] == SQUARE.legal_moves(example())
    assert out.startswith("14@C1x28-33\n") and "\n50@C2\n" in out
    after = SQUARE.apply(example(), "14@C1x41-50")
    second = SQUARE.legal_moves(after)[0]
    code, out, _ = run_cli(capsys, "apply", text, "14@C1x41-50", second)
    assert code == 0 and out == SQUARE.format_state(SQUARE.apply(after, second)) + "\n"
    code, out, _ = run_cli(capsys, "replay", "https://example.org/#g=square&v=1&o=ends&s=1&m=74@C6.38@E3.19@C2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 and lines[0].startswith("SQ1|G=1.-.-.-.-.-/-.-.19.") and lines[1] == (
        "status=playing score=5")
    small = make(first_cells(28), "31.33.60", rest="X")
    code, out, _ = run_cli(capsys, "moves", SQUARE.format_state(small))
    assert code == 0 and out.splitlines() == SQUARE.legal_moves(small) and out.startswith("31@F5\n")
    lost = SQUARE.format_state(SQUARE.apply(make(first_cells(28), "30.33.60", rest="X"), "30@E5x33-60"))
    code, out, _ = run_cli(capsys, "moves", lost)
    assert code == 0 and out == ""
    code, out, _ = run_cli(capsys, "replay", "#g=square&v=1&o=&s=1&m=q")
    assert code == 0 and out.splitlines()[1] == "status=finished score=0"


@pytest.mark.parametrize("argv", [
    ["deal", "square", "--seed", "1", "--options", "turbo"],
    ["deal", "square", "--seed", "x"],
    ["moves", "SQ1|G=1"],
    ["moves", "SQ1|G=-.-|H=|D=|X="],
    ["apply", "EXAMPLE", "99@A1"],
    ["apply", "EXAMPLE", "41@F1"],
    ["apply", "EXAMPLE", "14@C1x41"],
    ["apply", "EXAMPLE", "14@C1x41-50", "14@C1x41-50"],
    ["replay", "#g=square&v=1&o=ends&s=7&m=50@C2.14@C1x41-50"],
    ["replay", "#g=square&v=1&o=wrap,wrap&s=7"],
])
def test_cli_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    argv = [SQUARE.format_state(example()) if a == "EXAMPLE" else a for a in argv]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ")


def test_save_is_json_with_the_link() -> None:
    session = Session.new(SQUARE, 11, "wrap")
    session = session.played(SQUARE.legal_moves(session.state)[0])
    data = json.loads(session.to_save())
    assert data["link"].startswith("#g=square&v=1&o=wrap&s=11&m=")
