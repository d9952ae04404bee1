"""Gyre (RULES.md section 3): the worked example, every ambiguity decision,
the invariants as properties over random games, golden deals, text round-trips,
the command line and the table."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.core.cards import JOKER_BLACK, JOKER_RED, Card, standard_deck
from pyapp.cli import main
from pyapp.core.errors import IllegalMoveError, ParseError
from pyapp.games import get_game
from pyapp.games.gyre.rules import (GYRE, GyreMove, GyreOptions, GyreState, auto_finish_move, can_capture, can_replace,
                              end_range, points)
from pyapp.core.rng import SplitMix64, shuffle_in_place, shuffled
from pyapp.app.session import Session
from pyapp.core.table import BACK, Gesture, Table
from pyapp.games.gyre.table import HELP, SETTINGS, table

#: All 8 combinations of the three flags (``jokers,attrition`` reads as ``attrition``).
ALL_OPTIONS = [",".join(c) for n in range(4) for c in itertools.combinations(("jokers", "attrition", "easy"), n)]
PILE_IDS = ["R0", "R1", "R2", "R3", "R4", "R5", "Q", "D", "P", "X", "H"]


def c(code: str) -> Card:
    return Card.parse(code)


def make(ring: str, hand: str, deck: str = "", pairs: str = "", discards: str = "", pending: str = "-",
         penalty: int = 0, options: str = "", rest: str = "D") -> GyreState:
    """A state from its fields. The cards not named go to the bottom of the deck
    (``rest="D"``) or to the discards (``rest="X"``), in canonical order, so the
    state holds exactly one deck."""
    named = [x for x in ring.split(".") if x != "-"] + [x for f in (hand, deck, discards) for x in f.split(".") if x]
    named += [p[i:i + 2] for p in pairs.split(".") if p for i in (0, 2)] + ([pending] if pending != "-" else [])
    opts = GYRE.parse_options(options)
    left = [x.code for x in standard_deck(jokers=opts.has_jokers) if x.code not in named]
    if rest == "D":
        deck = ".".join([d for d in deck.split(".") if d] + left)
    else:
        discards = ".".join([d for d in discards.split(".") if d] + left)
    text = f"GY1|R={ring}|H={hand}|D={deck}|P={pairs}|X={discards}|Q={pending}|Z={penalty}"
    if GYRE.format_options(opts):
        text += f"|O={GYRE.format_options(opts)}"
    return GYRE.parse_state(text)


def example(options: str = "") -> GyreState:
    """RULES.md 3.9: gyre 7S QH 3D 9C 2S and an empty slot 5; hand KH 5D 8S 4C AD."""
    return make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC.3H", options=options)


def play(state: GyreState, *tokens: str) -> GyreState:
    for token in tokens:
        state = GYRE.apply(state, token)
    return state


# -- RULES.md 3.9, the worked example ---------------------------------------------
def test_worked_example_captures_are_compulsory_and_exactly_these() -> None:
    s = example()
    assert GYRE.legal_moves(s) == ["C8S0", "C8S4", "CKH1", "C5D2"]  # KH->1, 5D->2, 8S->0, 8S->4
    for token in ("R", "S4C3", "CAD2", "C4C3", "P5"):
        with pytest.raises(IllegalMoveError):
            GYRE.apply(s, token)


def test_worked_example_capture_draw_reveal_place() -> None:
    s = GYRE.apply(example(), "C8S0")
    assert s.pairs == ((c("8S"), c("7S")),) and GYRE.score(s) == 2
    assert c("JC") in s.hand and len(s.hand) == 5  # drew one
    assert s.pending == c("3H") and c("3H") not in s.deck  # then revealed the next card
    assert GYRE.legal_moves(s) == ["P0", "P5"]
    t = GYRE.apply(s, "P5")
    assert t.ring[5] == c("3H") and t.ring[0] is None and t.pending is None
    assert GYRE.format_state(t).startswith("GY1|R=-.QH.3D.9C.2S.3H|H=KH.AD.5D.4C.JC|D=AS.")
    assert GYRE.format_state(t).endswith("|P=8S7S|X=|Q=-|Z=0")


def test_worked_example_rotate_and_replace_later() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC")
    assert GYRE.legal_moves(s) == ["R", "SAS4", "SAD2", "S2C3", "S4C3", "S5C3"]
    r = GYRE.apply(s, "R")
    assert r.ring[0] == c("JC") and r.ring[1] is None and r.discards == (c("QH"),)
    assert r.hand == s.hand  # no draw
    x = GYRE.apply(s, "S4C3")
    assert x.ring[3] == c("4C") and x.discards == (c("9C"),)
    assert len(x.hand) == 5 and c("JC") in x.hand and c("4C") not in x.hand  # drew one


def test_worked_example_easier_variant() -> None:
    s = example("easy")
    assert "CAD2" in GYRE.legal_moves(s) and "CAD2" not in GYRE.legal_moves(example())
    t = make("7S.QS.3D.9C.2S.-", "QH.5C.6C.7C.8C", "JC", options="easy")
    assert "CQH1" in GYRE.legal_moves(t)
    assert "CQH1" not in GYRE.legal_moves(make("7S.QS.3D.9C.2S.-", "QH.5C.6C.7C.8C", "JC"))


def test_the_replay_link_of_the_notation_section_plays() -> None:
    session = Session.new(GYRE, 99, "jokers,easy")
    assert session.link().fragment() == "#g=gyre&v=1&o=jokers,easy&s=99"


# -- RULES.md 3.10, every decision ----------------------------------------------------
def test_decision_1_deal_fills_slots_0_to_4_and_slot_5_is_empty() -> None:
    for seed in range(20):
        s = GYRE.deal(seed, GYRE.parse_options(""))
        assert s.ring[5] is None and all(x is not None for x in s.ring[:5])
        assert len(s.hand) == 5 and len(s.deck) == 42 and s.pending is None and s.penalty == 0
        dealt = shuffled(standard_deck(), seed)
        assert list(s.ring[:5]) == dealt[:5] and sorted(s.hand) == sorted(dealt[5:10]) and list(s.deck) == dealt[10:]
        assert list(s.hand) == sorted(s.hand, key=standard_deck().index)  # canonical order
    s = GYRE.deal(4, GYRE.parse_options("jokers"))
    dealt = shuffled(standard_deck(jokers=True), 4)
    assert len(s.deck) == 44 and list(s.ring[:5]) == dealt[:5] and list(s.deck) == dealt[10:]


def test_decisions_2_3_two_empty_slots_and_place_after_seeing() -> None:
    s = GYRE.apply(example(), "CKH1")
    assert [k for k, x in enumerate(s.ring) if x is None] == [1, 5]
    assert len(s.hand) == 5 and c("JC") in s.hand  # the draw came before the reveal
    assert s.pending == c("3H") and GYRE.format_state(s).split("|Q=")[1].startswith("3H")
    assert GYRE.legal_moves(s) == ["P1", "P5"]
    with pytest.raises(IllegalMoveError, match="place"):
        GYRE.apply(s, "R")
    assert GYRE.apply(s, "P1").ring[1] == c("3H")


def test_decision_4_capture_is_compulsory() -> None:
    s = example()
    for token in ("R", "S4C3"):
        with pytest.raises(IllegalMoveError, match="must capture"):
            GYRE.apply(s, token)


def test_decision_5_rotation_discards_clockwise_next_and_the_gap_advances() -> None:
    for gap in range(6):
        ring = ["7C", "8C", "9C", "TC", "JC", "QC"]
        ring[gap] = "-"
        s = make(".".join(ring), "2S.3S.4S.5S.6S", "KD")
        assert GYRE.legal_moves(s)[0] == "R"
        t = GYRE.apply(s, "R")
        k = (gap + 1) % 6
        assert t.ring[k] is None and t.ring[gap] == c("KD") and t.ring.count(None) == 1
        assert t.discards == (c(ring[k]),) and t.hand == s.hand and t.pairs == ()


def test_decision_6_replace_then_draw() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC.TC")
    t = GYRE.apply(s, "S2C3")
    assert len(t.hand) == 5 and c("JC") in t.hand and t.deck[0] == c("TC") and t.ring[3] == c("2C")


def test_decision_7_rotate_or_replace_is_free_choice() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC")
    moves = GYRE.legal_moves(s)
    assert "R" in moves and any(m.startswith("S") for m in moves)


def test_decision_8_deck_runs_out_during_the_draw() -> None:
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", rest="X")
    t = GYRE.apply(s, "C8S0")
    assert t.pending is None and not t.deck and sum(x is not None for x in t.ring) == 4
    assert c("JC") in t.hand and GYRE.status(t) == "playing"
    assert GYRE.legal_moves(t) == ["CKH1", "C5D2", "CJC3"]  # end phase: captures only


def test_decision_9_end_phase_is_captures_only_then_everything_is_discarded() -> None:
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "", rest="X")
    assert GYRE.legal_moves(s) == ["C8S0", "C8S4", "CKH1", "C5D2"]
    for token in ("R", "S4C3"):  # a replace (4C under 9C) would be possible, but not in the end phase
        with pytest.raises(IllegalMoveError, match="deck is empty"):
            GYRE.apply(s, token)
    s = play(s, "CKH1", "C5D2")
    assert GYRE.legal_moves(s) == ["C8S0", "C8S4"]
    s = GYRE.apply(s, "C8S0")
    # 4C cannot take 9C, AD takes nothing: the game is over and all goes to the discards
    assert GYRE.status(s) == "finished" and GYRE.legal_moves(s) == []
    assert s.ring == (None,) * 6 and s.hand == ()
    assert [x.code for x in s.discards[-4:]] == ["9C", "2S", "AD", "4C"]  # gyre 0..5, then hand in canonical order
    assert GYRE.score(s) == (4 + 3) + (1 + 1) + (1 + 1)


def test_decision_9_an_unfinished_end_phase_cannot_be_written() -> None:
    with pytest.raises(ParseError, match="game is over"):
        make("7S.QH.3D.9C.2S.-", "AD.4C", "", rest="X")


def test_decision_10_jokers() -> None:
    xr, xb, kh, qh, ah = (c(x) for x in ("XR", "XB", "KH", "QH", "AH"))
    assert not can_capture(kh, xr) and not can_capture(xb, xr) and not can_capture(xr, xr) and not can_capture(xr, xb)
    assert can_capture(xr, kh) and can_capture(xr, c("KD")) and not can_capture(xr, c("KS"))
    assert can_capture(xb, c("KS")) and can_capture(xb, c("AC")) and not can_capture(xb, c("2H"))
    assert can_replace(qh, xr) and can_replace(c("2D"), xr) and not can_replace(c("2S"), xr)
    assert not can_replace(xr, kh) and not can_replace(xr, xr)
    assert not can_capture(ah, qh) and can_replace(ah, qh)
    # in play: a joker in the gyre is never captured but can be replaced or rotated out
    s = make("XR.QS.3D.9C.2S.-", "AS.AH.4H.2D.5C", "JC", options="jokers")
    assert GYRE.legal_moves(s) == ["R", "SAS1", "SAS4", "SAH0", "S4H0", "S2D0", "S2D2", "S5C3"]
    t = GYRE.apply(make("QS.3D.9C.2S.-.XR", "AS.AH.4H.2D.5C", "JC", options="jokers"), "R")
    assert t.discards == (c("XR"),)


def test_decision_11_both_cards_of_a_pair_score() -> None:
    assert GYRE.score(GYRE.apply(example(), "CKH1")) == 4 + 3
    assert points(c("XR")) == 5 and points(c("TD")) == 1


def attrition_by_hand(seed: int) -> list[Card]:
    """The Attrition deck rebuilt from the documented recipe."""
    rng = SplitMix64(seed)
    cards = standard_deck()
    shuffle_in_place(cards, rng)
    deck = cards[10:]
    middle, last = (JOKER_RED, JOKER_BLACK) if rng.rand_below(2) == 0 else (JOKER_BLACK, JOKER_RED)
    deck.insert(14 + rng.rand_below(15), middle)
    deck.insert(29 + rng.rand_below(15), last)
    return deck


def test_decision_12_attrition_jokers_go_into_the_middle_and_last_thirds() -> None:
    middles, lasts, reds_first = set(), set(), set()
    for seed in range(400):
        s = GYRE.deal(seed, GYRE.parse_options("attrition"))
        assert len(s.deck) == 44 and list(s.deck) == attrition_by_hand(seed)
        base = GYRE.deal(seed, GYRE.parse_options(""))
        assert s.ring == base.ring and s.hand == base.hand
        where = sorted(i for i, x in enumerate(s.deck) if x.is_joker)
        assert {s.deck[i].code for i in where} == {"XR", "XB"}
        middle, last = where
        # the 42 cards are cut at 14 and 28: one joker among cards 15..28 (15 gaps), one among 29..42
        assert 14 <= middle <= 28 and 29 <= last <= 43
        assert [x for x in s.deck if not x.is_joker] == list(base.deck)
        middles.add(middle)
        lasts.add(last)
        reds_first.add(s.deck[middle] == JOKER_RED)
    assert middles == set(range(14, 29)) and lasts == set(range(29, 44)) and reds_first == {True, False}


def test_decision_13_a_joker_revealed_by_the_rotation_refills_the_hand() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "XR.JC.TC.9S", options="attrition")
    assert GYRE.legal_moves(s)[:5] == ["RAS", "RAD", "R2C", "R4C", "R5C"]
    t = GYRE.apply(s, "R2C")
    assert t.ring[0] == c("XR") and len(t.hand) == 5 and c("JC") in t.hand and c("2C") in t.discards
    assert t.discards[:2] == (c("QH"), c("2C"))  # gyre card first, then the hand card
    # without a joker, no refill after a rotation
    u = GYRE.apply(make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC.TC", options="attrition"), "R2C")
    assert len(u.hand) == 4 and u.deck[0] == c("TC")
    # a short hand is refilled to five, not just by one
    v = make("-.QH.3D.9C.2S.8H", "AS.AD.4C", "XB.JC.TC.9S.8S", options="attrition")
    w = GYRE.apply(v, "R4C")
    assert w.hand == (c("AS"), c("9S"), c("AD"), c("TC"), c("JC")) and w.deck[0] == c("8S")
    # the joker refill is Attrition's only: with plain jokers the hand was already five
    x = GYRE.apply(make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "XR.JC.TC.9S", options="jokers"), "R")
    assert x.hand == (c("AS"), c("AD"), c("2C"), c("4C"), c("5C")) and x.deck[0] == c("JC")


def test_decision_13_a_joker_revealed_in_a_capture_turn_leaves_a_full_hand() -> None:
    # the capture draws to five before the reveal, so the end-of-turn refill never draws
    for deck, revealed in (("JC.9H.XR.TC", "XR"), ("XR.JC.TC.9H", "TC")):  # a joker turned up, or drawn
        s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.4C", deck, options="attrition")
        t = GYRE.apply(s, "C8S0")
        assert t.pending == c(revealed) and len(t.hand) == 5 and c("XR") in t.hand + (t.pending,)
        u = GYRE.apply(t, "P0")
        assert u.ring[0] == c(revealed) and u.hand == t.hand and u.deck == t.deck


def test_decision_14_sudden_end_beats_the_joker_refill_and_the_score_can_go_negative() -> None:
    v = make("-.QH.3D.9C.2S.8H", "2C", "XR.JC", options="attrition")
    w = GYRE.apply(v, "R2C")
    assert GYRE.status(w) == "finished" and GYRE.legal_moves(w) == []
    assert w.hand == () and w.penalty == len(w.deck) == 54 - 5 - 1 - 1 and w.ring[0] == c("XR")
    assert GYRE.score(w) == -47  # the joker refill did not save it
    assert w.ring == (c("XR"), None, c("3D"), c("9C"), c("2S"), c("8H"))  # nothing else moves
    assert GYRE.format_state(w).endswith("|Q=-|Z=47|O=attrition")
    assert GYRE.parse_state(GYRE.format_state(w)) == w
    # with points in the score pile the penalty is subtracted from them
    y = GYRE.apply(make("-.QH.3D.9C.2S.8H", "2C", "JC.TC", pairs="KSJS", options="attrition"), "R2C")
    assert GYRE.score(y) == 4 + 2 - 45


def test_attrition_rotation_using_the_last_deck_card_leads_to_the_end_phase() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS", "JC", options="attrition", rest="X")
    assert GYRE.legal_moves(s) == ["RAS", "SAS4"]
    t = GYRE.apply(s, "RAS")
    assert t.penalty == 0 and GYRE.status(t) == "finished" and GYRE.score(t) == 0
    assert t.ring == (None,) * 6 and [x.code for x in t.discards[-7:]] == ["QH", "AS", "JC", "3D", "9C", "2S", "8H"]
    # ... and the end phase proper, when a capture is left
    u = GYRE.apply(make("-.QH.4H.9C.2S.8H", "AS.6D", "5D", options="attrition", rest="X"), "RAS")
    assert GYRE.legal_moves(u) == ["C6D0"] and u.penalty == 0 and GYRE.status(u) == "playing"


def test_decision_15_easier_only_the_hand_ace_counts_high() -> None:
    ad, d3, xr = c("AD"), c("3D"), c("XR")
    assert can_capture(ad, d3, easy=True) and not can_capture(ad, d3)
    assert can_capture(ad, xr, easy=True) and not can_capture(ad, c("XB"), easy=True) and not can_capture(ad, xr)
    assert can_capture(c("2D"), ad)  # a gyre ace is low: a 2 takes it
    assert can_capture(c("KD"), ad, easy=True) and not can_capture(c("KS"), ad, easy=True)
    assert points(ad) == 1
    s = make("XR.QS.3D.9C.AH.-", "AD.4S.6S.8C.5C", "JC", options="attrition,easy")
    # AD counts high against XR (its colour) and 3D, and takes AH by equal rank; nothing takes XR otherwise
    assert GYRE.legal_moves(s) == ["CAD0", "CAD2", "CAD4"]


def test_decision_16_easier_equal_ranks_capture_across_suits_replace_unchanged() -> None:
    assert can_capture(c("QH"), c("QS"), easy=True) and not can_capture(c("QH"), c("QS"))
    assert can_capture(c("XR"), c("XB"), easy=True) and can_capture(c("AS"), c("AH"), easy=True)
    assert not can_replace(c("QH"), c("QS"))
    s = make("XB.QS.3D.9C.2S.-", "XR.4H.6S.8H.QC", "JC", options="jokers,easy")
    assert GYRE.legal_moves(s) == ["C6S4", "CQC1", "CQC3", "CXR0", "CXR2"]
    t = make("KD.QS.3D.9C.2S.-", "4H.8H.JH.6C.7C", "JC", options="easy")
    assert GYRE.legal_moves(t) == ["R", "S6C3", "S7C3"]  # no capture; replace stays same-suit (8H, JH cannot take KD's slot)


def test_decision_17_every_combination_of_variants_deals_and_prints_canonically() -> None:
    for n in range(4):
        for combo in itertools.permutations(["jokers", "attrition", "easy"], n):
            opts = GYRE.parse_options(",".join(combo))
            text = GYRE.format_options(opts)
            assert GYRE.format_options(GYRE.parse_options(text)) == text
            assert "jokers" not in text or "attrition" not in text  # attrition is printed alone
            assert opts.has_jokers == ("jokers" in combo or "attrition" in combo)
            state = GYRE.deal(5, opts)
            assert len(state.deck) == (44 if opts.has_jokers else 42)
            assert GYRE.parse_state(GYRE.format_state(state)) == state
    assert GYRE.parse_options("jokers,attrition") == GYRE.parse_options("attrition") == GyreOptions(True, True)
    assert GYRE.format_options(GYRE.parse_options("easy,jokers")) == "jokers,easy"
    assert [spec.name for spec in GYRE.option_specs] == ["jokers", "attrition", "easy"]
    with pytest.raises(ParseError, match="unknown Gyre option"):
        GYRE.parse_options("hard")


# -- invariants (RULES.md 3.11) as properties over random games ---------------------
def pair_is_legal(h: Card, g: Card, easy: bool) -> bool:
    """Written out independently of the engine's ``can_capture``."""
    colour = {"S": "SC", "C": "SC", "H": "HD", "D": "HD", "B": "SC", "R": "HD"}
    hs = set(colour[h.suit]) if h.is_joker else {h.suit}
    gs = set(colour[g.suit]) if g.is_joker else {g.suit}
    if not easy:
        return bool(hs & gs) and h.rank > g.rank
    return h.rank == g.rank or (bool(hs & gs) and (h.rank == 1 or h.rank > g.rank))


