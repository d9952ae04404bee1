"""The moves a player is told of: what the status line says, what the end screen and the
statistics keep. In Gravity a collapse choice (which pile slides into the hole) finishes
the stack before it and is not a move of its own; the link and the replay keep every token.
Every other game counts each token (docs/RULES-NOTES.md, Gravity).
"""

from __future__ import annotations

import dataclasses
import datetime

from pyapp.controller import Controller, MemoryStorage
from pyapp.games import entries, moves_made
from pyapp.links import Link
from pyapp.markup import dialog_html
from pyapp.stats import Result, Stats
from pyapp.stats_keeper import STATS_KEY

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
    while s.moves and len(s.moves[-1]) != 2:
        c.undo()
    assert s.moves and c.view().deal == f"Deal 42 · {moves_words(moves_made('gravity', s.moves))}"
    assert moves_made("gravity", s.moves) == s.state.stacks + s.state.m2p < len(s.moves)


def test_the_replay_and_the_link_keep_every_token() -> None:
    c = played_out("#g=gravity&s=42")
    assert c.session is not None
    tokens = c.session.moves
    c.dialogs.summary_action("replay")
    v = c.view()
    assert v.replay is not None and v.replay.length == len(tokens)  # a step for each token, choices too
    assert Link.parse(c.session.link().fragment()).moves == tokens


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
