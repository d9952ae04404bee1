"""Hostile statistics files: an import of a file that is huge, deeply nested, of the
wrong types or shape, with ``__proto__`` keys, the same game twice, dates in the
future, NaN or Infinity, negative counts or bands not of its game gives one clear
message and changes nothing (the stored record stays byte for byte as it was); a
property holds it for random JSON values and for mutations of a real export, and a
file that does import leaves a record that reads back and sums up."""

from __future__ import annotations

import copy
import datetime
import json
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pyapp.core.daily import daily_seed
from pyapp.core.errors import StatsError
from pyapp.games import get_game
from pyapp.app.session import Session
from pyapp.stats.summary import MAX_IMPORT_CHARS, Stats
from pyapp.stats.keeper import STATS_KEY, StatsKeeper
from pyapp.core.storage import MemoryStorage

UTC = datetime.timezone.utc
NOW = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)
TODAY = NOW.date()


def keeper(record: str | None = None) -> StatsKeeper:
    """A keeper whose clock stands at :data:`NOW`, with ``record`` stored (or a few games played)."""
    k = StatsKeeper(MemoryStorage(), lambda: NOW)
    if record is None:
        for seed, game in ((1, "gyre"), (2, "gravity"), (3, "square")):
            s = Session.new(get_game(game), seed)
            s = s.played(s.legal_moves()[0])
            k.moved(game, s)
            s = s.given_up()
            k.changed(game, s)
        record = k.stats.dumps()
    k.storage.set(STATS_KEY, record)
    assert k.load() == ""
    return k


BASE = keeper()
RECORD = BASE.stats.dumps()
EXPORT = BASE.export()


def result(**fields: Any) -> dict[str, Any]:
    r: dict[str, Any] = {"game": "gyre", "options": "", "seed": 7, "started": "2025-01-01T10:00:00.000Z",
                         "score": 30, "won": False, "date": "2025-01-01T10:05:00.000Z", "moves": 40,
                         "outcome": "finished", "daily": "", "band": ""}
    r.update(fields)
    return r


def export(*results: Any, **top: Any) -> str:
    data: dict[str, Any] = {"format": "solitaire-orbit-stats", "version": 1, "results": list(results)}
    data.update(top)
    return json.dumps(data)


def refused(text: str) -> str:
    """Import ``text`` into a keeper holding :data:`RECORD`: it must fail with one clear
    message and leave the record as it was; the message is returned."""
    k = keeper(RECORD)
    message, failed = k.import_file(text)
    assert failed, message
    assert k.storage.get(STATS_KEY) == RECORD and k.stats.dumps() == RECORD
    assert message.startswith("That file could not be imported: ") and message.endswith(" Your statistics are as they were.")
    assert "\n" not in message and len(message) < 400
    return message


DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE: list[tuple[str, Callable[[], str], str]] = [
    ("a 50 MB string", lambda: json.dumps("a" * 50_000_000), "larger than 10,000,000 characters"),
    ("a 50 MB export", lambda: export(*[result(seed=i) for i in range(200_000)]), "larger than"),
    ("nested 100,000 deep", lambda: DEEP, "nested too deeply"),
    ("nested 100,000 deep in an object", lambda: '{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    ("nested deep inside the results", lambda: export()[:-2] + DEEP + "]}", "nested too deeply"),
    ("not JSON", lambda: "{oops", "not readable JSON"),
    ("empty", lambda: "", "not readable JSON"),
    ("a number with 5,000 digits", lambda: export(result()).replace('"score": 30', '"score": ' + "9" * 5000), "not readable JSON"),
    ("a list", lambda: "[]", "not a Solitaire Orbit statistics file"),
    ("a string", lambda: '"solitaire-orbit-stats"', "not a Solitaire Orbit statistics file"),
    ("null", lambda: "null", "not a Solitaire Orbit statistics file"),
    ("format a list", lambda: export(format=["solitaire-orbit-stats"]), "not a Solitaire Orbit statistics file"),
    ("version a string", lambda: export(version="1"), "version 1 is not one"),
    ("version true", lambda: export(version=True), "version True is not one"),
    ("version 2", lambda: export(version=2), "version 2 is not one"),
    ("results an object", lambda: export(results={}), "no list of results"),
    ("results null", lambda: export(results=None), "no list of results"),
    ("open a string", lambda: export(open="x"), "no list of results"),
    ("a result a list", lambda: export([1, 2]), "result 1 is not an object"),
    ("a result null", lambda: export(None), "result 1 is not an object"),
    ("seed a string", lambda: export(result(seed="7")), "seed should be a number"),
    ("seed a float", lambda: export(result(seed=7.0)), "seed should be a number"),
    ("seed true", lambda: export(result(seed=True)), "seed should be a number"),
    ("seed too large", lambda: export(result(seed=2**64)), "seed is larger"),
    ("score a list", lambda: export(result(score=[30])), "score should be a number"),
    ("score too large", lambda: export(result(score=2**60)), "score is too large"),
    ("moves an object", lambda: export(result(moves={})), "moves should be a number"),
    ("won a number", lambda: export(result(won=0)), "won should be a bool"),
    ("game a number", lambda: export(result(game=1)), "game should be a str"),
    ("game empty", lambda: export(result(game="")), "game is empty"),
    ("options null", lambda: export(result(options=None)), "options should be a str"),
    ("started a list", lambda: export(result(started=["t"])), "started should be a str"),
    ("date not a date", lambda: export(result(date="yesterday")), "is not a date"),
    ("daily with a tail", lambda: export(result(daily="2025-01-01junk")), "daily '2025-01-01junk' is not a date"),
    ("outcome unknown", lambda: export(result(outcome="victory")), "is not one of"),
    ("won and lost", lambda: export(result(won=True)), "won does not agree"),
    ("hints a string", lambda: export(result(hints="2")), "hints should be a number"),
    ("link a number", lambda: export(result(link=5)), "link should be a str"),
    ("link of another deal", lambda: export(result(link="#g=gyre&s=8")), "link is for another deal"),
    ("a __proto__ key at the top", lambda: export(result(), __proto__={"polluted": True}), "'__proto__'"),
    ("a __proto__ key in a result", lambda: export(result(__proto__={"x": 1})), "'__proto__'"),
    ("a constructor key", lambda: export(result(constructor={"x": 1})), "'constructor'"),
    ("a prototype key", lambda: '{"prototype": 1, "format": "solitaire-orbit-stats", "version": 1, "results": []}',
     "'prototype'"),
    ("a key twice", lambda: '{"format": "solitaire-orbit-stats", "version": 1, "results": [], "results": []}',
     "the key 'results' twice"),
    ("game __proto__", lambda: export(result(game="__proto__")), "is not the id of a game"),
    ("game constructor", lambda: export(result(game="constructor")), "is not the id of a game"),
    ("game with markup", lambda: export(result(game="<img src=x>")), "is not the id of a game"),
    ("the same game twice", lambda: export(result(), result(score=31)), "result 2 is the same game as result 1"),
    ("a date in the future", lambda: export(result(date="2999-01-01T00:00:00.000Z")), "date 2999-01-01 is after today"),
    ("started in the future", lambda: export(result(started="2031-01-01T00:00:00.000Z")), "started 2031-01-01 is after today"),
    ("a daily deal in the future", lambda: export(result(daily="2030-01-01", seed=daily_seed("gyre", datetime.date(2030, 1, 1)))),
     "daily 2030-01-01 is after today"),
    ("a daily result of another deal", lambda: export(result(daily="2025-01-01")), "not the daily deal of 2025-01-01"),
    ("NaN", lambda: export(result(score=float("nan"))), "holds NaN"),
    ("Infinity", lambda: export(result(moves=float("inf"))), "holds Infinity"),
    ("-Infinity as the version", lambda: export(version=float("-inf")), "holds -Infinity"),
    ("negative moves", lambda: export(result(moves=-1)), "cannot be negative"),
    ("a negative seed", lambda: export(result(seed=-7)), "cannot be negative"),
    ("negative hints", lambda: export(result(hints=-2)), "cannot be negative"),
    ("negative time", lambda: export(result(elapsed_ms=-1)), "cannot be negative"),
    ("time beyond the timer", lambda: export(result(elapsed_ms=2**50)), "longer than a timer counts"),
    ("a band in a game without bands", lambda: export(result(band="1")), "not a rating band of Gyre"),
    ("a band not of Gravity", lambda: export(result(game="gravity", band="9")), "not a rating band of Gravity"),
    ("a band of an unknown game", lambda: export(result(game="future-game", band="A")), "not a rating band of future-game"),
    ("options not of the game", lambda: export(result(options="zzz")), "are not options of Gyre"),
    ("options not as written", lambda: export(result(options="easy,jokers")), "not written as this app writes them"),
]


@pytest.mark.parametrize("name, text, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_gives_one_clear_message_and_changes_nothing(name: str, text: Callable[[], str],
                                                                    words: str) -> None:
    assert words in refused(text())


def test_the_size_limit_is_above_any_real_export_and_is_said() -> None:
    # a record of 20,000 games with links kept as the keeper keeps them is far below the limit
    k = keeper(RECORD)
    many = [result(seed=i, started=f"2025-01-01T00:00:{i % 60:02d}.{i:03d}Z"[:24] + str(i)) for i in range(20_000)]
    assert len(export(*many)) < MAX_IMPORT_CHARS / 2
    message, failed = k.import_file(export(*many))
    assert not failed and message == "Imported 20000 games."
    assert Stats.loads(str(k.storage.get(STATS_KEY))).results == k.stats.results


def test_what_is_still_accepted() -> None:
    """Strict is not narrow: a game this app does not know, a negative score, extra fields a
    newer build may add, a daily result of its day's deal, an export of its own record."""
    k = keeper(RECORD)
    daily = result(seed=daily_seed("gyre", datetime.date(2025, 5, 31)), daily="2025-05-31", started="d")
    text = export(result(game="future-game"), result(score=-3, started="s2", newer_field={"x": [1]}), daily,
                  result(date="2025-06-02T01:00:00.000Z", started="tomorrow, a clock ahead"))
    assert k.import_file(text) == ("Imported 4 games.", False)
    assert k.import_file(text) == ("Nothing new to import: every game in that file is already counted.", False)
    assert keeper(RECORD).import_file(EXPORT) == ("Nothing new to import: every game in that file is already counted.", False)
    assert keeper("").import_file(EXPORT) == ("Imported 3 games.", False)


def test_the_own_record_is_read_as_before() -> None:
    """The strict rules are the import's: the player's own record keeps a game twice (the
    later wins, as every build read it) and a date after today (a clock set back)."""
    stats = Stats.loads(export(result(), result(score=31), result(started="s", date="2999-01-01T00:00:00Z")))
    assert len(stats.results) == 2
    with pytest.raises(StatsError, match="same game"):
        Stats.loads(export(result(), result(score=31)), imported_on=TODAY)


# -- the property ---------------------------------------------------------------------------------
KEYS = st.sampled_from(["format", "version", "results", "open", "game", "options", "seed", "started", "score",
                        "won", "date", "moves", "outcome", "daily", "band", "hints", "elapsed_ms", "link",
                        "__proto__", "constructor", "prototype"]) | st.text(max_size=8)
SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=30) | st.sampled_from(["solitaire-orbit-stats", "gyre", "gravity", "won", "finished",
                                                   "2025-01-01", "2999-12-31T00:00:00Z", "#g=gyre&s=1", "1", "8+"]))
