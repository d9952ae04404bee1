"""The search over any registered game, as the engine holds it: its legal moves in the
engine's order, the state itself as the key (states are immutable values), the score
as the value (negated for a game whose score is better when lower, so that higher is
better), and a win when the game says "won". It knows the order of every card, as the
engine does (as KPatience's and Solvitaire's published figures do).

No game-specific ordering, safe moves or bounds yet: its verdicts are proven, but a
large position can end at the budget with ``best ... at-least`` or ``unknown``.

>>> from pyapp.games import get_game
>>> g = get_game("square")
>>> state = g.deal(1, g.parse_options("ends"))
>>> v = solve_state("square", state, budget=2_000); v.kind in ("won", "best", "impossible", "unknown"), v.nodes <= 2_000
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..game import AnyGame
from ..games import GameEntry, entry
from .core import BUDGET, SLICE, Problem, Verdict, solve


class GameProblem(Problem[Any]):
    """The search's view of one game (see the module doc)."""

    def __init__(self, game_entry: GameEntry) -> None:
        self.game: AnyGame = game_entry.game
        self.sign = -1 if game_entry.lower_is_better else 1
        self._has_win = game_entry.can_win

    def moves(self, state: Any) -> list[str]:
        return self.game.legal_moves(state)

    def apply(self, state: Any, move: str) -> Any:
        return self.game.apply(state, move)

    def value(self, state: Any) -> int:
        return self.sign * self.game.score(state)

    def won(self, state: Any) -> bool:
        return self.game.status(state) == "won"

    @property
    def has_win(self) -> bool:
        return self._has_win

    def score_of(self, value: int) -> int:
        """The game's own score for a value of the search."""
        return self.sign * value


def problem_for(game_id: str) -> GameProblem:
    """The problem of the registered game ``game_id`` (ParseError for an unknown one)."""
    return GameProblem(entry(game_id))


def solve_state(game_id: str, state: Any, budget: int = BUDGET, slice_nodes: int = SLICE) -> Verdict:
    """The verdict for ``state`` of game ``game_id``, its score in the game's own terms (Gravity's piles)."""
    problem = problem_for(game_id)
    verdict = solve(problem, state, budget, slice_nodes)
    if verdict.score is None:
        return verdict
    return Verdict(verdict.kind, problem.score_of(verdict.score), verdict.line, verdict.exact, verdict.nodes)
