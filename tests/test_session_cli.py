"""The session layer (undo/redo, restart, resign, links, saves) and the command line."""

from __future__ import annotations

import json

import pytest

from pyapp.cli import main
from pyapp.core.errors import IllegalMoveError, ParseError, SaveError
from pyapp.games import all_games, get_game
from pyapp.core.links import Link
from pyapp.app.session import Session


def play_some(session: Session, n: int) -> Session:
    """``session`` after ``n`` moves (each the middle legal move), or fewer if it ends."""
    for _ in range(n):
        moves = session.legal_moves()
        if not moves:
            break
        session = session.played(moves[len(moves) // 2])
    return session


@pytest.mark.parametrize("game_id", ["gyre", "gravity"])
def test_undo_redo_restart_are_snapshot_stacks(game_id: str) -> None:
    session = Session.new(get_game(game_id), seed=11)
    states = [session.state]
    for _ in range(12):
        moves = session.legal_moves()
        if not moves:
            break
        session = session.played(moves[-1])
        states.append(session.state)
    played = session.moves
    assert len(played) == len(states) - 1 > 3
    for i in range(len(played), 0, -1):
        session = session.undone()
        assert session.state == states[i - 1]
    assert session.redo_moves == played
    with pytest.raises(IllegalMoveError):
        session = session.undone()
    session = session.redone()
    session = session.redone()
    assert session.state == states[2]
    session = session.restarted()
    assert session.state == states[0] and session.redo_moves == played
    # a different move clears the redo stack
    other = [m for m in session.legal_moves() if m != played[0]]
    if other:
        session = session.played(other[0])
        assert not session.can_redo


@pytest.mark.parametrize("game_id", ["gyre", "gravity"])
def test_link_replay_equals_live_state(game_id: str) -> None:
    session = Session.new(get_game(game_id), seed=5)
    session = play_some(session, 20)
    link = session.link()
    again = Session.from_link(Link.parse(link.fragment()))
    assert again.state == session.state and again.moves == session.moves


def test_resign_is_a_session_action() -> None:
    session = Session.new(get_game("gyre"), seed=3)
    session = play_some(session, 3)
    session = session.given_up()
    assert session.status() == "finished" and session.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        session = session.played("R")
    assert session.link().fragment().endswith(".q") or session.link().fragment().endswith("m=q")
    again = Session.from_link(session.link())
    assert again.resigned and again.state == session.state
    session = session.undone()
    assert not session.resigned and session.status() == "playing"


def test_bad_link_moves_are_reported_with_their_position() -> None:
    good = Session.new(get_game("gyre"), seed=9)
    good = play_some(good, 2)
    bad = Link("gyre", "", 9, good.moves + ("CKH9",))
    with pytest.raises(ParseError, match="move 3"):
        Session.from_link(bad)
    lenient = Session.from_link(bad, lenient=True)
    assert lenient.moves == good.moves and lenient.replay_error and "move 3" in lenient.replay_error
    with pytest.raises(ParseError, match="unknown game"):
        Session.from_link(Link("chess", "", 1))


def test_saves_round_trip_and_corrupt_saves_raise_save_error() -> None:
    session = Session.new(get_game("gravity"), seed=21, options="hidden")
    session = play_some(session, 6)
    session = session.undone()
    text = session.to_save()
    back = Session.from_save(text)
    assert back.state == session.state and back.redo_moves == session.redo_moves
    assert back.options_text == "hidden"
    for corrupt in ["", "{", "[]", json.dumps({"format": 9}), json.dumps({"format": 1, "link": 5}),
                    json.dumps({"format": 1, "link": "#g=gyre&v=1&o=&s=1&m=ZZZ"}),
                    json.dumps({"format": 1, "link": "#g=nope&v=1&o=&s=1"}), text[:-9]]:
        with pytest.raises(SaveError):
            Session.from_save(corrupt)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == [g.id for g in all_games()]
    assert "gyre jokers attrition easy" in lines
    assert "gravity decks=N missing=CODES hidden nomoonplanet" in lines


@pytest.mark.parametrize("game_id", ["gyre", "gravity"])
def test_cli_deal_moves_apply_replay_agree_with_the_engine(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    game = get_game(game_id)
    code, out, _ = run_cli(capsys, "deal", game_id, "--seed", "77")
    state_text = out.strip()
    assert code == 0 and state_text == game.format_state(game.deal(77, game.parse_options("")))
    code, out, _ = run_cli(capsys, "moves", state_text)
    moves = out.split()
    assert code == 0 and moves == game.legal_moves(game.parse_state(state_text))
    code, out, _ = run_cli(capsys, "apply", state_text, moves[0])
    assert code == 0 and out.count("\n") == 1
    after = out.strip()
    assert after == game.format_state(game.apply(game.parse_state(state_text), moves[0]))
    code, out, _ = run_cli(capsys, "replay", f"https://example.org/#g={game_id}&v=1&o=&s=77&m={moves[0]}")
    lines = out.splitlines()
    session = Session.from_link(Link(game_id, "", 77, (moves[0],)))
    assert code == 0 and lines == [after, f"status={session.status()} score={session.score()}"]


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["dance"],
        ["games", "x"],
        ["deal", "chess", "--seed", "1"],
        ["deal", "gyre"],
        ["deal", "gyre", "--seed", "-4"],
        ["deal", "gyre", "--seed", "1", "--options", "turbo"],
        ["moves", "XX1|A=1"],
        ["moves", "GY1|R=-"],
        ["apply", "GY1|nonsense"],
        ["replay", "#g=gyre&v=1&o=&s=1&m=ZZ9"],
        ["replay", "not a link"],
        ["replay", "#g=gravity&v=1&o=&s=777&k=2.zzzz"],
        ["replay", "#g=gravity&v=1&o=&s=777&k=2.HA&m=b3c4"],
        ["replay", "#g=gravity&v=1&o=&s=777&k=two.HA"],
        ["link", "#g=gyre&s=1", "extra"],
        ["hint"],
        ["hint", "XX1|A=1"],
        ["hint", "GY1|nonsense"],
        ["hint", "GY1|R=-", "--budget"],
        ["hint", "GY1|R=-", "--budget", "0"],
        ["hint", "GY1|R=-", "--deepen", "4"],
    ],
)
def test_cli_rejects_bad_input_with_exit_2_and_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_cli_rejects_an_illegal_move(capsys: pytest.CaptureFixture[str]) -> None:
    state_text = get_game("gyre").format_state(get_game("gyre").deal(1, get_game("gyre").parse_options("")))
    legal = set(get_game("gyre").legal_moves(get_game("gyre").parse_state(state_text)))
    illegal = next(t for t in ("R", "P0", "S2C0", "CAS5") if t not in legal)
    code, _, err = run_cli(capsys, "apply", state_text, illegal)
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("game", [(g.id, o) for g in all_games() for o in ("", *(
    {"gravity": ("decks=2",), "square": ("wrap",), "gyre": ("jokers,easy",)}.get(g.id, ())))])
def test_a_packed_link_is_the_same_game_in_far_fewer_characters(game: tuple[str, str]) -> None:
    """k= (pyapp.core.compact) opens exactly the game m= does, in every game and a variant, from
    a deal to a game played to its end (or 300 moves), given up or not."""
    import random

    game_id, options = game
    for seed in range(4):
        rng = random.Random(seed)
        s = Session(get_game(game_id), 100 + seed, get_game(game_id).parse_options(options))
        for _ in range(rng.randrange(0, 300)):
            legal = s.legal_moves()
            if not legal:
                break
            s = s.played(rng.choice(legal))
        if seed == 3 and s.status() == "playing":
            s = s.given_up()
        short = s.short_link()
        assert short.packed or not s.moves
        again = Session.from_link(Link.parse(short.fragment()))
        assert again.moves == s.moves and again.resigned == s.resigned and again.state == s.state
        if len(s.moves) > 40:
            assert len(short.fragment()) * 3 < len(s.link().fragment())


def test_a_whole_zodiac_game_fits_in_a_few_hundred_characters(capsys: pytest.CaptureFixture[str]) -> None:
    s = Session(get_game("zodiac"), 203, get_game("zodiac").parse_options(""))
    while (legal := s.legal_moves()) and len(s.moves) < 600:
        s = s.played(legal[len(s.moves) * 7 % len(legal)])
    readable, short = s.link().fragment(), s.short_link().fragment()
    assert len(s.moves) > 200 and len(short) < 300 and len(short) * 8 < len(readable), (len(readable), len(short))
    code, out, _ = run_cli(capsys, "link", readable)
    assert code == 0 and out.splitlines() == [readable, short]
    code, out, _ = run_cli(capsys, "link", short)
    assert code == 0 and out.splitlines() == [readable, short]


def test_a_broken_link_says_in_words_which_move_was_wrong() -> None:
    from pyapp.app.controller import Controller, MemoryStorage

    c = Controller(MemoryStorage(), reduced_motion=True)
    c.start("#g=gyre&s=42&m=R.ZZ9", "https://example.org/orbit/")
    notice = c.view().notice
    assert "move 2 is not a move of this game" in str(notice) and "expected" not in str(notice)


def test_cli_hint_is_the_pages_hint_and_following_it_wins_a_winnable_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """``hint STATE`` prints one legal token, the next move of the line the solver proved; played
    one after another from a deal the solver wins, they win it; ``none`` once the game is over."""
    game = get_game("gravity")
    state = game.deal(42, game.parse_options(""))
    for _unused in range(300):
        if game.status(state) != "playing":
            break
        code, out, err = run_cli(capsys, "hint", game.format_state(state))
        assert code == 0 and err == "" and out.count("\n") == 1
        token = out.strip()
        assert token in game.legal_moves(state)
        state = game.apply(state, token)
    assert game.status(state) == "won"
    assert run_cli(capsys, "hint", game.format_state(state)) == (0, "none\n", "")


def test_cli_hint_takes_a_budget_and_falls_back_to_the_rule_of_thumb(capsys: pytest.CaptureFixture[str]) -> None:
    """With a budget too small to settle a fresh Gyre deal, the hint is the game's rule of thumb."""
    from pyapp.app.hints import hint
    game = get_game("gyre")
    state = game.deal(5, game.parse_options(""))
    code, out, _ = run_cli(capsys, "hint", game.format_state(state), "--budget", "50")
    assert code == 0 and out.strip() == hint("gyre", state)
