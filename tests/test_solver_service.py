"""The solver in a worker, in CPython: :class:`pyapp.solve.remote.RemoteVerdicts` on the page's
side, :class:`pyapp.solve.service.Service` on the worker's, joined by a fake port that carries
JSON text between them as the page's ``postMessage`` does, one slice of the worker at a time."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from pyapp.app.can_win import CanWin
from pyapp.app.session import Session
from pyapp.games import entry, get_game
from pyapp.games.gyre import solver as gyre_solver
from pyapp.solve.remote import RemoteVerdicts
from pyapp.solve.service import Service, finding_json, verdict_from, verdict_json
from pyapp.solve.verdicts import KEPT, Finding, Verdicts, verdict_words


class Pipe:
    """A worker in this process: what the page posts waits in a queue until :meth:`pump`, which
    hands it to the service and runs one slice, and carries what the service posts back."""

    def __init__(self, service: Service | None = None) -> None:
        self.service = service or Service()
        self.queue: list[str] = []
        self.remote = RemoteVerdicts(self)
        self.posted: list[dict[str, Any]] = []  # what the worker posted, in order

    def post(self, message: dict[str, Any]) -> None:
        self.queue.append(json.dumps(message))  # plain JSON, or this fails

    def pump(self, seconds: float = 0.05) -> None:
        queue, self.queue = self.queue, []
        out: list[dict[str, Any]] = []
        for text in queue:
            out += json.loads(self.service.handle_json(text))
        out += json.loads(self.service.run_json(seconds))
        for message in out:
            self.posted.append(message)
            self.remote.receive(message)

    def answer(self, limit: int = 10_000) -> Finding:
        """Pump until the remote's step gives the search's finding (a glimpse before it passed over)."""
        for _unused in range(limit):
            self.pump()
            if (found := self.remote.step()) is not None and not found.glimpse:
                return found
        raise AssertionError("no finding")


def local_finding(game_id: str, states: list[object]) -> Finding:
    v = Verdicts()
    found = v.ask(game_id, states)
    while found is None:
        found = v.step(0.05)
    return found


def walk(game_id: str, seed: int, first: bool = False) -> list[object]:
    """A game played from deal ``seed`` to its end by random legal moves (``first``: by its first ones)."""
    game, rng = entry(game_id).game, random.Random(seed)
    states = [game.deal(seed, game.parse_options(""))]
    while moves := game.legal_moves(states[-1]):
        states.append(game.apply(states[-1], moves[0] if first else rng.choice(moves)))
    return states


#: Late positions of every game that the solver settles within a second or two in CPython: (game,
#: deal, played by its first legal moves, moves before its end); won, lost (traced back), or a best.
POSITIONS = (("square", 2, False, 4), ("square", 3, True, 2), ("square", 7, False, 2),
             ("gravity", 1, False, 4), ("gravity", 1, True, 2), ("gravity", 2, True, 4),
             ("zodiac", 2, False, 1), ("gyre", 2, False, 16), ("gyre", 5, False, 14))


def positions() -> Iterator[tuple[str, list[object]]]:
    for game_id, seed, first, back in POSITIONS:
        states = walk(game_id, seed, first)
        yield game_id, states[:len(states) - back]


def test_the_worker_finds_what_the_page_thread_finds_and_the_page_runs_no_search_step() -> None:
    pipe = Pipe()
    asked = 0
    for game_id, states in positions():
        expected = local_finding(game_id, states)
        before = pipe.service.slices
        found = pipe.remote.ask(game_id, states)  # (known at once when an earlier search traced back to it)
        if found is None:
            asked += 1
            found = pipe.answer()
            assert pipe.service.slices > before  # the worker searched it
        assert found == expected, (game_id, len(states))
        assert pipe.remote.finding_for(game_id, states) is found
        assert pipe.remote.known_for(game_id, states[-1]) == expected.verdict
        assert pipe.remote.search is None and pipe.remote.teardown.held == []  # no search ever set up here
        assert pipe.remote.ask(game_id, states) is found  # asked again: known at once
    assert asked >= 8 and pipe.remote.slices_seen == pipe.service.slices


def test_a_lost_position_is_traced_back_in_the_worker_to_the_move_that_lost_it() -> None:
    game = entry("square").game
    states = [game.deal(7, game.parse_options(""))]
    while moves := game.legal_moves(states[-1]):
        states.append(game.apply(states[-1], moves[0]))
    played = states[:-3]
    pipe = Pipe()
    pipe.remote.ask("square", played)
    tracing = False
    found = None
    while found is None:
        pipe.pump()
        found = pipe.remote.step()
        tracing = tracing or pipe.remote.tracing
    assert found == local_finding("square", played) and found.since is not None
    assert tracing and any(m["op"] == "tracing" for m in pipe.posted)
    # the verdicts of the earlier positions the worker searched are known on the page's side too
    assert pipe.remote.known_for("square", played[found.since - 1]) is not None


def test_a_move_cancels_the_search_and_the_next_answer_is_for_the_new_position(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gyre_solver.GyreProblem, "budget", 1_000)
    game = entry("gyre").game
    deal = game.deal(5, game.parse_options(""))
    pipe = Pipe()
    pipe.remote.ask("gyre", [deal])
    pipe.pump(0.01)
    old = pipe.remote._request
    assert pipe.service.verdicts.searching and pipe.remote.searching
    ticket = pipe.remote.ticket
    pipe.remote.moved()  # the player moved: the worker is told to stop
    assert pipe.remote.ticket > ticket and not pipe.remote.searching
    # the worker answers the old request before it reads the cancel: ignored
    stale = {"op": "finding", "id": old, "finding": finding_json(Finding(
        local_finding("gyre", [game.deal(3, game.parse_options(""))]).verdict, 0)), "known": [], "deeper": False}
    pipe.remote.receive(stale)
    assert pipe.remote.step() is None and pipe.remote.finding is None
    pipe.pump(0.01)
    assert not pipe.service.verdicts.searching and pipe.service.request == 0  # the worker stopped
    after = [deal, game.apply(deal, game.legal_moves(deal)[0])]
    assert pipe.remote.ask("gyre", after) is None
    found = pipe.answer()
    assert found.at == 1 and found == local_finding("gyre", after)
    assert pipe.remote.finding_for("gyre", after) is found and pipe.remote.finding_for("gyre", [deal]) is None
    pipe.remote.receive(stale)  # late again, after the new answer
    assert pipe.remote.step() is None and pipe.remote.finding is found


def test_a_new_position_asked_while_the_worker_searches_replaces_its_search() -> None:
    pipe = Pipe()
    game = entry("gravity").game
    states = walk("gravity", 2, first=True)[:-4]
    pipe.remote.ask("gyre", [entry("gyre").game.deal(5, entry("gyre").game.parse_options(""))])
    pipe.pump(0.01)
    pipe.remote.ask("gravity", states)  # (no move in between: a game opened elsewhere)
    found = pipe.answer()
    assert found == local_finding("gravity", states)
    assert [m["id"] for m in pipe.posted if m["op"] == "finding"] == [pipe.remote._request]
    assert game.format_state(pipe.service.positions[-1]) == game.format_state(states[-1])  # type: ignore[index]


def test_gyre_searches_further_by_itself_while_the_position_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gyre_solver.GyreProblem, "budget", 1_000)
    said: list[str] = []
    c = CanWin(lambda text, action=None, error=False, lasting=False, more=None: said.append(text), lambda t: None)
    pipe = Pipe()
    c.use(pipe.remote)
    s = Session.new(get_game("gyre"), 3)  # deal 3: not settled at 1,000 nodes, settled at 4,000
    c.ask(s, lambda n: "")
    while c.verdicts.searching:
        pipe.pump()
        c.slice(c.verdicts.ticket, s, lambda n: "")
    first = c.verdicts.finding
    assert first is not None and not first.verdict.exact
    assert said[-1] == verdict_words(entry("gyre"), first)
    while pipe.service.busy:  # nothing pressed: the worker goes on
        pipe.pump()
    assert c.slice(c.verdicts.ticket, s, lambda n: "") is True  # the better finding, said
    better = c.verdicts.finding
    assert better is not None and better.verdict.exact and better.verdict.score is not None
    assert first.verdict.score is not None and better.verdict.score >= first.verdict.score
    assert said[-1] == verdict_words(entry("gyre"), better) != verdict_words(entry("gyre"), first)
    assert c.verdicts.known_for("gyre", s.state) == better.verdict
    deeper = [m["deeper"] for m in pipe.posted if m["op"] == "finding"]
    assert deeper[0] is False and all(deeper[1:]) and len(deeper) >= 2  # (glimpses between, maybe)
    assert c.slice(c.verdicts.ticket, s, lambda n: "") is False  # said once


class Ticking:
    """A clock that moves a tenth of a second each time it is read (a worker's slices, as long as wanted)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.1
        return self.now


def test_gyre_posts_the_range_proved_so_far_before_its_search_ends_and_never_a_wider_one() -> None:
    game = entry("gyre").game
    states = [game.deal(5, game.parse_options(""))]  # 55 to 62 after 10,000 nodes; 55 exact far later
    service = Service(clock=Ticking())
    assert service.handle({"op": "ask", "id": 1, "game": "gyre", "keep": 0, "texts": [game.format_state(states[0])]}) == []
    posted: list[dict[str, Any]] = []
    while service.busy and not any(not m["finding"]["glimpse"] for m in posted if m["op"] == "finding"):
        posted += service.run(0.2)  # two ticks of the clock: a few ms of search each time
    found = [m for m in posted if m["op"] == "finding"]
    first = found[0]["finding"]
    assert first["glimpse"] and found[0]["deeper"] is False
    assert not found[-1]["finding"]["glimpse"] and all(m["deeper"] for m in found[1:])
    assert found[-1]["finding"]["verdict"] == verdict_json(local_finding("gyre", states).verdict)
    ranges = [(m["finding"]["verdict"]["score"], m["finding"]["verdict"]["upper"]) for m in found]
    assert all(lo is not None and hi is not None and lo < hi for lo, hi in ranges[:-1])
    assert all(a[0] <= b[0] and a[1] >= b[1] for a, b in zip(ranges, ranges[1:]))  # never wider
    remote = RemoteVerdicts(Pipe())  # the page takes the glimpse as the answer, and waits for more to hint
    remote.ask("gyre", states)
    for m in posted:
        m["id"] = remote._request
    remote.receive(found[0])
    glimpse = remote.step()  # the first range: the answer, said; the worker's search goes on
    assert glimpse is not None and glimpse.glimpse and remote.glimpsing and not remote.searching
    for m in found[1:]:
        remote.receive(m)
    last = remote.step()  # what came since, the newest: the search's own finding
    assert last is remote.finding and last is not None and not last.glimpse and not remote.glimpsing
    assert last.verdict == verdict_from(found[-1]["finding"]["verdict"])


def test_keep_looking_pressed_while_the_worker_searches_further_is_answered_by_that_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gyre_solver.GyreProblem, "budget", 1_000)
    pipe = Pipe()
    game = entry("gyre").game
    states = [game.deal(5, game.parse_options(""))]
    pipe.remote.ask("gyre", states)
    first = pipe.answer()
    assert not first.verdict.exact and pipe.service.deepening == 4
    searched = pipe.service.verdicts.ticket
    pipe.remote.look_longer("gyre", states, 4)
    better = pipe.answer()
    assert pipe.service.verdicts.ticket == searched  # the same search, not a new one
    assert better.verdict.nodes > first.verdict.nodes


