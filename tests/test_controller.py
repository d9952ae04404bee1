"""The app controller in CPython, with a dict for storage and no DOM: links,
resuming, corrupted saves, taps and drags, undo/redo/restart/give-up, auto-moves,
settings, dialogs, and the board as a function of the state."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.controller import (
    CORRUPT_PREFIX,
    CURRENT_KEY,
    INSTANT,
    OPTIONS_PREFIX,
    PREVIOUS_PREFIX,
    SAVE_PREFIX,
    SETTINGS_KEY,
    Board,
    Controller,
    MemoryStorage,
    View,
    pile_at,
)
from pyapp.games import get_game
from pyapp.session import Session


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
    assert [t.id for t in v.tiles] == ["gravity", "square", "gyre", "zodiac"]
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


def test_malformed_link_on_a_fresh_page_gives_a_playable_game() -> None:
    c = controller("#g=zzz&v=1")
    v = c.view()
    assert playable(v) and v.notice is not None and "could not be opened" in v.notice.text


def test_link_with_an_illegal_move_opens_up_to_the_move_before() -> None:
    good = Session.new(get_game("gyre"), 12345)
    first = good.legal_moves()[0]
    c = controller(f"#g=gyre&v=1&o=&s=12345&m={first}.P9")
    v = c.view()
    assert v.address == f"#g=gyre&v=1&o=&s=12345&m={first}"
    assert v.notice is not None and "move 2 of the link (P9)" in v.notice.text


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
    # and the linked deal is now the one kept aside
    c.open_link("#g=gyre&v=1&o=&s=7")
    c.notice_action()
    assert c.view().address == mine


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
    assert c.table_now() is not None and c.table_now().pile("R2").cards == ("7C",)  # type: ignore[union-attr]
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
    places = [m for m in session.legal_moves() if m.startswith("P")]
    assert len(places) == 2
    c.tap("R" + places[1][1])
    assert c.view().address.endswith("." + places[1])


def test_a_card_with_a_single_move_plays_on_a_tap_and_selection_toggles() -> None:
    def both(seed: int) -> bool:
        t = controller(f"#g=gyre&s={seed}").table_now()
        assert t is not None
        return any(g.tap for g in t.gestures) and any(
            not any(g.tap for g in t.gestures if g.source == s) for s in t.sources())

    seed = next(s for s in range(1, 200) if both(s))
    c = controller(f"#g=gyre&s={seed}")
    table = c.table_now()
    assert table is not None
    tap = next(g for g in table.gestures if g.tap)
    assert tap.source is not None
    c.tap(*tap.source)
    assert c.view().address.endswith("m=" + tap.token)
    c.undo()
    multi = next(s for s in table.sources() if not any(g.tap for g in table.gestures if g.source == s))
    c.tap(*multi)
    assert c.selected == multi
    c.tap(*multi)
    assert c.selected is None


def test_drop_plays_on_a_target_and_nothing_elsewhere() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    c.drop(("c1", 0), "e5")  # not a neighbour
    assert c.view().address == "#g=gravity&v=1&o=&s=42"
    c.drop(("c1", 0), None)
    assert c.view().address == "#g=gravity&v=1&o=&s=42"
    c.drop(("c1", 0), "c2")
    assert c.view().address == "#g=gravity&v=1&o=&s=42&m=c1c2"


def test_attrition_rotation_asks_for_a_hand_card_and_a_stray_tap_cancels() -> None:
    session = Session.new(get_game("gyre"), 1, "attrition")
    while not any(m.startswith("R") for m in session.legal_moves()):
        session.play(session.legal_moves()[-1])
    c = controller(session.link().fragment())
    c.press("rotate")
    v = c.view()
    assert v.prompt == "Choose the hand card to give up"
    assert next(b for b in v.buttons if b.id == "rotate").label == "Cancel"
    assert v.board is not None and {x.index for x in v.board.cards if "choice" in x.classes} == set(range(len(session.state.hand)))
    c.tap("X")  # a stray tap gives nothing up
    assert c.picking is None and c.view().address == session.link().fragment()
    c.press("rotate")
    c.tap("H", 0)
    token = next(m for m in session.legal_moves() if m.startswith("R") and m[1:3] == session.state.hand[0].code)
    assert c.view().address.endswith("." + token)


def test_escape_clears_a_selection() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    c.tap("c1", 0)
    assert c.selected == ("c1", 0)
    assert c.key("Escape") and c.selected is None
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
    c.disarm()
    assert not c.view().resign_armed
    c.resign()
    c.resign()
    v = c.view()
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
        session.play(moves[-1])
    session.undo()
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
    c.set_setting("autocollapse", True)
    c.play("c1c2")  # this stack leaves a collapse choice
    v = c.view()
    assert v.auto and c.auto_token() == "b1"
    c.auto()
    assert c.view().address.endswith("c1c2.b1") and not c.view().auto
    assert json.loads(c.storage.get(SETTINGS_KEY) or "[]") == sorted({"autocollapse", INSTANT})
    assert ("autocollapse", "Resolve collapse choices automatically (lowest cell)", True) in v.settings


def test_animation_frames_unless_instant() -> None:
    c = controller("#g=gravity&v=1&o=&s=42", instant=False)
    c.play("e2e3")
    frames = c.view().frames
    assert len(frames) == len(get_game("gravity").steps(get_game("gravity").deal(42, get_game("gravity").parse_options("")), "e2e3")) - 1
    assert all(f.sources == () for f in frames)
    assert c.view().frames == ()  # handed out once
    c.set_setting(INSTANT, True)
    c.undo()
    c.play("e2e3")
    assert c.view().frames == ()


# -- dialogs ---------------------------------------------------------------------------------


def test_new_game_dialog_fields_and_validation() -> None:
    c = controller("#g=gravity&v=1&o=decks=2,hidden&s=42")
    c.open_new_dialog()
    d = c.view().dialog
    assert d is not None and d.kind == "newgame"
    fields = {f.name: f for f in d.fields}
    assert fields["decks"].kind == "select" and fields["decks"].value == "2" and fields["decks"].choices == ("1", "2", "3")
    assert fields["hidden"].value == "1" and fields["nomoonplanet"].value == "" and fields["seed"].kind == "text"
    c.submit_new({"decks": "2", "missing": "ZZ", "hidden": "1", "seed": ""})
    d = c.view().dialog
    assert d is not None and "not a card code" in d.error
    c.submit_new({"decks": "1", "missing": "", "hidden": "", "seed": "12x"})
    d = c.view().dialog
    assert d is not None and "seed" in d.error
    c.submit_new({"decks": "3", "missing": "AS", "hidden": "", "nomoonplanet": "1", "seed": "77"})
    v = c.view()
    assert v.dialog is None and v.address == "#g=gravity&v=1&o=decks=3,missing=AS,nomoonplanet&s=77"
    assert c.storage.get(OPTIONS_PREFIX + "gravity") == "decks=3,missing=AS,nomoonplanet"


def test_rules_dialog_copy_link_and_notices() -> None:
    c = controller("#g=gyre&v=1&o=&s=5")
    c.show_rules()
    d = c.view().dialog
    assert d is not None and d.kind == "rules" and "<h" in d.html
    c.close_dialog()
    c.copy_link()
    v = c.view()
    assert v.copy == "https://example.org/orbit/index.html#g=gyre&v=1&o=&s=5"
    assert c.view().copy == ""  # asked once
    c.copied(False)
    assert c.view().notice is not None and c.view().notice.text.startswith("Copy this link: https://")  # type: ignore[union-attr]
    c.dismiss_notice()
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
    c.open_new_dialog()
    d = c.view().dialog
    assert d is not None and next(f for f in d.fields if f.name == "ends").value == ""  # offered, not ticked
    c.close_dialog()
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
    table = c.table_now()
    assert table is not None and not table.tap_empty_targets and table.refusals
    empty = next(p.id for p in table.piles if len(p.id) == 2 and not p.cards)
    c.tap(empty)  # nothing selected: an empty cell plays nothing by itself
    assert c.view().address == start
    refusal = table.refusals[0]
    c.tap(*refusal.source)
    assert c.selected == refusal.source
    c.tap(refusal.target)
    v = c.view()
    assert v.notice is not None and v.notice.text == refusal.reason and v.address == start
