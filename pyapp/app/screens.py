"""The screens as views: the start screen, a game, a replay over a game, and the
dialogs they open, built from plain values (the controller gathers them). Pure: the
same values give an equal :class:`~pyapp.ui.view.View`.

>>> from pyapp.stats.summary import DailyStatus
>>> daily_words(DailyStatus("gyre", "2025-01-01", "finished", 46)), daily_words(DailyStatus("gyre", "", "playing"))
('played: 46', 'in progress')
>>> from pyapp.games import get_game
>>> [f.name for f in new_game_dialog(get_game("gyre"), "jokers").fields], chosen_options(get_game("gyre"), {"jokers": "1"})
(['jokers', 'attrition', 'easy', 'seed', 'level'], ('jokers', None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Final, Literal

from ..core.clock import format_duration
from ..core.daily import Par
from ..core.game import AnyGame
from ..games import entry, moves_made
from ..ui.hand import Picking
from ..i18n import N_, _, capital, ngettext
from ..core.rng import parse_seed
from .session import Session
from ..core.settings import APP_SETTINGS, SOUND, Settings
from ..ui.speech import place
from ..stats.summary import DailyStatus
from ..core.table import BACK, Face, Table
from ..ui.view import Board, ButtonView, Dialog, Field, Notice, ReplayView, Tile, Timer, View

#: How long an armed Give up waits for its second press.
DISARM_SECONDS: Final = 4.0
#: How today's deal of a game stands, in words for its button on the start screen
#: (translated there, :func:`daily_words`).
DAILY_WORDS: Final = {
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "unplayed": N_("not played yet"),
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "playing": N_("in progress"),
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "won": N_("won"),
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "lost": N_("lost"),
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "resigned": N_("given up"),
    # Translators: how today's deal of a game stands, on its button on the start screen.
    "abandoned": N_("not finished")}
#: The end screen's title for a game that ended by itself, when the table names no result
#: (translated there, :func:`summary_dialog`).
RESULTS: Final = {"won": N_("You won!"), "lost": N_("No more moves"), "finished": N_("Game over")}


def daily_words(status: DailyStatus, par: Par | None = None) -> str:
    """How today's deal of a game stands, in words for its button; with its ``par`` (a game
    without a win: the exact best score, known in advance) once it was played to its end.

    >>> daily_words(DailyStatus("gyre", "2026-12-06", "finished", 46), Par(False, 58))
    'played: 46, par 58'
    """
    if status.state == "finished":
        if par is not None and par.score is not None:
            # Translators: today's deal of a game without a win (Gyre) was played to its end, with this
            # score; its par is the best score possible on it, proven by the solver in advance.
            return _("played: {score}, par {par}").format(score=status.score, par=par.score)
        # Translators: today's deal of a game without a win was played to its end, with this score.
        return _("played: {score}").format(score=status.score)
    return _(DAILY_WORDS[status.state])


def par_words(par: Par, score: int | None = None) -> str:
    """The end screen of a daily deal: its par, the best possible, known before it was played
    (``score``: the player's, in a game without a win).

    >>> par_words(Par(True)), par_words(Par(False, 58), 58)
    ("Today's par: a win (the solver has won this deal).", "Today's par: 58, the best score possible. You made par.")
    """
    if par.won or par.score is None:
        # Translators: the end screen of today's deal: its par (the best possible, known in advance) is a win.
        return _("Today's par: a win (the solver has won this deal).")
    # Translators: the end screen of today's deal of Gyre (played for points): its par, the best score
    # possible on it, proven by the solver before the day began.
    said = _("Today's par: {score}, the best score possible.").format(score=par.score)
    if score is not None and score >= par.score:
        # Translators: after "Today's par: 58, the best score possible." when the player scored it.
        said += " " + _("You made par.")
    return said


def tile(game: AnyGame, in_progress: bool, daily: DailyStatus | None, par: Par | None = None) -> Tile:
    """A start-screen tile and its daily button (``daily``: on the start screen only)."""
    return Tile(game.id, game.title, _("Game in progress: tap to resume") if in_progress else "",
                daily_words(daily, par) if daily else "", daily.state if daily else "")


@dataclass(frozen=True)
class Around:
    """What every screen shows around the board: the tiles, the notice, the dialog, the settings."""

    tiles: tuple[Tile, ...]
    notice: Notice | None
    dialog: Dialog | None
    settings: Settings
    menu_open: bool = False
    #: The game's own switches for the settings menu: (id, label).
    switches: tuple[tuple[str, str], ...] = ()

    def view(self, screen: Literal["start", "game"], timers: tuple[Timer, ...] = (), **fields: Any) -> View:
        """The view of ``screen`` with these around it, its ``timers`` after the notice's."""
        notice, settings, game = self.notice, self.settings, screen == "game"
        if notice is not None and notice.timeout:
            timers = (Timer("notice", notice.timeout, notice.serial), *timers)
        # the labels are marked where they are defined (the game's view, the app's settings)
        menu = tuple((sid, _(label), settings.on(sid)) for sid, label in (*self.switches, *APP_SETTINGS)) if game else ()
        return View(screen=screen, tiles=self.tiles, notice=notice, dialog=self.dialog, instant=settings.instant,
                    page_classes=settings.page_classes(), theme=settings.theme, language=settings.language, timers=timers, settings=menu,
                    menu_open=self.menu_open and game, sound=settings.on(SOUND), **fields)


#: A variant's short name in the game screen's heading (a flag not here: its own name),
#: translated there (:func:`heading`).
VARIANT_WORDS: Final = {
    # Translators: a variant's short name in Gyre's heading ("Gyre · jokers"): the two jokers are added.
    "jokers": N_("jokers"),
    # Translators: a variant's short name in Square's heading: card 1 starts in A1 and card 80 in F6.
    "ends": N_("1 and 80 placed"),
    # Translators: a variant's short name in Square's heading: the ends of the rows wrap to the next row.
    "wrap": N_("rows wrap"),
    # Translators: a variant's short name in the game's heading ("Gyre · jokers, Easier").
    "easy": N_("Easier"),
    # Translators: a variant's short name in the game's heading (Gyre's cards wear away).
    "attrition": N_("Attrition"),
    # Translators: a variant's short name in Gravity's heading; MOON is the name of one of the game's cards.
    "hidden": N_("hidden MOON"),
    # Translators: a variant's short name in Gravity's heading; MOON and PLANET are names of the game's cards.
    "nomoonplanet": N_("no MOON→PLANET"),
    # Translators: a variant's short name in Gravity's heading (some cards are left out of the deck).
    "missing": N_("missing cards")}


def heading(session: Session, daily: bool = False) -> str:
    """What is being played: the game, its variants and whether it is today's deal.

    >>> from pyapp.games import get_game
    >>> heading(Session.new(get_game("gyre"), 1, "jokers,easy"), daily=True)
    "Gyre · jokers, Easier · Today's deal"
    >>> heading(Session.new(get_game("gravity"), 1, "decks=2,hidden")), heading(Session.new(get_game("square"), 1))
    ('Gravity · 2 decks, hidden MOON', 'Solitaire Square')
    """
    words = []
    for part in filter(None, session.options_text.split(",")):
        name, _sep, value = part.partition("=")
        if name == "decks":
            words.append(ngettext("{n} deck", "{n} decks", int(value) if value.isdigit() else 2).format(n=value))
        else:
            words.append(_(VARIANT_WORDS[name]) if name in VARIANT_WORDS else name)
    return " · ".join([session.game.title] + ([", ".join(words)] if words else []) + ([_("Today's deal")] if daily else []))


def heading_help(session: Session) -> str:
    """What the heading's variants mean, in the words of the New deal dialog (the heading's
    tooltip): one line a variant; "" for the default rules.

    >>> from pyapp.games import get_game
    >>> print(heading_help(Session.new(get_game("square"), 1, "ends,wrap")))
    First game: card 1 starts in A1 and card 80 in F6
    Row ends wrap: the last cell of a row and the first of the next are neighbours
    >>> heading_help(Session.new(get_game("gravity"), 1, "decks=2")), heading_help(Session.new(get_game("gyre"), 1))
    ('', '')
    """
    specs = {spec.name: spec for spec in session.game.option_specs}
    names = [part.partition("=")[0] for part in filter(None, session.options_text.split(","))]
    # the options' help is marked where the game defines its options; the decks' is a field's label
    return "\n".join(_(specs[name].help) for name in names if name in specs and name != "decks")


def game_view(around: Around, session: Session, table: Table, board: Board, *, picking: Picking | None,
              hint_button: str, resign_armed: bool, armed: int, backup: bool, auto: bool, elapsed_ms: int,
              daily: bool = False) -> View:
    """The game screen: the table to play on, its buttons, tools and status line; its title
    names the game, its variants and today's deal (``daily``)."""
    buttons = [ButtonView(b.id, _("Cancel") if active else b.label, b.enabled, b.title, active,
                          bool(b.preview) and b.enabled and not active, b.id == hint_button)
               for b in table.buttons for active in [picking is not None and picking.button == b.id]]
    prompt = table.prompt
    if picking is not None:
        prompt = picking.pick.prompt
        if picking.pick.confirm:
            ready = picking.pick.token_for(picking.picked) is not None
            buttons += [ButtonView("pick-confirm", _("Confirm"), ready, _("Play with the picked cards")),
                        ButtonView("pick-cancel", _("Cancel"), True, _("Put the card back"))]
    elif resign_armed:
        prompt = _("Press Give up again to end this game with the score as it stands.")
    status, title = session.status(), session.game.title
    n = moves_made(session.game.id, session.moves)  # the player's moves (a Gravity collapse choice is not one)
    # Translators: the Give up button once pressed: a second press ends the game.
    sure = _("Sure?")
    resign_label = sure if resign_armed else _("Give up")
    tools = {"undo": session.can_undo or backup, "redo": session.can_redo,
             "restart": bool(session.moves) or session.resigned, "new": True, "resign": status == "playing",
             "copy": True, "help": True, "hint": status == "playing" and not session.resigned,
             "watch": bool(session.moves), "verdict": status == "playing" and not session.resigned}
    return around.view(
        screen="game", title=heading(session, daily), title_help=heading_help(session), board=board, prompt=prompt, score=table.score, info=table.info, tools=tools,
        resign_armed=resign_armed, resign_label=resign_label,
        buttons=tuple(buttons), address=session.link().fragment(), auto=auto, status=status,
        deal=" · ".join((deal_words(session.seed), ngettext("{n} move", "{n} moves", n).format(n=n))),
        timer=format_duration(elapsed_ms), board_label=table_words(title),
        timers=(Timer("disarm", DISARM_SECONDS, armed),) if resign_armed else ())


def deal_words(seed: int) -> str:
    """The status line's deal number.

    >>> deal_words(42)
    'Deal 42'
    """
    # Translators: the deal's number on the status line ("Deal 42 · 7 moves").
    return _("Deal {seed}").format(seed=seed)


def table_words(title: str) -> str:
    """The board's accessible name: the game's table ("Gyre table")."""
    # Translators: what a screen reader calls the board; {game} is the game's name.
    return _("{game} table").format(game=title)


def replay_screen(around: Around, session: Session, shown: Table, board: Board, bar: ReplayView, status: str,
                  ticket: int) -> View:
    """The game screen showing a replay: its position on a board nothing can be played on,
    the game's tools off, the replay bar instead of the buttons."""
    title = session.game.title
    tools = {"undo": False, "redo": False, "restart": False, "new": False, "resign": False, "copy": True,
             "help": True, "hint": False, "watch": False, "verdict": False}
    # Translators: the game's heading while a replay of it is watched ("Gyre · jokers: replay").
    replaying = _("{heading}: replay").format(heading=heading(session))
    # Translators: the prompt over a replay, before where it is ("Replay · Move 3 of 9: ...").
    prompt = " · ".join((_("Replay"), bar.where))
    return around.view(
        screen="game", title=replaying, board=board, prompt=prompt, score=shown.score,
        info=shown.info, tools=tools, address=session.link().fragment(), status=status,
        # Translators: the status line while a replay is watched ("Deal 42 · watching").
        deal=" · ".join((deal_words(session.seed), _("watching"))), replay=bar, board_label=table_words(title),
        timers=(Timer("replay", bar.interval_ms / 1000, ticket),) if bar.playing else ())


# -- dialogs -------------------------------------------------------------------------------


def new_game_dialog(game: AnyGame, options: str) -> Dialog:
    """The New deal dialog, its fields set to ``options``, and a field for the deal number."""
    current: dict[str, str] = {}
    for part in filter(None, options.split(",")):
        name, _sep, value = part.partition("=")
        current[name] = value if value else "1"
    # the options' help is marked where the game defines its options
    fields = [Field(spec.name, "flag", _(spec.help), current.get(spec.name, "")) if spec.kind == "flag" else
              Field(spec.name, "select", _(spec.help), current.get(spec.name, spec.default), spec.choices)
              if spec.choices else Field(spec.name, "text", _(spec.help), current.get(spec.name, ""))
              for spec in game.option_specs]
    fields.append(Field("seed", "text", _("Deal number (blank for a random deal)"), ""))
    if entry(game.id).can_win:
        fields.append(Field("winnable", "flag", _("Winnable deals only (the solver, which knows the order of "
                                                  "every card, checks each deal first)"), ""))
    elif levels := entry(game.id).levels:
        fields.append(Field("level", "select", _("Deals whose best score reaches at least (the solver checks)"), "",
                            ("", *map(str, levels))))
    # Translators: the New deal dialog's title; {game} is the game's name.
    return Dialog("newgame", _("New {game} deal").format(game=game.title), tuple(fields))


def chosen_options(game: AnyGame, values: dict[str, str]) -> tuple[str, int | None]:
    """The options and deal number the New deal dialog's ``values`` ask for (a flag is "1"
    when ticked, a blank deal number is a random deal); OrbitError saying what is wrong."""
    parts: list[str] = []
    for spec in game.option_specs:
        value = values.get(spec.name, "").strip()
        if spec.kind == "flag":
            parts += [spec.name] if value in ("1", "true", "on") else []
        elif value and value != spec.default:
            parts.append(f"{spec.name}={value}")
    seed_text = values.get("seed", "").strip()
    seed = parse_seed(seed_text) if seed_text else None
    return game.format_options(game.parse_options(",".join(parts))), seed


def summary_dialog(session: Session, table: Table, extras: tuple[tuple[str, ...], bool]) -> Dialog:
    """The end screen: the result said once (the title), the score reached (also after
    giving up), the table's details, and ``extras``: lines comparing it with the player's
    best and average, and whether Watch replay is offered."""
    title = _("You gave up") if session.resigned else table.result or _(RESULTS.get(session.status(), "Game over"))
    return Dialog("summary", title, lines=table.summary, big=table.score, compare=extras[0], replay=extras[1])


def peek_dialog(table: Table, pile_id: str | None, face: Callable[[str], Face]) -> Dialog | None:
    """Every card of a squared pile, bottom first; None for any other pile."""
    pile = next((p for p in table.piles if p.id == pile_id and p.peek), None)
    if pile is None:
        return None
    faces = tuple(face(c) for c in pile.cards[pile.down:] if c != BACK)
    n = len(pile.cards)
    # Translators: the title of the dialog that shows every card of a squared pile; {place} is the pile's place.
    title = ngettext("{place}: {n} card, bottom first", "{place}: {n} cards, bottom first", n)
    return Dialog("peek", capital(title.format(place=place(pile), n=n)), faces=faces)


# The rules panel's last section, shared by every game (marked here, translated where it is drawn).
SOLVER_HEADING: Final = N_("Hint and the solver")
SOLVER_WIN: Final = N_("The solver knows the order of every card, face down or not, as Show me and the end screen "
                       "say. Hint plays the next move of a line the solver has proved: followed from a position it "
                       "calls winnable, Hint wins. Where the solver has not searched the position yet, Hint asks it "
                       "first; where the search did not settle it, Hint falls back on a rule of thumb that looks only "
                       "at what you can see, and says so.")
SOLVER_POINTS: Final = N_("The solver knows the order of every card, face down or not, as Show me and the end screen "
                          "say. Hint plays the next move of a line the solver has proved: followed from a position "
                          "whose best score it has settled, Hint reaches that score. Where the solver has not "
                          "searched the position yet, Hint asks it first; where the search did not settle it, Hint "
                          "falls back on a rule of thumb that looks only at what you can see, and says so.")


def solver_help(can_win: bool) -> str:
    """The rules panel's section on Hint and the solver, in the language in use (``can_win``: the
    game has a win; else it is played for points).

    >>> solver_help(True).startswith("<h3>Hint and the solver</h3>"), "best score" in solver_help(False)
    (True, True)
    """
    return f"<h3>{_(SOLVER_HEADING)}</h3>\n<p>{_(SOLVER_WIN if can_win else SOLVER_POINTS)}</p>"


def keys_dialog(keys: tuple[tuple[str, str], ...], title: str = "", html: str = "") -> Dialog:
    """The rules panel (``html``) ending with the keys, or the Keys help alone (``title``: "Keys")."""
    # Translators: the title of the dialog listing the keyboard keys.
    return Dialog("rules", title or _("Keys"), html=html, keys=keys)


#: The games of each game that open with its tip (:func:`tip_lines`).
TIP_GAMES: Final = 3


def tip_lines(game_id: str, closed: frozenset[str], played: bool, noticed: bool,
              counted: Callable[[], int]) -> tuple[str, ...]:
    """The tip that opens a player's first deals of a game (:attr:`pyapp.games.GameEntry.tip`), in
    the language in use, before the first move of a player's first :data:`TIP_GAMES` games of it
    (``counted``: how many games of it the statistics hold, asked only before a deal's first move),
    then never again, nor once closed (``closed``: the games whose tip the player closed while the
    page is open, :attr:`pyapp.app.state.Ui.tips_closed`). ``played``: the deal has been moved in
    (a move on the table, or one undone or restarted away): it does not come back at move 0. A
    notice on the page (``noticed``: a verdict, a broken link, "Link copied") takes its place until
    it is dismissed (drawn over each other, neither could be read).

    >>> none = frozenset[str]()
    >>> len(tip_lines("gyre", none, False, False, lambda: 0)), tip_lines("gyre", none, True, False, lambda: 0)
    (3, ())
    >>> tip_lines("gyre", none, False, False, lambda: TIP_GAMES), tip_lines("gyre", none, False, True, lambda: 0)
    ((), ())
    >>> tip_lines("gyre", frozenset({"gyre"}), False, False, lambda: 0)
    ()
    """
    if played or noticed or game_id in closed or counted() >= TIP_GAMES:
        return ()
    return tuple(_(line) for line in entry(game_id).tip)
