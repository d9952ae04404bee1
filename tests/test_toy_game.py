"""The registry is open: a game defined here, at test time, outside pyapp/, is
registered and then played like the built-in ones. Its rules implement the
:class:`pyapp.core.game.Game` protocol, its table is a :class:`pyapp.core.table.ModuleView`,
and once registered it is dealt from a link, played to its end by drops and taps
through the app controller, drawn by the painter, listed by the CLI and on the
start screen, and counted in the statistics; and it passes the whole conformance suite
(tests/conformance.py), as every built-in game does. docs/ADDING-A-GAME.md says what a
game provides; this is the smallest one.

Toy Patience: the cards 1..n (option ``cards``, 3 by default) lie shuffled in a row;
the next card in order goes onto the foundation ``F`` (move ``T<i>``: the card of
row place i). It always ends won.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from dataclasses import dataclass, replace
from random import Random
from typing import Final

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from conformance import *  # noqa: F403 (the whole conformance suite, run here for the toy: see `game`)

from pyapp.cli import run
from pyapp.app.controller import Controller
from pyapp.core.errors import IllegalMoveError, ParseError
from pyapp.core.game import OptionSpec, Status, format_option_values, parse_fields, parse_option_values
from pyapp.games import Conformance, GameEntry, entries, entry, get_game, get_view, register, unregister
from pyapp.app.hints import hint
from pyapp.core.links import Link
from pyapp.i18n import use
from pyapp.ui.chrome import description, frame_writes, lead
from pyapp.ui.markup import start_screen_html
from pyapp.ui.paint import Painter
from pyapp.core.rng import shuffled
from pyapp.app.session import Session
from pyapp.core.storage import MemoryStorage
from pyapp.core.table import Face, Gesture, ModuleView, Pile, Table

# -- the rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ToyOptions:
    cards: int = 3


@dataclass(frozen=True)
class ToyState:
    #: The row, one card per place (None once it went to the foundation).
    row: tuple[int | None, ...]
    #: The foundation's top card (0: empty).
    done: int
    options: ToyOptions


class Toy:
    id = "toy"
    magic = "TY1"
    title = "Toy Patience"
    option_specs: tuple[OptionSpec, ...] = (OptionSpec("cards", "int", "3", "how many cards", ("2", "3", "4")),)

    def parse_options(self, text: str) -> ToyOptions:
        return ToyOptions(int(parse_option_values(self.option_specs, text, self.title)["cards"]))

    def format_options(self, options: ToyOptions) -> str:
        return format_option_values(self.option_specs, {"cards": str(options.cards)})

    def deal(self, seed: int, options: ToyOptions) -> ToyState:
        return ToyState(tuple(shuffled(list(range(1, options.cards + 1)), seed)), 0, options)

    def legal_moves(self, state: ToyState) -> list[str]:
        return [f"T{i}" for i, card in enumerate(state.row) if card == state.done + 1]

    def apply(self, state: ToyState, token: str) -> ToyState:
        if len(token) != 2 or token[0] != "T" or not token[1].isdigit():
            raise ParseError(f"not a Toy Patience move: {token[:12]!r}")
        if token not in self.legal_moves(state):
            raise IllegalMoveError(f"{token} is not the next card")
        place = int(token[1])
        row = state.row[:place] + (None,) + state.row[place + 1:]
        return replace(state, row=row, done=state.done + 1)

    def status(self, state: ToyState) -> Status:
        return "won" if state.done == state.options.cards else "playing"

    def score(self, state: ToyState) -> int:
        return state.done

    def format_state(self, state: ToyState) -> str:
        options = self.format_options(state.options)
        row = ".".join(str(c) if c is not None else "-" for c in state.row)
        return f"{self.magic}|R={row}|F={state.done}" + (f"|O={options}" if options else "")

    def parse_state(self, text: str) -> ToyState:
        fields = parse_fields(text, self.magic, ("R", "F"))
        options = self.parse_options(fields.get("O", ""))
        row = tuple(None if c == "-" else int(c) for c in fields["R"].split("."))
        done = int(fields["F"])
        if sorted(c for c in row if c is not None) != list(range(done + 1, options.cards + 1)):
            raise ParseError("the row must hold the cards not yet on the foundation")
        return ToyState(row, done, options)

    def options_of(self, state: ToyState) -> ToyOptions:
        return state.options

    def steps(self, state: ToyState, token: str) -> list[ToyState]:
        return [self.apply(state, token)]


TOY: Final = Toy()

# -- the table -----------------------------------------------------------------------------


def toy_table(state: ToyState, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
    n = state.options.cards
    piles = [Pile(f"T{i}", 0.2 + 1.5 * i, 0.2, (str(c),) if c is not None else (), name=f"row place {i + 1}")
             for i, c in enumerate(state.row)]
    piles.append(Pile("F", 0.2, 2.3, tuple(str(v) for v in range(1, state.done + 1)), label="Foundation",
                      name="foundation"))
    gestures = tuple(Gesture(token, (token, 0), "F") for token in TOY.legal_moves(state))
    status = TOY.status(state)
    return Table(1.5 * n + 0.1, 3.9, tuple(piles), gestures, prompt="Put the next card on the foundation",
                 score=f"{state.done} of {n}", status=status,
                 summary=(f"All {n} cards in order",) if status != "playing" else ())


def toy_face(code: str) -> Face:
    return Face(code, code, ("number",), f"card {code}")


TOY_VIEW: Final = ModuleView(TOY, "<p>Put the cards on the foundation in order.</p>", (), toy_table, toy_face)


def toy_hint(state: ToyState) -> str | None:
    legal = TOY.legal_moves(state)
    return legal[0] if legal else None


def toy_hidden_shuffled(state: ToyState, rng: Random) -> ToyState:
    """Every card of the toy lies face up: the position is the position."""
    return state


#: What the conformance suite needs of the toy (a game's ``conformance.py``).
TOY_CONFORMANCE: Final = Conformance(
    daily=(("1970-01-01", 406783380), ("2024-02-29", 768651906), ("2025-01-01", 198405396),
           ("2026-02-28", 58127323), ("2030-12-31", 609105924)),
    configs=("", "cards=2", "cards=4"),
    hidden_shuffled=toy_hidden_shuffled,
    phone=("cards=4", 1),
)

TOY_ENTRY: Final = GameEntry(game=TOY, view=TOY_VIEW, hint=toy_hint, blurb="Put three cards in order.",
                             short_title="Toy", order=50, conformance=TOY_CONFORMANCE)


@pytest.fixture
def toy() -> Iterator[GameEntry]:
    register(TOY_ENTRY)
    try:
        yield TOY_ENTRY
    finally:
        unregister(TOY.id)


@pytest.fixture
def game(toy: GameEntry) -> GameEntry:
    """The game the conformance suite's tests (imported above) play here: the toy, registered."""
    return toy