def all_cards(s: GyreState) -> list[Card]:
    cards = [x for x in s.ring if x] + list(s.hand) + list(s.deck) + [x for p in s.pairs for x in p]
    return cards + list(s.discards) + ([s.pending] if s.pending else [])


def check_invariants(before: GyreState, token: str, after: GyreState) -> None:
    easy, attrition = after.options.easy, after.options.attrition
    assert sorted(all_cards(after)) == sorted(standard_deck(jokers=after.options.has_jokers))
    assert sum(x is not None for x in after.ring) <= 5 and after.ring.count(None) >= 1 and len(after.hand) <= 5
    assert list(after.hand) == sorted(after.hand, key=standard_deck(jokers=True).index)
    # the score pile grows only in pairs, each a legal capture
    assert after.pairs[: len(before.pairs)] == before.pairs
    assert len(after.pairs) - len(before.pairs) == (1 if token[0] == "C" else 0)
    for h, g in after.pairs[len(before.pairs):]:
        assert pair_is_legal(h, g, easy)
    assert GYRE.score(after) == sum(points(h) + points(g) for h, g in after.pairs) - after.penalty
    assert after.penalty == 0 or (attrition and not after.hand and after.penalty == len(after.deck) > 0)
    if before.pending is None:
        # the start of a turn
        if before.deck:
            assert before.ring.count(None) == 1
            assert len(after.deck) < len(before.deck)  # the deck strictly shrinks every turn
            if not attrition:
                assert len(before.hand) == 5
        else:
            assert token[0] == "C"  # the end phase: captures only
        if token[0] in "RS":
            assert not GYRE.captures(before) and before.deck
    else:
        assert token[0] == "P" and len(before.hand) == 5 and before.ring.count(None) == 2
        # the refill of a capture turn never draws (the hand changes only if the game ends)
        assert after.hand == before.hand or (after.hand == () and after.ring == (None,) * 6 and not after.deck)
    if token[0] == "R":
        old = before.ring.index(None)
        if after.ring != (None,) * 6:
            assert after.ring[(old + 1) % 6] is None and after.ring.count(None) == 1
            assert after.ring[old] == before.deck[0]
        assert len(token) == (3 if attrition else 1)
    if GYRE.status(after) == "finished":
        assert GYRE.legal_moves(after) == []
        if after.penalty == 0:
            assert not after.deck and after.ring == (None,) * 6 and not after.hand


