"""The conformance suite (tests/conformance.py) over every game of the registry: each of its
tests runs once per game, with the game's own data from its entry (pyapp/games/<id>/conformance.py)."""

from __future__ import annotations

import inspect

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
