"""Pre-solved pools: the seeds of one game's rules (a game, its options, the rules' version)
that the solver proved, over a range of seeds, kept in a compact, versioned file the page
ships (``static/pools/``, made by ``bench/pools.py`` from the winnability study's store).

A pool of a game that can be won holds the seeds proven winnable (their solver's line was
replayed through the engine); a pool of a game scored in points with no win (Gyre) holds,
for each seed, its exact best score, or nothing where the best is not settled.

The file, version 1 (every number big-endian):

========  =====================================================================
bytes     what
========  =====================================================================
4         ``ORBP``
1         the format's version (1)
1         the kind: 0 = winnable seeds (a bitmap), 1 = exact best scores (a byte per seed)
1         the rules' version (the links' ``v``)
1 + n     the game id: its length, then ASCII
1 + n     the options (the link's ``o``, "" for the default rules): its length, then ASCII
4         the first seed covered
4         how many seeds are covered (the range is first .. first + count - 1)
4         the body's length
4         the CRC-32 of every other byte of the file (the header before it, then the body)
n         the body, deflated (zlib): kind 0, one bit per seed (seed ``first + i`` is bit
          ``i % 8`` of byte ``i // 8``, set when winnable); kind 1, one byte per seed, its
          exact best score (1 to 255), 0 for not settled
========  =====================================================================

A file that is not exactly this (another version, a wrong length, a body whose CRC or size
is wrong) is refused with a :class:`PoolError` saying why; the page then searches as if it
had no pool.

>>> pool = Pool("gravity", "", 1, 1, 5, "won", bytes([1, 1, 0, 1, 1]))
>>> pool.seeds, pool.has(3), pool.has(4)
((1, 2, 4, 5), False, True)
>>> data = pool.encode(); len(data), Pool.decode(data) == pool
(41, True)
>>> Pool.decode(data[:-1])
Traceback (most recent call last):
...
pyapp.core.pool.PoolError: pool file: the body is cut short (8 of 9 bytes)
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from typing import Final, Literal

from .errors import OrbitError

#: The first bytes of every pool file.
MAGIC: Final = b"ORBP"
#: The version of the file format this code writes and reads.
FORMAT_VERSION: Final = 1
#: A pool covers at most this many seeds: a header asking for more is refused (a hostile file
#: cannot make the reader inflate gigabytes).
MAX_SEEDS: Final = 1 << 22
_KINDS: Final = ("won", "best")
_RANGE: Final = struct.Struct(">IIII")

PoolKind = Literal["won", "best"]


class PoolError(OrbitError):
    """A pool file that cannot be read back (the page then searches instead)."""


def pool_name(game_id: str, options: str) -> str:
    """The file name of the pool of a game's rules: the game id, then ``~`` and the options,
    their commas as ``+`` (names safe in a URL and on every file system).

    >>> pool_name("gravity", ""), pool_name("gyre", "attrition,easy"), pool_name("gravity", "decks=3")
    ('gravity.pool', 'gyre~attrition+easy.pool', 'gravity~decks-3.pool')
    """
    if not options:
        return f"{game_id}.pool"
    return f"{game_id}~{options.replace(',', '+').replace('=', '-')}.pool"


@dataclass(frozen=True)
class Pool:
    """One pool (see the module doc). ``marks`` holds one byte per seed covered: for a pool
    of kind ``won``, 1 when the seed is winnable, else 0; for kind ``best``, its exact best
    score (1 to 255), 0 when not settled."""

    game: str
    options: str
    rules: int
    first: int
    count: int
    kind: PoolKind
    marks: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if len(self.marks) != self.count:
            raise PoolError(f"pool: {self.count} seeds covered but {len(self.marks)} marks")
        if not 0 <= self.count <= MAX_SEEDS or not 0 <= self.first or self.first + self.count > 1 << 32:
            raise PoolError(f"pool: the seeds {self.first} to {self.first + self.count - 1} are out of range")
        for text, what in ((self.game, "game id"), (self.options, "options")):
            if len(text) > 255 or not text.isascii() or not text.isprintable():
                raise PoolError(f"pool: the {what} {text[:40]!r} is not short printable ASCII")
        if self.kind not in _KINDS or not 0 <= self.rules <= 255:
            raise PoolError(f"pool: kind {self.kind!r} and rules version {self.rules} are not known")
        if self.kind == "won" and any(m > 1 for m in self.marks):
            raise PoolError("pool: a pool of winnable seeds marks each seed 0 or 1")

    # -- reading ---------------------------------------------------------------------------
    @property
    def seeds(self) -> tuple[int, ...]:
        """The seeds in the pool (winnable, or with an exact best), in order."""
        return tuple(self.first + i for i, m in enumerate(self.marks) if m)

    @property
    def last(self) -> int:
        """The last seed covered (``first - 1`` for a pool that covers none)."""
        return self.first + self.count - 1

    def has(self, seed: int) -> bool:
        """The seed is in the pool (winnable, or its best settled)."""
        return self.first <= seed <= self.last and self.marks[seed - self.first] != 0

    def best(self, seed: int) -> int | None:
        """The exact best score of ``seed`` (a pool of kind ``best``), or None.

        >>> Pool("gyre", "", 1, 10, 3, "best", bytes([58, 0, 61])).best(12)
        61
        """
        return self.marks[seed - self.first] or None if self.kind == "best" and self.has(seed) else None

    def reaching(self, level: int | None) -> tuple[int, ...]:
        """The seeds that fit a deal hunt: every one of a ``won`` pool; of a ``best`` pool, those
        whose best reaches ``level`` (every one for None).

        >>> Pool("gyre", "", 1, 1, 4, "best", bytes([58, 0, 61, 40])).reaching(58)
        (1, 3)
        """
        if self.kind == "won" or level is None:
            return self.seeds
        return tuple(self.first + i for i, m in enumerate(self.marks) if m and m >= level)

    # -- the file ----------------------------------------------------------------------------
    def encode(self) -> bytes:
        """The pool as a file (see the module doc)."""
        if self.kind == "won":
            bits = bytearray((self.count + 7) // 8)
            for i, m in enumerate(self.marks):
                if m:
                    bits[i // 8] |= 1 << (i % 8)
            raw = bytes(bits)
        else:
            raw = self.marks
        body = zlib.compress(raw, 9)
        game, options = self.game.encode("ascii"), self.options.encode("ascii")
        head = b"".join((MAGIC, bytes((FORMAT_VERSION, _KINDS.index(self.kind), self.rules, len(game))), game,
                         bytes((len(options),)), options, _RANGE.pack(self.first, self.count, len(body), 0)[:12]))
        return head + struct.pack(">I", zlib.crc32(body, zlib.crc32(head))) + body

    @classmethod
    def decode(cls, data: bytes) -> Pool:
        """A pool file read back; :class:`PoolError` saying what is wrong with any other bytes.

        >>> Pool.decode(b"ORBP\\x02")
        Traceback (most recent call last):
        ...
        pyapp.core.pool.PoolError: pool file: format version 2, this build reads version 1
        >>> Pool.decode(b"<html>")
        Traceback (most recent call last):
        ...
        pyapp.core.pool.PoolError: pool file: it does not start with ORBP
        """
        data = bytes(data)
        if data[:4] != MAGIC:
            raise PoolError("pool file: it does not start with ORBP")
        if len(data) > 4 and data[4] != FORMAT_VERSION:
            raise PoolError(f"pool file: format version {data[4]}, this build reads version {FORMAT_VERSION}")
        if len(data) < 8:
            raise PoolError("pool file: the header is cut short")
        kind, rules, size = data[5], data[6], data[7]
        if kind >= len(_KINDS):
            raise PoolError(f"pool file: kind {kind} is not known")
        at = 8
        game = data[at:at + size]
        at += size
        if len(game) != size or at >= len(data):
            raise PoolError("pool file: the header is cut short")
        size = data[at]
        options = data[at + 1:at + 1 + size]
        at += 1 + size
        if len(options) != size or len(data) < at + _RANGE.size:
            raise PoolError("pool file: the header is cut short")
        first, count, length, crc = _RANGE.unpack_from(data, at)
        body = data[at + _RANGE.size:]
        if len(body) != length:
            raise PoolError(f"pool file: the body is cut short ({len(body)} of {length} bytes)" if len(body) < length
                            else f"pool file: {len(body) - length} bytes after the body")
        if zlib.crc32(body, zlib.crc32(data[:at + _RANGE.size - 4])) != crc:
            raise PoolError("pool file: the file is corrupt (its CRC-32 does not match)")
        if count > MAX_SEEDS:
            raise PoolError(f"pool file: {count} seeds covered, more than {MAX_SEEDS}")
        want = (count + 7) // 8 if kind == 0 else count
        try:
            inflater = zlib.decompressobj()
            raw = inflater.decompress(body, want + 1)
            if not inflater.eof:
                raise PoolError("pool file: the body does not end where it should")
        except zlib.error as exc:
            raise PoolError(f"pool file: the body cannot be inflated ({exc})") from None
        if len(raw) != want:
            raise PoolError(f"pool file: the body holds {len(raw)} bytes, not {want}")
        if kind == 0:
            if count % 8 and raw[-1] >> (count % 8):
                raise PoolError("pool file: bits set past the last seed")
            marks = bytes((raw[i // 8] >> (i % 8)) & 1 for i in range(count))
        else:
            marks = raw
        try:
            return cls(game.decode("ascii"), options.decode("ascii"), rules, first, count, _KINDS[kind], marks)
        except UnicodeDecodeError:
            raise PoolError("pool file: the game or the options are not ASCII") from None
