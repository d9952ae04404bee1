"""Write static/icon-192.png and static/icon-512.png (standard library only).

    python3 scripts/make_icons.py

A ringed planet on the table colour; run again only if the design changes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def png(size: int) -> bytes:
    bg = (15, 32, 54)
    ring = (242, 193, 78)
    card = (253, 252, 247)
    rows = []
    c = size / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            px = bg
            nx, ny = (x - c) / size, (y - c) / size
            # tilted ring: an ellipse outline
            rx, ry = nx * 0.906 + ny * 0.423, -nx * 0.423 + ny * 0.906
            e = (rx / 0.40) ** 2 + (ry / 0.15) ** 2
            if 0.82 < e < 1.18:
                px = ring
            if abs(nx) < 0.16 and abs(ny) < 0.22:
                px = card
                if (nx**2 + (ny + 0.02) ** 2) < 0.006:
                    px = (193, 18, 31)
            row.extend(px)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", raw)
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    for size in (192, 512):
        (ROOT / "static" / f"icon-{size}.png").write_bytes(png(size))
