"""What the conformance suite (tests/conformance.py) needs of Gravity: its daily deals
pinned, the variants its hint plays and where its face-down cards lie, the phone's deal."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from .. import Conformance, reshuffled
from .rules import GravityState

if TYPE_CHECKING:  # the page never imports random for this
    from random import Random


def hidden_shuffled(state: GravityState, rng: Random) -> GravityState:
    """The MOON in another order: all of it with ``hidden``, else all but its face-up top."""
    if state.options.hidden:
        return replace(state, moon=reshuffled(state.moon, rng))
    return replace(state, moon=state.moon[:1] + reshuffled(state.moon[1:], rng))


CONFORMANCE: Final = Conformance(
    daily=(("1970-01-01", 188252793), ("2024-02-29", 316478487), ("2025-01-01", 12722333),
           ("2026-02-28", 681426415), ("2030-12-31", 5053)),
    configs=("", "hidden", "decks=2,nomoonplanet", "missing=QH-2C"),
    hidden_shuffled=hidden_shuffled,
    phone=("", 42),
)
