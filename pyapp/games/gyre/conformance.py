"""What the conformance suite (tests/conformance.py) needs of Gyre: its daily deals
pinned, the variants its hint plays and where its face-down cards lie, the phone's deal."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from .. import Conformance, reshuffled
from .rules import GyreState

if TYPE_CHECKING:  # the page never imports random for this
    from random import Random


def hidden_shuffled(state: GyreState, rng: Random) -> GyreState:
    """The deck in another order."""
    return replace(state, deck=reshuffled(state.deck, rng))


CONFORMANCE: Final = Conformance(
    daily=(("1970-01-01", 120991356), ("2024-02-29", 722320049), ("2025-01-01", 205198065),
           ("2026-02-28", 954325025), ("2030-12-31", 756)),
    configs=("", "jokers", "attrition", "easy,jokers"),
    hidden_shuffled=hidden_shuffled,
    phone=("", 42),
)
