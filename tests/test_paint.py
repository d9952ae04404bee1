"""What the binding writes to the page, worked out in CPython: the painter's ops for
every game are minimal (a view drawn again writes nothing), apply to a fake page to
the same result as a fresh page, and the buttons, controls and timers of the page
map to the controller's intents."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.screens import DISARM_SECONDS
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game
from pyapp.web.rehearsal import rehearsal
from pyapp.ui.paint import Make, Op, Painter, Put, Remove, unit_for
from pyapp.app.session import Session

DEALS = {"gyre": 12345, "gravity": 3, "square": 7, "zodiac": 2024}


class Page:
    """A page as the ops leave it: each element's writes, and which board elements exist."""

    def __init__(self) -> None:
        self.elements: dict[str, dict[str, str | None]] = {}
        self.board: list[str] = []

    def apply(self, ops: list[Op]) -> None:
        for op in ops:
            if isinstance(op, Make):
                assert op.element not in self.board, f"{op.element} made twice"
                self.board.append(op.element)
                self.elements[op.element] = {"attr:" + op.attribute: op.name}
            elif isinstance(op, Remove):
                key = op.element
                assert key in self.board or key.split(" ")[0] in self.board, f"{key} removed but never made"
                if key in self.board:
                    self.board.remove(key)
                del self.elements[key]
            else:
                assert isinstance(op, Put), op
                key = op.element
                assert not key.startswith(("p:", "c:")) or key.split(" ")[0] in self.board, f"{key} written before it was made"
                self.elements.setdefault(key, {})[op.what] = op.value


def cards(page: Page) -> list[tuple[Any, ...]]:
    """Each card as a player sees it: where it lies, its face, place and look (its uid aside)."""
    return sorted((e["attr:data-at"], e["attr:data-index"], e["attr:data-card"], e["style:left"], e["style:top"], e["class"])
                  for k, e in page.elements.items() if k.startswith("c:"))


def draw(painter: Painter, page: Page, c: Controller) -> list[Op]:
    view = c.view()
    assert view.board is not None
    ops = painter.page(view) + painter.board(view.board, 50.0)
    page.apply(ops)
    return ops


@pytest.mark.parametrize("game_id", sorted(DEALS))
def test_a_page_drawn_move_by_move_equals_a_fresh_page_and_a_view_drawn_again_writes_nothing(game_id: str) -> None:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start(f"#g={game_id}&v=1&o=&s={DEALS[game_id]}")
    session = Session.new(get_game(game_id), DEALS[game_id])
    painter, page = Painter(), Page()
    draw(painter, page, c)
    for turn in range(25):
        legal = session.legal_moves()
        if not legal:
            break
        token = legal[(turn * 7) % len(legal)]
        session = session.played(token)
        c.play(token)
        ops = draw(painter, page, c)
        board = c.view().board
        assert board is not None
        # only what changed: far fewer writes than drawing the whole board
        assert len(ops) < 15 * (len(board.cards) + len(board.piles)) / 2
        assert draw(painter, page, c) == []
        fresh_c = Controller(MemoryStorage(), reduced_motion=True)
        fresh_c.start(session.link().fragment())
        fresh_page = Page()
        draw(Painter(), fresh_page, fresh_c)
        assert cards(page) == cards(fresh_page)
        assert {k: v for k, v in page.elements.items() if k.startswith("p:")} == {
            k: v for k, v in fresh_page.elements.items() if k.startswith("p:")}


def test_a_card_under_the_pointer_is_written_back_where_its_view_says() -> None:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("#g=gravity&v=1&o=&s=42")
    painter, page = Painter(), Page()
    draw(painter, page, c)
    board = c.view().board
    assert board is not None
    card = next(x for x in board.cards if (x.pile, x.index) == ("c1", 0))
    c.pointer.lift(("c1", 0))
    draw(painter, page, c)
    assert "dragging" in str(page.elements["c:" + card.uid]["class"])
    page.apply(painter.moved("c:" + card.uid, 321.0, 123.0))
    assert page.elements["c:" + card.uid]["style:left"] == "321.0px"
    c.pointer.lift(None)  # let go nowhere: the card goes back
    draw(painter, page, c)
    assert page.elements["c:" + card.uid]["style:left"] == f"{card.x * 50:.1f}px"
    assert "dragging" not in str(page.elements["c:" + card.uid]["class"])


