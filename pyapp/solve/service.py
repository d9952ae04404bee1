"""The solver's side of the page's Web Worker (static/solver-worker.mjs): a message handler that
owns a real :class:`~pyapp.solve.verdicts.Verdicts` and answers plain-JSON messages, so that the
search runs on a thread of its own and the page's never runs a step of it
(:class:`pyapp.solve.remote.RemoteVerdicts` is the page's side). It runs under CPython as well.

Messages in (each a dict; ``id`` numbers the page's requests, the latest one counts):

* ``{"op": "ask", "id": N, "game": G, "keep": K, "texts": [...]}``: the positions of a game from
  its deal are the first ``K`` state texts of the previous request (of the same game) and then
  ``texts``; the finding for the last is wanted. A position's text is sent once per game.
* ``{"op": "longer", ...the same..., "factor": F}``: "Keep looking", ``F`` times as far.
* ``{"op": "cancel"}``: the position changed, or the page stopped asking: nothing is searched.
* ``{"op": "remember", "game": G, "text": T, "verdict": {...}}``: a verdict the page already
  knows (kept with a saved game, or a deal hunted for).

Messages out (:meth:`Service.handle` and :meth:`Service.run` return them, to be posted in order):

* ``{"op": "finding", "id": N, "finding": {...}, "known": [[G, T, {...}], ...], "deeper": bool,
  "slices": S}``: the finding for request ``N`` (:func:`finding_json`), the verdicts the worker
  proved meanwhile (earlier positions too, when it looked for the move that lost the game), and
  how many slices of search the worker has run in all (the page's tests read it). ``deeper``: a
  better finding for the same position, found after the first by searching further.
* In a game without a win (Gyre), while the first finding is searched: a finding whose
  ``"glimpse"`` is true, the range proved so far (:meth:`~pyapp.solve.verdicts.Verdicts.glimpse`),
  :data:`GLIMPSE_AFTER` seconds after the request and every :data:`GLIMPSE_EVERY` seconds after
  it while it narrows; each finding posted for a request is never wider than the one before, and
  the search's own finding follows a glimpse even when it says no more.
* ``{"op": "progress", "id": N, "nodes": n, "limit": m, "best": b, "slices": S}``: how it goes.
* ``{"op": "tracing", "id": N}``: the position cannot be won, the move that lost it is looked for.
* ``{"op": "error", "id": N, "error": text}``: the worker failed; the page searches by itself.

A game without a win (Gyre, scored in points) keeps searching further while its position stands
(as far as :func:`~pyapp.solve.verdicts.deeper_factor` allows), posting each better finding:
"Keep looking" needs no press.

>>> from pyapp.games import entry
>>> g = entry("square").game
>>> states = [g.deal(6, g.parse_options(""))]
>>> s = Service()
>>> s.handle({"op": "ask", "id": 1, "game": "square", "keep": 0, "texts": [g.format_state(states[0])]})
[]
>>> out = []
>>> while s.busy:
...     out += s.run(0.05)
>>> found = [m for m in out if m["op"] == "finding"][0]
>>> found["id"], found["finding"]["verdict"]["kind"], found["finding"]["at"], found["slices"] > 0
(1, 'won', 0, True)
>>> finding_from(found["finding"]) == s.verdicts.finding
True
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, overload

from ..games import entry
from .knowledge import Knowledge
from .verdicts import Finding, Verdicts, deeper_factor

if TYPE_CHECKING:
    from . import Verdict

#: A message, in or out: what JSON carries.
Message = dict[str, Any]

#: How often a search going on says how it goes, in seconds.
PROGRESS_EVERY: Final = 0.25
#: The most of a slice spent freeing the tables of searches done with, in seconds.
RETIRE_SECONDS: Final = 0.005
#: In a game without a win (Gyre), how long a search runs before the range it has proved so far is
#: posted (:meth:`~pyapp.solve.verdicts.Verdicts.glimpse`), and how often a narrower one after it, in seconds.
GLIMPSE_AFTER: Final = 0.3
GLIMPSE_EVERY: Final = 1.0


def verdict_json(verdict: Verdict) -> Message:
    """A :class:`~pyapp.solve.Verdict` as plain JSON (its line as a list of tokens)."""
    return {"kind": verdict.kind, "score": verdict.score, "line": list(verdict.line), "exact": verdict.exact,
            "nodes": verdict.nodes, "upper": verdict.upper}


def verdict_from(data: Message) -> Verdict:
    """The :class:`~pyapp.solve.Verdict` :func:`verdict_json` wrote.

    >>> from pyapp.solve import Verdict
    >>> v = Verdict("best", 55, ("R", "C8S0"), False, 10_000, 62)
    >>> verdict_from(json.loads(json.dumps(verdict_json(v)))) == v
    True
    """
    from . import Verdict

    kind = str(data["kind"])
    if kind not in ("won", "best", "impossible"):
        raise ValueError(f"not a verdict's kind: {kind!r}")
    score, upper = data.get("score"), data.get("upper")
    return Verdict(kind, None if score is None else int(score), tuple(str(t) for t in data["line"]),  # type: ignore[arg-type]
                   bool(data["exact"]), int(data["nodes"]), None if upper is None else int(upper))


def finding_json(finding: Finding) -> Message:
    """A :class:`~pyapp.solve.verdicts.Finding` as plain JSON."""
    return {"verdict": verdict_json(finding.verdict), "at": finding.at, "since": finding.since,
            "glimpse": finding.glimpse}


def finding_from(data: Message) -> Finding:
    """The :class:`~pyapp.solve.verdicts.Finding` :func:`finding_json` wrote."""
    since = data.get("since")
    return Finding(verdict_from(data["verdict"]), int(data["at"]), None if since is None else int(since),
                   bool(data.get("glimpse", False)))


class Positions(Sequence[object]):
    """A game's positions from their state texts, each read when it is first wanted (the search
    wants the last; earlier ones only when it looks for the move that lost the game)."""

    def __init__(self, game_id: str, texts: list[str], read: list[object | None] | None = None) -> None:
        self.game = entry(game_id).game
        self.texts = texts
        self.read: list[object | None] = (read or [])[:len(texts)]
        self.read += [None] * (len(texts) - len(self.read))

    def __len__(self) -> int:
        return len(self.texts)

    @overload
    def __getitem__(self, i: int) -> object: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[object]: ...

    def __getitem__(self, i: int | slice) -> object | Sequence[object]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self.texts)
        if not 0 <= i < len(self.texts):
            raise IndexError(i)
        state = self.read[i]
        if state is None:
            state = self.read[i] = self.game.parse_state(self.texts[i])
        return state

    def __iter__(self) -> Iterator[object]:
        return (self[i] for i in range(len(self)))


class Service:
    """The worker's solver (see the module doc)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.verdicts = Verdicts()
        self.verdicts.hold = True  # (it searches further by itself: on from where it stopped)
        self.clock = clock
        #: The request being answered (0: none).
        self.request = 0
        self.game = ""
        self.positions: Positions | None = None
        #: Slices of search run since the worker started (the page's tests read it).
        self.slices = 0
        #: Searching further by itself, this many times its problem's budget (0: not).
        self.deepening = 0
        self._seen: dict[tuple[str, str], Verdict] = {}  # the verdicts known when the request came
        self._posted: Verdict | None = None  # the verdict last posted for the request
        self._tracing = False
        self._progress_at = 0.0
        self._asked_at = 0.0  # when the request came (a glimpse is posted after GLIMPSE_AFTER)
        self._glimpsed_at = 0.0
        self._glimpsed = False  # the finding last posted for the request was a glimpse

    @property
    def busy(self) -> bool:
        """There is work for :meth:`run`: a search, or the tables of searches done with to free."""
        return self.verdicts.searching or self.verdicts.teardown.pending

    # -- messages in ----------------------------------------------------------------------
    def handle(self, message: Message) -> list[Message]:
        """One message from the page; the messages to post back (a finding known at once)."""
        op = message.get("op")
        try:
            if op == "cancel":
                self.verdicts.drop()
                self.request, self.deepening = 0, 0
                return []
            if op == "remember":
                self.verdicts.remember_text(str(message["game"]), str(message["text"]),
                                            verdict_from(message["verdict"]))
                return []
            if op in ("ask", "longer"):
                return self._ask(message)
            raise ValueError(f"no such message: {op!r}")
        except Exception as exc:  # noqa: BLE001 - the page falls back to searching by itself
            return [self._error(exc, message.get("id", self.request))]

    def _ask(self, message: Message) -> list[Message]:
        game_id, keep = str(message["game"]), int(message["keep"])
        old = self.positions
        if old is None or game_id != self.game or keep > len(old):
            keep, old = 0, None
        texts = (old.texts[:keep] if old is not None else []) + [str(t) for t in message["texts"]]
        if not texts:
            raise ValueError("no position asked about")
        positions = Positions(game_id, texts, old.read[:keep] if old is not None else None)
        same = old is not None and old.texts == texts and self.game == game_id
        self.game, self.positions, self._tracing = game_id, positions, False
        self._seen = {(g, t): v for g, t, v in self.verdicts.kept()}
        factor = int(message.get("factor", 1))
        self._asked_at = self._glimpsed_at = self.clock()
        self._glimpsed = False
        if message["op"] == "longer":
            if same and self.deepening >= factor and self.verdicts.searching:  # already searching that far
                self.request = int(message["id"])
                return []
            self.request, self.deepening, self._posted = int(message["id"]), factor, None
            self.verdicts.look_longer(game_id, positions, factor)
            return []
        self.request, self.deepening, self._posted = int(message["id"]), 0, None
        found = self.verdicts.ask(game_id, positions)
        return [] if found is None else self._found(found)

    # -- the search -----------------------------------------------------------------------
    def run(self, seconds: float) -> list[Message]:
        """Search for about ``seconds`` (freeing the tables of searches done with first, a
        little at a time); the messages to post."""
        v, out = self.verdicts, []
        end = self.clock() + seconds
        try:
            if v.teardown.pending:
                v.teardown.run_for(min(RETIRE_SECONDS, seconds), self.clock)
            while v.searching and self.clock() < end:
                self.slices += 1
                found = v.step(max(0.001, end - self.clock()))
                if found is not None:
                    out += self._found(found)
                elif v.tracing and not self._tracing:
                    self._tracing = True
                    out.append({"op": "tracing", "id": self.request})
            if v.searching and self.request and not entry(self.game).can_win:
                out += self._glimpse()
            if v.searching and not v.tracing and self.clock() - self._progress_at >= PROGRESS_EVERY \
                    and (progress := v.progress()) is not None:
                self._progress_at = self.clock()
                nodes, limit, best = progress
                out.append({"op": "progress", "id": self.request, "nodes": nodes, "limit": limit, "best": best,
                            "slices": self.slices})
        except Exception as exc:  # noqa: BLE001 - the page falls back to searching by itself
            v.drop()
            out.append(self._error(exc, self.request))
        return out

    def _glimpse(self) -> list[Message]:
        """In a game without a win: the range proved so far, when it is time to post it and it is
        narrower than the finding posted (see the module doc)."""
        now = self.clock()
        if now - (self._asked_at if self._posted is None else self._glimpsed_at) < \
                (GLIMPSE_AFTER if self._posted is None else GLIMPSE_EVERY):
            return []
        self._glimpsed_at = now
        seen = self.verdicts.glimpse()
        if seen is None:
            return []
        verdict = self._narrowest(seen.verdict)
        if verdict == self._posted:
            return []
        posted, self._posted = self._posted, verdict
        self._glimpsed = True
        return [{"op": "finding", "id": self.request, "finding": finding_json(Finding(verdict, seen.at, glimpse=True)),
                 "known": [], "deeper": posted is not None, "slices": self.slices}]

    def _narrowest(self, verdict: Verdict) -> Verdict:
        """``verdict`` with what the finding posted for the request proved (:meth:`Knowledge.proved`'s
        rule: the better line, the least bound), so that a finding is never wider than the one before."""
        if self._posted is None:
            return verdict
        game = entry(self.game)
        both = Knowledge().proved(self.game, "", self._posted, game.lower_is_better)
        merged = both.proved(self.game, "", verdict, game.lower_is_better).of(self.game, "").proved
        return verdict if merged is None else merged

    def _found(self, found: Finding) -> list[Message]:
        """The messages for a finding of the request; and, in a game without a win whose verdict is
        not settled, the search further that follows it."""
        known = [[g, t, verdict_json(v)] for g, t, v in self.verdicts.kept()
                 if g == self.game and self._seen.get((g, t)) is not v]
        self._seen = {(g, t): v for g, t, v in self.verdicts.kept()}
        posted, glimpsed = self._posted, self._glimpsed
        verdict = self._posted = self._narrowest(found.verdict)
        self._glimpsed = False
        out: list[Message] = []
        if posted is None or verdict != posted or glimpsed:  # (after a glimpse: the search's end, said)
            shown = found if verdict == found.verdict else Finding(verdict, found.at, found.since)
            out.append({"op": "finding", "id": self.request, "finding": finding_json(shown), "known": known,
                        "deeper": posted is not None, "slices": self.slices})
        positions = self.positions
        if positions is not None and not entry(self.game).can_win:
            factor = deeper_factor(self.game, positions[-1], found.verdict)
            if factor is not None and factor > max(self.deepening, 1):
                self.deepening = factor
                self.verdicts.look_longer(self.game, positions, factor)
        return out

    def _error(self, exc: BaseException, request: object) -> Message:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        return {"op": "error", "id": request, "error": text}

    def status(self) -> Message:
        """What the worker is doing (its ``stats`` message: the page's tests read it): searching or not, how
        many positions the request being answered has (the last is the one asked about), and its id."""
        return {"busy": self.verdicts.searching, "positions": len(self.positions) if self.request and self.positions else 0,
                "request": self.request, "slices": self.slices}

    # -- for the worker's script: JSON text in, JSON text out ----------------------------------
    def handle_json(self, text: str) -> str:
        """:meth:`handle` for a message as JSON text; the messages to post, as a JSON array."""
        try:
            message = json.loads(text)
        except ValueError as exc:
            return json.dumps([self._error(exc, 0)])
        return json.dumps(self.handle(message if isinstance(message, dict) else {}))

    def status_json(self) -> str:
        return json.dumps(self.status())

    def run_json(self, seconds: float) -> str:
        """:meth:`run`, its messages as a JSON array."""
        return json.dumps(self.run(seconds))
