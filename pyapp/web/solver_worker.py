"""The solver in a Web Worker, the binding's side (static/solver-worker.mjs runs
:mod:`pyapp.solve.service` in a Pyodide of its own; :class:`pyapp.solve.remote.RemoteVerdicts` is
the controller's side): started when the page is idle after it went live, its messages handed to
the controller's verdicts. Part of the binding: it reaches the page (``js``), and only
:mod:`pyapp.web.browser` imports it.
"""

from __future__ import annotations

import json
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Protocol

import js
from js import document, window
from pyodide.ffi import create_proxy, to_js

from .jsvalue import present

if TYPE_CHECKING:
    from ..app.controller import Controller
    from ..solve.remote import RemoteVerdicts  # imported when the worker is ready (not at the page's start)


class Binding(Protocol):
    """What the worker's glue needs of the binding (:class:`pyapp.web.browser.Binding`)."""

    ctl: Controller
    busy: bool
    #: Every proxy made, destroyed when the page goes: (node, event, proxy).
    proxies: list[tuple[Any, str, Any]]

    def later(self, seconds: float, fn: Callable[[], object]) -> None: ...

    def error(self, exc: BaseException) -> None: ...

    def measure(self, name: str, began: float) -> None: ...

    def render(self, animate: bool = True) -> None: ...


#: The worker starts this many seconds after the page is live, once the browser is idle too, so that start-up
#: is unchanged (boot.js registers the service worker and makes the start-up snapshot after 1 s). Its start
#: takes most of a core for about a second: at 2 and 4 s, a tab opened a few seconds after another one went
#: live shared the processor with it (bench/startup.py's new tabs, which follow a live tab by 3-4 s, side by
#: side with the build before the worker: 1.25-1.82 s against 0.80-1.49 in six pairs).
SOLVER_AFTER = 8.0
#: A worker that has not said it is ready after this many seconds is given up: the page searches by itself.
SOLVER_LIMIT = 90.0
#: While the worker searches, the page looks at what came back this often, in seconds: a slice and its gap on
#: the page's thread, so that the search's notice and progress show when they did (a finding is drawn at once).
SOLVER_POLL = 0.016