def test_verdicts_known_on_the_page_are_known_to_the_worker() -> None:
    pipe = Pipe()
    game = entry("square").game
    states = [game.deal(6, game.parse_options(""))]
    verdict = local_finding("square", states).verdict
    pipe.remote.remember("square", states[0], verdict)
    assert pipe.remote.ask("square", states) == Finding(verdict, 0, None)  # at once, no message
    pipe.pump()
    assert pipe.service.verdicts.known_for("square", states[0]) == verdict
    assert pipe.service.slices == 0


def test_where_the_worker_fails_the_page_searches_by_itself_from_where_it_was() -> None:
    pipe = Pipe()
    states = walk("gravity", 1, first=True)[:-2]
    expected = local_finding("gravity", states)
    pipe.remote.ask("gravity", states)
    pipe.remote.receive({"op": "error", "id": pipe.remote._request, "error": "RuntimeError: boom"})
    assert pipe.remote.local and "boom" in pipe.remote.failure and pipe.remote.searching
    found = None
    while found is None:
        found = pipe.remote.step(0.05)
    assert found == expected
    pipe.queue.clear()
    states2 = walk("square", 3, first=True)[:-2]
    assert pipe.remote.ask("square", states2) is None and not pipe.queue  # nothing posted any more


def test_a_bad_message_is_answered_with_an_error_not_an_exception() -> None:
    s = Service()
    assert json.loads(s.handle_json("{not json"))[0]["op"] == "error"
    assert s.handle({"op": "ask", "id": 4, "game": "nope", "keep": 0, "texts": ["x"]})[0] == \
        {"op": "error", "id": 4, "error": s.handle({"op": "ask", "id": 4, "game": "nope", "keep": 0,
                                                     "texts": ["x"]})[0]["error"]}
    assert s.handle({"op": "ask", "id": 5, "game": "square", "keep": 0, "texts": ["garbage"]})[0]["op"] == "error"
    assert s.handle({"op": "what"})[0]["op"] == "error"


