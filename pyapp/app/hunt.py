"""New deal's "Winnable deals only" (Gyre: a deal whose best score reaches a level): a deal
from the game's pre-solved pool at once (:mod:`pyapp.core.pool`, the file the page loads
for the rules being played), else a hunt that tries deal after deal in slices until the
solver proves one.

From a pool, the deal is one the player has not played yet, drawn at random from the pool's
seeds that fit (a fresh deal, as New deal always gives, but known winnable); when the player
has played them all, any of them. Today's and yesterday's daily deals are never drawn, so a
game dealt this way is never taken for the daily deal. The deal is then searched in slices
(where the solver's worker runs, it searches the new deal anyway, off the page's thread): the
record learns its verdict and line, as it does of a deal hunted for.

>>> from pyapp.core.pool import Pool
>>> h = Hunter(None, lambda *a, **k: None, lambda t: None, pick=lambda n: 0)
>>> h.wanted("gravity", ""), h.wanted("gravity", "decks=2")  # (a pool only for the default rules and the variants)
('gravity.pool', '')
>>> h.pool_loaded("gravity.pool", Pool("gravity", "", 1, 1, 4, "won", bytes([1, 0, 1, 1])).encode())
''
>>> h.pick("gravity", "", None, played={1}), h.wanted("gravity", "")
(3, '')
>>> h.pool_loaded("square.pool", b"<html>404</html>"); h.pick("square", "", None)  # refused: the search
'square.pool: pool file: it does not start with ORBP; winnable deals are searched for'
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..core.links import SPEC_VERSION
from ..core.pool import Pool, PoolError, pool_name
from ..games import entry
from ..i18n import _, ngettext
from ..solve.verdicts import SLICE_GAP, SLICE_SECONDS
from ..ui.view import Timer

if TYPE_CHECKING:  # the search itself is imported when a search starts (not at the page's start)
    from ..solve import Problem, Search, Verdict
    from .can_win import CanWin, Say

#: The nodes a deal hunt gives each deal it tries: wins are found fast or not at all, and a
#: deal the search cannot settle in that many is passed over for the next.
HUNT_BUDGET: Final = 30_000


@dataclass
class Hunt:
    """A search for a deal that can be won (or, for a game without a win, whose best score
    reaches ``level``), one deal after another, in slices; ``pooled``: the search of one deal
    from the pool, already dealt, for the record to learn its line."""

    game_id: str
    options: str
    level: int | None
    seed: int = 0
    tried: int = 0
    search: Search[Any] | None = None
    problem: Problem[Any] | None = None
    ticket: int = 0
    #: The deal's verdict, once it is found.
    verdict: Verdict | None = None
    pooled: bool = False

    def next_deal(self) -> None:
        """Draw the next deal to try (its search is set up by the next slice)."""
        self.seed = secrets.randbelow(10**9)
        self.tried += 1
        self.ticket += 1
        self.search = self.problem = None

    def set_up(self) -> None:
        game = entry(self.game_id).game
        state = game.deal(self.seed, game.parse_options(self.options))
        from ..solve import Search, problem_for
        self.problem = problem_for(self.game_id, state)
        # (a pooled deal: searched as far as the study that pooled it, the game's own budget)
        self.search = Search(self.problem, self.problem.start(state), None if self.pooled else HUNT_BUDGET)

    def good(self, verdict: Verdict) -> bool:
        """The deal's verdict is what was asked for (proved by its line)."""
        if self.level is None:
            return verdict.kind == "won"
        return verdict.score is not None and verdict.score >= self.level

    def looking(self, done: bool = False) -> str:
        """What the hunt says while it looks (``done``: the sentence ends, as spoken).

        >>> Hunt("gyre", "", 40).looking(), Hunt("square", "", None).looking(done=True)
        ('Looking for a deal whose best score reaches 40…', 'Looking for a winnable deal.')
        """
        if self.level is None:
            return _("Looking for a winnable deal.") if done else _("Looking for a winnable deal…")
        said = _("Looking for a deal whose best score reaches {level}.") if done else \
            _("Looking for a deal whose best score reaches {level}…")
        return said.format(level=self.level)

    def progress(self) -> str:
        """What the hunt says every few deals it tried."""
        if self.level is None:
            said = ngettext("Looking for a winnable deal… {n} deal tried.",
                            "Looking for a winnable deal… {n} deals tried.", self.tried)
        else:
            said = ngettext("Looking for a deal whose best score reaches {level}… {n} deal tried.",
                            "Looking for a deal whose best score reaches {level}… {n} deals tried.", self.tried)
        return said.format(level=self.level, n=self.tried)


def pooled_words(seed: int, best: int | None) -> str:
    """What the page says of a deal dealt from the pool (``best``: its exact best score, for a
    game without a win).

    >>> pooled_words(412, None), pooled_words(77, 61)
    ('Deal 412: the solver has proved it can be won.', 'Deal 77: the solver has proved its best score is 61.')
    """
    if best is None:
        # Translators: New deal's "Winnable deals only" dealt at once a deal the solver has already won.
        return _("Deal {seed}: the solver has proved it can be won.").format(seed=seed)
    # Translators: as above, for Gyre (played for points): the deal's exact best score, proven in advance.
    return _("Deal {seed}: the solver has proved its best score is {score}.").format(seed=seed, score=best)


