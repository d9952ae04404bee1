"""The app controller in CPython, with a dict for storage and no DOM: links,
resuming, corrupted saves, taps and drags, undo/redo/restart/give-up, auto-moves,
settings, dialogs, and the board as a function of the state."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.state import NOTICE_ACTION_SECONDS, NOTICE_SECONDS
from pyapp.ui.layout import peekable, pile_at
from pyapp.app.saves import CORRUPT_PREFIX, CURRENT_KEY, OPTIONS_PREFIX, PREVIOUS_PREFIX, SAVE_PREFIX, Saves
from pyapp.core.settings import INSTANT, MARKS, SETTINGS_KEY
from pyapp.ui.view import Board, View
from pyapp.games import all_games, get_game
from pyapp.games.gyre.rules import GYRE
from pyapp.app.session import Session


def controller(fragment: str = "", data: dict[str, str] | None = None, instant: bool = True) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=instant)
    c.start(fragment, "https://example.org/orbit/index.html")
    return c


def layout(board: Board | None) -> dict[str, list[tuple[str, float, float]]]:
    """Each pile's cards, in order, with their places: what the player sees."""
    assert board is not None
    out: dict[str, list[tuple[str, float, float]]] = {p.id: [] for p in board.piles}
    for card in sorted(board.cards, key=lambda c: (c.pile, c.index)):
        out[card.pile].append((card.code, round(card.x, 3), round(card.y, 3)))
    return out


def playable(view: View) -> bool:
    return view.screen == "game" and view.board is not None


# -- start-up, links ------------------------------------------------------------------


def test_first_visit_shows_the_start_screen_and_a_tile_deals() -> None:
    c = controller()
    v = c.view()
    assert v.screen == "start" and v.board is None and v.address == ""
    assert [t.id for t in v.tiles] == [g.id for g in all_games()]  # every registered game, in the registry's order
    assert all(t.resume == "" for t in v.tiles)
    c.open_game("gyre")
    v = c.view()
    assert v.screen == "game" and v.title == "Gyre" and v.address.startswith("#g=gyre&v=1&o=&s=")
    assert c.storage.get(CURRENT_KEY) == "gyre" and c.storage.get(SAVE_PREFIX + "gyre")
    c.home()
    assert next(t for t in c.view().tiles if t.id == "gyre").resume.startswith("Game in progress")


def test_hand_typed_link_without_version_or_options() -> None:
    c = controller("#g=gyre&s=42")
    v = c.view()
    assert v.address == "#g=gyre&v=1&o=&s=42"
    assert c.session is not None and c.session.state == Session.new(get_game("gyre"), 42).state


@pytest.mark.parametrize(
    "bad, words",
    [
        ("#g=gyre&v=1&o=&s=notanumber", "seed"),
        ("#g=gyre&v=9&o=&s=1", "version"),
        ("#g=gyre&v=1&o=wings&s=1", "unknown Gyre option"),
        ("#g=gyre&v=1&o=easy,easy&s=1", "given twice"),
        ("#g=chess&v=1&s=1", "unknown game"),
        ("#g=gyre&v=1&o=&s=1&m=%3Cscript%3E", "malformed"),
        ("#s=1", "no g="),
        ("#g=gravity&v=1&o=decks=7&s=1", "decks"),
    ],
)
def test_malformed_links_keep_the_game_and_say_why(bad: str, words: str) -> None:
    c = controller("#g=gyre&v=1&o=&s=5")
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    before = c.view().address
    c.open_link(bad)
    v = c.view()
    assert v.notice is not None and v.notice.error and words in v.notice.text
    assert playable(v) and v.address == before  # the game in progress is as it was


def test_malformed_link_on_a_fresh_page_gives_a_playable_game_and_says_which() -> None:
    """With nothing on the table, a link that cannot be read opens the game saved (as it was, its
    time too), else a new deal, and the notice says which (it once said "Your game is as it was."
    over a new deal)."""
    c = controller("#g=zzz&v=1")
    v = c.view()
    assert playable(v) and v.notice is not None and "could not be opened" in v.notice.text
    assert v.notice.text.endswith("Here is a new deal of Gravity.") and c.session is not None
    c.play(c.session.legal_moves()[0])
    c.tick(0)
    c.tick(61_000)
    c.visibility(True, 61_000)  # the page closes: the game and its time are saved
    again = Controller(c.storage, reduced_motion=True)
    again.start("#g=gravity&s=banana")
    v = again.view()
    assert v.notice is not None and v.notice.text.endswith("Your game is as it was.")
    assert again.session is not None and again.session.link() == c.session.link() and again.elapsed() == c.elapsed() > 0
    for broken in ("#g=gravity&s=banana", "#g=zzz"):  # a save that cannot be read: set aside, a new deal, both said
        storage = MemoryStorage({Saves.key("gravity"): "{not json"})
        third = Controller(storage, reduced_motion=True)
        third.start(broken)
        v = third.view()
        assert playable(v) and v.notice is not None and "Here is a new deal of Gravity." in v.notice.text
        assert "could not be read" in v.notice.text


def test_link_with_an_illegal_move_opens_up_to_the_move_before() -> None:
    good = Session.new(get_game("gyre"), 12345)
    first = good.legal_moves()[0]
    c = controller(f"#g=gyre&v=1&o=&s=12345&m={first}.P9")
    v = c.view()
    assert v.address == f"#g=gyre&v=1&o=&s=12345&m={first}"
    assert v.notice is not None and "move 2 is not a move of this game" in v.notice.text


def test_a_link_to_another_deal_after_a_finished_game_keeps_nothing_aside() -> None:
    good = Session.new(get_game("gyre"), 5)
    c = controller(f"#g=gyre&v=1&o=&s=5&m={good.legal_moves()[0]}.q")  # given up: over
    assert c.session is not None and c.session.status() != "playing"
    c.open_link("#g=gyre&v=1&o=&s=6")
    v = c.view()
    assert v.address == "#g=gyre&v=1&o=&s=6" and c.storage.get(PREVIOUS_PREFIX + "gyre") is None
    assert v.notice is None or v.notice.action != "Back to my game"


