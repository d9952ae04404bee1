"""The one module that touches the DOM: it draws the :class:`pyapp.ui.view.View`, plays out
the :class:`pyapp.ui.view.Effects` and turns DOM events into the controller's intents; it
reads nothing else of the controller. What to write where is the :class:`pyapp.ui.paint.Painter`'s
(pure), which button means what :meth:`Controller.click`'s. Cards are elements made once
per card id and moved; every handler is a proxy kept in ``Binding.proxies``, wrapped so
that a Python exception shows the error banner and the game carries on.
"""

from __future__ import annotations

import asyncio
import gc
import traceback
from functools import partial
from typing import Any, Callable, Iterator

import js
from js import document, window
from pyodide.ffi import create_proxy

from .. import i18n
from .address import AddressBar
from .audio import Audio
from .jsvalue import present
from .outside import browser_languages, fetch_catalogue, fetch_pool, send
from .solver_worker import SOLVER_AFTER, SolverWorker
from ..app.controller import Controller
from ..ui.dock import Rect, board_rects, notice_style, place_notice, tip_lines
from ..ui.pointer import LONG_PRESS
from .rehearsal import rehearsal
from ..core.storage import SafeStorage
from ..ui.view import Board, Effects, View
from ..ui.markup import error_text
from ..ui.paint import DIALOGS, CloseDialog, FocusBack, Make, Op, OpenDialog, Painter, Put, Remove, unit_for

STEP_DELAY = 0.22
NO_SCROLL = js.JSON.parse('{"preventScroll": true}')
WIDTHS = (460, 380, 300, 240)  # the widths a notice may take where its own does not fit (pyapp.ui.dock)


def byid(name: str) -> Any:
    return document.getElementById(name)


def rect_of(node: Any) -> Rect:
    """An element's box on the page (all zero for one not shown: nothing to keep clear of)."""
    box = node.getBoundingClientRect()
    return float(box.left), float(box.top), float(box.right), float(box.bottom)


PROPERTIES = {"text": "textContent", "html": "innerHTML", "class": "className"}


def write(node: Any, what: str, value: str | None) -> None:
    """One write to an element, as :class:`pyapp.ui.paint.Put` says."""
    kind, _, name = what.partition(":")
    if not name and kind in PROPERTIES:
        setattr(node, PROPERTIES[kind], value)
    elif kind in ("hidden", "disabled"):
        setattr(node, kind, bool(value))
    elif kind == "class":
        node.classList.toggle(name, bool(value))
    elif kind == "style":
        node.style.setProperty(name, value) if value is not None else node.style.removeProperty(name)
    elif value is None:
        node.removeAttribute(name)
    else:
        node.setAttribute(name, value)


