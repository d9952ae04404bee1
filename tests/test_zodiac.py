"""Zodiac (RULES.md section 4): the worked example, every decision of 4.8, the
invariants of 4.9 over random games, golden deals, parsing, replay, the
command line, dead ends, the two-foundation choice and auto-finish."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyapp.core.cards import Card, standard_deck
from pyapp.cli import main
from pyapp.core.errors import IllegalMoveError, ParseError
from pyapp.games import get_game
from pyapp.games.zodiac.rules import (
    EQUATOR_IDS,
    FOUNDATIONS,
    NO_OPTIONS,
    PILE_IDS,
    ZODIAC,
    ZODIAC_IDS,
    ZodiacMove,
    ZodiacState,
    arrange,
    auto_finish_move,
    auto_target,
    foundation_choices,
    greedy_move,
    is_dead_end,
    milestone,
    phase,
    pile_cards,
    safe_auto_moves,
    score_range,
    targets,
    zodiac_accepts,
)
from pyapp.core.links import Link
from pyapp.core.rng import SplitMix64, shuffled
from pyapp.app.session import Session

Z = ZODIAC
ALL_CODES = [c.code for c in standard_deck()]


def c(code: str) -> Card:
    return Card.parse(code)


def play(state: ZodiacState, *tokens: str) -> ZodiacState:
    for tok in tokens:
        state = Z.apply(state, tok)
    return state


def text(state: ZodiacState) -> str:
    return Z.format_state(state)


def spades_endgame(up: str, down: str, zodiac: dict[int, str], equator: dict[int, str]) -> ZodiacState:
    """A phase-2 position where hearts, diamonds and clubs are finished."""
    return arrange(zodiac=zodiac, equator=equator, foundations=f"{up}.KH.KD.KC.{down}.AH.AD.AC")


def dead_end_piles() -> dict[int, str]:
    """24 zodiac piles whose tops (4, A, A, T, K, K of each suit) want no 7 and no 8S."""
    piles: list[str] = []
    for s in "SHDC":
        chains = ["654", "32A", "65432A", "9T" if s == "S" else "89T", "JQK", "89TJQK"]
        piles += ["".join(r + s for r in chain) for chain in chains]
    return dict(enumerate(piles))


SEVENS = {i: f"7{s}" for i, s in enumerate("SSHHDDCC")}


def dead_end() -> ZodiacState:
    """Every equator cell holds a 7, no zodiac top is a 6 or an 8, the stock is 8S."""
    return arrange(zodiac=dead_end_piles(), equator=SEVENS, stock="8S")


# -- the worked example (RULES.md 4.7) ------------------------------------------------


def test_worked_example_6h_accepts_5h_or_7h_from_waste_or_equator() -> None:
    s = arrange(zodiac={3: "6H"}, equator={0: "5H", 1: "5S", 2: "4H"}, waste="7H")
    assert "W-Z3" in Z.legal_moves(s) and "E0-Z3" in Z.legal_moves(s)
    assert "E1-Z3" not in Z.legal_moves(s) and "E2-Z3" not in Z.legal_moves(s)
    with pytest.raises(IllegalMoveError, match="5S does not go on 6H"):
        Z.apply(s, "E1-Z3")
    t = Z.apply(s, "W-Z3")
    assert pile_cards(t, "Z3") == (c("6H"), c("7H"))
    assert "E0-Z3" not in Z.legal_moves(t)  # 5H no longer fits the 7H


def test_worked_example_direction_change_after_7h() -> None:
    s = arrange(zodiac={3: "6H7H"}, equator={0: "6H", 1: "8H"}, waste="5H")
    moves = Z.legal_moves(s)
    assert "E0-Z3" in moves and "E1-Z3" in moves and "W-Z3" not in moves
    assert pile_cards(Z.apply(s, "E0-Z3"), "Z3") == (c("6H"), c("7H"), c("6H"))
    assert pile_cards(Z.apply(s, "E1-Z3"), "Z3") == (c("6H"), c("7H"), c("8H"))


def test_worked_example_ace_and_king_tops() -> None:
    s = arrange(zodiac={0: "AC", 1: "KC"}, equator={0: "2C", 1: "KC", 2: "QC", 3: "AC", 4: "2D"})
    to_z0 = [m for m in Z.legal_moves(s) if m.endswith("-Z0")]
    to_z1 = [m for m in Z.legal_moves(s) if m.endswith("-Z1")]
    assert to_z0 == ["E0-Z0"] and to_z1 == ["E2-Z1"]
    assert not zodiac_accepts(c("AC"), c("KC")) and not zodiac_accepts(c("KC"), c("AC"))


def test_worked_example_phase_2_up_down_nowhere() -> None:
    s = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    assert phase(s) == 2 and Z.status(s) == "playing"
    assert Z.legal_moves(s) == ["E1-FuS", "E2-FdS", "Z0-FuS", "Z1-FdS"]
    assert targets(s, "E1") == ["FuS"] and targets(s, "E2") == ["FdS"]
    assert targets(s, "E0") == [] and targets(s, "Z2") == []
    for bad in ("E1-FdS", "E2-FuS", "E0-FuS", "E0-FdS", "Z2-FuS"):
        with pytest.raises(IllegalMoveError):
            Z.apply(s, bad)


# -- decisions (RULES.md 4.8) ----------------------------------------------------------------


def test_decision_1_the_waste_starts_empty() -> None:
    for seed in (0, 1, 99):
        s = Z.deal(seed, NO_OPTIONS)
        assert s.waste == () and len(s.stock) == 72 and phase(s) == 1 and Z.score(s) == 0
        assert not any(m.startswith("W") for m in Z.legal_moves(s))


def test_decision_2_one_card_per_click_and_redeal_without_shuffle() -> None:
    s = Z.deal(5, NO_OPTIONS)
    stock = s.stock
    t = Z.apply(s, "S")
    assert t.waste == stock[:1] and t.stock == stock[1:]
    for _ in range(71):
        t = Z.apply(t, "S")
    assert t.stock == () and t.waste == stock  # waste bottom to top = the order drawn
    assert "S" in Z.legal_moves(t)
    u = Z.apply(t, "S")  # redeal: the waste's bottom card becomes the stock's top
    assert u.stock == stock and u.waste == ()
    assert replace(u, stock=s.stock) == s
    # unlimited: a second full cycle gives the same again
    for _ in range(73):  # 72 draws and a redeal
        u = Z.apply(u, "S")
    assert u == s and Z.apply(u, "S") == Z.apply(s, "S")


def test_decision_3_equator_cells_are_filled_only_from_the_waste() -> None:
    s = arrange(zodiac={0: "6H"}, equator={0: "5H", 2: "9C"}, waste="QD")
    assert [m for m in Z.legal_moves(s) if m.startswith("W-E")] == [f"W-E{i}" for i in (1, 3, 4, 5, 6, 7)]
    with pytest.raises(IllegalMoveError, match="only from the waste"):
        Z.apply(s, "E0-E1")
    with pytest.raises(IllegalMoveError, match="never leave the zodiac"):
        Z.apply(s, "Z0-E1")
    with pytest.raises(IllegalMoveError, match="E0 is occupied"):
        Z.apply(s, "W-E0")
    t = Z.apply(s, "W-E1")
    assert pile_cards(t, "E1") == (c("QD"),) and t.waste == ()


def test_decision_4_empty_zodiac_piles_are_never_filled() -> None:
    s = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    assert pile_cards(s, "Z3") == ()
    with pytest.raises(IllegalMoveError):
        Z.apply(s, "E1-Z3")
    # and an empty pile in phase 1 is not a state at all
    good = text(Z.deal(1, NO_OPTIONS))
    with pytest.raises(ParseError, match="field Z: zodiac pile Z0 is empty in phase 1"):
        Z.parse_state(good.replace("|Z=6S.", "|Z=-.").replace("|S=QH", "|S=QH6S"))


def test_decision_5_same_suit_one_rank_any_direction_no_wrap() -> None:
    assert zodiac_accepts(c("6H"), c("5H")) and zodiac_accepts(c("6H"), c("7H"))
    assert not zodiac_accepts(c("6H"), c("6H")) and not zodiac_accepts(c("6H"), c("7D"))
    assert not zodiac_accepts(c("6H"), c("8H"))
    assert not zodiac_accepts(c("KS"), c("AS")) and not zodiac_accepts(c("AS"), c("KS"))
    good = text(arrange(zodiac={0: "QSKS"}))
    with pytest.raises(ParseError, match="field Z: pile Z0 puts AS on KS"):
        Z.parse_state(good.replace("Z=QSKS.", "Z=QSKSAS.").replace("S=AS", "S=", 1))


def test_decision_6_phase_2_starts_automatically_and_not_before() -> None:
    s = arrange(zodiac={3: "6H"}, waste="7H", rest="zodiac")
    assert phase(s) == 1 and Z.legal_moves(s)[0] == "W-Z3"
    # no foundation move while the waste has a card, even for a card that would fit
    assert not any("-F" in m for m in Z.legal_moves(s))
    t = Z.apply(s, "W-Z3")
    assert phase(t) == 2 and text(t).endswith("|P=2") and t.stock == t.waste == ()
    frames = Z.steps(s, "W-Z3")
    assert len(frames) == 2 and frames[0].phase == 1 and frames[-1] == t and replace(frames[0], phase=2) == t
    assert len(Z.steps(Z.deal(1, NO_OPTIONS), "S")) == 1
    early = arrange(zodiac={0: "AS"}, equator={0: "KD"})
    with pytest.raises(IllegalMoveError, match="phase 1"):
        Z.apply(early, "E0-FdD")


def test_decision_7_phase_2_moves_only_to_foundations() -> None:
    s = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    for token, why in (("Z0-Z2", "only to the foundations"), ("E0-Z2", "only to the foundations"),
                       ("Z2-E3", "only to the foundations"), ("S", "stock and the waste are empty"),
                       ("W-FuS", "waste is empty")):
        with pytest.raises(IllegalMoveError, match=why):
            Z.apply(s, token)
    assert all("-F" in m for m in Z.legal_moves(s))


def test_decision_8_foundations_are_fixed_by_suit_and_direction() -> None:
    s = arrange(zodiac={0: "AS", 1: "KH", 2: "AH", 3: "KS"}, equator={0: "QH"}, rest="zodiac")
    moves = Z.legal_moves(s)
    assert "Z0-FuS" in moves and "Z1-FdH" in moves and "Z2-FuH" in moves and "Z3-FdS" in moves
    assert "Z0-FdS" not in moves and "Z1-FuH" not in moves and "Z0-FuH" not in moves
    with pytest.raises(IllegalMoveError, match="FuH takes AH, not AS"):
        Z.apply(s, "Z0-FuH")
    t = Z.apply(s, "Z1-FdH")
    assert "E0-FdH" in Z.legal_moves(t) and pile_cards(t, "FdH") == (c("KH"),)
    good = text(spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"}))
    with pytest.raises(ParseError, match="field F: FuH holds H cards, not KD"):
        Z.parse_state(good.replace("F=5S.KH.KD", "F=5S.KD.KH"))


def test_decision_9_a_card_that_fits_both_foundations_is_the_players_choice() -> None:
    s = spades_endgame("6S", "8S", {0: "7S8S", 1: "AS2S3S4S5S6S", 2: "KSQSJSTS9S"}, {0: "7S"})
    assert Z.legal_moves(s) == ["E0-FuS", "E0-FdS"]
    assert foundation_choices(s, "E0") == ["FuS", "FdS"] and auto_target(s, "E0") == "FuS"
    up, down = Z.apply(s, "E0-FuS"), Z.apply(s, "E0-FdS")
    assert pile_cards(up, "FuS")[-1] == c("7S") and pile_cards(down, "FdS")[-1] == c("7S")
    assert Z.score(up) == Z.score(down) == Z.score(s) + 1
    # the choice matters here: down buries the second 7S under the 8S for good
    assert score_range(up) == (104, 104) and score_range(down) == (97, 97)
    end = play(down, "Z1-FdS", "Z1-FdS", "Z1-FdS", "Z1-FdS", "Z1-FdS", "Z1-FdS")
    assert Z.status(end) == "lost" and Z.legal_moves(end) == [] and Z.score(end) == 97


def test_decision_10_a_phase_1_dead_end_is_lost() -> None:
    s = dead_end()
    assert is_dead_end(s) and Z.status(s) == "lost" and Z.legal_moves(s) == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        Z.apply(s, "S")
    # ... although clicking would be possible: after a click it is still a dead end
    clicked = replace(s, stock=(), waste=s.stock)
    assert is_dead_end(clicked) and Z.status(clicked) == "lost"
    # an empty equator cell is a way out (draw, then fill it)
    cells = dict(SEVENS)
    del cells[7]
    out = arrange(zodiac=dead_end_piles(), equator=cells, stock="8S7C")
    assert not is_dead_end(out) and Z.legal_moves(out) == ["S"] and Z.status(out) == "playing"
    # a stock card deep down that fits a zodiac top is a way out
    piles = dead_end_piles()
    piles[3] = "TS"  # the top TS wants the 9S, which is in the stock under the 8S
    fits = arrange(zodiac=piles, equator=SEVENS, stock="8S9S")
    assert not is_dead_end(fits) and Z.legal_moves(fits) == ["S"]
    assert "W-Z3" in Z.legal_moves(play(fits, "S", "S"))
    # an equator card that fits is a way out
    piles = dead_end_piles()
    piles[0] = "6S"  # top 6S wants the 7S in E0
    eq = arrange(zodiac=piles, equator=SEVENS, stock="8S5S4S")
    assert not is_dead_end(eq) and Z.legal_moves(eq) == ["E0-Z0", "E1-Z0", "S"]
    assert not is_dead_end(Z.deal(3, NO_OPTIONS))


def test_decision_11_click_to_auto_move() -> None:
    s = arrange(zodiac={3: "6H", 5: "8H", 7: "6H"}, equator={0: "7H", 2: "9C"}, waste="5H")
    assert auto_target(s, "E0") == "Z3"  # the lowest-index zodiac pile that accepts
    assert targets(s, "E0") == ["Z3", "Z5", "Z7"]
    assert auto_target(s, "W") == "Z3"
    assert auto_target(s, "E2") is None  # an equator card never goes to the equator
    assert auto_target(s, "Z3") is None and auto_target(s, "S") is None and targets(s, "FuS") == []
    t = arrange(zodiac={3: "6H"}, equator={0: "7H", 1: "9S"}, waste="QD")
    assert auto_target(t, "W") == "E2"  # no zodiac pile: the lowest empty equator cell
    u = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    assert auto_target(u, "E1") == "FuS" and auto_target(u, "E2") == "FdS" and auto_target(u, "E0") is None
    with pytest.raises(ParseError):
        auto_target(s, "Z24")


# -- invariants over random games (RULES.md 4.9) ---------------------------------------------


def random_game(seed: int, rng_seed: int, limit: int = 1500, productive: int = 3) -> list[tuple[ZodiacState, str, ZodiacState]]:
    """Play random legal moves; a non-stock move is preferred ``productive`` times
    in ``productive + 1`` so that games reach phase 2 often."""
    rng = SplitMix64(rng_seed)
    s = Z.deal(seed, NO_OPTIONS)
    out = []
    for _ in range(limit):
        legal = Z.legal_moves(s)
        if not legal:
            break
        others = [m for m in legal if m != "S"]
        pool = others if others and rng.rand_below(productive + 1) else legal
        tok = pool[rng.rand_below(len(pool))]
        t = Z.apply(s, tok)
        out.append((s, tok, t))
        s = t
    return out


def all_cards(s: ZodiacState) -> Counter[str]:
    counts: Counter[str] = Counter()
    for pid in PILE_IDS:
        counts.update(x.code for x in pile_cards(s, pid))
    return counts


def check_state(s: ZodiacState) -> None:
    assert all_cards(s) == Counter({code: 2 for code in ALL_CODES})  # conservation
    assert len(s.equator) == 8 and len(s.zodiac) == 24 and len(s.found) == 8
    for k, fid in enumerate(FOUNDATIONS):  # contiguous runs of one suit
        run = pile_cards(s, fid)
        ranks = [x.rank for x in run]
        assert ranks == (list(range(1, len(run) + 1)) if k < 4 else list(range(13, 13 - len(run), -1)))
        assert all(x.suit == "SHDC"[k % 4] for x in run)
    if s.stock or s.waste:
        assert Z.score(s) == 0 and phase(s) == 1  # nothing on a foundation in phase 1
        assert all(s.zodiac)  # zodiac piles are never empty in phase 1
    else:
        assert phase(s) == 2
    for pile in s.zodiac:
        for a, b in zip(pile, pile[1:]):
            assert a.suit == b.suit and abs(a.rank - b.rank) == 1
    assert (Z.status(s) == "won") == (Z.score(s) == 104)
    assert (Z.legal_moves(s) == []) == (Z.status(s) != "playing")
    assert Z.parse_state(text(s)) == s and text(Z.parse_state(text(s))) == text(s)


def check_move(s: ZodiacState, tok: str, t: ZodiacState) -> None:
    move = ZodiacMove.parse(tok)
    assert str(move) == tok and Z.steps(s, tok)[-1] == t
    before, after = len(s.stock) + len(s.waste), len(t.stock) + len(t.waste)
    if tok == "S":  # a draw or a redeal: only the stock and waste change, and not in size
        assert after == before and t.equator == s.equator and t.zodiac == s.zodiac and t.found == s.found
        if s.stock:  # a draw
            assert t.waste + t.stock == s.waste + s.stock and len(t.waste) == len(s.waste) + 1
        else:  # a redeal
            assert t.stock == s.waste and t.waste == ()
        return
    assert after == before - (move.source == "W")  # never grows
    assert move.source in ("W", *EQUATOR_IDS, *ZODIAC_IDS)
    if phase(s) == 1:
        assert move.target in ZODIAC_IDS or (move.source == "W" and move.target in EQUATOR_IDS)
    else:
        assert move.target in FOUNDATIONS and move.source != "W"  # phase 2 ends on a foundation
    card = pile_cards(s, move.source)[-1]
    assert pile_cards(t, move.source) == pile_cards(s, move.source)[:-1]
    assert move.target is not None and pile_cards(t, move.target)[-1] == card
    assert Z.score(t) - Z.score(s) == (move.target in FOUNDATIONS)
    assert phase(t) >= phase(s)  # the phase change is irreversible
    for pid in PILE_IDS:  # nothing else changed
        if pid not in (move.source, move.target, "S", "W"):
            assert pile_cards(t, pid) == pile_cards(s, pid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32), st.integers(1, 6))
def test_invariants_over_random_games(seed: int, rng_seed: int, productive: int) -> None:
    game = random_game(seed, rng_seed, productive=productive)
    first = game[0][0] if game else Z.deal(seed, NO_OPTIONS)
    assert first.waste == () and len(first.stock) == 72
    check_state(first)
    for s, tok, t in game:
        assert tok in Z.legal_moves(s)
        check_move(s, tok, t)
        check_state(t)
    end = game[-1][2]
    if Z.status(end) == "lost" and phase(end) == 1:
        assert is_dead_end(end)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_replay_equals_live(seed: int, rng_seed: int) -> None:
    game = random_game(seed, rng_seed, limit=120)
    live = game[-1][2] if game else Z.deal(seed, NO_OPTIONS)
    moves = tuple(tok for _, tok, _ in game)
    session = Session.from_link(Link("zodiac", "", seed, moves))
    assert session.state == live and session.status() == Z.status(live)
    assert Session.from_link(session.link().fragment()).state == live
    assert Z.options_of(live) == NO_OPTIONS


def test_games_reach_phase_2_and_end() -> None:
    """The random games of the property tests do reach phase 2 and the end."""
    ends = [random_game(seed, seed)[-1][2] for seed in range(1, 13)]
    assert sum(phase(e) == 2 for e in ends) >= 4
    assert all(Z.status(e) != "playing" for e in ends)
    assert {Z.status(e) for e in ends} == {"lost"}


# -- golden deals -----------------------------------------------------------------------------

GOLDEN = {
    0: "ZD1|S=KCKD4C7D5S9D6H2H2S6C3SKSASQCJH8D4S9D5D3H6DQD5S6H8SAH7S7H8H6DTC4C8CQS2H7D2C2D9HQC5HKH3C4D7S4HJC3C7C3STSJHAC2CJSKDQH9C4D6C4SAH7CTDAC8DTC9CKS5CQHTD|W=|E=3H.8C.JS.6S.4H.2D.TS.7H|Z=AD.8H.TH.6S.AD.KC.JD.KH.5H.9H.5C.9S.3D.QD.5D.JC.QS.TH.8S.3D.JD.2S.AS.9S|F=-.-.-.-.-.-.-.-|P=1",
    1: "ZD1|S=QH3H6S7HACAHAC6H6DKD3DKSJCTH5C5H2H3C2S8D7S4C8D2DJD2C9D2S5S9C5D7S3S6C2CADTD4C9DQD4S4HQCQD2D9H4DQSKCTS7D6H5H5DAHTC2HKDQH3D8CQS3H8HTHKHJHTSJHAS4D7C|W=|E=6D.7D.JS.8S.KC.7H.6C.8S|Z=6S.9S.5S.TD.KH.JD.AD.QC.TC.4H.3S.4S.JS.9C.JC.KS.5C.3C.7C.AS.8C.9S.8H.9H|F=-.-.-.-.-.-.-.-|P=1",
    2024: "ZD1|S=2C9HAD7S6SAH2D5SAC5C3C9S3HJHTHQC3DTHAH4D8DKDTD4SASJCJD5HJD8C8SQHTS7C9C5DQS5H3CTD6SKS7D3STS4S5S7HTCQCKD7DKSQD2D2SJH9H2HQS4H2SAS4H6DACTCAD5D4D3H7C|W=|E=KC.JC.2C.6H.KH.8H.QH.8D|Z=8H.7H.KH.JS.JS.9D.9C.6D.QD.6H.5C.6C.9D.9S.4C.8S.8C.2H.4C.KC.3S.6C.3D.7S|F=-.-.-.-.-.-.-.-|P=1",
}


@pytest.mark.parametrize(("seed", "golden"), list(GOLDEN.items()))
def test_golden_deals(seed: int, golden: str) -> None:
    s = Z.deal(seed, NO_OPTIONS)
    assert text(s) == golden
    # plausibility: 8 to the equator, then 24 to the zodiac, the rest is the stock top first
    dealt = shuffled(standard_deck(decks=2), seed)
    assert list(s.equator) == dealt[:8] and [p[0] for p in s.zodiac] == dealt[8:32] and list(s.stock) == dealt[32:]


def test_golden_legal_moves_and_order() -> None:
    s = Z.deal(2024, NO_OPTIONS)
    assert Z.legal_moves(s) == ["E3-Z1", "E5-Z1", "E6-Z2", "E7-Z5", "E7-Z12", "S"]
    t = play(s, "S", "S")
    assert Z.legal_moves(t) == ["W-Z0", "E3-Z1", "E5-Z1", "E6-Z2", "E7-Z5", "E7-Z12", "S"]
    u = play(s, "E3-Z1")  # 6H onto 7H: the 8H in E5 no longer fits Z1, and E3 is free
    assert Z.legal_moves(u) == ["E6-Z2", "E7-Z5", "E7-Z12", "S"]
    assert Z.legal_moves(play(u, "S", "S")) == ["W-Z0", "W-E3", "E6-Z2", "E7-Z5", "E7-Z12", "S"]


# -- text, tokens, options ---------------------------------------------------------------------


def test_options_and_protocol_attributes() -> None:
    assert (Z.id, Z.magic, Z.title, Z.option_specs) == ("zodiac", "ZD1", "Zodiac", ())
    assert get_game("zodiac") is Z
    assert Z.parse_options("") == NO_OPTIONS and Z.format_options(NO_OPTIONS) == ""
    assert Z.parse_options(",") == NO_OPTIONS  # empty items are ignored by the shared routine
    for bad in ("decks=2", "hidden", "x", "O=1", "zodiac,zodiac"):
        with pytest.raises(ParseError, match="unknown Zodiac option"):
            Z.parse_options(bad)
    good = GOLDEN[1]
    assert Z.parse_state(good + "|O=") == Z.parse_state(good)
    with pytest.raises(ParseError, match="option"):
        Z.parse_state(good + "|O=easy")


def test_parse_rejects_bad_state_texts_naming_the_field() -> None:
    good = GOLDEN[1]
    end = text(spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"}))
    bad = {
        "XX1" + good[3:]: "ZD1",
        good.replace("|W=", ""): "missing field W",
        good.replace("|P=1", ""): "missing field P",
        good + "|Q=1": "unknown field",
        good.replace("S=QH", "S=QX"): "field S",
        good.replace("S=QH", "S=Q"): "field S",
        good.replace("S=QH", "S=XRQH"): "field S: Zodiac has no jokers",
        good.replace("W=", "W=AS"): "cards: AS appears 3 times",
        good.replace("S=QH", "S=", 1): "cards: QH appears 1 times",
        good.replace("E=6D.", "E="): "field E: expected 8 entries, got 7",
        good.replace("E=6D.", "E=6D6D."): "field E",
        good.replace("E=6D.", "E=.", 1): "field E",
        good.replace("Z=6S.", "Z="): "field Z: expected 24 piles",
        good.replace("Z=6S.", "Z=.", 1): "field Z: pile Z0 is blank",
        good.replace("Z=6S.9S.", "Z=6S9S.-."): "field Z: pile Z0 puts 9S on 6S",
        good.replace("F=-.-.-.-.", "F=-.-.-."): "field F: expected 8 entries",
        good.replace("F=-.", "F=AH."): "field F: FuS holds S cards",
        good.replace("F=-.", "F=AS."): "cards: AS appears 3 times",
        good.replace("P=1", "P=3"): "field P",
        good.replace("P=1", "P=2"): "field P",
        good.replace("P=1", "P="): "field P",
        end.replace("P=2", "P=1"): "field P",
        good.replace("|E=", "|E=x|E="): "field",
        "": "ZD1",
        "ZD1": "missing field S",
        "ZD1|S": "no '='",
    }
    for t, why in bad.items():
        with pytest.raises(ParseError, match=why):
            Z.parse_state(t)
    # a foundation card while the stock has cards
    s = Z.deal(1, NO_OPTIONS)
    early = replace(s, stock=tuple(x for x in s.stock if x != c("AS")) + (c("AS"),))
    t1 = text(early).replace("AS|W=", "|W=", 1).replace("F=-.", "F=AS.")
    with pytest.raises(ParseError, match="field F: no card reaches a foundation"):
        Z.parse_state(t1)


def test_accepted_texts_print_back_canonically() -> None:
    good = GOLDEN[2024]
    for variant in ("  " + good + "\n", good + "|O=", good + "|O=,"):
        assert text(Z.parse_state(variant)) == good


ALL_SOURCES = ["W", *EQUATOR_IDS, *ZODIAC_IDS]
ALL_TARGETS = [*ZODIAC_IDS, *EQUATOR_IDS, *FOUNDATIONS]
ALL_TOKENS = ["S"] + [f"{a}-{b}" for a in ALL_SOURCES for b in ALL_TARGETS]


def test_move_tokens_round_trip_and_malformed_tokens() -> None:
    for tok in ALL_TOKENS:
        move = ZodiacMove.parse(tok)
        assert str(move) == tok and ZodiacMove.parse(str(move)) == move
    assert ZodiacMove.parse("E3-Z12") == ZodiacMove("E3", "Z12") and ZodiacMove.parse("S") == ZodiacMove("S", None)
    s = Z.deal(1, NO_OPTIONS)
    for tok in ("", "s", "W", "W-", "-Z1", "WZ1", "W-Z24", "W-E8", "Z05-FuS", "E3-Z012", "FuS-Z1", "S-Z1", "W-S",
                "W-W", "Z1-FuX", "Z1-Fus", "W-Z1 ", " W-Z1", "W-Z1\n", "E٣-Z1", "W–Z1", "Z-1-FuS", "q"):
        with pytest.raises(ParseError):
            Z.apply(s, tok)
    for tok in ("W-Z1", "E0-E1", "Z0-E1", "Z0-Z1", "E0-FuS", "Z3-FdC"):
        with pytest.raises(IllegalMoveError):
            Z.apply(s, tok)


# -- robustness: anything at all raises only ParseError / IllegalMoveError ------------------------

_ALPHABET = "ZD1|SWEFP=.-23456789TJQKASHDCuOX0 \n"


def _mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    for kind, pos, ch in edits:
        if not text:
            text = ch
            continue
        i = pos % len(text)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + ch + text[i:]
        elif kind == 2:
            text = text[:i] + ch + text[i + 1:]
        else:  # swap two positions
            j = (pos * 7 + 3) % len(text)
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
    return text


def _try_parse(t: str) -> ZodiacState | None:
    try:
        s = Z.parse_state(t)
    except ParseError:
        return None
    again = text(s)
    assert Z.parse_state(again) == s and text(Z.parse_state(again)) == again
    return s


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60) | st.text(alphabet=_ALPHABET, max_size=300))
def test_arbitrary_text_raises_only_parse_errors(t: str) -> None:
    _try_parse(t)
    _try_parse("ZD1|" + t)
    try:
        Z.parse_options(t)
    except ParseError:
        pass
    try:
        ZodiacMove.parse(t)
    except ParseError:
        pass


SAMPLES = [GOLDEN[1], text(dead_end()),
           text(spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"}))]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAMPLES),
       st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000), st.sampled_from(_ALPHABET)), min_size=1, max_size=4))
def test_mutated_state_texts_are_refused_or_round_trip(base: str, edits: list[tuple[int, int, str]]) -> None:
    s = _try_parse(_mutate(base, edits))
    if s is not None:  # an accepted mutation is still a consistent state
        check_state(s)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SAMPLES), st.text(max_size=12) | st.sampled_from(ALL_TOKENS))
def test_any_token_is_applied_or_refused_cleanly(base: str, token: str) -> None:
    s = Z.parse_state(base)
    try:
        t = Z.apply(s, token)
    except (ParseError, IllegalMoveError):
        assert token not in Z.legal_moves(s)
        return
    assert token in Z.legal_moves(s)
    check_state(t)


# -- UI helpers --------------------------------------------------------------------------------


def test_pile_cards_for_every_pile_id() -> None:
    s = play(Z.deal(2024, NO_OPTIONS), "S", "S", "W-Z0")
    assert pile_cards(s, "S")[::-1] == s.stock and pile_cards(s, "W") == s.waste == (c("2C"),)
    assert pile_cards(s, "Z0") == s.zodiac[0] and pile_cards(s, "E0") == (c("KC"),)
    assert all(pile_cards(s, f) == () for f in FOUNDATIONS)
    assert sum(len(pile_cards(s, p)) for p in PILE_IDS) == 104
    u = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    assert [x.code for x in pile_cards(u, "FuS")] == ["AS", "2S", "3S", "4S", "5S"]
    assert [x.code for x in pile_cards(u, "FdS")] == ["KS", "QS", "JS", "TS", "9S"]
    assert len(pile_cards(u, "FuH")) == 13 and len(pile_cards(u, "FdC")) == 13 and pile_cards(u, "E3") == ()
    for bad in ("Z24", "E8", "Z01", "F", "FuX", "", "Z", "s", "Z٣"):
        with pytest.raises(ParseError):
            pile_cards(s, bad)


def test_phase_and_milestone() -> None:
    s = arrange(zodiac={3: "6H"}, waste="7H", rest="zodiac")
    assert phase(s) == 1 and not milestone(s)
    t = Z.apply(s, "W-E0")
    assert phase(t) == 2 and milestone(t)


# -- auto-finish and safe moves -------------------------------------------------------------------


def test_safe_moves_avoid_the_losing_foundation_choice() -> None:
    s = spades_endgame("6S", "8S", {0: "7S8S", 1: "AS2S3S4S5S6S", 2: "KSQSJSTS9S"}, {0: "7S"})
    assert score_range(s) == (97, 104)
    assert safe_auto_moves(s) == ["E0-FuS"]  # E0-FdS would bury the other 7S for good
    assert auto_finish_move(s) is None  # a choice that matters is left
    t = Z.apply(s, "E0-FuS")
    assert score_range(t) == (104, 104)
    n = 0
    while (m := auto_finish_move(t)) is not None:
        assert m == Z.legal_moves(t)[0] and m in safe_auto_moves(t)
        t = Z.apply(t, m)
        n += 1
    assert Z.status(t) == "won" and Z.score(t) == 104 and n == 13


def test_auto_finish_is_offered_when_every_play_wins() -> None:
    s = spades_endgame("5S", "9S", {0: "AS2S3S4S5S6S", 1: "KSQSJSTS9S8S", 2: "7S"}, {0: "7S", 1: "6S", 2: "8S"})
    assert auto_finish_move(s) == "E1-FuS" and score_range(s) == (104, 104)
    # every sequence of moves wins here: check it exhaustively
    seen: set[str] = set()

    def every_play_wins(state: ZodiacState) -> bool:
        key = text(state)
        if key in seen:
            return True
        seen.add(key)
        moves = Z.legal_moves(state)
        if not moves:
            return Z.status(state) == "won"
        return all(every_play_wins(Z.apply(state, m)) for m in moves)

    assert every_play_wins(s)
    assert auto_finish_move(Z.deal(1, NO_OPTIONS)) is None and safe_auto_moves(Z.deal(1, NO_OPTIONS)) == []
    assert score_range(Z.deal(1, NO_OPTIONS)) is None


def test_auto_finish_when_lost_for_sure_and_when_over() -> None:
    s = spades_endgame("6S", "8S", {0: "7S8S", 1: "AS2S3S4S5S6S", 2: "KSQSJSTS9S"}, {0: "7S"})
    down = Z.apply(s, "E0-FdS")  # lost whatever is played now: nothing left to choose
    assert score_range(down) == (97, 97) and auto_finish_move(down) == "Z1-FdS"
    end = down
    while (m := auto_finish_move(end)) is not None:
        end = Z.apply(end, m)
    assert Z.status(end) == "lost" and Z.score(end) == 97
    assert auto_finish_move(end) is None and safe_auto_moves(end) == [] and score_range(end) == (97, 97)


def brute_range(state: ZodiacState, memo: dict[str, tuple[int, int]]) -> tuple[int, int]:
    key = text(state)
    if key not in memo:
        moves = Z.legal_moves(state)
        if not moves:
            memo[key] = (Z.score(state), Z.score(state))
        else:
            outs = [brute_range(Z.apply(state, m), memo) for m in moves]
            memo[key] = (min(o[0] for o in outs), max(o[1] for o in outs))
    return memo[key]


@settings(max_examples=30, deadline=None)
@given(st.permutations(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]),
       st.lists(st.integers(1, 4), min_size=1, max_size=8))
# A legal move that loses exactly one card (E2-FuS: 91 at best, against 92): "safe" must mean no loss at all.
@example(["QS", "2S", "7S", "3S", "AS", "TS", "KS", "5S", "4S", "6S", "JS", "7S", "8S", "9S"], [2, 3, 3])
def test_score_range_and_safe_moves_match_a_brute_force_search(order: list[str], cuts: list[int]) -> None:
    """Spades endgames (FuS at 6S, FdS at 8S) with the remaining 14 spades cut into
    runs: single cards go to the equator, chains to the zodiac. The per-suit
    search agrees with a brute-force search over the whole game."""
    piles: list[list[str]] = []
    for code in order:
        last = piles[-1] if piles else None
        if last is not None and len(last) < cuts[len(piles) % len(cuts)] and zodiac_accepts(c(last[-1]), c(code)):
            last.append(code)
        else:
            piles.append([code])
    # up to 8 single cards go to the equator, everything else to zodiac piles
    equator: dict[int, str] = {}
    chains: list[list[str]] = []
    for p in piles:
        if len(p) == 1 and len(equator) < 8:
            equator[len(equator)] = p[0]
        else:
            chains.append(p)
    s = spades_endgame("6S", "8S", {j: "".join(p) for j, p in enumerate(chains)}, equator)
    memo: dict[str, tuple[int, int]] = {}
    assert score_range(s) == brute_range(s, memo)
    best = brute_range(s, memo)[1]
    assert safe_auto_moves(s) == [m for m in Z.legal_moves(s) if brute_range(Z.apply(s, m), memo)[1] == best]
    lo, hi = brute_range(s, memo)
    assert (auto_finish_move(s) is not None) == (lo == hi and bool(Z.legal_moves(s)))


# -- the greedy player ---------------------------------------------------------------------------


def test_greedy_player_plays_legal_moves_and_terminates() -> None:
    for seed in (1, 2, 3):
        s = Z.deal(seed, NO_OPTIONS)
        n = 0
        while Z.legal_moves(s):
            tok = greedy_move(s)
            assert tok in Z.legal_moves(s)
            s = Z.apply(s, tok)
            n += 1
            assert n < 3000
        assert Z.status(s) in ("won", "lost")
        span = score_range(s)
        assert span is None or Z.score(s) == span[1]  # phase 2 is played to the best score
    with pytest.raises(IllegalMoveError):
        greedy_move(dead_end())


def test_greedy_player_prefers_keeping_a_pile_direction() -> None:
    # Z0 runs 5D 6D: the 7D keeps its direction, the 5D from the equator would turn it round
    s = arrange(zodiac={0: "5D6D", 1: "8D"}, equator={0: "5D"}, waste="7D")
    assert Z.legal_moves(s)[:2] == ["W-Z0", "W-Z1"] and "E0-Z0" in Z.legal_moves(s)
    assert greedy_move(s) == "W-Z0"
    # with only a turning placement available now but a keeping one in the stock, it draws
    t = arrange(zodiac={0: "5D6D"}, equator={0: "5D"}, waste="KC", stock="7D")
    assert "E0-Z0" in Z.legal_moves(t) and greedy_move(t) == "S"
    # with no keeping placement anywhere, it turns the pile round rather than cycle
    piles = dead_end_piles()
    assert piles[12] == "6D5D4D"
    piles[14] = "4D3D2DAD"  # frees a 5D (to E4, which fits Z12 only by turning it round), a 6D and a 7D
    cells = dict(SEVENS)
    cells[4] = "5D"
    u = arrange(zodiac=piles, equator=cells, stock="8S6D7D")
    assert Z.legal_moves(u) == ["E4-Z12", "S"] and greedy_move(u) == "E4-Z12"
    # nothing fits anywhere: fill the lowest empty equator cell
    v = arrange(zodiac=dead_end_piles(), equator={i: SEVENS[i] for i in range(7)}, waste="7C", stock="8S")
    assert greedy_move(v) == "W-E7"


# -- the command line ----------------------------------------------------------------------------


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0 and "zodiac" in out.split("\n")
    code, out, _ = run_cli(capsys, "deal", "zodiac", "--seed", "2024")
    assert code == 0 and out == GOLDEN[2024] + "\n"
    code, out, _ = run_cli(capsys, "deal", "zodiac", "--seed", "1", "--options", "")
    assert code == 0 and out == GOLDEN[1] + "\n"
    code, out, _ = run_cli(capsys, "moves", GOLDEN[2024])
    assert code == 0 and out.split() == ["E3-Z1", "E5-Z1", "E6-Z2", "E7-Z5", "E7-Z12", "S"]
    code, out, _ = run_cli(capsys, "apply", GOLDEN[2024], "S", "S", "W-Z0", "E3-Z1")
    assert code == 0 and out == text(play(Z.deal(2024, NO_OPTIONS), "S", "S", "W-Z0", "E3-Z1")) + "\n"
    code, out, _ = run_cli(capsys, "moves", text(dead_end()))
    assert code == 0 and out == ""
    link = "#g=zodiac&v=1&o=&s=2024&m=S.S.W-Z0.E3-Z1.S"
    code, out, _ = run_cli(capsys, "replay", link)
    final = play(Z.deal(2024, NO_OPTIONS), "S", "S", "W-Z0", "E3-Z1", "S")
    assert code == 0 and out == f"{text(final)}\nstatus=playing score=0\n"
    code, out, _ = run_cli(capsys, "replay", link + ".q")
    assert out.splitlines()[1] == "status=finished score=0"


@pytest.mark.parametrize("argv", [
    ["deal", "zodiac", "--seed", "1", "--options", "decks=2"],
    ["moves", "ZD1|S="],
    ["moves", GOLDEN[1].replace("P=1", "P=2")],
    ["apply", GOLDEN[1], "W-Z1"],
    ["apply", GOLDEN[1], "W-Z99"],
    ["apply", GOLDEN[1], "Z0-FuS"],
    ["replay", "#g=zodiac&v=1&o=&s=2024&m=S.S.W-Z5.E3-Z12.S"],  # the notation example of RULES.md 4.10
    ["replay", "#g=zodiac&v=1&o=turbo&s=1"],
])
def test_cli_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ")
