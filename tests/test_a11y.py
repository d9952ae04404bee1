"""Everyone can play, by keyboard and by screen reader, in CPython: keyboard focus on
every game's table (every place reachable by the arrow keys, portrait and landscape),
picking and dropping with Enter and Space, the game's own keys, accessible names, the words
announced for a move, a forced step, a prompt, a phase change and the end, and
the looks kept across visits."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from playing import settle

from pyapp.ui import focus
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.core.settings import FOUR_COLOUR, LARGE, SETTINGS_KEY
from pyapp.ui.view import Effects, View
from pyapp.app.hints import locate_hint
from pyapp.games import entries, get_game, get_view
from pyapp.games.zodiac.rules import arrange, greedy_move
from pyapp.ui.markup import dialog_html, keys_html, settings_html
from pyapp.ui.speech import card_name, narrate, place, sentence
from pyapp.core.table import Table


GAME_IDS = [e.id for e in entries()]


def controller(fragment: str, data: dict[str, str] | None = None) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.start(fragment, "https://example.org/orbit/")
    return c


def states(game_id: str, seed: int, count: int) -> list[object]:
    """A deal and the positions of a random game from it (at most ``count``)."""
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(""))
    rnd = random.Random(seed)
    out = [state]
    while len(out) < count and game.legal_moves(state):
        state = game.apply(state, rnd.choice(game.legal_moves(state)))
        out.append(state)
    return out


@dataclass(frozen=True)
class Seen:
    """The view after some keys (its fields read through), and what they did once."""

    view: View
    effects: Effects

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)

    @property
    def announce(self) -> str:
        return self.effects.announce

    @property
    def focus_now(self) -> bool:
        return self.effects.focus_now


def press(c: Controller, *keys: str) -> Seen:
    for key in keys:
        assert c.key(key, board=True), key
    return Seen(c.view(), c.effects())


def focused(view: View | Seen) -> tuple[str, int | None]:
    """Where the view draws the focus ring (exactly one card or pile)."""
    assert view.board is not None
    rings: list[tuple[str, int | None]] = [(card.pile, card.index) for card in view.board.cards if "focus" in card.classes]
    rings += [(pile.id, None) for pile in view.board.piles if "focus" in pile.classes]
    assert len(rings) == 1, rings
    return rings[0]


# -- focus on every table ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("portrait", [True, False])
def test_every_place_of_every_layout_is_reached_by_the_arrow_keys(game_id: str, portrait: bool) -> None:
    view = get_view(game_id)
    for seed in (1, 2, 3):
        for state in states(game_id, seed, 40)[::3]:
            table = view.table(state, portrait, frozenset())
            stops = {s.stop for s in focus.spots(table)}
            assert {p.id for p in table.piles} == {s[0] for s in stops}  # every pile has a stop
            for source in table.sources():
                assert focus.stop_of(table, source) in stops  # every card that moves can be focused
            start = focus.first(table)
            edges = focus.graph(table)
            assert focus.reachable(table, start, edges) == stops, (game_id, portrait, seed)
            back = {s: {d: t for d, t in moves.items()} for s, moves in edges.items()}
            reverse: dict[tuple[str, int | None], dict[str, tuple[str, int | None]]] = {s: {} for s in stops}
            for s, moves in back.items():
                for d, t in moves.items():
                    reverse[t][f"{d}<{s}"] = s
            assert focus.reachable(table, start, reverse) == stops  # and back: the arrows never strand the focus


def test_arrows_follow_the_geometry() -> None:
    table = get_view("gravity").table(get_game("gravity").deal(42, get_game("gravity").parse_options("")), True,
                                      frozenset())
    assert focus.step(table, ("c3", 0), "right") == ("d3", 0)
    assert focus.step(table, ("c3", 0), "left") == ("b3", 0)
    assert focus.step(table, ("c3", 0), "up") == ("c2", 0)
    assert focus.step(table, ("c3", 0), "down") == ("c4", 0)
    assert focus.step(table, ("c5", 0), "down") == ("M", 0)  # the MOON under the planet in portrait
    assert focus.step(table, ("a1", 0), "up") == ("a1", 0)  # nothing that way: the focus stays
    wide = get_view("gravity").table(get_game("gravity").deal(42, get_game("gravity").parse_options("")), False,
                                     frozenset())
    assert focus.step(wide, ("e3", 0), "right") == ("M", 0)  # beside it in landscape


def test_the_focus_settles_when_its_card_moves_on() -> None:
    c = controller("#g=gyre&s=42")
    v = c.view()
    assert focused(v) == focus.first(c.tables.table_now())  # type: ignore[arg-type]
    c.focus.stop = ("H", 4)
    c.play(next(g.token for g in c.tables.table_now().gestures if g.source == ("H", 4)))  # type: ignore[union-attr]
    assert focused(c.view())[0] in {p.id for p in c.tables.table_now().piles}  # type: ignore[union-attr]


# -- picking and dropping with keys ----------------------------------------------------------


def test_space_picks_up_the_focused_card_and_enter_drops_it_on_the_focused_place() -> None:
    c = controller("#g=gravity&s=42")
    c.focus.stop = ("c1", 0)
    v = press(c, " ")
    assert c.hand.selected == ("c1", 0) and focused(v) == ("c2", 0)  # the focus jumps to the nearest lit place
    assert v.board is not None and "lit" in next(p for p in v.board.piles if p.id == "c2").classes
    assert "picked up: it can go to cell 3 of row 2" in v.announce
    v = press(c, "Enter")
    assert c.session is not None and c.session.moves == ("c1c2",)
    assert "to cell 3 of row 2" in v.announce


def test_enter_on_a_place_that_refuses_the_card_says_why_and_escape_puts_it_back() -> None:
    c = controller("#g=gravity&s=42")
    c.focus.stop = ("c1", 0)
    press(c, " ")
    c.focus.stop = ("a3", 0)
    v = press(c, "Enter")
    assert v.notice is not None and "Cell 1 of row 3 is not next to cell 3 of row 1" in v.notice.text and c.hand.selected == ("c1", 0)
    v = press(c, "Escape")
    assert c.hand.selected is None and v.announce == "Put back."
    assert c.session is not None and c.session.moves == ()


def test_enter_plays_a_card_with_one_move_as_a_tap_does_and_arrows_move_the_ring() -> None:
    c = controller("#g=gyre&s=42")
    table = c.tables.table_now()
    assert table is not None
    tap = next(g for g in table.gestures if g.tap)
    c.focus.stop = tap.source
    other = focus.step(table, tap.source, "left")  # type: ignore[arg-type]
    v = press(c, "ArrowLeft")
    assert focused(v) == other != tap.source and v.focus_now
    c.focus.stop = tap.source
    press(c, "Enter")
    assert c.session is not None and c.session.moves == (tap.token,)


def test_a_pick_by_keys_square_discards_then_c_confirms() -> None:
    c = controller("#g=square&s=2&o=ends")
    table = c.tables.table_now()
    assert table is not None
    g = next(g for g in table.gestures if g.pick is not None)
    c.focus.stop = g.source
    press(c, " ")
    c.focus.stop = focus.stop_of(table, (g.target, None))  # type: ignore[arg-type]
    v = press(c, "Enter")
    assert c.hand.picking is not None and v.announce.startswith(g.pick.prompt)  # type: ignore[union-attr]
    assert focused(v) == c.hand.picking.pick.places[0]  # the focus goes to the first card to pick
    chosen = g.pick.options[0][0]  # type: ignore[union-attr]
    for spot in chosen:
        c.focus.stop = spot
        v = press(c, "Enter")
    assert "Picked" in v.announce
    press(c, "c")
    assert c.session is not None and c.session.moves == (g.pick.options[0][1],)  # type: ignore[union-attr]


def test_the_games_own_keys_rotate_moon_stock_and_new() -> None:
    c = controller("#g=gyre&s=1")
    while c.session.state.pending is not None or "R" not in c.session.legal_moves():  # type: ignore[union-attr]
        c.play(c.session.legal_moves()[0])  # type: ignore[union-attr]
    n = len(c.session.moves)  # type: ignore[union-attr]
    assert c.key("r")
    assert c.session.moves[n:] == ("R",)  # type: ignore[union-attr]
    z = controller("#g=zodiac&s=5")
    assert z.key("s") and z.session is not None and z.session.moves == ("S",)
    assert z.key("n") and z.dialog is not None and z.dialog.kind == "newgame"
    assert not z.key("n")  # a dialog is open: keys are its own
    g = controller("#g=gravity&s=42")
    assert ("M", "MOON to PLANET") in g.dialogs.keys_help()
    assert g.key("m") and g.session is not None and g.session.moves == ()  # not allowed yet: it says why
    assert g.notice is not None and g.notice.text == g.tables.table_now().buttons[0].title  # type: ignore[union-attr]
    assert not g.key("ArrowLeft")  # arrows act on the board only


def test_the_keys_help_lists_the_keys_and_question_mark_opens_it() -> None:
    c = controller("#g=zodiac&s=5")
    keys = dict(c.dialogs.keys_help())
    assert keys["S"] == "Stock: as Enter on it" and keys["A"] == "Auto-finish" and "Arrow keys" in keys
    assert "V" in keys and "V" not in dict(controller("#g=gravity&s=1").dialogs.keys_help())
    c.play("S")
    c.focus.stop = ("W", 0)
    assert c.key("v", board=True) and c.dialog is not None and c.dialog.title.startswith("Waste: ")
    c.dialogs.close()
    assert c.key("?") and c.dialog is not None and c.dialog.kind == "rules" and c.dialog.keys == c.dialogs.keys_help()
    html = dialog_html(c.dialog)
    assert html.count(">Keys<") == 1 and "<kbd>Escape</kbd>" in html  # the title says Keys, once
    c.dialogs.close()
    c.dialogs.rules()
    assert c.dialog is not None and "Keys" in dialog_html(c.dialog) and c.dialog.html
    assert keys_html(()) == ""


# -- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_stop_has_a_name_and_other_cards_are_hidden(game_id: str) -> None:
    for seed in (3, 4):
        c = controller(f"#g={game_id}&s={seed}")
        table = c.tables.table_now()
        assert table is not None
        stops = {s.stop for s in focus.spots(table)}
        board = c.view().board
        assert board is not None
        for card in board.cards:
            assert bool(card.name) == ((card.pile, card.index) in stops), card
        for pile in board.piles:
            assert bool(pile.name) == ((pile.id, None) in stops), pile
        assert all(card.name[:1].isupper() for card in board.cards if card.name)


def test_names_say_the_card_and_where_it_lies() -> None:
    z = controller("#g=zodiac&s=5")
    board = z.view().board
    assert board is not None
    top = next(c for c in board.cards if c.pile == "Z5" and c.name)
    assert top.name.startswith(top.face.name.capitalize() + ", top of zodiac pile 5")  # type: ignore[union-attr]
    stock = next(c for c in board.cards if c.pile == "S" and c.name)
    assert stock.name.startswith("Face-down card, top of stock, ")
    g = controller("#g=gyre&s=42")
    board = g.view().board
    assert board is not None
    hand = [c.name for c in board.cards if c.pile == "H"]
    assert hand[0].endswith("card 1 of 5 in your hand, can move") or "card 1 of 5 in your hand" in hand[0]
    empty = next(p for p in board.piles if p.id == "R5")
    assert empty.name == "Slot 5, empty"
    # Square: an empty cell says what it takes, and its price while a card is held
    s = controller("#g=square&s=14&o=ends")
    table = s.tables.table_now()
    assert table is not None
    g2 = next(g for g in table.gestures if g.note.startswith("cost"))
    s.focus.stop = g2.source
    s.key(" ", board=True)
    board = s.view().board
    assert board is not None
    cell = next(p for p in board.piles if p.id == g2.target)
    assert cell.name.startswith(f"Cell {g2.target}, empty, takes ") and cell.name.endswith(", " + g2.note)
    assert next(c for c in board.cards if (c.pile, c.index) == g2.source).name.endswith("picked up")


def test_speech_helpers() -> None:
    table = get_view("gravity").table(get_game("gravity").deal(42, get_game("gravity").parse_options("")), True,
                                      frozenset())
    assert place(table.pile("c3")) == "the PLANET"
    assert card_name(table.pile("c1"), 0, "two of clubs") == "Two of clubs, top of cell 3 of row 1"
    assert narrate([table], lambda c: c) == ""


# -- announcements ---------------------------------------------------------------------------------


def test_a_move_and_its_forced_steps_are_announced_once() -> None:
    c = controller("#g=gravity&s=42")
    c.view()
    c.play("e2e3")  # three frames: the stack, then two slides toward the PLANET
    said = c.effects().announce
    assert said.split(" Then: ")[0].endswith("to cell 5 of row 3.") and " Then: " in said
    assert said.count(" to cell ") >= 2
    assert c.view() == c.view() and c.effects().announce == ""  # once


def test_a_prompt_is_announced_when_it_changes() -> None:
    c = controller("#g=gyre&s=1")
    c.view()
    capture = c.session.legal_moves()[0]  # type: ignore[union-attr]
    assert capture.startswith("C")
    c.play(capture)
    said = c.effects().announce
    assert "to captured pairs" in said and "Then: Your hand: " in said and "Revealed card: " in said
    assert said.endswith("Place the revealed card in one of the two highlighted slots.")
    c.undo()
    assert c.effects().announce.startswith("Move undone. Capture:")


def test_a_phase_change_is_announced() -> None:
    c = controller("#g=zodiac&s=5")
    assert c.session is not None
    c.session = c.session._but(_states=(arrange(zodiac={3: "6H"}, waste="7H", rest="zodiac"),))  # the deal rigged
    c.view()
    c.play("W-E0")
    said = c.effects().announce
    assert "Equator cell 0" in said or "equator cell 0" in said
    assert "Phase 2: build the foundations." in said


def test_the_end_of_a_game_is_announced() -> None:
    c = controller("#g=gyre&s=42")
    assert c.session is not None
    c.view()
    while c.session.status() == "playing":
        c.play(c.session.legal_moves()[0])
        said = c.effects().announce
    assert c.dialog is not None and c.dialog.kind == "summary"
    assert said.endswith(f"{c.dialog.title} {c.dialog.big}.") or said.endswith(f"{c.dialog.title}. {c.dialog.big}.")
    r = controller("#g=gravity&s=42")
    r.resign()
    r.resign()
    assert r.effects().announce == "You gave up. Piles left 52."


# -- looks ------------------------------------------------------------------------------------------


def test_theme_deck_and_card_size_are_kept_across_visits() -> None:
    data: dict[str, str] = {}
    c = controller("#g=gyre&s=1", data)
    assert c.view().theme == "system" and c.view().page_classes == ()
    assert c.change("set-theme", "light")
    c.change("set-" + FOUR_COLOUR, "", True)
    c.change("set-" + LARGE, "", True)
    assert set(json.loads(data[SETTINGS_KEY])) >= {"theme=light", FOUR_COLOUR, LARGE}
    again = controller("", data)
    v = again.view()
    assert v.theme == "light" and v.page_classes == ("theme-light", "four-colour", "large-cards")
    again.change("set-theme", "system")
    assert again.view().page_classes == ("four-colour", "large-cards")
    again.change("set-theme", "purple")  # not a theme: nothing changes
    assert again.settings.theme == "system"
    html = settings_html(v.settings, v.theme)
    assert 'id="set-fourcolour" checked' in html and '<option value="light" selected>Light</option>' in html


def test_the_board_is_a_labelled_group() -> None:
    assert controller("#g=zodiac&s=1").view().board_label == "Zodiac table"


def test_every_table_names_its_piles() -> None:
    for game_id in GAME_IDS:
        for state in states(game_id, 7, 5):
            for portrait in (True, False):
                table: Table = get_view(game_id).table(state, portrait, frozenset())
                for pile in table.piles:
                    assert pile.name, (game_id, pile.id)


# -- whole games by keys alone -------------------------------------------------------------------


def go(c: Controller, goal: tuple[str, int | None]) -> int:
    """Arrow keys from where the ring is to ``goal`` (the path the focus module walks);
    the ring is drawn there after. Returns how many keys were pressed."""
    table = c.tables.table_now()
    assert table is not None
    steps = focus.path(table, focused(c.view()), goal)
    for direction in steps:
        press(c, "Arrow" + direction.capitalize())
    assert focused(c.view()) == goal, (goal, steps)
    return len(steps)


def play_by_keys(c: Controller, token: str, pile_key: bool = False, pick_up: str = " ",
                 escape_first: bool = False) -> tuple[str, str]:
    """Play ``token`` with the keys alone, as the Keys help says; returns how, and what
    the live region said for the move. The button's key; else the arrows to the card
    and Enter where Enter plays it (a tap), or ``pick_up`` (Space or Enter) to pick it
    up, the arrows to its place and Enter, then for a move that asks for cards the
    arrows and Enter on each and C to confirm. With ``pile_key``, a move that Enter on
    a pile with a key of its own plays (Zodiac's stock) is played by that key instead.
    ``escape_first``: pick the card up (and reach its cards' prompt) once, and put it
    back with Escape, before playing it. A card that Enter would play at once (it has
    a tap move) is picked up by Space."""
    session, table = c.session, c.tables.table_now()
    assert session is not None and table is not None
    before = session.moves
    button = next((b for b in table.buttons if b.token == token and b.key), None)
    if button is not None:
        how, v = "button", press(c, button.key)
    else:
        marks = locate_hint(table, token)  # the gesture and the cards to pick that play it
        assert marks is not None and marks.target is not None and not marks.button, token
        gesture = None if marks.source is None else table.moves_from(marks.source)[marks.target]
        # a place with no card to take (Zodiac's empty stock: turn the waste over) is its own stop
        spot = focus.stop_of(table, marks.source or (marks.target, None))
        keyed = next((p.key for p in table.piles if p.key and p.id == spot[0]), "")
        taps = gesture is None or (gesture.tap and gesture.pick is None)
        enter_plays = any(g.tap for g in table.gestures if g.source == marks.source)  # the card's tap move, at once
        if pile_key and keyed and taps:
            how, v = "pile key", press(c, keyed)
        elif taps and not escape_first:
            go(c, spot)
            how, v = "enter", press(c, "Enter")
        else:
            assert gesture is not None and marks.source is not None
            for attempt in ("escape", "play") if escape_first else ("play",):
                go(c, spot)
                v = press(c, " " if enter_plays else pick_up)
                assert c.hand.selected == marks.source and session.moves == before
                assert " picked up: it can go to " in v.announce, v.announce
                if attempt == "escape" and gesture.pick is None:
                    assert press(c, "Escape").announce == "Put back." and c.hand.selected is None
                    continue
                go(c, focus.stop_of(table, (marks.target, None)))
                v = press(c, "Enter")
                how = "pick up and drop"
                if gesture.pick is None:
                    continue
                assert c.hand.picking is not None and c.hand.picking.gesture == gesture and c.session is not None and c.session.moves == before
                assert v.announce == sentence(gesture.pick.prompt)
                assert focused(v) == focus.stop_of(table, c.hand.picking.pick.places[0])  # on the first card to pick
                if attempt == "escape":
                    assert press(c, "Escape").announce == "Cancelled." and c.hand.picking is None
                    continue
                for n, card in enumerate(marks.picks, 1):
                    go(c, focus.stop_of(table, card))
                    assert press(c, "Enter").announce == f"Picked: {n} of {len(marks.picks)}."
                how, v = f"pick {len(marks.picks)}", press(c, "c")
    assert c.session is not None and c.session.moves == (*before, token), (token, how)
    return how, v.announce


def test_a_whole_game_of_square_by_keys_alone() -> None:
    """Solitaire Square deal 2 (the first game's *ends*), portrait, from the deal to the
    end screen: each turn H lights the hint's move (the player's only guide), and the
    keys play it; prices are paid by picking the hand cards with the arrows and Enter,
    then C. Escape puts a card back and cancels a pick once each."""
    c = controller("#g=square&s=2&o=ends")
    c.resize(390, 800)
    assert c.session is not None and c.layout.portrait
    c.view()
    ways: Counter[str] = Counter()
    notes: Counter[str] = Counter()
    said = ""
    while c.session.status() == "playing":
        assert c.key("h", board=True)
        settle(c)  # (the solver searches the position first, when it has not yet)
        marks, table = c.ui.hint, c.tables.table_now()
        assert marks is not None and table is not None and marks.source is not None and marks.target is not None
        assert c.notice is not None and "Hint: " in c.notice.text
        gesture = table.moves_from(marks.source)[marks.target]
        notes[gesture.note] += 1
        first_of_its_kind = not any(w.startswith("pick ") for w in ways) if gesture.pick else not ways
        how, said = play_by_keys(c, marks.token, pick_up=" " if len(c.session.moves) % 2 else "Enter",
                                 escape_first=first_of_its_kind)
        ways[how] += 1
        assert said.startswith(f"Card {marks.token.split('@')[0]} to cell {marks.target}"), said
    assert c.session.status() == "won" and len(c.session.moves) == 34  # with ends, 1 and 80 were dealt
    assert c.dialog is not None and c.dialog.kind == "summary" and sentence(c.dialog.title) in said
    assert ways["pick up and drop"] > 0 and sum(n for w, n in ways.items() if w.startswith("pick ")) >= 5, ways
    assert {"pick 1", "pick 2"} <= set(ways), ways  # prices of one and of two cards picked
    assert notes["free"] > 0 and any(n.startswith("cost") for n in notes), notes


def test_a_whole_game_of_zodiac_by_keys_alone() -> None:
    """Zodiac deal 1186 (the engine's greedy player wins it), on the ring, from the deal
    to the end screen by the keys alone: the stock by its key S and by the arrows and
    Enter, the waste turned over on the empty stock, waste cards to the zodiac and the
    equator, equator cards to the zodiac, both phases, the foundations, and the last
    safe moves by A (Auto-finish: the page's timer then plays them one by one)."""
    c = controller("#g=zodiac&s=1186")
    assert c.session is not None and not c.layout.portrait
    c.view()
    kinds: Counter[str] = Counter()
    phase_said = ""
    while (session := c.session) is not None and session.status() == "playing":
        table = c.tables.table_now()
        assert table is not None
        auto = next(b for b in table.buttons if b.id == "autofinish")
        if auto.token is not None:
            n = len(session.moves)
            assert c.key("a", board=True) and len(c.session.moves) == n + 1 and c.ui.repeating == "autofinish"
            while c.tables.auto_token() is not None:  # the binding's pause between repeats, no key
                c.auto()
            kinds["auto-finish"] = len(c.session.moves) - n
            break
        token = greedy_move(session.state)
        src, _, dst = token.partition("-")
        kind = "draw" if token == "S" and session.state.stock else "redeal" if token == "S" else f"{src[0]}-{dst[0]}"
        how, said = play_by_keys(c, token, pile_key=kinds[kind] % 2 == 1, pick_up=" " if kinds[kind] % 3 else "Enter",
                                 escape_first=kinds[kind] == 1 and kind != "draw")
        kinds[kind] += 1
        kinds[f"{kind} by {how}"] += 1
        phase_said = phase_said or (said if "Phase 2" in said else "")
    assert c.session is not None and c.session.status() == "won" and c.dialog is not None and c.dialog.kind == "summary"
    assert "Phase 2: build the foundations." in phase_said
    for kind in ("draw by pile key", "draw by enter", "redeal", "W-Z", "W-E", "E-Z", "Z-F", "auto-finish"):
        assert kinds[kind] > 0, (kind, kinds)
    assert any(k.startswith("Z-F by pick up") for k in kinds), kinds


def test_a_card_that_fits_both_foundations_says_which_is_which() -> None:
    c = controller("#g=zodiac&s=5")
    assert c.session is not None
    c.session = c.session._but(_states=(arrange(equator={0: "7S"}, foundations="6S.-.-.-.8S.-.-.-", rest="zodiac"),))  # the deal rigged
    c.view()
    c.focus.stop = ("E0", 0)
    said = press(c, " ").announce
    assert said == ("Seven of spades picked up: it can go to foundation of spades up from the ace"
                    " or foundation of spades down from the king."), said
    go(c, ("FdS", 5))  # K down to 8
    assert press(c, "Enter").announce.startswith("Seven of spades to foundation of spades down from the king.")
    assert c.session.moves[-1:] == ("E0-FdS",)
