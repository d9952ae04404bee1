"""The conformance suite: what every game of the registry must do, whatever its rules.

Each test takes ``game``, a :class:`pyapp.games.GameEntry`, from a fixture of the module
that runs the suite: ``tests/test_conformance.py`` runs it over every registered game
(``entries()``), ``tests/test_toy_game.py`` over the toy game it registers. What only the
game knows (its golden daily deals, the variants its hint plays, where its face-down
cards lie, the phone's deal) comes from the entry's :class:`pyapp.games.Conformance`
(``pyapp/games/<id>/conformance.py``), never from a list of game ids here.

Run it for a game of your own: define a ``game`` fixture giving its entry (registered),
and ``from conformance import *`` (docs/ADDING-A-GAME.md).
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import itertools
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.hints import hint
from pyapp.app.session import Session
from pyapp.core.daily import DAILY_OPTIONS, daily_link, daily_seed
from pyapp.core.daily_pools import DAILY_POOLS_V1, DAILY_POOLS_V2
from pyapp.core.pool import Pool
from pyapp.core.rng import MASK64, SplitMix64
from pyapp.core.table import BACK, CARD_H, CARD_W, Table
from pyapp.games import Conformance, GameEntry, entries
from pyapp.ui.layout import MAX_GROW, MIN_GAP, footprints, grow
from pyapp.ui.paint import unit_for

__all__ = [
    "test_the_game_declares_what_the_suite_needs",
    "test_its_daily_deals_never_change",
    "test_its_daily_seed_is_what_the_rules_notes_say",
    "test_its_daily_seeds_differ_by_day_and_from_every_other_game",
    "test_it_deals_its_daily_deal",
    "test_its_state_text_reads_back_and_its_deals_never_vary",
    "test_its_table_offers_only_legal_moves",
    "test_it_has_a_heuristic_and_the_app_asks_it",
    "test_a_hint_is_legal_and_never_reads_the_face_down_cards",
    "test_hints_play_whole_games_to_their_end",
    "test_every_card_is_44_px_wide_on_a_phone_both_ways",
    "test_larger_cards_stay_inside_the_table_and_apart",
]

#: The dates whose daily deal every game pins (:attr:`pyapp.games.Conformance.daily`).
DAILY_DATES = (datetime.date(1970, 1, 1), datetime.date(2024, 2, 29), datetime.date(2025, 1, 1),
               datetime.date(2026, 2, 28), datetime.date(2030, 12, 31))
#: The board's room measured in Chromium: a phone upright (390 x 844) and on its side (844 x 390).
ROOMS = {True: (374.0, 606.0), False: (642.0, 390.0)}
#: A hypothesis test reads the game from a function-scoped fixture (the toy's registers it); the
#: game is the same for every example.
FIXTURE_OK = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def conformance(game: GameEntry) -> Conformance:
    """The game's :class:`Conformance`; fails the test (naming the game) when it has none."""
    assert game.conformance is not None, f"{game.id}: GameEntry(conformance=...) is missing"
    return game.conformance


def played(game: GameEntry, options: str, seed: int, moves: int, picks: random.Random | None = None) -> list[Any]:
    """The states of deal ``seed`` with ``options``: the deal, then after each of ``moves`` legal
    moves (the first legal one, or one ``picks`` chooses), fewer if the game ends."""
    rules = game.game
    states = [rules.deal(seed, rules.parse_options(options))]
    for _ in range(moves):
        legal = rules.legal_moves(states[-1])
        if not legal:
            break
        states.append(rules.apply(states[-1], legal[picks.randrange(len(legal))] if picks else legal[0]))
    return states


def tables(game: GameEntry, moves: int = 30) -> list[tuple[bool, Table]]:
    """The tables of the game's phone deal (:attr:`Conformance.phone`), upright and on its side,
    at the deal and after ``moves`` first legal moves."""
    options, seed = conformance(game).phone
    states = played(game, options, seed, moves)
    return [(portrait, game.view.table(s, portrait, frozenset())) for s in (states[0], states[-1])
            for portrait in (True, False)]


def seen(t: Table) -> Table:
    """The table as the player sees it: a pile's face-down cards (``down``) as backs."""
    return dataclasses.replace(t, piles=tuple(
        dataclasses.replace(p, cards=(BACK,) * p.down + p.cards[p.down:]) for p in t.piles))