def test_a_link_to_another_deal_keeps_the_game_in_progress_with_a_way_back() -> None:
    c = controller("#g=gyre&v=1&o=&s=5")
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    mine = c.view().address
    c.open_link("#g=gyre&v=1&o=&s=6")
    v = c.view()
    assert v.address == "#g=gyre&v=1&o=&s=6"
    assert v.notice is not None and v.notice.action == "Back to my game"
    assert c.storage.get(PREVIOUS_PREFIX + "gyre")
    c.notice_action()
    assert c.view().address == mine
    assert Session.from_save(str(c.storage.get(PREVIOUS_PREFIX + "gyre"))).seed == 6  # the linked deal, kept aside
    # and the linked deal is now the one kept aside
    c.open_link("#g=gyre&v=1&o=&s=7")
    c.notice_action()
    assert c.view().address == mine


def test_a_link_followed_while_a_move_animates_is_opened_after_it_in_order_with_the_keys() -> None:
    """The page's address changed during a move's steps: the link waits for them (it was once
    dropped, and the page then wrote the old game's address back over it)."""
    c = controller("#g=gyre&v=1&o=&s=5")
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    mine = c.view().address
    c.busy(True)  # the binding shows the move's steps
    c.open_link("#g=zodiac&v=1&o=&s=3")
    assert c.view().address == mine  # not yet: the steps are still shown
    c.busy(False)
    assert c.play_waiting() and c.view().address == "#g=zodiac&v=1&o=&s=3"
    assert not c.play_waiting()


def test_while_a_move_animates_a_click_or_a_setting_is_lost_and_a_replay_control_waits() -> None:
    """The binding reports a move's steps shown (:meth:`Controller.busy`): a tool, the New deal
    dialog's Deal and a setting changed meanwhile do nothing and say so (False: nothing to draw);
    the replay bar's controls wait for the steps, as keys do; afterwards each works again."""
    c = controller("#g=gravity&v=1&o=&s=42")
    c.busy(True)
    assert not c.click("new") and c.dialog is None
    assert not c.change("set-marks", "", False) and c.settings.marks
    assert not c.click("deal-go", {"seed": "7"}) and c.session is not None and c.session.seed == 42
    c.busy(False)
    assert c.click("new") and c.dialog is not None and c.dialog.kind == "newgame"
    assert c.click("deal-go", {"seed": "7"}) and c.session.seed == 7 and c.dialog is None
    assert c.change("set-marks", "", False) and not c.settings.marks
    c.play(c.session.legal_moves()[0])
    assert c.click("watch") and c.watching.replay is not None
    c.busy(True)
    assert c.click("rp-end") and c.watching.replay.index == 0  # waits for the steps shown
    c.busy(False)
    assert c.play_waiting() and c.watching.replay.index == 1


def test_a_tool_the_view_shows_disabled_does_nothing_when_clicked() -> None:
    """While a replay is shown the game's tools are off: a click that reaches one anyway (it raced
    the drawing, or was queued before Python was ready) changes nothing (Give up twice once ended
    the game under the replay, and the end screen then failed on the replay's missing table)."""
    c = controller("#g=gravity&v=1&o=&s=3", instant=False)
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    c.click("watch")
    assert c.view().replay is not None and not c.view().tools["resign"]
    for tool in ("resign", "resign", "undo", "restart"):
        c.click(tool)
    assert c.session.status() == "playing" and len(c.session.moves) == 1 and c.view().replay is not None


def test_reload_resumes_the_same_board_and_selection_is_not_saved() -> None:
    data: dict[str, str] = {}
    c = controller("#g=gravity&v=1&o=&s=42", data)
    assert c.session is not None
    for _ in range(3):
        c.play(c.session.legal_moves()[0])
    c.tap("c3", 0)
    board = c.view().board
    again = controller("", data)  # a reload with no hash: the game last played
    v = again.view()
    assert v.address == c.view().address
    assert layout(v.board) == layout(board)
    assert not any("selected" in card.classes for card in v.board.cards) if v.board else False


# -- saves and storage ------------------------------------------------------------------


def test_a_corrupt_save_is_set_aside_with_a_notice_and_a_new_deal() -> None:
    data = {CURRENT_KEY: "gyre", SAVE_PREFIX + "gyre": '{"format": 1, "link": "#g=gyre&v=1&o=&s=1&m=ZZ"}'}
    c = controller("", data)
    v = c.view()
    assert playable(v) and v.title == "Gyre"
    assert v.notice is not None and "could not be read" in v.notice.text and CORRUPT_PREFIX + "gyre" in v.notice.text
    assert data[CORRUPT_PREFIX + "gyre"].endswith('m=ZZ"}')
    assert Session.from_save(data[SAVE_PREFIX + "gyre"])  # the new deal's save is good


KEYS = st.sampled_from(
    [CURRENT_KEY, SETTINGS_KEY]
    + [prefix + g for prefix in (SAVE_PREFIX, OPTIONS_PREFIX, PREVIOUS_PREFIX) for g in ("gyre", "gravity", "square", "zodiac")]
)
TEXTS = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["gyre", "gravity", "square", "zodiac", "null", "[]", "{}", '{"format": 1}', "decks=9", "easy,easy"]),
    st.builds(lambda link, redo: json.dumps({"format": 1, "link": link, "redo": redo}),
              st.sampled_from(["#g=gyre&v=1&o=&s=1&m=P0", "#g=gravity&s=2", "#g=gyre&v=1&o=&s=1", "nonsense", "#g=square&s=3"]),
              st.lists(st.text(max_size=5), max_size=3)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(KEYS, TEXTS, max_size=6), st.sampled_from(["", "#g=gyre&s=9", "#g=gravity&v=1&o=&s=1"]),
       st.sampled_from(["gyre", "gravity"]))
def test_any_storage_gives_a_playable_game_never_an_exception(data: dict[str, str], fragment: str, tile: str) -> None:
    original = dict(data)
    c = controller(fragment, data)
    v = c.view()
    assert v.screen in ("start", "game")
    c.open_game(tile)
    v = c.view()
    assert playable(v)
    # a save that could not be read is kept aside, never lost
    for game in ("gyre", "gravity"):
        raw = original.get(SAVE_PREFIX + game)
        if raw and data.get(SAVE_PREFIX + game) != raw:
            assert data.get(CORRUPT_PREFIX + game) == raw or data.get(PREVIOUS_PREFIX + game) == raw or (
                Session.from_save(raw) is not None)


def test_storage_settings_that_cannot_be_read_are_reset_with_a_notice() -> None:
    c = controller("", {SETTINGS_KEY: "{not json"})
    v = c.view()
    assert v.notice is not None and "settings" in v.notice.text
    assert c.storage.get(SETTINGS_KEY) is None


