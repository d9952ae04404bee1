"""Zodiac's solver, one suit at a time: the most cards of one suit that can still reach its
two foundations (:func:`suit_best`, the bound the solver prunes with), and a suit's plan for
phase 1 (:class:`PlanSearch`, :func:`plan_suit`, which orders the solver's moves). Both
count their work on one meter (:data:`WORK`): a search's step stops when its share is used
up and resumes in the next (:class:`~pyapp.solve.core.Pending`), so that no step is long.
The proofs are in :mod:`pyapp.games.zodiac.solver`'s module doc.
"""

from __future__ import annotations

from typing import Final

from ...solve.core import Pending

__all__ = ["NO_LIMIT", "PLAN_BUDGET", "PLAN_TOTAL", "STEP_WORK", "WORK", "PlanSearch", "SuitConfig",
           "keeps_direction", "plan_suit", "suit_best", "suit_config", "suit_piles", "work_done"]


# -- one suit ---------------------------------------------------------------------------------

#: suit_best's results by (up, down, piles) as bytes (keys and values the garbage collector
#: does not track, so that it never walks this table: a full pass over a table of tuples took
#: 10-15 ms, within one step of a search), in 16 tables by the key's hash, each cleared when
#: full: growing or clearing one table of 400,000 took 15-20 ms within one step.
_MEMO: Final[tuple[dict[bytes, int], ...]] = tuple({} for _ in range(16))
_MEMO_LIMIT: Final = 25_000

#: No limit on the work of a call (outside a search's step).
NO_LIMIT: Final = 1 << 62
#: The work meter: units of work done so far (a position of :func:`suit_best` computed, a
#: node of a plan search), and the count at which the running step must stop (:class:`Pending`).
WORK: list[int] = [0, NO_LIMIT]
#: The work one call of a search's step (``moves`` or ``apply``) may do, for a problem made
#: by :func:`problem` (the one searches use): about 2-4 ms in CPython.
STEP_WORK: Final = 600


def work_done() -> int:
    """The units of work done so far by this module's searches (a meter, for tests and benches)."""
    return WORK[0]


def _charge() -> None:
    """One unit of work; :class:`Pending` when the step's share is used up (nothing changed yet)."""
    w = WORK
    if w[0] >= w[1]:
        raise Pending
    w[0] += 1


def suit_best(up: int, down: int, piles: tuple[bytes, ...]) -> int:
    """The most cards one suit's two foundations can hold by the end of phase 2.

    ``up``/``down``: the foundation tops as card codes (``16k`` for an empty ``Fu``,
    ``16k + 14`` for an empty ``Fd``); ``piles``: the suit's zodiac piles of two or more
    cards (codes bottom to top), sorted. Every other card of the suit not on a foundation
    is free. Exhaustive over the suit's phase-2 moves, memoised.

    >>> suit_best(0, 14, ()), suit_best(0, 14, (bytes([5, 6, 7]),))
    (26, 26)
    >>> suit_best(0, 14, (bytes([2, 1]), bytes([12, 13])))
    26
    >>> suit_best(0, 14, (bytes([1, 2, 3]), bytes([1, 2, 3])))  # both aces buried: Fu never starts
    13
    """
    key = bytes((up, down)) + b"\xff".join(piles)  # (codes are below 64: 0xff parts them)
    memo = _MEMO[hash(key) & 15]
    got = memo.get(key)
    if got is not None:
        return got
    _charge()  # (in a search's step: Pending once its share is used; what was memoised stays)
    base = up & ~15
    count = (up - base) + (base + 14 - down)
    best = count
    if count < 26:
        for is_up in (True, False):
            if is_up:
                if up - base == 13:
                    continue
                target = nu = up + 1
                nd = down
            else:
                if down - base == 1:
                    continue
                target = nd = down - 1
                nu = up
            # the copies of the card off the foundations, minus those in the piles: free
            r = target - base
            free = 2 - (r <= up - base) - (r >= down - base)
            tried: set[bytes] = set()
            for i, pile in enumerate(piles):
                free -= pile.count(target)
                if pile[-1] == target and pile not in tried:
                    tried.add(pile)  # two equal piles: either gives the same position
                    rest = pile[:-1]
                    new = tuple(sorted(piles[:i] + (rest,) + piles[i + 1:])) if len(rest) >= 2 else piles[:i] + piles[i + 1:]
                    value = suit_best(nu, nd, new)
                    if value > best:
                        best = value
            if free > 0 and best < 26:
                value = suit_best(nu, nd, piles)
                if value > best:
                    best = value
            if best == 26:
                break
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = best
    return best


def suit_piles(zodiac: tuple[bytes, ...], suit: int) -> tuple[bytes, ...]:
    return tuple(sorted(p for p in zodiac if len(p) >= 2 and p[0] >> 4 == suit))


# -- one suit's plan for phase 1 -------------------------------------------------------------

#: A suit's zodiac piles (all of them, codes bottom to top), sorted: with the foundation tops
#: (empty in phase 1) it fixes the suit's free cards (the rest of its 26).
SuitConfig = tuple[bytes, ...]
#: Nodes one plan search may visit.
PLAN_BUDGET: Final = 4_000
#: Nodes all the plan searches of one problem may visit together.
PLAN_TOTAL: Final = 40_000


def suit_config(zodiac: tuple[bytes, ...], suit: int) -> SuitConfig:
    return tuple(sorted(p for p in zodiac if p and p[0] >> 4 == suit))


