"""The sounds as effects (pyapp/ui/sounds.py): which sound names the controller hands out for
the intents of real deals (a card picked up, a move, a refused drop, a capture or a card home,
Gravity's collapse, Zodiac's phase 2, a win, a game over), none with the Sound setting off,
the setting's default under reduced motion, and its round trip through storage (old settings
included). The binding that plays them is tested in Chromium (e2e/test_e2e_sound.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.controller import Controller, MemoryStorage
from pyapp.app.session import Session
from pyapp.core.settings import SETTINGS_KEY, SOUND, THEMES, Settings
from pyapp.core.table import Place, Table
from pyapp.games import entries, entry, get_game
from pyapp.games.zodiac.rules import ZODIAC, greedy_move
from pyapp.ui.sounds import (COLLAPSE, ENDS, LONG, NAMES, OVER, PHASE, PICKUP, PLACE, REFUSED, SCORE, SHORT, TONES,
                             WIN, length)


def controller(fragment: str, storage: MemoryStorage | None = None, reduced_motion: bool = False) -> Controller:
    c = Controller(storage if storage is not None else MemoryStorage(), reduced_motion=reduced_motion)
    c.start(fragment, "https://example.org/orbit/")
    c.effects()  # what opening it made
    return c


def table(c: Controller) -> Table:
    t = c.tables.table_now()
    assert t is not None
    return t


def at(session: Session) -> str:
    return session.link().fragment()


def first(session: Session, wanted: str) -> Session:
    """``session`` played by its first legal moves until a move starting with ``wanted`` is legal."""
    while not any(m.startswith(wanted) for m in session.legal_moves()):
        session = session.played(session.legal_moves()[0])
    return session


# -- what each intent sounds like --------------------------------------------------------------
def test_a_card_dragged_is_picked_up_then_put_down_with_gravitys_collapse() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    board = c.view().board
    assert board is not None
    c.pointer.down("c1", 0, 100, 100, 50.0)
    c.pointer.move(110, 100)  # the drag begins: the card is lifted
    assert c.effects().sounds == (PICKUP,)
    c.pointer.move(120, 100)
    assert c.effects().sounds == ()  # still the same card held
    c2 = next(p for p in board.piles if p.id == "c2")
    c.pointer.up((c2.x + 0.5) * 50, (c2.y + 0.5) * 50)  # a stack: a pile fewer, and the planet collapses
    assert c.session is not None and c.session.moves == ("c1c2",)
    assert c.effects().sounds == (COLLAPSE,)


def test_a_card_tapped_is_picked_up_and_tapped_again_put_back_silently() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    t = table(c)
    source = next(s for s in t.sources() if not any(g.tap for g in t.gestures if g.source == s))
    c.tap(*source)
    assert c.hand.selected == source and c.effects().sounds == (PICKUP,)
    c.tap(*source)
    assert c.hand.selected is None and c.effects().sounds == ()


def test_space_picks_a_card_up_and_a_lit_place_takes_it() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    t = table(c)
    source = next(s for s in t.sources() if not any(g.tap for g in t.gestures if g.source == s))
    c.focus.go(t, source)
    c.key(" ", board=True)
    assert c.hand.selected == source and c.effects().sounds == (PICKUP,)
    c.key("Enter", board=True)  # the focus jumped to the nearest lit place
    assert c.hand.selected is None and c.session is not None and len(c.session.moves) == 1
    assert c.effects().sounds == (COLLAPSE,)


def refused(t: Table) -> tuple[Place, str]:
    return next((r.source, r.target) for r in t.refusals if r.reason)


def test_a_refused_drop_and_a_card_with_no_move_sound_refused() -> None:
    c = controller("#g=gravity&v=1&o=&s=42")
    source, target = refused(table(c))
    c.drop(source, target)
    assert c.notice is not None and c.notice.text == table(c).refusal(source, target)
    assert c.effects().sounds == (REFUSED,) and c.session is not None and not c.session.moves
    c.drop(source, None)  # let go nowhere: the card goes back, nothing said
    assert c.effects().sounds == ()
    t = table(c)
    stuck = next((p.id, i) for p in t.piles for i in range(len(p.cards))
                 if (p.id, i) not in t.sources() and i == len(p.cards) - 1)
    c.tap(*stuck)
    assert c.hand.nudge == stuck and c.effects().sounds == (REFUSED,)


def test_a_capture_scores_and_a_rotation_puts_down() -> None:
    gyre = Session.new(get_game("gyre"), 42)
    c = controller(at(gyre))
    c.play("R")
    assert c.effects().sounds == (PLACE,)
    before = first(gyre, "C")
    c = controller(at(before))
    token = next(m for m in before.legal_moves() if m.startswith("C"))
    c.play(token)
    assert c.session is not None and c.session.score() > before.score()
    assert c.effects().sounds == (SCORE,)


def test_zodiac_a_card_home_scores_and_phase_two_sounds_once() -> None:
    session = Session.new(ZODIAC, 1186)  # a deal the engine's greedy player wins
    home = phase = None
    while session.legal_moves() and (home is None or phase is None):
        token = greedy_move(session.state)
        after = session.played(token)
        if home is None and after.score() > session.score() and ZODIAC.status(after.state) == "playing":
            home = (session, token)
        if phase is None and after.state.phase == 2 and session.state.phase == 1:
            phase = (session, token)
        session = after
    assert home is not None and phase is not None
    c = controller(at(home[0]))
    c.play(home[1])
    assert c.effects().sounds == (SCORE,)
    c = controller(at(phase[0]))
    c.play(phase[1])
    sounds = c.effects().sounds
    assert sounds[-1] == PHASE and sounds.count(PHASE) == 1 and len(sounds) == 2
    c.play(c.session.legal_moves()[0] if c.session is not None else "")
    assert PHASE not in c.effects().sounds  # phase 2 goes on: no new phase


def test_a_win_sounds_after_the_last_card_home_once() -> None:
    session = Session.new(ZODIAC, 1186)
    while session.legal_moves():
        session = session.played(greedy_move(session.state))
    assert session.status() == "won"
    c = controller(at(session.undone()))
    c.play(session.moves[-1])
    assert c.effects().sounds == (SCORE, WIN)
    c.undo()
    assert c.effects().sounds == ()  # undo is silent
    c.redo()
    assert c.effects().sounds == (SCORE, WIN)  # won again: the end screen opens again, with its sound
    c.summary_action("close")
    c.tap(None)
    assert c.effects().sounds == ()
    assert controller(at(session)).effects().sounds == ()  # a won game opened is no new win


@pytest.mark.parametrize("game_id", ["square", "gravity", "gyre"])
def test_a_game_over_without_a_win_sounds_over(game_id: str) -> None:
    session = Session.new(get_game(game_id), 5)
    while session.legal_moves():
        session = session.played(session.legal_moves()[0])
    assert session.status() != "won"
    last = session.moves[-1]
    c = controller(at(session.undone()))
    c.play(last)
    sounds = c.effects().sounds
    assert sounds[-1] == OVER and sounds[0] in (PLACE, SCORE, COLLAPSE)
    assert (sounds[0] == PLACE) == (game_id == "square" or not better(game_id, session.undone(), session))


def better(game_id: str, was: Session, now: Session) -> bool:
    return now.score() < was.score() if entry(game_id).lower_is_better else now.score() > was.score()


def test_give_up_sounds_over_once() -> None:
    c = controller("#g=gyre&v=1&o=&s=42")
    c.play("R")
    c.effects()
    c.resign()
    assert c.effects().sounds == ()  # armed: a second press gives up
    c.resign()
    assert c.effects().sounds == (OVER,)
    assert c.session is not None and c.session.resigned


def test_squares_every_move_fills_a_cell_and_sounds_as_a_card_put_down() -> None:
    c = controller("#g=square&v=1&o=&s=4")
    c.play(c.session.legal_moves()[0] if c.session is not None else "")
    assert c.effects().sounds == (PLACE,)


def test_watching_a_replay_is_silent() -> None:
    session = Session.new(get_game("gyre"), 42).played("R").played("R")
    c = controller(at(session))
    c.watch()
    c.replay_control("forward")
    c.replay_control("forward")
    assert c.effects().sounds == ()


# -- the setting -------------------------------------------------------------------------------------
def test_with_sound_off_no_intent_makes_a_sound_and_on_again_it_sounds_at_once() -> None:
    storage = MemoryStorage()
    c = controller("#g=gravity&v=1&o=&s=42", storage)
    assert c.view().sound and ("sound", "Sound", True) in c.view().settings
    c.change("set-sound", "", False)
    assert json.loads(storage.get(SETTINGS_KEY) or "[]").count("sound=off") == 1
    assert not c.view().sound and c.effects().sounds == ()
    source, target = refused(table(c))
    c.drop(source, target)
    c.play(c.session.legal_moves()[0] if c.session is not None else "")
    assert c.effects().sounds == ()
    c.change("set-sound", "", True)
    assert c.effects().sounds == (PLACE,)  # what a move sounds like, now that it is on
    assert "sound" in json.loads(storage.get(SETTINGS_KEY) or "[]")


def test_under_reduced_motion_sound_is_off_until_the_player_turns_it_on() -> None:
    storage = MemoryStorage()
    c = controller("#g=gyre&v=1&o=&s=42", storage, reduced_motion=True)
    assert not c.view().sound and ("sound", "Sound", False) in c.view().settings
    c.play("R")
    assert c.effects().sounds == ()
    c.change("set-theme", "dark")  # another setting kept: the sound stays never chosen
    assert Settings.read(storage)[0].sound is None
    assert controller("#g=gyre&v=1&o=&s=42", storage).view().sound  # the same player without reduced motion
    c.change("set-sound", "", True)
    assert c.effects().sounds == (PLACE,)
    c.play("R")
    assert c.effects().sounds == (PLACE,)
    again = controller("#g=gyre&v=1&o=&s=42", storage, reduced_motion=True)  # a reload: chosen on stays on
    assert again.view().sound and again.settings.on(SOUND)


@pytest.mark.parametrize("kept", ['["instant"]', '["instant", "marks", "theme=dark"]', '["fourcolour", "instant", "marks", "theme=dark"]', "[]"])
def test_settings_kept_before_the_sound_setting_read_as_never_chosen(kept: str) -> None:
    s, problem = Settings.read(MemoryStorage({SETTINGS_KEY: kept}))
    assert problem == "" and s.sound is None and s.on(SOUND) and SOUND not in s.game
    assert not replace(s, reduced_motion=True).on(SOUND)
    assert Settings.loads(s.dumps()) == s and "sound" not in s.dumps()


@given(sound=st.sampled_from([None, True, False]), theme=st.sampled_from([t for t, _ in THEMES]),
       switches=st.sets(st.sampled_from(["marks", "instant", "fourcolour", "large", "verdict", "coords"])),
       reduced=st.booleans())
def test_the_sound_choice_round_trips_and_only_a_choice_is_kept(sound: bool | None, theme: str, switches: set[str],
                                                                reduced: bool) -> None:
    s = Settings(marks=False, sound=sound).with_theme(theme)
    for switch in switches:
        s = s.switch(switch, True)
    back = Settings.loads(s.dumps())
    assert back == s and back.sound is sound
    shown = replace(back, reduced_motion=reduced)  # as the controller reads it (Controller.stored_settings)
    assert shown.on(SOUND) == (sound if sound is not None else not reduced)
    kept = json.loads(s.dumps())
    assert ("sound" in kept, "sound=off" in kept) == (sound is True, sound is False)


# -- the sounds themselves -------------------------------------------------------------------------
def test_every_sound_is_short_and_quiet_and_the_end_of_a_game_a_short_arpeggio() -> None:
    assert set(TONES) == set(NAMES)
    for name in NAMES:
        assert 0 < length(name) <= (LONG if name in ENDS else SHORT), name
        assert all(0 < t.gain <= (0.06 if name in ENDS else 0.12) and t.length > 0 and t.at >= 0 for t in TONES[name])
    assert max(length(n) for n in ENDS) <= 0.55


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from([e.id for e in entries()]), seed=st.integers(1, 10_000), data=st.data())
def test_every_move_makes_one_move_sound_and_the_end_one_end_sound(game: str, seed: int, data: st.DataObject) -> None:
    """Random games of every game: each move makes one sound of a card put down (the game's sound
    of a better score when it is one), then a phase begun, then the end of the game, once."""
    c = controller(f"#g={game}&v=1&o=&s={seed}")
    ends = 0
    for _ in range(data.draw(st.integers(1, 60))):
        assert c.session is not None
        moves = c.session.legal_moves()
        if not moves:
            break
        was, phase_was = c.session, table(c).phase
        c.play(data.draw(st.sampled_from(moves)))
        sounds = c.effects().sounds
        score_sound = entry(game).score_sound if better(game, was, c.session) else PLACE
        phase = (PHASE,) if table(c).phase and table(c).phase != phase_was else ()
        end = ((WIN if c.session.status() == "won" else OVER),) if c.session.status() != "playing" else ()
        assert sounds == (score_sound, *phase, *end)
        ends += len(end)
    assert ends <= 1