# -- taps and drags ----------------------------------------------------------------------


def test_a_stray_tap_on_a_card_that_is_only_a_target_plays_nothing() -> None:
    c = controller("#g=gyre&v=1&o=&s=3")  # 7C on R2 could be replaced by 5C from the hand
    assert c.tables.table_now() is not None and c.tables.table_now().pile("R2").cards == ("7C",)  # type: ignore[union-attr]
    c.tap("R2", 0)
    assert c.view().address == "#g=gyre&v=1&o=&s=3"
    # selecting the hand card first, then the ring card, replaces it
    c.tap("H", 4)
    v = c.view()
    assert v.board is not None and "selected" in next(x for x in v.board.cards if x.pile == "H" and x.index == 4).classes
    lit = {p.id for p in v.board.piles if "lit" in p.classes}
    assert lit == {"R2", "R3", "R4"}
    c.tap("R2", 0)
    assert c.view().address.endswith("&m=S5C2")


def test_tapping_an_empty_highlighted_slot_places_the_revealed_card() -> None:
    c = controller("#g=gyre&v=1&o=&s=12345")
    session = c.session
    assert session is not None
    capture = next(m for m in session.legal_moves() if m.startswith("C"))
    c.play(capture)
    assert c.session is not None
    places = [m for m in c.session.legal_moves() if m.startswith("P")]
    assert len(places) == 2
    c.tap("R" + places[1][1])
    assert c.view().address.endswith("." + places[1])


def test_a_card_with_a_single_move_plays_on_a_tap_and_selection_toggles() -> None:
    def both(seed: int) -> bool:
        t = controller(f"#g=gyre&s={seed}").tables.table_now()
        assert t is not None
        return any(g.tap for g in t.gestures) and any(
            not any(g.tap for g in t.gestures if g.source == s) for s in t.sources())

    seed = next(s for s in range(1, 200) if both(s))
    c = controller(f"#g=gyre&s={seed}")
    table = c.tables.table_now()
    assert table is not None
    tap = next(g for g in table.gestures if g.tap)
    assert tap.source is not None
    c.tap(*tap.source)
    assert c.view().address.endswith("m=" + tap.token)
    c.undo()
    multi = next(s for s in table.sources() if not any(g.tap for g in table.gestures if g.source == s))
    c.tap(*multi)
    assert c.hand.selected == multi
    c.tap(*multi)
    assert c.hand.selected is None


def test_drop_plays_on_a_target_and_nothing_elsewhere() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    c.drop(("c1", 0), "e5")  # not a neighbour
    assert c.view().address == "#g=gravity&v=1&o=&s=42"
    c.drop(("c1", 0), None)
    assert c.view().address == "#g=gravity&v=1&o=&s=42"
    c.drop(("c1", 0), "c2")
    assert c.view().address == "#g=gravity&v=1&o=&s=42&m=c1c2"


def test_a_lifted_card_lights_its_targets_and_is_drawn_above_the_others() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    before = c.view().board
    assert before is not None and ("c1", 0) in before.draggable
    c.pointer.lift(("c1", 0))
    board = c.view().board
    assert board is not None
    held = next(x for x in board.cards if (x.pile, x.index) == ("c1", 0))
    assert "dragging" in held.classes and "selected" not in held.classes and held.z > max(
        x.z for x in board.cards if x is not held)
    lit = {p.id for p in board.piles if "lit" in p.classes}
    assert lit == {t for t, _ in board.holds[("c1", 0)]} and lit
    assert next(p for p in board.piles if p.id == "e5").why  # a pile it cannot go to says why (hover text)
    c.pointer.lift(None)  # the drag was cancelled: the board is as before
    assert c.view().board == before
    c.pointer.lift(("a1", 7))  # nothing there: nothing lifted
    assert c.hand.lifted is None


def test_a_drop_goes_to_the_pile_under_the_point_or_the_nearest_that_takes_the_card() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    c2 = next(p for p in board.piles if p.id == "c2")
    c.pointer.lift(("c1", 0))
    c.pointer.drop_at(("c1", 0), c2.x + c2.w + 0.05, c2.y + c2.h / 2)  # let go just beside c2, between piles
    assert c.view().address == "#g=gravity&v=1&o=&s=42&m=c1c2" and c.hand.lifted is None
    c.undo()
    c.pointer.drop_at(("c1", 0), -5, -5)  # far off the table: nothing
    assert c.view().address == "#g=gravity&v=1&o=&s=42"


def test_a_tap_between_piles_finds_the_pile_by_its_area() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    c1 = next(p for p in board.piles if p.id == "c1")
    c.pointer.tap_at(c1.x + 0.1, c1.y + 0.1)  # the page did not say which element: the point says it is c1
    assert c.hand.selected is None or c.hand.selected[0] == "c1"
    c.pointer.tap_at(c1.x + 0.1, c1.y + 0.1, "c1", 0)
    assert c.hand.selected in (None, ("c1", 0)) and c.view().board is not None


def test_a_pointer_drags_a_card_past_a_few_pixels_and_taps_otherwise() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    unit = 50.0
    c1, c2 = (next(p for p in board.piles if p.id == i) for i in ("c1", "c2"))
    x0, y0 = (c1.x + 0.5) * unit, (c1.y + 0.5) * unit
    assert c.pointer.down("c1", 0, x0, y0, unit) < 0 and c.pointer.pressing  # a card that may be dragged
    assert c.pointer.move(x0 + 3, y0) is None and c.hand.lifted is None  # a tremor is no drag
    where = c.pointer.move((c2.x + 0.5) * unit, (c2.y + 0.5) * unit)
    assert where is not None and c.hand.lifted == ("c1", 0)
    c.pointer.up((c2.x + 0.5) * unit, (c2.y + 0.5) * unit)
    assert not c.pointer.pressing and c.hand.lifted is None and c.view().address.endswith("m=c1c2")
    c.undo()
    c.pointer.down("c1", 0, x0, y0, unit)
    c.pointer.up(x0 + 2, y0)  # a tap: the card is selected (it has several moves) or played
    assert c.hand.selected == ("c1", 0) or c.view().address != "#g=gravity&v=1&o=&s=42"
    c.pointer.down("c1", 0, x0, y0, unit)
    c.pointer.move(x0 + 40, y0 + 40)
    c.pointer.cancel()  # the browser took the pointer: nothing played, nothing held
    assert not c.pointer.pressing and c.hand.lifted is None
    assert c.pointer.down(None, None, -10, -10, unit) > 0  # off the cards: nothing to drag
    assert not c.pointer.long_press(c.pointer.down(None, None, -10, -10, unit))  # and no squared pile to show


