"""Typed errors shared by every game, the session and the command line."""

from __future__ import annotations


class OrbitError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ParseError(OrbitError):
    """Malformed text: a state text, a move token, options, a seed or a link."""


class IllegalMoveError(OrbitError):
    """A well-formed move that is not legal in the state it was applied to."""


class SaveError(OrbitError):
    """A saved game that cannot be read back."""


class StatsError(OrbitError):
    """A statistics record or export file that cannot be read back."""


class ClockError(OrbitError):
    """A saved game timer that cannot be read back."""


class ReplayError(OrbitError):
    """A replay asked for something it cannot do (a position it does not have, a speed it does not offer)."""