def random_game(seed: int, options: str, picks: list[int]) -> list[tuple[GyreState, str, GyreState]]:
    state = GYRE.deal(seed, GYRE.parse_options(options))
    out = []
    for pick in picks:
        moves = GYRE.legal_moves(state)
        if not moves:
            break
        token = moves[pick % len(moves)]
        after = GYRE.apply(state, token)
        out.append((state, token, after))
        state = after
    return out


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=120, max_size=120))
def test_invariants_hold_in_random_games(seed: int, options: str, picks: list[int]) -> None:
    game = random_game(seed, options, picks)
    for before, token, after in game:
        check_invariants(before, token, after)
        assert GYRE.parse_state(GYRE.format_state(after)) == after
        assert str(GyreMove.parse(token)) == token
    final = game[-1][2]
    # termination: at most 2 moves per deck card (capture + place) plus 5 end-phase captures
    assert GYRE.status(final) == "finished", "a game must end within 120 moves"
    if not final.penalty:
        assert not final.deck and final.ring == (None,) * 6 and not final.hand


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=60, max_size=60))
def test_steps_end_with_apply_and_every_frame_can_be_drawn(seed: int, options: str, picks: list[int]) -> None:
    for before, token, after in random_game(seed, options, picks):
        frames = GYRE.steps(before, token)
        assert frames[-1] == after and frames[0] != before
        assert all(a != b for a, b in zip(frames, frames[1:]))
        for frame in frames:
            assert sorted(all_cards(frame)) == sorted(all_cards(after))
            table(frame, True, frozenset())
        if token[0] == "C" and before.deck:
            assert len(frames[0].hand) == len(before.hand) - 1 and frames[0].pending is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=70, max_size=70))