def test_a_long_press_on_a_squared_pile_shows_it_unless_the_pointer_moved_or_let_go() -> None:
    moves = Session.new(get_game("zodiac"), 3)
    while len(moves.state.waste) < 3:
        moves = moves.played(next(t for t in moves.legal_moves() if t.startswith("S")))
    c = controller(moves.link().fragment())
    board = c.view().board
    assert board is not None and peekable(c.tables.board(), "W")
    top = next(p for p in board.piles if p.id == "W").count - 1
    ticket = c.pointer.down("W", top, 10, 10, 50.0)
    assert c.pointer.long_press(ticket) and c.dialog is not None and c.dialog.kind == "peek" and not c.pointer.pressing
    c.dialogs.close()
    ticket = c.pointer.down("W", top, 10, 10, 50.0)
    c.pointer.up(10, 10)
    assert not c.pointer.long_press(ticket) and c.dialog is None  # let go before: a tap, no window
    if c.view().address != moves.link().fragment():
        c.undo()
    assert c.view().address == moves.link().fragment()  # drawn again, as the page does after every intent
    ticket = c.pointer.down("W", top, 10, 10, 50.0)
    c.pointer.move(60, 10)
    assert not c.pointer.long_press(ticket) and c.dialog is None  # it became a drag


def test_a_double_click_peeks_only_when_its_clicks_played_nothing() -> None:
    session = Session.new(get_game("zodiac"), 3)
    while not any(t.startswith("W") for t in session.legal_moves()) or len(session.state.waste) < 2:
        session = session.played(next(t for t in session.legal_moves() if t.startswith("S")) if any(
            t.startswith("S") for t in session.legal_moves()) else session.legal_moves()[0])
    c = controller(session.link().fragment())
    board = c.view().board
    assert board is not None and peekable(c.tables.board(), "W")
    waste = next(p for p in board.piles if p.id == "W")
    c.tap("W", waste.count - 1)  # the waste's card plays at once on a tap ...
    assert c.view().address != session.link().fragment()
    c.tap("W", 0)
    c.pointer.double_click("W")  # ... and a double click whose clicks played opens nothing
    assert c.dialog is None
    c = controller(session.link().fragment())
    c.view()
    c.tap("S")  # clicks that play nothing (the stock is never peeked) ...
    c.pointer.double_click("S")
    assert c.dialog is None
    c.tap("Z99")  # no such pile (a stale or hostile intent): nothing happens
    c.tap("W")
    c.tap("W")
    c.pointer.double_click("W")  # a double click on the waste with no play in its clicks shows it
    assert c.dialog is not None and c.dialog.kind == "peek"


def test_attrition_rotation_asks_for_a_hand_card_and_a_stray_tap_cancels() -> None:
    session = Session.new(get_game("gyre"), 1, "attrition")
    while not any(m.startswith("R") for m in session.legal_moves()):
        session = session.played(session.legal_moves()[-1])
    c = controller(session.link().fragment())
    c.press("rotate")
    v = c.view()
    assert v.prompt == "Rotate: choose a hand card to give up (tap it, or press Cancel)"
    assert next(b for b in v.buttons if b.id == "rotate").label == "Cancel"
    assert v.board is not None and {x.index for x in v.board.cards if "choice" in x.classes} == set(range(len(session.state.hand)))
    c.tap("X")  # a stray tap gives nothing up
    assert c.hand.picking is None and c.view().address == session.link().fragment()
    c.press("rotate")
    c.tap("H", 0)
    token = next(m for m in session.legal_moves() if m.startswith("R") and m[1:3] == session.state.hand[0].code)
    assert c.view().address.endswith("." + token)


def test_escape_clears_a_selection() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    c.tap("c1", 0)
    assert c.hand.selected == ("c1", 0)
    assert c.key("Escape") and c.hand.selected is None
    assert not c.key("x")


# -- undo, redo, restart, give up, new deal ---------------------------------------------------


def test_undo_redo_keys_and_restart_can_be_undone() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    assert c.session is not None
    moves = []
    for _ in range(3):
        moves.append(c.session.legal_moves()[0])
        c.play(moves[-1])
    full = c.view()
    assert c.key("z", ctrl=True)
    assert c.view().address.endswith("m=" + ".".join(moves[:2]))
    assert c.key("z", ctrl=True, shift=True)
    assert c.view().address == full.address
    c.restart()
    v = c.view()
    assert v.address == "#g=gravity&v=1&o=&s=42" and v.tools["undo"] and v.notice is not None
    c.undo()  # one Undo brings the game back
    v = c.view()
    assert v.address == full.address and layout(v.board) == layout(full.board)


def test_new_deal_can_be_undone() -> None:
    c = controller("#g=gyre&v=1&o=easy&s=5")
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    before = c.view().address
    c.new_deal()
    v = c.view()
    assert v.address != before and "&o=easy&" in v.address and v.tools["undo"]
    c.undo()
    assert c.view().address == before


def test_give_up_needs_a_second_press_and_undo_takes_it_back() -> None:
    c = controller("#g=gyre&v=1&o=&s=5")
    c.resign()
    v = c.view()
    assert v.resign_armed and "again" in v.prompt and v.status == "playing"
    assert c.fire("disarm", c.view().timers[0].ticket)
    assert not c.view().resign_armed
    c.toggle_menu()  # on a phone, Give up is in the menu: it closes with the game
    c.resign()
    c.resign()
    v = c.view()
    assert not c.ui.menu_open
    assert v.status == "finished" and v.address.endswith("&m=q") and v.dialog is not None and v.dialog.kind == "summary"
    assert v.board is not None and v.board.sources == () and v.prompt == "You gave up this game."
    c.summary_action("close")
    c.undo()
    assert c.view().status == "playing"