def test_positions_are_sent_once_per_game_and_the_workers_memory_is_bounded() -> None:
    pipe = Pipe()
    states = walk("square", 3, first=True)[:12]
    sent: list[int] = []
    for n in range(1, len(states) + 1):  # a standing verdict: asked after every move
        pipe.remote.moved()
        pipe.remote.ask("square", states[:n])
        sent.append(sum(len(json.loads(q).get("texts", [])) for q in pipe.queue))
        pipe.answer()
    assert sent == [1] * len(states)  # each position's text went once
    for seed in range(40):  # many more positions than are kept
        g = entry("square").game
        pipe.remote.ask("square", [g.deal(100 + seed, g.parse_options(""))])
        pipe.pump(0.02)
    pipe.remote.moved()
    for _unused in range(200):
        pipe.pump()
        if not pipe.service.busy:
            break
    v = pipe.service.verdicts
    assert not pipe.service.busy and v.search is None and not v.teardown.pending  # the search tables are freed
    assert len(v.kept()) <= KEPT and len(pipe.remote.kept()) <= KEPT
    assert pipe.service.positions is not None and len(pipe.service.positions) == 1


def test_verdicts_round_trip_as_json() -> None:
    from pyapp.solve import Verdict
    from pyapp.solve.service import finding_from, verdict_from
    v = Verdict("impossible", 30, ("1@A1", "2@B1"), True, 900)
    assert verdict_from(json.loads(json.dumps(verdict_json(v)))) == v
    f = Finding(v, 3, 2)
    assert finding_from(json.loads(json.dumps(finding_json(f)))) == f


