"""Two tabs over one storage, and a storage that refuses to keep things: nothing a player
has is lost, and the player is told (pyapp/app/tabs.py, Saves.write, StatsKeeper.merge_stored,
SafeStorage)."""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.saves import OTHER_TAB_PREFIX, SAVE_PREFIX, read_save
from pyapp.app.session import Session
from pyapp.core.settings import FOUR_COLOUR, LARGE, SETTINGS_KEY
from pyapp.stats.summary import Stats
from pyapp.stats.keeper import STATS_KEY
from pyapp.core.storage import SafeStorage
from pyapp.app.tabs import KEPT_AGAIN, KEPT_OTHER, LOADED, NOT_KEPT, WENT_ON

BASE = "https://example.org/orbit/"
DEAL = "#g=gravity&s=777"


def tab(storage: Any, fragment: str = "") -> Controller:
    c = Controller(storage, reduced_motion=True)
    c.start(fragment, BASE)
    return c


def saved_moves(storage: Any, key: str = SAVE_PREFIX + "gravity") -> tuple[str, ...]:
    return Session.from_save(storage.get(key)).moves


def test_the_issue_case_a_move_in_a_stale_tab_keeps_the_other_tabs_game_and_says_so() -> None:
    shared = MemoryStorage()
    b = tab(shared, DEAL)  # tab B shows the deal at move 0
    a = tab(shared, DEAL + "&m=b3c4.b4")  # tab A goes on two moves
    assert a.session is not None and a.session.moves == ("b3c4", "b4")
    assert b.session is not None
    b.play(b.session.legal_moves()[0])  # back in tab B, one move
    mine = b.session.moves
    assert b.notice is not None and b.notice.text == KEPT_OTHER and b.notice.action == "Open it"
    assert saved_moves(shared) == mine  # a fresh tab resumes B's game ...
    assert saved_moves(shared, OTHER_TAB_PREFIX + "save.gravity") == ("b3c4", "b4")  # ... and A's is kept
    fresh = tab(shared)
    assert fresh.session is not None and fresh.session.moves == mine
    b.notice_action()  # Open it: A's game in tab B, B's own kept in its place
    assert b.session.moves == ("b3c4", "b4") and saved_moves(shared) == ("b3c4", "b4")
    assert saved_moves(shared, OTHER_TAB_PREFIX + "save.gravity") == mine
    assert b.notice is not None and b.notice.action == "Back to it"
    b.notice_action()
    assert b.session.moves == mine


def test_the_other_tabs_write_is_heard_and_loading_it_keeps_this_tabs_game() -> None:
    shared = MemoryStorage()
    b = tab(shared, DEAL)
    assert b.session is not None
    b.play(b.session.legal_moves()[0])
    mine = b.session.moves
    a = tab(shared)  # a second tab resumes B's game and goes on
    assert a.session is not None and a.session.moves == mine
    a.play(a.session.legal_moves()[0])
    assert not a.tabs.stored_elsewhere(SAVE_PREFIX + "gravity")  # its own write is not news to it
    assert b.tabs.stored_elsewhere(SAVE_PREFIX + "gravity")
    assert b.notice is not None and (b.notice.text, b.notice.action) == (WENT_ON, "Load it")
    b.notice_action()
    assert b.session.moves == a.session.moves and b.notice is not None and b.notice.text == LOADED
    assert saved_moves(shared, OTHER_TAB_PREFIX + "save.gravity") == mine
    assert not b.tabs.stored_elsewhere(SAVE_PREFIX + "gravity")  # nothing new since
    assert not b.tabs.stored_elsewhere("orbit.save.gyre")  # not the game on the table


def test_the_same_game_saved_again_with_only_its_time_is_no_conflict() -> None:
    shared = MemoryStorage()
    b = tab(shared, DEAL)
    a = tab(shared)
    a.tick(0); a.visibility(True, 5_000)  # tab A only saves the time played as it hides
    assert b.session is not None
    b.play(b.session.legal_moves()[0])
    assert b.notice is None or b.notice.text != KEPT_OTHER
    assert not shared.get(OTHER_TAB_PREFIX + "save.gravity")


