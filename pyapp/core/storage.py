"""Where saves live, behind one small interface: ``localStorage`` in the page
(:class:`SafeStorage` wraps it), a dict in tests and doctests.

>>> s = MemoryStorage()
>>> s.set("orbit.x", "1"); s.get("orbit.x"), s.get("orbit.y")
('1', None)
>>> s.remove("orbit.x"); s.data
{}
"""

from __future__ import annotations

from typing import Callable, Protocol


class Storage(Protocol):
    """Where saves, statistics and settings live: ``localStorage`` in the page, a dict in tests."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def failing(self) -> bool:
        """Some value written is kept in memory only: the device refused it (see :class:`SafeStorage`)."""
        ...


class Backend(Protocol):
    """What :class:`SafeStorage` wraps: the page's ``localStorage`` (a JavaScript object), or
    any object with its three methods."""

    def getItem(self, key: str) -> object: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


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

    def failing(self) -> bool:
        return False


class SafeStorage:
    """A :class:`Storage` over a ``localStorage``-like object that may be missing or
    throw (sandboxed frames, a full quota, private modes): every value is also kept in
    memory, so the game goes on for this visit whatever the backend does. A value the
    backend refused is not dropped: it is written again with every later write, until
    the backend takes it, and :meth:`failing` says so meanwhile (the controller tells
    the player that the game is not being kept on this device).

    >>> class Broken:
    ...     full = True
    ...     def getItem(self, key: str) -> str: raise OSError("denied")
    ...     def setItem(self, key: str, value: str) -> None:
    ...         if self.full: raise OSError("quota")
    ...     def removeItem(self, key: str) -> None: pass
    >>> backend = Broken(); backend.full = False; s = SafeStorage(backend); backend.full = True
    >>> s.set("a", "1"); s.get("a"), s.get("b"), s.failing()
    ('1', None, True)
    >>> backend.full = False; s.set("b", "2"); s.failing()
    False
    >>> s.get("a"), s.get("b")  # (this backend refuses every read: memory answers)
    ('1', '2')
    >>> backend.full = True; s.set("c", "3"); s.remove("c"); s.get("c"), s.failing()  # refused, then gone
    (None, False)
    """

    def __init__(self, backend: Backend | None, present: Callable[[object], bool] = lambda v: v is not None) -> None:
        self.memory: dict[str, str] = {}
        #: The keys whose last value the backend refused (kept in :attr:`memory`, written again later).
        self.unwritten: set[str] = set()
        self.backend = backend
        self.present = present
        if backend is not None:
            try:
                backend.setItem("orbit.probe", "1")
                backend.removeItem("orbit.probe")
            except Exception:
                self.backend = None

    def _try(self, fn: Callable[[Backend], object]) -> object:
        backend = self.backend
        try:
            return fn(backend) if backend is not None else None
        except Exception:
            return None

    def get(self, key: str) -> str | None:
        if key in self.unwritten:  # the backend holds an older value, or none
            return self.memory[key]
        value = self._try(lambda backend: backend.getItem(key))
        return str(value) if self.present(value) else self.memory.get(key)

    def set(self, key: str, value: str) -> None:
        self.memory[key] = value
        self.unwritten.add(key)
        for k in sorted(self.unwritten, key=lambda k: k != key):  # this one first, then the ones refused before
            if self.backend is not None and self._write(k, self.memory[k]):
                self.unwritten.discard(k)
            else:
                break

    def _write(self, key: str, value: str) -> bool:
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        self.unwritten.discard(key)
        self._try(lambda backend: backend.removeItem(key))

    def failing(self) -> bool:
        """True while a value written is kept in memory only (or there is no backend at all)."""
        return self.backend is None or bool(self.unwritten)