def test_replay_of_seed_and_tokens_equals_the_live_state(seed: int, options: str, picks: list[int]) -> None:
    session = Session.new(GYRE, seed, options)
    for pick in picks:
        moves = session.legal_moves()
        if not moves:
            break
        session = session.played(moves[pick % len(moves)])
    again = Session.from_link(session.link().fragment())
    assert again.state == session.state and again.moves == session.moves
    assert again.status() == GYRE.status(session.state) and again.score() == GYRE.score(session.state)


def test_every_seeded_game_terminates_with_any_strategy() -> None:
    for options in ALL_OPTIONS:
        for seed in range(15):
            for strategy in (0, -1):
                state = GYRE.deal(seed, GYRE.parse_options(options))
                for _ in range(120):
                    moves = GYRE.legal_moves(state)
                    if not moves:
                        break
                    state = GYRE.apply(state, moves[strategy])
                assert GYRE.status(state) == "finished" and GYRE.legal_moves(state) == []


def test_attrition_sudden_end_is_reached_by_rotating_and_may_be_negative() -> None:
    # keep rotating while possible: the hand drains and the game ends with a penalty
    found = False
    for seed in range(40):
        state = GYRE.deal(seed, GYRE.parse_options("attrition"))
        while GYRE.legal_moves(state):
            moves = GYRE.legal_moves(state)
            rotations = [m for m in moves if m.startswith("R")]
            state = GYRE.apply(state, rotations[0] if rotations else moves[0])
        if state.penalty:
            found = found or GYRE.score(state) < 0
            assert state.hand == () and state.penalty == len(state.deck) and GYRE.status(state) == "finished"
    assert found