# -- the tests -----------------------------------------------------------------------------


def test_the_toy_is_a_game_of_the_registry_while_registered(toy: GameEntry) -> None:
    assert [e.id for e in entries()][-1] == "toy" and entry("toy") is toy
    assert get_game("toy") is TOY and get_view("toy") is TOY_VIEW
    assert toy.title == "Toy Patience" and toy.band(3) == "" and not toy.lower_is_better
    s = TOY.deal(1, TOY.parse_options(""))
    assert hint("toy", s) in TOY.legal_moves(s)
    out = io.StringIO()
    run(["games"], out)
    assert out.getvalue().splitlines()[-1] == "toy cards=N"
    out = io.StringIO()
    run(["deal", "toy", "--seed", "1", "--options", "cards=4"], out)
    assert TOY.parse_state(out.getvalue()) == TOY.deal(1, ToyOptions(4))
    tiles, daily = start_screen_html()
    assert tiles.count('<button class="tile"') == len(entries())
    assert tiles.rstrip().endswith('<span class="tile-name">Toy Patience</span>\n'
                                   '  <span class="tile-text">Put three cards in order.</span>\n'
                                   '  <span class="resume"></span>\n</button>')
    assert daily.splitlines()[-1] == ('<button type="button" id="daily-toy" data-daily="toy" disabled>Toy '
                                      '<span class="daily-state"></span></button>')


