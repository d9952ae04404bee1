"""Replays: watch a link's moves one at a time, forward and back, jump to any
move, play and pause at a chosen speed, then play on from any position.

A step is one of the player's moves, as the status line counts them
(:func:`pyapp.games.moves_made`): in Gravity a stack together with the collapse
choices that finish it (which pile slides into the hole), in every other game a
single token. The link, and so :attr:`Replay.moves`, keeps every token; the
positions a step stops at are :attr:`Replay.stops` (tokens played), so that
*Play from here* takes over where the player could have stopped.

A :class:`Replay` is a frozen value, the replay slice of the app's state: the
position index (0 is the deal, *n* the position after the player's move *n*),
whether it is playing, and its speed; each step gives a new one. Timing is the
binding's business: while :attr:`Replay.playing`, it fires a timer every
:attr:`Replay.interval_ms` milliseconds, and :meth:`Replay.tick` steps.

States are rebuilt from the seed and the moves (they are immutable, so any of
them can be kept): the replay keeps one every :data:`CHECKPOINT_EVERY` tokens and
the run of states between the checkpoint and the position shown, so stepping
either way costs one move or none, a jump at most :data:`CHECKPOINT_EVERY`
tokens, and memory stays small for long games.

>>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1", at_end=True)
>>> r.length, r.index, r.problem
(2, 2, None)
>>> r = r.back(); r.index, r.next_move
(1, 'SAD1')
>>> r.seek(0).forward().last_move
'R'
>>> r.link_here().fragment()
'#g=gyre&v=1&o=&s=42&m=R'
>>> s = r.play_from_here(); s.moves, s.redo_moves
(('R',), ('SAD1',))

In Gravity the collapse choices ride with their stack:

>>> g = Replay.from_link("#g=gravity&v=1&o=&s=42&m=c1c2.b1.a1b1")
>>> g.stops, g.length, g.index
((0, 2, 3), 2, 0)
>>> g = g.forward(); g.at, g.last_move, g.step_moves, g.move_number
(2, 'c1c2', ('c1c2', 'b1'), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Final

from ..core.errors import OrbitError, ReplayError
from ..core.game import AnyGame, Status
from ..games import entry
from ..core.links import Link
from .session import Session

#: The speeds a replay plays at, in moves per second (the binding's choice list).
SPEEDS: Final = (0.5, 1.0, 2.0, 4.0, 8.0)
DEFAULT_SPEED: Final = 2.0
#: A state is kept every this many tokens.
CHECKPOINT_EVERY: Final = 32


@dataclass(frozen=True)
class ReplayPosition:
    """What the replay controls draw: where it is and how it plays."""

    #: The player's moves (steps) shown and watched (:attr:`Replay.index`, :attr:`Replay.length`).
    index: int
    length: int
    #: The move that led here ("" at the deal) and the one that follows ("" at the end): the
    #: first token of the step (a Gravity stack, not its collapse choices).
    last_move: str
    next_move: str
    status: Status
    score: int
    playing: bool
    speed: float


class Tape:
    """The game a replay watches, read once: its link (only the moves that could be played),
    the positions its steps stop at, and its states, rebuilt on demand from checkpoints (a
    cache: asking for a state changes which run is kept, never what any state is)."""

    def __init__(self, link: Link, opened_at: int | None = None) -> None:
        known = entry(link.game)
        self.game: AnyGame = known.game
        self.count = known.moves_made
        self.options: Any = self.game.parse_options(link.options)
        #: Why the link's moves stop early (a move that is not legal there), or None.
        self.problem: str | None = None
        state = self.game.deal(link.seed, self.options)
        self._checkpoints: dict[int, Any] = {0: state}
        moves: list[str] = []
        for token in link.moves:
            try:
                state = self.game.apply(state, token)
            except OrbitError as exc:
                self.problem = f"move {len(moves) + 1} of the link ({token}) cannot be played: {exc}"
                break
            moves.append(token)
            if len(moves) % CHECKPOINT_EVERY == 0:
                self._checkpoints[len(moves)] = state
        resigned = link.resigned and self.problem is None and self.game.status(state) == "playing"
        #: The link replayed: canonical options, only the moves that could be played.
        self.link = Link(link.game, self.game.format_options(self.options), link.seed, tuple(moves), resigned)
        #: The positions the steps stop at, in tokens played: the deal, the position before each
        #: of the player's moves, the end (and ``opened_at``). Every token in all games but Gravity.
        self.stops: tuple[int, ...] = step_stops(self.link.moves, known.is_move, opened_at)
        self._run_start = (len(moves) // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        self._run: list[Any] = [self._checkpoints[self._run_start]]

    def state_at(self, n: int) -> Any:
        """The position after ``n`` tokens (0..len(moves)); it becomes the cached run."""
        if not 0 <= n <= len(self.link.moves):
            raise ReplayError(f"there is no position {n}; this replay has positions 0 to {len(self.link.moves)}")
        base = (n // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        if base != self._run_start:
            self._run_start, self._run = base, [self._checkpoints[base]]
        while len(self._run) <= n - base:
            self._run.append(self.game.apply(self._run[-1], self.link.moves[base + len(self._run) - 1]))
        return self._run[n - base]


@dataclass(frozen=True)
class Replay:
    """A replay as it is shown (see the module docstring): a value; stepping gives a new one."""

    tape: Tape
    #: The position shown: 0 the deal, n after the player's move n.
    index: int = 0
    playing: bool = False
    speed: float = DEFAULT_SPEED

    @classmethod
    def of(cls, link: Link, *, at_end: bool = False, opened_at: int | None = None) -> Replay:
        """Replay ``link``, from the deal unless ``at_end``, or at the position after
        ``opened_at`` of its tokens, a stop of its own even in the middle of a player's
        move (the position on the table that the solver's line goes on from). A move
        that cannot be played ends the replay before it, and :attr:`problem` says why
        (as opening such a link does); an unknown game or bad options raise
        :class:`~pyapp.core.errors.ParseError`."""
        r = cls(Tape(link, opened_at))
        start = 0 if opened_at is None else r.stops.index(_clamp(opened_at, len(r.moves)))
        return r.seek(r.length if at_end else start)

    @classmethod
    def from_link(cls, link: Link | str, *, at_end: bool = False) -> Replay:
        """Replay a link or its text (see :meth:`of`); a link that cannot be
        read raises :class:`~pyapp.core.errors.ParseError`.

        >>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.R.R.S5S0")
        >>> r.length, r.problem
        (3, 'move 4 of the link (S5S0) cannot be played: S5S0 is not legal here')
        """
        return cls.of(Link.parse(link) if isinstance(link, str) else link, at_end=at_end)

    @classmethod
    def from_session(cls, session: Session, *, at_end: bool = False) -> Replay:
        """Watch the moves played in a session (a finished game, or one in progress)."""
        return cls.of(session.link(), at_end=at_end)

    # -- reading -------------------------------------------------------------------
    @property
    def game(self) -> AnyGame:
        return self.tape.game

    @property
    def options(self) -> Any:
        return self.tape.options

    @property
    def problem(self) -> str | None:
        """Why the link's moves stop early (a move that is not legal there), or None."""
        return self.tape.problem

    @property
    def link(self) -> Link:
        """The link replayed: canonical options, only the moves that could be played."""
        return self.tape.link

    @property
    def stops(self) -> tuple[int, ...]:
        """The positions the steps stop at, in tokens played (see :class:`Tape`)."""
        return self.tape.stops

    @property
    def moves(self) -> tuple[str, ...]:
        """Every token of the game watched (a Gravity collapse choice is one)."""
        return self.link.moves

    @property
    def length(self) -> int:
        """The number of steps (the player's moves): positions run from 0 (the deal) to ``length``."""
        return len(self.stops) - 1

    @property
    def at(self) -> int:
        """The tokens played at the position shown."""
        return self.stops[self.index]

    @property
    def state(self) -> Any:
        """The position shown."""
        return self.state_at(self.at)

    @property
    def step_moves(self) -> tuple[str, ...]:
        """The tokens of the step that led to the position shown (a Gravity stack and the
        collapse choices that finish it), () at the deal."""
        return self.link.moves[self.stops[self.index - 1]:self.at] if self.index else ()

    @property
    def before(self) -> Any:
        """The position the step that led here started from (the deal at the deal)."""
        return self.state_at(self.stops[self.index - 1] if self.index else 0)

    @property
    def last_move(self) -> str:
        """The player's move that led to the position shown (its first token), "" at the deal."""
        return self.link.moves[self.stops[self.index - 1]] if self.index else ""

    @property
    def next_move(self) -> str:
        """The move that follows the position shown (its first token), "" at the end."""
        return self.link.moves[self.at] if self.index < self.length else ""

    @property
    def move_number(self) -> int:
        """The player's moves up to the position shown, as the status line counts them
        (:func:`pyapp.games.moves_made`): what "Move 5 of 40" says, and what the game played
        on from here will say."""
        return self.tape.count(self.link.moves[:self.at])

    @property
    def move_count(self) -> int:
        """The player's moves in the whole replay, as the status line counts them."""
        return self.tape.count(self.link.moves)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.length

    @property
    def interval_ms(self) -> int:
        """How long each position shows while playing."""
        return round(1000 / self.speed)

    def state_at(self, n: int) -> Any:
        """The position after ``n`` tokens (0..len(moves)).

        >>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1")
        >>> r.state_at(2) == r.game.apply(r.game.apply(r.state_at(0), "R"), "SAD1")
        True
        """
        return self.tape.state_at(n)

    def status(self) -> Status:
        """The status shown: a game given up is ``finished`` at its last position."""
        st: Status = self.game.status(self.state)
        if st == "playing" and self.at_end and self.link.resigned:
            return "finished"
        return st

    def score(self) -> int:
        return int(self.game.score(self.state))

    def position(self) -> ReplayPosition:
        """A snapshot for drawing the replay controls."""
        return ReplayPosition(self.index, self.length, self.last_move, self.next_move, self.status(),
                              self.score(), self.playing, self.speed)

    def steps(self) -> list[Any]:
        """The animation frames of the step that led to the position shown (as
        :meth:`pyapp.core.game.Game.steps`, for each of its tokens in turn: a Gravity stack's
        collapse, then each pile chosen sliding in), ending with that position; [] at the deal.

        >>> g = Replay.from_link("#g=gravity&v=1&o=&s=42&m=c1c2.b1.a1b1").forward()
        >>> frames = g.steps(); frames[-1] == g.state, g.state_at(1) in frames
        (True, True)
        """
        if not self.index:
            return []
        first, frames = self.stops[self.index - 1], list[object]()
        for k, token in enumerate(self.step_moves, first):
            frames.extend(self.game.steps(self.state_at(k), token))
        self.state_at(self.at)  # (the cached run back at the position shown)
        return frames

    # -- stepping: each gives the replay moved (itself when nothing changes) -------------
    def seek(self, n: int) -> Replay:
        """At the position after the player's move ``n`` (step ``n``), clamped to 0..length.

        >>> Replay.from_link("#g=gyre&v=1&o=&s=42&m=R.SAD1").seek(99).index
        2
        """
        r = replace(self, index=_clamp(n, self.length))
        r.state_at(r.at)  # (the cached run at the position shown)
        return r

    def forward(self) -> Replay:
        """One step (the player's move) on; the same at the end."""
        return self if self.at_end else self.seek(self.index + 1)

    def back(self) -> Replay:
        """One step back; the same at the deal."""
        return self if self.at_start else self.seek(self.index - 1)

    def to_start(self) -> Replay:
        return self.seek(0)

    def to_end(self) -> Replay:
        return self.seek(self.length)

    # -- playing -----------------------------------------------------------------------
    def play(self) -> Replay:
        """Playing (from the deal when at the end)."""
        r = self.seek(0) if self.at_end else self
        return replace(r, playing=r.length > 0)

    def pause(self) -> Replay:
        return replace(self, playing=False) if self.playing else self

    def toggle(self) -> Replay:
        return self.pause() if self.playing else self.play()

    def tick(self) -> Replay:
        """The binding's timer fired: one move on while playing; playing stops at the end.

        >>> r = Replay.from_link("#g=gyre&v=1&o=&s=42&m=R").play().tick()
        >>> r.index, r.playing, r.tick() is r
        (1, False, True)
        """
        if not self.playing:
            return self
        r = self.forward()
        return replace(r, playing=False) if r.at_end else r

    def with_speed(self, speed: float) -> Replay:
        """At one of :data:`SPEEDS`; :class:`ReplayError` for any other."""
        if speed not in SPEEDS:
            raise ReplayError(f"speed {speed:g} is not one of {', '.join(f'{s:g}' for s in SPEEDS)} moves a second")
        return replace(self, speed=float(speed))

    def faster(self) -> Replay:
        """The next speed up (the fastest stays)."""
        return replace(self, speed=next((s for s in SPEEDS if s > self.speed), SPEEDS[-1]))

    def slower(self) -> Replay:
        """The next speed down (the slowest stays)."""
        return replace(self, speed=next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0]))

    # -- playing on ----------------------------------------------------------------------
    def link_here(self) -> Link:
        """The link of the position shown: the moves up to it (a game given up is
        given up only at its last position)."""
        return Link(self.link.game, self.link.options, self.link.seed, self.link.moves[:self.at],
                    self.link.resigned and self.at_end)

    def play_from_here(self, keep_rest: bool = True) -> Session:
        """A session at the position shown, ready to play on (never given up). With
        ``keep_rest`` the replay's later moves wait on its Redo stack."""
        session = Session(self.game, self.link.seed, self.options)
        end = len(self.link.moves) if keep_rest else self.at
        for token in self.link.moves[:end]:
            session = session.played(token)
        for _ in range(end - self.at):
            session = session.undone()
        return session


def _clamp(n: int, top: int) -> int:
    return max(0, min(top, n))


def step_stops(tokens: tuple[str, ...], is_move: Callable[[str], bool], also: int | None = None) -> tuple[int, ...]:
    """The positions a replay of ``tokens`` stops at, in tokens played: the deal, the end, and
    the position before each token that is a move of the player's (:attr:`GameEntry.is_move
    <pyapp.games.GameEntry.is_move>`), so that a token that is not one (a Gravity collapse
    choice) rides with the move before it; ``also`` (clamped) is a stop too.

    >>> step_stops(("R", "SAD1"), lambda t: True), step_stops(("c1c2", "b1", "a1b1", "c2"), lambda t: len(t) != 2)
    ((0, 1, 2), (0, 2, 4))
    >>> step_stops(("c1c2", "b1", "a1b1"), lambda t: len(t) != 2, also=1), step_stops((), lambda t: True)
    ((0, 1, 2, 3), (0,))
    """
    cut = {0, len(tokens)} | {i for i in range(1, len(tokens)) if is_move(tokens[i])}
    if also is not None:
        cut.add(_clamp(also, len(tokens)))
    return tuple(sorted(cut))