def test_lighting_piles_writes_attributes_of_their_parts_and_never_their_inside() -> None:
    """A pile's inside (overlay, label, note) is made once with the pile: a Square hand card
    picked up lights every empty cell with its price, which writes attributes, not HTML
    (new elements cost the browser a style pass each)."""
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("#g=square&v=1&o=&s=7")
    painter, page = Painter(), Page()
    made = draw(painter, page, c)
    piles = [op.element for op in made if isinstance(op, Make) and op.element.startswith("p:")]
    assert sorted(op.element for op in made if isinstance(op, Put) and op.element in piles and op.what == "html") == sorted(piles)
    c.tap("H", 0)
    lit = draw(painter, page, c)
    notes = {op.element: op.value for op in lit if isinstance(op, Put) and op.element.endswith(" .pile-note")}
    assert len(notes) > 10 and "free" in notes.values()
    assert [op for op in lit if isinstance(op, Put) and op.element in piles and op.what == "html"] == []


def test_a_pile_taken_away_takes_its_parts_with_it() -> None:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("#g=square&v=1&o=&s=7")
    painter, page = Painter(), Page()
    draw(painter, page, c)
    c.open_link("#g=gyre&v=1&o=&s=7")
    ops = draw(painter, page, c)
    gone = [op.element for op in ops if isinstance(op, Remove)]
    assert gone.index("p:A1 .pile-note") < gone.index("p:A1")
    assert not [k for k in page.elements if k.startswith("p:A1")]
    c.open_link("#g=square&v=1&o=&s=7")  # made again: its parts are new elements, written again
    ops = draw(painter, page, c)
    assert Put("p:A1 .pile-note", "attr:data-t", "A1") in ops


@pytest.mark.parametrize("game_id", sorted(DEALS))
def test_the_rehearsal_plays_a_move_on_a_twin_and_leaves_the_game_as_it_was(game_id: str) -> None:
    storage = MemoryStorage()
    c = Controller(storage, reduced_motion=True)
    c.start(f"#g={game_id}&v=1&o=&s={DEALS[game_id]}")
    before, saved = c.view(), dict(storage.data)
    views = list(rehearsal(c))
    assert len(views) == 6 and views[0].board == before.board
    lifted, played, undone = views[1:4]
    assert lifted.board is not None and any("lit" in p.classes for p in lifted.board.piles)
    assert played.address != before.address and undone.address == before.address
    painter, page = Painter(), Page()  # the binding draws them off the page with a painter of their own
    for view in views:
        assert view.board is not None
        page.apply(painter.page(view) + painter.board(view.board, 50.0))
    assert c.view() == before and storage.data == saved


def test_a_touch_held_on_rotate_previews_until_let_go_and_its_click_plays_nothing() -> None:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("#g=gyre&v=1&o=&s=42")
    painter, address = Painter(), c.view().address
    ticket, previewing = c.pointer.button_press(True, True)
    assert ticket and painter.previewing(previewing) == [Put("#game", "class:previewing", "")]
    assert c.pointer.button_held(ticket)  # held a while: the preview shows
    assert painter.previewing(True) == [Put("#game", "class:previewing", "1")]
    _, previewing = c.pointer.button_press(False, True)  # let go
    assert painter.previewing(previewing) == [Put("#game", "class:previewing", "")]
    assert c.pointer.swallowed("act-rotate") and c.view().address == address  # the click of that touch plays nothing
    assert not c.pointer.swallowed("act-rotate") and c.click("act-rotate") and c.view().address != address  # a tap rotates
    address = c.view().address
    held_briefly, _ = c.pointer.button_press(True, True)
    assert c.pointer.button_press(False, True) == (0, False)
    assert not c.pointer.button_held(held_briefly)  # let go before: no preview, and its click plays
    assert not c.pointer.swallowed("act-rotate") and c.click("act-rotate") and c.view().address != address
    assert c.pointer.button_press(True, False) == (0, False)  # a mouse, or a button that previews nothing: its hover shows it


def test_nothing_is_rehearsed_off_the_game_or_under_a_dialog() -> None:
    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("")
    assert c.screen == "start" and list(rehearsal(c)) == []
    c.open_link("#g=gyre&v=1&o=&s=7")
    c.click("help")
    assert c.dialog is not None and list(rehearsal(c)) == []


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["text", "class", "attr:x", "style:left", "hidden"]),
                          st.one_of(st.none(), st.sampled_from(["", "a", "b"]))), max_size=12))