def test_the_start_screen_counts_the_toy_in_every_language(toy: GameEntry) -> None:
    """The lead says how many games there are, from the registry, in words and in the language in use."""
    assert lead().startswith("Five original solitaire games. They play offline")
    assert ("#start .lead", "text", lead()) in frame_writes()
    assert description().startswith("Five original solitaire games: Gravity, Solitaire Square, Gyre, Zodiac and Toy Patience.")
    catalogues = Path(__file__).resolve().parent.parent / "pyapp" / "locale"
    for tag, locale, words in (("de", "de", "Fünf originelle Solitärspiele."), ("fr", "fr", "Cinq jeux de patience"),
                               ("ja", "ja", "オリジナルのソリティア5種")):
        with (catalogues / locale / "LC_MESSAGES" / "orbit.po").open("rb") as f:
            buf = io.BytesIO()
            write_mo(buf, read_po(f, locale=locale))
        use(tag, buf.getvalue())
        try:
            assert lead().startswith(words), (tag, lead())
            assert ("#start .lead", "text", lead()) in frame_writes()
        finally:
            use("en")
    unregister(toy.id)
    try:
        assert lead().startswith("Four original solitaire games.")
    finally:
        register(toy)


def test_registering_keeps_the_order_and_replaces_the_same_id(toy: GameEntry) -> None:
    register(replace(toy, order=15, blurb="Sooner."))
    try:
        ids = [e.id for e in entries()]
        assert ids.index("toy") == 1 and len(ids) == len(set(ids)) and entry("toy").blurb == "Sooner."
    finally:
        register(toy)
    with pytest.raises(ValueError, match="view"):
        register(replace(toy, view=get_view("gyre")))


def test_unregistered_the_toy_is_unknown_again() -> None:
    known = [e.id for e in entries()]
    assert "toy" not in known
    with pytest.raises(ParseError, match=f"unknown game 'toy'; known: {', '.join(known)}$"):
        entry("toy")
    with pytest.raises(ParseError):
        Session.from_link(Link.parse("#g=toy&s=1"))


def test_the_toy_is_played_to_its_end_through_the_controller(toy: GameEntry) -> None:
    c = Controller(MemoryStorage())
    c.start("#g=toy&s=1")
    painter = Painter()
    v = c.view()
    assert v.screen == "game" and v.title == "Toy Patience" and v.address == "#g=toy&v=1&o=&s=1"
    assert v.board is not None
    ops = painter.page(v) + painter.board(v.board, 50.0)
    assert "Toy Patience" in str(ops)  # its title is drawn
    session = Session.new(TOY, 1)
    played = 0
    while session.legal_moves():
        board = v.board
        assert board is not None and board.status == "playing"
        (source,) = board.sources  # the next card, the only one that moves
        token = source[0]
        if played % 2 == 0:
            c.drop(source, "F")
        else:
            c.tap(source[0], source[1])  # select the card, then tap the foundation
            c.tap("F")
        session = session.played(token)
        played += 1
        v = c.view()
        assert v.address == session.link().fragment()
        assert v.board is not None
        drawn = painter.page(v) + painter.board(v.board, 50.0)
        assert drawn  # every move changes the page
        assert [card.code for card in v.board.cards if card.pile == "F"] == [str(n) for n in range(1, played + 1)]
    assert played == 3 and session.status() == "won"
    # the end screen
    assert v.status == "won" and v.board is not None and v.board.sources == ()
    assert v.dialog is not None and v.dialog.kind == "summary" and v.dialog.title == "You won!"
    assert "All 3 cards in order" in v.dialog.lines
    # the link round-trip: the address plays back to the same end, and reads back the same
    link = Link.parse(v.address)
    assert (link.game, link.seed, link.moves) == ("toy", 1, session.moves)
    again = Session.from_link(link)
    assert again.state == session.state and again.link().fragment() == v.address
    other = Controller(MemoryStorage())
    other.start(v.address)
    w = other.view()
    assert w.address == v.address and w.status == "won" and w.board is not None
    Painter().page(w)
    # counted in the statistics, as any game
    (result,) = c.stats.stats.results.values()
    assert (result.game, result.outcome, result.score, result.band) == ("toy", "won", 3, "")
    # and on the start screen
    c.home()
    assert "toy" in [t.id for t in c.view().tiles]
