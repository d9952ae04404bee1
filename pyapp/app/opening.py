"""What a game opens on: a share link, a start-screen tile, today's deal or the game
last played, decided over the player's saves (:mod:`pyapp.app.saves`). Each decision is
an :class:`Opened`: the session to put on the table (in which slot, with which timer)
and what to tell the player; the controller puts it there.

A save that cannot be read is set aside (never lost) and said; a link that cannot be
read keeps what the player had; a link to another deal of a game in progress keeps
that game as the previous one, with a way back.

>>> from pyapp.core.storage import MemoryStorage
>>> opener = Opener(Saves(MemoryStorage()))
>>> o = opener.link("#g=gyre&s=42", datetime.date(2025, 1, 1), None)
>>> o.session.seed, o.day, o.said
(42, None, '')
>>> bad = opener.link("#g=gyre&s=nope", datetime.date(2025, 1, 1), o.session)
>>> bad.session is None, bad.error, bad.said.startswith("That link could not be opened")
(True, True, True)
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass

from ..core.clock import GameClock
from ..core.daily import daily_date, daily_link
from ..core.errors import OrbitError
from ..games import all_games, get_game, get_view
from ..i18n import _
from ..core.links import Link
from .saves import Saves, Unreadable, save_text
from .session import Session


@dataclass(frozen=True)
class Opened:
    """A session to put on the table (None: the table stays as it is), in the daily slot of
    ``day`` or the ordinary one, with its timer (None: a new one), and what to say."""

    session: Session | None = None
    day: datetime.date | None = None
    clock: GameClock | None = None
    said: str = ""
    error: bool = False
    #: The notice offers to go back to the game that was kept aside.
    back: bool = False


class Opener:
    def __init__(self, saves: Saves) -> None:
        self.saves = saves

    def resume(self, game_id: str, daily: bool = False) -> Opened | None:
        """The game saved in a slot (``daily``: its daily deal's), or None when nothing is saved
        there. A save that cannot be read is set aside and said; an ordinary one is replaced by
        a new deal, a daily one opens nothing."""
        saved = self.saves.load(game_id, daily)
        if isinstance(saved, Unreadable):
            if daily:
                # Translators: {reason} says what is wrong with the save; {kept_as} where it was put aside.
                said = _("Your saved daily deal could not be read ({reason}). It was set aside ({kept_as}).")
                return Opened(said=said.format(reason=saved.reason, kept_as=saved.kept_as), error=True)
            # Translators: {game} is the game's name; {reason} says what is wrong with the save; {kept_as} where it was put aside.
            said = _("Your saved {game} game could not be read ({reason}). It was set aside ({kept_as}) "
                     "and a new deal started.")
            return Opened(self.fresh(game_id, "", None), said=said.format(
                game=get_game(game_id).title, reason=saved.reason, kept_as=saved.kept_as), error=True)
        return None if saved is None else Opened(saved.session, saved.day if daily else None, saved.clock)

    def fresh(self, game_id: str, options: str, seed: int | None) -> Session:
        """A new deal of ``game_id`` (a random one when ``seed`` is None); its options are kept for the next."""
        game = get_game(game_id)
        session = Session(game, secrets.randbelow(10**9) if seed is None else seed, game.parse_options(options))
        self.saves.set_options(game_id, session.options_text)
        return session

    def last(self) -> list[Opened]:
        """At start-up without a link: the game last played, resumed from its slot (the daily one
        first, if it was today's deal); empty when there is none (the start screen)."""
        current = self.saves.current()
        if current is None or current[0] not in (g.id for g in all_games()):
            return []
        daily = self.resume(current[0], daily=True) if current[1] else None
        ordinary = self.resume(current[0]) if daily is None or daily.session is None else None
        return [o for o in (daily, ordinary) if o is not None]

    def tile(self, game_id: str) -> Opened:
        """A start-screen tile: resume that game's save, or deal a new one (a player's very first
        game of it with the view's first options: Square's ``ends``)."""
        get_game(game_id)
        resumed = self.resume(game_id)
        if resumed is not None:
            return resumed
        stored = self.saves.options(game_id)
        options = get_view(game_id).first_options if stored is None else stored
        try:
            get_game(game_id).parse_options(options)
        except OrbitError:
            options = ""
        session = self.fresh(game_id, options, None)
        if stored is None:  # the first-game start is for the first game only
            self.saves.set_options(game_id, "")
        return Opened(session)

    def daily_day(self, session: Session, today: datetime.date) -> datetime.date | None:
        """The day whose daily deal ``session`` is (today's, or yesterday's begun before
        midnight UTC), or None for any other deal."""
        return daily_date(session.game.id, session.options_text, session.seed, today)

    def link(self, fragment: str, today: datetime.date, playing: Session | None) -> Opened:
        """A share link (``playing``: the game on the table, if any). A link that cannot be read
        keeps what the player had (or, with nothing on the table, its game's save or a new deal)."""
        try:
            session = Session.from_link(Link.parse(fragment), lenient=True)
        except OrbitError as exc:
            # Translators: {problem} says what is wrong with the link.
            said = _("That link could not be opened: {problem}. Your game is as it was.").format(problem=exc)
            if playing is not None:
                return Opened(said=said, error=True)
            known = [g.id for g in all_games()]
            game_id = next((p[2:] for p in fragment.lstrip("#").split("&") if p.startswith("g=")), "")
            if game_id not in known:
                current = self.saves.current()
                game_id = current[0] if current is not None and current[0] in known else known[0]
            resumed = self.resume(game_id)
            if resumed is not None and resumed.session is not None and not resumed.error:
                return Opened(resumed.session, clock=resumed.clock, said=said, error=True)
            # (no game saved, or one that could not be read and was replaced: a new deal either way)
            fresh = resumed.session if resumed is not None and resumed.session else self.fresh(game_id, "", None)
            # Translators: {problem} says what is wrong with the link; {game} is the game's name.
            said = _("That link could not be opened: {problem}. Here is a new deal of {game}.").format(
                problem=exc, game=fresh.game.title)
            return Opened(fresh, said=" ".join((said, resumed.said)) if resumed is not None else said, error=True)
        day = self.daily_day(session, today)
        # The page opened on its own game's link (a reload): this tab's own record of it, else the
        # slot's, also keeps the redo moves and the time played. This tab's first: the slot may
        # hold the same game as another tab saved it, with that tab's time.
        for saved in (self.saves.own(session.game.id, day is not None), self.saves.read(session.game.id, day is not None)):
            if saved is not None and not session.replay_error and saved.day == day \
                    and saved.session.link() == session.link():
                return Opened(saved.session, day, saved.clock)
        return self.played_on(session, day, "")

    def played_on(self, session: Session, day: datetime.date | None, said: str) -> Opened:
        """``session`` (opened by a link, or played on from a replay) on the table: the player's
        unfinished game of another deal is kept aside, with a way back (a daily deal has its own slot)."""
        kept = day is None and self.saves.keep_other_deal(session)
        if session.replay_error:
            # Translators: {problem} says which move of the link is wrong.
            opened = _("The link was opened up to the move before the problem: {problem}.")
            return Opened(session, day, said=opened.format(problem=session.replay_problem or session.replay_error),
                          error=True)
        if kept and said:
            said = " ".join((said, _("Your game in progress was kept.")))
        elif kept:
            # Translators: {game} is the game's name.
            said = _("Opened the linked {game} deal. Your game in progress was kept.").format(game=session.game.title)
        return Opened(session, day, said=said, back=kept)

    def daily(self, game_id: str, today: datetime.date) -> list[Opened]:
        """Today's deal of ``game_id``, in its own slot apart from the ordinary game: resumed if
        that slot holds today's deal, else dealt (an unreadable slot is set aside and said)."""
        try:
            get_game(game_id)
        except OrbitError as exc:
            return [Opened(said=str(exc), error=True)]
        saved = self.saves.read(game_id, daily=True)
        aside = self.resume(game_id, daily=True) if saved is None and self.saves.raw(game_id, daily=True) else None
        if saved is not None and saved.day == today:
            return [Opened(saved.session, today, saved.clock)]
        return [o for o in (aside, Opened(Session.from_link(daily_link(game_id, today)), today)) if o is not None]

    def next_options(self, session: Session) -> str:
        """The options of the player's next deal of ``session``'s game: the last chosen (after
        a first-game start, the plain game), else those of ``session``."""
        stored = self.saves.options(session.game.id)
        try:
            if stored is not None:
                return str(session.game.format_options(session.game.parse_options(stored)))
        except OrbitError:
            pass
        return session.options_text

    def replaced(self, session: Session, day: datetime.date | None,
                 elapsed_ms: int) -> tuple[Session | None, int, str | None]:
        """What a new deal of ``session``'s game replaces: the game (today's deal keeps its own
        slot, so then the ordinary game saved apart), the time played on it, and its save for
        Undo to bring back (None unless it was in progress)."""
        if day is None:
            playing = bool(session.moves) and session.status() == "playing"
            return session, elapsed_ms, save_text(session, None, elapsed_ms) if playing else None
        ordinary = self.saves.read(session.game.id)
        if ordinary is None:
            return None, 0, None
        playing = bool(ordinary.session.moves) and ordinary.session.status() == "playing"
        return ordinary.session, ordinary.clock.elapsed_ms, self.saves.raw(session.game.id) if playing else None
