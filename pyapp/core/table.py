"""What a game table looks like and which gestures play which moves.

This is the contract between a game's pure-Python view (``pyapp/games/<game>/table.py``,
a :class:`GameView`) and the app controller (:mod:`pyapp.app.controller`), which
the one DOM binding module draws. A view turns a state into a :class:`Table`:
piles placed in card units (a card is 1 wide and 1.4 high), the gestures that
play each legal move, buttons, and the texts around the board. It also names
and draws the game's cards (:class:`Face`). Nothing here knows the DOM.

Gestures (the controller applies them in this order):

* dragging the card ``source`` and dropping it on pile ``target`` plays the
  gesture; while dragging, every target of that source lights up and shows the
  gesture's ``note`` (Square's cost); a drop on a pile that ``refusals`` names
  for that source says why it is refused;
* tapping a source card selects it (its targets light up); tapping one of
  those targets then plays;
* tapping a source card whose gestures include one with ``tap=True`` plays
  that gesture at once;
* with nothing selected, tapping an *empty* pile that is the ``target`` of
  exactly one gesture plays it (Gyre's revealed card into an empty slot), unless
  the table turns ``tap_empty_targets`` off; a tap on a card that is only the
  target of a move plays nothing; with a card selected, a tap on a pile that
  refuses it says why;
* a :class:`Button` with a ``token`` plays it (again and again, with pauses,
  when it repeats); one with a ``pick`` asks the player to pick cards first.

A gesture or button with a :class:`Pick` plays only after the player picks
``count`` of the pick's cards (and confirms, when ``confirm`` is set): the
picked set names the token (Square's discards, Attrition's hand card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, Final, Generic, Protocol, TypeVar

from .game import AnyGame, Game, Status
from ..i18n import _, pgettext

CARD_W = 1.0
CARD_H = 1.4
#: Code shown for a card whose identity the view does not show (Gyre's deck).
BACK = "??"

#: (pile id, index of the card in that pile, bottom first)
Place = tuple[str, int]


@dataclass(frozen=True)
class Pile:
    id: str
    x: float
    y: float
    #: Card codes, bottom first; :data:`BACK` for a card the view does not name.
    cards: tuple[str, ...] = ()
    #: Offset of each card from the one below it, in card units.
    dx: float = 0.0
    dy: float = 0.0
    label: str = ""
    badge: str = ""
    #: CSS classes for the pile's place: "slot", "planet", "arm", "hole"...
    marks: tuple[str, ...] = ()
    #: A direction ("up", "down", "left", "right") for an arrow drawn on the pile.
    arrow: str = ""
    #: Size of the pile's outline in card units (default: one card).
    w: float = CARD_W
    h: float = CARD_H
    #: How many cards, from the bottom, lie face down (drawn as backs, named nowhere).
    down: int = 0
    #: The player may open the pile to see every card (squared piles).
    peek: bool = False
    #: A short text drawn on the empty place (Square's cost, a cell's reason).
    note: str = ""
    #: What a screen reader says for the pile ("cell C3, empty"); the part before
    #: the first comma names the place in announcements ("Seven of hearts to cell C3").
    name: str = ""
    #: A key that acts on this pile as Enter on it would (Zodiac's stock: "s").
    key: str = ""


@dataclass(frozen=True)
class Decor:
    """A drawing on the table that is not a place for cards (Gyre's ring)."""

    kind: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Pick:
    """A move that needs cards picked first: ``options`` maps each pickable set
    (sorted places) to the token it plays."""

    prompt: str
    count: int
    options: tuple[tuple[tuple[Place, ...], str], ...]
    #: Ask for a Confirm press once ``count`` cards are picked.
    confirm: bool = True

    @property
    def places(self) -> tuple[Place, ...]:
        """Every card that can be picked, in order."""
        seen: list[Place] = []
        for cards, _token in self.options:
            for place in cards:
                if place not in seen:
                    seen.append(place)
        return tuple(sorted(seen))

    def token_for(self, picked: tuple[Place, ...] | list[Place] | set[Place]) -> str | None:
        key = tuple(sorted(picked))
        for cards, token in self.options:
            if cards == key:
                return token
        return None


@dataclass(frozen=True)
class Gesture:
    token: str
    #: (pile id, index of the card in that pile) that is dragged or tapped.
    source: Place | None
    target: str | None
    tap: bool = False
    #: Shown on the target while the source is held ("cost 2").
    note: str = ""
    #: Cards to pick before the move is played (``token`` is then unused).
    pick: Pick | None = None


@dataclass(frozen=True)
class Button:
    id: str
    label: str
    token: str | None = None
    pick: Pick | None = None
    #: Why the button is disabled, or what it does.
    title: str = ""
    #: Pressing it keeps playing the button's token, one move at a time with a
    #: pause between, until the button has none or the player does anything
    #: (Zodiac's Auto-finish).
    repeat: bool = False
    #: Cards that pressing the button would take away (Gyre's Rotate discards a ring
    #: card): they light up while the button is hovered, focused or pressed.
    preview: tuple[Place, ...] = ()
    #: The keyboard shortcut that presses it ("r" for Rotate), listed in the Keys help.
    key: str = ""

    @property
    def enabled(self) -> bool:
        return self.token is not None or self.pick is not None


@dataclass(frozen=True)
class Refusal:
    """Why ``source`` may not go to ``target`` (said on a refused drop and on hover)."""

    source: Place
    target: str
    reason: str


@dataclass(frozen=True)
class Table:
    width: float
    height: float
    piles: tuple[Pile, ...]
    gestures: tuple[Gesture, ...] = ()
    buttons: tuple[Button, ...] = ()
    #: One line telling the player what to do now.
    prompt: str = ""
    score: str = ""
    status: Status = "playing"
    #: Lines for the end-of-game summary (empty while playing).
    summary: tuple[str, ...] = field(default=())
    decor: tuple[Decor, ...] = field(default=())
    refusals: tuple[Refusal, ...] = field(default=())
    #: A second status line (phase, counts), shown beside the score.
    info: str = ""
    #: With nothing selected, a tap on an empty pile that one gesture aims at plays
    #: it (Gyre's revealed card). Off where many cards compete for a place (Square).
    tap_empty_targets: bool = True
    #: What a press on a card with no move says (a game may say more than the default).
    stuck: str = field(default_factory=lambda: _("No move for this card"))
    #: The end screen's title, saying the result once ("You won!"); "" for the default.
    result: str = ""
    #: The stage of the game in words ("Phase 2: build the foundations"); a change is announced.
    phase: str = ""

    def pile(self, pile_id: str) -> Pile:
        for p in self.piles:
            if p.id == pile_id:
                return p
        raise KeyError(pile_id)

    def targets(self, source: Place) -> dict[str, str]:
        """Target pile -> token, for the gestures from ``source``."""
        return {t: g.token for t, g in self.moves_from(source).items()}

    def moves_from(self, source: Place) -> dict[str, Gesture]:
        """Target pile -> gesture, for the gestures from ``source``."""
        return {g.target: g for g in self.gestures if g.source == source and g.target is not None}

    def sources(self) -> list[Place]:
        seen: list[Place] = []
        for g in self.gestures:
            if g.source is not None and g.source not in seen:
                seen.append(g.source)
        return seen

    def refusal(self, source: Place, target: str) -> str:
        for r in self.refusals:
            if r.source == source and r.target == target:
                return r.reason
        return ""


@dataclass(frozen=True)
class Face:
    """How one card looks and is spoken: drawn by the binding, named by the view."""

    #: The corner text, lines separated by newlines ("10\\n♠").
    corner: str
    #: The large symbol or number in the middle.
    pip: str
    #: Extra CSS classes ("red", "joker", "number").
    classes: tuple[str, ...] = ()
    #: Spoken name ("ten of spades").
    name: str = ""
    #: A background hue in degrees (Square's gradient), or None for plain cards.
    hue: float | None = None


_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Each name is looked up when a card is named (the language may change while playing).
_SUIT_NAME: Final[dict[str, Callable[[], str]]] = {
    # Translators: a suit in a card's name ("ten of hearts", see "{rank} of {suit}")
    "S": lambda: pgettext("card name", "spades"),
    "H": lambda: pgettext("card name", "hearts"),
    "D": lambda: pgettext("card name", "diamonds"),
    "C": lambda: pgettext("card name", "clubs"),
}
_RANK_NAME: Final[dict[str, Callable[[], str]]] = {
    # Translators: a rank in a card's name ("ace of spades", see "{rank} of {suit}")
    "A": lambda: pgettext("card name", "ace"),
    "2": lambda: pgettext("card name", "two"),
    "3": lambda: pgettext("card name", "three"),
    "4": lambda: pgettext("card name", "four"),
    "5": lambda: pgettext("card name", "five"),
    "6": lambda: pgettext("card name", "six"),
    "7": lambda: pgettext("card name", "seven"),
    "8": lambda: pgettext("card name", "eight"),
    "9": lambda: pgettext("card name", "nine"),
    "T": lambda: pgettext("card name", "ten"),
    "J": lambda: pgettext("card name", "jack"),
    "Q": lambda: pgettext("card name", "queen"),
    "K": lambda: pgettext("card name", "king"),
}


def card_words(rank: str, suit: str) -> str:
    """The spoken name of a standard card, by its rank and suit letters (``T``, ``H``), in
    the language in use: the rank and the suit as the language orders them.

    >>> card_words("T", "H"), card_words("A", "S")
    ('ten of hearts', 'ace of spades')
    """
    # Translators: a card's spoken name, "ten of hearts" (German "Herz-Zehn", Japanese
    # "ハートの10"): {rank} and {suit} are the names above, put in the language's order
    return _("{rank} of {suit}").format(rank=_RANK_NAME[rank](), suit=_SUIT_NAME[suit]())


def standard_face(code: str) -> Face:
    """The face of a standard card or joker code.

    >>> standard_face("TH")
    Face(corner='10\\n♥', pip='♥', classes=('red',), name='ten of hearts', hue=None)
    >>> standard_face("XB").name
    'black joker'
    """
    rank, suit = code[:1], code[1:2]
    if rank == "X":
        red = suit == "R"
        return Face("J\nO\nK", "★", ("joker", "red") if red else ("joker",), _("red joker") if red else _("black joker"))
    if suit not in _SUIT_SYMBOL or rank not in _RANK_NAME:
        return Face(code, "", (), code)
    symbol = _SUIT_SYMBOL[suit]
    return Face(
        f"{'10' if rank == 'T' else rank}\n{symbol}",
        symbol,
        ("red",) if suit in "HD" else (),
        card_words(rank, suit),
    )


S = TypeVar("S")
O = TypeVar("O")
S_contra = TypeVar("S_contra", contravariant=True)


def plays_nothing(state: object, settings: frozenset[str]) -> str | None:
    """The ``auto_token`` of a game that plays no move by itself."""
    return None


class TableOf(Protocol[S_contra]):
    """A view module's ``table`` function for its game's states (see :meth:`GameView.table`)."""

    def __call__(self, state: S_contra, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table: ...


#: One block of a rules panel (:func:`rules_html`): ``("h3", heading)``, ``("p", paragraph)`` or
#: ``("ul", (item, ...))``; each text is one message marked with ``N_``, translated when drawn.
RulesBlock = tuple[str, str | tuple[str, ...]]


def rules_html(blocks: Sequence[RulesBlock], title: str = "", english: bool = False) -> str:
    """A rules panel in the language in use (or in English: ``english``), an HTML fragment:
    the game's name as its heading (``title``, never translated: a name), then ``blocks``.
    The tags stay outside the messages, so each message is one heading, paragraph or item.

    >>> rules_html((("h3", "The end"), ("p", "You win."), ("ul", ("One.", "Two."))), "Gyre")
    '<h2>Gyre</h2>\\n<h3>The end</h3>\\n<p>You win.</p>\\n<ul>\\n<li>One.</li>\\n<li>Two.</li>\\n</ul>'
    """
    say: Callable[[str], str] = str if english else _
    out = [f"<h2>{title}</h2>"] if title else []
    for tag, text in blocks:
        if isinstance(text, str):
            out.append(f"<{tag}>{say(text)}</{tag}>")
        else:
            out.append(f"<{tag}>\n" + "\n".join(f"<li>{say(item)}</li>" for item in text) + f"\n</{tag}>")
    return "\n".join(out)


@dataclass(frozen=True)
class ModuleView(Generic[S, O]):
    """A :class:`GameView` made of a view module's parts, for the states ``S`` of its game (whose
    options are ``O``): its ``table`` and ``auto_token`` take that game's states. ``rules`` is the
    rules panel, or a function that draws it in the language in use (:func:`rules_html`), called
    each time :attr:`help` is read.

    >>> v = ModuleView(None, "<p>Rules</p>", (), lambda s, p, o: Table(1, 1, ()))  # type: ignore[arg-type]
    >>> v.face("AS").name, v.auto_token(None, frozenset()), v.first_options, v.help
    ('ace of spades', None, '', '<p>Rules</p>')
    """

    game: Game[S, O]
    rules: str | Callable[[], str]
    #: (setting id, label): each label marked with ``N_``, translated where it is shown.
    settings: tuple[tuple[str, str], ...]
    table: TableOf[S]
    face: Callable[[str], Face] = standard_face
    auto_token: Callable[[S, frozenset[str]], str | None] = plays_nothing
    first_options: str = ""

    @property
    def help(self) -> str:
        """The rules panel, in the language in use."""
        return self.rules if isinstance(self.rules, str) else self.rules()


class GameView(Protocol):
    """What each ``pyapp/games/<game>/table.py`` provides as ``VIEW`` (a :class:`ModuleView`),
    seen from code that does not know its game: :meth:`table` and :meth:`auto_token` take a
    state of the view's own game, typed ``Any`` here because the type checker cannot tell one
    game's states from another's (as :class:`~pyapp.core.game.AnyGame` takes them back)."""

    @property
    def game(self) -> AnyGame: ...

    @property
    def help(self) -> str:
        """The rules panel, an HTML fragment in our own words, in the language in use."""
        ...

    @property
    def settings(self) -> tuple[tuple[str, str], ...]:
        """(setting id, label) the player can switch on for this game; the labels are
        marked with ``N_`` (defined at import), to translate with ``_`` where they are shown."""
        ...

    @property
    def first_options(self) -> str:
        """The options of a player's very first game of it (Square's ``ends``)."""
        ...

    def table(self, state: Any, portrait: bool, settings: frozenset[str], refusals: bool = True) -> Table:
        """The table for ``state``; without ``refusals`` (a table nothing is played on: a
        forced step, a replay) no :class:`Refusal` is worked out."""
        ...

    def face(self, code: str) -> Face: ...

    def auto_token(self, state: Any, settings: frozenset[str]) -> str | None:
        """A move the player's settings ask to play by itself, or None."""
        ...