def quiet_can_win(pipe: Pipe) -> tuple[CanWin, list[str]]:
    """The page's CanWin over the pipe's worker, searching each new position ahead; what it says."""
    said: list[str] = []
    c = CanWin(lambda text, action=None, error=False, lasting=False, more=None: said.append(text), lambda t: None)
    c.use(pipe.remote)
    return c, said


def pause(c: CanWin, s: Session) -> None:
    """The player pauses after a move: the ``verdict`` timer the page runs fires."""
    timer = next(t for t in c.timers(s, standing=False, live=True) if t.name == "verdict")
    assert c.pause_over(timer.ticket, s, False, lambda n: "")


def test_a_position_searched_ahead_while_the_player_pauses_is_answered_at_once_when_asked() -> None:
    pipe = Pipe()
    c, said = quiet_can_win(pipe)
    s = Session.new(get_game("gravity"), 1)
    s = s.played(s.legal_moves()[0])
    pause(c, s)
    while pipe.service.busy or pipe.queue:
        pipe.pump()
        c.slice(c.verdicts.ticket, s, lambda n: "")
    assert said == [] and not c.verdicts.searching  # searched, said to no one
    expected = local_finding("gravity", list(s.states))
    posted = len(pipe.queue)
    c.ask(s, lambda n: "")
    assert said[-1] == verdict_words(entry("gravity"), expected) and len(pipe.queue) == posted  # at once, nothing asked


