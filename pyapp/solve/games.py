"""The search over any registered game, as the engine holds it: its legal moves in the
engine's order, the state itself as the key (states are immutable values), the score
as the value (negated for a game whose score is better when lower, so that higher is
better), and a win when the game says "won". It knows the order of every card, as the
engine does (as KPatience's and Solvitaire's published figures do).

A game whose registry entry names a ``solver`` (its own :class:`~pyapp.core.search.Problem`,
with move ordering, safe moves, bounds and compact keys, in ``pyapp/games/<id>/solver.py``)
is searched with it; any other game with :class:`EngineProblem`, which has none of these:
its verdicts are proven too, but a large position ends at the budget more often.

>>> from pyapp.games import get_game
>>> g = get_game("square")
>>> state = g.deal(1, g.parse_options("ends"))
>>> v = solve_state("square", state, budget=2_000); v.kind in ("won", "best", "impossible", "unknown"), v.nodes <= 2_000
(True, True)
"""

from __future__ import annotations

from typing import TypeVar

from ..core.game import AnyGame
from ..games import GameEntry, entry
from ..core.search import SLICE, Problem, Verdict, solve

S = TypeVar("S")


class EngineProblem(Problem[object]):
    """The search's view of one game (see the module doc): its states are the engine's, which
    it only hands back to the game."""

    def __init__(self, game_entry: GameEntry) -> None:
        self.game: AnyGame = game_entry.game
        self.sign = -1 if game_entry.lower_is_better else 1
        self._has_win = game_entry.can_win

    def moves(self, state: object) -> list[str]:
        return self.game.legal_moves(state)

    def apply(self, state: object, move: str) -> object:
        return self.game.apply(state, move)

    def value(self, state: object) -> int:
        return self.sign * self.game.score(state)

    def won(self, state: object) -> bool:
        return self.game.status(state) == "won"

    @property
    def has_win(self) -> bool:
        return self._has_win

    def score_of(self, value: int) -> int:
        """The game's own score for a value of the search."""
        return self.sign * value


def problem_for(game_id: str, state: object = None) -> Problem[object]:
    """The problem of the registered game ``game_id`` for positions like ``state`` (its
    options): the game's own solver when it has one, else :class:`EngineProblem`.
    ParseError for an unknown game.

    A game's own solver searches states of its own (:meth:`~pyapp.core.search.Problem.start`
    makes one from the engine's), which the caller does not look into: they are ``object``
    here, and go back only to the problem that made them (as in :func:`solve_state`)."""
    game_entry = entry(game_id)
    if game_entry.solver is not None:
        problem: Problem[object] = game_entry.solver(state)
        return problem
    return EngineProblem(game_entry)


def engine_verdict(problem: Problem[S], verdict: Verdict) -> Verdict:
    """``verdict`` with its score in the game's own terms (Gravity's piles)."""
    score = None if verdict.score is None else problem.score_of(verdict.score)
    upper = None if verdict.upper is None else problem.score_of(verdict.upper)
    return Verdict(verdict.kind, score, verdict.line, verdict.exact, verdict.nodes, upper)


def solve_state(game_id: str, state: object, budget: int | None = None, slice_nodes: int = SLICE,
                deepen: int = 1) -> Verdict:
    """The verdict for the engine's ``state`` of game ``game_id``, its score in the game's own
    terms (Gravity's piles), its line the engine's move tokens; ``budget`` None: the game's own
    (:attr:`pyapp.core.search.Problem.budget`), ``deepen`` times (:meth:`~pyapp.core.search.Problem.deepen`,
    as the page's Keep looking)."""
    problem = problem_for(game_id, state)
    if deepen > 1:
        problem.deepen(deepen)
    return engine_verdict(problem, solve(problem, problem.start(state), budget, slice_nodes))
