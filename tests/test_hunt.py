"""New deal's "Winnable deals only" with a pre-solved pool (pyapp/app/hunt.py): the deal comes
at once from the pool, with no search notice, is one the player has not played, is searched in
slices for the record (its line learned); without a pool, with a corrupt one, or with none
that fits (a Gyre level above every pooled best), the hunt searches as before."""

from __future__ import annotations

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.core.pool import Pool, pool_name


def timer(c: Controller, name: str) -> int | None:
    return next((t.ticket for t in c.view().timers if t.name == name), None)


def run_hunt(c: Controller, most: int = 5000) -> None:
    for _ in range(most):
        ticket = timer(c, "hunt")
        if ticket is None:
            return
        c.fire("hunt", ticket)
    raise AssertionError("the hunt did not end")


def test_the_page_asks_for_the_pool_of_the_rules_played_once() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gravity&s=5")
    assert c.view().pool == "gravity.pool"
    c.hunter.pool_loaded("gravity.pool", None)  # could not be had: not asked again
    assert c.view().pool == ""
    c.start("#g=gyre&o=attrition,easy&s=5")
    assert c.view().pool == "gyre~attrition+easy.pool"
    c.start("#g=gyre&o=jokers,easy&s=5")  # rules with no pool
    assert c.view().pool == ""


def test_winnable_deals_only_deals_from_the_pool_at_once_and_the_record_learns_its_line() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=square&s=6")
    c.hunter.pool_loaded("square.pool", Pool("square", "", 1, 1, 3, "won", bytes([1, 0, 1])).encode())
    c.dialogs.new_game()
    c.dialogs.submit_new({"winnable": "1"})
    session = c.session
    assert session is not None and session.seed in (1, 3) and c.dialog is None
    assert c.notice is not None and c.notice.text == f"Deal {session.seed}: the solver has proved it can be won."
    run_hunt(c)  # its search, heard by no one
    known = c.can_win.known(session, session.states[0])
    assert known is not None and known.kind == "won" and known.line
    assert c.notice.text.startswith(f"Deal {session.seed}:")
    # a deal the player has played is not dealt again while another is left
    c.play(session.legal_moves()[0])
    c.dialogs.new_game()
    c.dialogs.submit_new({"winnable": "1"})
    assert c.session is not None and c.session.seed == 4 - session.seed


def test_a_gyre_level_deals_a_pooled_deal_that_reaches_it_else_the_search() -> None:
    c = Controller(MemoryStorage())
    c.start("#g=gyre&s=5")
    c.hunter.pool_loaded("gyre.pool", Pool("gyre", "", 1, 1, 4, "best", bytes([0, 40, 0, 0])).encode())
    c.dialogs.new_game()
    c.dialogs.submit_new({"level": "40"})
    assert c.session is not None and c.session.seed == 2
    assert c.notice is not None and c.notice.text == "Deal 2: the solver has proved its best score is 40."
    c.hunter.stop()
    c.dialogs.new_game()
    c.dialogs.submit_new({"level": "50"})  # above every pooled best: the hunt
    assert c.notice is not None and c.notice.text == "Looking for a deal whose best score reaches 50…"


def test_a_corrupt_or_wrong_pool_is_refused_and_the_hunt_searches() -> None:
    for data in (b"<!doctype html>", Pool("gravity", "", 1, 1, 3, "won", bytes([1, 1, 1])).encode()[:-2],
                 Pool("square", "", 1, 1, 3, "won", bytes([1, 1, 1])).encode()):  # another game's pool
        c = Controller(MemoryStorage())
        c.start("#g=gravity&s=5")
        c.hunter.pool_loaded(pool_name("gravity", ""), data)
        assert c.hunter.pools["gravity.pool"] is None and c.view().pool == ""
        c.dialogs.new_game()
        c.dialogs.submit_new({"winnable": "1"})
        assert c.notice is not None and c.notice.text == "Looking for a winnable deal…"
        assert c.session is not None and c.session.seed == 5


def test_todays_deal_after_the_cut_over_shows_its_par_on_the_end_screen_the_button_and_the_statistics() -> None:
    import datetime

    from html import escape

    from pyapp.core.daily import POOL_CUTOVER, daily_par, daily_seed
    from pyapp.stats.markup import stats_html

    day = POOL_CUTOVER + datetime.timedelta(days=1)
    c = Controller(MemoryStorage())
    c.stats.clock = lambda: datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.timezone.utc)
    c.start("")
    c.open_daily("gyre", day)
    par = daily_par("gyre", day)
    assert c.session is not None and c.session.seed == daily_seed("gyre", day) and par is not None and par.score
    while c.session.status() == "playing":  # played to its end
        c.play(c.session.legal_moves()[0])
    score = c.session.score()
    assert c.dialog is not None and c.dialog.kind == "summary"
    assert any(line.startswith(f"Today's par: {par.score}, the best score possible.") for line in c.dialog.compare)
    summary = c.stats.stats.summary(day)
    assert summary.pars == (("gyre", score, par.score),)
    assert escape(f"Today's deal of Gyre: {score}, par {par.score}.") in stats_html(summary)
    c.home()
    tile = next(t for t in c.view().tiles if t.id == "gyre")
    assert tile.daily == f"played: {score}, par {par.score}"
    c.open_daily("gravity", day)
    c.resign()
    c.resign()
    assert c.dialog is not None and "Today's par: a win (the solver has won this deal)." in c.dialog.compare
