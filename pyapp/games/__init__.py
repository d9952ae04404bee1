"""The registry of games: one :class:`GameEntry` per game, by id.

Each game is a package ``pyapp/games/<id>/`` whose ``__init__`` defines
``ENTRY``, a :class:`GameEntry`: its rules (``rules.py``), its table view
(``table.py``), its hint (``hints.py``) and what the start screen and the
statistics say of it. The built-in games are found by discovery, the first time
the registry is read: every subpackage here that has an ``ENTRY`` is registered.
Nothing outside a game's own folder names it; everything reads this registry
(docs/ADDING-A-GAME.md).

>>> [e.id for e in entries()][:4]  # the built-in games (a new one joins by its order)
['gravity', 'square', 'gyre', 'zodiac']
>>> e = entry("square")
>>> e.title, e.short_title, e.lower_is_better, e.band(50)
('Solitaire Square', 'Square', False, '')
>>> get_game("gyre").title, get_view("gyre").game is get_game("gyre")
('Gyre', True)
>>> get_view("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pyapp.core.errors.ParseError: unknown game 'nope'; known: gravity, square, gyre, zodiac...
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.errors import ParseError
from ..core.game import AnyGame
from ..i18n import N_, _, ngettext
from ..core.table import GameView

if TYPE_CHECKING:
    from random import Random

__all__ = ["Conformance", "GameEntry", "all_games", "entries", "entry", "get_game", "get_view", "moves_made", "register",
           "reshuffled", "unregister"]

_T = TypeVar("_T")

#: A game's heuristic: one good legal move token for a state it is playing, or None.
Hinter = Callable[[Any], str | None]
#: A game's solver: the search problem (:class:`pyapp.core.search.Problem`) for positions like
#: the given engine state (its options; None: the default rules). Import the solver's module
#: inside it, so that the page loads it only when it searches.
SolverFactory = Callable[[Any], Any]


@dataclass(frozen=True, kw_only=True)
class Conformance:
    """What the shared tests (the conformance suite, ``tests/conformance.py``) need to know of
    one game that only the game knows: a game's folder declares it (its ``conformance.py``),
    so that adding a game touches no shared test."""

    #: The game's daily deal on the suite's fixed dates (``tests/conformance.py`` DAILY_DATES),
    #: pinned forever: (ISO date, seed). A daily deal is the same for everyone, for ever.
    daily: tuple[tuple[str, int], ...]
    #: The option texts the hint tests play, the default ("") first: every variant that changes
    #: what the hint sees.
    configs: tuple[str, ...] = ("",)
    #: ``hidden_shuffled(state, rng)``: the same position as the player sees it, with the
    #: face-down cards in another order (``rng``, a :class:`random.Random`, shuffles them); the
    #: state itself for a game that has none. A hint must not change.
    hidden_shuffled: Callable[[Any, Random], Any]
    #: The deal whose tables the phone layout tests measure: (options, seed).
    phone: tuple[str, int] = ("", 1)
    #: Whether "Larger cards" grows the cards of that deal (upright, on its side): False where
    #: the table has no room to spare (Square on its side keeps its rows tight for 44 px cards).
    grows: tuple[bool, bool] = (True, True)


def reshuffled(cards: tuple[_T, ...], rng: Random) -> tuple[_T, ...]:
    """``cards`` in another order (``rng`` shuffles a copy): the face-down cards of a
    :attr:`Conformance.hidden_shuffled`.

    >>> import random
    >>> sorted(reshuffled((3, 1, 2), random.Random(1)))
    [1, 2, 3]
    """
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """Everything the app knows of one game, in one place."""

    #: The rules (:class:`pyapp.core.game.Game`); its ``id`` and ``title`` are the entry's.
    game: AnyGame
    #: The table view (:class:`pyapp.core.table.GameView`).
    view: GameView
    #: The start screen's tile text: marked with ``N_``, translated with ``_`` where it is shown.
    blurb: str
    #: The daily deal button's label ("Square" for Solitaire Square): a game's name, never translated.
    short_title: str
    #: The place on the start screen (and in every list of games): lower first.
    order: int
    #: The hint's heuristic (:func:`pyapp.app.hints.hint`); None: the first legal move.
    hint: Hinter | None = None
    #: The score is better when lower (statistics: best, rank, charts).
    lower_is_better: bool = False
    #: The sound of a move that makes the score better (:mod:`pyapp.ui.sounds`): a capture or a card
    #: reaching a foundation ("score"); Gravity's collapse; "place" where every move does.
    score_sound: str = "score"
    #: The rating bands the statistics count: (label, highest score), lowest first.
    bands: tuple[tuple[str, int], ...] = ()
    #: Option texts the benchmarks play besides the default (bench/playouts.py, bench/hints.py).
    variants: tuple[str, ...] = ()
    #: The deal the per-move benchmarks play (bench/controller_cost.py, bench/input_latency.py).
    bench_seed: int = 1
    #: The game has a win (a "won" status); one without (Gyre) is only scored. The solver
    #: proves a deal impossible only for a game that can be won.
    can_win: bool = True
    #: The game's own solver (pyapp/solve/games.py); None: the search over the engine as it is.
    solver: SolverFactory | None = None
    #: For a game without a win: the best scores New deal can ask the solver's deals to reach.
    levels: tuple[int, ...] = ()
    #: How many times a verdict left undetermined offers "Keep looking", each search taking
    #: :data:`pyapp.solve.verdicts.DEEPER` times the nodes of the one before (0: never).
    deeper: int = 0
    #: A score in words, for the solver's verdicts ("3 piles left"; "a final score of 58"), in
    #: the language in use.
    # Translators: a score in the solver's words ("The best still possible from here: a final score of 58.")
    result_words: Callable[[int], str] = lambda score: _("a final score of {score}").format(score=score)
    #: What the score counts, one and many: the statistics and the end screen speak of it.
    #: Each marked with ``N_``, translated with ``_`` where it is shown (a score with its unit,
    #: one message: :meth:`amount`).
    # Translators: what a score counts, after a number (an average: "40.5 points")
    unit: tuple[str, str] = (N_("point"), N_("points"))
    #: A score with its unit, in the language in use ("3 piles left"), for :meth:`amount`.
    amount_words: Callable[[int], str] = lambda score: ngettext("{n} point", "{n} points", score).format(n=score)
    #: What a win is, for a game that has one ("one pile left"): marked with ``N_``, translated
    #: with ``_`` where it is shown.
    win_words: str = ""
    #: The tip that opens a player's deals of this game until they say "Got it": at most
    #: three short lines (what to do, what the blue dots mark, how it ends), each marked
    #: with ``N_`` and translated where shown.
    tip: tuple[str, ...] = ()
    #: Whether a move token is a move of the player's, as the status line and the statistics
    #: count them (:meth:`moves_made`): a token that only settles the move before it (Gravity's
    #: choice of the pile that slides into the hole) is not. The default: every token is one.
    #: Links, replays and the move log keep every token all the same.
    is_move: Callable[[str], bool] = lambda token: True
    #: What the conformance suite needs of this game (golden daily deals, the hints' variants and
    #: hidden cards, the phone's deal); None fails the suite.
    conformance: Conformance | None = None

    def amount(self, score: int) -> str:
        """A score with its unit, in the language in use.

        >>> entry("gravity").amount(1), entry("gyre").amount(58), entry("zodiac").amount(3)
        ('1 pile left', '58 points', '3 cards home')
        """
        return self.amount_words(score)

    def moves_made(self, tokens: Iterable[str]) -> int:
        """How many moves the player made in ``tokens`` (a game's move log), as the player
        counts them (:attr:`is_move`).

        >>> entry("gyre").moves_made(["R", "SAD1"]), entry("gravity").moves_made(["c3d3", "c2", "d2", "e4e3", "m"])
        (2, 3)
        """
        return sum(1 for token in tokens if self.is_move(token))

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    def band(self, score: int) -> str:
        """The label of the rating band ``score`` falls in; "" for a game without bands
        (or a score above its last band).

        >>> entry("gravity").band(1), entry("gravity").band(4), entry("gravity").band(30), entry("gyre").band(4)
        ('1', '4–5', '8+', '')
        """
        return next((label for label, top in self.bands if score <= top), "")


_ENTRIES: dict[str, GameEntry] = {}
_discovered = False


def _discover() -> None:
    """Register the ``ENTRY`` of every game package in this folder, once. A plain
    folder is enough (in the page, ``pyapp/`` is unpacked from a zip)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    try:
        for info in pkgutil.iter_modules(__path__, f"{__name__}."):
            if not info.ispkg:
                continue
            found = getattr(importlib.import_module(info.name), "ENTRY", None)
            if isinstance(found, GameEntry) and found.id not in _ENTRIES:
                _add(found)
    except BaseException:
        _discovered = False
        raise


def _add(game_entry: GameEntry) -> None:
    _ENTRIES[game_entry.id] = game_entry
    ordered = sorted(_ENTRIES.values(), key=lambda e: e.order)
    _ENTRIES.clear()
    _ENTRIES.update((e.id, e) for e in ordered)


def register(game_entry: GameEntry) -> None:
    """Add a game, or replace the one of the same id; the entries stay in ``order``.
    The built-in games are discovered first, so a game registered here wins."""
    if game_entry.view.game.id != game_entry.id:
        raise ValueError(f"the view of {game_entry.id!r} is the view of {game_entry.view.game.id!r}")
    _discover()
    _add(game_entry)


def unregister(game_id: str) -> None:
    """Take a game out of the registry (for tests); nothing happens if it is not there."""
    _discover()
    _ENTRIES.pop(game_id, None)


def entry(game_id: str) -> GameEntry:
    """The entry of this game; ParseError naming the known games if there is none (in the
    language in use: a link to an unknown game says it)."""
    _discover()
    try:
        return _ENTRIES[game_id]
    except KeyError:
        # Translators: {game} is the game id a link names; {known} lists the games' ids (gravity, square, ...)
        raise ParseError(_("unknown game {game}; known: {known}").format(game=repr(game_id[:20]),
                                                                         known=", ".join(_ENTRIES))) from None


def moves_made(game_id: str, tokens: Iterable[str]) -> int:
    """The moves the player made in a game's move log ``tokens``, as the status line, the end
    screen and the statistics count them (:meth:`GameEntry.moves_made`); every token for a game
    this app does not know.

    >>> moves_made("gravity", ("c3d3", "c2")), moves_made("some future game", ("c3d3", "c2"))
    (1, 2)
    """
    _discover()
    known = _ENTRIES.get(game_id)
    return known.moves_made(tokens) if known is not None else sum(1 for _token in tokens)


def entries() -> list[GameEntry]:
    """Every game, in start-screen order."""
    _discover()
    return list(_ENTRIES.values())


def get_game(game_id: str) -> AnyGame:
    """The rules of this game; ParseError naming it if there is none."""
    return entry(game_id).game


def get_view(game_id: str) -> GameView:
    """The table view of this game; ParseError naming it if there is none."""
    return entry(game_id).view


def all_games() -> list[AnyGame]:
    """The rules of every game, in start-screen order."""
    return [e.game for e in entries()]