def test_settings_follow_the_last_change_in_any_tab() -> None:
    shared = MemoryStorage()
    a, b = tab(shared, DEAL), tab(shared, DEAL)
    a.change("set-" + FOUR_COLOUR, "", checked=True)
    b.change("set-" + LARGE, "", checked=True)  # B never heard of A's change: it is kept anyway
    assert b.settings.four_colour and b.settings.large
    assert b.tabs.stored_elsewhere(SETTINGS_KEY) and b.settings.large
    assert a.tabs.stored_elsewhere(SETTINGS_KEY) and a.settings.large and a.settings.four_colour
    b.change("set-theme", "dark")
    a.tabs.stored_elsewhere(SETTINGS_KEY)
    assert a.settings.theme == "dark" and a.view().page_classes == b.view().page_classes


def finish(c: Controller) -> None:
    assert c.session is not None
    c.resign(); c.resign()  # Give up, armed then pressed: the game ends and is counted
    assert c.session.status() != "playing"


def test_statistics_count_each_game_once_whichever_tab_ends_it() -> None:
    shared = MemoryStorage()
    a, b = tab(shared, "#g=gyre&s=1"), tab(shared, "#g=gravity&s=2")
    for c in (a, b):
        assert c.session is not None
        c.play(c.session.legal_moves()[0])
    finish(a)
    finish(b)  # B's record never held A's game: it is merged, not overwritten
    results = Stats.loads(shared.get(STATS_KEY) or "").results
    assert sorted(r.game for r in results.values()) == ["gravity", "gyre"]
    assert b.tabs.stored_elsewhere(STATS_KEY) is False  # B wrote last: nothing new for it
    assert a.tabs.stored_elsewhere(STATS_KEY) and len(a.stats.stats.results) == 2
    for c in (a, b, a):  # more writes count nothing twice
        c.stats.save()
    assert len(Stats.loads(shared.get(STATS_KEY) or "").results) == 2


def test_a_reset_in_one_tab_is_not_undone_by_another() -> None:
    shared = MemoryStorage()
    a = tab(shared, "#g=gyre&s=1")
    assert a.session is not None
    a.play(a.session.legal_moves()[0]); finish(a)
    b = tab(shared, "#g=gravity&s=2")
    assert len(b.stats.stats.results) == 1
    a.dialogs.reset_stats(); a.dialogs.reset_stats()
    assert b.session is not None
    b.play(b.session.legal_moves()[0]); finish(b)  # B still held A's game in memory
    results = Stats.loads(shared.get(STATS_KEY) or "").results
    assert [r.game for r in results.values()] == ["gravity"]


class Quota:
    """A ``localStorage`` whose quota can fill up (then every write throws)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full and key != "orbit.probe":
            raise OSError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def test_a_full_storage_is_said_once_the_link_is_offered_and_what_was_refused_is_written_later() -> None:
    backend = Quota()
    c = tab(SafeStorage(backend), DEAL)
    assert c.session is not None and c.notice is None
    backend.full = True
    c.play(c.session.legal_moves()[0])
    assert c.notice is not None and (c.notice.text, c.notice.action, c.notice.error) == (NOT_KEPT, "Copy link", True)
    c.click("notice-close")
    c.play(c.session.legal_moves()[0])
    c.change("set-" + LARGE, "", checked=True)
    assert c.notice is None  # said once
    assert Session.from_save(backend.items[SAVE_PREFIX + "gravity"]).moves == ()  # refused: still the old one
    assert Session.from_save(c.storage.get(SAVE_PREFIX + "gravity") or "").moves == c.session.moves  # in memory
    c.say("x"); c.notice_action()  # (a notice without action does nothing)
    assert c.ui.unkept; c.say(NOT_KEPT, ("Copy link", "copy")); c.notice_action()
    assert c.effects().copy == BASE + c.session.short_link().fragment()
    backend.full = False
    c.play(c.session.legal_moves()[0])
    assert c.notice is not None and c.notice.text == KEPT_AGAIN and not c.ui.unkept
    assert Session.from_save(backend.items[SAVE_PREFIX + "gravity"]).moves == c.session.moves
    assert "large" in backend.items[SETTINGS_KEY] and STATS_KEY in backend.items  # retried, not dropped


def test_no_storage_at_all_is_said_when_a_game_is_on_the_table() -> None:
    class Refused:
        def getItem(self, key: str) -> str: raise OSError("denied")
        def setItem(self, key: str, value: str) -> None: raise OSError("denied")
        def removeItem(self, key: str) -> None: raise OSError("denied")

    c = tab(SafeStorage(Refused()), DEAL)
    assert c.notice is not None and c.notice.text == NOT_KEPT
    assert c.session is not None
    c.play(c.session.legal_moves()[0])  # the game goes on from memory
    assert c.session.moves and tab(c.storage).session is not None


class Tab(MemoryStorage):
    """One tab's side of a shared storage, which remembers the game this tab last saved."""

    def __init__(self, shared: MemoryStorage) -> None:
        super().__init__(shared.data)
        self.last: str | None = None

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        if key == SAVE_PREFIX + "gravity":
            self.last = value

