"""The one module that touches the DOM: draws a :class:`pyapp.table.Table` and
turns pointer events into move tokens.

It knows no game's rules. Cards are HTML elements created once and moved
(absolute positions, CSS transitions); every event handler is a proxy kept in
``App.proxies`` and wrapped so that a Python exception shows the error banner
and leaves the game playable. Storage and clipboard may be missing (sandboxed
iframes): every use of them is guarded.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import traceback
from dataclasses import replace
from types import ModuleType
from typing import Any, Callable

import js
from js import document, window
from pyodide.ffi import create_proxy

from .errors import OrbitError, SaveError
from .game import AnyGame
from .games import all_games, get_game
from .links import Link
from .rng import parse_seed
from .session import Session
from .table import BACK, CARD_H, Button, Gesture, Pile, Table
from .tables import get_table_module

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_TEXT = {"T": "10"}
CURRENT_KEY = "orbit.current"
SAVE_PREFIX = "orbit.save."
OPTIONS_PREFIX = "orbit.options."
PREVIOUS_PREFIX = "orbit.previous."
GIVE_UP_HTML = '⚑<span class="lbl"> Give up</span>'
SETTINGS_KEY = "orbit.settings"
STEP_DELAY = 0.22
DRAG_THRESHOLD = 6.0


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
        if self.backend is None:
            return self.memory.get(key)
        try:
            value = self.backend.getItem(key)
        except Exception:
            return self.memory.get(key)
        return None if missing(value) else str(value)

    def set(self, key: str, value: str) -> None:
        self.memory[key] = value
        if self.backend is not None:
            try:
                self.backend.setItem(key, value)
            except Exception:
                pass

    def remove(self, key: str) -> None:
        self.memory.pop(key, None)
        if self.backend is not None:
            try:
                self.backend.removeItem(key)
            except Exception:
                pass


def missing(value: Any) -> bool:
    """True for None and for JavaScript's null/undefined as Pyodide hands them over."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def el(tag: str, cls: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


def card_face(node: Any, code: str) -> None:
    """Fill a card element for ``code`` (or a back for :data:`BACK`)."""
    node.innerHTML = ""
    if code == BACK:
        node.className = "card back"
        node.removeAttribute("data-card")
        return
    node.setAttribute("data-card", code)
    rank, suit = code[0], code[1]
    if rank == "X":
        red = suit == "R"
        node.className = "card joker" + (" red" if red else "")
        corner = el("span", "corner")
        corner.innerHTML = "J<br>O<br>K"
        node.appendChild(corner)
        node.appendChild(el("span", "pip", "★"))
        node.setAttribute("aria-label", ("red" if red else "black") + " joker")
        return
    node.className = "card" + (" red" if suit in "HD" else "")
    corner = el("span", "corner")
    corner.innerHTML = f"{RANK_TEXT.get(rank, rank)}<br>{SUIT_SYMBOL[suit]}"
    node.appendChild(corner)
    node.appendChild(el("span", "pip", SUIT_SYMBOL[suit]))
    node.setAttribute("aria-label", code)


