"""Gravity (RULES.md section 1): worked examples, decisions, invariants, golden
deals, replay, command line and the table module."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.core.cards import Card, standard_deck
from pyapp.cli import main
from pyapp.core.errors import IllegalMoveError, ParseError
from pyapp.games import get_game, get_view
from pyapp.games.gravity.rules import (
    CELL_NAMES,
    DEFAULT_OPTIONS,
    GRAVITY,
    GravityState,
    card_code,
    cell_cards,
    cell_index,
    collapse_candidates,
    dist,
    find_situation,
    is_over,
    is_transit,
    moon_to_planet_reason,
    rating,
    settle,
    view_text,
)
from pyapp.core.links import Link
from pyapp.core.rng import SplitMix64, shuffled
from pyapp.app.session import Session
from pyapp.core.table import BACK, Table
from pyapp.games.gravity.table import HELP, SETTINGS, auto_token, table

G = GRAVITY
ALL = [c.code for c in standard_deck()]

# -- helpers -------------------------------------------------------------------


def make_state(rows: list[str], moon: list[str], hole: str = "-", options: str = "", m2p: int = 0) -> GravityState:
    """A state from 5 rows of cells (codes per pile, '-' empty) and the MOON (top first).
    N is computed from the I7 identity (stacks = N_total - occupied - MOON - m2p)."""
    opts = G.parse_options(options)
    cells = [cell for row in rows for cell in row.split()]
    assert len(cells) == 25
    occupied = sum(1 for c in cells if c != "-")
    stacks = opts.n_total - occupied - len(moon) - m2p
    grid = "/".join(".".join(cells[5 * r : 5 * r + 5]) for r in range(5))
    text = f"GR1|M={''.join(moon)}|G={grid}|H={hole}|N={stacks}.{m2p}"
    if G.format_options(opts):
        text += f"|O={G.format_options(opts)}"
    state = G.parse_state(text)
    assert G.format_state(state) == text
    return state


def rest_of_deck(used: list[str]) -> list[str]:
    left = Counter(ALL)
    left.subtract(Counter(used))
    assert all(v >= 0 for v in left.values())
    return [c for c in ALL for _ in range(left[c])]


def play(state: GravityState, tokens: str) -> GravityState:
    for tok in tokens.split("."):
        state = G.apply(state, tok)
    return state


def cell(state: GravityState, name: str) -> str:
    return "".join(c.code for c in cell_cards(state, name)) or "-"


# The starting board of RULES.md 1.9 (examples 1-4); MOON: KH 3D, then the rest.
EX_ROWS = [
    "2C 9D KS 4H 7S",
    "JD 7C 6D 8H QC",
    "3S 5H 7H 8S TD",
    "AH QS 4C 2D 9C",
    "6S TH JS 3C 5D",
]


def example_board(swap: tuple[str, str] | None = None) -> GravityState:
    rows = [r.split() for r in EX_ROWS]
    flat = [c for r in rows for c in r]
    if swap is not None:  # put card swap[1] in place of swap[0] on the board
        flat[flat.index(swap[0])] = swap[1]
    rest = rest_of_deck(flat + ["KH", "3D"])
    moon = ["KH", "3D"] + rest
    return make_state([" ".join(flat[5 * r : 5 * r + 5]) for r in range(5)], moon)


# -- independent reference of the stacking relation (RULES.md 1.4) ---------------------


def ref_relation(f: Card, t: Card, orthogonal: bool) -> bool:
    d = abs(f.rank - t.rank)
    rd = min(d, 13 - d)
    if rd == 0:
        return True
    if rd == 1 and f.suit == t.suit:
        return not orthogonal
    if rd == 1 and f.is_red != t.is_red:
        return orthogonal
    return False


def rc(name: str) -> tuple[int, int]:
    return int(name[1]) - 1, "abcde".index(name[0])


def is_orthogonal(a: str, b: str) -> bool:
    (r1, c1), (r2, c2) = rc(a), rc(b)
    return abs(r1 - r2) + abs(c1 - c2) == 1


def adjacent(a: str, b: str) -> bool:
    (r1, c1), (r2, c2) = rc(a), rc(b)
    return a != b and abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1


# -- worked examples (RULES.md 1.9) ----------------------------------------------------


def test_example_1_stacking_relation_around_the_planet() -> None:
    s = example_board()
    legal = set(G.legal_moves(s))
    assert {"c3d3", "d3c3", "c3d2", "d2c3", "c3b2", "b2c3", "d2d3", "d3d2"} <= legal
    assert not {"c3c2", "c2c3", "c3b3", "b3c3"} & legal
    for tok in ("c3c2", "c3b3"):
        with pytest.raises(IllegalMoveError):
            G.apply(s, tok)
    # Circular ranks: KS at c1 with an AS diagonal to it (at d2).
    s2 = example_board(swap=("8H", "AS"))
    assert {"c1d2", "d2c1"} <= set(G.legal_moves(s2))
    # The order: by from-cell index, then to-cell index.
    moves = G.legal_moves(s)
    assert moves == sorted(moves, key=lambda t: (cell_index(t[:2]), cell_index(t[2:])))


def test_example_2_full_board_collapse_with_choices() -> None:
    s = example_board()
    a = G.apply(s, "c3d3")
    assert CELL_NAMES[a.hole] == "c3" and G.legal_moves(a) == ["c2", "b3", "d3", "c4"]
    assert cell(a, "d3") == "8S7H"
    b = G.apply(a, "c2")
    assert G.legal_moves(b) == ["c1", "b2", "d2"] and cell(b, "c3") == "6D"
    c = G.apply(b, "d2")
    assert G.legal_moves(c) == ["d1", "e2"] and cell(c, "c2") == "8H"
    d = G.apply(c, "e2")  # then e1 slides down by itself and KH lands on e1
    assert d.hole == -1 and G.legal_moves(d)[0] != "e1"
    expected = make_state(
        [
            "2C 9D KS 4H KH",
            "JD 7C 8H QC 7S",
            "3S 5H 6D 8S7H TD",
            "AH QS 4C 2D 9C",
            "6S TH JS 3C 5D",
        ],
        ["3D"] + rest_of_deck(sum((r.split() for r in EX_ROWS), []) + ["KH", "3D"]),
    )
    assert d == expected
    assert d == play(s, "c3d3.c2.d2.e2")
    assert G.format_state(d).split("|")[4] == "N=1.0"


def test_example_3_fully_forced_collapse() -> None:
    s = play(example_board(), "c3d3.c2.d2.e2")
    after = G.apply(s, "e4e3")
    assert after.hole == -1
    assert cell(after, "e3") == "TD9C" and cell(after, "e4") == "5D" and cell(after, "e5") == "3D"
    frames = G.steps(s, "e4e3")
    assert [f.hole for f in frames] == [cell_index("e4"), cell_index("e5"), -1]
    assert frames[-1] == after


def test_example_4_stacking_out_of_a_corner() -> None:
    s = example_board(swap=("5D", "9H"))  # 9H at e5 can stack onto 9C at e4
    assert "e5e4" in G.legal_moves(s)
    after = G.apply(s, "e5e4")
    assert cell(after, "e4") == "9C9H" and cell(after, "e5") == "KH" and after.moon[0] == s.moon[1]
    frames = G.steps(s, "e5e4")
    assert len(frames) == 2 and CELL_NAMES[frames[0].hole] == "e5" and not frames[0].cells[24]


def _letters_state(rows: list[str], letters: dict[str, str], filler_under: str) -> GravityState:
    """Rows of letters ('.' empty); each letter is one card, and every other card
    of the deck is buried under the pile of the letter ``filler_under``."""
    used = list(letters.values())
    rest = rest_of_deck(used)
    piles = {k: v for k, v in letters.items()}
    piles[filler_under] = "".join(rest) + letters[filler_under]
    out = []
    for row in rows:
        out.append(" ".join("-" if ch == "." else piles[ch] for ch in row.split()))
    return make_state(out, [])


def test_example_5_no_moon_one_side_of_an_arm_is_empty() -> None:
    letters = {"A": "2C", "B": "9D", "C": "KS", "D": "JD", "E": "QC", "P": "7H", "F": "8S",
               "G": "AH", "H": "4C", "I": "3D", "J": "JS", "K": "5D"}
    rows = [". . A . .", ". B C . .", "D E P F .", ". G H I .", ". . J K ."]
    s = _letters_state(rows, letters, "A")
    assert "d3c3" in G.legal_moves(s)
    after = G.apply(s, "d3c3")
    assert after.hole == -1
    assert cell(after, "c3") == "7H8S" and cell(after, "d3") == "3D" and cell(after, "d4") == "5D"
    assert cell(after, "d5") == "-"
    expected_rows = [". . A . .", ". B C . .", "D E X I .", ". G H K .", ". . J . ."]
    letters2 = dict(letters, X="7H8S")
    del letters2["P"], letters2["F"]
    used = [c for c in letters.values()]
    rest = "".join(rest_of_deck(used))
    grid = []
    for row in expected_rows:
        grid.append(" ".join("-" if ch == "." else (rest + letters2[ch] if ch == "A" else letters2[ch]) for ch in row.split()))
    assert after == make_state(grid, [])
    frames = G.steps(s, "d3c3")
    assert [CELL_NAMES[f.hole] if f.hole >= 0 else "-" for f in frames] == ["d3", "d4", "-"]


def test_example_6_planet_hole_with_two_arms_gone() -> None:
    letters = {"P": "7H", "A": "2C", "B": "9D", "C": "KS", "D": "8H", "E": "JD"}
    rows = [". . . . .", ". . . . .", ". . P A B", ". . C D .", ". . E . ."]
    s = _letters_state(rows, letters, "A")
    a = G.apply(s, "c3d4")
    assert CELL_NAMES[a.hole] == "c3" and G.legal_moves(a) == ["d3", "c4"]
    b = G.apply(a, "c4")
    assert CELL_NAMES[b.hole] == "c4" and G.legal_moves(b) == ["d4", "c5"]
    c = G.apply(b, "c5")
    assert c.hole == -1 and c == play(s, "c3d4.c4.c5")
    assert cell(c, "c3") == "KS" and cell(c, "c4") == "JD" and cell(c, "d4") == "8H7H" and cell(c, "c5") == "-"
    assert c.cells[cell_index("c3")]  # the PLANET is not empty


def stuck_board() -> list[str]:
    """25 distinct cards in which no two 8-adjacent cards may stack."""
    counts: Counter[int] = Counter()
    codes = []
    for i in range(25):
        r, c = divmod(i, 5)
        rank = (2 * c + 6 * r) % 13 + 1
        suit = "SHDC"[counts[rank]]
        counts[rank] += 1
        codes.append(Card(rank, suit).code)
    return codes


def test_example_7_stuck_in_the_moon_phase() -> None:
    board = stuck_board()
    assert len(set(board)) == 25
    b3 = board[cell_index("b3")]
    same_rank = next(c for c in ALL if c[0] == b3[0] and c not in board)
    moon = [same_rank] + rest_of_deck(board + [same_rank])
    s = make_state([" ".join(board[5 * r : 5 * r + 5]) for r in range(5)], moon)
    assert G.legal_moves(s) == ["m"] and G.status(s) == "playing"
    after = G.apply(s, "m")
    assert cell(after, "c3") == board[12] + same_rank and after.hole == -1
    assert after.moon == s.moon[1:] and after.m2p == 1 and G.score(after) == G.score(s) - 1
    assert "b3c3" in G.legal_moves(after) and "m" not in G.legal_moves(after)
    with pytest.raises(IllegalMoveError):
        G.apply(after, "m")
    # With nomoonplanet, being stuck ends the game; the MOON counts as piles.
    s2 = make_state([" ".join(board[5 * r : 5 * r + 5]) for r in range(5)], moon, options="nomoonplanet")
    assert G.legal_moves(s2) == [] and G.status(s2) == "finished" and G.score(s2) == 52
    assert moon_to_planet_reason(s2) == "switched off in this game"


# -- decisions (RULES.md 1.10) ---------------------------------------------------------


def test_decision_1_the_whole_pile_moves_and_buried_cards_are_dead() -> None:
    s = play(example_board(), "c3d3.c2.d2.e2")  # d3 is 8S under 7H
    assert cell(s, "d3") == "8S7H"
    # Only the top card 7H counts: d3 relates to its neighbours through 7H.
    from_d3 = {t[2:] for t in G.legal_moves(s) if t[:2] == "d3"}
    ref = {n for n in CELL_NAMES if adjacent("d3", n) and ref_relation(Card.parse("7H"), cell_card(s, n), is_orthogonal("d3", n))}
    assert from_d3 == ref == {"c2", "e2"}
    after = G.apply(s, "d3c2")  # the whole pile moves: 8H, then 8S, then 7H on top
    assert cell(after, "c2") == "8H8S7H" and G.score(after) == G.score(s) - 1


def test_decision_2_adjacency_is_the_8_neighbours_without_wrap_or_gaps() -> None:
    s = example_board()
    for tok in G.legal_moves(s):
        assert adjacent(tok[:2], tok[2:])
    # e1/a2 would be neighbours with wrap-around; a3/c3 (both 3S-7H... any) are two cells apart.
    for tok in ("e1a2", "e2a3", "a3c3", "c3c3", "a1e5", "c1c3"):
        with pytest.raises(IllegalMoveError, match="not neighbours|cannot"):
            G.apply(s, tok)
    # Same rank two cells apart (7C at b2, 7H at c3 are adjacent; 7C and 7S at e1 are not).
    assert "b2e1" not in G.legal_moves(s)


def test_decision_3_and_4_direction_table_and_circular_ranks() -> None:
    assert ref_relation(Card.parse("7H"), Card.parse("8S"), True)
    cases = [
        ("7H", "7S", True, True), ("7H", "7S", False, True),
        ("7H", "8H", True, False), ("7H", "8H", False, True),
        ("7H", "8S", True, True), ("7H", "8S", False, False),
        ("7H", "6D", True, False), ("7H", "6D", False, False),
        ("7H", "5H", True, False), ("7H", "5H", False, False),
        ("KS", "AS", False, True), ("KS", "AS", True, False),
        ("KS", "AH", True, True), ("KS", "AH", False, False),
        ("AC", "KD", True, True), ("QC", "KC", False, True),
    ]
    board_a, board_b = "c3", {True: "d3", False: "d4"}
    for f, t, ortho, ok in cases:
        used = [f, t]
        rows = [["-"] * 5 for _ in range(5)]
        rest_list = rest_of_deck(used)
        if not ortho:  # d4 needs its inward neighbours d3 and c4 occupied
            rows[2][3], rows[3][2] = rest_list.pop(), rest_list.pop()
        rows[2][2] = "".join(rest_list) + f
        rb, cb = rc(board_b[ortho])
        rows[rb][cb] = t
        s = make_state([" ".join(r) for r in rows], [])
        tok = board_a + board_b[ortho]
        back = board_b[ortho] + board_a
        assert (tok in G.legal_moves(s)) is ok, (f, t, ortho)
        assert (back in G.legal_moves(s)) is ok  # symmetric
        assert ref_relation(Card.parse(f), Card.parse(t), ortho) is ok


def test_decision_5_either_direction_chooses_top_card_and_hole() -> None:
    s = example_board()
    a, b = G.apply(s, "c3d3"), G.apply(s, "d3c3")
    assert cell(a, "d3") == "8S7H" and CELL_NAMES[a.hole] == "c3"
    assert cell(b, "c3") == "7H8S" and CELL_NAMES[b.hole] == "d3"
    assert G.legal_moves(b) == ["d2", "e3", "d4"]


CANDIDATE_TABLE = {
    "c3": "c2 b3 d3 c4", "c2": "c1 b2 d2", "c4": "b4 d4 c5", "b3": "b2 a3 b4", "d3": "d2 e3 d4",
    "c1": "b1 d1", "c5": "b5 d5", "a3": "a2 a4", "e3": "e2 e4", "b2": "b1 a2", "d2": "d1 e2",
    "b4": "a4 b5", "d4": "e4 d5", "a2": "a1", "b1": "a1", "d1": "e1", "e2": "e1", "a4": "a5",
    "b5": "a5", "d5": "e5", "e4": "e5", "a1": "", "e1": "", "a5": "", "e5": "",
}


def full_board_with_hole(hole: str, seed: int = 7) -> GravityState:
    s = G.deal(seed, DEFAULT_OPTIONS)
    i = cell_index(hole)
    cells = list(s.cells)
    moon = cells[i] + s.moon
    cells[i] = ()
    st = GravityState(moon, tuple(cells), i, 0, 0, DEFAULT_OPTIONS)
    return G.parse_state(G.format_state(st))


def test_decision_6_collapse_geometry_matches_the_candidate_table() -> None:
    for hole, cands in CANDIDATE_TABLE.items():
        s = full_board_with_hole(hole)
        assert collapse_candidates(s) == sorted(cands.split(), key=cell_index), hole
        for x in cands.split():
            assert is_orthogonal(x, hole) and dist(cell_index(x)) == dist(cell_index(hole)) + 1


def test_decision_7_and_8_choices_step_by_step_and_no_early_stop() -> None:
    s = G.apply(example_board(), "c3d3")
    legal = G.legal_moves(s)
    assert legal == ["c2", "b3", "d3", "c4"]
    for tok in ("m", "d2d3", "e1", "c3"):
        with pytest.raises(IllegalMoveError):
            G.apply(s, tok)
    # A forced step is never a token: e4e3 needs no follow-up token.
    assert G.apply(play(example_board(), "c3d3.c2.d2.e2"), "e4e3").hole == -1


def test_decision_10_11_12_terminal_holes_stay_empty_planet_is_fixed() -> None:
    s = G.deal(5, G.parse_options("missing=AS-2S-3S-4S-5S-6S-7S-8S-9S-TS-JS-QS-KS-AH-2H-3H-4H-5H-6H-7H-8H-9H-TH-JH-QH-KH-AD"))
    assert s.moon == () and G.options_of(s).n_total == 25
    rng = SplitMix64(3)
    empty_before: set[int] = set()
    while G.legal_moves(s):
        moves = G.legal_moves(s)
        s = G.apply(s, moves[rng.rand_below(len(moves))])
        if s.hole < 0:
            empty_now = {i for i in range(25) if not s.cells[i]}
            assert empty_before <= empty_now  # never refilled
            empty_before = empty_now
            assert s.cells[12]
    assert G.status(s) in ("won", "finished")


def test_decision_13_moon_to_planet_only_when_no_stack() -> None:
    s = example_board()
    assert moon_to_planet_reason(s) == "Possible only when no stack is legal"
    with pytest.raises(IllegalMoveError, match="MOON"):
        G.apply(s, "m")
    assert moon_to_planet_reason(G.apply(s, "c3d3")) == "Possible only when no stack is legal"


def test_decision_14_giving_up_counts_the_moon_as_piles() -> None:
    session = Session.new(G, seed=3)
    session = session.played(session.legal_moves()[0])
    session = session.given_up()
    assert session.status() == "finished"
    assert session.score() == sum(1 for p in session.state.cells if p) + len(session.state.moon)
    with pytest.raises(ParseError):
        G.apply(session.state, "q")


def test_decision_15_moon_visibility() -> None:
    s = G.deal(1, G.parse_options("hidden"))
    assert view_text(s).split("|")[1] == "M=?27"
    assert table(s, True, frozenset()).pile("M").cards == (BACK,)
    assert view_text(G.deal(1, DEFAULT_OPTIONS)) == G.format_state(G.deal(1, DEFAULT_OPTIONS))
    t = table(G.deal(1, DEFAULT_OPTIONS), False, frozenset())
    assert t.pile("M").cards == (card_code(G.deal(1, DEFAULT_OPTIONS).moon[0]),)
    with pytest.raises(ParseError, match="M"):
        G.parse_state(view_text(s))


def test_decision_16_rating_bands() -> None:
    bands = [rating(n) for n in range(1, 12)]
    assert bands[0].startswith("Hero")
    assert bands[1] == bands[2] != bands[3]
    assert bands[3] == bands[4] != bands[5]
    assert bands[5] == bands[6] != bands[7]
    assert len(set(bands[7:])) == 1 and bands[7].startswith("Failure")
    assert len(set(bands)) == 5


def test_decision_17_too_few_cards_is_rejected() -> None:
    ok = "-".join(ALL[:27])
    assert G.parse_options(f"missing={ok}").n_total == 25
    with pytest.raises(ParseError, match="25"):
        G.parse_options("missing=" + "-".join(ALL[:28]))
    with pytest.raises(ParseError):
        G.parse_options("missing=AS-AS")  # only one copy
    assert G.parse_options("decks=2,missing=AS-AS").n_total == 102


# -- options, text and tokens --------------------------------------------------------


def test_options_round_trip_and_errors() -> None:
    o = G.parse_options("hidden,missing=2C-QH,decks=2,nomoonplanet")
    assert G.format_options(o) == "decks=2,missing=QH-2C,hidden,nomoonplanet"
    assert G.format_options(G.parse_options("decks=1")) == ""
    assert [spec.name for spec in G.option_specs] == ["decks", "missing", "hidden", "nomoonplanet"]
    assert (G.id, G.magic, G.title) == ("gravity", "GR1", "Gravity")
    for bad in ("decks=4", "decks", "decks=x", "hidden=1", "turbo", "missing=ZZ", "missing=", "hidden,hidden"):
        with pytest.raises(ParseError):
            G.parse_options(bad)


GOLDEN = {
    ("", 0): "GR1|M=8D8HAHQDTCQSJH3C4H2D9H3SKHAC7C9C7HJC6DKC4S7D5C6H4DKSTD|G=8C.JD.9S.2C.2H/QH.6C.TS.3H.AS/JS.7S.9D.8S.QC/KD.5D.2S.3D.5S/AD.6S.4C.TH.5H|H=-|N=0.0",
    ("", 1): "GR1|M=JCTH8CQS4C6S7SAC5SADKC6DQCQDQH9H3H3CAS4S2D8STS3D2C9D7C|G=7H.9S.4H.8D.8H/5C.JH.6H.9C.JS/5H.KH.3S.2H.JD/5D.7D.4D.2S.AH/6C.KS.KD.TD.TC|H=-|N=0.0",
    ("", 2024): "GR1|M=4SKD8C5SQH9D4HKSQS2H2CTHJC2S2DTS3C5HQC4D6SACAD8D9H9S7C|G=AS.7H.5C.JH.QD/KC.7D.6H.TC.3H/7S.3D.TD.9C.8H/JS.KH.8S.6C.4C/6D.3S.5D.JD.AH|H=-|N=0.0",
    ("decks=2", 0): "GR1|M=TH8S3DJD2SAS9SKCKD4C7D5S9D6H2H2S6C3SKSASQCJH8D4S9D5D3H6DQD5S6H8SAH7S7H8H6DTC4C8CQS2H7D2C2D9HQC5HKH3C4D7S4HJC3C7C3STSJHAC2CJSKDQH9C4D6C4SAH7CTDAC8DTC9CKS5CQHTD|G=3H.8C.JS.6S.4H/2D.TS.7H.AD.8H/TH.6S.AD.KC.JD/KH.5H.9H.5C.9S/3D.QD.5D.JC.QS|H=-|N=0.0|O=decks=2",
    ("decks=2", 1): "GR1|M=3C7CAS8C9S8H9HQH3H6S7HACAHAC6H6DKD3DKSJCTH5C5H2H3C2S8D7S4C8D2DJD2C9D2S5S9C5D7S3S6C2CADTD4C9DQD4S4HQCQD2D9H4DQSKCTS7D6H5H5DAHTC2HKDQH3D8CQS3H8HTHKHJHTSJHAS4D7C|G=6D.7D.JS.8S.KC/7H.6C.8S.6S.9S/5S.TD.KH.JD.AD/QC.TC.4H.3S.4S/JS.9C.JC.KS.5C|H=-|N=0.0|O=decks=2",
    ("decks=2", 2024): "GR1|M=2H4CKC3S6C3D7S2C9HAD7S6SAH2D5SAC5C3C9S3HJHTHQC3DTHAH4D8DKDTD4SASJCJD5HJD8C8SQHTS7C9C5DQS5H3CTD6SKS7D3STS4S5S7HTCQCKD7DKSQD2D2SJH9H2HQS4H2SAS4H6DACTCAD5D4D3H7C|G=KC.JC.2C.6H.KH/8H.QH.8D.8H.7H/KH.JS.JS.9D.9C/6D.QD.6H.5C.6C/9D.9S.4C.8S.8C|H=-|N=0.0|O=decks=2",
    ("decks=3", 0): "GR1|M=QS6CKS5CKD6S7SKH9DQH5C6H9C8D9S8HKDKS3C7HKDAHTD8C3D5D9HKC8D6CASQHJSQC3C4CACKSAD2H5CJD5HKC8C2C4D3DJS8C7H2CQDQS8S8S9D9CJDAH9DAS8H6CTC6HADTCJC7HACTH7S8HTSKHTC2D3STS3D5S7C3H5D4H5S7C2H3S7S8DJH9S6D2S4SQC7DQS3H4STHJH4H2S6S3H5D9C2D9H4CTHQC9SAC4D2DAD5HQD4SQHTSJDKC6HJHKHTD|G=7D.6S.JC.7C.AH/6D.4D.AS.JS.QD/3C.2C.4H.8S.2H/9H.2S.5S.3S.7D/4C.TD.6D.JC.5H|H=-|N=0.0|O=decks=3",
    ("decks=3", 1): "GR1|M=TSKCQH6D9HJC9S5S3CKD7C2H6H2CKS4H7HJD3CTC2C2HKSQSTSJD6D9DQSJH8S2HADJD2C8S9DKDASQCTD3H6CQS5CJC5H2DJH8H9H5D5H2D3HTSKDJS2S7SJCJS4D3HKCQCTH6S5S4CQC7SAD4CJHQDAH5D7D3SQHAH4H8H8D8D9CKC6DTCKS3SJS6H2S5CQD3D9D9CASTDAC8C9C2D7H8S7H7DAD7D5C2S4S6H5DQDQHKHAH6S9S8C7C6C8D4DTH3S7C|G=4S.4S.8H.TH.4D/5H.AC.TD.7S.AC/9S.3C.4H.KH.KH/TC.3D.AS.8C.3D/6S.6C.9H.4C.5S|H=-|N=0.0|O=decks=3",
    ("decks=3", 2024): "GR1|M=TDQH5D2HTSKHQHTS5S9S6H9D4S7HKC5D9D2D7C4C8C6D7DJSAS6H6CACQD8H5HAD5H3S3DQSASQCAH6CQH4H2S2S2S3C9SQD2C4C2C3HJC4SQC3SKD7CAD9HTH9S2H6SAC4D4D3H5DTC8HJD3D5C3C9H2HKS8DKH9CAS5C7H8S4C8D6H9CTC3DTC6C7SJS8DAH7DKC3CKDQSTHAD4SJH8S6D3SJDKS6D4D9D5HQDJH2CJHJSACQS8H6SJC7HKD2DTD8S7C|G=4H.4H.6S.7S.TS/5S.5C.TH.7D.2D/8C.AH.JD.TD.3H/KC.9C.5S.KS.8C/QC.7S.JC.9H.KH|H=-|N=0.0|O=decks=3",
    ("missing=AS-KC-7H", 0): "GR1|M=8CAD6H4D6S2H8S8HJS5C9C4HAH9H7D4C4S9S3DQHJCKHKD5H|G=2C.JD.5D.7S.6D/3C.JH.7C.AC.TH/2S.QD.8D.5S.6C/TD.TS.TC.QS.9D/3S.3H.2D.KS.QC|H=-|N=0.0|O=missing=AS-7H-KC",
    ("missing=AS-KC-7H", 1): "GR1|M=3H8STHAC9C5H2CJS6H8DKDQS6STD7DKH5SADAHJH7C4H9S4S|G=KS.7S.3C.3D.3S/QC.TC.4C.TS.2H/QH.9D.QD.5D.JD/6C.5C.2S.6D.2D/8C.9H.4D.JC.8H|H=-|N=0.0|O=missing=AS-7H-KC",
    ("missing=AS-KC-7H", 2024): "GR1|M=2S5D8SAH5C7CJDJS3S8D4CTSKHJC2D2H9DQH4D2C3CTC4S5S|G=AC.8H.KD.9C.8C/KS.QC.4H.3H.6S/JH.9H.TH.6C.9S/7S.7D.AD.QS.3D/QD.6H.6D.TD.5H|H=-|N=0.0|O=missing=AS-7H-KC",
    ("hidden,nomoonplanet", 0): "GR1|M=8D8HAHQDTCQSJH3C4H2D9H3SKHAC7C9C7HJC6DKC4S7D5C6H4DKSTD|G=8C.JD.9S.2C.2H/QH.6C.TS.3H.AS/JS.7S.9D.8S.QC/KD.5D.2S.3D.5S/AD.6S.4C.TH.5H|H=-|N=0.0|O=hidden,nomoonplanet",
    ("hidden,nomoonplanet", 1): "GR1|M=JCTH8CQS4C6S7SAC5SADKC6DQCQDQH9H3H3CAS4S2D8STS3D2C9D7C|G=7H.9S.4H.8D.8H/5C.JH.6H.9C.JS/5H.KH.3S.2H.JD/5D.7D.4D.2S.AH/6C.KS.KD.TD.TC|H=-|N=0.0|O=hidden,nomoonplanet",
    ("hidden,nomoonplanet", 2024): "GR1|M=4SKD8C5SQH9D4HKSQS2H2CTHJC2S2DTS3C5HQC4D6SACAD8D9H9S7C|G=AS.7H.5C.JH.QD/KC.7D.6H.TC.3H/7S.3D.TD.9C.8H/JS.KH.8S.6C.4C/6D.3S.5D.JD.AH|H=-|N=0.0|O=hidden,nomoonplanet",
    ("decks=2,missing=AS-AS-QD", 0): "GR1|M=4DQDTC2D4CACQC9H7C9CQHKD7H3C5H4C7D9SKDKH4S8D7CJD2DJH8S3C9C3S5H5STH9D7D5CJC8S9DTS5DACKCQS6D4HTDKS9H7SKC2HJH7SKS4D8CJSAHQS9S2CQHJCTC8HKH5C3H2H6CQC7H3S2S6H|G=3D.4S.TD.JD.AH/2S.TH.6C.5S.8C/5D.6D.3D.TS.2C/8H.AD.JS.3H.AD/6S.6S.6H.8D.4H|H=-|N=0.0|O=decks=2,missing=AS-AS-QD",
}


@pytest.mark.parametrize(("key", "text"), list(GOLDEN.items()))
def test_golden_deals(key: tuple[str, int], text: str) -> None:
    options, seed = key
    state = G.deal(seed, G.parse_options(options))
    assert G.format_state(state) == text
    # Plausibility: the deal is the shuffled deck, cells a1..e5 first, then the MOON.
    deck = [card_code(c) for c in G.parse_options(options).deck()]
    dealt = shuffled(deck, seed)
    assert [card_code(p[0]) for p in state.cells] == dealt[:25]
    assert [card_code(c) for c in state.moon] == dealt[25:]


def test_parse_rejects_bad_state_texts() -> None:
    good = G.format_state(G.deal(1, DEFAULT_OPTIONS))
    f = good.split("|")
    bad = {
        "XX1" + good[3:]: "GR1",
        "|".join(f[:1] + f[2:]): "M",
        "|".join(f[:4]): "N",
        good + "|Z=1": "Z",
        good.replace("M=JC", "M=JX"): "M",
        good.replace("M=JC", "M=JCJC"): "M and G",
        good.replace("M=JC", "M="): "M and G",
        good.replace("G=7H.", "G=7H,"): "G",
        good.replace("/6C.KS.KD.TD.TC", ""): "G",
        good.replace("H=-", "H=c3"): "H",
        good.replace("H=-", "H=z9"): "H",
        good.replace("N=0.0", "N=1.0"): "N",
        good.replace("N=0.0", "N=x"): "N",
        good + "|O=decks=9": "decks",
        good.replace("G=7H.", "G=.", 1): "G",
    }
    for text, field in bad.items():
        with pytest.raises(ParseError, match=field):
            G.parse_state(text)
    # A MOON-phase board with an empty cell, and a no-MOON board that is not inward-closed.
    s = example_board()
    cells = list(s.cells)
    cells[0], cells[12] = (), cells[12] + cells[0]
    with pytest.raises(ParseError, match="a1 is empty"):
        G.parse_state(G.format_state(replace(s, cells=tuple(cells), stacks=1)))
    letters = {"A": "2C", "P": "7H"}
    with pytest.raises(ParseError, match="inward"):
        _letters_state([". . . . .", ". . . . .", ". . P . A", ". . . . .", ". . . . ."], letters, "P")


def test_malformed_and_illegal_tokens() -> None:
    s = example_board()
    for tok in ("", "c3d", "z9", "c3d9x", "M", "q", "c3 d3", "f1a1"):
        with pytest.raises(ParseError):
            G.apply(s, tok)
    for tok in ("c2", "a1b3", "c3c2"):
        with pytest.raises(IllegalMoveError):
            G.apply(s, tok)


def test_won_with_exactly_one_pile() -> None:
    rows = ["- - - - -", "- - KH - -", "- - " + "".join(rest_of_deck(["KH", "KS"])) + "KS - -", "- - - - -", "- - - - -"]
    s = make_state(rows, [])
    assert G.legal_moves(s) == ["c2c3", "c3c2"]
    for tok in ("c2c3", "c3c2"):
        end = G.apply(s, tok)
        assert end.hole == -1 and [i for i in range(25) if end.cells[i]] == [12]
        assert G.status(end) == "won" and G.score(end) == 1 and G.legal_moves(end) == []
        assert end.stacks == 51 and is_over(end)
    assert table(G.apply(s, "c3c2"), True, frozenset()).result == "You won! Hero: the planet is whole again"


# -- invariants over random games (RULES.md 1.11) ---------------------------------------

OPTION_STRATEGY = st.builds(
    lambda decks, missing, hidden, nomoon: ",".join(
        x
        for x in (
            f"decks={decks}" if decks > 1 else "",
            "missing=" + "-".join(missing) if missing else "",
            "hidden" if hidden else "",
            "nomoonplanet" if nomoon else "",
        )
        if x
    ),
    st.integers(1, 3),
    st.lists(st.sampled_from(ALL), max_size=27, unique=True),
    st.booleans(),
    st.booleans(),
)


def classify(p: GravityState, n: GravityState) -> tuple[str, int, int]:
    """What happened between two consecutive frames: stack, slide, land, moon, end."""
    changed = [i for i in range(25) if p.cells[i] != n.cells[i]]
    if not changed:
        return "end", -1, -1
    if len(changed) == 1:
        (k,) = changed
        assert n.moon == p.moon[1:]
        if p.cells[k] == ():
            assert n.cells[k] == (p.moon[0],)
            return "land", k, k
        assert k == 12 and n.cells[k] == p.cells[k] + (p.moon[0],)
        return "moon", k, k
    a, b = changed
    assert n.moon == p.moon
    for x, h in ((a, b), (b, a)):
        if p.cells[h] == () and n.cells[x] == () and n.cells[h] == p.cells[x]:
            return "slide", x, h
        if n.cells[x] == () and n.cells[h] == p.cells[h] + p.cells[x] and p.cells[h]:
            return "stack", x, h
    raise AssertionError(f"unexplained change {changed}")


def occupied(s: GravityState) -> int:
    return sum(1 for p in s.cells if p)


def check_state(s: GravityState) -> None:
    deck = Counter(s.options.deck())
    have: Counter[int] = Counter(s.moon)
    for p in s.cells:
        have.update(p)
    assert have == deck  # I1
    assert len(s.cells) == 25 and occupied(s) <= 25  # I3
    assert G.parse_state(G.format_state(s)) == s
    if s.hole < 0:
        assert s.cells[12]  # I4
        if s.moon:
            assert occupied(s) == 25  # I-S2
        for i in range(25):  # I-S3
            if not s.cells[i]:
                for j in range(25):
                    if is_orthogonal(CELL_NAMES[i], CELL_NAMES[j]) and dist(j) == dist(i) + 1:
                        assert not s.cells[j]
        legal = G.legal_moves(s)
        stacks = [t for t in legal if len(t) == 4]
        assert ("m" in legal) == (not stacks and bool(s.moon) and not s.options.nomoonplanet)  # I-S4
        for t in legal:
            if len(t) == 4:  # I5, I-S1
                f, to = cell_card(s, t[:2]), cell_card(s, t[2:])
                assert adjacent(t[:2], t[2:]) and ref_relation(f, to, is_orthogonal(t[:2], t[2:]))
    else:
        assert not s.cells[s.hole]


def cell_card(s: GravityState, name: str) -> Card:
    return cell_cards(s, name)[-1]


def random_game(seed: int, options: str, rng_seed: int, limit: int = 400) -> tuple[GravityState, list[str]]:
    s = G.deal(seed, G.parse_options(options))
    rng = SplitMix64(rng_seed)
    moves: list[str] = []
    collapse_from = -1
    slides = 0
    moon_phase_collapse = False
    while len(moves) < limit:
        check_state(s)
        legal = G.legal_moves(s)
        if not legal:
            break
        tok = legal[rng.rand_below(len(legal))]
        frames = G.steps(s, tok)
        assert frames[-1] == G.apply(s, tok)
        prev = s
        for fr in frames:
            assert G.parse_state(G.format_state(fr)) == fr
            kind, x, h = classify(prev, fr)
            if kind == "stack":
                assert len(tok) == 4 and (CELL_NAMES[x], CELL_NAMES[h]) == (tok[:2], tok[2:])
                collapse_from, slides, moon_phase_collapse = x, 0, bool(prev.moon)
            elif kind == "slide":  # I6
                assert is_orthogonal(CELL_NAMES[x], CELL_NAMES[h]) and dist(h) == dist(x) - 1 and x != 12
                slides += 1
            elif kind == "land":  # I8, I-S2
                assert CELL_NAMES[h] in ("a1", "e1", "a5", "e5")
                assert moon_phase_collapse and slides == 4 - dist(collapse_from)
            elif kind == "moon":
                assert tok == "m"
            prev = fr
        before = occupied(s) + len(s.moon)
        s = frames[-1]
        assert len(prev.moon) - len(s.moon) in (0, 1) and s.moon == prev.moon[len(prev.moon) - len(s.moon):]  # I2
        assert occupied(s) + len(s.moon) == before - (1 if len(tok) == 4 or tok == "m" else 0)  # I7
        moves.append(tok)
    return s, moves


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), OPTION_STRATEGY, st.integers(0, 2**32))
def test_invariants_over_random_games(seed: int, options: str, rng_seed: int) -> None:
    s = G.deal(seed, G.parse_options(options))
    n_total = s.options.n_total
    moon0 = s.moon
    end, moves = random_game(seed, options, rng_seed)
    # I2: the MOON is always a suffix of the dealt MOON.
    assert moon0[len(moon0) - len(end.moon):] == end.moon
    n_stacks = sum(1 for t in moves if len(t) == 4)
    n_m = moves.count("m")
    assert (end.stacks, end.m2p) == (n_stacks, n_m)
    assert occupied(end) + len(end.moon) == n_total - n_stacks - n_m  # I7
    if G.status(end) != "playing":  # I-S5
        assert G.score(end) == n_total - end.stacks - end.m2p
        assert G.status(end) == ("won" if G.score(end) == 1 else "finished")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), OPTION_STRATEGY, st.integers(0, 2**32))
def test_replay_equals_live(seed: int, options: str, rng_seed: int) -> None:
    live, moves = random_game(seed, options, rng_seed, limit=60)
    opts = G.format_options(G.parse_options(options))
    session = Session.from_link(Link("gravity", opts, seed, tuple(moves)))
    assert session.state == live
    assert Session.from_link(session.link().fragment()).state == live
    assert G.options_of(live) == G.parse_options(options)


def count_paths(s: GravityState) -> tuple[int, set[str]]:
    legal = G.legal_moves(s) if s.hole >= 0 else []
    if not legal:
        end = settle(s)
        return 1, {G.format_state(end)}
    total, finals = 0, set()
    for tok in legal:
        n, f = count_paths(G.apply(s, tok))
        total += n
        finals |= f
    return total, finals


@pytest.mark.parametrize(
    ("hole", "paths"),
    [("c3", 24), ("c2", 6), ("b3", 6), ("d3", 6), ("c4", 6), ("c1", 2), ("b2", 2), ("e3", 2), ("d4", 2),
     ("b1", 1), ("a2", 1), ("e4", 1), ("d5", 1), ("a1", 1), ("e5", 1)],
)
def test_collapse_path_counts(hole: str, paths: int) -> None:  # I-S6
    for seed in (7, 8):
        s = full_board_with_hole(hole, seed)
        n, finals = count_paths(s)
        assert n == paths and len(finals) == paths
        for text in finals:
            end = G.parse_state(text)
            assert end.hole == -1 and occupied(end) == 25


def test_collapse_paths_from_a_real_stack_onto_a_neighbour() -> None:
    s = example_board()
    n, _ = count_paths(G.apply(s, "c3d3"))
    assert n == 24
    assert count_paths(G.apply(s, "d3c3"))[0] == 6


# -- transit frames, settle, steps ---------------------------------------------------


def test_steps_frames_are_valid_transit_states() -> None:
    s = example_board()
    frames = G.steps(play(s, "c3d3.c2"), "d2")
    assert [CELL_NAMES[f.hole] if f.hole >= 0 else "-" for f in frames] == ["d2"]
    frames = G.steps(play(s, "c3d3.c2.d2"), "e2")
    assert [CELL_NAMES[f.hole] if f.hole >= 0 else "-" for f in frames] == ["e2", "e1", "-"]
    t = frames[1]
    assert is_transit(t) and G.legal_moves(t) == [] and G.status(t) == "playing"
    assert G.parse_state(G.format_state(t)) == t and settle(t) == frames[-1]
    with pytest.raises(IllegalMoveError, match="settle"):
        G.apply(t, "e1")
    tab = table(t, True, frozenset())
    assert tab.gestures == () and not tab.buttons[0].enabled and "hole" in tab.pile("e1").marks
    assert settle(frames[-1]) == frames[-1]
    m_state = G.parse_state(G.format_state(G.apply(make_state(
        [" ".join(stuck_board()[5 * r : 5 * r + 5]) for r in range(5)], rest_of_deck(stuck_board())), "m")))
    assert m_state.m2p == 1


# -- situations for the browser tests ----------------------------------------------------

STUCK_LINK = "#g=gravity&v=1&o=&s=1&m=d3e4.d4.d5.d1e1.a2a3.e2e3.e4d3.d4e4.e4.a5a4.a5b4.a2a1.b5c5.d5d4.d3c3.d2.d1.e3e2.e2.d1e1.a5b5.b5c5.d1e1.d2d3.e2.e2e1.c2d2.c1.b1"
CHOICE_LINK = "#g=gravity&v=1&o=&s=1&m=d1e1.a5a4.d3e4"
FORCED_LINK = "#g=gravity&v=1&o=&s=1&m=d1d2"


def test_find_situation_and_the_pinned_links() -> None:
    seed, moves = find_situation("stuck")
    session = Session.from_link(Link("gravity", "", seed, tuple(moves)))
    assert session.legal_moves() == ["m"] and session.state.moon
    assert Link.parse(STUCK_LINK) == session.link()
    tab = table(session.state, True, frozenset())
    assert tab.prompt == "No stack is possible: play the MOON onto the PLANET or give up"
    assert tab.buttons[0].token == "m" and tab.gestures == ()

    seed, moves = find_situation("choice")
    session = Session.from_link(Link("gravity", "", seed, tuple(moves)))
    assert session.state.hole >= 0 and len(session.legal_moves()) >= 2
    assert Link.parse(CHOICE_LINK) == session.link()

    seed, moves = find_situation("forced")
    before = Session.from_link(Link("gravity", "", seed, tuple(moves[:-1])))
    frames = G.steps(before.state, moves[-1])
    assert len(moves[-1]) == 4 and frames[-1].hole == -1 and len(frames) >= 3
    assert classify(frames[0], frames[1])[0] == "slide" and classify(frames[1], frames[2])[0] == "land"
    assert Link.parse(FORCED_LINK).moves == tuple(moves) and Link.parse(FORCED_LINK).seed == seed
    with pytest.raises(ValueError):
        find_situation("nothing")


# -- command line -----------------------------------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "deal", "gravity", "--seed", "0")
    assert code == 0 and out == GOLDEN[("", 0)] + "\n"
    code, out, _ = run_cli(capsys, "deal", "gravity", "--seed", "1", "--options", "hidden,nomoonplanet")
    assert out.strip() == GOLDEN[("hidden,nomoonplanet", 1)]
    ex = G.format_state(example_board())
    code, out, _ = run_cli(capsys, "moves", ex)
    assert code == 0 and out.split() == G.legal_moves(example_board())
    code, out, _ = run_cli(capsys, "apply", ex, "c3d3", "c2", "d2", "e2")
    assert code == 0 and out == G.format_state(play(example_board(), "c3d3.c2.d2.e2")) + "\n"
    code, out, _ = run_cli(capsys, "moves", G.format_state(G.apply(example_board(), "c3d3")))
    assert out.split() == ["c2", "b3", "d3", "c4"]
    code, out, _ = run_cli(capsys, "replay", STUCK_LINK)
    session = Session.from_link(STUCK_LINK)
    assert code == 0 and out.splitlines() == [G.format_state(session.state), f"status=playing score={session.score()}"]
    code, out, _ = run_cli(capsys, "replay", STUCK_LINK + ".q")
    assert out.splitlines()[1] == f"status=finished score={session.score()}"
    for args in (["apply", ex, "c3c2"], ["apply", ex, "zz"], ["moves", ex.replace("N=0.0", "N=5.0")],
                 ["deal", "gravity", "--seed", "1", "--options", "decks=7"],
                 ["replay", "#g=gravity&v=1&o=&s=1&m=a1a1"]):
        code, out, err = run_cli(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ")


def test_registry() -> None:
    assert get_game("gravity") is G
    assert get_view("gravity").table is table and get_view("gravity").auto_token is auto_token


# -- table module -------------------------------------------------------------------------


def check_table(s: GravityState, portrait: bool) -> Table:
    t = table(s, portrait, frozenset())
    ids = [p.id for p in t.piles]
    assert ids == list(CELL_NAMES) + ["M"]
    legal = G.legal_moves(s)
    ways = [g.token for g in t.gestures] + [b.token for b in t.buttons if b.token]
    assert sorted(ways) == sorted(legal) and len(ways) == len(set(ways))
    for g in t.gestures:
        assert g.source is not None and g.target is not None
        assert t.pile(g.source[0]).cards and g.source[1] == len(t.pile(g.source[0]).cards) - 1
        if len(g.token) == 4:
            assert (g.source[0], g.target, g.tap) == (g.token[:2], g.token[2:], False)
        else:
            assert (g.source[0], g.target, g.tap) == (g.token, CELL_NAMES[s.hole], True)
            assert "candidate" in t.pile(g.token).marks
    for i, p in enumerate(s.cells):
        pile = t.pile(CELL_NAMES[i])
        assert pile.cards == ((card_code(p[-1]),) if p else ())
        assert pile.badge == (f"×{len(p)}" if len(p) > 1 else "")
        assert (i == 12) == ("planet" in pile.marks)
        assert ("arm" in pile.marks) == ((i // 5 == 2 or i % 5 == 2) and i != 12)
        assert ("quadrant" in pile.marks) == (i // 5 != 2 and i % 5 != 2)
    moon = t.pile("M")
    assert moon.badge == (f"×{len(s.moon)}" if s.moon else "")
    if s.moon:
        assert moon.cards == ((BACK,) if s.options.hidden else (card_code(s.moon[0]),))
    for tp in t.piles:
        assert 0 <= tp.x and tp.x + tp.w <= t.width + 1e-9 and 0 <= tp.y and tp.y + tp.h <= t.height + 1e-9
    assert t.status == G.status(s) and t.score == f"Piles left {G.score(s)}"
    button = t.buttons[0]
    assert button.id == "moon" and button.label == "MOON → PLANET"
    assert (button.token == "m") == ("m" in legal)
    if not button.enabled:
        assert button.title in ("Possible only when no stack is legal", "MOON is empty", "switched off in this game")
    if G.status(s) != "playing":
        assert t.summary and t.result.endswith(rating(G.score(s))) and rating(G.score(s)) not in t.summary
        assert t.prompt.startswith("Game over")
    else:
        assert t.summary == ()
    return t


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1), OPTION_STRATEGY, st.integers(0, 2**32))
def test_table_offers_exactly_the_legal_moves(seed: int, options: str, rng_seed: int) -> None:
    s = G.deal(seed, G.parse_options(options))
    rng = SplitMix64(rng_seed)
    while True:
        check_table(s, portrait=bool(rng.rand_below(2)))
        legal = G.legal_moves(s)
        if not legal:
            break
        s = G.apply(s, legal[rng.rand_below(len(legal))])


def test_table_collapse_choice_marks_and_arrows() -> None:
    s = G.apply(example_board(), "c3d3")
    t = check_table(s, True)
    assert "hole" in t.pile("c3").marks and t.prompt == "Collapse: choose which pile slides into the hole"
    assert {n: t.pile(n).arrow for n in ("c2", "b3", "d3", "c4")} == {"c2": "down", "b3": "right", "d3": "left", "c4": "up"}
    assert t.pile("d3").badge == "×2" and t.pile("d3").cards == ("7H",)
    assert [g.token for g in t.gestures] == ["c2", "b3", "d3", "c4"] and all(g.tap for g in t.gestures)
    assert t.buttons[0].title == "Possible only when no stack is legal"
    assert auto_token(s, frozenset({"autocollapse"})) == "c2" and auto_token(s, frozenset()) is None
    assert auto_token(example_board(), frozenset({"autocollapse"})) is None
    assert SETTINGS == (("autocollapse", "Slide piles in for me when I could choose"), ("coords", "Show cell names (a1 to e5)"))


def test_table_layouts_and_texts() -> None:
    s = example_board()
    portrait, landscape = check_table(s, True), check_table(s, False)
    assert portrait.height > portrait.width and landscape.width / landscape.height > portrait.width / portrait.height
    assert portrait.pile("M").y > portrait.pile("c5").y and landscape.pile("M").x > landscape.pile("e3").x
    assert portrait.pile("c3").marks == ("slot", "planet") and portrait.prompt == "Stack a pile onto a neighbour"
    assert portrait.targets(("c3", 0)) == {"b2": "c3b2", "d2": "c3d2", "d3": "c3d3"}
    assert "<h3>" in HELP and "diagonal" in HELP and "RULES" not in HELP
    s2 = G.deal(1, G.parse_options("missing=" + "-".join(ALL[:27])))
    assert table(s2, True, frozenset()).buttons[0].title == "MOON is empty"
    end = random_game(3, "nomoonplanet", 9)[0]
    t = check_table(end, True)
    assert "switched off" in t.prompt or "MOON is empty" in t.prompt or t.status == "won"
    assert t.summary[0] == f"Stacks: {end.stacks}" and t.summary[1] == "MOON → PLANET plays: 0"