def test_an_ask_takes_over_the_search_ahead_under_way_and_a_move_cancels_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gyre_solver.GyreProblem, "budget", 1_000)
    pipe = Pipe()
    c, said = quiet_can_win(pipe)
    s = Session.new(get_game("gyre"), 5)
    pause(c, s)
    pipe.pump(0.01)
    request = pipe.service.request
    c.ask(s, lambda n: "")  # the player asks while it searches ahead: the same search
    assert c.verdicts.searching and pipe.queue == []
    while not any(t.startswith("The best possible") for t in said):  # the verdict, said: it was asked
        pipe.pump()
        c.slice(c.verdicts.ticket, s, lambda n: "")
    assert pipe.service.request == request  # no second request: the search ahead answered it
    s = s.played(s.legal_moves()[0])
    c.moved()
    pause(c, s)  # the new position, searched ahead
    pipe.pump(0.01)
    assert pipe.service.verdicts.searching and pipe.service.positions is not None and len(pipe.service.positions) == 2
    c.moved()  # the next move: the search ahead stops
    pipe.pump(0.01)
    assert not pipe.service.verdicts.searching and pipe.remote.known_for("gyre", s.state) is None


def test_a_hint_waits_past_a_glimpse_for_the_search_it_asked_for() -> None:
    c = CanWin(lambda text, action=None, error=False, lasting=False, more=None: None, lambda t: None)
    pipe = Pipe(Service(clock=Ticking()))  # (the range proved so far is posted after a few slices)
    c.use(pipe.remote)
    s = Session.new(get_game("gyre"), 5)
    assert c.ask_hint(s, lambda n: "")
    due: list[tuple[bool, bool]] = []  # (the finding on the page is a glimpse, the hint is due), after each slice
    while (not due or not due[-1][1]) and len(due) < 20_000:
        pipe.pump(0.25)  # (two ticks of its clock: a step of the search each time)
        c.slice(c.verdicts.ticket, s, lambda n: "")
        finding = c.verdicts.finding
        due.append((finding is not None and finding.glimpse, c.hint_due(s)))
    assert (True, False) in due  # a glimpse came, and the hint went on waiting
    assert due[-1] == (False, True) and c.verdicts.finding == local_finding("gyre", [s.state])


def test_taking_a_long_winning_line_costs_the_page_a_few_positions_not_the_lines_length() -> None:
    """A Zodiac win's line is about 1,200 tokens. When the worker's finding arrives, the page's
    thread takes it: it must not learn (format, apply) every position along the line, which cost the
    page 150-250 ms once (585b4d3). Counted, not timed: the positions the page formats and the moves
    it applies while it takes the finding and draws the view."""
    from pyapp.app.controller import Controller, MemoryStorage

    c = Controller(MemoryStorage())
    c.start("#g=zodiac&s=2")
    pipe = Pipe()
    c.can_win.use(pipe.remote)
    c.asking.ask()
    for _unused in range(10_000):
        pipe.pump()
        if pipe.remote.arrived:
            break
    else:
        raise AssertionError("no finding")
    game = type(c.session.game) if c.session is not None else None
    assert game is not None
    counted = {"format_state": 0, "apply": 0}
    originals = {name: getattr(game, name) for name in counted}

    def counting(name: str) -> Any:
        def call(self: Any, *args: Any) -> Any:
            counted[name] += 1
            return originals[name](self, *args)
        return call

    try:
        for name in counted:
            setattr(game, name, counting(name))
        ticket = next(t.ticket for t in c.view().timers if t.name == "solve")
        counted["format_state"] = counted["apply"] = 0  # (the view asked for the timer)
        assert c.fire("solve", ticket) is True
        c.view()
    finally:
        for name, fn in originals.items():
            setattr(game, name, fn)
    known = c.can_win.known(c.session) if c.session is not None else None
    assert known is not None and known.kind == "won" and len(known.line) > 500, known
    assert counted["format_state"] <= 20 and counted["apply"] <= 20, (counted, len(known.line))
