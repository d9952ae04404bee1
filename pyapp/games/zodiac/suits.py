"""Zodiac's solver, one suit at a time: the most cards of one suit that can still reach its
two foundations (:func:`suit_best`, the bound the solver prunes with), and a suit's plan for
phase 1 (:class:`PlanSearch`, :func:`plan_suit`, which orders the solver's moves). Both
count their work on one meter (:data:`WORK`): a search's step stops when its share is used
up and resumes in the next (:class:`~pyapp.core.search.Pending`), so that no step is long.
The proofs are in :mod:`pyapp.games.zodiac.solver`'s module doc.
"""

from __future__ import annotations

from typing import Final

from ...core.search import Pending

__all__ = ["DEEP_BUDGET", "NO_LIMIT", "PLAN_BUDGET", "PLAN_TOTAL", "STEP_WORK", "WORK", "PlanSearch", "SuitConfig",
           "keeps_direction", "plan_suit", "suit_best", "suit_config", "suit_piles", "witness", "work_done"]


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
#: Nodes a deeper plan search may visit, when the four plans leave more than 8 cards.
DEEP_BUDGET: Final = 20_000
#: Nodes all the plan searches of one problem may visit together (and as many again, the
#: deeper ones).
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


# -- a clearing order as a witness ----------------------------------------------------------

#: A clearing order of a suit's configuration: per pile of the configuration (in its order)
#: the time (the index in the order of foundation plays) its top card is played, and per
#: rank (code minus base) the times the copies not on a pile are played, latest first.
Witness = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def witness(config: SuitConfig, up: int, down: int, base: int) -> Witness | None:
    """A clearing order of the suit's configuration (every card of the suit not on a pile or a
    foundation free), or None when it cannot be cleared (``suit_best`` below 26). Follows
    ``suit_best``'s own choices (Pending as it may)."""
    big = tuple(p for p in config if len(p) >= 2)
    if suit_best(base + up, base + down, big) < 26:
        return None
    piles = [bytearray(p) for p in config]
    tops = [-1] * len(config)
    demoted = [0] * 16  # per rank: copies under a pile top that are free now (their pile is one card)
    truly = [2 - (r <= up) - (r >= down) for r in range(16)]
    for p in config:
        for c in p:
            truly[c - base] -= 1
    singles = [0] * 16
    for p in config:
        if len(p) == 1:
            singles[p[0] - base] += 1
    free_times: list[list[int]] = [[] for _ in range(16)]
    single_times: list[list[int]] = [[] for _ in range(16)]
    nu, nd, t = base + up, base + down, 0
    while (nu - base) + (base + 14 - nd) < 26:
        for is_up in (True, False):
            if is_up:
                if nu - base == 13:
                    continue
                target, cu, cd = nu + 1, nu + 1, nd
            else:
                if nd - base == 1:
                    continue
                target, cu, cd = nd - 1, nu, nd - 1
            chosen = -1
            for i, q0 in enumerate(piles):
                if len(q0) >= 2 and q0[-1] == target:
                    rest = tuple(sorted(bytes(q if k != i else q[:-1]) for k, q in enumerate(piles)
                                        if len(q) >= 2 and (k != i or len(q) >= 3)))
                    if suit_best(cu, cd, rest) == 26:
                        chosen = i
                        break
            r = target - base
            if chosen < 0:
                if truly[r] + demoted[r] + singles[r] == 0:
                    continue
                big = tuple(sorted(bytes(q) for q in piles if len(q) >= 2))
                if suit_best(cu, cd, big) < 26:
                    continue
                if truly[r]:
                    truly[r] -= 1
                    free_times[r].append(t)
                elif demoted[r]:
                    demoted[r] -= 1
                else:
                    singles[r] -= 1
                    single_times[r].append(t)
            else:
                pile = piles[chosen]
                if tops[chosen] < 0:
                    tops[chosen] = t
                pile.pop()
                if len(pile) == 1:
                    demoted[pile[0] - base] += 1
            nu, nd, t = cu, cd, t + 1
            break
        else:
            raise AssertionError("suit_best said 26")
    for i, p in enumerate(config):
        if len(p) == 1:
            tops[i] = single_times[p[0] - base].pop()
    return tuple(tops), tuple(tuple(sorted(ts, reverse=True)) for ts in free_times)