class App:
    def __init__(self) -> None:
        #: Every proxy made, as (group, target, event, proxy); a group is destroyed together.
        self.proxies: list[tuple[str, Any, str, Any]] = []
        self.storage = Storage()
        self.session: Session | None = None
        self.module: ModuleType | None = None
        self.table: Table | None = None
        self.board = document.getElementById("board")
        self.cards: dict[str, Any] = {}
        self.piles: dict[str, Any] = {}
        self.overlays: dict[str, Any] = {}
        self.labels: dict[str, Any] = {}
        self.card_at: dict[str, tuple[str, int]] = {}
        self.pile_cards: dict[str, list[str]] = {}
        self.decor: list[Any] = []
        self.unit = 60.0
        self.selected: tuple[str, int] | None = None
        self.choosing: Button | None = None
        self.drag: dict[str, Any] | None = None
        self.busy = False
        self.summary_shown = False
        self.resign_armed = False
        self.notice_action: Callable[[], None] | None = None
        self.settings: set[str] = set()
        raw = self.storage.get(SETTINGS_KEY)
        if raw:
            try:
                self.settings = {str(s) for s in json.loads(raw)}
            except ValueError:
                self.settings = set()

    # -- plumbing ------------------------------------------------------------
    def on(self, node: Any, event: str, fn: Callable[[Any], None], group: str = "page") -> None:
        proxy = create_proxy(self.guard(fn))
        node.addEventListener(event, proxy)
        self.proxies.append((group, node, event, proxy))

    def off_group(self, group: str) -> None:
        """Remove and destroy the handlers made for ``group``."""
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
            except OrbitError as exc:
                self.notice(str(exc))
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
        document.getElementById("banner-text").textContent = (
            f"Something went wrong: {text}. Your game is kept; undo or carry on."
        )
        document.getElementById("banner").hidden = False

    def notice(self, text: str, action: tuple[str, Callable[[], None]] | None = None) -> None:
        """Show a notice; ``action`` adds a button (label, what it does)."""
        document.getElementById("notice-text").textContent = text
        button = document.getElementById("notice-action")
        self.notice_action = action[1] if action else None
        button.textContent = action[0] if action else ""
        button.hidden = action is None
        document.getElementById("notice").hidden = False

    def run_notice_action(self) -> None:
        action = self.notice_action
        self.clear_notice()
        if action is not None:
            action()

    def clear_notice(self) -> None:
        document.getElementById("notice").hidden = True

    # -- start-up --------------------------------------------------------------
    def start(self) -> None:
        byid = document.getElementById
        self.on(byid("home"), "click", lambda e: self.show_start())
        self.on(byid("undo"), "click", lambda e: self.undo())
        self.on(byid("redo"), "click", lambda e: self.redo())
        self.on(byid("restart"), "click", lambda e: self.restart())
        self.on(byid("new"), "click", lambda e: self.open_new_dialog())
        self.on(byid("resign"), "click", lambda e: self.resign())
        self.on(byid("copy"), "click", lambda e: self.copy_link())
        self.on(byid("help"), "click", lambda e: self.show_rules())
        self.on(byid("banner-close"), "click", lambda e: setattr(byid("banner"), "hidden", True))
        self.on(byid("notice-close"), "click", lambda e: self.clear_notice())
        self.on(byid("notice-action"), "click", lambda e: self.run_notice_action())
        self.on(byid("summary-new"), "click", lambda e: self.summary_action("new"))
        self.on(byid("summary-again"), "click", lambda e: self.summary_action("again"))
        self.on(byid("summary-close"), "click", lambda e: self.summary_action("close"))
        self.on(self.board, "pointerdown", self.pointer_down)
        self.on(self.board, "pointermove", self.pointer_move)
        self.on(self.board, "pointerup", self.pointer_up)
        self.on(self.board, "pointercancel", self.pointer_cancel)
        self.on(document, "keydown", self.key_down)
        self.on(window, "resize", lambda e: self.redraw())
        self.on(window, "hashchange", lambda e: self.open_hash(str(window.location.hash)))
        known = {g.id for g in all_games()}
        for tile in document.querySelectorAll(".tile"):
            game_id = str(tile.dataset.game)
            if game_id in known:
                tile.disabled = False
                self.on(tile, "click", self.opener(game_id))
        self.mark_resumable()
        hash_text = str(window.location.hash)
        if len(hash_text) > 1:
            self.open_hash(hash_text)
        else:
            current = self.storage.get(CURRENT_KEY)
            if current in known and self.load_saved(str(current)):
                pass
            else:
                self.show_start()
        document.body.setAttribute("data-ready", "true")

    def opener(self, game_id: str) -> Callable[[Any], None]:
        return lambda evt: self.open_game(game_id)

    def mark_resumable(self) -> None:
        for tile in document.querySelectorAll(".tile"):
            game_id = str(tile.dataset.game)
            old = tile.querySelector(".resume")
            if not missing(old):
                old.remove()
            if self.storage.get(SAVE_PREFIX + game_id):
                tile.appendChild(el("span", "resume", "Game in progress: tap to resume"))

    # -- screens ---------------------------------------------------------------
    def show_start(self) -> None:
        document.getElementById("start").hidden = False
        document.getElementById("game").hidden = True
        document.getElementById("tools").hidden = True
        document.getElementById("title").textContent = ""
        self.mark_resumable()
        if self.session is not None:
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))

    def show_game(self) -> None:
        document.getElementById("start").hidden = True
        document.getElementById("game").hidden = False
        document.getElementById("tools").hidden = False

    def open_game(self, game_id: str) -> None:
        """A tile: resume that game's save, or deal a new one with the last options."""
        self.clear_notice()
        if not self.load_saved(game_id):
            self.new_deal(game_id, self.storage.get(OPTIONS_PREFIX + game_id) or "")

    def load_saved(self, game_id: str) -> bool:
        raw = self.storage.get(SAVE_PREFIX + game_id)
        if not raw:
            return False
        try:
            session = Session.from_save(raw)
            if session.game.id != game_id:
                raise SaveError("saved game belongs to another game")
        except SaveError as exc:
            self.storage.set("orbit.corrupt." + game_id, raw)
            self.storage.remove(SAVE_PREFIX + game_id)
            self.notice(
                f"Your saved {get_game(game_id).title} game could not be read ({exc}). "
                f"It was set aside (orbit.corrupt.{game_id}) and a new deal started."
            )
            self.new_deal(game_id, "")
            return True
        self.set_session(session)
        return True

    def new_deal(self, game_id: str, options: str, seed: int | None = None) -> None:
        game = get_game(game_id)
        if seed is None:
            seed = secrets.randbelow(10**9)
        session = Session(game, seed, game.parse_options(options))
        self.storage.set(OPTIONS_PREFIX + game_id, session.options_text)
        self.set_session(session)

    def open_hash(self, hash_text: str) -> None:
        """Open a share link; a bad one keeps what the player had and says why."""
        if self.session is not None and hash_text == self.session.link().fragment():
            return
        try:
            link = Link.parse(hash_text)
            session = Session.from_link(link, lenient=True)
        except OrbitError as exc:
            game_id = ""
            for part in hash_text.lstrip("#").split("&"):
                if part.startswith("g="):
                    game_id = part[2:]
            known = {g.id for g in all_games()}
            if game_id not in known:
                game_id = str(self.storage.get(CURRENT_KEY) or "gyre")
                game_id = game_id if game_id in known else "gyre"
            self.notice(f"That link could not be opened: {exc}. Here is a playable game instead.")
            if not self.load_saved(game_id):
                self.new_deal(game_id, "")
            return
        self.clear_notice()
        kept = self.keep_other_deal(session)
        if session.replay_error:
            self.notice(f"The link was opened up to the move before the problem: {session.replay_error}.")
        elif kept:
            self.notice(
                f"Opened the linked {session.game.title} deal. Your game in progress was kept.",
                ("Back to my game", lambda: self.resume_previous(session.game.id)),
            )
        self.set_session(session)

    def keep_other_deal(self, session: Session) -> bool:
        """Before a link replaces this game's save with another deal, keep the old
        save (if unfinished) as the previous game."""
        raw = self.storage.get(SAVE_PREFIX + session.game.id)
        if not raw:
            return False
        try:
            old = Session.from_save(raw)
        except SaveError:
            return False
        if (old.seed, old.options_text) == (session.seed, session.options_text) or old.status() != "playing":
            return False
        self.storage.set(PREVIOUS_PREFIX + session.game.id, raw)
        return True

    def resume_previous(self, game_id: str) -> None:
        raw = self.storage.get(PREVIOUS_PREFIX + game_id)
        if not raw:
            return
        current = self.storage.get(SAVE_PREFIX + game_id)
        self.storage.set(SAVE_PREFIX + game_id, raw)
        if current:
            self.storage.set(PREVIOUS_PREFIX + game_id, current)
        self.load_saved(game_id)

    def set_session(self, session: Session) -> None:
        if self.session is None or self.session.game.id != session.game.id:
            self.reset_board()
        self.session = session
        self.module = get_table_module(session.game.id)
        self.selected = None
        self.choosing = None
        self.summary_shown = session.status() != "playing"
        document.getElementById("title").textContent = session.game.title
        self.show_game()
        self.after_change(animate=None)

    def reset_board(self) -> None:
        self.board.innerHTML = ""
        self.decor = []
        self.cards.clear()
        self.piles.clear()
        self.overlays.clear()
        self.labels.clear()
        self.card_at.clear()
        self.pile_cards.clear()

    # -- acting ----------------------------------------------------------------
    def play(self, token: str) -> None:
        session = self.session
        if session is None or self.busy:
            return
        before = session.state
        session.play(token)
        steps = list(session.game.steps(before, token))
        self.selected = None
        self.choosing = None
        self.after_change(animate=steps[:-1])

    def undo(self) -> None:
        if self.session is not None and self.session.can_undo and not self.busy:
            self.session.undo()
            self.summary_shown = self.session.status() != "playing"
            self.after_change(animate=None)

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo and not self.busy:
            self.play(self.session.redo_moves[0])

    def restart(self) -> None:
        if self.session is not None and not self.busy:
            self.session.restart()
            self.summary_shown = False
            self.after_change(animate=None)

    def resign(self) -> None:
        """Give up, on a second press: window.confirm may be blocked in sandboxed frames."""
        if self.session is None or self.busy or self.session.status() != "playing":
            return
        button = document.getElementById("resign")
        if not self.resign_armed:
            self.resign_armed = True
            button.textContent = "⚑ Sure? Press again"
            button.classList.add("armed")
            self.spawn(self.disarm_resign())
            return
        self.resign_armed = False
        button.innerHTML = GIVE_UP_HTML
        button.classList.remove("armed")
        self.session.resign()
        self.after_change(animate=None)

    async def disarm_resign(self) -> None:
        await asyncio.sleep(4)
        if self.resign_armed:
            self.resign_armed = False
            button = document.getElementById("resign")
            button.innerHTML = GIVE_UP_HTML
            button.classList.remove("armed")

    def after_change(self, animate: list[Any] | None) -> None:
        session = self.session
        assert session is not None
        self.save()
        fragment = session.link().fragment()
        if str(window.location.hash) != fragment:
            window.history.replaceState(None, "", fragment)
        if animate:
            # Busy from now on, not from when the coroutine first runs: input that
            # arrives in between must wait for the animation too.
            self.set_busy(True)
            self.spawn(self.animate(animate))
        else:
            self.render(session.state)
            self.after_render()

    def set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.board.setAttribute("data-busy", "true" if busy else "false")

    async def animate(self, states: list[Any]) -> None:
        for state in states:
            self.render(state)
            await asyncio.sleep(STEP_DELAY)
        self.set_busy(False)
        assert self.session is not None
        self.render(self.session.state)
        self.after_render()

    def after_render(self) -> None:
        """Auto-play a move the player's settings ask for, and show the summary."""
        session = self.session
        assert session is not None and self.module is not None
        auto = getattr(self.module, "auto_token", None)
        if auto is not None and not session.resigned:
            token = auto(session.state, frozenset(self.settings))
            if token:
                self.set_busy(True)
                self.spawn(self.auto_play(token))
                return
        if session.status() != "playing" and not self.summary_shown:
            self.summary_shown = True
            self.show_summary()

    async def auto_play(self, token: str) -> None:
        await asyncio.sleep(STEP_DELAY)
        self.set_busy(False)
        self.play(token)

    def save(self) -> None:
        session = self.session
        assert session is not None
        self.storage.set(SAVE_PREFIX + session.game.id, session.to_save())
        self.storage.set(CURRENT_KEY, session.game.id)

    # -- drawing -------------------------------------------------------------
    def redraw(self) -> None:
        if self.session is not None and not self.busy:
            self.render(self.session.state)

    def render(self, state: Any) -> None:
        session = self.session
        assert session is not None and self.module is not None
        wrap = document.getElementById("board-wrap")
        avail_w = max(200.0, float(wrap.clientWidth))
        avail_h = max(240.0, float(wrap.clientHeight))
        portrait = avail_h > avail_w * 1.1
        table: Table = self.module.table(state, portrait, frozenset(self.settings))
        if state is not session.state or self.busy:
            table = replace(table, gestures=(), buttons=(), summary=())
        elif session.resigned:
            table = replace(table, gestures=(), buttons=(), prompt="You gave up this game.", status="finished",
                            summary=table.summary or (f"Final {table.score}",))
        self.table = table
        # The buttons under the board take height from it: draw them, then measure.
        self.draw_buttons(table)
        avail_h = max(240.0, float(wrap.clientHeight))
        unit = min(avail_w / table.width, avail_h / table.height)
        unit = max(24.0, min(unit, 130.0))
        self.unit = unit
        self.board.style.setProperty("--u", f"{unit:.2f}px")
        self.board.style.width = f"{table.width * unit:.1f}px"
        self.board.style.height = f"{table.height * unit:.1f}px"
        self.board.setAttribute("data-status", session.status() if state is session.state else "playing")
        self.draw_decor(table)
        document.getElementById("prompt").textContent = table.prompt
        document.getElementById("score").textContent = table.score
        sources = set(table.sources())
        choice_sources = {g.source for g in self.choosing.choices} if self.choosing else set()
        targets = table.targets(self.selected) if self.selected else {}
        used: set[str] = set()
        counts: dict[str, int] = {}
        self.card_at.clear()
        self.pile_cards.clear()
        seen_piles: set[str] = set()
        for pile in table.piles:
            seen_piles.add(pile.id)
            self.draw_pile(pile, pile.id in targets)
            marks = " ".join(pile.marks)
            self.pile_cards[pile.id] = []
            for i, code in enumerate(pile.cards):
                if code == BACK:
                    uid = f"back:{pile.id}:{i}"
                else:
                    counts[code] = counts.get(code, 0) + 1
                    uid = f"{code}#{counts[code]}"
                used.add(uid)
                node = self.cards.get(uid)
                if node is None:
                    node = el("div")
                    card_face(node, code)
                    node.setAttribute("data-uid", uid)
                    self.board.appendChild(node)
                    self.cards[uid] = node
                    node.style.left = f"{pile.x * unit:.1f}px"
                    node.style.top = f"{pile.y * unit:.1f}px"
                self.card_at[uid] = (pile.id, i)
                self.pile_cards[pile.id].append(uid)
                node.setAttribute("data-marks", marks)
                node.classList.toggle("hint-target", pile.id in targets)
                node.setAttribute("data-at", pile.id)
                node.setAttribute("data-index", str(i))
                node.style.left = f"{(pile.x + i * pile.dx) * unit:.1f}px"
                node.style.top = f"{(pile.y + i * pile.dy) * unit:.1f}px"
                node.style.zIndex = str(10 + i)
                node.classList.toggle("movable", (pile.id, i) in sources)
                node.classList.toggle("selected", self.selected == (pile.id, i))
                node.classList.toggle("choice", (pile.id, i) in choice_sources)
        for uid in list(self.cards):
            if uid not in used:
                self.cards.pop(uid).remove()
        for pid in list(self.piles):
            if pid not in seen_piles:
                self.piles.pop(pid).remove()
                self.overlays.pop(pid).remove()
                self.labels.pop(pid).remove()
        self.update_tools()

    def draw_decor(self, table: Table) -> None:
        for node in self.decor:
            node.remove()
        self.decor = []
        for item in table.decor:
            node = el("div", "decor " + item.kind)
            node.style.left = f"{item.x * self.unit:.1f}px"
            node.style.top = f"{item.y * self.unit:.1f}px"
            node.style.width = f"{item.w * self.unit:.1f}px"
            node.style.height = f"{item.h * self.unit:.1f}px"
            self.board.insertBefore(node, self.board.firstChild)
            self.decor.append(node)

    def draw_pile(self, pile: Pile, lit: bool) -> None:
        unit = self.unit
        node = self.piles.get(pile.id)
        if node is None:
            node = el("div")
            node.setAttribute("data-pile", pile.id)
            self.board.appendChild(node)
            self.piles[pile.id] = node
            over = el("div", "overlay")
            self.board.appendChild(over)
            self.overlays[pile.id] = over
            label = el("div", "pile-label")
            self.board.appendChild(label)
            self.labels[pile.id] = label
        node.className = " ".join(["pile", *pile.marks, "lit" if lit else ""]).strip()
        node.style.left = f"{pile.x * unit:.1f}px"
        node.style.top = f"{pile.y * unit:.1f}px"
        node.style.width = f"{pile.w * unit:.1f}px"
        node.style.height = f"{pile.h * unit:.1f}px"
        node.setAttribute("data-count", str(len(pile.cards)))
        over = self.overlays[pile.id]
        n = max(0, len(pile.cards) - 1)
        over.style.left = f"{(pile.x + n * pile.dx) * unit:.1f}px"
        over.style.top = f"{(pile.y + n * pile.dy) * unit:.1f}px"
        over.style.width = f"{unit:.1f}px"
        over.style.height = f"{CARD_H * unit:.1f}px"
        over.innerHTML = ""
        if pile.badge:
            over.appendChild(el("span", "badge", pile.badge))
        if pile.arrow:
            over.appendChild(el("span", "arrow", {"up": "↑", "down": "↓", "left": "←", "right": "→"}.get(pile.arrow, "•")))
        label = self.labels[pile.id]
        label.textContent = pile.label
        label.style.left = f"{(pile.x + pile.w / 2) * unit:.1f}px"
        label.style.top = f"{(pile.y + pile.h) * unit + 2:.1f}px"

    def draw_buttons(self, table: Table) -> None:
        box = document.getElementById("actions")
        self.off_group("actions")
        box.innerHTML = ""
        for button in table.buttons:
            node = el("button", "", button.label)
            node.type = "button"
            node.id = "act-" + button.id
            node.title = button.title
            node.disabled = not button.enabled or self.busy
            if self.choosing is not None and self.choosing.id == button.id:
                node.textContent = "Cancel"
            self.on(node, "click", self.presser(button), "actions")
            box.appendChild(node)
        module = self.module
        assert module is not None
        for setting, text in getattr(module, "SETTINGS", ()):
            label = el("label")
            box_ = el("input")
            box_.type = "checkbox"
            box_.id = "set-" + setting
            box_.checked = setting in self.settings
            self.on(box_, "change", self.toggler(setting), "actions")
            label.appendChild(box_)
            label.appendChild(document.createTextNode(text))
            box.appendChild(label)

    def presser(self, button: Button) -> Callable[[Any], None]:
        return lambda evt: self.press(button)

    def toggler(self, setting: str) -> Callable[[Any], None]:
        return lambda evt: self.toggle_setting(setting, bool(evt.target.checked))

    def toggle_setting(self, setting: str, on: bool) -> None:
        if on:
            self.settings.add(setting)
        else:
            self.settings.discard(setting)
        self.storage.set(SETTINGS_KEY, json.dumps(sorted(self.settings)))
        if self.session is not None:
            self.render(self.session.state)
            self.after_render()

    def press(self, button: Button) -> None:
        if self.busy:
            return
        if button.token is not None:
            self.play(button.token)
        elif button.choices:
            self.selected = None
            self.choosing = None if self.choosing is not None and self.choosing.id == button.id else button
            self.redraw()

    def update_tools(self) -> None:
        session = self.session
        assert session is not None
        document.getElementById("undo").disabled = not session.can_undo
        document.getElementById("redo").disabled = not session.can_redo
        document.getElementById("resign").disabled = session.status() != "playing"

    # -- pointer input -----------------------------------------------------------
    def hit(self, evt: Any) -> tuple[str | None, tuple[str, int] | None]:
        """The pile under an event and, if a card was hit, its (pile, index)."""
        node = evt.target
        while not missing(node) and node != self.board and hasattr(node, "getAttribute"):
            uid = node.getAttribute("data-uid")
            if not missing(uid):
                at = self.card_at.get(str(uid))
                if at is not None:
                    return at[0], at
            pid = node.getAttribute("data-pile")
            if not missing(pid):
                return str(pid), None
            node = node.parentElement
        return self.pile_at(float(evt.clientX), float(evt.clientY), None), None

    def pile_at(self, x: float, y: float, among: dict[str, str] | None) -> str | None:
        """The pile whose area (outline plus fanned cards) contains the point;
        with ``among``, the nearest of those piles within one card of it."""
        table = self.table
        if table is None:
            return None
        rect = self.board.getBoundingClientRect()
        ux = (x - float(rect.left)) / self.unit
        uy = (y - float(rect.top)) / self.unit
        best: tuple[float, str] | None = None
        for pile in table.piles:
            if among is not None and pile.id not in among:
                continue
            n = max(0, len(pile.cards) - 1)
            x0, y0 = pile.x, pile.y
            x1 = max(pile.x + pile.w, pile.x + n * pile.dx + 1.0)
            y1 = max(pile.y + pile.h, pile.y + n * pile.dy + CARD_H)
            dx = max(x0 - ux, 0.0, ux - x1)
            dy = max(y0 - uy, 0.0, uy - y1)
            dist = (dx * dx + dy * dy) ** 0.5
            if dist == 0.0 and among is None:
                return pile.id
            if among is not None and dist < 0.6 and (best is None or dist < best[0]):
                best = (dist, pile.id)
        return best[1] if best else None

    def pointer_down(self, evt: Any) -> None:
        if self.busy or self.table is None or int(evt.button) > 0:
            return
        pile_id, at = self.hit(evt)
        self.drag = None
        if at is not None and at in set(self.table.sources()):
            uid = self.uid_at(at)
            node = self.cards[uid]
            self.board.setPointerCapture(evt.pointerId)
            self.drag = {
                "at": at,
                "uid": uid,
                "x0": float(evt.clientX),
                "y0": float(evt.clientY),
                "left": float(node.offsetLeft),
                "top": float(node.offsetTop),
                "moved": False,
                "pile": pile_id,
            }
            evt.preventDefault()
        else:
            self.drag = {"at": None, "pile": pile_id, "x0": float(evt.clientX), "y0": float(evt.clientY), "moved": False}

    def uid_at(self, at: tuple[str, int]) -> str:
        for uid, where in self.card_at.items():
            if where == at:
                return uid
        raise KeyError(at)

    def pointer_move(self, evt: Any) -> None:
        drag = self.drag
        if drag is None or drag.get("at") is None or self.table is None:
            return
        dx = float(evt.clientX) - drag["x0"]
        dy = float(evt.clientY) - drag["y0"]
        node = self.cards[drag["uid"]]
        if not drag["moved"]:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            drag["moved"] = True
            node.classList.add("dragging")
            node.style.zIndex = "1000"
            self.light(self.table.targets(drag["at"]))
        node.style.left = f"{drag['left'] + dx:.1f}px"
        node.style.top = f"{drag['top'] + dy:.1f}px"
        evt.preventDefault()

    def pointer_up(self, evt: Any) -> None:
        drag = self.drag
        self.drag = None
        if drag is None or self.table is None:
            return
        if drag.get("at") is not None and drag["moved"]:
            node = self.cards[drag["uid"]]
            node.classList.remove("dragging")
            targets = self.table.targets(drag["at"])
            target = self.pile_at(float(evt.clientX), float(evt.clientY), targets)
            self.light({})
            if target is not None:
                self.play(targets[target])
            else:
                self.redraw()
            return
        self.tap(drag.get("pile"), drag.get("at"))

    def pointer_cancel(self, evt: Any) -> None:
        if self.drag is not None and self.drag.get("uid"):
            self.cards[self.drag["uid"]].classList.remove("dragging")
        self.drag = None
        self.light({})
        self.redraw()

    def light(self, targets: dict[str, str]) -> None:
        for pid, node in self.piles.items():
            node.classList.toggle("lit", pid in targets)
            for uid in self.pile_cards.get(pid, ()):
                self.cards[uid].classList.toggle("hint-target", pid in targets)

    def tap(self, pile_id: str | None, at: tuple[str, int] | None) -> None:
        """The tap rules of :mod:`pyapp.table`."""
        table = self.table
        if table is None or self.busy:
            return
        gestures = table.gestures
        if self.choosing is not None:
            for g in self.choosing.choices:
                if at is not None and g.source == at:
                    self.play(g.token)
                    return
            self.choosing = None
            self.redraw()
            return
        if self.selected is not None:
            targets = table.targets(self.selected)
            if pile_id is not None and pile_id in targets and at != self.selected:
                self.play(targets[pile_id])
                return
        if at is not None:
            mine = [g for g in gestures if g.source == at]
            taps = [g for g in mine if g.tap]
            if taps:
                self.play(taps[0].token)
                return
            if mine:
                self.selected = None if self.selected == at else at
                self.redraw()
                return
        if pile_id is not None and self.selected is None:
            # Moves that a button asks about (Attrition's rotation) are never played by a stray tap.
            asked = {g.token for b in table.buttons for g in b.choices}
            aimed: list[Gesture] = [g for g in gestures if g.target == pile_id and g.token not in asked]
            if len(aimed) == 1:
                self.play(aimed[0].token)
                return
        if self.selected is not None:
            self.selected = None
            self.redraw()

    def key_down(self, evt: Any) -> None:
        key = str(evt.key).lower()
        if evt.ctrlKey or evt.metaKey:
            if key == "z" and evt.shiftKey:
                evt.preventDefault()
                self.redo()
            elif key == "z":
                evt.preventDefault()
                self.undo()
            elif key == "y":
                evt.preventDefault()
                self.redo()
        elif key == "escape" and (self.selected or self.choosing):
            self.selected = None
            self.choosing = None
            self.redraw()

    # -- dialogs ---------------------------------------------------------------
    def copy_link(self) -> None:
        if self.session is None:
            return
        url = str(window.location.href).split("#")[0] + self.session.link().fragment()
        try:
            window.navigator.clipboard.writeText(url)
            self.notice("Link copied: " + url)
        except Exception:
            self.notice("Copy this link: " + url)

    def show_rules(self) -> None:
        if self.module is None:
            return
        document.getElementById("rules-body").innerHTML = self.module.HELP
        document.getElementById("rules").showModal()

    def show_summary(self) -> None:
        table = self.table
        session = self.session
        if table is None or session is None:
            return
        body = document.getElementById("summary-body")
        body.innerHTML = ""
        title = {"won": "You won!", "lost": "No more moves", "finished": "Game over"}.get(session.status(), "Game over")
        body.appendChild(el("h2", "", title))
        body.appendChild(el("div", "big", table.score))
        for line in table.summary:
            body.appendChild(el("p", "", line))
        dialog = document.getElementById("summary")
        if not dialog.open:
            dialog.showModal()

    def summary_action(self, what: str) -> None:
        document.getElementById("summary").close()
        if self.session is None:
            return
        if what == "new":
            self.new_deal(self.session.game.id, self.session.options_text)
        elif what == "again":
            self.restart()

    def open_new_dialog(self) -> None:
        if self.session is None:
            return
        game: AnyGame = self.session.game
        form = document.getElementById("newgame-form")
        self.off_group("newgame")
        form.innerHTML = ""
        form.appendChild(el("h2", "", f"New {game.title} deal"))
        current = set(self.session.options_text.split(","))
        fields: list[tuple[str, str, Any]] = []
        box = el("fieldset")
        box.appendChild(el("legend", "", "Variants"))
        for spec in game.option_specs:
            label = el("label")
            if spec.kind == "flag":
                inp = el("input")
                inp.type = "checkbox"
                inp.checked = spec.name in current
                label.appendChild(inp)
                label.appendChild(document.createTextNode(" " + spec.help))
            elif spec.choices:
                label.appendChild(document.createTextNode(spec.help + " "))
                inp = el("select")
                value = next((c.split("=", 1)[1] for c in current if c.startswith(spec.name + "=")), spec.default)
                for choice in spec.choices:
                    opt = el("option", "", choice)
                    opt.value = choice
                    opt.selected = choice == value
                    inp.appendChild(opt)
                label.appendChild(inp)
            else:
                label.appendChild(document.createTextNode(spec.help + " "))
                inp = el("input")
                inp.type = "text"
                inp.value = next((c.split("=", 1)[1] for c in current if c.startswith(spec.name + "=")), "")
                label.appendChild(inp)
            inp.name = spec.name
            fields.append((spec.name, spec.kind, inp))
            box.appendChild(label)
        if game.option_specs:
            form.appendChild(box)
        seed_label = el("label", "", "Deal number (blank for a random deal) ")
        seed_input = el("input")
        seed_input.type = "text"
        seed_input.name = "seed"
        seed_input.inputMode = "numeric"
        seed_label.appendChild(seed_input)
        form.appendChild(seed_label)
        err = el("p", "form-error")
        form.appendChild(err)
        row = el("div", "row")
        deal = el("button", "", "Deal")
        deal.type = "button"
        deal.id = "deal"
        cancel = el("button", "", "Cancel")
        cancel.type = "button"
        row.appendChild(deal)
        row.appendChild(cancel)
        form.appendChild(row)
        dialog = document.getElementById("newgame")

        def do_deal(evt: Any) -> None:
            parts = []
            for name, kind, inp in fields:
                if kind == "flag":
                    if inp.checked:
                        parts.append(name)
                elif str(inp.value).strip() and not (kind == "int" and str(inp.value) == next(s.default for s in game.option_specs if s.name == name)):
                    parts.append(f"{name}={str(inp.value).strip()}")
            seed_text = str(seed_input.value).strip()
            try:
                seed = parse_seed(seed_text) if seed_text else None
                game.parse_options(",".join(parts))
            except OrbitError as exc:
                err.textContent = str(exc)
                return
            dialog.close()
            self.clear_notice()
            self.new_deal(game.id, ",".join(parts), seed)

        self.on(deal, "click", do_deal, "newgame")
        self.on(cancel, "click", lambda e: dialog.close(), "newgame")
        dialog.showModal()


APP: App | None = None


def main() -> None:
    global APP
    APP = App()
    try:
        APP.start()
    except Exception as exc:  # noqa: BLE001
        APP.error(exc)
        document.body.setAttribute("data-ready", "true")
