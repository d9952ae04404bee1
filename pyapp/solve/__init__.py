"""Solvers: the best result still reachable from a position, proven (:mod:`pyapp.solve.core`),
for any registered game (:mod:`pyapp.solve.games`)."""

from __future__ import annotations

from .core import BUDGET, SLICE, Problem, Search, Verdict, slices, solve
from .games import GameProblem, problem_for, solve_state

__all__ = ["BUDGET", "SLICE", "GameProblem", "Problem", "Search", "Verdict", "problem_for", "slices", "solve",
           "solve_state"]
