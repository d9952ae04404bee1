"""The page's side of the solver in a Web Worker: :class:`RemoteVerdicts` is a
:class:`~pyapp.solve.verdicts.Verdicts` as :class:`pyapp.app.can_win.CanWin` uses it, whose
searches run elsewhere (:mod:`pyapp.solve.service`, in static/solver-worker.mjs). It posts its
requests through a :class:`Port`, and :meth:`RemoteVerdicts.step` returns what has come back in its
inbox (the binding hands each message to :meth:`RemoteVerdicts.receive`): it never runs a step of
a search. A move (:meth:`RemoteVerdicts.moved`) cancels the search in the worker, and an answer
to an earlier request is ignored.

Where the worker fails (it says so, or the binding calls :meth:`RemoteVerdicts.fail`), the same
object goes on as a :class:`Verdicts` on the page's thread, in slices, from the request it was
waiting for.

>>> from pyapp.games import entry
>>> from pyapp.solve.service import Service
>>> class Loop:  # a worker in this process: each message handled, then the search run to its end
...     def __init__(self) -> None:
...         self.service, self.remote = Service(), None
...     def post(self, message):
...         for m in self.service.handle(message):
...             self.remote.receive(m)
...         while self.service.busy:
...             for m in self.service.run(0.05):
...                 self.remote.receive(m)
>>> port = Loop()
>>> v = port.remote = RemoteVerdicts(port)
>>> g = entry("square").game
>>> v.ask("square", [g.deal(6, g.parse_options(""))]), v.searching
(None, True)
>>> found = v.step()
>>> found.verdict.kind, v.searching, v.finding is found, v.slices_seen > 0
('won', False, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..games import entry
from .service import Message, finding_from, verdict_from, verdict_json
from .verdicts import SLICE_SECONDS, Finding, Verdicts

if TYPE_CHECKING:
    from . import Verdict


class Port(Protocol):
    """Where the requests go (the binding: the worker's ``postMessage``)."""

    def post(self, message: dict[str, Any]) -> None: ...


class RemoteVerdicts(Verdicts):
    """The verdicts, searched in a worker (see the module doc)."""

    def __init__(self, port: Port) -> None:
        super().__init__()
        self.port = port
        #: The worker failed: searched on the page's thread from then on (:meth:`fail`).
        self.local = False
        self.failure = ""
        self._request = 0  # the request whose answers count (0: none)
        self._waiting = False  # an answer to it is awaited
        self._tracing = False
        self._progress: tuple[int, int, int | None] | None = None
        self._inbox: list[Message] = []
        self._later: Finding | None = None  # a better finding after the search ended
        self._glimpsing = False  # the finding is a glimpse: the worker's search of it goes on
        self._sent: list[tuple[object, str]] = []  # the positions the worker holds: (state, text)
        self._sent_game = ""
        self._factor = 1
        #: The most slices of search the worker said it has run (the page's tests read it).
        self.slices_seen = 0

    # -- the binding's side ----------------------------------------------------------------
    def receive(self, message: Message) -> None:
        """A message from the worker (:mod:`pyapp.solve.service`), read by the next :meth:`step`."""
        if message.get("op") == "error" and not self.local:
            self.fail(str(message.get("error", "")))
            return
        self.slices_seen = max(self.slices_seen, int(message.get("slices", 0)))
        if not self._request or message.get("id") != self._request:
            return
        self._inbox.append(message)

    def _take(self, message: Message) -> Finding:
        """A finding message's verdicts, kept; its finding."""
        for game_id, text, verdict in message.get("known", []):
            super().remember_text(str(game_id), str(text), verdict_from(verdict))
        return finding_from(message["finding"])

    @property
    def arrived(self) -> bool:
        """A message awaits :meth:`step`: the binding fires the page's ``solve`` timer at once."""
        return any(m.get("op") in ("finding", "tracing") for m in self._inbox)

    def fail(self, reason: str) -> None:
        """The worker cannot search: from now on this searches on the page's thread, in slices,
        beginning with the request the worker was answering."""
        if self.local:
            return
        self.local, self.failure = True, reason or "the solver's worker failed"
        waiting, states, factor = self._waiting, self._states, self._factor
        self._waiting, self._inbox, self._request = False, [], 0
        if waiting and states:
            if factor > 1:
                super().look_longer(self._game, states, factor)
            else:
                self._keys, self.finding = [], None
                super().ask(self._game, states)

    # -- Verdicts, as CanWin uses them ---------------------------------------------------------
    @property
    def searching(self) -> bool:
        return super().searching if self.local else self._waiting

    @property
    def tracing(self) -> bool:
        return super().tracing if self.local else self._waiting and self._tracing

    def progress(self) -> tuple[int, int, int | None] | None:
        if self.local:
            return super().progress()
        return self._progress if self._waiting and not self._tracing else None

    @property
    def glimpsing(self) -> bool:
        return not self.local and self._glimpsing

    def remember_text(self, game_id: str, text: str, verdict: Verdict) -> None:
        super().remember_text(game_id, text, verdict)
        if not self.local:
            self.port.post({"op": "remember", "game": game_id, "text": text, "verdict": verdict_json(verdict)})

    def remember(self, game_id: str, state: object, verdict: Verdict) -> None:
        self.remember_text(game_id, entry(game_id).game.format_state(state), verdict)

    def ask(self, game_id: str, states: Sequence[object]) -> Finding | None:
        if self.local:
            return super().ask(game_id, states)
        texts = self._texts(game_id, states)
        last = texts[-1]
        if self.finding is not None and self._game == game_id and self._keys and self._keys[-1] == last \
                and len(self._keys) == len(states):
            return self.finding
        if self._waiting and self._game == game_id and self._keys and self._keys[-1] == last \
                and len(self._keys) == len(states) and self._factor == 1:
            return None  # already asked
        known = self._known.get((game_id, last))
        self._new_request(game_id, states, texts, 1)
        if known is not None and (known.kind != "impossible" or len(states) == 1):  # known here: no need to ask
            self._waiting = False
            self.finding = Finding(known, len(states) - 1, 0 if known.kind == "impossible" else None)
            if not entry(game_id).can_win:  # the worker searches further by itself, while the position stands
                self._post("ask", game_id, states, texts)
            return self.finding
        self._post("ask", game_id, states, texts)
        return None

    def look_longer(self, game_id: str, states: Sequence[object], factor: int) -> None:
        if self.local:
            super().look_longer(game_id, states, factor)
            return
        texts = self._texts(game_id, states)
        self._new_request(game_id, states, texts, factor)
        self._post("longer", game_id, states, texts, factor)

    def _new_request(self, game_id: str, states: Sequence[object], texts: list[str], factor: int) -> None:
        """A new request: what was asked before stops counting."""
        self.drop(post=False)
        self._game, self._states, self._keys, self._factor = game_id, states, texts, factor
        self.finding, self._later, self._progress, self._tracing = None, None, None, False
        self._waiting = True
        self.ticket += 1

    def _texts(self, game_id: str, states: Sequence[object]) -> list[str]:
        """The state texts of ``states``, each written once (the same state objects as the last request's
        are not written again)."""
        sent = self._sent if game_id == self._sent_game else []
        keep = 0
        while keep < len(sent) and keep < len(states) and sent[keep][0] is states[keep]:
            keep += 1
        game = entry(game_id).game
        return [text for _state, text in sent[:keep]] + [game.format_state(s) for s in states[keep:]]

    def _post(self, op: str, game_id: str, states: Sequence[object], texts: list[str], factor: int = 1) -> None:
        sent = self._sent if game_id == self._sent_game else []
        keep = 0
        while keep < len(sent) and keep < len(states) and sent[keep][0] is states[keep]:
            keep += 1
        self._request += 1
        message: Message = {"op": op, "id": self._request, "game": game_id, "keep": keep, "texts": texts[keep:]}
        if factor > 1:
            message["factor"] = factor
        self._sent, self._sent_game = list(zip(states, texts)), game_id
        self.port.post(message)

    def moved(self) -> None:
        self.drop()
        self.ticket += 1

    def drop(self, post: bool = True) -> None:
        """Stop searching: the worker is told (unless a new request follows at once), and its answers
        to what was asked no longer count."""
        if self.local:
            super().drop()
            return
        if post and self._request:
            self.port.post({"op": "cancel"})
            self._request += 1  # (nothing answers it: earlier answers are stale)
        self._waiting, self._inbox, self._later, self._tracing, self._progress = False, [], None, False, None
        self._glimpsing = False
        if self.finding is None:
            self._keys, self._states = [], ()

    def step(self, seconds: float = SLICE_SECONDS) -> Finding | None:
        """What has come from the worker for the request: its finding once it is in (or, after it,
        a better one found by searching further), else None. It searches nothing itself (unless the
        worker failed: :meth:`fail`)."""
        if self.local:
            return super().step(seconds)
        inbox, self._inbox = self._inbox, []
        found: Finding | None = None
        for message in inbox:
            op = message.get("op")
            if op == "progress":
                best = message.get("best")
                self._progress = (int(message["nodes"]), int(message["limit"]), None if best is None else int(best))
            elif op == "tracing":
                self._tracing = True
            elif op == "finding":
                finding = self._take(message)
                if finding.at == len(self._keys) - 1:  # (the worker's own; the table's position's verdict)
                    super().remember_text(self._game, self._keys[-1], finding.verdict)
                glimpsed, self._glimpsing = self._glimpsing, finding.glimpse
                if self._waiting:
                    self._waiting, self._tracing, self._progress = False, False, None
                    self.finding = found = finding
                elif self.finding is None or finding.verdict != self.finding.verdict or glimpsed:
                    self.finding = self._later = finding  # better (searched further), or the search's end
        later, self._later = self._later, None
        return later or found  # (the newest: a glimpse and the search's end may come in one go)