def test_summary_opens_once_at_the_end_and_offers_undo() -> None:
    session = Session.new(get_game("gravity"), 3)
    moves = []
    while session.legal_moves():
        moves.append(session.legal_moves()[0])
        session = session.played(moves[-1])
    session = session.undone()
    c = controller(session.link().fragment())
    assert c.view().dialog is None and c.view().status == "playing"
    c.play(moves[-1])
    v = c.view()
    assert v.status != "playing" and v.dialog is not None and v.dialog.kind == "summary" and v.dialog.lines
    assert v.dialog.big == v.score
    c.summary_action("close")
    assert c.view().dialog is None  # once: looking at the table does not bring it back
    c.undo()
    c.redo()
    c.summary_action("undo")
    assert c.view().status == "playing" and c.view().dialog is None


# -- auto-moves and settings ----------------------------------------------------------------------


def test_autocollapse_setting_plays_the_choice_after_a_pause() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    assert c.session is not None
    c.change("set-autocollapse", "", True)
    c.play("c1c2")  # this stack leaves a collapse choice
    v = c.view()
    assert v.auto and c.tables.auto_token() == "b1"
    c.auto()
    assert c.view().address.endswith("c1c2.b1") and not c.view().auto
    assert json.loads(c.storage.get(SETTINGS_KEY) or "[]") == sorted({"autocollapse", INSTANT, MARKS})
    assert ("autocollapse", "Slide piles in for me when I could choose", True) in v.settings


def test_animation_frames_unless_instant() -> None:
    c = controller("#g=gravity&v=1&o=&s=42", instant=False)
    c.play("e2e3")
    frames = c.effects().frames
    assert len(frames) == len(get_game("gravity").steps(get_game("gravity").deal(42, get_game("gravity").parse_options("")), "e2e3")) - 1
    assert all(f.sources == () for f in frames)
    assert c.effects().frames == ()  # handed out once
    c.change("set-" + INSTANT, "", True)
    c.undo()
    c.play("e2e3")
    assert c.effects().frames == ()


# -- dialogs ---------------------------------------------------------------------------------


def test_new_game_dialog_fields_and_validation() -> None:
    c = controller("#g=gravity&v=1&o=decks=2,hidden&s=42")
    c.dialogs.new_game()
    d = c.view().dialog
    assert d is not None and d.kind == "newgame"
    fields = {f.name: f for f in d.fields}
    assert fields["decks"].kind == "select" and fields["decks"].value == "2" and fields["decks"].choices == ("1", "2", "3")
    assert fields["hidden"].value == "1" and fields["nomoonplanet"].value == "" and fields["seed"].kind == "text"
    c.dialogs.submit_new({"decks": "2", "missing": "ZZ", "hidden": "1", "seed": ""})
    d = c.view().dialog
    assert d is not None and "not a card code" in d.error
    c.dialogs.submit_new({"decks": "1", "missing": "", "hidden": "", "seed": "12x"})
    d = c.view().dialog
    assert d is not None and "seed" in d.error
    c.dialogs.submit_new({"decks": "3", "missing": "AS", "hidden": "", "nomoonplanet": "1", "seed": "77"})
    v = c.view()
    assert v.dialog is None and v.address == "#g=gravity&v=1&o=decks=3,missing=AS,nomoonplanet&s=77"
    assert c.storage.get(OPTIONS_PREFIX + "gravity") == "decks=3,missing=AS,nomoonplanet"


def test_rules_dialog_copy_link_and_notices() -> None:
    c = controller("#g=gyre&v=1&o=&s=5")
    c.dialogs.rules()
    d = c.view().dialog
    assert d is not None and d.kind == "rules" and "<h" in d.html
    c.dialogs.close()
    c.copy_link()
    assert c.effects().copy == "https://example.org/orbit/index.html#g=gyre&v=1&o=&s=5"
    assert c.effects().copy == ""  # asked once
    c.copied(False)
    assert c.view().notice is not None and c.view().notice.text.startswith("Copy this link: https://")  # type: ignore[union-attr]
    c.click("notice-close")
    assert c.view().notice is None


# -- the board is a function of the state ---------------------------------------------------------


@pytest.mark.parametrize("game_id, options, seed", [("gyre", "", 12345), ("gyre", "attrition", 4), ("gravity", "decks=2", 8)])
def test_same_state_same_board_by_play_undo_redo_reload_and_link(game_id: str, options: str, seed: int) -> None:
    data: dict[str, str] = {}
    c = controller(f"#g={game_id}&v=1&o={options}&s={seed}", data)
    assert c.session is not None
    for step in range(25):
        moves = c.session.legal_moves()
        if not moves:
            break
        c.play(moves[(step * 7) % len(moves)])
        seen = c.view()
        fresh = controller(seen.address).view()
        assert layout(fresh.board) == layout(seen.board)
        if step % 5 == 4:
            c.undo()
            c.redo()
            assert layout(c.view().board) == layout(seen.board)
            assert layout(controller("", dict(data)).view().board) == layout(seen.board)


def test_card_ids_follow_cards_when_a_twin_is_covered() -> None:
    """With two decks, moving one copy of a card never moves the element of its twin."""
    c = controller("#g=gravity&v=1&o=decks=2&s=8")
    assert c.session is not None
    for step in range(40):
        before = {(x.pile, x.index): (x.uid, x.code) for x in c.view().board.cards}  # type: ignore[union-attr]
        moves = c.session.legal_moves()
        if not moves:
            break
        c.play(moves[(step * 5) % len(moves)])
        after = {(x.pile, x.index): (x.uid, x.code) for x in c.view().board.cards}  # type: ignore[union-attr]
        for place, (uid, code) in after.items():
            if before.get(place, ("", ""))[1] == code:
                assert before[place][0] == uid  # a card that stayed keeps its element
        assert len({uid for uid, _ in after.values()}) == len(after)


def test_pile_at_finds_piles_and_the_nearest_target() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    c1 = next(p for p in board.piles if p.id == "c1")
    assert pile_at(board, c1.x + 0.5, c1.y + 0.5) == "c1"
    assert pile_at(board, c1.x + 1.05, c1.y + 0.5, {"c1"}) == "c1"
    assert pile_at(board, c1.x + 1.05, c1.y + 0.5, {"e5"}) is None


def test_first_game_options_are_for_the_first_game_only() -> None:
    c = controller()
    c.open_game("square")
    assert "&o=ends&" in c.view().address
    c.dialogs.new_game()
    d = c.view().dialog
    assert d is not None and next(f for f in d.fields if f.name == "ends").value == ""  # offered, not ticked
    c.dialogs.close()
    c.new_deal()
    assert "&o=&" in c.view().address
    c.home()
    c.storage.remove(SAVE_PREFIX + "square")
    c.open_game("square")
    assert "&o=&" in c.view().address


