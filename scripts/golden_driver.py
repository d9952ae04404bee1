"""Play a little with an earlier build's own code and print every record it wrote.

Run by :mod:`scripts.make_golden` with the earlier build first on ``sys.path`` (a git
worktree of that commit), never with the current code: the records it prints are
what that build really wrote to the player's storage. It drives the build's
Controller over an in-memory storage the way a player would (a setting changed, a
few moves in every game, one game played to its end, one abandoned for a new deal,
one given up, a deal with options, today's deal, a shared link that puts a game
aside, a hint, the solver asked), then prints one JSON object: the storage, and
what the build itself says it holds (each saved game's moves read back by the
build's own code, its statistics' results, its settings), which the test compares
with what the current code reads.

Every build since the first with a pure controller (0f6a418) is driven through its
Controller; the first build with saves (2d10d0d) kept them in its DOM binding, so
for it the binding's writes are made with that build's Session (what the binding
called). Old APIs differ: each step is taken only where the build has it.
"""

from __future__ import annotations

import datetime
import importlib
import json
import sys
from typing import Any

T = [1000.0]


#: Where a module went when pyapp/ became packages by concern: a build since then has it there.
MOVED = {"pyapp.storage": "pyapp.core.storage", "pyapp.controller": "pyapp.app.controller",
         "pyapp.saves": "pyapp.app.saves", "pyapp.session": "pyapp.app.session", "pyapp.stats": "pyapp.stats.summary"}


def _mod(name: str) -> Any:
    """The build's module ``name`` (where a later build moved it, if it did), or None."""
    for where in (MOVED.get(name, name), name):
        try:
            return importlib.import_module(where)
        except ImportError:
            continue
    return None


def _need(name: str) -> Any:
    module = _mod(name)
    if module is None:
        raise ImportError(name)
    return module


def _storage_class() -> Any:
    storage = _mod("pyapp.storage")
    if storage is not None and hasattr(storage, "MemoryStorage"):
        return storage.MemoryStorage
    return _need("pyapp.controller").MemoryStorage


def _tick(c: Any) -> None:
    if hasattr(c, "tick"):
        T[0] += 7000.0
        c.tick(T[0])


def _play(c: Any, n: int, pick: int = 0) -> None:
    """``n`` moves on the table: the ``pick``-th legal move each time (the last if fewer)."""
    for _ in range(n):
        s = c.session
        moves = s.legal_moves() if s is not None and s.status() == "playing" else []
        if not moves:
            return
        _tick(c)
        c.play(moves[min(pick, len(moves) - 1)])


def _play_out(c: Any, limit: int = 3000) -> None:
    _play(c, limit)


def _open(c: Any, fragment: str) -> None:
    _tick(c)
    if hasattr(c, "open_link") and c.session is not None:
        c.open_link(fragment)
    else:
        c.start(fragment)


def _in_page(controller: Any, game_id: str) -> bool:
    """The build's page can show this game (an engine may come a few builds before its table)."""
    get_view = getattr(controller, "get_view", None)
    try:
        if get_view is not None:
            get_view(game_id)
    except ImportError:
        return False
    return True


def _ids(c: Any) -> list[str]:
    s = c.settings
    if isinstance(s, (set, frozenset)):
        return sorted(str(x) for x in s)
    return sorted(json.loads(s.dumps()))


def _read_slot(raw: str, session_cls: Any) -> dict[str, Any]:
    """A saved game read back by the build's own Session (its day and timer as it wrote them)."""
    saves = _mod("pyapp.saves")
    if saves is not None and hasattr(saves, "read_save"):
        saved = saves.read_save(raw)
        s, day, elapsed = saved.session, saved.day, saved.clock.elapsed_ms
        day = day.isoformat() if day is not None else None
    else:
        data = json.loads(raw)
        s = session_cls.from_save(raw)
        day = data.get("day")
        elapsed = (data.get("timer") or {}).get("elapsed_ms", 0) if isinstance(data.get("timer"), dict) else 0
    return {"game": s.game.id, "seed": s.seed, "options": s.options_text, "moves": list(s.moves),
            "redo": list(s.redo_moves), "status": s.status(), "score": s.score(),
            "link": s.link().fragment(), "day": day, "elapsed_ms": elapsed}