# -- golden deals -------------------------------------------------------------------
GOLDEN = {
    (1, ""): "GY1|R=7H.9S.4H.8D.8H.-|H=JS.6H.JH.5C.9C|D=5H.KH.3S.2H.JD.5D.7D.4D.2S.AH.6C.KS.KD.TD.TC.JC.TH.8C.QS.4C.6S.7S.AC.5S.AD.KC.6D.QC.QD.QH.9H.3H.3C.AS.4S.2D.8S.TS.3D.2C.9D.7C|P=|X=|Q=-|Z=0",
    (2, ""): "GY1|R=QD.3C.4S.5D.7D.-|H=AS.6S.2H.TH.KD|D=7C.3S.QS.7H.6D.JD.TS.9C.JH.8S.4H.5C.2C.4D.AH.QH.6C.8D.3D.9H.6H.JC.AC.5S.JS.AD.KS.2D.7S.4C.9S.TD.5H.TC.QC.KC.8C.KH.3H.2S.8H.9D|P=|X=|Q=-|Z=0",
    (3, ""): "GY1|R=AH.3H.7C.QC.9C.-|H=2S.JS.AD.3D.5C|D=KC.QD.6S.6C.5S.QS.KD.KH.JH.4C.AS.8D.4S.2D.8S.6D.8H.8C.9S.3C.9H.6H.7H.7D.5H.9D.JC.TH.4H.KS.AC.5D.TD.3S.2C.TC.QH.7S.2H.4D.JD.TS|P=|X=|Q=-|Z=0",
    (1, "jokers"): "GY1|R=XR.3C.TD.AS.5C.-|H=6H.6D.8D.AC.9C|D=7D.7C.KH.7H.3D.9S.2S.AD.7S.3H.9D.XB.KD.QH.5D.8S.8H.QD.JH.4S.JD.AH.2D.TC.4C.3S.2C.TS.JC.4H.5S.KC.TH.8C.JS.KS.QC.9H.6C.QS.4D.2H.5H.6S|P=|X=|Q=-|Z=0|O=jokers",
    (2, "jokers"): "GY1|R=6H.2C.9H.4H.4D.-|H=8H.AD.7D.9D.KC|D=7C.QS.8C.9S.KS.9C.AH.3D.JS.5D.JD.QC.8D.TS.8S.XR.AS.TC.TH.XB.KH.6C.AC.2D.JH.2H.3H.7S.QH.3C.4S.TD.6D.2S.5H.6S.3S.KD.QD.JC.4C.7H.5C.5S|P=|X=|Q=-|Z=0|O=jokers",
    (3, "jokers"): "GY1|R=6S.AC.7D.3S.2D.-|H=7S.QS.4D.KD.XB|D=KC.AH.3D.KH.JH.6H.JC.AD.5C.2C.9H.5H.5D.TS.8S.4S.8D.9C.QD.XR.8C.7H.AS.TD.JD.QC.TH.3C.TC.KS.6D.JS.8H.5S.4C.9D.2H.QH.3H.4H.6C.2S.9S.7C|P=|X=|Q=-|Z=0|O=jokers",
    # the base deals of seeds 1-3 with XB put in the middle third and XR in the last
    (1, "attrition"): "GY1|R=7H.9S.4H.8D.8H.-|H=JS.6H.JH.5C.9C|D=5H.KH.3S.2H.JD.5D.7D.4D.2S.AH.6C.KS.KD.TD.TC.JC.TH.8C.QS.4C.6S.7S.AC.5S.AD.KC.6D.XB.QC.QD.QH.9H.XR.3H.3C.AS.4S.2D.8S.TS.3D.2C.9D.7C|P=|X=|Q=-|Z=0|O=attrition",
    (2, "attrition"): "GY1|R=QD.3C.4S.5D.7D.-|H=AS.6S.2H.TH.KD|D=7C.3S.QS.7H.6D.JD.TS.9C.JH.8S.4H.5C.2C.4D.AH.QH.6C.8D.3D.9H.6H.XB.JC.AC.5S.JS.AD.KS.2D.7S.4C.9S.XR.TD.5H.TC.QC.KC.8C.KH.3H.2S.8H.9D|P=|X=|Q=-|Z=0|O=attrition",
    (3, "attrition"): "GY1|R=AH.3H.7C.QC.9C.-|H=2S.JS.AD.3D.5C|D=KC.QD.6S.6C.5S.QS.KD.KH.JH.4C.AS.8D.4S.2D.8S.6D.8H.XB.8C.9S.3C.9H.6H.7H.7D.5H.9D.JC.TH.4H.XR.KS.AC.5D.TD.3S.2C.TC.QH.7S.2H.4D.JD.TS|P=|X=|Q=-|Z=0|O=attrition",
}


