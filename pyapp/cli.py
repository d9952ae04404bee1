"""The command line of RULES.md 0.6: ``python -m pyapp games|deal|moves|apply|replay``, and
``link`` (a link in both forms, moves written out and packed), ``solve``, and ``hint`` (the
move the page's Hint gives once the solver has searched the position).

Anything malformed or illegal exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from .core.errors import OrbitError, ParseError
from .games import all_games, get_game
from .core.links import Link
from .core.rng import parse_seed
from .app.session import Session

USAGE = (
    "usage: python -m pyapp games | deal GAME --seed N [--options OPTS] | moves STATE"
    " | apply STATE TOKEN... | replay LINK | link LINK | solve STATE [--budget NODES | --deepen K]"
    " | hint STATE [--budget NODES]"
)


def _game_of_state(text: str) -> str:
    magic = text.strip().split("|", 1)[0]
    for game in all_games():
        if getattr(game, "magic", None) == magic:
            return game.id
    raise ParseError(f"state text starts with unknown tag {magic[:12]!r}")


def run(argv: list[str], out: TextIO) -> None:
    if not argv:
        raise ParseError(USAGE)
    cmd, args = argv[0], argv[1:]
    if cmd == "games":
        if args:
            raise ParseError("games takes no arguments")
        for game in all_games():
            opts = " ".join(spec.name + ("=N" if spec.kind == "int" else "=CODES" if spec.kind == "cards" else "") for spec in game.option_specs)
            out.write(f"{game.id} {opts}".rstrip() + "\n")
    elif cmd == "deal":
        if not args:
            raise ParseError("deal needs a game: deal GAME --seed N [--options OPTS]")
        game = get_game(args[0])
        seed: int | None = None
        options = ""
        rest = args[1:]
        while rest:
            flag = rest.pop(0)
            if flag not in ("--seed", "--options") or not rest:
                raise ParseError(f"deal: unexpected argument {flag!r}" if flag not in ("--seed", "--options") else f"deal: {flag} needs a value")
            value = rest.pop(0)
            if flag == "--seed":
                seed = parse_seed(value)
            else:
                options = value
        if seed is None:
            raise ParseError("deal needs --seed N")
        out.write(game.format_state(game.deal(seed, game.parse_options(options))) + "\n")
    elif cmd == "moves":
        if len(args) != 1:
            raise ParseError("moves takes exactly one STATE")
        game = get_game(_game_of_state(args[0]))
        for tok in game.legal_moves(game.parse_state(args[0])):
            out.write(tok + "\n")
    elif cmd == "apply":
        if not args:
            raise ParseError("apply needs STATE TOKEN...")
        game = get_game(_game_of_state(args[0]))
        state = game.parse_state(args[0])
        for tok in args[1:]:
            state = game.apply(state, tok)
        out.write(game.format_state(state) + "\n")
    elif cmd == "replay":
        if len(args) != 1:
            raise ParseError("replay takes exactly one LINK")
        session = Session.from_link(Link.parse(args[0]))
        out.write(session.game.format_state(session.state) + "\n")
        out.write(f"status={session.status()} score={session.score()}\n")
    elif cmd == "link":  # a link in both forms: its moves written out (m=), then packed (k=)
        if len(args) != 1:
            raise ParseError("link takes exactly one LINK")
        session = Session.from_link(Link.parse(args[0]))
        out.write(session.link().fragment() + "\n" + session.short_link().fragment() + "\n")
    elif cmd == "solve":
        _solve(args, out)
    elif cmd == "hint":
        _hint(args, out)
    else:
        raise ParseError(f"unknown command {cmd[:20]!r}; {USAGE}")


def _solve(args: list[str], out: TextIO) -> None:
    """The verdict (won, best SCORE exact, best SCORE at-least, impossible, unknown), the line
    of move tokens that reaches it (dot-separated, for ``apply``), then nodes and seconds, and
    for a best score not proven exact, what no line can beat (``at-most U``) when that is proven.
    ``--deepen K`` searches as the page's Keep looking does with ``K`` = 4: the game's budget, and
    whatever its problem counts against it (Gyre's ceiling), times ``K``."""
    from .solve import solve_state

    if not args:
        raise ParseError("solve needs STATE [--budget NODES | --deepen K]")
    budget: int | None = None  # the game's own
    deepen = 1
    rest = args[1:]
    if rest[:1] in (["--budget"], ["--deepen"]) and len(rest) == 2 and rest[1].isdigit() and int(rest[1]) > 0:
        if rest[0] == "--budget":
            budget = int(rest[1])
        else:
            deepen = int(rest[1])
    elif rest:
        raise ParseError("solve: expected STATE [--budget NODES | --deepen K], NODES and K whole numbers above 0")
    game_id = _game_of_state(args[0])
    state = get_game(game_id).parse_state(args[0])
    began = time.perf_counter()
    verdict = solve_state(game_id, state, budget, deepen=deepen)
    out.write(verdict.text() + "\n" + ".".join(verdict.line) + "\n")
    upper = f" at-most {verdict.upper}" if verdict.upper is not None and not verdict.exact else ""
    out.write(f"nodes {verdict.nodes} seconds {time.perf_counter() - began:.3f}{upper}\n")


def _hint(args: list[str], out: TextIO) -> None:
    """The move the page's Hint gives for STATE once the solver has searched it at the page's
    budget (or ``--budget NODES`` for each search): one token on one line, or ``none`` when no
    move helps (the game over included)."""
    from .app.hints import solver_hint

    if not args:
        raise ParseError("hint needs STATE [--budget NODES]")
    budget: int | None = None
    rest = args[1:]
    if rest[:1] == ["--budget"] and len(rest) == 2 and rest[1].isdigit() and int(rest[1]) > 0:
        budget = int(rest[1])
    elif rest:
        raise ParseError("hint: expected STATE [--budget NODES], NODES a whole number above 0")
    game_id = _game_of_state(args[0])
    token = solver_hint(game_id, get_game(game_id).parse_state(args[0]), budget)
    out.write((token or "none") + "\n")


def main(argv: list[str] | None = None) -> int:
    try:
        run(sys.argv[1:] if argv is None else argv, sys.stdout)
    except OrbitError as exc:
        msg = " ".join(str(exc).split())
        sys.stderr.write(f"error: {msg}\n")
        return 2
    return 0
