"""Issue 22 on phones, in CPython: every game's tables give cards at least 44 px wide on a
390 x 844 phone and an 844 x 390 one where the table allows it, "Larger cards" grows
every card by as much as keeps it clear of the piles it did not touch (pyapp.ui.layout.grow),
and the score line carries every count in parts of its own (pyapp.ui.markup.score_html)."""

from __future__ import annotations

import itertools

import pytest

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game, get_view
from pyapp.ui.layout import MAX_GROW, MIN_GAP, footprints, grow
from pyapp.ui.markup import page_writes, score_html
from pyapp.ui.paint import unit_for
from pyapp.core.table import CARD_H, CARD_W, Table

GAMES = {"gravity": ("", 42), "gyre": ("", 42), "square": ("ends", 5), "zodiac": ("", 2024)}
#: The board's room measured in Chromium: a phone upright (390 x 844) and on its side (844 x 390).
ROOMS = {True: (374.0, 606.0), False: (642.0, 390.0)}


def tables(game_id: str, moves: int = 30) -> list[tuple[bool, Table]]:
    """The game's tables, upright and on its side, at the deal and after ``moves`` first legal moves."""
    game, view = get_game(game_id), get_view(game_id)
    options, seed = GAMES[game_id]
    state = game.deal(seed, game.parse_options(options))
    states = [state]
    for _ in range(moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        state = game.apply(state, legal[0])
        states.append(state)
    return [(portrait, view.table(s, portrait, frozenset())) for s in (states[0], states[-1]) for portrait in (True, False)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_is_44_px_wide_on_a_phone_both_ways(game_id: str) -> None:
    for portrait, t in tables(game_id):
        unit = unit_for(t.width, t.height, *ROOMS[portrait])
        assert unit >= 44, (game_id, portrait, unit)


@pytest.mark.parametrize("game_id", GAMES)
def test_larger_cards_stay_inside_the_table_and_apart(game_id: str) -> None:
    for portrait, t in tables(game_id):
        g = grow(t)
        assert 1.0 <= g <= MAX_GROW
        if (game_id, portrait) != ("square", False):  # its grid rows lie 0.04 apart so a phone on its side shows 44 px
            assert g > 1.0, (game_id, portrait)
        half_w, half_h = (g - 1) * CARD_W / 2, (g - 1) * CARD_H / 2
        grown = [(x0 - half_w, y0 - half_h, x1 + half_w, y1 + half_h) for x0, y0, x1, y1 in footprints(t)]
        for x0, y0, x1, y1 in grown:
            assert x0 >= -1e-9 and y0 >= -1e-9 and x1 <= t.width + 1e-9 and y1 <= t.height + 1e-9
        for (a, ga), (b, gb) in itertools.combinations(zip(footprints(t), grown), 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            if apart:  # piles that were apart stay at least MIN_GAP apart
                gap = max(gb[0] - ga[2], ga[0] - gb[2], gb[1] - ga[3], ga[1] - gb[3])
                assert gap >= MIN_GAP - 1e-9, (game_id, portrait, a, b)


def test_zodiac_upright_uses_the_room_and_grows() -> None:
    t = next(t for p, t in tables("zodiac", 0) if p)
    unit = unit_for(t.width, t.height, *ROOMS[True])
    assert unit >= 48 and t.height * unit >= 600 and unit * grow(t) >= 52


def test_the_score_line_has_a_part_for_each_count() -> None:
    c = Controller(MemoryStorage())
    c.resize(*ROOMS[True])
    c.start("#g=zodiac&s=2024")
    html = dict(((sel, what), value) for sel, what, value in page_writes(c.view()))[("#score", "html")]
    assert html == score_html("Foundations 0/104", "Phase\u00a01 · Stock\u00a072 · Waste\u00a00")
    assert '<span class="score-main">Foundations 0/104</span>' in html and '<span class="sep"> · </span>' in html
    assert score_html("", "") == "" and score_html("", "Deck 3") == '<span class="score-info">Deck 3</span>'