def test_golden_deals_never_change() -> None:
    for (seed, options), text in GOLDEN.items():
        assert GYRE.format_state(GYRE.deal(seed, GYRE.parse_options(options))) == text
        assert GYRE.format_state(GYRE.parse_state(text)) == text
    # easy changes no deal: only the O= field differs
    for seed in (1, 2, 3):
        for base, easy in (("", "easy"), ("jokers", "jokers,easy"), ("attrition", "attrition,easy")):
            text = GYRE.format_state(GYRE.deal(seed, GYRE.parse_options(easy)))
            plain = GOLDEN[(seed, base)]
            assert text == (plain + "|O=easy" if not base else plain.replace(f"|O={base}", f"|O={base},easy"))


# -- text ----------------------------------------------------------------------------
def test_state_text_round_trips_and_reads_the_hand_in_any_order() -> None:
    s = example("jokers,easy")
    text = GYRE.format_state(s)
    assert text.startswith("GY1|R=7S.QH.3D.9C.2S.-|H=8S.KH.AD.5D.4C|D=JC.3H.AS.") and text.endswith("|O=jokers,easy")
    assert GYRE.parse_state(text) == s
    shuffled_hand = text.replace("H=8S.KH.AD.5D.4C", "H=4C.AD.KH.5D.8S")
    assert GYRE.parse_state(shuffled_hand) == s


def test_malformed_text_is_a_parse_error_naming_the_field() -> None:
    s = example()
    text = GYRE.format_state(s)
    for bad, why in [
        (text.replace("|Z=0", ""), "missing field Z"),
        (text.replace("GY1|", "GY2|"), "GY1"),
        (text.replace("R=7S.", "R="), "6 slots"),
        (text.replace("R=7S", "R=7X"), "field R"),
        (text.replace("H=8S.", "H=7S."), "one deck"),
        (text.replace("H=8S.", "H=8S.8S."), "field H"),
        (text.replace("|Z=0", "|Z=x"), "field Z"),
        (text.replace("|Z=0", "|Z=3"), "field Z"),
        (text.replace("|Q=-", "|Q="), "field Q"),
        (text.replace("|Q=-", "|Q=AS.2S"), "field Q"),
        (text.replace("|P=", "|P=8S7"), "field P"),
        (text.replace("R=7S.QH.3D.9C.2S.-", "R=7S.QH.3D.9C.2S.JC").replace("D=JC.", "D="), "empty"),
        (text.replace("R=7S.QH.3D.9C.2S.-", "R=7S.QH.3D.9C.-.-").replace("D=JC.", "D=JC.2S."), "exactly one slot"),
        (text + "|O=turbo", "option"),
        (text.replace("|Z=0", "|Z=0|J=1"), "unknown field"),
        (text + "|O=jokers", "one deck"),
    ]:
        with pytest.raises(ParseError, match=why):
            GYRE.parse_state(bad)


def test_states_that_cannot_arise_are_refused() -> None:
    with pytest.raises(ParseError, match="field H"):  # base game: the hand is full while the deck has cards
        make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D", "JC")
    make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D", "JC", options="attrition")  # ... but not with Attrition
    with pytest.raises(ParseError, match="field P"):  # a pair that is no capture
        make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", pairs="2H3H")
    with pytest.raises(ParseError, match="field P"):  # equal ranks only with easy
        make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", pairs="QCQD")
    make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", pairs="QCQD", options="easy")
    with pytest.raises(ParseError, match="field Q"):  # a waiting card needs two empty slots
        make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", pending="3H")
    with pytest.raises(ParseError, match="field H"):  # ... and a full hand
        make("-.QH.3D.9C.2S.-", "8S.KH.AD.5D", "JC", pending="3H", options="attrition")
    with pytest.raises(ParseError, match="field Z"):  # a sudden end's penalty is the deck size
        make("-.QH.3D.9C.2S.8H", "", "JC", penalty=3, options="attrition")
    with pytest.raises(ParseError, match="field Z"):  # ... and there is no penalty elsewhere
        make("-.QH.3D.9C.2S.8H", "2C", "JC", penalty=1, options="attrition")