def _pool(config: SuitConfig, up: int, down: int, base: int) -> list[int]:
    """Per code of the suit, how many copies are free (neither on a pile nor a foundation)."""
    count = [0] * 16
    for r in range(1, 14):
        count[r] = 2 - (r <= up) - (r >= down)
    for pile in config:
        for c in pile:
            count[c - base] -= 1
    return count


class PlanSearch:
    """One suit's plan search (see :func:`plan_suit`), resumable: :meth:`run` goes on where it
    stopped when a step's work ran out (:class:`Pending`), so the plan of a position can be
    spread over many steps of the search, each short, and comes out the same."""

    def __init__(self, config: SuitConfig, up: int, down: int, base: int, budget: int = PLAN_BUDGET) -> None:
        self.config, self.up, self.down, self.base, self.budget = config, up, down, base, budget
        self.free = _pool(config, up, down, base)
        self.visited: set[SuitConfig] = set()
        self.best: tuple[int, list[tuple[SuitConfig, int, int]]] | None = None
        self.path: list[tuple[SuitConfig, int, int]] = []
        #: Nodes visited (each call of the depth-first walk counts one, as the budget does).
        self.nodes = 0
        #: The walk's frames: [config, cards left, children (order, card, pile), next child].
        self.stack: list[tuple[SuitConfig, int, list[tuple[int, int, int]], list[int]]] = []
        #: The call to make next (a configuration and its cards left), None: the last returned.
        self.call: tuple[SuitConfig, int] | None = (config, sum(self.free[1:14]))
        self.done = False

    def _enter(self, cfg: SuitConfig, left: int) -> bool | None:
        """A call of the walk on ``cfg``: True or False when it returns at once (found a plan
        that leaves nothing / nothing here), None when it pushed a frame. Pending before any change."""
        _charge()
        self.nodes += 1
        if cfg in self.visited or self.nodes > self.budget:
            return False
        base = self.base
        try:
            clearable = suit_best(base + self.up, base + self.down, tuple(p for p in cfg if len(p) >= 2)) >= 26
        except Pending:
            self.nodes -= 1
            raise
        self.visited.add(cfg)
        if not clearable:
            return False
        if self.best is None or left < self.best[0]:
            self.best = (left, self.path + [(cfg, 0, 0)])
            if left <= 0:
                return True
        children: list[tuple[int, int, int]] = []
        free = self.free
        for j, pile in enumerate(cfg):
            if j and cfg[j - 1] == pile:
                continue
            t = pile[-1]
            for c in (t + 1, t - 1) if len(pile) < 2 or pile[-1] > pile[-2] else (t - 1, t + 1):
                if free[c - base] > 0:
                    children.append((0 if keeps_direction(pile, c) else 1, c, j))
        children.sort()
        self.stack.append((cfg, left, children, [0]))
        return None

    def run(self) -> bool:
        """Walk on until the plan search ends (True); Pending when the step's work runs out."""
        stack, free, base = self.stack, self.free, self.base
        while not self.done:
            returned: bool | None = None
            if self.call is not None:
                returned = self._enter(*self.call)
                self.call = None
            if returned is not None:  # the last call returned
                if returned or not stack:
                    self.done = True
                    break
                _, _, children, at = stack[-1]
                free[children[at[0] - 1][1] - base] += 1
                self.path.pop()
            cfg, left, children, at = stack[-1]
            if at[0] == len(children):
                stack.pop()  # every child tried: this call returns False
                if not stack:
                    self.done = True
                    break
                _, _, children, at = stack[-1]
                free[children[at[0] - 1][1] - base] += 1
                self.path.pop()
                continue
            _, c, j = children[at[0]]
            at[0] += 1
            free[c - base] -= 1
            self.path.append((cfg, c, j))
            self.call = (tuple(sorted(cfg[:j] + (cfg[j] + bytes((c,)),) + cfg[j + 1:])), left - 1)
        return True

    def found(self) -> list[tuple[SuitConfig, tuple[int, int, int]]]:
        """The plan found, as :func:`plan_suit` records it: for each of its configurations,
        ``(cards left at its end, card, pile index)`` of its next placement."""
        if self.best is None:
            return [(self.config, (99, 0, 0))]
        left, steps = self.best
        return [(cfg, (left, c, j)) for cfg, c, j in steps]


def plan_suit(config: SuitConfig, up: int, down: int, base: int, plans: dict[SuitConfig, tuple[int, int, int]],
              budget: int = PLAN_BUDGET) -> int:
    """Look for placements of the suit's free cards onto its piles after which the suit can
    still be cleared in phase 2 (``suit_best`` 26) with as few free cards left as it finds
    (a depth-first search of at most ``budget`` nodes). Records in ``plans``, for each
    configuration of the best plan found, ``(cards left at its end, card, pile index)`` of its
    next placement (``card`` 0 at its end), and ``(99, 0, 0)`` for ``config`` when none is
    found. Returns the nodes it used. Only an ordering hint for the search: nothing is
    proved from it. (In one go: :class:`PlanSearch` is the same search in steps.)

    >>> plans: dict[SuitConfig, tuple[int, int, int]] = {}
    >>> config = (bytes([5]), bytes([9]))
    >>> plan_suit(config, 0, 14, 0, plans) > 0, plans[config][0]  # 24 free cards: 5 of them left
    (True, 5)
    """
    search = PlanSearch(config, up, down, base, budget)
    search.run()
    plans.update(search.found())
    return search.nodes


def keeps_direction(pile: bytes, c: int) -> bool:
    """Putting ``c`` on ``pile`` keeps it building one way (a pile that turns buries the
    cards its foundations need first)."""
    return len(pile) < 2 or c - pile[-1] == pile[-1] - pile[-2]