class SolverWorker:
    """The solver in a Web Worker: started when the page is idle, its messages handed to the
    :class:`~pyapp.solve.remote.RemoteVerdicts` that the controller's "Can I still win?" uses once
    the worker is ready (until then, and where a Worker cannot start or fails, the page searches by
    itself in slices, as before). ``window.orbitSolver`` says how it goes (the e2e tests and
    bench/solver_worker.py read it): ``state`` ("page", "starting", "worker", "failed"),
    ``startMs``, ``slices`` (slices the worker ran), ``findings`` (and the last one's position, ``lastAt``),
    ``pageSlices`` (slices of search the page ran itself), ``error``; ``stats()`` asks the worker for its
    memory (``wasm``, ``malloc``) and what it does (``busy``, ``positions``: of the request it answers)."""

    def __init__(self, binding: Binding) -> None:  # (nothing here touches the page: start-up is unchanged)
        self.binding = binding
        self.worker: Any = None
        self.remote: RemoteVerdicts | None = None
        self.began = 0.0
        self.state = "page"
        self.page_slices = self.findings = 0
        self.info: Any = None

    def publish(self, **values: object) -> None:
        """``window.orbitSolver``'s figures (made when the worker starts)."""
        if self.info is None:
            self.info = js.Object.new()
            for key, value in (("startMs", 0), ("slices", 0), ("findings", 0), ("error", ""), ("wasm", 0), ("malloc", 0)):
                setattr(self.info, key, value)
            self.info.stats = self.keep(lambda: self.worker.postMessage('{"op": "stats"}') if self.worker else None)
            window.orbitSolver = self.info
        self.info.state, self.info.pageSlices = self.state, self.page_slices
        for name, figure in values.items():
            setattr(self.info, name, figure)

    def guard(self, fn: Callable[[], object]) -> None:
        """``fn``, its failure shown as a handler's is (the error banner)."""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - every failure must be visible
            self.binding.error(exc)

    def keep(self, fn: Callable[..., object]) -> Any:
        proxy = create_proxy(fn)
        self.binding.proxies.append((None, "", proxy))
        return proxy

    @property
    def active(self) -> bool:
        """The worker answers the controller's verdicts."""
        return self.remote is not None and not self.remote.local

    def pace(self, name: str, seconds: float) -> float:
        """The pause before the timer ``name`` fires again: the solver's polls no more often than
        :data:`SOLVER_POLL` while the worker searches; a slice on the page's thread is counted."""
        if name != "solve":
            return seconds
        if not self.active:
            self.page_slices += 1
            if self.info is not None:
                self.info.pageSlices = self.page_slices
            return seconds
        return max(seconds, SOLVER_POLL)

    def when_idle(self) -> None:
        if present(getattr(window, "requestIdleCallback", None)):
            window.requestIdleCallback(self.keep(lambda *_: self.guard(self.start)),
                                       to_js({"timeout": 3000}, dict_converter=js.Object.fromEntries))
        else:
            self.start()

    def start(self) -> None:
        if not present(getattr(window, "Worker", None)):
            self.publish(error="no Worker in this browser")
            return
        try:
            url = js.URL.new("./runtime/pyodide/solver-worker.mjs", document.baseURI)
            self.worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
        except Exception as exc:  # noqa: BLE001 - the page searches by itself
            self.failed(f"the worker could not start: {exc}")
            return
        self.began = float(js.performance.now())
        self.state = "starting"
        self.publish()
        self.worker.onmessage = self.keep(lambda evt: self.guard(partial(self.message, str(evt.data))))
        self.worker.onerror = self.keep(lambda evt: self.guard(partial(
            self.failed, str(getattr(evt, "message", "") or "the worker's script failed"))))
        self.binding.later(SOLVER_LIMIT, lambda: self.failed("the worker took too long to start")
                           if self.state == "starting" else None)

    def message(self, text: str) -> None:
        """The worker's messages, and what the page does with them (measured as ``orbit-solver``: the e2e
        tests attribute long tasks by it)."""
        began = js.performance.now()
        try:
            self.messages(text)
        finally:
            self.binding.measure("orbit-solver", began)

    def messages(self, text: str) -> None:
        remote = self.remote
        for message in json.loads(text):
            op = message.get("op")
            if op == "ready":
                from ..solve.remote import RemoteVerdicts
                self.publish(startMs=round(float(js.performance.now()) - self.began))
                js.performance.mark("orbit-solver-ready")
                self.remote = RemoteVerdicts(self)
                self.swap()
            elif op == "failed":
                self.failed(str(message.get("error", "")))
            elif op == "stats":
                self.publish(wasm=int(message.get("wasm", 0)), malloc=int(message.get("malloc", 0)),
                             slices=int(message.get("slices", 0)), busy=bool(message.get("busy")),
                             positions=int(message.get("positions", 0)))
            elif remote is not None:
                if op == "finding":
                    self.findings += 1
                    self.publish(findings=self.findings, lastAt=int(message.get("finding", {}).get("at", -1)))
                remote.receive(message)
                self.publish(slices=remote.slices_seen)
        if remote is not None and remote.local:  # the worker failed: the page searches by itself
            self.failed(remote.failure)
        elif remote is not None and remote.arrived:
            self.deliver()

    def post(self, message: dict[str, Any]) -> None:
        """(:class:`pyapp.solve.remote.Port`)"""
        self.worker.postMessage(json.dumps(message))

    def swap(self) -> None:
        """The controller's verdicts become the worker's, once nothing is searched nor drawn."""
        b, remote = self.binding, self.remote
        if remote is None or remote.local:
            return
        if b.busy or b.ctl.can_win.verdicts.searching:
            b.later(0.25, self.swap)
            return
        b.ctl.can_win.use(remote)
        self.state = "worker"
        self.publish()
        b.render()

    def deliver(self) -> None:
        """A finding came (or the search now looks for the move that lost the game): the
        controller takes it at once, not at its next poll."""
        remote = self.remote
        if remote is None or not self.active or self.binding.ctl.can_win.verdicts is not remote:
            return
        done = self.binding.ctl.fire("solve", remote.ticket)
        if done is None:  # a move's steps are shown or a pointer is down
            self.binding.later(0.05, self.deliver)
        elif done is True and not self.binding.busy:
            self.binding.render()

    def failed(self, reason: str) -> None:
        """The worker cannot search: the page does, in slices (and says so, for the tests)."""
        if self.state == "failed":
            return
        self.state = "failed"
        self.publish(error=reason)
        js.console.warn("Solitaire Orbit: the solver searches on the page's thread: " + reason)
        if self.remote is not None and not self.remote.local:
            self.remote.fail(reason)
        self.binding.ctl.can_win.ahead = False  # (searching ahead on the page's thread would slow its taps)
        if self.worker is not None:
            self.worker.terminate()
        if self.remote is not None and self.binding.ctl.can_win.verdicts is self.remote and not self.binding.busy:
            self.binding.render()  # (its search goes on here: its timer comes with the view)
