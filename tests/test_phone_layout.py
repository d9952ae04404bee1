"""On phones, in CPython: Zodiac upright uses the room it has, and the score line carries
every count in parts of its own (pyapp.ui.markup.score_html). That every game's cards are
at least 44 px wide on a 390 x 844 phone and an 844 x 390 one, and that "Larger cards" keeps
them inside the table and apart, the conformance suite checks for each game
(tests/conformance.py)."""

from __future__ import annotations

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import entry
from pyapp.ui.layout import grow
from pyapp.ui.markup import page_writes, score_html
from pyapp.ui.paint import unit_for

from conformance import ROOMS, tables


def test_zodiac_upright_uses_the_room_and_grows() -> None:
    t = next(t for p, t in tables(entry("zodiac"), 0) if p)
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