def test_a_tap_on_a_refused_pile_says_why_and_square_empty_cells_do_not_play_alone() -> None:
    c = controller("#g=square&v=1&o=&s=5")
    assert c.session is not None
    c.play(c.session.legal_moves()[len(c.session.legal_moves()) // 2])
    start = c.view().address
    table = c.tables.table_now()
    assert table is not None and not table.tap_empty_targets and table.refusals
    empty = next(p.id for p in table.piles if len(p.id) == 2 and not p.cards)
    c.tap(empty)  # nothing selected: an empty cell plays nothing by itself
    assert c.view().address == start
    refusal = table.refusals[0]
    c.tap(*refusal.source)
    assert c.hand.selected == refusal.source
    c.tap(refusal.target)
    v = c.view()
    assert v.notice is not None and v.notice.text == refusal.reason and v.address == start


# -- play feel (issue 12): what can move, why not, notices, numbers, the end -------------------

FEEL_LINKS = ["#g=gyre&s=42", "#g=gyre&o=attrition&s=4", "#g=gravity&s=42", "#g=square&s=5", "#g=zodiac&s=2024"]


def _walk(fragment: str, steps: int = 12) -> list[Controller]:
    """Controllers at a few positions of a game opened on ``fragment``."""
    c = controller(fragment)
    assert c.session is not None
    out = [c]
    for step in range(steps):
        moves = c.session.legal_moves()
        if not moves:
            break
        c = controller(c.view().address)
        assert c.session is not None
        c.play(moves[(step * 5) % len(moves)])
        out.append(controller(c.view().address))
    return out


@pytest.mark.parametrize("fragment", FEEL_LINKS)
def test_movable_marks_are_the_sources_of_the_legal_moves_and_a_setting(fragment: str) -> None:
    for c in _walk(fragment):
        assert c.settings.marks  # on for a first game
        table, v = c.tables.table_now(), c.view()
        assert table is not None and v.board is not None and c.session is not None
        marked = {(x.pile, x.index) for x in v.board.cards if "marked" in x.classes}
        assert marked == set(table.sources())
        # every source has a legal move, and every legal move is a gesture or a button of the table
        tokens = {g.token for g in table.gestures if g.pick is None}
        tokens |= {t for g in table.gestures if g.pick for _, t in g.pick.options}
        tokens |= {b.token for b in table.buttons if b.token} | {t for b in table.buttons if b.pick for _, t in b.pick.options}
        assert tokens == set(c.session.legal_moves())
        assert all(g.token in c.session.legal_moves() for g in table.gestures if g.source in marked and g.pick is None)
    c.change("set-" + MARKS, "", False)
    v = c.view()
    assert v.board is not None and not any("marked" in x.classes for x in v.board.cards)
    assert (MARKS, "Mark the cards that can move", False) in v.settings
    again = controller(fragment, {SETTINGS_KEY: c.storage.get(SETTINGS_KEY) or ""})
    assert not again.settings.marks  # the player's choice is kept


def test_pressing_a_card_with_no_move_lifts_it_and_says_so() -> None:
    c = controller("#g=gyre&s=42")
    table = c.tables.table_now()
    assert table is not None
    ring = next((p.id, 0) for p in table.piles if p.id.startswith("R") and p.cards and (p.id, 0) not in table.sources())
    c.tap(*ring)
    v = c.view()
    assert v.address == "#g=gyre&v=1&o=&s=42"  # nothing played
    assert v.notice is not None and v.notice.text.startswith("No move for this card")
    assert v.board is not None and [(x.pile, x.index) for x in v.board.cards if "nudge" in x.classes] == [ring]
    assert c.view() == v  # the view is the state's: asked again, the same
    assert c.fire("notice", v.notice.serial)  # the notice's time is up: the card settles with it
    again = c.view().board
    assert again is not None and not any("nudge" in x.classes for x in again.cards)
    # Gravity during a collapse choice says what to do instead
    g = controller("#g=gravity&s=42")
    g.play("c1c2")
    t = g.tables.table_now()
    assert t is not None
    other = next((p.id, 0) for p in t.piles if p.cards and (p.id, 0) not in t.sources() and p.id != "M")
    g.tap(*other)
    said = g.view().notice
    assert said is not None and said.text.startswith("No move for this card: choose a pile with an arrow")


@pytest.mark.parametrize("source, target, reason", [
    (("c1", 0), "e5", "Cell 5 of row 5 is not next to cell 3 of row 1: a pile moves onto one of the eight cells around it"),
    (("d1", 0), "e1", "A♣ on 2♣: one rank apart in the same suit goes only corner to corner (diagonal)"),
    (("c1", 0), "d2", "K♠ on 10♥: the ranks must be the same or one apart (K and A are one apart)"),
    (("c1", 0), "M", "Piles never go onto the MOON"),
])
def test_an_illegal_gravity_drop_says_why_in_the_rules_words(source: tuple[str, int], target: str, reason: str) -> None:
    c = controller("#g=gravity&s=42")
    c.drop(source, target)
    v = c.view()
    assert v.address == "#g=gravity&v=1&o=&s=42" and v.notice is not None and v.notice.text == reason
    assert not v.notice.error and v.notice.timeout > 0
    board = v.board
    assert board is not None and source in board.draggable  # the card can be picked up to be told why


def test_gravity_reasons_cover_both_directions() -> None:
    from pyapp.games.gravity.table import stack_reason
    assert "only side by side or above/below" in stack_reason("7H", "8S", False)  # red and black, diagonal
    assert "only corner to corner" in stack_reason("7H", "8H", True)  # same suit, straight
    assert "same suit (corner to corner) or red and black (side by side)" in stack_reason("7H", "8D", True)
    assert stack_reason("7H", "8S", True) == stack_reason("7H", "8H", False) == stack_reason("7H", "7C", False) == ""


def test_gyre_refusals_say_why_a_hand_card_may_not_go() -> None:
    c = controller("#g=gyre&s=42")  # no capture: rotate or replace
    table = c.tables.table_now()
    assert table is not None and table.refusals
    reasons = {r.reason for r in table.refusals}
    assert any("cannot replace" in r and "lower card of the same suit" in r for r in reasons)
    assert any(r.startswith("Hand cards are not discarded: Rotate discards") for r in reasons)
    r = table.refusals[0]
    c.drop(r.source, r.target)
    assert c.view().notice is not None and c.view().notice.text == r.reason  # type: ignore[union-attr]
    # no refusal names a move the table offers
    assert not {(x.source, x.target) for x in table.refusals} & {(g.source, g.target) for g in table.gestures}


def test_notices_dismiss_themselves_errors_stay_and_none_is_out_of_date() -> None:
    c = controller("#g=gyre&s=5")
    assert c.session is not None
    c.copy_link()
    c.view()
    c.copied(True)
    n = c.view().notice
    assert n is not None and n.text.startswith("Link copied") and n.timeout == NOTICE_SECONDS
    c.play(c.session.legal_moves()[0])
    assert c.view().notice is None  # the copied link named the old position
    c.copy_link()
    c.copied(False)
    n = c.view().notice
    assert n is not None and n.timeout == 0  # a link to copy by hand stays
    c.restart()
    n = c.view().notice
    assert n is not None and n.text.startswith("Restarted") and "Copy this link" not in n.text
    old = n.serial
    c.tap("R0", 0) if c.tables.table_now() and c.tables.table_now().pile("R0").cards else c.tap("D", 0)  # type: ignore[union-attr]
    newer = c.view().notice
    assert newer is not None and newer.serial != old
    assert not c.fire("notice", old)  # a late timer of the old notice
    assert c.view().notice == newer
    assert c.fire("notice", newer.serial)
    assert c.view().notice is None
    c.open_link("#g=gyre&v=1&o=&s=nope")
    err = c.view().notice
    assert err is not None and err.error and err.timeout == 0
    c.play(c.session.legal_moves()[0])
    assert c.view().notice == err  # an error stays until dismissed
    c.open_link("#g=gyre&v=1&o=&s=6")
    c.view()
    kept = controller("#g=gyre&v=1&o=&s=5")
    assert kept.session is not None
    kept.play(kept.session.legal_moves()[0])
    kept.open_link("#g=gyre&v=1&o=&s=6")
    n = kept.view().notice
    assert n is not None and n.action and n.timeout == NOTICE_ACTION_SECONDS


@pytest.mark.parametrize("options", ["", "attrition"])
def test_rotate_preview_names_the_card_the_rules_discard(options: str) -> None:
    session = Session.new(get_game("gyre"), 1, options)
    while not any(m.startswith("R") for m in session.legal_moves()):
        session = session.played(session.legal_moves()[-1])
    c = controller(session.link().fragment())
    v = c.view()
    rotate = next(b for b in v.buttons if b.id == "rotate")
    assert rotate.preview and rotate.enabled
    assert v.board is not None
    lit = [(x.pile, x.index, x.code) for x in v.board.cards if "preview" in x.classes]
    assert len(lit) == 1
    token = next(m for m in session.legal_moves() if m.startswith("R"))
    after = GYRE.apply(session.state, token)
    assert after.discards[len(session.state.discards)].code == lit[0][2]  # the rules discard that very card
    assert lit[0][2] in rotate.title or "slot" in rotate.title
    if options == "attrition":
        c.press("rotate")
        assert c.view().prompt.startswith("Rotate: choose a hand card to give up")


def test_ring_shows_its_clockwise_direction() -> None:
    table = controller("#g=gyre&s=42").tables.table_now()
    assert table is not None
    assert sum(d.kind.startswith("ring-arrow") for d in table.decor) == 6


def test_numbers_one_score_named_by_the_rules_badges_apart_deal_and_moves() -> None:
    names = {"gyre": "Points ", "gravity": "Piles left ", "square": "Cells ", "zodiac": "Foundations "}
    for fragment in FEEL_LINKS:
        for c in _walk(fragment, 6):
            v = c.view()
            assert c.session is not None and v.board is not None
            assert v.score.startswith(names[c.session.game.id])
            assert all(p.badge == "" or p.badge.startswith("×") for p in v.board.piles)  # never a bare number
            state = c.session.state  # Gravity counts its stacks and MOON plays, not its collapse choices
            n = state.stacks + state.m2p if c.session.game.id == "gravity" else len(c.session.moves)
            assert v.deal == f"Deal {c.session.seed} · {n} {'move' if n == 1 else 'moves'}"
    g = controller("#g=gravity&s=42").view()
    assert g.info == "the MOON’s 27 cards count as piles"


def test_fanned_piles_never_hide_a_rank() -> None:
    for fragment in FEEL_LINKS:
        for c in _walk(fragment, 8):
            for portrait in (False, True):
                c.layout.portrait = portrait
                table = c.tables.table_now()
                assert table is not None
                for p in table.piles:
                    if len(p.cards) > 1 and (p.dx or p.dy):
                        # the corner of a covered card ("10") is 0.4 of a card wide
                        assert abs(p.dx) >= 0.42 or abs(p.dy) >= 0.42, (fragment, p.id)


def test_end_screen_says_the_result_once_and_offers_the_next_steps() -> None:
    c = controller("#g=gyre&s=42")
    assert c.session is not None
    while c.session.score() == 0:
        c.play(c.session.legal_moves()[0])
    reached = c.session.score()
    c.resign()
    c.resign()
    d = c.view().dialog
    assert d is not None and d.kind == "summary" and d.title == "You gave up"
    assert d.big == f"Points {reached}" and reached > 0  # the score reached, not zero
    assert d.compare[0] == "This game and variant: 1 played" and d.replay  # the stats module compares; Watch replay
    c.summary_action("copy")
    v = c.view()
    assert v.dialog is None and c.effects().copy.endswith(c.session.short_link().fragment())
    # a finished game: the title says the result, no line says it again
    session = Session.new(get_game("square"), 3)
    while session.legal_moves():
        session = session.played(session.legal_moves()[0])
    session = session.undone()
    s = controller(session.link().fragment())
    assert s.session is not None
    s.play(s.session.legal_moves()[0])
    d = s.view().dialog
    assert d is not None and d.title.startswith(("You won", "Game over"))
    assert not any(line.startswith(("You won", "Game over")) for line in d.lines)
    # the hook the statistics fill, and Watch replay
    s.moves.summary_extras = lambda sess: ((f"Best {sess.score() + 1}", "Average 3"), True)
    s.undo()
    s.redo()
    d = s.view().dialog
    assert d is not None and d.compare[1] == "Average 3" and d.replay
    s.summary_action("replay")
    v = s.view()
    assert v.replay is not None and v.replay.index == 0 and v.replay.length == len(s.session.moves) and v.dialog is None


def test_a_win_is_celebrated_once() -> None:
    from pyapp.games.zodiac.rules import ZODIAC, greedy_move
    session = Session.new(ZODIAC, 1186)  # a deal the engine's greedy player wins
    while session.legal_moves():
        session = session.played(greedy_move(session.state))
    assert session.status() == "won"
    last = session.moves[-1]
    session = session.undone()
    c = controller(session.link().fragment())
    assert not c.effects().celebrate
    c.play(last)
    v = c.view()
    assert v.status == "won" and c.effects().celebrate and v.dialog is not None and v.dialog.title == "You won!"
    assert not c.effects().celebrate  # once
    assert not controller(v.address).effects().celebrate  # opening a won game is no new win


def test_tools_menu_opens_and_closes() -> None:
    c = controller("#g=gyre&s=42")
    assert not c.view().menu_open
    c.toggle_menu()
    assert c.view().menu_open
    c.change("set-" + INSTANT, "", False)
    assert c.view().menu_open  # a setting keeps the menu open
    c.tap("D", 0)
    assert not c.view().menu_open
    c.toggle_menu()
    c.copy_link()
    assert not c.view().menu_open


INTENT_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Escape", "h", "n", "?", "v", "r", "m", "s"]
INTENT_CLICKS = ["undo", "redo", "hint", "watch", "rp-forward", "rp-play", "rp-close", "more", "copy", "resign",
                 "notice-close", "deal-cancel", "stats-open", "stats-close", "help"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["#g=gravity&s=3", "#g=square&s=4", "#g=gyre&s=5", "#g=zodiac&s=6&m=S.S"]),
       st.lists(st.tuples(st.sampled_from(["tap", "drop", "key", "click", "fire", "play"]), st.integers(0, 10**6)),
                max_size=30))
def test_the_view_is_a_function_of_the_state_and_effects_come_once(fragment: str,
                                                                  intents: list[tuple[str, int]]) -> None:
    """Whatever the player did, the view asked twice is equal (frames, words, a link to copy
    and the focus to move are the effects', handed out once), and a fresh controller opened
    on the same link and the same keyboard focus draws the same board."""
    c = controller(fragment, instant=False)
    for kind, n in intents:
        view = c.view()
        board = view.board
        if kind == "tap" and board is not None and board.cards:
            card = board.cards[n % len(board.cards)]
            c.tap(card.pile, card.index)
        elif kind == "drop" and board is not None and board.draggable and board.piles:
            c.drop(board.draggable[n % len(board.draggable)], board.piles[n % len(board.piles)].id)
        elif kind == "key":
            c.key(INTENT_KEYS[n % len(INTENT_KEYS)], board=True)
        elif kind == "click":
            c.click(INTENT_CLICKS[n % len(INTENT_CLICKS)])
        elif kind == "fire" and view.timers:
            timer = view.timers[n % len(view.timers)]
            c.fire(timer.name, timer.ticket)
        elif kind == "play" and c.session is not None and c.session.legal_moves() and c.watching.replay is None:
            c.play(c.session.legal_moves()[n % len(c.session.legal_moves())])
        first, effects = c.view(), c.effects()
        assert c.view() == first and c.view() == first
        assert c.effects() == type(effects)()  # handed out once
    v = c.view()
    if v.screen == "game" and v.replay is None and v.dialog is None and c.hand.selected is None \
            and c.hand.picking is None and c.ui.hint is None and c.hand.nudge is None:
        again = controller(v.address, dict(c.storage.data), instant=False)  # type: ignore[attr-defined]
        again.focus.stop = c.focus.stop
        drawn = again.view().board
        assert drawn is not None and v.board is not None
        assert [(x.pile, x.index, x.code, x.classes) for x in drawn.cards] == \
            [(x.pile, x.index, x.code, x.classes) for x in v.board.cards]


def test_input_queued_before_python_was_ready_goes_through_the_same_intents() -> None:
    """static/boot.js keeps taps, drops, keys and clicks made on the kept board; each is played
    as live input would be, and anything malformed is ignored."""
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    unit = 50.0
    c1, c2 = (next(p for p in board.piles if p.id == i) for i in ("c1", "c2"))
    for junk in ({}, {"kind": "tap", "x": "?"}, {"kind": "drop", "x": 1, "y": 1}, {"kind": "key"}, {"kind": "warp"}):
        c.queued(junk, unit)
    assert c.view().address == "#g=gravity&v=1&o=&s=42" and c.dialog is None
    c.queued({"kind": "drop", "pile": "c1", "index": 0, "x": (c2.x + 0.5) * unit, "y": (c2.y + 0.5) * unit}, unit)
    assert c.view().address.endswith("m=c1c2")
    c.queued({"kind": "key", "key": "z", "ctrl": True}, unit)  # Ctrl+Z
    assert c.view().address == "#g=gravity&v=1&o=&s=42"
    c.queued({"kind": "tap", "pile": "c1", "index": 0, "x": (c1.x + 0.5) * unit, "y": (c1.y + 0.5) * unit}, unit)
    assert c.hand.selected == ("c1", 0) or c.view().address != "#g=gravity&v=1&o=&s=42"
    c.queued({"kind": "click", "id": "new"}, unit)
    assert c.dialog is not None and c.dialog.kind == "newgame"


def test_the_link_to_share_is_short_and_the_notice_never_prints_it_when_it_was_copied() -> None:
    c = controller("#g=zodiac&s=203")
    assert c.session is not None
    for _ in range(60):
        c.play(c.session.legal_moves()[0])
    c.copy_link()
    link = c.effects().copy
    assert "&k=60." in link and "&m=" not in link and len(link) < 120 < len(c.view().address)
    c.copied(True)
    assert c.notice is not None and c.notice.text == "Link copied." and "#" not in c.notice.text
    c.copied(True, shared=True)
    assert c.notice is not None and c.notice.text == "Link shared."
    c.copied(False)  # the clipboard refused: the link to copy by hand, short
    assert c.notice is not None and c.notice.text == "Copy this link: " + link
    friend = controller(link.split("index.html")[1])  # the friend opens it
    assert friend.session is not None and friend.session.moves == c.session.moves
    assert friend.view().address == c.view().address  # the address bar shows the moves written out
