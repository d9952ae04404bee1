"""A game played for points (its registry entry has no win: Gyre) never speaks of winning, in any
language: its solver's button, tooltip, menu entry, key help and verdicts speak of the best score
still possible, an unsettled verdict is a range ("The best possible: 56 to 61."), never "Not sure",
and a settled one the best itself ("The best possible: 58.").

The words checked are not a list kept by hand: they are every message the app looks up while a
game without a win is played through in CPython (the board and its tip, the menu and its
settings, the rules and the keys, Hint, the solver asked and kept shown under the board, Keep
looking, a deal hunt, Give up and the end screen, a replay, the statistics), recorded as the
page's painter draws each view, and every verdict shape the solver can give such a game
(:func:`pyapp.solve.verdicts.verdict_words`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pyapp import i18n
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.games import GameEntry, entries
from pyapp.solve import Verdict, problem_for
from pyapp.solve.verdicts import Finding, verdict_words
from pyapp.ui.chrome import POINTS_SETTINGS, POINTS_TOOLS, for_points
from pyapp.ui.markup import page_writes, replay_html
from pyapp.ui.paint import Painter

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pyapp" / "locale"

#: Each catalogue's words for winning (English: the messages themselves), as word beginnings.
WIN_WORDS: dict[str, re.Pattern[str]] = {
    "en": re.compile(r"\b(win|wins|winning|winnable|won)\b(?!')", re.IGNORECASE),
    "de": re.compile(r"gewinn|gewonn|gewänn", re.IGNORECASE),
    "fr": re.compile(r"gagn", re.IGNORECASE),
    "es": re.compile(r"\bgan[aáeéoó]", re.IGNORECASE),
    "pt_BR": re.compile(r"\b(venc|ganh)", re.IGNORECASE),
    "ja": re.compile("勝"),
}

#: A message as looked up: (context, message, plural); None where it has none.
Key = tuple[str | None, str, str | None]


class Recorder:
    """A catalogue that answers in English, each message behind a mark of its own (two invisible
    separators around its number), so that what reaches the page tells which messages it shows."""

    MARK = "\u2063"
    FOUND = re.compile(MARK + r"(\d+)" + MARK)

    def __init__(self) -> None:
        self.keys: list[Key] = []
        self._numbers: dict[Key, int] = {}
        #: The messages seen on the page.
        self.seen: set[Key] = set()

    def _mark(self, key: Key, text: str) -> str:
        if key not in self._numbers:
            self._numbers[key] = len(self.keys)
            self.keys.append(key)
        return f"{self.MARK}{self._numbers[key]}{self.MARK}{text}"

    def gettext(self, message: str, /) -> str:
        return self._mark((None, message, None), message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self._mark((None, singular, plural), singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return self._mark((context, message, None), message)

    def saw(self, shown: object) -> None:
        """The messages in ``shown`` (what the painter writes: strings, in tuples, lists and dicts)."""
        if isinstance(shown, str):
            self.seen.update(self.keys[int(n)] for n in self.FOUND.findall(shown))
        elif isinstance(shown, (tuple, list)):
            for part in shown:
                self.saw(part)
        elif isinstance(shown, dict):
            for part in shown.items():
                self.saw(part)


def no_win_entries() -> list[GameEntry]:
    found = [e for e in entries() if not e.can_win]
    assert found, "no game without a win is registered: nothing to check"
    return found


def shapes(game: GameEntry) -> list[Verdict]:
    """Every shape of verdict the solver gives a game without a win."""
    return [Verdict("best", 58, ("x",), True, 900), Verdict("best", 56, ("x",), False, 10_000, 61),
            Verdict("best", 56, ("x",), False, 10_000, 56), Verdict("best", 56, ("x",), False, 10_000),
            Verdict("best", None, (), False, 3, 61), Verdict("best", None, (), False, 3),
            Verdict("best", None, (), False, 1)]


class Player:
    """A controller on a game, every view drawn by the page's painter (so every word it shows
    is looked up) and every announcement taken."""

    def __init__(self, fragment: str, recorder: Recorder | None = None) -> None:
        self.recorder = recorder
        self.c = Controller(MemoryStorage(), reduced_motion=True)
        self.painter = Painter()
        self.c.start(fragment)
        self.look()

    def look(self) -> None:
        view, effects = self.c.view(), self.c.effects()
        shown: list[object] = [self.painter.page(view, effects), self.painter.dialogs(view.dialog),
                               self.painter.actions(view, True)]
        if view.board is not None:
            shown.append(self.painter.board(view.board, 10.0))
        if view.replay is not None:
            shown.append(replay_html(view.replay))
        if self.recorder is not None:
            self.recorder.saw(shown)

    def fire(self, name: str, most: int = 10_000) -> int:
        """Fire the view's ``name`` timer until it is gone (at most ``most`` times), looking each time."""
        fired = 0
        while fired < most and (ticket := next((t.ticket for t in self.c.view().timers if t.name == name), None)) is not None:
            self.c.fire(name, ticket)
            self.look()
            fired += 1
        return fired


