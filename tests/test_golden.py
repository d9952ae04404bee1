"""Old records open: every golden file (``tests/golden/<build>.json``, the storage an
earlier build of main really wrote, made by ``scripts/make_golden.py`` with that
build's own code) is loaded into a storage and opened with the current code. Each
saved game resumes with the moves, redo moves, options, day and time the old build
recorded; the statistics read with no error and hold the results the old build
counted; the settings read as they were chosen; kept verdicts are taken back; and
nothing is set aside as unreadable. ``tests/golden/README.md`` says which build made
each file and how."""

from __future__ import annotations

import datetime
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pyapp.app.can_win import CanWin
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import get_game
from pyapp.app.saves import CORRUPT_PREFIX, read_save
from pyapp.app.session import Session
from pyapp.core.settings import APP_SETTINGS, SOUND, Settings
from pyapp.stats.keeper import STATS_KEY, StatsKeeper

#: The golden files' folder; ORBIT_GOLDEN names another (records of more builds made by
#: ``scripts/make_golden.py --out``, to try them all once).
GOLDEN = Path(os.environ.get("ORBIT_GOLDEN") or Path(__file__).parent / "golden")
FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def same_game(session: Session, slot: dict[str, Any]) -> None:
    """``session`` is the game the old build saved in ``slot``: same deal, moves and redo moves."""
    assert (session.game.id, session.seed, session.options_text) == (slot["game"], slot["seed"], slot["options"])
    assert list(session.moves) == slot["moves"]
    assert list(session.redo_moves) == slot["redo"]
    assert (session.status(), session.score()) == (slot["status"], slot["score"])


def no_error(c: Controller) -> None:
    notice = c.notice
    assert notice is None or not notice.error, notice.text


@pytest.mark.skipif(bool(os.environ.get("ORBIT_GOLDEN")), reason="another folder of records")
def test_there_are_golden_files() -> None:
    builds = {load(p)["build"][:7] for p in FILES}
    assert len(FILES) >= 7 and {p.stem for p in FILES} == builds
    readme = (GOLDEN / "README.md").read_text(encoding="utf-8")
    assert all(p.stem in readme for p in FILES), "every golden file is named in tests/golden/README.md"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_saved_games_resume(path: Path) -> None:
    golden = load(path)
    expect, storage = golden["expect"], MemoryStorage(dict(golden["storage"]))
    c = Controller(storage)
    no_error(c)
    c.start("")
    no_error(c)
    current, _, slot_kind = str(expect["current"]).partition("@")
    key = ("orbit.daily." if slot_kind == "daily" else "orbit.save.") + current
    assert c.session is not None and c.screen == "game"
    same_game(c.session, expect["slots"][key])
    for key, slot in expect["slots"].items():
        kind, game_id = key.rsplit(".", 1)[0] + ".", key.rsplit(".", 1)[1]
        if kind == "orbit.save.":
            c.open_game(game_id)
            assert c.session is not None and c.daily_day is None
        elif kind == "orbit.daily.":
            c.open_daily(game_id, datetime.date.fromisoformat(slot["day"]))
            assert c.session is not None and c.daily_day == datetime.date.fromisoformat(slot["day"])
        else:  # a game put aside by a link: read as the binding's Back to my game would
            saved = read_save(golden["storage"][key])
            same_game(saved.session, slot)
            assert saved.clock.elapsed_ms == slot["elapsed_ms"]
            same_game(Session.from_save(golden["storage"][key]), slot)
            continue
        no_error(c)
        same_game(c.session, slot)
        assert c.time.clock.elapsed_ms == slot["elapsed_ms"], key
    assert not [k for k in storage.data if k.startswith(CORRUPT_PREFIX)]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_statistics_read(path: Path) -> None:
    golden = load(path)
    expect = golden["expect"]["stats"]
    keeper = StatsKeeper(MemoryStorage(dict(golden["storage"])))
    assert keeper.load() == ""
    if expect is None:
        assert STATS_KEY not in golden["storage"] and not keeper.stats.results
        return
    results = sorted([r.game, r.options, r.seed, r.outcome, r.won, r.score, r.moves, r.hints, r.daily]
                     for r in keeper.stats.results.values())
    assert results == expect["results"]
    assert sorted([o.game, o.options, o.seed, o.hints] for o in keeper.stats.open.values()) == expect["open"]
    summary = keeper.stats.summary(datetime.date(2030, 1, 1))
    assert summary.played == len(expect["results"]) and summary.won == sum(1 for r in expect["results"] if r[4])
    assert sum(v.played for v in summary.variants) == summary.played
    # what an export of it says is what it holds, and imports into an empty record whole
    fresh = StatsKeeper(MemoryStorage())
    assert fresh.import_text(keeper.export()) == len(expect["results"])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_settings_read(path: Path) -> None:
    golden = load(path)
    expect = golden["expect"]["settings"]
    settings, problem = Settings.read(MemoryStorage(dict(golden["storage"])))
    assert problem == ""
    # every app switch as it was kept: on when listed (a build older than the marks
    # switch kept no "marks", and every build since reads that as marks off); these builds
    # had no Sound: never chosen, so on, and off where the system asks for reduced motion
    assert {s: settings.on(s) for s, _ in APP_SETTINGS} == {s: s in expect["on"] or s == SOUND for s, _ in APP_SETTINGS}
    assert settings.sound is None and not replace(settings, reduced_motion=True).on(SOUND)
    assert settings.game == frozenset(s for s in expect["on"] if s not in dict(APP_SETTINGS))
    assert settings.theme == expect["theme"]


@pytest.mark.parametrize("path", [p for p in FILES if load(p)["expect"]["verdicts"]],
                         ids=[p.stem for p in FILES if load(p)["expect"]["verdicts"]])
def test_verdicts_taken_back(path: Path) -> None:
    golden = load(path)
    storage = MemoryStorage(dict(golden["storage"]))
    for game_id, text in golden["expect"]["verdicts"]:
        can_win = CanWin(lambda *args, **kwargs: None, lambda words: None, storage)
        can_win.restore(game_id)
        game = get_game(game_id)
        assert can_win.verdicts.knows(game_id, game.format_state(game.parse_state(text)))
