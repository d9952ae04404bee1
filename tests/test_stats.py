"""Statistics and the daily deal in CPython: counting (played once, abandoned and
given up not won), streaks, merge without double counting, the versioned record
and a corrupt one kept aside, import/export/reset through the controller, the
daily seed's goldens and its link, and the statistics dialog's contents."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest

from pyapp.controller import SAVE_PREFIX, Controller, MemoryStorage
from pyapp.daily import daily_link, daily_seed
from pyapp.errors import StatsError
from pyapp.links import Link
from pyapp.markup import dialog_html
from pyapp.stats import CORRUPT_STATS_KEY, RECENT, STATS_KEY, Result, Stats, gravity_band

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


# -- daily deal ------------------------------------------------------------------------

GOLDEN = {
    datetime.date(2025, 1, 1): {"gravity": 12722333, "square": 496178810, "gyre": 205198065, "zodiac": 625202742},
    datetime.date(2026, 2, 28): {"gravity": 681426415, "square": 705209087, "gyre": 954325025, "zodiac": 153550547},
    datetime.date(2030, 12, 31): {"gravity": 296889670, "square": 837992394, "gyre": 860467236, "zodiac": 483826253},
}


@pytest.mark.parametrize("date", sorted(GOLDEN))
def test_daily_seeds_never_change(date: datetime.date) -> None:
    assert {g: daily_seed(g, date) for g in GOLDEN[date]} == GOLDEN[date]


def test_daily_seeds_differ_by_day_and_by_game() -> None:
    games = ("gravity", "square", "gyre", "zodiac")
    start = datetime.date(2025, 1, 1)
    for i in range(400):
        d = start + datetime.timedelta(days=i)
        seeds = [daily_seed(g, d) for g in games]
        assert len(set(seeds)) == 4
        for g in games:
            assert daily_seed(g, d) != daily_seed(g, d + datetime.timedelta(days=1))
            assert 0 <= daily_seed(g, d) < 10**9
    # a datetime means its date
    assert daily_seed("gyre", datetime.datetime(2025, 1, 1, 23, 59, tzinfo=UTC)) == GOLDEN[start]["gyre"]


def test_daily_link_is_an_ordinary_link() -> None:
    link = daily_link("zodiac", datetime.date(2025, 1, 1))
    assert link == "#g=zodiac&v=1&o=&s=625202742"
    assert Link.parse(link) == Link("zodiac", "", 625202742)


def test_open_daily_opens_todays_deal_keeps_the_game_and_resumes_it() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    c.open_daily("gyre", DAY)
    assert c.session is not None and c.session.seed == daily_seed("gyre", DAY) and not c.session.moves
    assert c.view().address == daily_link("gyre", DAY)
    assert c.notice is not None and "kept" in c.notice.text  # the game in progress is the previous one
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
    text = c.export_stats()
    assert json.loads(text)["version"] == 1 and "open" not in json.loads(text)
    fresh = controller("")
    assert fresh.import_stats(text) == "Imported 1 game."
    assert fresh.import_stats(text).startswith("Nothing new to import")
    assert fresh.stats.stats.results == c.stats.stats.results
    assert Stats.loads(fresh.storage.get(STATS_KEY) or "").results == c.stats.stats.results


def test_a_bad_import_loses_nothing() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    before, stored = dict(c.stats.stats.results), c.storage.get(STATS_KEY)
    message = c.import_stats('{"format": "solitaire-orbit-stats", "version": 1, "results": [{"game": 1}]}')
    assert message.startswith("That file could not be imported:") and "as they were" in message
    assert c.notice is not None and c.notice.error
    assert c.stats.stats.results == before and c.storage.get(STATS_KEY) == stored


def test_reset_asks_twice() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    c.show_stats()
    c.reset_stats()
    d = c.view().dialog
    assert d is not None and d.kind == "stats" and d.armed and len(c.stats.stats.results) == 1
    assert "Sure? Press again to erase" in dialog_html(d)
    c.cancel()  # Escape disarms
    c.show_stats()
    c.reset_stats()
    c.reset_stats()
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
    c.show_stats()
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
    c.show_stats()
    assert c.view().dialog is not None and c.view().dialog.kind == "stats"  # type: ignore[union-attr]


def test_the_dialog_escapes_what_it_shows() -> None:
    s = Stats()
    s.record(dataclasses.replace(result(1, False), game="<b>", options="o=<i>"))
    c = controller("")
    c.stats.stats = s
    c.show_stats()
    d = c.view().dialog
    assert d is not None
    html = dialog_html(d)
    assert "<b>" not in html and "&lt;b&gt;" in html and "<i>" not in html


def test_the_end_screen_compares_with_the_variant() -> None:
    c = controller("#g=gyre&s=42")
    move(c)
    give_up(c)
    d = c.view().dialog
    assert d is not None and d.kind == "summary" and d.compare[0] == "This game and variant: 1 played, 0 wins (0%)"
    assert SAVE_PREFIX + "gyre" in c.storage.data  # type: ignore[attr-defined]
