"""Today's result as a message to send (pyapp/stats/share.py), in every language: the game, the
date, the score, the par when known, and a link that opens the same deal at move 0; never a move
token of the game played, never a card."""

from __future__ import annotations

import datetime
import io
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.app.session import Session
from pyapp.core.daily import Par, daily_seed
from pyapp.core.links import Link
from pyapp.games import entries, entry, get_game
from pyapp.i18n import LANGUAGES, use
from pyapp.stats.share import BLOCKS, Shared, bar, share_message

LOCALE = Path(__file__).resolve().parent.parent / "pyapp" / "locale"
BASE = "https://orbit.example/play/index.html"


@contextmanager
def speaking(tag: str) -> Iterator[None]:
    """The page's words in the language ``tag`` (its catalogue compiled as the build does)."""
    catalogue = None
    if tag != "en":
        with (LOCALE / tag.replace("-", "_") / "LC_MESSAGES" / "orbit.po").open("rb") as f:
            buf = io.BytesIO()
            write_mo(buf, read_po(f, locale=tag.replace("-", "_")))
            catalogue = buf.getvalue()
    use(tag, catalogue)
    try:
        yield
    finally:
        use("en")


def finished(game_id: str, day: datetime.date, rng: random.Random) -> Session:
    """The daily deal of ``day`` played to its end by random legal moves."""
    session = Session.new(get_game(game_id), daily_seed(game_id, day))
    while session.status() == "playing" and (moves := session.legal_moves()) and len(session.moves) < 400:
        session = session.played(rng.choice(moves))
    return session


def shared(session: Session, day: datetime.date, par: Par | None) -> Shared:
    game = session.game
    return Shared(game.id, day, game.score(session.state), session.status() == "won",
                  entry(game.id).moves_made(session.moves), 61_000 * len(session.moves),
                  tuple(game.score(s) for s in session.states), par)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from([e.id for e in entries()]), days=st.integers(0, 4000), seed=st.integers(0, 2**32),
       with_par=st.booleans())
def test_the_message_of_a_finished_daily_game_says_it_all_and_spoils_nothing(
        game_id: str, days: int, seed: int, with_par: bool) -> None:
    day = datetime.date(2026, 1, 1) + datetime.timedelta(days=days)
    session = finished(game_id, day, random.Random(seed))
    known = entry(game_id)
    par = (Par(True) if known.can_win else Par(False, known.game.score(session.state) + 3)) if with_par else None
    facts = shared(session, day, par)
    for tag, _name in LANGUAGES:
        with speaking(tag):
            text = share_message(facts, BASE + "#g=old&s=1")
            title, amount = known.title, known.amount(facts.score)
            par_words = known.amount(par.score) if par is not None and par.score is not None else ""
        lines = text.splitlines()
        assert title in lines[0] and day.isoformat() in lines[0], (tag, text)
        assert facts.won or amount in lines[1], (tag, text)
        assert str(facts.moves) in lines[1], (tag, text)
        assert par is None or (par_words in lines[1] if par_words else len(lines[1]) > len(amount)), (tag, text)
        assert lines[2] == bar(facts.scores, known.lower_is_better) and set(lines[2]) <= set(BLOCKS)
        link = lines[-1]
        assert link.startswith(BASE + "#") and "old" not in link
        opened = Link.parse(link)
        assert (opened.game, opened.options, opened.seed, opened.moves, opened.packed) == \
            (game_id, "", daily_seed(game_id, day), (), "")  # the same deal, at move 0
        words = set(text.replace(",", " ").replace(".", " ").split())
        assert not words & {t for t in session.moves if any(c.isdigit() for c in t) and len(t) > 2}, (tag, text)
        assert "m=" not in link and "k=" not in link


@pytest.mark.parametrize("tag", [tag for tag, _name in LANGUAGES])
def test_the_par_is_said_in_each_language_and_a_win_in_its_own_words(tag: str) -> None:
    day = datetime.date(2026, 12, 5)
    with speaking(tag):
        gyre = share_message(Shared("gyre", day, 58, False, 74, 580_000, (), Par(False, 61)), BASE)
        won = share_message(Shared("gravity", day, 1, True, 40, 0, (), Par(True)), BASE)
        unknown = share_message(Shared("gyre", day, 58, False, 74, 580_000, (), None), BASE)
        sixty_one = entry("gyre").amount(61)
    assert sixty_one in gyre.splitlines()[1] and "61" not in unknown
    assert "。 " not in gyre  # Japanese puts one sentence after another with no space
    assert len(won.splitlines()) == 3 and "9:40" in gyre and "0:00" not in won  # no bar without scores; untimed
    if tag != "en":
        with speaking("en"):
            english = share_message(Shared("gyre", day, 58, False, 74, 580_000, (), Par(False, 61)), BASE)
        assert gyre.splitlines()[1] != english.splitlines()[1]  # translated
