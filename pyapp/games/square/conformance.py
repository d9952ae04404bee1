"""What the conformance suite (tests/conformance.py) needs of Solitaire Square: its daily
deals pinned, the variants its hint plays and where its face-down cards lie, the phone's deal."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from .. import Conformance, reshuffled
from .rules import SquareState

if TYPE_CHECKING:  # the page never imports random for this
    from random import Random


def hidden_shuffled(state: SquareState, rng: Random) -> SquareState:
    """The deck in another order."""
    return replace(state, deck=reshuffled(state.deck, rng))


CONFORMANCE: Final = Conformance(
    daily=(("1970-01-01", 247811674), ("2024-02-29", 361703060), ("2025-01-01", 496178810),
           ("2026-02-28", 705209087), ("2030-12-31", 813)),
    configs=("", "ends", "wrap"),
    hidden_shuffled=hidden_shuffled,
    phone=("ends", 5),
    grows=(True, False),  # on its side, its grid rows lie 0.04 apart so that the cards are 44 px wide
)