#: The steps a tab's player takes in the property tests below (:func:`play_step`).
PLAYS = ("move", "undo", "hear", "act")


def play_step(c: Controller, what: str, which: int) -> None:
    """A move (the ``which``-th legal one, while the game is on), Undo, news of the other tab's
    save, or the notice's action where there is one."""
    assert c.session is not None
    if what == "move" and c.session.status() == "playing" and (legal := c.session.legal_moves()):
        c.play(legal[which % len(legal)])
    elif what == "undo":
        c.undo()
    elif what == "hear":
        c.tabs.stored_elsewhere(SAVE_PREFIX + "gravity")
    elif what == "act" and c.notice is not None and c.notice.action:
        c.notice_action()



@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(["move", "undo", "hear", "act", "reload"]),
                          st.integers(0, 5)), max_size=14))
def test_two_tabs_never_lose_the_game_either_one_last_saved(steps: list[tuple[str, str, int]]) -> None:
    """Whatever two tabs do to one deal, in any order (moves, undos, hearing the other tab,
    the notices' actions, a reload), the game each last saved can still be opened: it is
    in the slot or kept beside it, or a game kept there went on from it (or undid back
    through it, its moves waiting on Redo), or the other tab, holding that very game, went
    on from it in another way (the player's own choice, there)."""
    shared = MemoryStorage()
    stores = {"a": Tab(shared), "b": Tab(shared)}
    tabs = {name: tab(store, DEAL) for name, store in stores.items()}
    def line(text: str | None) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        return None if not text else (Session.from_save(text).moves, Session.from_save(text).redo_moves)

    for name, what, which in steps:
        c = tabs[name]
        assert c.session is not None
        knew, wrote = line(c.saves.known.get(SAVE_PREFIX + "gravity")), stores[name].last
        if what in PLAYS:
            play_step(c, what, which)
        elif what == "reload":
            tabs[name] = tab(stores[name])
        other = stores["b" if name == "a" else "a"]
        if stores[name].last is not wrote and other.last is not None and line(other.last) == knew:
            other.last = None  # this tab went on from the other tab's very game, as its player chose
        kept = [Session.from_save(text) for key in (SAVE_PREFIX, OTHER_TAB_PREFIX + "save.")
                if (text := shared.get(key + "gravity"))]
        lines = [(*k.moves, *k.redo_moves) for k in kept]  # a game and the moves waiting on its Redo
        for store in stores.values():
            mine = Session.from_save(store.last).moves if store.last else ()
            assert any(line[:len(mine)] == mine for line in lines), (mine, lines)


def reload(c: Controller, own: MemoryStorage, now: float, meanwhile: Callable[[], object] = lambda: None) -> Controller:
    """The page of ``c`` reloaded: it hides (and saves), and starts again on its own address
    with its own tab's storage (``sessionStorage``), on a clock that starts again; ``meanwhile``
    is what the other tab does between the two."""
    c.visibility(True, now)
    meanwhile()
    again = Controller(c.storage, reduced_motion=True, tab_storage=own)
    again.tick(0)
    again.start(c.view().address, BASE)
    return again


