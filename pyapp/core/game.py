"""The protocol every game implements, and the option helpers they share.

A game is a plain definition (boardgame.io style): ``deal`` builds the first
state from a seed and options, ``legal_moves`` lists move tokens, ``apply``
returns the next immutable state (performing every forced step itself), and
``status``/``score`` read the result. States print to and parse from the
one-line state text of RULES.md 0.5; moves *are* their tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol, Sequence, TypeVar

from .errors import ParseError
from ..i18n import _, pgettext

Status = Literal["playing", "won", "lost", "finished"]

S = TypeVar("S")
O = TypeVar("O")
T = TypeVar("T")


@dataclass(frozen=True)
class OptionSpec:
    """One row of a game's option table, for the command line and the UI."""

    name: str
    kind: Literal["flag", "int", "cards"]
    default: str
    help: str
    choices: tuple[str, ...] = ()


class Game(Protocol[S, O]):
    """A game definition. Implementations are stateless modules-as-objects."""

    id: str
    #: The tag that starts the state text (``GY1``).
    magic: str
    title: str
    option_specs: tuple[OptionSpec, ...]

    def parse_options(self, text: str) -> O:
        """Options from the ``O=``/``o=`` form; raises ParseError."""
        ...

    def format_options(self, options: O) -> str:
        """The canonical ``O=`` form: only non-defaults, in table order."""
        ...

    def deal(self, seed: int, options: O) -> S: ...

    def legal_moves(self, state: S) -> list[str]:
        """Legal move tokens in a stable order; empty when not playing."""
        ...

    def apply(self, state: S, token: str) -> S:
        """The state after ``token``; ParseError if malformed, IllegalMoveError if illegal."""
        ...

    def status(self, state: S) -> Status: ...

    def score(self, state: S) -> int: ...

    def format_state(self, state: S) -> str: ...

    def parse_state(self, text: str) -> S: ...

    def options_of(self, state: S) -> O: ...

    def steps(self, state: S, token: str) -> list[S]:
        """The states a move passes through, for animation: every forced step
        in order, ending with ``apply(state, token)``."""
        ...


class AnyGame(Protocol):
    """A game of the registry, whatever its states and options: a :class:`Game` of some ``S``
    and ``O`` that the code holding it does not know (the registry's games differ in them).
    What it gives, a state or options, is an ``object`` there, never looked into; what it
    takes is ``Any``, and must be what this same game gave: the type checker cannot tell one
    game's states from another's. Every :class:`Game` is one. Code that knows its game (its
    rules, table, hints and solver) holds the :class:`Game` itself, its states typed."""

    id: str
    magic: str
    title: str
    option_specs: tuple[OptionSpec, ...]

    def parse_options(self, text: str) -> object: ...

    def format_options(self, options: Any) -> str: ...

    def deal(self, seed: int, options: Any) -> object: ...

    def legal_moves(self, state: Any) -> list[str]: ...

    def apply(self, state: Any, token: str) -> object: ...

    def status(self, state: Any) -> Status: ...

    def score(self, state: Any) -> int: ...

    def format_state(self, state: Any) -> str: ...

    def parse_state(self, text: str) -> object: ...

    def options_of(self, state: Any) -> object: ...

    def steps(self, state: Any, token: str) -> Sequence[object]: ...


def own(value: object, kind: type[T]) -> T:
    """``value``, which must be a ``kind``: how code handed a game's state as ``object`` (a
    solver's :meth:`~pyapp.core.search.Problem.start`) takes it as its game's own.

    >>> own(3, int)
    3
    >>> own("GR1|...", int)
    Traceback (most recent call last):
    ...
    TypeError: a int was expected, not a str
    """
    if isinstance(value, kind):
        return value
    raise TypeError(f"a {kind.__name__} was expected, not a {type(value).__name__}")


