"""Where saves live, behind one small interface: ``localStorage`` in the page
(:class:`pyapp.controller.SafeStorage` wraps it), a dict in tests and doctests.

>>> s = MemoryStorage()
>>> s.set("orbit.x", "1"); s.get("orbit.x"), s.get("orbit.y")
('1', None)
>>> s.remove("orbit.x"); s.data
{}
"""

from __future__ import annotations

from typing import Protocol


class Storage(Protocol):
    """Where saves live: ``localStorage`` in the page, a dict in tests."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A :class:`Storage` in a dict."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = data if data is not None else {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
