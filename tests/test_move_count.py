"""The moves a player is told of: what the status line says, what the end screen and the
statistics keep, and every other place that numbers a move (Watch's steps and "Move 5 of 40",
the solver's "move N lost it", "Back to move N", "Playing on from move N"). In Gravity a
collapse choice (which pile slides into the hole) finishes the stack before it and is not a
move of its own; the link and the replay keep every token. Every other game counts each
token (docs/RULES-NOTES.md, Gravity).
"""

from __future__ import annotations

import dataclasses
import datetime

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import entries, moves_made
from pyapp.games.gravity import is_move
from pyapp.core.links import Link
from pyapp.ui.markup import dialog_html, replay_html
from pyapp.app.session import Session
from pyapp.solve import Verdict
from pyapp.stats.summary import Result, Stats
from pyapp.stats.keeper import STATS_KEY

UTC = datetime.timezone.utc


class Clock:
    def __init__(self) -> None:
        self.when = datetime.datetime(2025, 6, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime.datetime:
        self.when += datetime.timedelta(seconds=1)
        return self.when


def controller(fragment: str, data: dict[str, str] | None = None) -> Controller:
    c = Controller(MemoryStorage(data), reduced_motion=True)
    c.stats.clock = Clock()
    c.start(fragment, "https://example.org/orbit/")
    return c


def played_out(fragment: str) -> Controller:
    """A game opened on ``fragment`` played to its end, by its first legal move each time."""
    c = controller(fragment)
    assert c.session is not None
    while c.session.status() == "playing":
        c.play(c.session.legal_moves()[0])
    return c


def moves_words(n: int) -> str:
    return f"{n} {'move' if n == 1 else 'moves'}"


def test_a_gravity_game_counts_its_stacks_and_moon_plays_not_its_collapse_choices() -> None:
    c = played_out("#g=gravity&s=42")
    s = c.session
    assert s is not None
    choices = [t for t in s.moves if len(t) == 2]
    assert len(choices) == 20  # the game had choices to make, each one a token of its own
    state = s.state
    made = state.stacks + state.m2p  # what the end screen lists: stacks and MOON -> PLANET plays
    assert made == len(s.moves) - len(choices) and made > 0
    v = c.view()
    assert v.deal == f"Deal 42 · {moves_words(made)}"  # the status line
    d = v.dialog
    assert d is not None and d.kind == "summary"
    assert f"Stacks: {state.stacks}" in d.lines and f"MOON → PLANET plays: {state.m2p}" in d.lines
    # the statistics count the same, and keep every token in the link to watch it again
    (r,) = c.stats.stats.results.values()
    assert r.moves == made and Link.parse(r.link).moves == s.moves
    c.dialogs.stats()
    stats = c.view().dialog
    assert stats is not None and f"{moves_words(made)}, deal 42" in dialog_html(stats)  # the chart's bar
    # ... and in the record as stored
    stored = Stats.loads(c.stats.storage.get(STATS_KEY) or "")
    assert [x.moves for x in stored.results.values()] == [made]
    # Undo into the collapse and the count is that of the stacks made
    c.undo()
    while c.session is not None and c.session.moves and len(c.session.moves[-1]) != 2:
        c.undo()
    s = c.session
    assert s is not None and s.moves and c.view().deal == f"Deal 42 · {moves_words(moves_made('gravity', s.moves))}"
    assert moves_made("gravity", s.moves) == s.state.stacks + s.state.m2p < len(s.moves)


def test_the_replay_and_the_link_keep_every_token() -> None:
    c = played_out("#g=gravity&s=42")
    assert c.session is not None
    tokens = c.session.moves
    c.summary_action("replay")
    r = c.watching.replay
    assert r is not None and r.moves == tokens and r.problem is None  # the replay plays every token, choices too
    r = r.to_end()
    assert r.link_here() == c.session.link() and r.at == len(tokens)
    assert Link.parse(c.session.link().fragment()).moves == tokens


def test_watch_steps_a_gravity_stack_with_its_collapse_choices_as_one_move_named_as_the_status_line_counts() -> None:
    """Watch steps the player's moves: a stack and the collapse choices that finish it are one
    step, "Move k of N" counts as the status line does, and every step stops where the player
    could have stopped (no collapse waiting for its choice), by the buttons, the keys and the slider."""
    c = played_out("#g=gravity&s=42")
    s = c.session
    assert s is not None
    tokens, made = s.moves, moves_made("gravity", s.moves)
    assert c.view().deal == f"Deal 42 · {moves_words(made)}"
    c.watch()
    r = c.watching.replay
    v = c.view().replay
    assert r is not None and v is not None
    assert (v.index, v.length, v.move, v.moves) == (0, made, 0, made) and v.where == f"The deal ({made} moves to watch)"
    assert f'id="rp-seek" min="0" max="{made}" value="0"' in replay_html(v)
    steps: list[tuple[str, ...]] = []
    for k in range(1, made + 1):
        assert c.key("arrowright") if k % 2 else c.click("rp-forward")  # the key and the button alike
        v = c.view().replay
        assert v is not None and (v.index, v.move, v.moves) == (k, k, made)
        assert v.where.startswith(f"Move {k} of {made}: "), v.where
        assert f"Position: move {k} of {made}" in replay_html(v)
        r = c.watching.replay  # (a value: each step gives a new one)
        assert r is not None
        assert moves_made("gravity", tokens[:r.at]) == k  # what the status line said after that move
        assert r.at == len(tokens) or is_move(tokens[r.at])  # the next token starts a move of the player's
        assert r.state.hole < 0  # no collapse waits for its choice: a position the player could stop at
        assert is_move(r.last_move) and r.step_moves[0] == r.last_move and not any(map(is_move, r.step_moves[1:]))
        steps.append(r.step_moves)
    assert r.at_end and [t for step in steps for t in step] == list(tokens)  # every token, each once
    assert sum(len(step) > 1 for step in steps) > 5  # stacks with their choices were stepped as one
    assert v.where == f"Move {made} of {made}: " + v.where.split(": ", 1)[1] and v.where.endswith("(the end)")
    # a step with choices shows them as it goes: the stack's collapse, then each pile sliding in
    k = next(i for i, step in enumerate(steps, 1) if len(step) > 1 and i > 1)
    c.key("home")
    c.replay_control("seek", str(k))
    r = c.watching.replay
    assert r is not None
    frames = r.steps()
    assert frames[-1] == r.state and r.state_at(r.stops[k - 1] + 1) in frames and frames[0] != r.before
    # back, End and the slider step the player's moves too
    c.key("arrowleft")
    r = c.watching.replay
    assert r is not None
    assert r.index == k - 1 and c.view().replay.where.startswith(f"Move {k - 1} of {made}: ")  # type: ignore[union-attr]
    c.key("end")
    r = c.watching.replay
    assert r is not None
    assert r.index == made and r.at == len(tokens)
    mid = made // 2
    c.replay_control("seek", str(mid))
    r = c.watching.replay
    assert r is not None
    assert r.index == mid and c.view().replay.where.startswith(f"Move {mid} of {made}: ")  # type: ignore[union-attr]
    assert moves_made("gravity", tokens[:r.at]) == mid and r.state.hole < 0
    # ... and Play from here takes over after that whole move: the status line says what Watch said
    at = r.at
    c.replay_control("here")
    p = c.session
    assert p is not None and c.watching.replay is None
    assert p.moves == tokens[:at] and p.redo_moves == tokens[at:] and p.state.hole < 0 and p.legal_moves()
    assert c.view().deal == f"Deal 42 · {moves_words(mid)}"
    assert c.notice is not None and c.notice.text.startswith(f"Playing on from move {mid}. Redo replays"), c.notice


def test_every_other_game_is_watched_token_by_token_as_before() -> None:
    for fragment in ("#g=gyre&s=42", "#g=square&s=5", "#g=zodiac&s=2024"):
        c = played_out(fragment)
        s = c.session
        assert s is not None
        tokens = s.moves
        n = len(tokens)
        c.watch()
        r = c.watching.replay
        assert r is not None and r.stops == tuple(range(n + 1)) and r.length == n, fragment
        for k in (1, 2, n // 2):
            c.replay_control("seek", str(k))
            v, r = c.view().replay, c.watching.replay
            assert v is not None and r is not None and (v.index, v.move, v.moves) == (k, k, n) and r.at == k
            assert v.where.startswith(f"Move {k} of {n}: ") and r.last_move == tokens[k - 1], fragment
            assert r.step_moves == (tokens[k - 1],) and r.steps()[-1] == r.state
        c.replay_control("here")
        assert c.session is not None and c.session.moves == tokens[:n // 2], fragment
        assert c.notice is not None and c.notice.text.startswith(f"Playing on from move {n // 2}."), fragment


def test_the_solver_names_the_move_that_lost_it_as_the_status_line_counts_and_shows_its_line_from_a_collapse() -> None:
    """"No longer winnable: move N lost it", "Back to move N" and Show me's "Move N of M" count the
    player's moves: here the move that lost it is a collapse choice, part of its stack's move."""
    done = played_out("#g=gravity&s=42").session
    assert done is not None
    tokens = done.moves
    since = max(i for i, t in enumerate(tokens[:-6], 1) if not is_move(t))  # a late collapse choice lost it
    n = moves_made("gravity", tokens[:since])
    assert n < since  # the tokens before it held other choices: a count of tokens would say more
    c = controller(Link("gravity", "", 42, tokens[:since + 4], False).fragment())
    s = c.session
    assert s is not None and s.moves == tokens[:since + 4] and s.status() == "playing"
    lost = Verdict("impossible", 5, tokens[since + 4:], True, 9)
    for state in s.states[since:]:
        c.can_win.verdicts.remember("gravity", state, lost)
    c.can_win.verdicts.remember("gravity", s.states[since - 1], Verdict("won", 1, tokens[since - 1:], True, 9))
    c.asking.ask()  # every verdict known: said at once
    assert c.notice is not None and c.notice.text.startswith(f"No longer winnable: move {n} ("), c.notice
    assert c.view().deal == f"Deal 42 · {moves_words(moves_made('gravity', s.moves))}"
    c.effects()
    c.notice_action()  # Undo to there: the position before the choice, inside move n's collapse
    s = c.session
    assert s is not None and s.moves == tokens[:since - 1] and s.state.hole >= 0
    assert moves_made("gravity", s.moves) == n and c.view().deal == f"Deal 42 · {moves_words(n)}"
    assert c.effects().announce.startswith(f"Back to move {n}.")
    # Show me: the solver's line, watched from the position on the table (inside the collapse)
    c.asking.show_line()
    r = c.watching.replay
    v = c.view().replay
    assert r is not None and v is not None and r.at == since - 1 and r.moves == tokens
    total = moves_made("gravity", tokens)
    assert (v.move, v.moves) == (n, total) and v.where.startswith(f"Move {n} of {total}: "), v.where
    c.replay_control("forward")  # the collapse finished: still move n, the next step is a move of its own
    r = c.watching.replay
    assert r is not None and r.at > since - 1 and (r.at == len(tokens) or is_move(tokens[r.at])) and r.state.hole < 0
    assert c.view().replay.where.startswith(f"Move {n} of {total}: ")  # type: ignore[union-attr]
    c.replay_control("back")
    r = c.watching.replay
    assert r is not None and r.at == since - 1  # back where the table was, and played on from there
    c.replay_control("here")
    assert c.session is not None and c.session.moves == tokens[:since - 1]
    assert c.notice is not None and c.notice.text.startswith(f"Playing on from move {n}.")
    assert c.view().deal == f"Deal 42 · {moves_words(n)}"


def test_a_link_with_a_bad_move_names_it_as_the_status_line_counts() -> None:
    done = played_out("#g=gravity&s=42").session
    assert done is not None
    tokens = done.moves
    # a token that is no move at all, after a stack and its choices: the player's next move
    k = max(i for i, t in enumerate(tokens) if is_move(t) and i and not is_move(tokens[i - 1]))
    c = controller(Link("gravity", "", 42, (*tokens[:k], "zz"), False).fragment())
    s = c.session
    n = moves_made("gravity", tokens[:k])
    assert s is not None and s.moves == tokens[:k] and n < k
    assert c.view().deal == f"Deal 42 · {moves_words(n)}"
    assert c.notice is not None and f"move {n + 1} is not a move of this game" in c.notice.text, c.notice
    # a collapse choice that cannot be played: part of the stack's move on the table
    k = max(i for i, t in enumerate(tokens) if not is_move(t))
    s = Session.from_link(Link("gravity", "", 42, tokens[:k], False))
    wrong = next(f"{col}{row}" for col in "abcde" for row in "12345" if f"{col}{row}" not in s.legal_moves())
    c = controller(Link("gravity", "", 42, (*tokens[:k], wrong), False).fragment())
    n = moves_made("gravity", tokens[:k])
    assert c.session is not None and c.session.moves == tokens[:k] and n < k
    assert c.view().deal == f"Deal 42 · {moves_words(n)}"
    assert c.notice is not None and f"move {n} cannot be played there" in c.notice.text, c.notice


def test_the_other_games_count_every_token() -> None:
    for fragment in ("#g=gyre&s=42", "#g=gyre&o=attrition&s=4", "#g=square&s=5", "#g=zodiac&s=2024"):
        c = played_out(fragment)
        s = c.session
        assert s is not None and s.moves
        n = len(s.moves)
        assert moves_made(s.game.id, s.moves) == n
        assert c.view().deal == f"Deal {s.seed} · {moves_words(n)}", fragment
        (r,) = c.stats.stats.results.values()
        assert r.moves == n, fragment
    assert [e.id for e in entries() if e.moves_made(("aa", "bbbb", "m")) != 3] == ["gravity"]


def _record(results: list[Result]) -> str:
    s = Stats()
    for r in results:
        s.record(r)
    return s.dumps()


def test_an_old_gravity_record_is_counted_again_from_its_link_and_one_without_keeps_its_figure() -> None:
    c = played_out("#g=gravity&s=42")
    assert c.session is not None
    tokens, made = c.session.moves, moves_made("gravity", c.session.moves)
    (new,) = c.stats.stats.results.values()
    # as an older app counted it: every token, collapse choices too
    old = dataclasses.replace(new, moves=len(tokens))
    unlinked = dataclasses.replace(old, seed=43, started="2025-01-01T00:00:00.000Z", link="")
    square = Result("square", "", 5, "2025-01-02T00:00:00.000Z", 30, False, "2025-01-02T00:05:00Z", 2, "finished",
                    link="#g=square&v=1&o=&s=5&m=1@A1.2@A2")
    read = Stats.loads(_record([old, unlinked, square]))
    assert read.results[old.key].moves == made  # its link tells the player's moves
    assert read.results[unlinked.key].moves == len(tokens)  # no link: the figure it was counted with
    assert read.results[square.key].moves == 2  # another game: as it was
    # the new figure is written out, and reads back the same (nothing is counted twice)
    again = Stats.loads(read.dumps())
    assert again.results == read.results
    # an export of the old record imports with the player's moves
    k = controller("#g=gyre&s=1").stats
    assert k.import_text(_record([old, unlinked])) == 2
    assert k.stats.results[old.key].moves == made and k.stats.results[unlinked.key].moves == len(tokens)
    # a new record whose game had no choice reads as it was written
    plain = dataclasses.replace(new, started="2025-01-03T00:00:00.000Z", moves=1,
                                link=Link("gravity", "", 42, tokens[:1], True).fragment())
    assert Stats.loads(_record([plain])).results[plain.key].moves == 1