def two_tabs(later_ms: int) -> tuple[MemoryStorage, MemoryStorage, MemoryStorage, Controller, Controller]:
    """Two tabs of one game: the first opens the deal and moves, the second opens the page
    ``later_ms`` after and resumes that game (the shared storage, each tab's own, the tabs)."""
    shared, own_a, own_b = MemoryStorage(), MemoryStorage(), MemoryStorage()
    a = Controller(shared, reduced_motion=True, tab_storage=own_a)
    a.tick(0); a.start(DEAL, BASE)
    assert a.session is not None
    a.play(a.session.legal_moves()[0])
    b = Controller(shared, reduced_motion=True, tab_storage=own_b)
    b.tick(later_ms); b.start("", BASE)
    return shared, own_a, own_b, a, b


def test_two_tabs_both_played_then_reloaded_each_keep_their_time() -> None:
    """The issue's case: the second tab's clock fell from 0:16 to 0:01 on a reload, its moves
    kept. Its game's link no longer matched the shared save (the first tab had written its own
    game there since), so it opened as a link's game with a new clock, and its time, never
    saved since its last move, was nowhere: each tab now keeps its own game with its time."""
    shared, own_a, own_b, a, b = two_tabs(1_000)  # a second tab resumes the game ...
    assert a.session is not None and b.session is not None and b.session.moves == a.session.moves
    b.play(b.session.legal_moves()[0])  # ... and goes on its own way, and so does the first
    a.tick(2_000); a.play(a.session.legal_moves()[1])
    assert (a.tick(10_000), b.tick(17_000)) == ("0:10", "0:16")
    b_moves, a_moves = b.session.moves, a.session.moves
    b = reload(b, own_b, 17_500)
    assert b.session is not None and b.session.moves == b_moves and b.tick(0) == "0:16"
    a = reload(a, own_a, 11_000)
    assert a.session is not None and a.session.moves == a_moves and a.tick(0) == "0:11"
    fresh = tab(shared)  # a new tab resumes the game saved last, with its time
    assert fresh.session is not None and fresh.session.moves == a_moves and fresh.tick(0) == "0:11"


def test_a_reload_takes_the_tabs_own_time_over_the_same_game_saved_by_another_tab() -> None:
    """Both tabs at the same moves: the slot holds the time of whichever saved last, here the
    other tab's, which hid while this one reloaded; the reload takes this tab's own time."""
    shared, own_a, own_b, a, b = two_tabs(0)
    assert a.tick(30_000) == "0:30" and b.tick(5_000) == "0:05"
    def b_hides() -> None:
        b.visibility(True, 5_000)
        assert read_save(shared.get(SAVE_PREFIX + "gravity") or "").clock.elapsed_ms == 5_000

    assert reload(a, own_a, 30_000, meanwhile=b_hides).tick(0) == "0:30"
    assert reload(b, own_b, 5_000).tick(0) == "0:05"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from(["move", "undo", "hear", "act", "reload", "hide"]),
                          st.integers(0, 5), st.integers(0, 20_000)), max_size=14))
def test_a_tabs_clock_never_falls_back_on_a_reload(steps: list[tuple[str, str, int, int]]) -> None:
    """Whatever two tabs do to one deal, in any order, a reload shows the tab's own game
    (moves and redo moves) with at least the time it showed before."""
    shared = MemoryStorage()
    own = {"a": MemoryStorage(), "b": MemoryStorage()}
    tabs = {name: Controller(shared, reduced_motion=True, tab_storage=own[name]) for name in own}
    for c in tabs.values():
        c.tick(0); c.start(DEAL, BASE)
    now = 0
    for name, what, which, wait in steps:
        now += wait
        c = tabs[name]
        c.tick(now)
        assert c.session is not None
        if what in PLAYS:
            play_step(c, what, which)
        elif what == "hide":
            c.visibility(True, now)
            c.visibility(False, now)
        elif what == "reload":
            shown, game = c.elapsed(), (c.session.moves, c.session.redo_moves)
            tabs[name] = again = reload(c, own[name], now)
            assert again.session is not None and (again.session.moves, again.session.redo_moves) == game
            assert again.elapsed() >= shown, (shown, again.elapsed())
