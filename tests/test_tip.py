"""The tip that opens a player's first deals of each game: shown before a deal's
first move, gone at the first move, and never again once three games of that game are
counted; in the language in use."""

from __future__ import annotations

from pyapp.app.controller import Controller
from pyapp.games import entry
from pyapp.i18n import PSEUDO, use
from pyapp.app.screens import TIP_GAMES
from pyapp.core.storage import MemoryStorage


def test_the_tip_opens_the_first_deals_of_each_game_until_the_first_move() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=1")
    assert c.view().tip == entry("gyre").tip
    assert len(c.view().tip) == 3
    assert c.session is not None
    c.play(c.session.legal_moves()[0])
    assert c.view().tip == ()
    c.undo()  # back at the deal, moved in: the tip does not come back (it would hide what Redo brings)
    assert len(c.session.moves) == 0 and c.view().tip == ()
    c.click("restart")
    assert c.view().tip == ()
    reloaded = Controller(c.storage)  # nor after a reload: the deal has been played
    reloaded.start("#g=gyre&s=1")
    assert reloaded.view().tip == ()
    reloaded.start("#g=gyre&s=2")  # a new deal of the player's first games: it opens with the tip
    reloaded.click("notice-close")  # (once "Your game in progress was kept" is dismissed: it takes the tip's place)
    assert reloaded.view().tip == entry("gyre").tip


def test_a_notice_takes_the_tips_place_until_it_is_dismissed() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=square&s=6")
    assert c.view().tip == entry("square").tip
    c.asking.ask()  # Can I still win?: a search (its notice waits a few slices), then the verdict
    while c.view().notice is None:
        timer = next(t for t in c.view().timers if t.name == "solve")
        assert c.view().tip == entry("square").tip  # nothing else on the page yet
        c.fire("solve", timer.ticket)
    assert c.view().notice is not None and c.view().tip == ()
    c.click("notice-close")
    assert c.view().notice is None and c.view().tip == entry("square").tip


def test_after_three_games_of_a_game_its_tip_is_not_shown_again_but_another_games_is() -> None:
    storage = MemoryStorage()
    c = Controller(storage)
    for seed in range(1, TIP_GAMES + 1):
        c.start(f"#g=gyre&s={seed}")
        assert c.view().tip, seed
        assert c.session is not None
        c.play(c.session.legal_moves()[0])
        c.click("resign")
        c.click("resign")  # the second press confirms
    c.start("#g=gyre&s=99")
    assert c.view().tip == ()
    again = Controller(storage)  # a reload, or another tab: the statistics remember
    again.start("#g=gyre&s=100")
    assert again.view().tip == ()
    again.start("#g=zodiac&s=100")
    assert again.view().tip == entry("zodiac").tip


def test_closed_a_games_tip_stays_closed_in_the_page_and_another_games_still_opens() -> None:
    """Its close button (and, in the page, a tap anywhere on it): that game's tip goes, for its
    other deals too while the page is open; the statistics are not touched; another game's shows."""
    storage = MemoryStorage()
    c = Controller(storage)
    c.start("#g=gyre&s=1")
    assert c.view().tip and c.click("tip-close")
    assert c.view().tip == ()
    c.open_link("#g=gyre&s=2")
    assert c.view().tip == ()
    c.open_link("#g=zodiac&s=2")
    assert c.view().tip == entry("zodiac").tip
    assert c.stats.stats.results == {}
    again = Controller(storage)  # a reload: the first games are still the first games
    again.start("#g=gyre&s=3")
    again.click("notice-close")  # ("Your game in progress was kept": a notice takes the tip's place)
    assert again.view().tip == entry("gyre").tip


def test_the_tip_is_in_the_language_in_use() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=square&s=1")
    use(PSEUDO)
    try:
        lines = c.view().tip
    finally:
        use("en")
    assert lines and all(line.startswith("[") and line.endswith("]") for line in lines)
