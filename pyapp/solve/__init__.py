"""Solvers: the best result still reachable from a position, proven (:mod:`pyapp.core.search`),
for any registered game (:mod:`pyapp.solve.games`)."""

from __future__ import annotations

from ..core.search import BUDGET, SLICE, Problem, Search, Verdict, slices, solve
from .games import EngineProblem, engine_verdict, problem_for, solve_state

__all__ = ["BUDGET", "SLICE", "EngineProblem", "Problem", "Search", "Verdict", "engine_verdict", "problem_for",
           "slices", "solve", "solve_state"]