def play_through(game: GameEntry, recorder: Recorder) -> None:
    """A game of ``game`` played through as a player would, every screen of it drawn."""
    p = Player(f"#g={game.id}&s=5", recorder)
    c = p.c
    c.toggle_menu(); p.look()
    c.toggle_menu(); p.look()
    for opening in (c.dialogs.rules, c.dialogs.keys, c.dialogs.new_game):
        opening(); p.look()
        c.close_dialog(); p.look()
    c.hint(); p.look()
    # the solver asked: heard, then its notice and how it goes, stopped
    c.asking.ask(); p.look()
    p.fire("solve", most=60)
    c.notice_action(); p.look()
    session = c.session
    assert session is not None
    # its verdicts, as kept: unsettled (with Keep looking), then settled, and what a move cost
    budget = problem_for(game.id, session.state).budget
    line = tuple(session.legal_moves()[:1])
    c.can_win.verdicts.remember(game.id, session.state, Verdict("best", 10, line, False, budget, 20))
    c.asking.ask(); p.look()
    c.can_win.verdicts.remember(game.id, session.state, Verdict("best", 12, line, True, budget))
    c.asking.ask(); p.look()
    c.play(line[0]); p.look()
    after = c.session
    assert after is not None
    c.can_win.verdicts.remember(game.id, after.state, Verdict("best", 11, tuple(after.legal_moves()[:1]), True, 9))
    c.asking.ask(); p.look()
    # kept shown under the board
    c.change("set-verdict", "", True); p.look()
    p.fire("verdict", most=1)
    c.play(after.legal_moves()[0]); p.look()
    p.fire("verdict", most=1)
    p.fire("solve", most=30)
    c.undo(); p.look()
    c.redo(); p.look()
    # a deal hunt for a deal whose best reaches the lowest level, a few deals tried
    c.dialogs.new_game(); p.look()
    if game.levels:
        c.dialogs.submit_new({"level": str(game.levels[0])}); p.look()
        p.fire("hunt", most=400)
        c.hunter.stop(); p.look()
    c.close_dialog(); p.look()
    # the end: Give up (the deal's best known), the end screen, its replay, the statistics
    session = c.session
    assert session is not None
    c.can_win.verdicts.remember(game.id, session.states[0], Verdict("best", 40, tuple(session.legal_moves()[:1]), True, 9))
    c.resign(); p.look()
    c.resign(); p.look()
    p.fire("solve", most=30)
    c.summary_action("replay"); p.look()
    c.replay_control("forward"); p.look()
    c.replay_control("close"); p.look()
    c.dialogs.stats(); p.look()
    c.close_dialog(); p.look()
    # and every verdict the solver can give it, in words
    recorder.saw([verdict_words(game, Finding(verdict, 3)) for verdict in shapes(game)])


@pytest.fixture(scope="module")
def shown() -> Iterator[set[Key]]:
    """Every message looked up while each game without a win is played through."""
    recorder = Recorder()
    saved = i18n._in_use
    i18n._in_use = recorder
    try:
        for game in no_win_entries():
            play_through(game, recorder)
    finally:
        i18n._in_use = saved
    yield recorder.seen


def translations(locale: str, key: Key) -> list[str]:
    """The strings ``key`` reads as in ``locale`` (the English message itself in "en")."""
    context, message, plural = key
    if locale == "en":
        return [message] + ([plural] if plural else [])
    found = catalogue_of(locale).get(message, context=context)
    if found is None or found.fuzzy:
        return []  # not translated yet: the page says the English (checked as "en"; test_catalogues.py reports it)
    strings = [found.string] if isinstance(found.string, str) else [str(t) for t in found.string or ()]
    return [t for t in strings if t]


_CATALOGUES: dict[str, Catalog] = {}


def catalogue_of(locale: str) -> Catalog:
    """The catalogue of ``locale`` (its .po file, read once)."""
    if locale not in _CATALOGUES:
        with (LOCALE / locale / "LC_MESSAGES" / "orbit.po").open("rb") as f:
            _CATALOGUES[locale] = read_po(f, locale=locale)
    return _CATALOGUES[locale]