def _old_binding() -> dict[str, str]:
    """The first build with saves (2d10d0d): its binding wrote ``session.to_save()`` for
    the game on the table, the game's options and id, and the switches as a sorted list."""
    session_mod = _need("pyapp.session")
    games = importlib.import_module("pyapp.games")
    data: dict[str, str] = {}
    for game in games.all_games():
        s = session_mod.Session.new(game, 1001, "")
        for _ in range(4):
            moves = s.legal_moves()
            if moves:
                s.play(moves[0])
        s.undo()
        data["orbit.options." + game.id] = s.options_text
        data["orbit.save." + game.id] = s.to_save()
        data["orbit.current"] = game.id
    data["orbit.settings"] = json.dumps(sorted({"instant"}))
    return data


def drive() -> dict[str, Any]:
    games = importlib.import_module("pyapp.games")
    session_cls = _need("pyapp.session").Session
    ids = [g.id for g in games.all_games()]
    controller = _mod("pyapp.controller")
    steps: list[str] = []
    if controller is None or not hasattr(controller, "Controller"):
        data = _old_binding()
        steps.append("binding writes with the build's Session: 3 moves and 1 undone in every game; instant on")
        settings = {"on": ["instant"], "theme": "system"}
        final_current = data["orbit.current"]
    else:
        storage = _storage_class()()
        c = controller.Controller(storage)
        _tick(c)
        c.start("")
        # settings: instant moves on, the dark theme, four colours where the build has them
        if hasattr(c, "change"):
            c.change("set-instant", "", True)
            c.change("set-theme", "dark")
            c.change("set-fourcolour", "", True)
            steps.append("settings: instant on, theme dark, four colours on (Controller.change)")
        else:
            c.set_setting("instant", True)
            steps.append("settings: instant on (Controller.set_setting)")
            if hasattr(c, "set_theme"):
                c.set_theme("dark")
                steps.append("theme dark (Controller.set_theme)")
        # Gyre: one game to its end, one abandoned for a new deal with options, one in progress
        _open(c, "#g=gyre&s=101")
        _play_out(c)
        steps.append(f"gyre 101 played to its end by first legal moves: {c.session.status()}, score {c.session.score()}")
        _tick(c)
        c.new_deal(None, 102)
        _play(c, 4, 1)
        _tick(c)
        c.new_deal("jokers", 103)
        steps.append("gyre 102: 4 moves, then abandoned for a new deal 103 with the option jokers")
        if hasattr(c, "hint"):
            c.hint()
            steps.append("a hint asked for in gyre 103")
        _play(c, 5, 1)
        c.undo()
        steps.append("gyre 103: 5 moves, 1 undone")
        # every other game: a few moves; Gravity's game put aside by a link to another deal
        for n, gid in enumerate(i for i in ids if i != "gyre"):
            if not _in_page(controller, gid):
                steps.append(f"{gid}: no table in this build's page, not played")
                continue
            _open(c, f"#g={gid}&s={200 + n}")
            _play(c, 3 + n, n)
            steps.append(f"{gid} {200 + n}: {3 + n} moves")
        if "gravity" in ids:
            _open(c, "#g=gravity&s=300")
            _play(c, 2)
            steps.append("gravity 300 opened by a link (gravity 200 put aside as the previous game), 2 moves")
            _open(c, "#g=gravity&s=301")
            _play(c, 1)
            _tick(c)
            c.resign()
            if getattr(c, "resign_armed", False):
                c.resign()  # Give up asks for a second press
            steps.append(f"gravity 301 by a link, 1 move, given up: {c.session.status()}")
            if hasattr(c, "asking"):  # the end screen's search, so the result keeps the solver's judgement
                while (t := next((t for t in c.view().timers if t.name == "solve"), None)) is not None:
                    c.fire("solve", t.ticket)
                steps.append("gravity 301's deal judged by the solver for the end screen")
            _open(c, "#g=gravity&s=302")
            _play(c, 2)
            steps.append("gravity 302 by a link (gravity 300 put aside), 2 moves")
            if hasattr(c, "tabs"):  # a second tab goes on with the game; this one plays on its own
                other = controller.Controller(storage)
                other.start("", "https://example.org/orbit/")
                _play(other, 1)
                _play(c, 1, 1)
                steps.append("gravity 302 went on in a second tab; this tab's move kept that game aside")
        if hasattr(c, "open_daily"):
            today = datetime.datetime.now(datetime.timezone.utc).date()
            _tick(c)
            c.open_daily("gyre", today)
            _play(c, 3)
            steps.append(f"today's gyre deal ({today.isoformat()}): 3 moves")
        if (hasattr(c, "ask_verdict") or hasattr(c, "asking")) and hasattr(c, "can_win") and "square" in ids:
            _open(c, "#g=square&s=6")
            c.asking.ask() if hasattr(c, "asking") else c.ask_verdict()
            while c.can_win.timers(c.session, standing=False):
                c.can_win.slice(c.can_win.verdicts.ticket, c.session, lambda n: "")
            steps.append("square 6 opened by a link and Can I still win? asked until the verdict")
        final = "#g=zodiac&s=203" if "zodiac" in ids and _in_page(controller, "zodiac") else "#g=gyre&s=400"
        _open(c, final)
        _play(c, 2)
        steps.append(f"{final}: 2 moves; the page then hidden")
        if hasattr(c, "visibility"):
            T[0] += 5000.0
            c.visibility(True, T[0])
        data = dict(storage.data)
        ids_on = _ids(c)
        themes = [i[6:] for i in ids_on if i.startswith("theme=")]
        settings = {"on": [i for i in ids_on if not i.startswith("theme=")], "theme": themes[0] if themes else "system"}
        final_current = c.session.link().fragment()
    slots = {k: _read_slot(v, session_cls) for k, v in sorted(data.items())
             if k.startswith(("orbit.save.", "orbit.daily.", "orbit.previous."))}
    stats: dict[str, Any] | None = None
    stats_mod = _mod("pyapp.stats")
    if stats_mod is not None and data.get("orbit.stats"):
        st = stats_mod.Stats.loads(data["orbit.stats"])
        stats = {
            "results": sorted([r.game, r.options, r.seed, r.outcome, r.won, r.score, r.moves,
                               getattr(r, "hints", 0), r.daily] for r in st.results.values()),
            "open": sorted([o.game, o.options, o.seed, getattr(o, "hints", 0)] for o in st.open.values()),
        }
    verdicts: list[Any] | None = None
    if data.get("orbit.verdicts"):
        verdicts = [row[:2] for row in json.loads(data["orbit.verdicts"])]
    return {
        "storage": data,
        "expect": {"games": ids, "slots": slots, "current": data.get("orbit.current"),
                   "last_on_table": final_current, "stats": stats, "settings": settings,
                   "verdicts": verdicts},
        "steps": steps,
    }


if __name__ == "__main__":
    build = sys.argv[1]  # the earlier build's work tree
    sys.path.insert(0, build)
    here = importlib.import_module("pyapp").__file__ or ""
    if not here.startswith(build):
        sys.exit(f"pyapp was imported from {here}, not from {build}")
    made = drive()
    strays = [m.__name__ for m in list(sys.modules.values())
              if m.__name__.startswith("pyapp") and not (getattr(m, "__file__", None) or build).startswith(build)]
    if strays:
        sys.exit(f"modules from outside the build: {strays}")
    print(json.dumps(made, indent=1, sort_keys=True, ensure_ascii=False))
