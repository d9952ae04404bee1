"""The pre-solved pools' file format (pyapp/core/pool.py): any pool reads back as it was
written; a file of another version, cut short, corrupt or hostile is refused with a
PoolError that says why, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.core.pool import FORMAT_VERSION, MAGIC, MAX_SEEDS, Pool, PoolError, PoolKind, pool_name

ids = st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=20)


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    kinds: tuple[PoolKind, ...] = ("won", "best")
    kind = draw(st.sampled_from(kinds))
    marks = draw(st.binary(max_size=3000)) if kind == "best" else \
        bytes(draw(st.lists(st.integers(0, 1), max_size=3000)))
    return Pool(draw(ids), draw(ids), draw(st.integers(0, 255)), draw(st.integers(0, 2**31)), len(marks), kind, marks)


@given(pools())
@settings(max_examples=200, deadline=None)
def test_a_pool_reads_back_as_it_was_written(pool: Pool) -> None:
    data = pool.encode()
    assert data[:4] == MAGIC and data[4] == FORMAT_VERSION
    back = Pool.decode(data)
    assert back == pool
    assert back.seeds == tuple(pool.first + i for i, m in enumerate(pool.marks) if m)


@given(pools(), st.data())
@settings(max_examples=200, deadline=None)
def test_a_changed_byte_or_a_cut_is_refused(pool: Pool, data: st.DataObject) -> None:
    file = pool.encode()
    at = data.draw(st.integers(0, len(file) - 1))
    flip = data.draw(st.integers(1, 255))
    with pytest.raises(PoolError):
        Pool.decode(file[:at] + bytes((file[at] ^ flip,)) + file[at + 1:])
    with pytest.raises(PoolError):
        Pool.decode(file[:at])
    with pytest.raises(PoolError):
        Pool.decode(file + b"\0")


@given(st.binary(max_size=200))
@settings(max_examples=500, deadline=None)
def test_any_bytes_are_a_pool_or_a_pool_error(data: bytes) -> None:
    for candidate in (data, MAGIC + data, MAGIC + bytes((FORMAT_VERSION,)) + data):
        try:
            Pool.decode(candidate)
        except PoolError:
            pass


def test_a_wrong_version_is_refused_with_a_clear_error() -> None:
    file = bytearray(Pool("gyre", "", 1, 1, 3, "best", bytes([58, 0, 61])).encode())
    file[4] = FORMAT_VERSION + 1
    with pytest.raises(PoolError, match=f"format version {FORMAT_VERSION + 1}, this build reads version {FORMAT_VERSION}"):
        Pool.decode(bytes(file))


def test_a_hostile_size_is_refused_before_anything_is_inflated() -> None:
    import struct
    import zlib
    bomb = zlib.compress(bytes(50_000_000), 9)  # 50 MB of zeros in about 50 KB
    head = MAGIC + bytes((FORMAT_VERSION, 1, 1, 4)) + b"gyre" + b"\0" + struct.pack(">III", 1, MAX_SEEDS + 1, len(bomb))
    with pytest.raises(PoolError, match="more than"):
        Pool.decode(head + struct.pack(">I", zlib.crc32(bomb, zlib.crc32(head))) + bomb)
    head = MAGIC + bytes((FORMAT_VERSION, 1, 1, 4)) + b"gyre" + b"\0" + struct.pack(">III", 1, 10, len(bomb))
    with pytest.raises(PoolError, match="does not end where it should"):  # inflates no more than it claims
        Pool.decode(head + struct.pack(">I", zlib.crc32(bomb, zlib.crc32(head))) + bomb)


def test_names_are_safe_and_distinct() -> None:
    names = {pool_name(g, o) for g, o in (("gravity", ""), ("gravity", "decks=3"), ("gravity", "hidden,nomoonplanet"),
                                          ("gyre", "attrition,easy"), ("gyre", "jokers"), ("square", "ends,wrap"))}
    assert len(names) == 6 and all(set(n) <= set("abcdefghijklmnopqrstuvwxyz0123456789~+-.") for n in names)