def test_the_words_recorded_are_the_whole_flow(shown: set[Key]) -> None:
    """The recording saw the solver's words for a game without a win (the button, its tooltip,
    the setting, the key help's neighbours, the verdicts), so a check on it checks them."""
    messages = {message for _context, message, _plural in shown}
    for label, tip in POINTS_TOOLS.values():
        assert {label, tip} <= messages
    assert set(POINTS_SETTINGS.values()) <= messages
    assert {"The best possible: {best}.", "The best possible: {low} to {high}.", "Keep looking", "Show me",
            "Hint"} <= messages, sorted(messages)
    assert len(messages) > 150


@pytest.mark.parametrize("locale", sorted(WIN_WORDS))
def test_no_word_shown_in_a_game_without_a_win_speaks_of_winning(shown: set[Key], locale: str) -> None:
    """In every catalogue, every message a game without a win shows translates without the
    catalogue's own words for winning."""
    words = WIN_WORDS[locale]
    bad = [(key[1], text) for key in sorted(shown, key=str) for text in translations(locale, key)
           if words.search(text)]
    assert not bad, f"{locale}: " + "\n".join(f"{message!r} -> {text!r}" for message, text in bad)


def test_the_solvers_tools_speak_of_the_best_score_only_in_a_game_without_a_win() -> None:
    """The button, its tooltip and the setting follow the registry entry of the game on the
    table (never a game's id written in): a game with a win keeps asking whether it can be won."""
    for e in entries():
        p = Player(f"#g={e.id}&s=5")
        writes = {(s, w): v for s, w, v in page_writes(p.c.view())}
        assert for_points(p.c.view().address) is (not e.can_win)
        label = writes[("#verdict .lbl", "text")]
        assert label == ("Can I win?" if e.can_win else "Best score?"), (e.id, label)
        assert writes[("#verdict", "attr:aria-label")] == label
        tip = writes[("#verdict", "attr:title")]
        assert ("win" in tip) is e.can_win and ("best score" in tip) is (not e.can_win), tip
        assert ("whether I can still win" in writes[("#settings", "html")]) is e.can_win
    home = Controller(MemoryStorage())
    home.start("")
    assert not for_points(home.view().address)


def test_every_verdict_of_a_game_without_a_win_is_the_best_or_a_range() -> None:
    for game in no_win_entries():
        def said(v: Verdict) -> str:
            return verdict_words(game, Finding(v, 3))

        assert said(Verdict("best", 58, ("x",), True, 900)) == "The best possible: 58."
        assert said(Verdict("best", 56, ("x",), False, 10_000, 61)) == "The best possible: 56 to 61."
        for v in shapes(game):
            assert not said(v).startswith("Not sure") and said(v).startswith("The best possible")


def test_games_with_a_win_keep_their_words() -> None:
    e = next(e for e in entries() if e.can_win)
    assert verdict_words(e, Finding(Verdict("best", 30, ("x",), False, 200_000), 0)).startswith("Not sure: after 200,000")
    assert verdict_words(e, Finding(Verdict("won", 1, ("x",), True, 9), 0)) == "Winnable from here."


def test_gyres_unsettled_verdict_is_a_range_and_keep_looking_settles_it_to_the_best(monkeypatch: Any) -> None:
    """In the app, as the player asks: a search its budget cut short says the range it proved,
    from its best line to what no line can beat; Keep looking settles it, and the verdict is the
    best itself (the page's budgets scaled down, as tests/test_verdicts.py does)."""
    from pyapp.games.gyre.solver import GyreProblem

    monkeypatch.setattr(GyreProblem, "budget", 1_000)
    monkeypatch.setattr(GyreProblem, "ceiling_positions", 4_800)
    p = Player("#g=gyre&s=2")
    c = p.c
    for _unused in range(10):  # a position that 1,000 nodes leave undetermined and 4,000 settle
        assert c.session is not None
        c.play(c.session.legal_moves()[0])
    c.asking.ask()
    p.fire("solve")
    assert c.session is not None
    first = c.can_win.verdicts.known_for("gyre", c.session.state)
    assert first is not None and not first.exact and first.score is not None and first.upper is not None
    assert first.score < first.upper
    assert c.notice is not None and c.notice.text == f"The best possible: {first.score} to {first.upper}."
    assert (c.notice.action, c.notice.more) == ("Show me", "Keep looking")
    c.notice_action(more=True)
    p.fire("solve")
    settled = c.can_win.verdicts.known_for("gyre", c.session.state)
    assert settled is not None and settled.exact and settled.score is not None
    assert first.score <= settled.score <= first.upper
    assert c.notice is not None and c.notice.text == f"The best possible: {settled.score}." and c.notice.more == ""
    # kept shown under the board, the same words
    c.change("set-verdict", "", True)
    assert c.view().verdict == f"Solver: The best possible: {settled.score}."
