"""Gyre (RULES.md section 3): the worked example, every ambiguity decision,
the invariants as properties over random games, golden deals, text round-trips."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.cards import Card, standard_deck
from pyapp.errors import IllegalMoveError, ParseError
from pyapp.games.gyre import GYRE, GyreState, can_capture, can_replace, points
from pyapp.rng import shuffled
from pyapp.session import Session
from pyapp.tables.gyre import table

ALL_OPTIONS = ["", "jokers", "attrition", "easy", "jokers,easy", "attrition,easy"]


def make(ring: str, hand: str, deck: str = "", pairs: str = "", discards: str = "", pending: str = "-",
         penalty: int = 0, options: str = "", rest: bool = True, extra: str = "") -> GyreState:
    """A state from its fields; with ``rest`` the cards not named go to the bottom
    of the deck in canonical order, so the state holds exactly one deck."""
    named = [c for c in ring.split(".") if c != "-"] + [c for f in (hand, deck, discards) for c in f.split(".") if c]
    named += [p[i:i + 2] for p in pairs.split(".") if p for i in (0, 2)] + ([pending] if pending != "-" else [])
    opts = GYRE.parse_options(options)
    if rest:
        left = [c.code for c in standard_deck(jokers=opts.has_jokers) if c.code not in named]
        deck = ".".join([d for d in deck.split(".") if d] + left)
    text = f"GY1|R={ring}|H={hand}|D={deck}|P={pairs}|X={discards}|Q={pending}|Z={penalty}{extra}"
    if options:
        text += f"|O={GYRE.format_options(opts)}"
    return GYRE.parse_state(text)




def example(options: str = "") -> GyreState:
    """RULES.md 3.9: gyre 7S QH 3D 9C 2S and an empty slot 5; hand KH 5D 8S 4C AD."""
    return make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC.3H", options=options)


# -- RULES.md 3.9, the worked example ---------------------------------------------
def test_worked_example_captures_are_compulsory_and_exactly_these() -> None:
    s = example()
    assert GYRE.legal_moves(s) == ["C8S0", "C8S4", "CKH1", "C5D2"]
    for token in ("R", "S4C3", "CAD2", "C4C3"):
        with pytest.raises(IllegalMoveError):
            GYRE.apply(s, token)


def test_worked_example_capture_draw_reveal_place() -> None:
    s = GYRE.apply(example(), "C8S0")
    assert s.pairs == ((Card.parse("8S"), Card.parse("7S")),) and GYRE.score(s) == 2
    assert Card.parse("JC") in s.hand and len(s.hand) == 5  # drew one
    assert s.pending == Card.parse("3H")  # then revealed the next card
    assert GYRE.legal_moves(s) == ["P0", "P5"]
    t = GYRE.apply(s, "P5")
    assert t.ring[5] == Card.parse("3H") and t.ring[0] is None and t.pending is None


def test_worked_example_rotate_and_replace_later() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC")
    moves = GYRE.legal_moves(s)
    assert moves[0] == "R" and "S4C3" in moves and "S2C3" in moves
    r = GYRE.apply(s, "R")
    assert r.ring[0] == Card.parse("JC") and r.ring[1] is None and r.discards == (Card.parse("QH"),)
    assert r.hand == s.hand  # no draw
    x = GYRE.apply(s, "S4C3")
    assert x.ring[3] == Card.parse("4C") and x.discards == (Card.parse("9C"),)
    assert len(x.hand) == 5 and Card.parse("JC") in x.hand  # drew one


def test_worked_example_easier_variant() -> None:
    s = example("easy")
    assert "CAD2" in GYRE.legal_moves(s)
    t = make("7S.QS.3D.9C.2S.-", "QH.5C.6C.7C.8C", "JC", options="easy")
    assert "CQH1" in GYRE.legal_moves(t)


# -- RULES.md 3.10, every decision ----------------------------------------------------
def test_decision_1_deal_fills_slots_0_to_4_and_slot_5_is_empty() -> None:
    for seed in range(20):
        s = GYRE.deal(seed, GYRE.parse_options(""))
        assert s.ring[5] is None and all(c is not None for c in s.ring[:5])
        assert len(s.hand) == 5 and len(s.deck) == 42
        order = standard_deck()
        dealt = shuffled(order, seed)
        assert list(s.ring[:5]) == dealt[:5] and sorted(s.hand) == sorted(dealt[5:10]) and list(s.deck) == dealt[10:]


def test_decisions_2_3_two_empty_slots_and_place_after_seeing() -> None:
    s = GYRE.apply(example(), "CKH1")
    assert [k for k, c in enumerate(s.ring) if c is None] == [1, 5]
    assert s.pending is not None and GYRE.format_state(s).split("|Q=")[1].startswith(s.pending.code)
    assert GYRE.legal_moves(s) == ["P1", "P5"]
    with pytest.raises(IllegalMoveError, match="place"):
        GYRE.apply(s, "R")


def test_decision_4_capture_is_compulsory() -> None:
    s = example()
    with pytest.raises(IllegalMoveError, match="must capture"):
        GYRE.apply(s, "R")


def test_decision_5_rotation_discards_clockwise_next_and_the_gap_advances() -> None:
    for gap in range(6):
        ring = ["7C", "8C", "9C", "TC", "JC", "QC"]
        ring[gap] = "-"
        s = make(".".join(ring), "2S.3S.4S.5S.6S", "KD")
        assert GYRE.legal_moves(s)[0] == "R"
        t = GYRE.apply(s, "R")
        k = (gap + 1) % 6
        assert t.ring[k] is None and t.ring[gap] == Card.parse("KD")
        assert t.discards == (Card.parse(ring[k]),) and t.hand == s.hand


def test_decision_6_replace_then_draw() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC.TC")
    t = GYRE.apply(s, "S2C3")
    assert len(t.hand) == 5 and t.deck[0] == Card.parse("TC")


def test_decision_7_rotate_or_replace_is_free_choice() -> None:
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC")
    moves = GYRE.legal_moves(s)
    assert "R" in moves and any(m.startswith("S") for m in moves)


def test_decision_8_deck_runs_out_during_the_draw() -> None:
    # every other card is already discarded: the deck holds one card
    used = "7S QH 3D 9C 2S 8S KH AD 5D 4C JC".split()
    others = ".".join(c.code for c in standard_deck() if c.code not in used)
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC", discards=others, rest=False)
    t = GYRE.apply(s, "C8S0")
    assert t.pending is None and not t.deck and sum(c is not None for c in t.ring) == 4
    assert Card.parse("JC") in t.hand


def test_decision_9_end_phase_is_captures_only_then_everything_is_discarded() -> None:
    used = "7S QH 3D 9C 2S 8S KH AD 5D 4C".split()
    others = ".".join(c.code for c in standard_deck() if c.code not in used)
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "", discards=others, rest=False)
    assert GYRE.legal_moves(s) == ["C8S0", "C8S4", "CKH1", "C5D2"]
    seq = ["CKH1", "C5D2", "C8S0"]
    for token in seq:
        s = GYRE.apply(s, token)
    # 4C cannot take 9C, AD takes nothing, 2S left: the game is over and all goes to the discards
    assert GYRE.status(s) == "finished" and GYRE.legal_moves(s) == []
    assert s.ring == (None,) * 6 and s.hand == ()
    assert [c.code for c in s.discards[-4:]] == ["9C", "2S", "AD", "4C"]  # gyre 0..5, then hand in canonical order
    assert GYRE.score(s) == points(Card.parse("KH")) + 3 + 1 + 1 + 1 + 1


def test_decision_10_jokers_cannot_be_captured_but_can_be_replaced_never_replace() -> None:
    xr, xb, kh, qh, ah = (Card.parse(c) for c in ("XR", "XB", "KH", "QH", "AH"))
    assert not can_capture(kh, xr) and not can_capture(xb, xr) and not can_capture(xr, xr)
    assert can_capture(xr, kh) and can_capture(xr, Card.parse("KD")) and not can_capture(xr, Card.parse("KS"))
    assert can_replace(qh, xr) and can_replace(Card.parse("2D"), xr) and not can_replace(Card.parse("2S"), xr)
    assert not can_replace(xr, kh) and not can_replace(xr, xr)
    assert not can_capture(ah, qh) and can_replace(ah, qh)


def test_decision_11_both_cards_of_a_pair_score() -> None:
    s = make("7S.QH.3D.9C.2S.-", "8S.KH.AD.5D.4C", "JC.3H")
    assert GYRE.score(GYRE.apply(s, "CKH1")) == 4 + 3


def test_decision_12_attrition_jokers_go_into_the_middle_and_last_thirds() -> None:
    for seed in range(200):
        s = GYRE.deal(seed, GYRE.parse_options("attrition"))
        assert len(s.deck) == 44
        where = {c.code: i for i, c in enumerate(s.deck) if c.is_joker}
        assert set(where) == {"XR", "XB"}
        middle, last = sorted(where.values())
        # 42 cards cut at 14 and 28: the first joker sits among cards 15..28, the second among 29..42
        assert 14 <= middle <= 28 and 29 <= last <= 43
    positions = {GYRE.deal(seed, GYRE.parse_options("attrition")).deck.index(Card.parse("XR")) for seed in range(200)}
    assert len(positions) > 15  # the RNG really picks


def test_decisions_13_14_attrition_joker_refill_and_sudden_end() -> None:
    # rotating turns up a joker from the deck: the hand is refilled at the end of the turn
    s = make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "XR.JC.TC.9S", options="attrition")
    moves = GYRE.legal_moves(s)
    assert moves[:5] == ["RAS", "RAD", "R2C", "R4C", "R5C"]
    t = GYRE.apply(s, "R2C")
    assert t.ring[0] == Card.parse("XR") and len(t.hand) == 5 and Card.parse("JC") in t.hand
    # without a joker, no refill after a rotation
    u = GYRE.apply(make("-.QH.3D.9C.2S.8H", "AS.AD.2C.4C.5C", "JC.TC", options="attrition"), "R2C")
    assert len(u.hand) == 4
    # giving up the last hand card with cards still in the deck ends the game at once
    v = make("-.QH.3D.9C.2S.8H", "2C", "XR.JC", options="attrition")
    w = GYRE.apply(v, "R2C")
    assert GYRE.status(w) == "finished" and w.hand == () and w.penalty == len(w.deck) > 0
    assert GYRE.score(w) == -w.penalty  # the joker refill did not save it
    assert GYRE.legal_moves(w) == []


def test_decision_15_easier_only_the_hand_ace_counts_high() -> None:
    ad, ad3, xr = Card.parse("AD"), Card.parse("3D"), Card.parse("XR")
    assert can_capture(ad, ad3, easy=True) and not can_capture(ad, ad3)
    assert can_capture(ad, xr, easy=True) and not can_capture(ad, Card.parse("XB"), easy=True)
    assert can_capture(Card.parse("2D"), Card.parse("AD"))  # a gyre ace is low: a 2 takes it
    assert can_capture(Card.parse("KD"), Card.parse("AD"), easy=True)  # ... in the easier game too
    assert points(ad) == 1


def test_decision_16_easier_equal_ranks_capture_across_suits_replace_unchanged() -> None:
    assert can_capture(Card.parse("QH"), Card.parse("QS"), easy=True) and not can_capture(Card.parse("QH"), Card.parse("QS"))
    assert can_capture(Card.parse("XR"), Card.parse("XB"), easy=True) and can_capture(Card.parse("AS"), Card.parse("AH"), easy=True)
    assert not can_replace(Card.parse("QH"), Card.parse("QS"))


def test_decision_17_every_combination_of_variants_deals_and_prints_canonically() -> None:
    flags = ["jokers", "attrition", "easy"]
    for n in range(4):
        for combo in itertools.permutations(flags, n):
            opts = GYRE.parse_options(",".join(combo))
            text = GYRE.format_options(opts)
            assert GYRE.format_options(GYRE.parse_options(text)) == text
            assert "jokers" not in text or "attrition" not in text  # attrition is printed alone
            state = GYRE.deal(5, opts)
            assert GYRE.parse_state(GYRE.format_state(state)) == state
    with pytest.raises(ParseError, match="unknown Gyre option"):
        GYRE.parse_options("hard")


# -- invariants (RULES.md 3.11) as properties over random games ---------------------
def check_invariants(before: GyreState, token: str, after: GyreState) -> None:
    full = sorted(standard_deck(jokers=after.options.has_jokers))
    cards = [c for c in after.ring if c] + list(after.hand) + list(after.deck) + [c for p in after.pairs for c in p]
    cards += list(after.discards) + ([after.pending] if after.pending else [])
    assert sorted(cards) == full
    assert sum(c is not None for c in after.ring) <= 5 and len(after.hand) <= 5
    assert len(after.pairs) in (len(before.pairs), len(before.pairs) + 1)
    for h, g in after.pairs[len(before.pairs):]:
        assert can_capture(h, g, after.options.easy)
        if not after.options.easy:
            assert h.rank > g.rank and can_capture(h, g)
    assert GYRE.score(after) == sum(points(h) + points(g) for h, g in after.pairs) - after.penalty
    if before.deck and before.pending is None:
        assert len(after.deck) < len(before.deck) or token.startswith("C") and after.pending is not None
        assert before.ring.count(None) == 1
        if not before.options.attrition:
            assert len(before.hand) == 5
    if token[0] in "RS":
        assert not GYRE.captures(before) and before.deck
    if not before.deck and before.pending is None:
        assert token.startswith("C")  # the end phase: captures only
    if token.startswith("R") and GYRE.status(after) == "playing":
        old = before.ring.index(None)
        assert after.ring[(old + 1) % 6] is None or not after.deck


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), options=st.sampled_from(ALL_OPTIONS),
       picks=st.lists(st.integers(min_value=0, max_value=1000), min_size=140, max_size=140))
def test_invariants_hold_in_random_games(seed: int, options: str, picks: list[int]) -> None:
    state = GYRE.deal(seed, GYRE.parse_options(options))
    for n, pick in enumerate(picks):
        moves = GYRE.legal_moves(state)
        if not moves:
            break
        token = moves[pick % len(moves)]
        after = GYRE.apply(state, token)
        check_invariants(state, token, after)
        assert GYRE.parse_state(GYRE.format_state(after)) == after
        state = after
    assert GYRE.status(state) == "finished", "a game must end within 140 moves"
    if not state.penalty:
        assert not state.deck and state.ring == (None,) * 6 and not state.hand


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), options=st.sampled_from(ALL_OPTIONS))
def test_replay_of_seed_and_tokens_equals_the_live_state(seed: int, options: str) -> None:
    session = Session.new(GYRE, seed, options)
    for i in range(60):
        moves = session.legal_moves()
        if not moves:
            break
        session.play(moves[(i * 7) % len(moves)])
    assert Session.from_link(session.link().fragment()).state == session.state


# -- golden deals -------------------------------------------------------------------
GOLDEN = {
    (1, ""): "GY1|R=7H.9S.4H.8D.8H.-|H=JS.6H.JH.5C.9C|D=5H.KH.3S.2H.JD.5D.7D.4D.2S.AH.6C.KS.KD.TD.TC.JC.TH.8C.QS.4C.6S.7S.AC.5S.AD.KC.6D.QC.QD.QH.9H.3H.3C.AS.4S.2D.8S.TS.3D.2C.9D.7C|P=|X=|Q=-|Z=0",
    (2, "jokers"): "GY1|R=6H.2C.9H.4H.4D.-|H=8H.AD.7D.9D.KC|D=7C.QS.8C.9S.KS.9C.AH.3D.JS.5D.JD.QC.8D.TS.8S.XR.AS.TC.TH.XB.KH.6C.AC.2D.JH.2H.3H.7S.QH.3C.4S.TD.6D.2S.5H.6S.3S.KD.QD.JC.4C.7H.5C.5S|P=|X=|Q=-|Z=0|O=jokers",
    # XB went into the middle third (deck index 17), XR into the last (index 30)
    (3, "attrition,easy"): "GY1|R=AH.3H.7C.QC.9C.-|H=2S.JS.AD.3D.5C|D=KC.QD.6S.6C.5S.QS.KD.KH.JH.4C.AS.8D.4S.2D.8S.6D.8H.XB.8C.9S.3C.9H.6H.7H.7D.5H.9D.JC.TH.4H.XR.KS.AC.5D.TD.3S.2C.TC.QH.7S.2H.4D.JD.TS|P=|X=|Q=-|Z=0|O=attrition,easy",
}


def test_golden_deals_never_change() -> None:
    for (seed, options), text in GOLDEN.items():
        assert GYRE.format_state(GYRE.deal(seed, GYRE.parse_options(options))) == text
    # first cards of more deals, per option family
    firsts = {opts: [GYRE.format_state(GYRE.deal(seed, GYRE.parse_options(opts)))[4:36] for seed in (2, 3, 99)]
              for opts in ("jokers", "attrition", "easy")}
    assert firsts == GOLDEN_FIRSTS


GOLDEN_FIRSTS = {
    "jokers": ["R=6H.2C.9H.4H.4D.-|H=8H.AD.7D.9D", "R=6S.AC.7D.3S.2D.-|H=7S.QS.4D.KD", "R=2S.TC.XB.AC.AH.-|H=TS.TH.JH.JD"],
    "attrition": ["R=QD.3C.4S.5D.7D.-|H=AS.6S.2H.TH", "R=AH.3H.7C.QC.9C.-|H=2S.JS.AD.3D", "R=QC.4C.6H.7C.3H.-|H=4S.6S.7S.TS"],
    "easy": ["R=QD.3C.4S.5D.7D.-|H=AS.6S.2H.TH", "R=AH.3H.7C.QC.9C.-|H=2S.JS.AD.3D", "R=QC.4C.6H.7C.3H.-|H=4S.6S.7S.TS"],
}


# -- text ----------------------------------------------------------------------------
def test_malformed_text_and_tokens_are_parse_errors() -> None:
    s = example()
    text = GYRE.format_state(s)
    for bad, why in [
        (text.replace("|Z=0", ""), "missing field Z"),
        (text.replace("R=7S.", "R="), "6 slots"),
        (text.replace("R=7S", "R=7X"), "field R"),
        (text.replace("H=8S.", "H=7S."), "one deck"),
        (text.replace("|Z=0", "|Z=x"), "field Z"),
        (text.replace("R=7S.QH.3D.9C.2S.-", "R=7S.QH.3D.9C.2S.JC").replace("D=JC.", "D="), "empty"),
        (text + "|O=turbo", "option"),
        (text.replace("|Z=0", "|Z=0|J=7"), "field J"),
    ]:
        with pytest.raises(ParseError, match=why):
            GYRE.parse_state(bad)
    for token in ("", "C8S", "C8S9", "Q", "R7", "S8S", "P6", "c8s0", "CZZ0"):
        with pytest.raises(ParseError):
            GYRE.apply(s, token)


def test_the_joker_flag_field_round_trips() -> None:
    s = make("-.QH.3D.9C.2S.8H", "KS.5S.AD.4C", "JC", options="attrition", extra="|J=1")
    assert s.joker_seen and GYRE.format_state(s).endswith("|J=1|O=attrition")
    assert GYRE.parse_state(GYRE.format_state(s)) == s


# -- the table -------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), options=st.sampled_from(ALL_OPTIONS),
       steps=st.integers(min_value=0, max_value=80), portrait=st.booleans())
def test_every_legal_move_has_exactly_one_way_to_play_it(seed: int, options: str, steps: int, portrait: bool) -> None:
    state = GYRE.deal(seed, GYRE.parse_options(options))
    for i in range(steps):
        moves = GYRE.legal_moves(state)
        if not moves:
            break
        state = GYRE.apply(state, moves[(i * 5) % len(moves)])
    t = table(state, portrait, frozenset())
    ids = [p.id for p in t.piles]
    assert sorted(ids) == sorted(["R0", "R1", "R2", "R3", "R4", "R5", "H", "D", "P", "X", "Q"])
    legal = GYRE.legal_moves(state)
    ways = [g.token for g in t.gestures] + [b.token for b in t.buttons if b.token]
    assert set(ways) == set(legal)
    if not state.options.attrition:
        assert sorted(ways) == sorted(legal)
    for g in t.gestures:
        assert g.source is not None and g.target in ids
        pile = t.pile(g.source[0])
        assert g.source[1] < len(pile.cards)
    # piles never overlap
    boxes = [(p.x, p.y, p.x + max(p.w, 1 + p.dx * max(0, len(p.cards) - 1)), p.y + p.h) for p in t.piles]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 or b[3] <= a[1] + 1e-9
    assert all(0 <= box[0] and box[2] <= t.width and 0 <= box[1] and box[3] <= t.height for box in boxes)