def test_tokens_round_trip_and_malformed_tokens_are_parse_errors() -> None:
    for token in ("C8S0", "CXR2", "P5", "R", "R4C", "RXB", "S4C3"):
        assert str(GyreMove.parse(token)) == token
    s = example()
    for token in ("", "C8S", "C8S9", "C8S01", "Q", "R7", "RZZ", "S8S", "P6", "P", "c8s0", "CZZ0", "R 4C", "X"):
        with pytest.raises(ParseError):
            GYRE.apply(s, token)
    # well-formed but illegal: IllegalMoveError
    for token in ("RAS", "C2S0", "P0", "CKH0"):
        with pytest.raises(IllegalMoveError):
            GYRE.apply(s, token)
    with pytest.raises(IllegalMoveError, match="R<card>"):
        GYRE.apply(make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC", options="attrition"), "R")


def test_the_registry_and_the_protocol_attributes() -> None:
    game = get_game("gyre")
    assert game is GYRE and (GYRE.id, GYRE.magic, GYRE.title) == ("gyre", "GY1", "Gyre")
    assert all(spec.kind == "flag" for spec in GYRE.option_specs)
    assert GYRE.options_of(example("attrition,easy")) == GyreOptions(attrition=True, easy=True)


# -- the command line -------------------------------------------------------------------
def test_cli_deal_moves_apply_replay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "gyre", "--seed", "2", "--options", "easy,jokers"]) == 0
    assert capsys.readouterr().out == GOLDEN[(2, "jokers")].replace("|O=jokers", "|O=jokers,easy") + "\n"
    text = GYRE.format_state(example())
    assert main(["moves", text]) == 0
    assert capsys.readouterr().out.split() == ["C8S0", "C8S4", "CKH1", "C5D2"]
    assert main(["apply", text, "C8S0", "P5"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.strip() == GYRE.format_state(play(example(), "C8S0", "P5"))
    moves = GYRE.legal_moves(GYRE.deal(99, GYRE.parse_options("jokers,easy")))
    link = f"#g=gyre&v=1&o=jokers,easy&s=99&m={moves[0]}"
    assert main(["replay", link]) == 0
    final = GYRE.apply(GYRE.deal(99, GYRE.parse_options("jokers,easy")), moves[0])
    assert capsys.readouterr().out == f"{GYRE.format_state(final)}\nstatus=playing score={GYRE.score(final)}\n"
    over = GYRE.format_state(play(make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "", rest="X"), "CKH1", "C5D2", "C8S0"))
    assert main(["moves", over]) == 0 and capsys.readouterr().out == ""


@pytest.mark.parametrize("argv", [
    ["deal", "gyre", "--seed", "1", "--options", "hard"],
    ["moves", "GY1|R=7S"],
    ["apply", "GY1|R=-.-.-.-.-.-|H=|D=|P=|X=|Q=-|Z=0"],
    ["apply", "EXAMPLE", "R"],
    ["apply", "EXAMPLE", "C8S9"],
    ["replay", "#g=gyre&v=1&o=&s=1&m=P9"],
])
def test_cli_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    argv = [GYRE.format_state(example()) if a == "EXAMPLE" else a for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")


# -- the table -------------------------------------------------------------------------
def check_table(state: GyreState, t: Table) -> None:
    legal = GYRE.legal_moves(state)
    ids = [p.id for p in t.piles]
    assert sorted(ids) == sorted(PILE_IDS)
    # every legal token is exactly one way to play: a gesture or a button token (button choices are gestures too)
    ways = [g.token for g in t.gestures] + [b.token for b in t.buttons if b.token and not b.repeat]
    assert sorted(ways) == sorted(legal)
    rotate, *auto = t.buttons
    # Auto-finish only in the end phase, playing a legal capture that keeps the best score reachable
    assert [b.token for b in auto] == ([auto_finish_move(state)] if auto_finish_move(state) else [])
    assert all(b.id == "autofinish" and b.repeat and b.token in legal for b in auto)
    assert rotate.id == "rotate" and rotate.label == "Rotate" and rotate.title
    rotations = [m for m in legal if m.startswith("R")]
    if state.options.attrition and rotations:
        assert rotate.token is None and rotate.pick is not None and not rotate.pick.confirm
        assert rotate.pick.count == 1 and [tok for _, tok in rotate.pick.options] == rotations
        # the pick's cards are the hand cards given up, and a drag onto the discards plays the same token
        for (place,), tok in rotate.pick.options:
            assert place == ("H", state.hand.index(c(tok[1:])))
            assert Gesture(tok, place, "X") in t.gestures
    else:
        assert rotate.pick is None and rotate.token == ("R" if rotations else None)
    if not rotate.enabled and legal:
        assert rotate.title in ("A capture is possible: you must capture", "Place the revealed card first",
                                "The deck is empty: only captures remain")
    for g in t.gestures:
        assert g.source is not None and g.target in ids
        pile = t.pile(g.source[0])
        assert g.source[1] < len(pile.cards)
        if g.token[0] in "CS":
            assert g.source == ("H", state.hand.index(c(g.token[1:3]))) and g.target == f"R{g.token[3]}"
            assert pile.cards[g.source[1]] == g.token[1:3]
            mine = [h for h in t.gestures if h.source == g.source]
            assert g.tap == (len(mine) == 1)
        if g.token[0] == "P":
            assert g.source == ("Q", 0) and g.target == f"R{g.token[1]}"
            assert [h.target for h in t.gestures].count(g.target) == 1  # a tap on the slot plays it
    for k in range(6):
        pile, card = t.pile(f"R{k}"), state.ring[k]
        assert "slot" in pile.marks and ("empty" in pile.marks) == (card is None)
        assert ("target" in pile.marks) == (f"P{k}" in legal)
        assert pile.cards == ((card.code,) if card else ())
    assert t.pile("H").cards == tuple(x.code for x in state.hand)
    assert t.pile("Q").cards == ((state.pending.code,) if state.pending else ())
    # counts are said in words in the labels; no bare number can be taken for the points
    assert t.pile("D").cards == ((BACK,) if state.deck else ()) and t.pile("D").label.startswith(f"Deck: {len(state.deck)} card")
    assert t.pile("P").cards == (tuple(x.code for x in state.pairs[-1]) if state.pairs else ())
    assert t.pile("P").label.startswith(f"Captured: {len(state.pairs)} pair")
    assert t.pile("X").cards == ((state.discards[-1].code,) if state.discards else ())
    assert t.pile("X").label == f"Discards: {len(state.discards)}"
    assert all(p.badge == "" for p in t.piles)
    assert t.score == f"Points {GYRE.score(state)}" and t.status == GYRE.status(state) and t.prompt
    assert bool(t.summary) == (GYRE.status(state) == "finished")
    # piles never overlap and fit the table
    boxes = [(p.x, p.y, p.x + max(p.w, 1 + p.dx * max(0, len(p.cards) - 1)), p.y + p.h) for p in t.piles]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 or b[3] <= a[1] + 1e-9
    assert all(0 <= box[0] and box[2] <= t.width + 1e-9 and 0 <= box[1] and box[3] <= t.height + 1e-9 for box in boxes)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=0, max_size=110))
def test_every_legal_move_has_exactly_one_way_to_play_it(seed: int, options: str, picks: list[int]) -> None:
    game = random_game(seed, options, picks)
    state = game[-1][2] if game else GYRE.deal(seed, GYRE.parse_options(options))
    for portrait in (True, False):
        check_table(state, table(state, portrait, frozenset()))


def test_table_layouts() -> None:
    t = table(example(), True, frozenset())
    assert 5.5 <= t.width <= 6.5 and t.height > t.width
    assert t.pile("R0").y < t.pile("H").y  # ring on top, hand under it
    xs = [t.pile(f"R{k}").x for k in range(6)]
    assert xs[0] == pytest.approx(xs[3]) and xs[1] == pytest.approx(xs[2]) and xs[4] == pytest.approx(xs[5])
    assert xs[1] > xs[0] > xs[5]  # clockwise from 12 o'clock
    assert t.pile("R0").y < t.pile("R1").y < t.pile("R2").y < t.pile("R3").y
    q = t.pile("Q")
    assert q.x == pytest.approx(xs[0]) and t.pile("R0").y < q.y < t.pile("R3").y  # floating in the centre
    w = table(example(), False, frozenset())
    assert w.width > w.height and max(w.pile(f"R{k}").x for k in range(6)) < min(w.pile(i).x for i in "HDPX")
    assert t.decor and t.decor[0].kind == "ring"