class PlanSearch:
    """One suit's plan search (see :func:`plan_suit`), resumable: :meth:`run` goes on where it
    stopped when a step's work ran out (:class:`Pending`), so the plan of a position can be
    spread over many steps of the search, each short, and comes out the same.

    Each configuration it enters carries a clearing order (:func:`witness`); a placement of a
    free copy of ``c`` on a pile whose top is played after that copy keeps the same order
    valid (``c`` is then on top of the pile and leaves it when that copy did), so that child
    needs no search of its own (only ordering: nothing is proved from a plan)."""

    def __init__(self, config: SuitConfig, up: int, down: int, base: int, budget: int = PLAN_BUDGET,
                 enough: int = 0) -> None:
        self.config, self.up, self.down, self.base, self.budget = config, up, down, base, budget
        #: A plan leaving this many free cards or fewer ends the search.
        self.enough = enough
        self.free = _pool(config, up, down, base)
        self.visited: set[SuitConfig] = set()
        self.best: tuple[int, list[tuple[SuitConfig, int, int]]] | None = None
        self.path: list[tuple[SuitConfig, int, int]] = []
        #: Nodes visited (each call of the depth-first walk counts one, as the budget does).
        self.nodes = 0
        #: The walk's frames: (config, cards left, children (order, card, pile, child's
        #: configuration, its witness or None), [next child]).
        self.stack: list[tuple[SuitConfig, int, list[tuple[int, int, int, SuitConfig, Witness | None]], list[int]]] = []
        #: The call to make next (a configuration, its cards left, its witness if known), None:
        #: the last returned.
        self.call: tuple[SuitConfig, int, Witness | None] | None = (config, sum(self.free[1:14]), None)
        self.done = False

    def _enter(self, cfg: SuitConfig, left: int, wit: Witness | None) -> bool | None:
        """A call of the walk on ``cfg``: True or False when it returns at once (found a plan
        that leaves nothing / nothing here), None when it pushed a frame. Pending before any change."""
        _charge()
        self.nodes += 1
        if cfg in self.visited or self.nodes > self.budget:
            return False
        base = self.base
        if wit is None:
            try:
                wit = witness(cfg, self.up, self.down, base)
            except Pending:
                self.nodes -= 1
                raise
        self.visited.add(cfg)
        if wit is None:
            return False
        if self.best is None or left < self.best[0]:
            self.best = (left, self.path + [(cfg, 0, 0)])
            if left <= self.enough:
                return True
        children: list[tuple[int, int, int, SuitConfig, Witness | None]] = []
        free = self.free
        tops, free_times = wit
        n = len(cfg)
        for j, pile in enumerate(cfg):
            if j + 1 < n and cfg[j + 1] == pile:
                continue  # equal piles: the last (its top played latest)
            t = pile[-1]
            for c in (t + 1, t - 1) if len(pile) < 2 or pile[-1] > pile[-2] else (t - 1, t + 1):
                r = c - base
                if free[r] > 0:
                    order = 0 if keeps_direction(pile, c) else 2
                    x = next((x for x in free_times[r] if x < tops[j]), -1)
                    child_wit: Witness | None = None
                    if x >= 0:
                        pairs = sorted(zip(cfg[:j] + (pile + bytes((c,)),) + cfg[j + 1:], tops[:j] + (x,) + tops[j + 1:]))
                        ft = list(free_times[r])
                        ft.remove(x)
                        child_wit = (tuple(q for _, q in pairs), free_times[:r] + (tuple(ft),) + free_times[r + 1:])
                        child = tuple(p for p, _ in pairs)
                    else:
                        order += 1
                        child = tuple(sorted(cfg[:j] + (pile + bytes((c,)),) + cfg[j + 1:]))
                    children.append((order, c, j, child, child_wit))
        children.sort(key=lambda ch: ch[:3])
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
            _, c, j, child, child_wit = children[at[0]]
            at[0] += 1
            free[c - base] -= 1
            self.path.append((cfg, c, j))
            self.call = (child, left - 1, child_wit)
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