def test_writes_are_only_the_changes_and_replaying_them_gives_the_last_values(pairs: list[tuple[str, Any]]) -> None:
    painter, page = Painter(), Page()
    last: dict[str, Any] = {}
    for what, value in pairs:
        ops = painter.writes("#e", ((what, value),))
        assert ops == ([] if last.get(what, 0) == value else [Put("#e", what, value)])
        page.apply(ops)
        last[what] = value
    assert page.elements.get("#e", {}) == last


def test_the_scale_fits_the_room_within_its_limits() -> None:
    assert unit_for(10, 5, 1000, 1000) == 100.0
    assert unit_for(10, 5, 1000, 100) == 24.0  # never smaller than 24 px a card
    assert unit_for(2, 1, 5000, 5000) == 130.0  # nor larger than 130


# -- the page's buttons and controls, and its timers ------------------------------------------------


def test_every_button_of_the_page_is_an_intent() -> None:
    c = Controller(MemoryStorage())
    c.start("")
    assert c.click("daily-gyre") and c.daily_day is not None and c.screen == "game"
    assert c.click("home") and c.view().screen == "start"
    assert c.click("tile-gravity") and c.session is not None and c.session.game.id == "gravity"
    assert c.click("new") and c.dialog is not None and c.dialog.kind == "newgame"
    assert c.click("deal-cancel") and c.dialog is None
    assert c.click("help") and c.dialog is not None and c.dialog.kind == "rules"
    assert c.click("stats-game") and c.dialog is not None and c.dialog.kind == "stats"
    assert c.click("stats-close") and c.dialog is None
    assert c.click("more") and c.ui.menu_open
    token = c.session.legal_moves()[0]
    c.play(token)
    assert c.click("undo") and not c.session.moves and c.click("redo") and c.session.moves == (token,)
    assert c.click("resign") and c.ui.resign_armed
    for unknown in ("", "board", "banner-close", "stats-export", "act-", "zzz"):
        before = (c.screen, c.dialog, c.session.moves)
        assert not c.click(unknown) or unknown == "act-"
        assert (c.screen, c.dialog, c.session.moves) == before


def test_every_control_of_the_page_is_an_intent() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=1")
    assert c.change("set-theme", "dark") and c.settings.theme == "dark"
    assert c.change("set-instant", "", True) and c.settings.instant
    assert c.change("set-instant", "", False) and not c.settings.instant
    assert not c.change("seed", "5") and not c.change("", "x")
    c.play(c.session.legal_moves()[0] if c.session else "")
    c.watch()
    assert c.change("rp-seek", "1") and c.watching.replay is not None and c.watching.replay.index == 1


def test_timers_say_when_a_notice_goes_give_up_disarms_and_a_replay_steps() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gravity&v=1&o=&s=42")
    c.drop(("c1", 0), "e5")  # refused: a notice that goes by itself
    notice = c.view().notice
    assert notice is not None and notice.timeout
    assert [(t.name, t.ticket) for t in c.view().timers] == [("notice", notice.serial)]
    assert not c.fire("notice", notice.serial - 1) and c.notice is not None  # a stale timer does nothing
    assert c.fire("notice", notice.serial) and c.notice is None and c.view().timers == ()
    c.resign()
    (disarm,) = c.view().timers
    assert disarm.name == "disarm" and disarm.seconds == DISARM_SECONDS
    c.cancel()  # cancelled meanwhile ...
    c.resign()  # ... and armed again: the first timer is stale
    assert not c.fire("disarm", disarm.ticket) and c.ui.resign_armed
    assert c.fire("disarm", disarm.ticket + 1) and not c.ui.resign_armed
    assert c.session is not None
    for _ in range(3):  # two moves: a stack and its collapse choice, a stack (a replay steps the player's moves)
        c.play(c.session.legal_moves()[0])
    c.watch()
    assert c.watching.replay is not None and c.watching.replay.length == 2
    assert c.view().timers == ()  # paused
    c.replay_control("play")
    (step,) = c.view().timers
    assert step.name == "replay" and step.seconds > 0
    assert c.fire("replay", step.ticket) and c.watching.replay is not None and c.watching.replay.index == 1
    assert not c.fire("replay", step.ticket)  # each step is fired once
    (nxt,) = c.view().timers
    assert nxt.ticket != step.ticket
