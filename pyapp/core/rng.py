"""The project's own PRNG and shuffle (RULES.md 0.2), pinned by golden tests.

Deals must stay identical forever for a given seed, so nothing here may use
:mod:`random`.

>>> r = SplitMix64(0)
>>> r.next()
16294208416658607535
>>> shuffled(list(range(5)), 42)
[1, 2, 0, 4, 3]
"""

from __future__ import annotations

from typing import TypeVar

from .errors import ParseError
from ..i18n import _

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MAX_SEED = MASK64


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014) over unsigned 64-bit integers."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def rand_below(self, n: int) -> int:
        """An integer in ``0..n-1`` (``next() % n``, as RULES.md 0.2 specifies)."""
        if n <= 0:
            raise ValueError("rand_below needs n >= 1")
        return self.next() % n


def shuffle_in_place(items: list[T], rng: SplitMix64) -> None:
    """Fisher-Yates: for i from n-1 down to 1, swap items[i] with items[rand_below(i+1)]."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.rand_below(i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled(items: list[T], seed: int) -> list[T]:
    """A shuffled copy of ``items`` for ``seed``; index 0 is the top of the deck."""
    out = list(items)
    shuffle_in_place(out, SplitMix64(seed))
    return out


def parse_seed(text: str) -> int:
    """A seed is a decimal integer in ``0..2**64-1``.

    >>> parse_seed("42")
    42
    """
    if not text.isascii() or not text.isdigit() or len(text) > 20:
        raise ParseError(_("seed must be a decimal number, not {text}").format(text=repr(text)))
    value = int(text)
    if value > MAX_SEED:
        raise ParseError(_("seed {text} is larger than 2**64-1").format(text=text))
    return value
