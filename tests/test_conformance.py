"""The conformance suite (tests/conformance.py) over every game of the registry: each of its
tests runs once per game, with the game's own data from its entry (pyapp/games/<id>/conformance.py)."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest

import conformance
from conformance import *  # noqa: F403 (the suite's tests, run here over the registry)
from pyapp.games import GameEntry, entries, entry


@pytest.fixture(params=[e.id for e in entries()])
def game(request: pytest.FixtureRequest) -> GameEntry:
    """Each registered game in turn."""
    return entry(request.param)


def test_the_suite_runs_every_test_it_has() -> None:
    """A test added to the suite is exported (``__all__``), so it runs here and for the toy game."""
    tests = {name for name, value in vars(conformance).items() if name.startswith("test_") and inspect.isfunction(value)}
    assert tests == set(conformance.__all__) and len(tests) >= 10


def test_each_game_s_own_styles_are_built_into_the_style_sheet_at_their_place() -> None:
    """scripts/build.py writes every game folder's style.css into static/orbit.css at its marker,
    in the registry's order, and stops when the marker is missing or doubled."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "scripts"))
    try:
        from build import STYLE_MARKER, game_styles
    finally:
        sys.path.pop(0)
    source = (root / "static" / "orbit.css").read_text()
    built = game_styles(source)
    folders = [type(e.game).__module__.split(".")[2] for e in entries()]
    sheets = [(root / "pyapp" / "games" / f / "style.css") for f in folders]
    own = [p.read_text().strip() for p in sheets if p.exists()]
    assert own and STYLE_MARKER not in built and STYLE_MARKER in source
    assert [built.index(text) for text in own] == sorted(built.index(text) for text in own)
    assert all(built.count(text) == 1 and text not in source for text in own)
    assert built.index(".card.marked {") > max(built.index(text) for text in own)  # where the game's sections stood
    for broken in (source.replace(STYLE_MARKER, "NOTHING"), source + f"/* {STYLE_MARKER} */\n"):
        with pytest.raises(SystemExit, match=STYLE_MARKER):
            game_styles(broken)
