"""Solitaire Orbit: the rules engine of four original solitaire games.

The engine is pure Python: it runs under CPython for tests and the command
line, and unchanged under Pyodide in the page. Only :mod:`pyapp.web.browser`
touches the DOM.
"""

__version__ = "0.1.0"