def documented_seed(game_id: str, date: datetime.date) -> int:
    """docs/RULES-NOTES.md, "Daily deal", written out again from the text: before 2026-12-06 (and
    for a game without a daily pool) ``h % 10**9``; from then on, the seeds of the daily pool of
    version 1 (from 2027-02-01, of version 2) in cycles of ``n`` days from the version's cut-over,
    each cycle's order shuffled with ``h`` of its first day."""
    def hashed(date: datetime.date) -> int:
        day = (date - datetime.date(1970, 1, 1)).days
        h = SplitMix64((0x0D4117DEA1500B17 ^ day) & MASK64).next()
        for b in game_id.encode("utf-8"):
            h = SplitMix64(h ^ b).next()
        return h

    cut_over, pools = ((datetime.date(2027, 2, 1), DAILY_POOLS_V2) if date >= datetime.date(2027, 2, 1)
                       else (datetime.date(2026, 12, 6), DAILY_POOLS_V1))
    if date < cut_over or game_id not in pools:
        return hashed(date) % 10**9
    pool = Pool.decode(base64.b64decode(pools[game_id]))
    seeds = [pool.first + i for i, mark in enumerate(pool.marks) if mark]
    days, n = (date - cut_over).days, len(seeds)
    rng = SplitMix64(hashed(cut_over + datetime.timedelta(days=days // n * n)))
    for i in range(n - 1, 0, -1):  # Fisher-Yates, RULES.md 0.2
        j = rng.next() % (i + 1)
        seeds[i], seeds[j] = seeds[j], seeds[i]
    return seeds[days % n]


# -- the entry ------------------------------------------------------------------------------


def test_the_game_declares_what_the_suite_needs(game: GameEntry) -> None:
    conf = conformance(game)
    assert game.view.game is game.game and game.id == game.game.id
    assert conf.configs and conf.configs[0] == "", "the hint's variants start with the default"
    for options in conf.configs + (conf.phone[0],):
        parsed = game.game.parse_options(options)
        assert game.game.parse_options(game.game.format_options(parsed)) == parsed
    assert len(set(conf.configs)) == len(conf.configs)


# -- the daily deal (pyapp/core/daily.py) -----------------------------------------------------


def test_its_daily_deals_never_change(game: GameEntry) -> None:
    """A daily deal is the same for everyone, forever: the game pins its seeds on DAILY_DATES."""
    pinned = dict(conformance(game).daily)
    now = {date.isoformat(): daily_seed(game.id, date) for date in DAILY_DATES}
    assert pinned == now, f"{game.id}: pin Conformance(daily={tuple(now.items())!r})"


@FIXTURE_OK
@given(date=st.dates(datetime.date(1970, 1, 1), datetime.date(2200, 12, 31)))
def test_its_daily_seed_is_what_the_rules_notes_say(game: GameEntry, date: datetime.date) -> None:
    assert daily_seed(game.id, date) == documented_seed(game.id, date)


def test_its_daily_seeds_differ_by_day_and_from_every_other_game(game: GameEntry) -> None:
    others = [e.id for e in entries() if e.id != game.id]
    start = datetime.date(2025, 1, 1)
    for i in range(200):
        day = start + datetime.timedelta(days=i)
        seed = daily_seed(game.id, day)
        assert 0 <= seed < 10**9
        assert seed != daily_seed(game.id, day + datetime.timedelta(days=1))
        assert seed not in {daily_seed(other, day) for other in others}


def test_it_deals_its_daily_deal(game: GameEntry) -> None:
    day = datetime.date(2026, 7, 14)
    session = Session.from_link(daily_link(game.id, day))
    rules = game.game
    assert session.state == rules.deal(daily_seed(game.id, day), rules.parse_options(DAILY_OPTIONS))
    assert session.legal_moves() and session.status() == "playing"


# -- the rules and the table ----------------------------------------------------------------


def test_its_state_text_reads_back_and_its_deals_never_vary(game: GameEntry) -> None:
    """Along a game of random moves in every variant: the state text reads back as the same state
    (and prints the same), the options read back, and a deal is the same each time it is dealt."""
    rules = game.game
    picks = random.Random(7)
    for options in conformance(game).configs:
        for seed in (1, 2):
            states = played(game, options, seed, 80, picks)
            assert states[0] == rules.deal(seed, rules.parse_options(options))
            assert len({rules.format_state(rules.deal(seed + i, rules.parse_options(options))) for i in range(9)}) > 1
            for state in states:
                text = rules.format_state(state)
                again = rules.parse_state(text)
                assert again == state and rules.format_state(again) == text, (game.id, options, text)
                assert rules.parse_options(rules.format_options(rules.options_of(state))) == rules.options_of(state)


def test_its_table_offers_only_legal_moves(game: GameEntry) -> None:
    """Every gesture and button of the table plays a legal move (a gesture that picks cards first
    aside), the table says the game's status, and a finished game offers no gesture."""
    rules = game.game
    picks = random.Random(3)
    for options in conformance(game).configs:
        for state in played(game, options, 5, 60, picks)[::6]:
            legal = set(rules.legal_moves(state))
            for portrait in (True, False):
                t = game.view.table(state, portrait, frozenset())
                assert t.status == rules.status(state)
                assert {g.token for g in t.gestures if g.pick is None} <= legal, (game.id, options)
                assert {b.token for b in t.buttons if b.token and b.pick is None} <= legal, (game.id, options)
                if not legal:
                    assert not t.gestures


# -- hints (pyapp/app/hints.py, the game's own in hints.py) ------------------------------------


def test_it_has_a_heuristic_and_the_app_asks_it(game: GameEntry) -> None:
    assert game.hint is not None, f"{game.id}: GameEntry(hint=...) is missing"
    for options in conformance(game).configs:
        state = played(game, options, 3, 0)[0]
        assert hint(game.id, state) == game.hint(state) in game.game.legal_moves(state)


@settings(FIXTURE_OK, max_examples=100)
@given(data=st.data(), seed=st.integers(1, 10**6), steps=st.integers(0, 250), salt=st.integers(0, 2**32))
def test_a_hint_is_legal_and_never_reads_the_face_down_cards(game: GameEntry, data: st.DataObject, seed: int,
                                                              steps: int, salt: int) -> None:
    """In every variant, at random positions: a hint is a legal move (None once the game is over),
    and shuffling the cards the player cannot see (:attr:`Conformance.hidden_shuffled`) changes
    neither what the player sees nor the hint."""
    conf = conformance(game)
    options = data.draw(st.sampled_from(conf.configs), label="options")
    rules = game.game
    rng = random.Random(salt)
    state = played(game, options, seed, steps, rng)[-1]
    token = hint(game.id, state)
    legal = rules.legal_moves(state)
    if rules.status(state) != "playing" or not legal:
        assert token is None
        return
    assert token is None or token in legal
    for _ in range(2):
        other = conf.hidden_shuffled(state, rng)
        assert rules.legal_moves(other) == legal  # the shuffle changed nothing the player sees
        assert seen(game.view.table(other, True, frozenset())) == seen(game.view.table(state, True, frozenset()))
        assert hint(game.id, other) == token


def test_hints_play_whole_games_to_their_end(game: GameEntry) -> None:
    """Following the hints (the first legal move when no move helps) ends every variant's games."""
    rules = game.game
    for options in conformance(game).configs:
        for seed in (1, 2):
            state = rules.deal(seed, rules.parse_options(options))
            for _ in range(5000):
                legal = rules.legal_moves(state)
                if not legal:
                    break
                token = hint(game.id, state)
                assert token is None or token in legal
                state = rules.apply(state, token or legal[0])
            assert rules.status(state) != "playing", (game.id, options, seed)


# -- on a phone (pyapp/ui/layout.py, pyapp/ui/paint.py) ---------------------------------------


def test_every_card_is_44_px_wide_on_a_phone_both_ways(game: GameEntry) -> None:
    for portrait, t in tables(game):
        unit = unit_for(t.width, t.height, *ROOMS[portrait])
        assert unit >= 44, (game.id, portrait, unit)


def test_larger_cards_stay_inside_the_table_and_apart(game: GameEntry) -> None:
    """"Larger cards" grows every card by as much as keeps it clear of the piles it did not
    touch (pyapp.ui.layout.grow), and grows them where the game says its table has room."""
    grows_upright, grows_on_side = conformance(game).grows
    for portrait, t in tables(game):
        g = grow(t)
        assert 1.0 <= g <= MAX_GROW
        assert (g > 1.0) == (grows_upright if portrait else grows_on_side), (game.id, portrait, g)
        half_w, half_h = (g - 1) * CARD_W / 2, (g - 1) * CARD_H / 2
        grown = [(x0 - half_w, y0 - half_h, x1 + half_w, y1 + half_h) for x0, y0, x1, y1 in footprints(t)]
        for x0, y0, x1, y1 in grown:
            assert x0 >= -1e-9 and y0 >= -1e-9 and x1 <= t.width + 1e-9 and y1 <= t.height + 1e-9
        for (a, ga), (b, gb) in itertools.combinations(zip(footprints(t), grown), 2):
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            if apart:  # piles that were apart stay at least MIN_GAP apart
                gap = max(gb[0] - ga[2], ga[0] - gb[2], gb[1] - ga[3], ga[1] - gb[3])
                assert gap >= MIN_GAP - 1e-9, (game.id, portrait, a, b)