JSONISH = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=5),
                       max_leaves=25)


@st.composite
def mutated_export(draw: Any) -> str:
    """A real export, changed: fields replaced by any value, dropped, results doubled, keys
    added, then perhaps its text cut or spliced."""
    data: Any = json.loads(EXPORT)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["field", "drop", "double", "key", "top", "result", "nest", "new", "new", "new"]))
        results = data["results"] if isinstance(data, dict) and isinstance(data.get("results"), list) else None
        if kind in ("field", "drop", "double", "nest", "new") and results:
            i = draw(st.integers(0, len(results) - 1))
            item = results[i]
            if kind == "new" and isinstance(item, dict):  # another game, perhaps with a plausible change
                item["started"] = draw(st.text(min_size=1, max_size=24))
                name = draw(st.sampled_from(["score", "moves", "hints", "elapsed_ms", "seed", "date", "link"]))
                item[name] = draw(st.integers(0, 2**20) if name not in ("date", "link") else
                                  st.sampled_from(["2025-05-31T23:59:59.999Z", "2024-02-29", "", "#g=gyre&s=1"]))
            elif kind == "double":
                results.insert(draw(st.integers(0, len(results))), copy.deepcopy(item))
            elif isinstance(item, dict) and item:
                name = draw(st.sampled_from(sorted(item)))
                if kind == "drop":
                    del item[name]
                elif kind == "nest":
                    item[name] = [item[name]] if draw(st.booleans()) else {"v": item[name]}
                else:
                    item[name] = draw(JSONISH)
        elif kind == "key" and isinstance(data, dict):
            data[draw(KEYS)] = draw(JSONISH)
        elif kind == "result" and results is not None:
            results.append(draw(st.dictionaries(KEYS, JSONISH, max_size=12)))
        elif kind == "top":
            data = draw(JSONISH) if draw(st.integers(0, 3)) == 0 else data
    text = json.dumps(data, allow_nan=True)
    cut = draw(st.sampled_from(["none", "none", "none", "truncate", "splice"]))
    if cut != "none" and text:
        i = draw(st.integers(0, len(text)))
        text = text[:i] if cut == "truncate" else text[:i] + draw(st.text("{}[]\",:0-9.eE\\ntrufalsNIy", max_size=6)) + text[i:]
    return text


FILES = (mutated_export() | JSONISH.map(lambda v: json.dumps(v, allow_nan=True))
         | st.dictionaries(KEYS, JSONISH, max_size=6).map(
             lambda d: json.dumps({"format": "solitaire-orbit-stats", "version": 1, **d}, allow_nan=True))
         | st.text(max_size=60))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FILES)
def test_any_file_imports_or_gives_one_clear_message_and_changes_nothing(text: str) -> None:
    k = keeper(RECORD)
    message, failed = k.import_file(text)  # never raises
    assert "\n" not in message and 0 < len(message) < 400
    stored = k.storage.get(STATS_KEY)
    event("refused" if failed else "imported")
    if failed:
        assert message.startswith("That file could not be imported: ")
        assert stored == RECORD and k.stats.dumps() == RECORD
        return
    assert message.startswith(("Imported ", "Nothing new to import"))
    assert stored == k.stats.dumps()
    again = keeper(stored)  # the record written reads back, whole
    assert again.stats.results == k.stats.results
    again.stats.summary(TODAY)
    for game, options in {(r.game, r.options) for r in again.stats.results.values()}:
        again.stats.recent_scores(game, options)
        again.stats.daily_status(game, TODAY)
