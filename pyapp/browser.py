"""The one module that touches the DOM: it draws what :class:`pyapp.controller.Controller`
returns and turns DOM events into the controller's intents. No rules, links,
storage formats or wording live here.

Cards are elements created once per card id and moved; every handler is a proxy
kept in ``Binding.proxies`` (destroyed with its group) and wrapped so that a
Python exception shows the error banner and the game carries on.
"""

from __future__ import annotations

import asyncio
import datetime
import gc
import traceback
from dataclasses import replace
from functools import partial
from typing import Any, Callable

import js
from js import document, window
from pyodide.ffi import create_proxy

from .controller import Board, Controller, Dialog, SafeStorage, View
from .markup import ElementWrite, actions_html, board_writes, card_writes, decor_html, dialog_html, error_text
from .markup import page_writes, pile_writes, replay_html

STEP_DELAY = 0.22
DRAG_THRESHOLD = 6.0
LONG_PRESS = 0.5
BODIES = {"rules": "rules-body", "summary": "summary-body", "peek": "peek-body", "newgame": "newgame-form",
          "stats": "stats-body"}


def el(tag: str, cls: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


def present(value: Any) -> bool:
    """False for None and JavaScript's null/undefined as Pyodide hands them over."""
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")


def byid(name: str) -> Any:
    return document.getElementById(name)


def write(node: Any, what: str, value: str | None) -> None:
    """One write to an element, as :data:`pyapp.markup.Write` says; ``None`` removes
    an attribute ("attr:NAME") or a style property ("style:NAME")."""
    if what == "text":
        node.textContent = value
    elif what == "html":
        node.innerHTML = value
    elif what == "class":
        node.className = value
    elif what in ("hidden", "disabled"):
        setattr(node, what, bool(value))
    elif what.startswith("class:"):
        node.classList.toggle(what[6:], bool(value))
    elif what.startswith("style:"):
        if value is None:
            node.style.removeProperty(what[6:])
        else:
            node.style.setProperty(what[6:], value)
    elif value is None:
        node.removeAttribute(what[5:])
    else:
        node.setAttribute(what[5:], value)


class Binding:
    def __init__(self) -> None:
        self.proxies: list[tuple[Any, str, Any]] = []
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        try:
            backend = window.localStorage  # sandboxed frames may refuse it
        except Exception:
            backend = None
        self.ctl = Controller(SafeStorage(backend, present), reduced_motion=reduced)
        self.board_node = byid("board")
        self.cards: dict[str, Any] = {}
        self.piles: dict[str, Any] = {}
        self.decor: Any = None
        self.painted: dict[str, object] = {}  # what each pile and card was last drawn from
        # What was last written to the page (by selector) and to each pile and card (by id):
        # a write of the same value again is skipped, since every call into the DOM costs.
        self.written: dict[tuple[str, str], str | None] = {}
        self.attrs: dict[str, dict[str, str | None]] = {}
        self.board: Board | None = None
        self.unit = 60.0
        self.busy = False
        self.drag: dict[str, Any] | None = None
        self.press_id = 0
        self.disarm_id = 0
        self.drawn: Dialog | None = None
        self.tools: dict[str, bool] = {}
        self.timed = 0  # the notice whose dismissal is scheduled
        self.had_focus = False  # the page's focus was on the board when drawing began
        self.return_to: Any = None  # where the focus goes back when a dialog closes
        self.held = 0  # a touch held on a button that previews its effect (Rotate): its ticket
        self.swallow = False  # that touch showed the preview: its click plays nothing
        self.actions_drawn = ""
        self.replay_id = 0  # the replay's timer that may still tick
        self.deal_line = ("", False)  # the status line's deal text, and whether a timer follows it
        self.waiting: list[tuple[str, bool, bool, bool]] = []  # keys pressed while a move animated

    # -- plumbing --------------------------------------------------------------
    def set_busy(self, busy: bool) -> None:
        """While a move animates or waits, input waits too (``data-busy`` tells the tests)."""
        self.busy = busy
        self.put(self.board_node, "board", (("attr:data-busy", "true" if busy else "false"),))
        # disabled, never hidden, while a move animates
        self.apply(tuple((f"#{name}", "disabled", "1" if busy or not on else "") for name, on in self.tools.items()))

    def apply(self, writes: tuple[tuple[str, str, str], ...]) -> None:
        """The page's writes (:func:`pyapp.markup.page_writes`), each unless already written."""
        for selector, what, value in writes:
            if self.written.get((selector, what), 0) != value:
                self.written[selector, what] = value
                write(document.documentElement if selector == ":root" else document.querySelector(selector),
                      what, value)

    def put(self, node: Any, ident: str, writes: tuple[ElementWrite, ...]) -> None:
        """Writes to a pile or card element (``ident``: "p" + pile id, "c" + card uid), each unless already so."""
        done = self.attrs.setdefault(ident, {})
        for what, value in writes:
            if done.get(what, 0) != value:
                done[what] = value
                write(node, what, value)

    def on(self, node: Any, event: str, fn: Callable[[Any], None]) -> None:
        """Listen for the page's lifetime: every element with a handler is created once
        (content that is redrawn, such as buttons and dialogs, is handled by delegation)."""
        proxy = create_proxy(self.guard(fn))
        node.addEventListener(event, proxy)
        self.proxies.append((node, event, proxy))

    def guard(self, fn: Callable[[Any], None]) -> Callable[[Any], None]:
        def handler(evt: Any) -> None:
            try:
                fn(evt)
            except Exception as exc:  # noqa: BLE001 - every failure must be visible
                self.error(exc)

        return handler

    def spawn(self, coro: Any) -> None:
        async def run() -> None:
            try:
                await coro
            except Exception as exc:  # noqa: BLE001
                self.set_busy(False)
                self.error(exc)

        asyncio.ensure_future(run())

    def error(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        js.console.error("Solitaire Orbit: " + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        byid("banner-text").textContent = error_text(text)
        byid("banner").hidden = False

    def act(self, intent: Callable[[], Any]) -> Callable[[Any], None]:
        """A handler that sends one intent (unless a move is still animating) and draws."""

        def handler(evt: Any) -> None:
            if not self.busy:
                intent()
                self.render()

        return handler

    # -- start-up ----------------------------------------------------------------
    def start(self) -> None:
        ctl = self.ctl
        for name, intent in (("home", ctl.home), ("undo", ctl.undo), ("redo", ctl.redo), ("restart", ctl.restart),
                             ("new", ctl.open_new_dialog), ("resign", ctl.resign), ("copy", ctl.copy_link),
                             ("help", ctl.show_rules), ("notice-close", ctl.dismiss_notice),
                             ("notice-action", ctl.notice_action), ("more", ctl.toggle_menu),
                             ("stats-open", ctl.show_stats), ("stats-game", ctl.show_stats),
                             ("hint", ctl.hint), ("watch", ctl.watch)):
            self.on(byid(name), "click", self.act(intent))
        for what in ("new", "again", "copy", "replay", "undo", "close"):
            self.on(byid("summary-" + what), "click", self.act(partial(ctl.summary_action, what)))
        self.on(byid("banner-close"), "click", lambda e: setattr(byid("banner"), "hidden", True))
        self.on(byid("actions"), "click", self.action)
        for event in ("pointerdown", "pointerup", "pointercancel", "pointerleave"):
            self.on(byid("actions"), event, self.hold)
        self.on(byid("actions"), "change", self.action)  # the replay's slider and speed
        self.on(document, "visibilitychange", lambda e: ctl.visibility(bool(document.hidden), js.performance.now()))
        self.on(window, "pagehide", lambda e: ctl.visibility(True, js.performance.now()))
        self.on(byid("settings"), "change", self.action)
        self.on(byid("newgame-form"), "click", self.form_click)
        for dialog in BODIES:
            self.on(byid(dialog), "close", lambda e: self.dialog_closed())
        for tile in document.querySelectorAll(".tile"):
            self.on(tile, "click", self.act(partial(self.ctl.open_game, str(tile.dataset.game))))
        for day in document.querySelectorAll("[data-daily]"):
            self.on(day, "click", self.act(partial(self.open_daily, str(day.dataset.daily))))
        self.on(byid("stats-body"), "click", self.stats_click)
        self.on(byid("stats-body"), "change", self.stats_click)
        for event, fn in (("pointerdown", self.pointer_down), ("pointermove", self.pointer_move),
                          ("pointerup", self.pointer_up), ("pointercancel", self.pointer_cancel),
                          ("dblclick", self.double_click), ("contextmenu", self.context_menu)):
            self.on(self.board_node, event, fn)
        self.on(document, "keydown", self.key_down)
        self.on(window, "resize", lambda e: None if self.busy else self.render())
        self.on(window, "hashchange", self.act(lambda: ctl.open_link(str(window.location.hash))))
        ctl.visibility(bool(document.hidden), js.performance.now())  # the timer's time, before a save is read
        ctl.start(str(window.location.hash), str(window.location.href))
        self.spawn(self.ticker())
        self.board_node.replaceChildren()  # the board boot.js kept from the last visit, if any
        self.board_node.removeAttribute("data-preview")
        self.render()
        document.body.setAttribute("data-ready", "true")
        # What start-up made lives as long as the page: out of the collector's sight, so a
        # collection during play walks only what play made (a full one took 40 ms here).
        gc.freeze()
        self.play_queue()

    def play_queue(self) -> None:
        """Input made on the board boot.js showed before Python was ready, in order,
        through the same intents as live input (the controller decides each)."""
        queue: Any = getattr(window, "orbitQueue", None)
        queue = queue if present(queue) else []
        played = int(str(self.board_node.getAttribute("data-queue-played") or 0))
        while len(queue) and not self.busy:  # a forced step in between: the rest waits for it
            item = queue.shift()
            kind, played = str(item.kind), played + 1
            if kind == "click":
                byid(str(item.id)).click()
                continue
            if kind == "key":
                self.ctl.key(str(item.key), bool(item.ctrl), bool(item.shift))
            else:
                pile = str(item.pile) if present(item.pile) else None
                index = int(item.index) if present(item.index) else None
                ux, uy = float(item.x) / self.unit, float(item.y) / self.unit
                if kind == "drop" and pile is not None and index is not None:
                    self.ctl.drop_at((pile, index), ux, uy)
                elif kind == "tap":
                    self.ctl.tap_at(ux, uy, pile, index)
            self.render(animate=False)
        self.board_node.setAttribute("data-queue-played", str(played))
        while self.waiting and not self.busy:  # keys pressed while a move animated
            key, ctrl, shift, board = self.waiting.pop(0)
            if self.ctl.key(key, ctrl, shift, board):
                self.render()

    def dialog_closed(self) -> None:
        """A dialog closed by the browser (Escape, its own Close button)."""
        if self.ctl.dialog is not None and not byid(self.ctl.dialog.kind).open:
            self.ctl.close_dialog()
            self.render()

    # -- drawing ------------------------------------------------------------------
    def render(self, animate: bool = True) -> None:
        start = self.ctl.screen == "start"  # shown before measuring: a hidden box has no size
        self.apply((("#start", "hidden", "" if start else "1"), ("#game", "hidden", "1" if start else ""),
                    ("#tools", "hidden", "1" if start else "")))
        wrap = byid("board-wrap")
        self.ctl.resize(max(200.0, float(wrap.clientWidth)), max(240.0, float(wrap.clientHeight)))
        active = document.activeElement
        self.had_focus = bool(self.board_node.contains(active)) or (self.had_focus and str(active.tagName) == "BODY")
        began = js.performance.now()
        view = self.ctl.view()
        js.performance.measure("orbit-view", {"start": began})  # bench/input_latency.py reports it
        self.apply(page_writes(view))
        if view.announce:  # the same words again are still said: a no-break space tells them apart
            live = byid("live")
            live.textContent = view.announce + ("\u00a0" if str(live.textContent) == view.announce else "")
        self.deal_line = (view.deal, bool(view.timer))
        self.replay_id += 1  # a replay's pending tick is for the view drawn before
        if view.replay is not None and view.replay.playing:
            self.spawn(self.replay_later(self.replay_id, view.replay.interval_ms / 1000))
        self.tools = view.tools
        self.set_busy(self.busy)  # the tools: enabled as the view says, unless a move animates
        if view.resign_armed:
            self.disarm_id += 1
            self.spawn(self.disarm_later(self.disarm_id))
        notice = view.notice
        if notice is not None and notice.timeout and notice.serial != self.timed:
            self.timed = notice.serial
            self.spawn(self.expire_later(notice.serial, notice.timeout))
        self.draw_dialog(view.dialog)
        if str(window.location.hash) != view.address:
            path = str(window.location.pathname) + str(window.location.search)
            window.history.replaceState(None, "", view.address or path)
        if view.copy:
            self.spawn(self.copy(view.copy))
        if view.board is None:
            return
        if view.frames and animate:
            self.set_busy(True)
            self.draw_actions(view, False)
            self.spawn(self.animate(view))
        else:
            self.show(view)

    def show(self, view: View) -> None:
        assert view.board is not None
        self.draw_actions(view, True)  # the buttons under the board take height from it: first
        self.draw_board(view.board)
        if (view.focus_now or self.had_focus) and view.dialog is None:  # the focus follows the ring
            node = self.board_node.querySelector(".focus")
            if present(node) and not node.matches(":focus"):
                node.focus()
        if view.auto:
            self.set_busy(True)
            self.spawn(self.auto_later(0 if view.instant else STEP_DELAY))

    async def animate(self, view: View) -> None:
        for frame in view.frames:
            self.draw_board(frame)
            await asyncio.sleep(STEP_DELAY)
        self.set_busy(False)
        self.show(view)
        self.play_queue()

    async def auto_later(self, pause: float) -> None:
        await asyncio.sleep(pause)
        self.set_busy(False)
        self.ctl.auto()
        self.render()
        self.play_queue()

    async def expire_later(self, serial: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.ctl.expire_notice(serial)
        if not self.busy and self.drag is None:
            self.render()

    async def disarm_later(self, ticket: int) -> None:
        await asyncio.sleep(4)
        if ticket == self.disarm_id and self.ctl.resign_armed:
            self.ctl.disarm()
            self.render()

    async def copy(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
            self.ctl.copied(True)
        except Exception:
            self.ctl.copied(False)
        self.render()

    def draw_board(self, board: Board) -> None:
        """Each pile and card element as the board says; one drawn as it already is is left alone."""
        self.board = board
        wrap = byid("board-wrap")
        unit = min(max(200.0, float(wrap.clientWidth)) / board.width, max(240.0, float(wrap.clientHeight)) / board.height)
        unit = self.unit = max(24.0, min(unit, 130.0))
        node = self.board_node
        self.put(node, "board", board_writes(board, unit))
        if self.decor is None:
            self.decor = el("div", "decor-layer")
            node.insertBefore(self.decor, node.firstChild)
        if self.painted.get("decor") != (decor := decor_html(board.decor, unit)):
            self.decor.innerHTML = self.painted["decor"] = decor
        for kind, items, nodes in (("p", board.piles, self.piles), ("c", board.cards, self.cards)):
            seen = set()
            for item in items:
                ident = item.id if kind == "p" else item.uid  # type: ignore[union-attr]
                seen.add(ident)
                if (elem := nodes.get(ident)) is None:
                    elem = nodes[ident] = el("div")
                    elem.setAttribute("data-pile" if kind == "p" else "data-uid", ident)
                    node.appendChild(elem)
                if self.painted.get(kind + ident) != (key := (item, unit)):
                    self.painted[kind + ident] = key
                    self.put(elem, kind + ident, pile_writes(item, unit) if kind == "p" else card_writes(item, unit))  # type: ignore[arg-type]
            for gone in [k for k in nodes if k not in seen]:
                nodes.pop(gone).remove()
                self.painted.pop(kind + gone, None)
                self.attrs.pop(kind + gone, None)

    def draw_actions(self, view: View, enabled: bool) -> None:
        html = replay_html(view.replay) if view.replay is not None else actions_html(view.buttons, enabled)
        node, active = byid("actions"), document.activeElement
        if html != self.actions_drawn:  # redrawn only when changed, and the focus stays on its button
            focused = str(active.id or "") if present(active) and node.contains(active) else ""
            node.innerHTML = self.actions_drawn = html
            if focused and present(byid(focused)):
                byid(focused).focus()

    async def ticker(self) -> None:
        """Every second: the time to the controller, and the timer on the status line."""
        while True:
            await asyncio.sleep(1)
            timer = self.ctl.tick(js.performance.now())
            deal, timed = self.deal_line
            if timed and not self.busy:
                self.apply((("#deal", "text", " · ".join(t for t in (deal, timer) if t)),))

    async def replay_later(self, ticket: int, seconds: float) -> None:
        """The replay plays: one move on after ``seconds`` (after any animation), unless redrawn since."""
        await asyncio.sleep(seconds)
        while self.busy or self.drag is not None:
            await asyncio.sleep(0.05)
        if ticket == self.replay_id:
            self.ctl.replay_tick()
            self.render()

    def action(self, evt: Any) -> None:
        """A click on one of the game's buttons or a change of a setting (one delegated handler)."""
        node = evt.target
        ident = str(node.id or "")
        if evt.type == "click" and self.swallow:
            self.swallow = False
            return
        if ident.startswith("rp-"):  # the replay bar: its buttons click, its slider and speed change
            if not self.busy and (evt.type == "change") == (str(node.tagName) != "BUTTON"):
                self.ctl.replay_control(ident[3:], str(node.value or ""))
                self.render()
            return
        if self.busy or not ident[:4] in ("act-", "set-") or (evt.type == "click") != (ident[:4] == "act-"):
            return
        if ident.startswith("act-"):
            self.ctl.press(ident[4:])
        elif str(node.tagName) == "SELECT":
            self.ctl.choose(ident[4:], str(node.value))
        else:
            self.ctl.set_setting(ident[4:], bool(node.checked))
        self.render()

    def hold(self, evt: Any) -> None:
        """A touch held on a button that previews (no hover on a phone): the preview shows
        while it is held, and letting go plays nothing; a short tap still presses it."""
        if evt.type != "pointerdown":
            self.held += 1
            byid("game").classList.remove("previewing")
            return
        button = evt.target.closest("button.previews")
        if str(evt.pointerType) != "mouse" and present(button):
            self.held += 1
            self.swallow = False
            self.spawn(self.hold_later(self.held))

    async def hold_later(self, ticket: int) -> None:
        await asyncio.sleep(LONG_PRESS)
        if ticket == self.held:
            byid("game").classList.add("previewing")
            self.swallow = True

    def open_daily(self, game_id: str) -> None:
        self.ctl.open_daily(game_id, datetime.datetime.now(datetime.timezone.utc).date())

    def stats_click(self, evt: Any) -> None:
        """The Statistics dialog's buttons, and the file chosen for an import."""
        ident = str(evt.target.id or "")
        if ident == "stats-file" and evt.type == "change" and evt.target.files.length:
            self.spawn(self.import_file(evt.target.files.item(0)))
        elif evt.type != "click":
            return
        elif ident == "stats-import":
            byid("stats-file").click()
        elif ident == "stats-export":
            blob = js.Blob.new([self.ctl.export_stats()], {"type": "application/json"})
            link = el("a")
            link.href = js.URL.createObjectURL(blob)
            link.download = "solitaire-orbit-statistics.json"
            link.click()
            js.URL.revokeObjectURL(link.href)
        elif ident in ("stats-reset", "stats-close"):
            (self.ctl.reset_stats if ident == "stats-reset" else self.ctl.close_dialog)()
            self.render()

    async def import_file(self, file: Any) -> None:
        self.ctl.import_stats(str(await file.text()))
        self.render()

    def draw_dialog(self, dialog: Dialog | None) -> None:
        for kind in BODIES:
            if (dialog is None or dialog.kind != kind) and byid(kind).open:
                byid(kind).close()
        drawn, self.drawn = self.drawn, dialog
        if dialog is None:
            if drawn is not None:  # closed: the focus goes back where it was (or to the board)
                back, self.return_to = self.return_to, None
                back = back if present(back) and back.isConnected else self.board_node.querySelector(".focus")
                if present(back):
                    back.focus()
            return
        node = byid(dialog.kind)
        if node.open and drawn is not None and replace(drawn, error="") == replace(dialog, error=""):
            if dialog.kind == "newgame":
                node.querySelector(".form-error").textContent = dialog.error
        else:
            byid(BODIES[dialog.kind]).innerHTML = dialog_html(dialog)
        byid("summary-replay").hidden = not dialog.replay
        if not node.open:
            if drawn is None:
                self.return_to = document.activeElement
            node.showModal()

    def form_click(self, evt: Any) -> None:
        ident = str(evt.target.id or "")
        if ident == "deal-go":
            self.submit_new()
        elif ident == "deal-cancel":
            self.ctl.close_dialog()
        else:
            return
        self.render()

    def submit_new(self) -> None:
        values = {}
        for inp in byid("newgame-form").querySelectorAll("[name]"):
            values[str(inp.name)] = ("1" if inp.checked else "") if str(inp.type) == "checkbox" else str(inp.value)
        self.ctl.submit_new(values)

    # -- pointer input --------------------------------------------------------------
    def units(self, evt: Any) -> tuple[float, float]:
        rect = self.board_node.getBoundingClientRect()
        return (float(evt.clientX) - float(rect.left)) / self.unit, (float(evt.clientY) - float(rect.top)) / self.unit

    def hit(self, evt: Any) -> tuple[str | None, int | None, str | None]:
        """(pile, card index, card uid) of the element under the pointer; (None, None, None) off them."""
        target = evt.target
        card: Any = target.closest("[data-uid]") if hasattr(target, "closest") else None
        if present(card) and str(card.getAttribute("data-uid")) in self.cards:
            return str(card.getAttribute("data-at")), int(str(card.getAttribute("data-index"))), str(card.dataset.uid)
        pile: Any = target.closest("[data-pile]") if hasattr(target, "closest") else None
        return (str(pile.getAttribute("data-pile")) if present(pile) else None), None, None

    def pointer_down(self, evt: Any) -> None:
        if self.busy or self.board is None or int(evt.button) > 0:
            return
        pile, index, uid = self.hit(evt)
        self.press_id += 1
        self.drag = {"pile": pile, "index": index, "uid": uid, "x0": float(evt.clientX), "y0": float(evt.clientY),
                     "moved": False, "ticket": self.press_id}
        if pile is not None and index is not None and (pile, index) in self.board.draggable and uid is not None:
            self.board_node.setPointerCapture(evt.pointerId)
            self.drag["left"] = float(self.cards[uid].offsetLeft)
            self.drag["top"] = float(self.cards[uid].offsetTop)
            evt.preventDefault()
        if self.ctl.peekable(pile):
            self.spawn(self.long_press(self.press_id, str(pile)))

    async def long_press(self, ticket: int, pile: str) -> None:
        await asyncio.sleep(LONG_PRESS)
        drag = self.drag
        if drag is not None and drag["ticket"] == ticket and not drag["moved"]:
            self.drag = None
            self.ctl.peek(pile)
            self.render()

    def pointer_move(self, evt: Any) -> None:
        """A card follows the pointer once it moved a few pixels; the controller lights its targets."""
        drag = self.drag
        if drag is None or "left" not in drag:
            return
        dx, dy = float(evt.clientX) - drag["x0"], float(evt.clientY) - drag["y0"]
        if not drag["moved"]:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            drag["moved"] = True
            self.ctl.lift((drag["pile"], drag["index"]))
            self.render(animate=False)
        self.put(self.cards[drag["uid"]], "c" + drag["uid"], (("style:left", f"{drag['left'] + dx:.1f}px"),
                                                             ("style:top", f"{drag['top'] + dy:.1f}px")))
        evt.preventDefault()

    def pointer_up(self, evt: Any) -> None:
        drag, self.drag = self.drag, None
        if drag is None or self.board is None or self.busy:
            return
        place = (drag["pile"], drag["index"])
        if drag["moved"]:
            self.ctl.drop_at(place, *self.units(evt))
        else:
            self.ctl.tap_at(*self.units(evt), drag["pile"], drag["index"])
        self.render()

    def pointer_cancel(self, evt: Any) -> None:
        self.drag = None
        self.ctl.lift(None)
        if not self.busy:
            self.render()

    def double_click(self, evt: Any) -> None:
        if not self.busy:
            self.ctl.double_click(self.hit(evt)[0])
            self.render()

    def context_menu(self, evt: Any) -> None:
        """A right click (or a touch held, on some phones) shows a squared pile's cards; no browser menu on the board."""
        evt.preventDefault()
        pile = self.hit(evt)[0]
        if not self.busy and self.ctl.peekable(pile):
            self.ctl.peek(str(pile))
            self.render()

    def key_down(self, evt: Any) -> None:
        if str(evt.target.tagName) in ("INPUT", "SELECT", "TEXTAREA") or evt.altKey:
            return  # typing in a field, or the browser's own keys
        key = (str(evt.key), bool(evt.ctrlKey or evt.metaKey), bool(evt.shiftKey), bool(self.board_node.contains(evt.target)))
        if self.busy:  # a move animates: the key waits for it (play_queue), unless it moves the page's focus
            if key[0] != "Tab" and len(self.waiting) < 8:
                self.waiting.append(key)
                evt.preventDefault()
            return
        self.dialog_closed()  # a dialog Escape just closed, whose close event has not come yet
        if self.ctl.key(*key):
            evt.preventDefault()
            self.render()


BINDING: Binding | None = None


def main() -> None:
    global BINDING
    BINDING = Binding()
    try:
        BINDING.start()
    except Exception as exc:  # noqa: BLE001
        BINDING.error(exc)
        document.body.setAttribute("data-ready", "true")