def parse_option_values(specs: tuple[OptionSpec, ...], text: str, game_title: str = "") -> dict[str, str]:
    """Read the ``O=``/``o=`` form against a game's option specs: the one routine
    every game uses, so every game treats bad option text the same way.

    Returns every spec's value (flags as ``"1"`` when set, ``""`` when not; the
    default for options not given). Raises :class:`ParseError` for an unknown
    option, an option given twice, a flag with a value, a valued option without
    one, or an ``int`` outside its choices. ``cards`` values are returned as
    given, for the game to check. The messages reach the player (a link's options), so
    they are in the language in use (the command line's is English).

    >>> specs = (OptionSpec("decks", "int", "1", "", ("1", "2")), OptionSpec("hidden", "flag", "", ""))
    >>> parse_option_values(specs, "hidden,decks=2")
    {'decks': '2', 'hidden': '1'}
    >>> parse_option_values(specs, "")
    {'decks': '1', 'hidden': ''}
    >>> parse_option_values(specs, "hidden,hidden")
    Traceback (most recent call last):
    pyapp.core.errors.ParseError: option hidden is given twice
    """
    by_name = {spec.name: spec for spec in specs}
    values = {spec.name: spec.default for spec in specs}
    seen: set[str] = set()
    for part in split_options(text):
        key, eq, value = part.partition("=")
        spec = by_name.get(key)
        if spec is None:
            # Translators: no option is known (the game has none).
            known = ", ".join(by_name) or pgettext("known options", "none")
            if game_title:
                # Translators: {game} is the game's name (Gravity); {option} the option asked for, in quotes;
                # {known} the options the game has, as written in a link (decks, hidden...), not translated.
                said = _("unknown {game} option {option} (known: {known})")
            else:
                said = _("unknown option {option} (known: {known})")
            raise ParseError(said.format(game=game_title, option=repr(key[:20]), known=known))
        if key in seen:
            # Translators: {option} is an option's name as written in a link (decks, hidden...), not translated.
            raise ParseError(_("option {option} is given twice").format(option=key))
        seen.add(key)
        if spec.kind == "flag":
            if eq:
                raise ParseError(_("option {option} takes no value").format(option=key))
            values[key] = "1"
            continue
        if not eq or value == "":
            raise ParseError(_("option {option} needs a value ({option}=...)").format(option=key))
        if spec.choices and value not in spec.choices:
            # Translators: {choices} are the values it may take (1, 2, 3); {value} the one given, in quotes.
            raise ParseError(_("option {option} must be one of {choices}, not {value}").format(
                option=key, choices=", ".join(spec.choices), value=repr(value[:12])))
        values[key] = value
    return values


def format_option_values(specs: tuple[OptionSpec, ...], values: dict[str, str]) -> str:
    """The canonical ``O=`` form: options that differ from their default, in the
    order of the specs; flags by name, the others as ``name=value``.

    >>> specs = (OptionSpec("decks", "int", "1", "", ("1", "2")), OptionSpec("hidden", "flag", "", ""))
    >>> format_option_values(specs, {"decks": "1", "hidden": "1"})
    'hidden'
    >>> format_option_values(specs, {"decks": "2", "hidden": ""})
    'decks=2'
    """
    parts: list[str] = []
    for spec in specs:
        value = values.get(spec.name, spec.default)
        if value == spec.default:
            continue
        parts.append(spec.name if spec.kind == "flag" else f"{spec.name}={value}")
    return ",".join(parts)


def split_options(text: str) -> list[str]:
    """Split the comma-separated option form, ignoring empty items.

    >>> split_options("decks=2,hidden")
    ['decks=2', 'hidden']
    >>> split_options("")
    []
    """
    return [p for p in text.split(",") if p != ""]


def parse_fields(text: str, magic: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, str]:
    """Split a state text ``MAGIC|K=v|...`` into its fields, checking order.

    ``keys`` must all appear, in order; ``optional`` keys may follow them (in
    order), and ``O`` may come last.

    >>> parse_fields("GY1|A=1|B=", "GY1", ("A", "B"))
    {'A': '1', 'B': ''}
    """
    parts = text.strip().split("|")
    if parts[0] != magic:
        raise ParseError(f"state text must start with {magic}|, not {parts[0][:12]!r}")
    out: dict[str, str] = {}
    allowed = list(keys) + list(optional) + ["O"]
    pos = 0
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq:
            raise ParseError(f"field {part[:12]!r} has no '='")
        try:
            idx = allowed.index(key, pos)
        except ValueError:
            if key in out:
                raise ParseError(f"field {key} appears twice") from None
            if key in allowed:
                raise ParseError(f"field {key} is out of order") from None
            raise ParseError(f"unknown field {key!r}") from None
        for missing in allowed[pos:idx]:
            if missing in keys:
                raise ParseError(f"missing field {missing}")
        out[key] = value
        pos = idx + 1
    for key in keys:
        if key not in out:
            raise ParseError(f"missing field {key}")
    return out