class Binding:
    def __init__(self) -> None:
        self.proxies: list[tuple[Any, str, Any]] = []
        self.measures = 0  # (see measure)
        self.language_tried = ""  # (see follow_language)
        self.pools_asked: set[str] = set()  # (see follow_pool)
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        try:
            backend = window.localStorage  # sandboxed frames may refuse it
        except Exception:
            backend = None
        try:
            own = window.sessionStorage  # this tab's own: its game's time played survives a reload
        except Exception:
            own = None
        self.ctl = Controller(SafeStorage(backend, present), reduced_motion=reduced,
                              tab_storage=SafeStorage(own, present))
        self.bar = AddressBar(self.ctl.open_link)  # (a link followed is opened before any draw: render)
        self.board_node = byid("board")
        self.paint = Painter()
        self.nodes: dict[str, Any] = {"board": self.board_node, ":root": document.documentElement}
        self.unit = 60.0
        self.reserve = (0.0, 0.0)  # what a notice (or the tip) takes of the board's room, at its top and bottom
        self.docked: Any = None  # what the notice or the tip was placed for (dock_notice, dock_tip)
        self.busy = False
        self.timers: set[tuple[str, int]] = set()  # the view's timers already running
        self.had_focus = False  # the page's focus was on the board when drawing began
        self.return_to: Any = None  # where the focus goes back when a dialog closes
        self.opening = ""  # the dialog about to open (open_dialog)
        self.solver = SolverWorker(self)  # the solver's own thread, once the page is idle (see its section)
        self.audio = Audio()  # the effects' sounds, woken by the player's first gesture

    # -- plumbing --------------------------------------------------------------
    def apply(self, ops: list[Op], nodes: dict[str, Any] | None = None) -> None:
        """The painter's changes, in order (elements by selector are looked up once), on the
        page or on the board elements ``nodes`` (a board off the page: :meth:`rehearse`)."""
        nodes = self.nodes if nodes is None else nodes
        for op in ops:
            if isinstance(op, Put):
                key = op.element
                if key not in nodes:  # a part inside a board element ("p:A1 .pile-note") is looked up there
                    outer, _, inner = key.partition(" ")
                    nodes[key] = nodes[outer].querySelector(inner) if outer in nodes else document.querySelector(key)
                write(nodes[key], op.what, op.value)
            elif isinstance(op, Make):
                node = nodes[op.element] = document.createElement("div")
                node.setAttribute(op.attribute, op.name)
                nodes["board"].appendChild(node)
            elif isinstance(op, Remove):
                nodes.pop(op.element).remove()
            elif isinstance(op, OpenDialog):  # shown a task later, over the board drawn now: a modal dialog restyles the page
                self.return_to = self.return_to if op.kept else document.activeElement
                self.opening = op.dialog
                self.later(0, partial(self.open_dialog, op.dialog))
            elif isinstance(op, CloseDialog) and (node := document.querySelector(op.dialog)).open:
                node.close()
            elif isinstance(op, FocusBack):  # the dialogs closed: the focus goes back where it was (or to the board)
                back, self.return_to = self.return_to, None
                back = back if present(back) and back.isConnected else self.board_node.querySelector(".focus")
                if present(back):
                    back.focus()

    def open_dialog(self, key: str) -> None:
        """The dialog ``key`` opens, unless a later drawing closed it or opened another meanwhile."""
        self.opening, shown = "" if self.opening == key else self.opening, self.paint.dialog
        if shown is not None and "#" + shown.kind == key and not (node := document.querySelector(key)).open:
            node.showModal()

    def set_busy(self, busy: bool) -> None:
        """While a move animates or waits, input waits too (``data-busy``); the tools are disabled, never hidden."""
        self.busy = busy
        self.ctl.busy(busy)
        self.apply(self.paint.busy(busy))

    def measure(self, name: str, began: float) -> None:
        """A performance measure from ``began`` to now (bench/input_latency.py reads them); a
        long session keeps at most about 500 of each (they were kept for ever: bench/soak.py)."""
        js.performance.measure(name, {"start": began})
        self.measures += 1
        if self.measures % 100 == 0 and js.performance.getEntriesByName(name).length > 500:
            js.performance.clearMeasures(name)

    def on(self, node: Any, event: str, fn: Callable[[Any], None], capture: bool = False) -> None:
        """Listen for the page's lifetime (redrawn content, such as buttons and dialogs, by delegation;
        ``capture``: before any other element hears it)."""
        def handler(evt: Any) -> None:
            try:
                fn(evt)
            except Exception as exc:  # noqa: BLE001 - every failure must be visible
                self.error(exc)

        proxy = create_proxy(handler)
        node.addEventListener(event, proxy, capture)
        self.proxies.append((node, event, proxy))

    def spawn(self, coro: Any) -> None:
        async def run() -> None:
            try:
                await coro
            except Exception as exc:  # noqa: BLE001
                self.set_busy(False)
                self.error(exc)

        asyncio.ensure_future(run())

    def later(self, seconds: float, fn: Callable[[], object]) -> None:
        """``fn`` after ``seconds`` (guarded as a handler is)."""
        async def run() -> None:
            await asyncio.sleep(seconds)
            fn()

        self.spawn(run())

    def error(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        js.console.error("Solitaire Orbit: " + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        byid("banner-text").textContent = error_text(text)
        byid("banner").hidden = False

    # -- start-up ----------------------------------------------------------------
    def start(self) -> None:
        self.on(document, "click", self.click)  # every button, by its id (Controller.click)
        self.on(document, "change", self.change)  # the settings, the replay's slider and speed, a file to import
        for event in ("pointerdown", "pointerup", "pointercancel", "pointerleave"):
            self.on(byid("actions"), event, self.hold)
        self.on(document, "visibilitychange", lambda e: self.ctl.visibility(bool(document.hidden), js.performance.now()))
        self.on(window, "pagehide", lambda e: self.ctl.visibility(True, js.performance.now()))
        for dialog in DIALOGS:
            self.on(byid(dialog), "close", lambda e: self.dialog_closed())
        for event, fn in (("pointerdown", self.pointer_down), ("pointermove", self.pointer_move),
                          ("pointerup", self.pointer_up), ("pointercancel", self.pointer_cancel),
                          ("dblclick", self.peek_gesture), ("contextmenu", self.peek_gesture)):
            self.on(self.board_node, event, fn)
        self.on(document, "keydown", self.key_down)
        for event in ("pointerdown", "pointerup", "click", "keydown", "change"):  # the audio may start while they are handled
            self.on(window, event, partial(self.audio.gesture, handling=True), capture=True)
            self.on(window, event, partial(self.audio.gesture, handling=False))
        self.on(window, "resize", lambda e: None if self.busy else self.render())
        self.on(window, "hashchange", self.hash_changed)
        self.on(window, "storage", lambda e: self.render() if e.key and self.ctl.tabs.stored_elsewhere(str(e.key))
                and not self.busy else None)  # another tab wrote a record
        self.ctl.visibility(bool(document.hidden), js.performance.now())  # the timer's time, before a save is read
        self.bar.wrote(str(window.location.hash))
        self.ctl.start(str(window.location.hash), str(window.location.href))
        self.spawn(self.ticker())
        self.board_node.replaceChildren()  # the board boot.js kept from the last visit, if any
        self.board_node.removeAttribute("data-preview")
        self.render()
        document.body.setAttribute("data-ready", "true")
        # What start-up made lives as long as the page: out of the collector's sight, so a
        # collection during play walks only what play made (a full one took 40 ms here).
        gc.freeze()
        self.play_queue()
        self.later(0.05, partial(self.rehearse, rehearsal(self.ctl), Painter(), {"board": document.createElement("div")}))
        self.later(SOLVER_AFTER, self.solver.when_idle)

    def rehearse(self, views: Iterator[View], paint: Painter, nodes: dict[str, Any]) -> None:
        """A first move drawn off the page, a view per task (:func:`pyapp.web.rehearsal.rehearsal`): the player's runs warm."""
        view = next(views, None)
        if view is None:
            js.performance.mark("orbit-rehearsed")  # e2e/test_e2e_start.py waits for it
        else:
            self.apply(paint.board(view.board, self.unit) if view.board else [], nodes)
            self.later(0, partial(self.rehearse, views, paint, nodes))

    def hash_changed(self, evt: Any) -> None:
        self.bar.read(str(window.location.hash))  # while a move animates it waits for it (play_queue)
        if not self.busy:
            self.render()

    def play_queue(self) -> None:
        """Input made on the board boot.js showed before Python was ready, in order (the
        controller reads each, :meth:`Controller.queued`); then keys pressed while a move animated."""
        queue: Any = getattr(window, "orbitQueue", None) or []  # boot.js's, if it kept a board
        played = int(str(self.board_node.getAttribute("data-queue-played") or 0))
        while len(queue) and not self.busy:  # a forced step in between: the rest waits for it
            self.ctl.queued(queue.shift().to_py(), self.unit)
            played += 1
            self.render(animate=False)
        self.board_node.setAttribute("data-queue-played", str(played))
        while not self.busy and self.ctl.play_waiting():  # keys pressed while a move animated
            self.render()

    def dialog_closed(self) -> None:
        """A dialog closed by the browser (Escape, its own Close button)."""
        shown = self.paint.dialog
        if shown is not None and not byid(shown.kind).open and not self.opening:
            self.ctl.dialogs.close()
            self.render()

    # -- drawing ------------------------------------------------------------------
    def render(self, animate: bool = True) -> None:
        active = document.activeElement
        self.had_focus = bool(self.board_node.contains(active)) or (self.had_focus and str(active.tagName) == "BODY")
        began = js.performance.now()
        self.bar.read(str(window.location.hash))  # a link followed whose hashchange has not come yet: not lost
        view = self.ctl.view()
        self.apply(self.paint.screen(view.screen))  # shown before measuring: a hidden box has no size
        if self.ctl.resize(*self.room()):  # the table turned: laid out again
            view = self.ctl.view()
        effects = self.ctl.effects()
        self.audio.want(view.sound)
        self.measure("orbit-view", began)
        self.apply(self.paint.page(view, effects))
        self.set_busy(self.busy)  # the tools: enabled as the view says, unless a move animates
        for timer in view.timers:
            if (timer.name, timer.ticket) not in self.timers:
                self.timers.add((timer.name, timer.ticket))
                self.later(timer.seconds, partial(self.fire, timer.name, timer.ticket))
        self.apply(self.paint.dialogs(view.dialog))
        if str(window.location.hash) != view.address:  # no address (the start screen): the page's, with no hash
            window.history.replaceState(None, "", view.address or str(window.location.pathname) + str(window.location.search))
            self.bar.wrote(str(window.location.hash))
        if effects.copy or effects.share:
            self.spawn(self.copy(effects.share or effects.copy, result=bool(effects.share)))
        self.follow_language(view.language)
        self.follow_pool(view.pool)
        if view.board is None:
            return
        if effects.frames and animate:
            self.set_busy(True)
            self.draw_actions(view, False)
            self.spawn(self.animate(view, effects))
        else:
            self.show(view, effects)
        self.audio.play(effects.sounds)  # the page drawn: fire and forget

    def follow_language(self, chosen: str) -> None:
        """Speak the language the settings choose (the browser's when none): when it is not
        the one in use, load its catalogue (``locale/<tag>.mo``, cached for offline play by
        the service worker) and draw the page again in it. Each language is tried once, so
        a catalogue that cannot be had leaves the page in English, not loading forever."""
        wanted = i18n.pick(browser_languages(), chosen)
        if wanted == i18n.language() or wanted == self.language_tried:
            return
        self.language_tried = wanted

        async def load() -> None:
            i18n.use(wanted, await fetch_catalogue(wanted))
            document.documentElement.lang = i18n.language()
            self.render(animate=False)

        self.spawn(load())

    def follow_pool(self, name: str) -> None:
        """Load the pre-solved pool the rules being played have (``static/pools/<name>``, from the
        page's own origin, precached by the service worker), once, for New deal's "Winnable deals
        only"; a pool that cannot be had or read leaves the search (:mod:`pyapp.app.hunt`)."""
        if not name or name in self.pools_asked:
            return
        self.pools_asked.add(name)

        async def load() -> None:
            data = await fetch_pool(name)
            refused = self.ctl.hunter.pool_loaded(name, data)
            if refused and data is not None:  # (offline before it was cached: nothing to say)
                js.console.warn(refused)

        self.spawn(load())

    def room(self, docked: bool = False) -> tuple[float, float]:
        """The board's room on the page, in pixels (``docked``: less what a notice takes of it)."""
        wrap = byid("board-wrap")
        lost = sum(self.reserve) if docked else 0.0
        return max(200.0, float(wrap.clientWidth)), max(240.0, float(wrap.clientHeight) - lost)

    def dock_notice(self, view: View) -> None:
        """Move the notice off the cards and buttons, or take the notice's strip from the board's
        room (:func:`pyapp.ui.dock.place_notice` decides; here it is measured and placed), once per
        notice, window, room and place of the cards; or give the first games' tip its strip at the
        top of the board's room (:meth:`dock_tip`)."""
        board, notice = view.board, byid("notice")
        if view.tip and notice.hidden and board is not None:  # (never both: pyapp.app.screens.tip_lines)
            self.dock_tip(board)
            return
        if notice.hidden or board is None:  # (most draws: no notice, nothing to measure)
            if self.docked is not None or self.reserve != (0.0, 0.0):
                self.docked, self.reserve = None, (0.0, 0.0)
                self.restyle(notice, notice_style())
            return
        wrap = rect_of(byid("board-wrap"))
        grow = board.grow if "large-cards" in view.page_classes else 1.0
        cards = board_rects(board, unit_for(board.width, board.height, *self.room()), wrap, grow)
        key = (str(notice.textContent), tuple(cards), wrap, float(window.innerWidth),
               float(window.innerHeight), view.page_classes, view.buttons, view.menu_open)  # (the notice as drawn)
        if key == self.docked:  # (a card picked up or lit changes the board, not where its cards lie)
            return
        self.docked = key
        self.restyle(notice, notice_style())
        natural, most = rect_of(notice), float(window.innerWidth) - 20
        sizes = [(natural[2] - natural[0], natural[3] - natural[1])]
        for width in (w for w in WIDTHS if abs(w - sizes[0][0]) > 20 and w <= most):  # its height at other widths
            self.restyle(notice, notice_style(width=width))
            sizes.append((float(width), float(notice.offsetHeight)))
        buttons = [rect_of(e) for e in document.querySelectorAll("#bar button, #actions button")]
        words = [rect_of(e) for e in document.querySelectorAll("#title, #prompt, #score, #deal")]
        dock = place_notice((float(window.innerWidth), float(window.innerHeight)), natural, sizes, cards,
                            buttons, wrap, words)
        self.restyle(notice, notice_style(dock))
        self.reserve = (dock.room_top, dock.room_bottom)

    def dock_tip(self, board: Board) -> None:
        """The first games' tip lies at the top of the board's room and the board is drawn under
        it, smaller: it covers nothing, neither a tool nor a card nor a word. It shows as many of
        its lines as leave the board its room and its cards a finger's width
        (:func:`pyapp.ui.dock.tip_lines`), and none where not even its first line has room."""
        tip, lines, wrap = byid("tip"), document.querySelectorAll("#tip-text p"), byid("board-wrap")
        key = ("tip", str(tip.textContent), float(window.innerWidth), float(window.innerHeight),
               float(wrap.clientWidth), float(wrap.clientHeight), board.width, board.height)
        if key == self.docked:  # (a card picked up or lit: the same tip, room and table)
            return
        tip.classList.remove("no-room")  # (measured as it would show, with its first k lines)
        heights = []
        for k in range(1, int(lines.length) + 1):
            for i in range(int(lines.length)):
                lines.item(i).hidden = i >= k
            heights.append(float(tip.offsetHeight))
        room_w, room_h = self.room()
        shown, strip = tip_lines(room_h, heights, lambda height: unit_for(board.width, board.height, room_w, height))
        for i in range(int(lines.length)):
            lines.item(i).hidden = i >= shown
        tip.classList.toggle("no-room", shown == 0)
        self.docked, self.reserve = key, (strip, 0.0)

    @staticmethod
    def restyle(node: Any, properties: list[tuple[str, str | None]]) -> None:
        for name, value in properties:
            write(node, "style:" + name, value)

    def show(self, view: View, effects: Effects) -> None:
        assert view.board is not None
        self.draw_actions(view, True)  # the buttons under the board take height from it: first
        self.dock_notice(view)
        self.draw_board(view.board)
        if (effects.focus_now or self.had_focus) and view.dialog is None:  # the focus follows the ring
            node = self.board_node.querySelector(".focus")
            if present(node) and not node.matches(":focus"):  # no scrolling after a pointer: no layout now
                node.focus(None if effects.focus_now else NO_SCROLL)
        if view.auto:
            self.set_busy(True)
            self.later(0 if view.instant else STEP_DELAY, self.auto)

    async def animate(self, view: View, effects: Effects) -> None:
        for frame in effects.frames:
            self.draw_board(frame)
            await asyncio.sleep(STEP_DELAY)
        self.set_busy(False)
        self.show(view, effects)
        self.play_queue()

    def auto(self) -> None:
        self.set_busy(False)
        self.ctl.auto()
        self.render()
        self.play_queue()

    def fire(self, name: str, ticket: int) -> None:
        """A timer of the view ran out (:class:`pyapp.ui.view.Timer`): once nothing animates nor is held."""
        done = self.ctl.fire(name, ticket)
        if done is None:  # a move's steps are shown or a pointer is down: later
            self.later(0.05, partial(self.fire, name, ticket))
            return
        if isinstance(done, float):  # nothing changed; the same timer again (the solver's next slice)
            self.later(self.solver.pace(name, done), partial(self.fire, name, ticket))
            return
        self.timers.discard((name, ticket))
        if done:
            self.render()

    async def copy(self, text: str, result: bool = False) -> None:
        """Send the link (``result``: a daily result's message) as the device does (:func:`send`);
        the controller says how it went, or shows the link to copy by hand."""
        sent = await send(text, result, str(document.title))
        if sent is not None:
            self.ctl.copied(*sent, result=result)
            self.render()

    def draw_board(self, board: Board) -> None:
        self.unit = unit_for(board.width, board.height, *self.room(docked=True))
        if self.board_node.style.top != (top := f"{self.reserve[0]:g}px"):
            self.board_node.style.top = top
        self.apply(self.paint.board(board, self.unit))

    def draw_actions(self, view: View, enabled: bool) -> None:
        """The buttons under the board, redrawn only when changed; the focus stays on its button."""
        if ops := self.paint.actions(view, enabled):
            active = document.activeElement
            focused = str(active.id or "") if present(active) and byid("actions").contains(active) else ""
            self.apply(ops)
            if focused and present(byid(focused)):
                byid(focused).focus()

    async def ticker(self) -> None:
        """Every second: the time to the controller, the timer on the status line, and the audio let
        sleep once it has been silent a while."""
        while True:
            await asyncio.sleep(1)
            timer = self.ctl.tick(js.performance.now())
            self.audio.rest()
            if not self.busy:
                self.apply(self.paint.clock(timer))

    # -- buttons and controls ---------------------------------------------------------
    def click(self, evt: Any) -> None:
        """A click on any button of the page: the controller says what its id means; the
        few that need the browser itself (a file, a download, the error banner) are here. A
        click anywhere on the first games' tip closes it, as its own button does."""
        button: Any = evt.target.closest("button, #tip") if hasattr(evt.target, "closest") else None
        if not present(button) or getattr(button, "disabled", False):  # (the tip has no such property)
            return
        if self.ctl.pointer.swallowed(ident := "tip-close" if button.id == "tip" else str(button.id or "")):
            return  # the touch held on it showed what it would do: letting go plays nothing
        if ident == "banner-close":
            byid("banner").hidden = True
        elif ident == "stats-import":
            byid("stats-file").click()
        elif ident == "stats-export":
            blob = js.Blob.new([self.ctl.dialogs.export_stats()], {"type": "application/json"})
            link = document.createElement("a")
            link.href = js.URL.createObjectURL(blob)
            link.download = "solitaire-orbit-statistics.json"
            link.click()
            js.URL.revokeObjectURL(link.href)
        elif self.ctl.click(ident, new_deal_form() if ident == "deal-go" else None) and not self.busy:
            self.render()  # (busy: a replay control waits for the steps shown, play_queue)

    def change(self, evt: Any) -> None:
        node = evt.target
        ident = str(node.id or "")
        if ident == "stats-file" and node.files.length:
            self.spawn(self.import_file(node.files.item(0)))
        elif self.ctl.change(ident, str(node.value or ""), bool(getattr(node, "checked", False))) and not self.busy:
            self.render()  # (busy: the replay's slider or speed waits for the steps shown, play_queue)

    async def import_file(self, file: Any) -> None:
        self.ctl.dialogs.import_stats(str(await file.text()))
        self.render()

    def hold(self, evt: Any) -> None:
        """A touch held on a button that previews (:meth:`pyapp.ui.pointer.Pointer.button_press`)."""
        previews = str(evt.pointerType) != "mouse" and present(evt.target.closest("button.previews"))
        ticket, previewing = self.ctl.pointer.button_press(str(evt.type) == "pointerdown", previews)
        if ticket:
            self.later(LONG_PRESS, lambda: self.apply(self.paint.previewing(self.ctl.pointer.button_held(ticket))))
        self.apply(self.paint.previewing(previewing))

    # -- pointer input --------------------------------------------------------------
    def at(self, evt: Any) -> tuple[float, float]:
        """Where the pointer is, in pixels from the board's corner."""
        rect = self.board_node.getBoundingClientRect()
        return float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top)

    def hit(self, evt: Any) -> tuple[str | None, int | None]:
        """(pile, card index) of the element under the pointer (None off them: the controller finds the pile)."""
        target = evt.target
        card: Any = target.closest("[data-uid]") if hasattr(target, "closest") else None
        if present(card) and "c:" + str(card.getAttribute("data-uid")) in self.nodes:
            return str(card.getAttribute("data-at")), int(str(card.getAttribute("data-index")))
        pile: Any = target.closest("[data-pile]") if hasattr(target, "closest") else None
        return (str(pile.getAttribute("data-pile")) if present(pile) else None), None

    def pointer_down(self, evt: Any) -> None:
        if self.busy or int(evt.button) > 0:
            return
        ticket = self.ctl.pointer.down(*self.hit(evt), *self.at(evt), self.unit)
        if ticket < 0:  # on a card that may be dragged: the pointer stays with the board
            self.board_node.setPointerCapture(evt.pointerId)
            evt.preventDefault()
        self.later(LONG_PRESS, partial(self.long_press, ticket))

    def long_press(self, ticket: int) -> None:
        if self.ctl.pointer.long_press(ticket):
            self.render()

    def pointer_move(self, evt: Any) -> None:
        """A card follows the pointer once it moved a few pixels; the controller lights its targets."""
        moved = self.ctl.pointer.move(*self.at(evt))
        if moved is not None:
            if moved[3]:  # the drag began: its targets light
                self.render(animate=False)
            self.apply(self.paint.moved("c:" + moved[0], moved[1], moved[2]))
            evt.preventDefault()

    def pointer_up(self, evt: Any) -> None:
        if self.busy:
            self.ctl.pointer.cancel()
        else:
            began = js.performance.now()
            if self.ctl.pointer.up(*self.at(evt)):
                self.render()
                self.measure("orbit-input", began)

    def pointer_cancel(self, evt: Any) -> None:
        self.ctl.pointer.cancel()
        if not self.busy:
            self.render()

    def peek_gesture(self, evt: Any) -> None:
        """A double click (:meth:`pyapp.ui.pointer.Pointer.double_click`), or a right click or a touch held
        (some phones), on a squared pile shows its cards; the board has no browser menu."""
        if evt.type == "contextmenu":
            evt.preventDefault()
        if not self.busy:
            (self.ctl.pointer.double_click if evt.type == "dblclick" else self.ctl.dialogs.peek)(self.hit(evt)[0])
            self.render()

    def key_down(self, evt: Any) -> None:
        if str(evt.target.tagName) in ("INPUT", "SELECT", "TEXTAREA") or evt.altKey:
            return  # typing in a field, or the browser's own keys
        if not self.busy:
            self.dialog_closed()  # a dialog Escape just closed, whose close event has not come yet
        if self.ctl.key(str(evt.key), bool(evt.ctrlKey or evt.metaKey), bool(evt.shiftKey),
                        bool(self.board_node.contains(evt.target))):
            evt.preventDefault()
            if not self.busy:  # else the key waits for the move's steps (play_queue)
                self.render()


BINDING: Binding | None = None


def new_deal_form() -> dict[str, str]:
    """The New deal dialog's fields by name (a ticked box: "1")."""
    return {str(f.name): ("1" if f.checked else "") if str(f.type) == "checkbox" else str(f.value)
            for f in byid("newgame-form").querySelectorAll("[name]")}


def main() -> None:
    global BINDING
    BINDING = Binding()
    try:
        BINDING.start()
    except Exception as exc:  # noqa: BLE001
        BINDING.error(exc)
        document.body.setAttribute("data-ready", "true")
