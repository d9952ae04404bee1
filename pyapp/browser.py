"""The one module that touches the DOM: it draws what :class:`pyapp.controller.Controller`
returns and turns DOM events into the controller's intents. No rules, links,
storage formats or wording live here.

Cards are elements created once per card id and moved; every handler is a proxy
kept in ``Binding.proxies`` (destroyed with its group) and wrapped so that a
Python exception shows the error banner and the game carries on.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any, Callable

import js
from js import document, window
from pyodide.ffi import create_proxy

from .controller import Board, CardView, Controller, Dialog, View, pile_at
from .table import Face

STEP_DELAY = 0.22
DRAG_THRESHOLD = 6.0
LONG_PRESS = 0.5
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}


class Storage:
    """localStorage, or a dict when the browser refuses it (sandboxed frames)."""

    def __init__(self) -> None:
        self.memory: dict[str, str] = {}
        try:
            self.backend: Any = window.localStorage
            self.backend.setItem("orbit.probe", "1")
            self.backend.removeItem("orbit.probe")
        except Exception:
            self.backend = None

    def get(self, key: str) -> str | None:
        try:
            value = self.backend.getItem(key) if self.backend is not None else self.memory.get(key)
        except Exception:
            value = self.memory.get(key)
        return None if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else str(value)

    def set(self, key: str, value: str) -> None:
        self.memory[key] = value
        try:
            if self.backend is not None:
                self.backend.setItem(key, value)
        except Exception:
            pass

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        try:
            if self.backend is not None:
                self.backend.removeItem(key)
        except Exception:
            pass


def el(tag: str, cls: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


def byid(name: str) -> Any:
    return document.getElementById(name)


def draw_face(node: Any, face: Face | None, code: str) -> None:
    node.innerHTML = ""
    if face is None:
        node.className = "card back"
        node.removeAttribute("data-card")
        node.setAttribute("aria-label", "face-down card")
        node.style.removeProperty("--hue")
        return
    node.className = " ".join(("card", *face.classes))
    node.setAttribute("data-card", code)
    node.setAttribute("aria-label", face.name)
    node.appendChild(el("span", "corner", face.corner))
    node.appendChild(el("span", "pip", face.pip))
    if face.hue is not None:
        node.style.setProperty("--hue", f"{face.hue:.0f}")


class Binding:
    def __init__(self) -> None:
        self.proxies: list[tuple[str, Any, str, Any]] = []
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.ctl = Controller(Storage(), reduced_motion=reduced)
        self.board_node = byid("board")
        self.cards: dict[str, Any] = {}
        self.codes: dict[str, str] = {}
        self.piles: dict[str, Any] = {}
        self.decor: list[Any] = []
        self.board: Board | None = None
        self.unit = 60.0
        self.busy = False
        self.drag: dict[str, Any] | None = None
        self.press_id = 0
        self.disarm_id = 0

    # -- plumbing --------------------------------------------------------------
    def on(self, node: Any, event: str, fn: Callable[[Any], None], group: str = "page") -> None:
        proxy = create_proxy(self.guard(fn))
        node.addEventListener(event, proxy)
        self.proxies.append((group, node, event, proxy))

    def off_group(self, group: str) -> None:
        keep = []
        for entry in self.proxies:
            if entry[0] == group:
                entry[1].removeEventListener(entry[2], entry[3])
                entry[3].destroy()
            else:
                keep.append(entry)
        self.proxies = keep

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
                self.busy = False
                self.error(exc)

        asyncio.ensure_future(run())

    def error(self, exc: BaseException) -> None:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        js.console.error("Solitaire Orbit: " + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        byid("banner-text").textContent = f"Something went wrong: {text}. Your game is kept; undo or carry on."
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
                             ("notice-action", ctl.notice_action), ("summary-new", lambda: ctl.summary_action("new")),
                             ("summary-again", lambda: ctl.summary_action("again")),
                             ("summary-undo", lambda: ctl.summary_action("undo")),
                             ("summary-close", lambda: ctl.summary_action("close"))):
            self.on(byid(name), "click", self.act(intent))
        self.on(byid("banner-close"), "click", lambda e: setattr(byid("banner"), "hidden", True))
        for dialog in ("rules", "summary", "newgame", "peek"):
            self.on(byid(dialog), "close", lambda e: self.dialog_closed())
        for tile in document.querySelectorAll(".tile"):
            self.on(tile, "click", self.act(self.opener(str(tile.dataset.game))))
        board = self.board_node
        self.on(board, "pointerdown", self.pointer_down)
        self.on(board, "pointermove", self.pointer_move)
        self.on(board, "pointerup", self.pointer_up)
        self.on(board, "pointercancel", self.pointer_cancel)
        self.on(board, "dblclick", self.double_click)
        self.on(board, "contextmenu", lambda e: e.preventDefault())
        self.on(document, "keydown", self.key_down)
        self.on(window, "resize", lambda e: None if self.busy else self.render())
        self.on(window, "hashchange", self.act(lambda: ctl.open_link(str(window.location.hash))))
        ctl.start(str(window.location.hash), str(window.location.href))
        self.render()
        document.body.setAttribute("data-ready", "true")

    def opener(self, game_id: str) -> Callable[[], None]:
        return lambda: self.ctl.open_game(game_id)

    def dialog_closed(self) -> None:
        """A dialog closed by the browser (Escape, its own Close button)."""
        if self.ctl.dialog is not None and not byid(self.ctl.dialog.kind).open:
            self.ctl.close_dialog()
            self.render()

    # -- drawing ------------------------------------------------------------------
    def render(self) -> None:
        wrap = byid("board-wrap")
        self.ctl.resize(max(200.0, float(wrap.clientWidth)), max(240.0, float(wrap.clientHeight)))
        view = self.ctl.view()
        start = view.screen == "start"
        byid("start").hidden = not start
        byid("game").hidden = start
        byid("tools").hidden = start
        byid("title").textContent = view.title
        for tile in document.querySelectorAll(".tile"):
            tile.disabled = False
            old = tile.querySelector(".resume")
            if old is not None and type(old).__name__ != "JsNull":
                old.remove()
            for t in view.tiles:
                if t.id == str(tile.dataset.game) and t.resume:
                    tile.appendChild(el("span", "resume", t.resume))
        for name, enabled in view.tools.items():
            byid(name).disabled = not enabled
        resign = byid("resign")
        resign.classList.toggle("armed", view.resign_armed)
        resign.querySelector(".lbl").textContent = " Sure? Press again" if view.resign_armed else " Give up"
        if view.resign_armed:
            self.disarm_id += 1
            self.spawn(self.disarm_later(self.disarm_id))
        notice = view.notice
        byid("notice").hidden = notice is None
        if notice is not None:
            byid("notice").classList.toggle("error", notice.error)
            byid("notice-text").textContent = notice.text
            byid("notice-action").textContent = notice.action
            byid("notice-action").hidden = not notice.action
        self.draw_dialog(view.dialog)
        if str(window.location.hash) != view.address:
            path = str(window.location.pathname) + str(window.location.search)
            window.history.replaceState(None, "", view.address or path)
        if view.copy:
            self.spawn(self.copy(view.copy))
        if view.board is None:
            return
        byid("prompt").textContent = view.prompt
        byid("score").textContent = " · ".join(t for t in (view.score, view.info) if t)
        if view.frames:
            self.busy = True
            self.draw_actions(view, False)
            self.spawn(self.animate(view))
        else:
            self.show(view)

    def show(self, view: View) -> None:
        assert view.board is not None
        self.draw_board(view.board)
        self.draw_actions(view, True)
        if view.auto:
            self.busy = True
            self.spawn(self.auto_later())

    async def animate(self, view: View) -> None:
        for frame in view.frames:
            self.draw_board(frame)
            await asyncio.sleep(STEP_DELAY)
        self.busy = False
        self.show(view)

    async def auto_later(self) -> None:
        await asyncio.sleep(0 if "instant" in self.ctl.settings else STEP_DELAY)
        self.busy = False
        self.ctl.auto()
        self.render()

    async def disarm_later(self, ticket: int) -> None:
        await asyncio.sleep(4)
        if ticket == self.disarm_id and self.ctl.resign_armed:
            self.ctl.disarm()
            self.render()

    async def copy(self, url: str) -> None:
        try:
            await window.navigator.clipboard.writeText(url)
            ok = True
        except Exception:
            ok = False
        self.ctl.copied(ok)
        self.render()

    def draw_board(self, board: Board) -> None:
        self.board = board
        wrap = byid("board-wrap")
        unit = min(max(200.0, float(wrap.clientWidth)) / board.width, max(240.0, float(wrap.clientHeight)) / board.height)
        unit = self.unit = max(24.0, min(unit, 130.0))
        node = self.board_node
        node.style.setProperty("--u", f"{unit:.2f}px")
        node.style.width = f"{board.width * unit:.1f}px"
        node.style.height = f"{board.height * unit:.1f}px"
        node.setAttribute("data-status", board.status)
        node.setAttribute("data-busy", "true" if self.busy else "false")
        for d in self.decor:
            d.remove()
        self.decor = []
        for item in board.decor:
            d = el("div", "decor " + item.kind)
            self.place(d, item.x, item.y, item.w, item.h)
            node.insertBefore(d, node.firstChild)
            self.decor.append(d)
        seen: set[str] = set()
        for pile in board.piles:
            seen.add(pile.id)
            p = self.piles.get(pile.id)
            if p is None:
                p = self.piles[pile.id] = el("div")
                p.setAttribute("data-pile", pile.id)
                for part in ("overlay", "pile-label", "pile-note"):
                    p.appendChild(el("div", part))
                node.appendChild(p)
            p.className = " ".join(pile.classes)
            p.setAttribute("data-count", str(pile.count))
            p.setAttribute("aria-label", pile.name)
            self.place(p, pile.x, pile.y, pile.w, pile.h)
            over, label, note = p.children[0], p.children[1], p.children[2]
            over.style.left = f"{(pile.top_x - pile.x) * unit:.1f}px"
            over.style.top = f"{(pile.top_y - pile.y) * unit:.1f}px"
            over.innerHTML = ""
            if pile.badge:
                over.appendChild(el("span", "badge", pile.badge))
            if pile.arrow:
                over.appendChild(el("span", "arrow", ARROWS.get(pile.arrow, "•")))
            label.textContent = pile.label
            note.textContent = pile.note
        for pid in [k for k in self.piles if k not in seen]:
            self.piles.pop(pid).remove()
        used: set[str] = set()
        for card in board.cards:
            used.add(card.uid)
            self.draw_card(card)
        for uid in [k for k in self.cards if k not in used]:
            self.cards.pop(uid).remove()
            self.codes.pop(uid, None)

    def place(self, node: Any, x: float, y: float, w: float, h: float) -> None:
        u = self.unit
        node.style.left = f"{x * u:.1f}px"
        node.style.top = f"{y * u:.1f}px"
        node.style.width = f"{w * u:.1f}px"
        node.style.height = f"{h * u:.1f}px"

    def draw_card(self, card: CardView) -> None:
        node = self.cards.get(card.uid)
        if node is None:
            node = self.cards[card.uid] = el("div")
            node.setAttribute("data-uid", card.uid)
            self.board_node.appendChild(node)
        if self.codes.get(card.uid) != card.code:
            self.codes[card.uid] = card.code
            draw_face(node, card.face, card.code)
        for flag in ("movable", "selected", "choice", "picked", "hint-target", "dragging"):
            node.classList.toggle(flag, flag in card.classes)
        node.setAttribute("data-at", card.pile)
        node.setAttribute("data-index", str(card.index))
        node.setAttribute("data-marks", card.marks)
        node.style.left = f"{card.x * self.unit:.1f}px"
        node.style.top = f"{card.y * self.unit:.1f}px"
        node.style.zIndex = str(card.z)

    def draw_actions(self, view: View, enabled: bool) -> None:
        box = byid("actions")
        self.off_group("actions")
        box.innerHTML = ""
        for b in view.buttons:
            node = el("button", "active" if b.active else "", b.label)
            node.type = "button"
            node.id = "act-" + b.id
            node.title = b.title
            node.disabled = not (b.enabled and enabled)
            self.on(node, "click", self.act(self.presser(b.id)), "actions")
            box.appendChild(node)
        for sid, text, checked in view.settings:
            label, check = el("label"), el("input")
            check.type = "checkbox"
            check.id = "set-" + sid
            check.checked = checked
            self.on(check, "change", self.act(self.toggler(sid, check)), "actions")
            label.appendChild(check)
            label.appendChild(document.createTextNode(text))
            box.appendChild(label)

    def presser(self, button_id: str) -> Callable[[], None]:
        return lambda: self.ctl.press(button_id)

    def toggler(self, setting: str, check: Any) -> Callable[[], None]:
        return lambda: self.ctl.set_setting(setting, bool(check.checked))

    def draw_dialog(self, dialog: Dialog | None) -> None:
        for kind in ("rules", "summary", "newgame", "peek"):
            node = byid(kind)
            if (dialog is None or dialog.kind != kind) and node.open:
                node.close()
        if dialog is None:
            return
        node = byid(dialog.kind)
        if dialog.kind == "rules":
            byid("rules-body").innerHTML = dialog.html
        elif dialog.kind == "summary":
            body = byid("summary-body")
            body.innerHTML = ""
            body.appendChild(el("h2", "", dialog.title))
            body.appendChild(el("div", "big", dialog.big))
            for line in dialog.lines:
                body.appendChild(el("p", "", line))
        elif dialog.kind == "peek":
            body = byid("peek-body")
            body.innerHTML = ""
            body.appendChild(el("h2", "", dialog.title))
            row = el("div", "peek-row")
            for face in dialog.faces:
                card = el("div")
                draw_face(card, face, face.name)
                row.appendChild(card)
            body.appendChild(row)
        elif dialog.kind == "newgame":
            self.draw_new_form(dialog)
        if not node.open:
            node.showModal()

    def draw_new_form(self, dialog: Dialog) -> None:
        form = byid("newgame-form")
        if form.getAttribute("data-title") == dialog.title and form.querySelector(".form-error") is not None:
            form.querySelector(".form-error").textContent = dialog.error
            return
        self.off_group("newgame")
        form.innerHTML = ""
        form.setAttribute("data-title", dialog.title)
        form.appendChild(el("h2", "", dialog.title))
        inputs: list[tuple[str, str, Any]] = []
        for f in dialog.fields:
            label = el("label")
            inp = el("select" if f.kind == "select" else "input")
            if f.kind == "flag":
                inp.type = "checkbox"
                inp.checked = f.value == "1"
                label.appendChild(inp)
                label.appendChild(document.createTextNode(" " + f.label))
            else:
                label.appendChild(document.createTextNode(f.label + " "))
                for choice in f.choices:
                    opt = el("option", "", choice)
                    opt.value = choice
                    opt.selected = choice == f.value
                    inp.appendChild(opt)
                if f.kind == "text":
                    inp.type = "text"
                    inp.value = f.value
                label.appendChild(inp)
            inp.name = f.name
            inputs.append((f.name, f.kind, inp))
            form.appendChild(label)
        form.appendChild(el("p", "form-error", dialog.error))
        row = el("div", "row")
        for bid, text in (("deal", "Deal"), ("deal-cancel", "Cancel")):
            b = el("button", "", text)
            b.type = "button"
            b.id = bid
            row.appendChild(b)
        form.appendChild(row)

        def values() -> dict[str, str]:
            return {n: ("1" if i.checked else "") if k == "flag" else str(i.value) for n, k, i in inputs}

        self.on(byid("deal"), "click", self.act(lambda: self.ctl.submit_new(values())), "newgame")
        self.on(byid("deal-cancel"), "click", self.act(self.ctl.close_dialog), "newgame")

    # -- pointer input --------------------------------------------------------------
    def units(self, evt: Any) -> tuple[float, float]:
        rect = self.board_node.getBoundingClientRect()
        return (float(evt.clientX) - float(rect.left)) / self.unit, (float(evt.clientY) - float(rect.top)) / self.unit

    def hit(self, evt: Any) -> tuple[str | None, int | None, str | None]:
        """(pile, card index or None, card uid or None) under the pointer."""
        node = evt.target
        while node is not None and type(node).__name__ != "JsNull" and node != self.board_node:
            uid = node.getAttribute("data-uid") if hasattr(node, "getAttribute") else None
            if uid is not None and str(uid) in self.cards:
                return str(node.getAttribute("data-at")), int(str(node.getAttribute("data-index"))), str(uid)
            pid = node.getAttribute("data-pile") if hasattr(node, "getAttribute") else None
            if pid is not None and type(pid).__name__ != "JsNull":
                return str(pid), None, None
            node = node.parentElement
        board = self.board
        return (pile_at(board, *self.units(evt)) if board else None), None, None

    def pointer_down(self, evt: Any) -> None:
        if self.busy or self.board is None or int(evt.button) > 0:
            return
        pile, index, uid = self.hit(evt)
        self.press_id += 1
        self.drag = {"pile": pile, "index": index, "uid": uid, "x0": float(evt.clientX), "y0": float(evt.clientY),
                     "moved": False, "ticket": self.press_id}
        if pile is not None and index is not None and (pile, index) in self.board.sources and uid is not None:
            self.board_node.setPointerCapture(evt.pointerId)
            self.drag["left"] = float(self.cards[uid].offsetLeft)
            self.drag["top"] = float(self.cards[uid].offsetTop)
            evt.preventDefault()
        if pile is not None:
            self.spawn(self.long_press(self.press_id, pile))

    async def long_press(self, ticket: int, pile: str) -> None:
        await asyncio.sleep(LONG_PRESS)
        drag = self.drag
        if drag is not None and drag["ticket"] == ticket and not drag["moved"]:
            self.drag = None
            self.ctl.peek(pile)
            self.render()

    def pointer_move(self, evt: Any) -> None:
        drag, board = self.drag, self.board
        if drag is None or board is None or "left" not in drag:
            return
        dx, dy = float(evt.clientX) - drag["x0"], float(evt.clientY) - drag["y0"]
        node = self.cards[drag["uid"]]
        if not drag["moved"]:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            drag["moved"] = True
            node.classList.add("dragging")
            node.style.zIndex = "1000"
            self.light(dict(board.holds.get((drag["pile"], drag["index"]), ())))
        node.style.left = f"{drag['left'] + dx:.1f}px"
        node.style.top = f"{drag['top'] + dy:.1f}px"
        evt.preventDefault()

    def light(self, targets: dict[str, str]) -> None:
        for pid, node in self.piles.items():
            node.classList.toggle("lit", pid in targets)
            node.children[2].textContent = targets.get(pid, "") if targets else ""
        for card in self.board.cards if self.board else ():
            self.cards[card.uid].classList.toggle("hint-target", card.pile in targets)

    def pointer_up(self, evt: Any) -> None:
        drag, self.drag = self.drag, None
        if drag is None or self.board is None or self.busy:
            return
        if drag["moved"]:
            self.cards[drag["uid"]].classList.remove("dragging")
            among = {t for t, _ in self.board.holds.get((drag["pile"], drag["index"]), ())}
            ux, uy = self.units(evt)
            target = pile_at(self.board, ux, uy, among) or pile_at(self.board, ux, uy)
            self.ctl.drop((drag["pile"], drag["index"]), target)
        else:
            self.ctl.tap(drag["pile"], drag["index"])
        self.render()

    def pointer_cancel(self, evt: Any) -> None:
        self.drag = None
        if not self.busy:
            self.render()

    def double_click(self, evt: Any) -> None:
        pile, _, _ = self.hit(evt)
        if pile is not None and not self.busy:
            self.ctl.peek(pile)
            self.render()

    def key_down(self, evt: Any) -> None:
        if self.busy:
            return
        if self.ctl.key(str(evt.key), bool(evt.ctrlKey or evt.metaKey), bool(evt.shiftKey)):
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
