"""Where saves live, behind one small interface: ``localStorage`` in the page
(:class:`SafeStorage` wraps it), a dict in tests and doctests.

>>> s = MemoryStorage()
>>> s.set("orbit.x", "1"); s.get("orbit.x"), s.get("orbit.y")
('1', None)
>>> s.remove("orbit.x"); s.data
{}
"""

from __future__ import annotations

from typing import Any, Callable, Protocol


class Storage(Protocol):
    """Where saves, statistics and settings live: ``localStorage`` in the page, a dict in tests."""

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


class SafeStorage:
    """A :class:`Storage` over a ``localStorage``-like object that may be missing or
    throw (sandboxed frames, a full quota): every value is also kept in memory, so
    the game goes on for this visit whatever the backend does.

    >>> class Broken:
    ...     def getItem(self, key: str) -> str: raise OSError("denied")
    ...     def setItem(self, key: str, value: str) -> None: raise OSError("denied")
    ...     def removeItem(self, key: str) -> None: raise OSError("denied")
    >>> s = SafeStorage(Broken())
    >>> s.set("a", "1"); s.get("a"), s.get("b")
    ('1', None)
    """

    def __init__(self, backend: Any, present: Callable[[Any], bool] = lambda v: v is not None) -> None:
        self.memory: dict[str, str] = {}
        self.backend = backend
        self.present = present
        try:
            backend.setItem("orbit.probe", "1")
            backend.removeItem("orbit.probe")
        except Exception:
            self.backend = None

    def _try(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn() if self.backend is not None else None
        except Exception:
            return None

    def get(self, key: str) -> str | None:
        value = self._try(lambda: self.backend.getItem(key))
        return str(value) if self.present(value) else self.memory.get(key)

    def set(self, key: str, value: str) -> None:
        self.memory[key] = value
        self._try(lambda: self.backend.setItem(key, value))

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        self._try(lambda: self.backend.removeItem(key))