class Hunter:
    """The pools the page has loaded, and the hunt under way (see the module doc)."""

    def __init__(self, can_win: CanWin | None, say: Say, tell: Callable[[str], None],
                 pick: Callable[[int], int] = secrets.randbelow) -> None:
        self.can_win, self._say, self._tell, self._pick = can_win, say, tell, pick
        #: The search for a deal to deal, or None.
        self.hunt: Hunt | None = None
        self._hunts = 0
        #: The pools loaded, by file name; None: it could not be had or read (the search, then).
        self.pools: dict[str, Pool | None] = {}

    # -- the pools ------------------------------------------------------------------------------
    def wanted(self, game_id: str, options: str) -> str:
        """The pool file the page should load for these rules ("" when it has none, or it was tried)."""
        known = entry(game_id)
        if options and options not in known.variants:
            return ""
        name = pool_name(game_id, options)
        return "" if name in self.pools else name

    def pool_loaded(self, name: str, data: bytes | None) -> str:
        """The page loaded the pool file ``name`` (None: it could not be had). A file that is not
        a pool of the rules it is named for is refused: the search deals, as without a pool.
        Returns why it was refused ("" when it was taken), for the browser's console."""
        pool, why = None, "it could not be had" if data is None else ""
        if data is not None:
            try:
                pool = Pool.decode(data)
            except PoolError as exc:
                why = str(exc)
        if pool is not None and (pool_name(pool.game, pool.options) != name or pool.rules != SPEC_VERSION
                                 or pool.kind != ("won" if entry(pool.game).can_win else "best")):
            why = f"it holds the pool of {pool.game} {pool.options!r}, rules {pool.rules}"
            pool = None
        self.pools[name] = pool
        return f"{name}: {why}; winnable deals are searched for" if why else ""

    def pick(self, game_id: str, options: str, level: int | None, played: Collection[int] = (),
             avoid: Collection[int] = ()) -> int | None:
        """A seed from the pool of these rules that fits (``level``: its best reaches it), not in
        ``avoid``, and not in ``played`` while any is left; None without a pool, or with none that fits."""
        pool = self.pools.get(pool_name(game_id, options))
        if pool is None or (options and options not in entry(game_id).variants):
            return None
        fits = [s for s in pool.reaching(level) if s not in avoid]
        fresh = [s for s in fits if s not in played] or fits
        return fresh[self._pick(len(fresh))] if fresh else None

    def best(self, game_id: str, options: str, seed: int) -> int | None:
        """The pooled exact best of ``seed`` (a game without a win), or None."""
        pool = self.pools.get(pool_name(game_id, options))
        return pool.best(seed) if pool is not None else None

    # -- the hunt -------------------------------------------------------------------------------
    def hunt_for(self, game_id: str, options: str, level: int | None = None) -> None:
        """Look for a deal of ``game_id`` that the solver proves winnable (``level``: for a game
        without a win, one whose best score reaches it), a deal after another, in slices."""
        self._hunts += 1
        self.hunt = Hunt(game_id, options, level, ticket=self._hunts * 1_000_000)
        self.hunt.next_deal()
        # Translators: the button of the notice that says a winnable deal is being looked for.
        self._say(self.hunt.looking(), (_("Cancel"), "stop-hunt"), lasting=True)
        self._tell(self.hunt.looking(done=True))

    def confirm(self, game_id: str, options: str, seed: int, level: int | None) -> None:
        """The deal ``seed``, dealt from the pool, is searched in slices, heard by no one: the
        record learns its verdict and line once it is found."""
        self.stop()
        self._hunts += 1
        self.hunt = Hunt(game_id, options, level, seed, 1, ticket=self._hunts * 1_000_000, pooled=True)

    def stop(self) -> None:
        if self.hunt is not None and self.can_win is not None:
            self.can_win.verdicts.teardown.add(self.hunt.search)
        self.hunt = None

    def slice(self, ticket: int) -> Hunt | bool | float:
        """The ``hunt`` timer: one slice; the hunt once it found its deal (its ``seed``, with its
        ``verdict``); True when the next deal is tried (its timer comes with the view), the pause
        before the next slice otherwise; False for a ticket no longer expected."""
        hunt = self.hunt
        if hunt is None or ticket != hunt.ticket:
            return False
        if hunt.search is None or hunt.problem is None:  # a slice of its own: it can take a while
            hunt.set_up()
            return SLICE_GAP
        if not hunt.search.run_for(SLICE_SECONDS, chunk=1):
            return SLICE_GAP
        from ..solve import engine_verdict
        verdict = engine_verdict(hunt.problem, hunt.search.verdict())
        if self.can_win is not None:
            self.can_win.verdicts.teardown.add(hunt.search)
        if hunt.pooled or hunt.good(verdict):
            self.hunt, hunt.verdict = None, verdict
            return hunt
        hunt.next_deal()
        if hunt.tried % 5 == 0:
            self._say(hunt.progress(), (_("Cancel"), "stop-hunt"), lasting=True)
        return True

    def timers(self) -> tuple[Timer, ...]:
        """The hunt's next slice."""
        return (Timer("hunt", SLICE_GAP, self.hunt.ticket),) if self.hunt is not None else ()
