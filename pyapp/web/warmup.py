"""Everything the page imports that does not touch the page, imported in one go.

The start-up snapshot (static/snapshot-worker.mjs) imports this module in a
throwaway interpreter and saves its memory, so a returning player's page starts
with all of it already imported: the standard library modules that PyScript and
the DOM binding use, every game's rules, table and solver, the controller and the markup.
Importing it under CPython is harmless (tests/test_build.py does, to keep the list true).
"""

from __future__ import annotations

import asyncio  # noqa: F401  (PyScript's event loop and the binding's timers)
import base64  # noqa: F401
import gettext  # noqa: F401  (a language other than English reads its catalogue with it)
import inspect  # noqa: F401
import json  # noqa: F401
import pathlib  # noqa: F401
import traceback  # noqa: F401
import zipfile  # noqa: F401  (PyScript unpacks app.zip with it)

from ..app import controller, hints, replay  # noqa: F401
from ..core import clock, daily, storage  # noqa: F401  (saves)
from ..stats import keeper, summary  # noqa: F401
from ..ui import focus, markup, speech  # noqa: F401  (keyboard focus, screen reader words)
from ..games import entries

for game_entry in entries():  # every game's package: its rules, table and hints
    if game_entry.solver is not None:
        game_entry.solver(None)  # and its solver (else imported, and compiled, when a search starts)
