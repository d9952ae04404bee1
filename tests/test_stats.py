"""Statistics and the daily deal in CPython: counting (played once, abandoned and
given up not won), streaks, merge without double counting, the versioned record
and a corrupt one kept aside, import/export/reset through the controller, the
daily seed's goldens and its link, and the statistics dialog's contents."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.saves import SAVE_PREFIX
from pyapp.core.daily import daily_link, daily_seed
from pyapp.core.errors import StatsError
from pyapp.games import entry
from pyapp.core.links import Link
from pyapp.ui.markup import dialog_html
from pyapp.stats.summary import RECENT, Result, Stats
from pyapp.stats.keeper import CORRUPT_STATS_KEY, STATS_KEY

UTC = datetime.timezone.utc
DAY = datetime.date(2025, 6, 1)


class Clock:
    def __init__(self, when: datetime.datetime) -> None:
        self.when = when

    def __call__(self) -> datetime.datetime:
        self.when += datetime.timedelta(seconds=1)  # every stamp differs
        return self.when


def controller(fragment: str = "", data: dict[str, str] | None = None,
               when: datetime.datetime = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.stats.clock = Clock(when)
    c.start(fragment, "https://example.org/orbit/")
    return c


def move(c: Controller) -> None:
    assert c.session is not None
    c.play(c.session.legal_moves()[0])


def give_up(c: Controller) -> None:
    c.resign()
    c.resign()


def result(n: int, won: bool, game: str = "gyre", options: str = "", score: int = 10, daily: str = "",
           outcome: str = "") -> Result:
    ended = datetime.datetime(2025, 1, 1, tzinfo=UTC) + datetime.timedelta(hours=n)
    return Result(game, options, n, f"2025-01-01T00:00:{n:02d}.000Z", score, won,
                  ended.strftime("%Y-%m-%dT%H:%M:%SZ"), 5, outcome or ("won" if won else "lost"),  # type: ignore[arg-type]
                  daily)


# -- daily deal (its seeds: tests/test_daily.py) ---------------------------------------------


def test_open_daily_opens_todays_deal_keeps_the_game_and_resumes_it() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    c.open_daily("gyre", DAY)
    assert c.session is not None and c.session.seed == daily_seed("gyre", DAY) and not c.session.moves
    assert c.view().address == daily_link("gyre", DAY)
    ordinary = c.storage.get(SAVE_PREFIX + "gyre")
    assert ordinary is not None and "s=42&m=" in ordinary  # the game in progress keeps its own save
    move(c)
    c.home()
    c.open_daily("gyre", DAY)  # the same day: resumed, moves and all
    assert c.session.seed == daily_seed("gyre", DAY) and len(c.session.moves) == 1
    c.open_daily("gyre", DAY + datetime.timedelta(days=1))
    assert c.session.seed == daily_seed("gyre", DAY + datetime.timedelta(days=1))
    c.open_daily("nope", DAY)
    assert c.notice is not None and c.notice.error and c.session.game.id == "gyre"


def test_a_finished_daily_deal_makes_the_daily_streak() -> None:
    c = controller("", when=datetime.datetime(2025, 6, 1, 9, tzinfo=UTC))
    for i in range(3):
        day = DAY + datetime.timedelta(days=i)
        c.stats.clock = Clock(datetime.datetime.combine(day, datetime.time(9), UTC))
        c.open_daily("gyre", day)
        move(c)
        # play Gyre to its end by auto-playing the first legal move
        assert c.session is not None
        while c.session.status() == "playing":
            move(c)
    summary = c.stats.stats.summary(DAY + datetime.timedelta(days=2))
    assert (summary.daily_streak, summary.daily_longest) == (3, 3)
    assert all(r.daily for r in c.stats.stats.results.values())
    # a day missed: the current streak is gone, the longest stays
    assert c.stats.stats.summary(DAY + datetime.timedelta(days=4)).daily_streak == 0
    assert c.stats.stats.summary(DAY + datetime.timedelta(days=3)).daily_streak == 3  # today not played yet


# -- counting ---------------------------------------------------------------------------


def test_a_game_counts_once_its_first_move_is_made_and_once_only() -> None:
    c = controller("#g=gyre&s=42")
    c.new_deal()  # no move: not played
    assert c.stats.stats.results == {} and c.stats.stats.open == {}
    move(c)
    assert c.stats.stats.results == {} and len(c.stats.stats.open) == 1  # in progress, not counted yet
    give_up(c)
    (r,) = c.stats.stats.results.values()
    assert (r.outcome, r.won, r.moves, r.game, r.options) == ("resigned", False, 1, "gyre", "")
    assert r.date.startswith("2025-06-01") and r.seed == c.session.seed  # type: ignore[union-attr]
    c.undo()  # the give-up taken back, then given up again: still one game
    give_up(c)
    assert len(c.stats.stats.results) == 1
    c.new_deal()  # an ended game is not counted again when replaced
    assert len(c.stats.stats.results) == 1
    stored = Stats.loads(c.storage.get(STATS_KEY) or "")
    assert stored.results == c.stats.stats.results


def test_abandoned_for_a_new_deal_or_a_restart_counts_played_not_won() -> None:
    c = controller("#g=gravity&s=7")
    move(c)
    c.new_deal()
    move(c)
    c.restart()
    outcomes = sorted(r.outcome for r in c.stats.stats.results.values())
    assert outcomes == ["abandoned", "abandoned"]
    v = c.stats.stats.variant("gravity", "")
    assert (v.played, v.won, v.win_rate, v.best, v.average) == (2, 0, 0.0, None, None)
    assert all(n == 0 for _, n in v.bands)  # only games that ended are rated


def test_undo_after_a_restart_takes_the_abandon_back() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    c.restart()
    assert len(c.stats.stats.results) == 1
    c.undo()  # the game is back: in progress again, not counted
    assert c.stats.stats.results == {} and len(c.stats.stats.open) == 1
    give_up(c)
    assert [r.outcome for r in c.stats.stats.results.values()] == ["resigned"]


def test_gravity_bands_are_counted() -> None:
    gravity_band = entry("gravity").band
    assert [gravity_band(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 30)] == \
        ["1", "2–3", "2–3", "4–5", "4–5", "6–7", "6–7", "8+", "8+"]
    c = controller("#g=gravity&s=7")
    move(c)
    give_up(c)
    (r,) = c.stats.stats.results.values()
    assert r.band == gravity_band(r.score) and r.band
    v = c.stats.stats.variant("gravity", "")
    assert dict(v.bands)[r.band] == 1 and v.lower_better and v.best == r.score


def test_variants_are_apart_and_best_and_average_follow_the_game() -> None:
    s = Stats()
    for n, score in enumerate((10, 30, 20)):
        s.record(dataclasses.replace(result(n, False, score=score), outcome="finished"))
    s.record(result(9, True, options="jokers"))
    s.record(dataclasses.replace(result(3, False, game="gravity", score=4), outcome="finished"))
    s.record(dataclasses.replace(result(4, False, game="gravity", score=9), outcome="finished"))
    gyre, jokers = s.variant("gyre", ""), s.variant("gyre", "jokers")
    assert (gyre.played, gyre.best, gyre.average) == (3, 30, 20.0)
    assert (jokers.played, jokers.won, jokers.win_rate) == (1, 1, 1.0)
    assert s.variant("gravity", "").best == 4  # lower is better
    summary = s.summary(DAY, first="gravity")
    assert [(v.game, v.options) for v in summary.variants] == [("gravity", ""), ("gyre", ""), ("gyre", "jokers")]
    assert (summary.played, summary.won) == (6, 1)


def test_winning_streaks_and_the_last_results() -> None:
    s = Stats()
    wins = [True, True, False, True, True, True, False, True, True]
    for n, won in enumerate(wins):
        s.record(result(n, won))
    v = s.variant("gyre", "")
    assert (v.streak, v.longest, v.played, v.won) == (2, 3, 9, 7)
    for n in range(10, 40):
        s.record(result(n, False))
    v = s.variant("gyre", "")
    assert len(v.recent) == RECENT and v.recent[-1].seed == 39 and v.streak == 0
    assert [r.date for r in v.recent] == sorted(r.date for r in v.recent)


def test_daily_streak_counts_consecutive_days_finished() -> None:
    s = Stats()
    for n, (day, outcome) in enumerate((("2025-01-01", "won"), ("2025-01-02", "finished"), ("2025-01-04", "lost"),
                                         ("2025-01-05", "won"), ("2025-01-06", "resigned"))):
        s.record(result(n, outcome == "won", daily=day, outcome=outcome))
    assert s.daily_streaks(datetime.date(2025, 1, 5)) == (2, 2)  # given up on the 6th: not finished
    assert s.daily_streaks(datetime.date(2025, 1, 6)) == (2, 2)
    assert s.daily_streaks(datetime.date(2025, 1, 7)) == (0, 2)


# -- the record: versioned JSON, merge, validation -------------------------------------------


def test_merge_never_counts_a_game_twice() -> None:
    a, b = Stats(), Stats()
    for n in range(5):
        a.record(result(n, n % 2 == 0))
    for n in range(3, 8):
        b.record(result(n, n % 2 == 0))
    assert a.merge(b) == 3 and len(a.results) == 8
    assert a.merge(Stats.loads(b.dumps())) == 0 and len(a.results) == 8
    # the same deal played twice (another start stamp) is two games
    b.record(dataclasses.replace(result(1, True), started="later"))
    assert a.merge(b) == 1


@pytest.mark.parametrize("text, words", [
    ("not json", "not readable JSON"),
    ("[]", "not a Solitaire Orbit statistics file"),
    ('{"format": "solitaire-orbit-stats", "version": 2, "results": []}', "version 2"),
    ('{"format": "solitaire-orbit-stats", "version": 1}', "no list of results"),
    ('{"format": "solitaire-orbit-stats", "version": 1, "results": [3]}', "result 1 is not an object"),
    ('{"format": "solitaire-orbit-stats", "version": 1, "results": [{"game": "gyre"}]}', "outcome"),
])
def test_loads_refuses_bad_text_with_a_clear_message(text: str, words: str) -> None:
    with pytest.raises(StatsError, match=words):
        Stats.loads(text)
    assert issubclass(StatsError, ValueError)


def test_loads_checks_every_field() -> None:
    good = json.loads(Stats(dict([(result(1, True).key, result(1, True))])).dumps())
    assert Stats.loads(json.dumps(good)).results
    for name, bad in (("seed", "x"), ("seed", -1), ("score", True), ("won", "yes"), ("won", False),
                      ("date", "yesterday"), ("band", "9"), ("started", ""), ("outcome", "draw")):
        broken = json.loads(json.dumps(good))
        broken["results"][0][name] = bad
        with pytest.raises(StatsError, match="result 1"):
            Stats.loads(json.dumps(broken))


def test_a_band_must_be_one_of_its_own_game() -> None:
    """A result's band is read against its game's rating bands (its registry entry): one
    of Gravity's reads for Gravity, not for Gyre, which has none; a game without bands
    is stored without one, as before."""
    good = json.loads(Stats(dict([(result(1, True).key, result(1, True))])).dumps())
    assert good["results"][0]["band"] == ""
    for game, band, error in (("gravity", "2–3", ""), ("gyre", "2–3", "not a rating band of Gyre"),
                              ("gravity", "9", "not a rating band of Gravity"),
                              ("a game to come", "1", "not a rating band of a game to come")):
        data = json.loads(json.dumps(good))
        data["results"][0].update(game=game, band=band, link="")
        if error:
            with pytest.raises(StatsError, match=f"result 1: band .* is {error}"):
                Stats.loads(json.dumps(data))
        else:
            (r,) = Stats.loads(json.dumps(data)).results.values()
            assert (r.game, r.band) == (game, band)


# -- the controller: storage, import, export, reset, dialog -------------------------------------


def test_a_corrupt_record_is_kept_aside_and_reported() -> None:
    c = controller("#g=gyre&s=42", {STATS_KEY: "{broken"})
    assert c.storage.get(CORRUPT_STATS_KEY) == "{broken" and c.storage.get(STATS_KEY) is None
    assert c.notice is not None and c.notice.error and CORRUPT_STATS_KEY in c.notice.text
    move(c)
    give_up(c)
    assert len(Stats.loads(c.storage.get(STATS_KEY) or "").results) == 1
    assert c.storage.get(CORRUPT_STATS_KEY) == "{broken"  # never lost


def test_the_record_survives_a_reload_with_the_game_in_progress() -> None:
    data: dict[str, str] = {}
    c = controller("#g=gyre&s=42", data)
    move(c)
    c2 = controller("", data)  # the page is reloaded: the game resumes and is still in progress
    assert c2.session is not None and len(c2.session.moves) == 1 and len(c2.stats.stats.open) == 1
    give_up(c2)
    assert len(c2.stats.stats.results) == 1 and c2.stats.stats.open


def test_export_then_import_in_a_fresh_profile_and_again() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    text = c.dialogs.export_stats()
    assert json.loads(text)["version"] == 1 and "open" not in json.loads(text)
    fresh = controller("")
    fresh.dialogs.stats()
    shown = fresh.view().dialog
    assert shown is not None and shown.stats is not None and not shown.stats.variants
    assert fresh.dialogs.import_stats(text) == "Imported 1 game."
    shown = fresh.view().dialog  # the open dialog shows the record as it now is
    assert shown is not None and shown.stats is not None and [v.played for v in shown.stats.variants] == [1]
    assert fresh.dialogs.import_stats(text).startswith("Nothing new to import")
    assert fresh.stats.stats.results == c.stats.stats.results
    assert Stats.loads(fresh.storage.get(STATS_KEY) or "").results == c.stats.stats.results


def test_a_bad_import_loses_nothing() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    before, stored = dict(c.stats.stats.results), c.storage.get(STATS_KEY)
    message = c.dialogs.import_stats('{"format": "solitaire-orbit-stats", "version": 1, "results": [{"game": 1}]}')
    assert message.startswith("That file could not be imported:") and "as they were" in message
    assert c.notice is not None and c.notice.error
    assert c.stats.stats.results == before and c.storage.get(STATS_KEY) == stored


def test_reset_asks_twice() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    c.dialogs.stats()
    c.dialogs.reset_stats()
    d = c.view().dialog
    assert d is not None and d.kind == "stats" and d.armed and len(c.stats.stats.results) == 1
    assert "Sure? Press again to erase" in dialog_html(d)
    c.cancel()  # Escape disarms
    c.dialogs.stats()
    c.dialogs.reset_stats()
    c.dialogs.reset_stats()
    d = c.view().dialog
    assert d is not None and not d.armed and c.stats.stats.results == {} and d.stats is not None
    assert d.stats.played == 0 and Stats.loads(c.storage.get(STATS_KEY) or "").results == {}


def test_the_stats_dialog_shows_each_variant_and_a_chart() -> None:
    c = controller("#g=gravity&s=7")
    for _ in range(3):
        move(c)
        give_up(c)
        c.new_deal()
    c.open_link("#g=gyre&s=5")
    move(c)
    give_up(c)
    c.dialogs.stats()
    d = c.view().dialog
    assert d is not None and d.kind == "stats" and d.stats is not None
    assert [v.game for v in d.stats.variants] == ["gyre", "gravity"]  # the game on the table first
    gravity = d.stats.variants[1]
    assert (gravity.played, gravity.won, len(gravity.recent)) == (3, 0, 3)
    html = dialog_html(d)
    assert "<h2>Statistics</h2>" in html and "<h3>Gravity</h3>" in html and "<h3>Gyre</h3>" in html
    assert html.count("<svg") == 2 and html.count("<rect") == 4 and "Rating bands" in html
    for id_ in ("stats-export", "stats-import", "stats-file", "stats-reset", "stats-close"):
        assert f'id="{id_}"' in html
    assert c.view().screen == "game"
    c.home()
    c.dialogs.stats()
    assert c.view().dialog is not None and c.view().dialog.kind == "stats"  # type: ignore[union-attr]


def test_the_dialog_escapes_what_it_shows() -> None:
    s = Stats()
    s.record(dataclasses.replace(result(1, False), game="<b>", options="o=<i>"))
    c = controller("")
    c.stats.stats = s
    c.dialogs.stats()
    d = c.view().dialog
    assert d is not None
    html = dialog_html(d)
    assert "<b>" not in html and "&lt;b&gt;" in html and "<i>" not in html


def test_the_end_screen_compares_with_the_variant() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    d = c.view().dialog
    assert d is not None and d.kind == "summary" and d.compare[0] == "This game and variant: 1 played"
    assert SAVE_PREFIX + "gyre" in c.storage.data  # type: ignore[attr-defined]


# -- the record's newer fields: hints, time, links; comparisons and today's deal ------------------

from pyapp.app.replay import Replay  # noqa: E402
from pyapp.app.session import Session  # noqa: E402
from pyapp.games import get_game  # noqa: E402
from pyapp.stats.summary import (MAX_LINK, Comparison, DailyStatus)  # noqa: E402
from pyapp.stats.keeper import StatsKeeper  # noqa: E402
from pyapp.core.storage import MemoryStorage  # noqa: E402


Store = MemoryStorage


def keeper(when: datetime.datetime = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)) -> StatsKeeper:
    return StatsKeeper(Store(), Clock(when))


def finish(k: StatsKeeper, session: Session, elapsed_ms: int = 0) -> Session:
    """Play the first legal move to the end, telling the keeper as a controller does: the session ended."""
    game = session.game.id
    while session.status() == "playing":
        session = session.played(session.legal_moves()[0])
        k.moved(game, session)
    k.changed(game, session, elapsed_ms)
    return session


def test_hints_are_counted_before_and_after_the_first_move() -> None:
    k = keeper()
    s = Session.new(get_game("square"), 3)
    k.hinted("square", s)  # before the first move: not played yet, but remembered
    assert k.stats.open == {} and k.stats.results == {}
    s = s.played(s.legal_moves()[0])
    k.moved("square", s)
    k.hinted("square", s)
    k.hinted("square", s)
    (o,) = k.stats.open.values()
    assert o.hints == 3 and Stats.loads(k.storage.get(STATS_KEY) or "").open[("square", "", 3)].hints == 3
    s = finish(k, s)
    (r,) = k.stats.results.values()
    assert r.hints == 3 and k.stats.variant("square", "").hints == 3
    # an early hint for another deal is not carried over to this one
    other = Session.new(get_game("square"), 4)
    k.hinted("square", other)
    s2 = Session.new(get_game("square"), 5)
    s2 = s2.played(s2.legal_moves()[0])
    k.moved("square", s2)
    assert k.stats.open[("square", "", 5)].hints == 0


def test_a_result_keeps_its_link_and_time_and_replays_to_its_score() -> None:
    k = keeper()
    s = Session.new(get_game("gyre"), 8, "jokers")
    s = finish(k, s, elapsed_ms=95_000)
    (r,) = k.stats.results.values()
    assert r.elapsed_ms == 95_000 and r.link == s.link().fragment()
    replay = Replay.from_link(r.link, at_end=True)
    assert replay.problem is None and replay.score() == r.score and replay.length == r.moves
    # a game given up replays as given up
    g = Session.new(get_game("gravity"), 8)
    g = g.played(g.legal_moves()[0])
    k.moved("gravity", g)
    g = g.given_up()
    k.changed("gravity", g, 1_000)
    given_up = next(x for x in k.stats.results.values() if x.game == "gravity")
    assert given_up.link.endswith(".q") and Replay.from_link(given_up.link, at_end=True).status() == "finished"


def test_only_the_recent_and_the_best_results_keep_their_links() -> None:
    s = Stats()
    for n in range(RECENT + 10):
        score = 50 if n == 3 else n % 7
        s.record(dataclasses.replace(result(n, False, score=score, outcome="finished"),
                                     link=f"#g=gyre&v=1&o=&s={n}&m=R"))
    linked = {r.seed for r in s.results.values() if r.link}
    assert linked == {3} | set(range(10, RECENT + 10))
    v = s.variant("gyre", "")
    assert v.best_result is not None and v.best_result.seed == 3 and v.best_result.link
    assert all(r.link for r in v.recent)
    # the same after a round trip and after a merge into a fresh record
    assert {r.seed for r in Stats.loads(s.dumps()).results.values() if r.link} == linked
    fresh = Stats()
    fresh.merge(s)
    assert {r.seed for r in fresh.results.values() if r.link} == linked


def test_older_records_read_and_newer_fields_are_written_only_when_set() -> None:
    old = ('{"format":"solitaire-orbit-stats","version":1,"results":[{"game":"gyre","options":"","seed":1,'
           '"started":"t","score":5,"won":false,"date":"2025-01-01T00:00:00Z","moves":3,"outcome":"finished",'
           '"daily":"","band":""}],"open":[{"game":"gyre","options":"","seed":2,"started":"u","daily":""}]}')
    s = Stats.loads(old)
    (r,) = s.results.values()
    assert (r.hints, r.elapsed_ms, r.link) == (0, 0, "") and s.open[("gyre", "", 2)].hints == 0
    assert "hints" not in json.loads(s.dumps())["results"][0]
    full = dataclasses.replace(r, hints=2, elapsed_ms=7, link="#g=gyre&v=1&o=&s=1&m=R")
    s.record(full)
    assert Stats.loads(s.dumps()).results[r.key] == full


@pytest.mark.parametrize("field, bad, words", [
    ("hints", -1, "cannot be negative"),
    ("hints", "2", "hints should be a number"),
    ("elapsed_ms", 1.5, "elapsed_ms should be a number"),
    ("link", "#g=gyre&s=2", "another deal"),
    ("link", "#g=gyre&v=1&o=jokers&s=1", "another deal"),
    ("link", "not a link", "cannot be read"),
    ("link", "#g=gyre&s=1&m=" + "R." * MAX_LINK, "too long"),
])
def test_newer_fields_are_checked(field: str, bad: object, words: str) -> None:
    good = json.loads(Stats({result(1, True).key: result(1, True)}).dumps())
    good["results"][0][field] = bad
    with pytest.raises(StatsError, match=f"result 1: .*{words}"):
        Stats.loads(json.dumps(good))


def test_compare_a_score_with_the_variant() -> None:
    s = Stats()
    assert s.compare("gyre", "", 30) == Comparison(30, 0, None, None, True, 1, False)
    for n, score in enumerate((20, 40, 40, 10)):
        s.record(result(n, False, score=score, outcome="finished"))
    s.record(result(9, False, score=99, outcome="abandoned"))  # a position, not a result
    c = s.compare("gyre", "", 30)
    assert (c.played, c.best, c.average, c.new_best, c.rank) == (4, 40, 27.5, False, 3)
    assert s.compare("gyre", "", 40).rank == 1 and not s.compare("gyre", "", 40).new_best  # a tie is no new best
    assert s.compare("gyre", "", 41).new_best
    # the game itself, once counted, is left out by its identity
    top = result(7, False, score=50, outcome="finished")
    s.record(top)
    assert s.compare("gyre", "", 50, top.key).new_best and s.compare("gyre", "", 50).rank == 1
    # Gravity: lower is better
    for n, score in enumerate((6, 3)):
        s.record(result(20 + n, False, game="gravity", score=score, outcome="finished"))
    g = s.compare("gravity", "", 2)
    assert g.lower_better and g.new_best and g.best == 3 and s.compare("gravity", "", 7).rank == 3
    assert s.recent_scores("gyre", "") == (20, 40, 40, 10, 50)


def test_the_end_screen_says_a_new_best() -> None:
    k = keeper()
    first = Session.new(get_game("gyre"), 11)
    first = finish(k, first)
    assert "A new best score!" not in k.compare("gyre", first)  # nothing to beat yet
    for seed in range(12, 40):
        s = Session.new(get_game("gyre"), seed)
        s = finish(k, s)
        lines = k.compare("gyre", s)
        c = k.stats.compare("gyre", "", s.score(), next(r.key for r in k.stats.results.values() if r.seed == seed))
        assert ("A new best score!" in lines) == c.new_best
        if c.new_best:
            break
    else:
        pytest.fail("no new best in 28 games")


def test_fastest_win_and_the_best_result() -> None:
    s = Stats()
    s.record(dataclasses.replace(result(1, True, score=5), elapsed_ms=90_000))
    s.record(dataclasses.replace(result(2, True, score=5), elapsed_ms=60_000))
    s.record(dataclasses.replace(result(3, False, score=9, outcome="finished"), elapsed_ms=10_000))
    s.record(result(4, True, score=9))  # not timed
    v = s.variant("gyre", "")
    assert v.fastest_win_ms == 60_000 and v.best_result is not None and v.best_result.seed == 3  # first to reach 9
    assert Stats().variant("gyre", "").fastest_win_ms is None


def test_daily_status_of_todays_deal() -> None:
    day = datetime.date(2025, 6, 1)
    k = keeper(datetime.datetime(2025, 6, 1, 8, tzinfo=UTC))
    assert k.stats.daily_status("gyre", day) == DailyStatus("gyre", "2025-06-01", "unplayed")
    s = Session.from_link(daily_link("gyre", day))
    s = s.played(s.legal_moves()[0])
    k.moved("gyre", s)
    assert k.stats.daily_status("gyre", day).state == "playing"
    assert k.stats.daily_status("square", day).state == "unplayed"
    k.abandon("gyre", s)
    assert k.stats.daily_status("gyre", day).state == "abandoned"
    again = Session.from_link(daily_link("gyre", day))
    again = finish(k, again)
    status = k.stats.daily_status("gyre", day)
    assert status.state == "finished" and status.score == again.score()
    # a won try stays the day's status whatever follows
    s2 = Stats()
    s2.record(result(1, True, daily="2025-06-01", score=7))
    s2.record(result(2, False, daily="2025-06-01", outcome="resigned"))
    assert s2.daily_status("gyre", day) == DailyStatus("gyre", "2025-06-01", "won", 7)
    assert s2.daily_status("gyre", day + datetime.timedelta(days=1)).state == "unplayed"


def test_a_daily_deal_begun_before_midnight_utc_is_that_days() -> None:
    day = datetime.date(2025, 6, 1)
    k = keeper(datetime.datetime(2025, 6, 2, 0, 5, tzinfo=UTC))  # first move just after midnight
    s = Session.from_link(daily_link("zodiac", day))
    s = s.played(s.legal_moves()[0])
    k.moved("zodiac", s)
    assert k.stats.open[("zodiac", "", s.seed)].daily == "2025-06-01"
    plain = Session.new(get_game("zodiac"), daily_seed("zodiac", day), "")
    assert plain.seed == s.seed  # the same deal however it was opened