def test_table_capture_position() -> None:
    s = example()
    t = table(s, True, frozenset())
    check_table(s, t)
    assert t.prompt == "Capture: drag a hand card onto a lower card of its suit"
    assert t.buttons[0].title == "A capture is possible: you must capture" and not t.buttons[0].enabled
    # KH and 5D have one capture each, so a tap plays it; 8S has two
    taps = {g.token for g in t.gestures if g.tap}
    assert taps == {"CKH1", "C5D2"}
    assert t.targets(("H", 0)) == {"R0": "C8S0", "R4": "C8S4"}


def test_table_place_position() -> None:
    s = GYRE.apply(example(), "CKH1")
    t = table(s, False, frozenset())
    check_table(s, t)
    assert t.prompt == "Place the revealed card in one of the two highlighted slots"
    assert t.pile("Q").cards == ("3H",) and t.targets(("Q", 0)) == {"R1": "P1", "R5": "P5"}
    assert [p.id for p in t.piles if "target" in p.marks] == ["R1", "R5"]
    assert t.pile("P").cards == ("KH", "QH") and t.pile("P").label == "Captured: 1 pair"


def test_table_rotate_and_replace_position() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC")
    t = table(s, True, frozenset())
    check_table(s, t)
    assert t.prompt == "No capture: rotate the ring or replace a card"
    assert t.buttons[0].token == "R"
    # a replace is the same drag as a capture; each hand card has one replace here, so a tap plays it
    assert {g.token for g in t.gestures if g.tap} == {"SAS4", "SAD2", "S2C3", "S4C3", "S5C3"}
    two = make("-.QH.3D.9C.2S.8H", "AS.AH.AD.2C.4C", "JC")  # AH could replace QH or 8H: no tap for it
    assert {g.token for g in table(two, True, frozenset()).gestures if g.tap} == {"SAS4", "SAD2", "S2C3", "S4C3"}
    a = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC", options="attrition")
    u = table(a, True, frozenset())
    check_table(a, u)
    assert u.prompt.startswith("No capture: rotate the ring") and "giving up a hand card" in u.prompt
    assert u.buttons[0].pick is not None
    assert [tok for _, tok in u.buttons[0].pick.options] == ["RAS", "RAD", "R2C", "R4C", "R5C"]
    assert not any(g.tap for g in u.gestures)  # every hand card also has its rotation
    assert u.targets(("H", 0)) == {"R4": "SAS4", "X": "RAS"}


def test_table_end_phase_and_game_over() -> None:
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "", rest="X")
    t = table(s, True, frozenset())
    check_table(s, t)
    assert t.prompt == "End phase: capture what you can"
    assert t.buttons[0].title == "The deck is empty: only captures remain"
    over = play(s, "CKH1", "C5D2", "C8S0")
    o = table(over, True, frozenset())
    check_table(over, o)
    assert o.status == "finished" and o.gestures == () and "Game over" in o.prompt
    assert o.summary[0] == "Pairs captured: 3 (11 points)" and o.score == "Points 11"
    assert o.result == "Game over: no capture is left"
    sudden = GYRE.apply(make("-.QH.3D.9C.2S.8H", "2C", "XR.JC", pairs="KSJS", options="attrition"), "R2C")
    u = table(sudden, False, frozenset())
    check_table(sudden, u)
    assert u.score == "Points -39" and any("minus 45" in line for line in u.summary)
    assert u.result == "Game over: your hand ran out"


def test_help_and_settings() -> None:
    assert SETTINGS == ()
    for words in ("Attrition", "Easier", "joker", "rotate", "replace", "capture"):
        assert words.lower() in HELP.lower()


# -- the end phase's Auto-finish -------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["", "jokers", "easy", "attrition", "jokers,easy"]),
       st.lists(st.integers(0, 50), min_size=12, max_size=12))
def test_auto_finish_reaches_the_best_end_score_and_no_play_beats_it(seed: int, options: str, picks: list[int]) -> None:
    """From the first end-phase position: every way of playing on ends within
    end_range, some random way ends where it says, and Auto-finish ends at its top."""
    s = GYRE.deal(seed, GYRE.parse_options(options))
    while GYRE.status(s) == "playing" and end_range(s) is None:
        assert auto_finish_move(s) is None
        s = GYRE.apply(s, GYRE.legal_moves(s)[0])
    if GYRE.status(s) != "playing":
        assert auto_finish_move(s) is None
        return
    span = end_range(s)
    assert span is not None and span[0] <= span[1]
    auto, rand = s, s
    for n in range(12):
        if GYRE.status(auto) == "playing":
            token = auto_finish_move(auto)
            assert token in GYRE.legal_moves(auto)
            auto = GYRE.apply(auto, token)
        if GYRE.status(rand) == "playing":
            legal = GYRE.legal_moves(rand)
            rand = GYRE.apply(rand, legal[picks[n] % len(legal)])
    assert GYRE.status(auto) == GYRE.status(rand) == "finished" and auto_finish_move(auto) is None
    assert GYRE.score(auto) == span[1] and span[0] <= GYRE.score(rand) <= span[1]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=60, max_size=60))
def test_captures_are_every_pair_the_capture_rule_allows(seed: int, options: str, picks: list[int]) -> None:
    """:meth:`Gyre.captures` (the capture rule inlined, for speed) lists exactly the hand and ring
    pairs :func:`can_capture` allows, in its order, on every position of random games; and the
    rule itself, over every pair of cards of a deck with jokers, agrees with RULES.md 3.4 and 3.8
    written out: a shared suit (a joker has both of its colour's) and a higher rank, or with
    Easier an equal rank in any suit or a hand ace counting high."""
    for before, _token, _after in random_game(seed, options, picks):
        easy = before.options.easy
        assert GYRE.captures(before) == [(h, k) for h in before.hand for k, g in enumerate(before.ring)
                                         if g is not None and can_capture(h, g, easy)]
    colours = {"R": "HD", "B": "SC"}
    cards = standard_deck(jokers=True)
    for easy in (False, True):
        for h in cards:
            for g in cards:
                shared = bool(set(colours.get(h.suit, h.suit)) & set(colours.get(g.suit, g.suit)))
                higher = (15 if easy and h.rank == 1 else h.rank) > g.rank
                assert can_capture(h, g, easy) == ((easy and h.rank == g.rank) or (shared and higher)), (h, g, easy)
                assert can_replace(h, g) == (shared and h.rank < g.rank), (h, g)
