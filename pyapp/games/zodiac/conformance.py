"""What the conformance suite (tests/conformance.py) needs of Zodiac: its daily deals
pinned, the variants its hint plays and where its face-down cards lie, the phone's deal."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from .. import Conformance, reshuffled
from .rules import ZodiacState

if TYPE_CHECKING:  # the page never imports random for this
    from random import Random


def hidden_shuffled(state: ZodiacState, rng: Random) -> ZodiacState:
    """The stock in another order."""
    return replace(state, stock=reshuffled(state.stock, rng))


CONFORMANCE: Final = Conformance(
    daily=(("1970-01-01", 766106001), ("2024-02-29", 56287562), ("2025-01-01", 625202742),
           ("2026-02-28", 153550547), ("2030-12-31", 945)),
    configs=("",),
    hidden_shuffled=hidden_shuffled,
    phone=("", 2024),
)
