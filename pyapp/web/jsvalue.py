"""What the binding's modules (:mod:`pyapp.web.browser`, :mod:`pyapp.web.solver_worker`, :mod:`pyapp.web.audio`) share
about the values JavaScript hands to Python."""

from __future__ import annotations

from typing import Any


def present(value: Any) -> bool:
    """False for None and JavaScript's null/undefined as Pyodide hands them over."""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")
