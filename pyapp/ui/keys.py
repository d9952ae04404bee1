"""The keyboard: the focus ring on the board, Enter and Space on it, the keys that
wait while a move's steps are shown, and the keys help.

>>> from pyapp.core.table import Button, Pile, Table
>>> t = Table(3, 2, (Pile("A", 0, 0, ("AS",), key="q"),), buttons=(Button("rotate", "Rotate", "R", key="r"),))
>>> keys_help(t, hint=True)[-5:]
(('H', 'Hint'), ('W', "Can I still win? (the solver's verdict)"), ('R', 'Rotate'), ('Q', 'A: as Enter on it'), ('?', 'These keys'))
>>> q = KeyQueue(); q.animating = True
>>> q.hold("n", False, False, False), q.hold("Tab", False, False, False)
(True, False)
>>> q.hold_control("forward"), q.hold_control("seek", "3"), q.hold_link("#g=gyre&s=2")
(True, True, True)
>>> q.animating = False; q.next(), q.next(), q.next(), q.next(), q.next()
(('n', False, False, False), Control(what='forward', value=''), Control(what='seek', value='3'), Link(fragment='#g=gyre&s=2'), None)
>>> key_intent("z", True, True, False, t), key_intent("ArrowLeft", False, False, True, t), key_intent("r", False, False, False, t)
(KeyIntent(what='redo', arg=''), KeyIntent(what='arrow', arg='arrowleft'), KeyIntent(what='button', arg='rotate'))
>>> key_intent(" ", False, False, False, t, replaying=True), key_intent("x", False, False, True, t)
(KeyIntent(what='replay', arg='play'), KeyIntent(what='', arg=''))
"""

from __future__ import annotations

from typing import Callable, Final, NamedTuple

from . import focus as focus_mod
from .hand import Hand
from ..i18n import _, capital
from .speech import place, sentence
from ..core.table import Face, Place, Table

#: A key as the page saw it: (key, ctrl, shift, on the board).
Press = tuple[str, bool, bool, bool]
#: Keys while a replay is shown, and the replay bar's control each stands for.
REPLAY_KEYS: Final = {"arrowleft": "back", "arrowright": "forward", " ": "play", "home": "start", "end": "end",
                      "escape": "close"}
#: At most this many keys and controls wait for a move's steps; more are the page's own.
MAX_WAITING: Final = 8


class Control(NamedTuple):
    """A replay bar's control used while a step is shown (a click on its button, a change
    of its slider or speed): ``what`` as :func:`pyapp.app.state.reduce_watching` takes it."""

    what: str
    value: str = ""


class Link(NamedTuple):
    """A link followed (the page's address changed) while a move's steps are shown."""

    fragment: str


class KeyQueue:
    """While a move's steps are shown (:attr:`animating`), keys, the replay bar's controls and a
    link followed wait for them to end, in order, but Tab, which moves the page's focus, and a
    ninth key or control (a link is never dropped)."""

    def __init__(self) -> None:
        self.animating = False
        self._waiting: list[Press | Control | Link] = []

    def hold(self, key: str, ctrl: bool, shift: bool, board: bool) -> bool:
        """Keep a key pressed while animating; False when it is not kept (Tab, a full queue)."""
        if key == "Tab" or len(self._waiting) >= MAX_WAITING:
            return False
        self._waiting.append((key, ctrl, shift, board))
        return True

    def hold_control(self, what: str, value: str = "") -> bool:
        """Keep a replay control used while animating (a quick click on the step button counts)."""
        if len(self._waiting) >= MAX_WAITING:
            return False
        self._waiting.append(Control(what, value))
        return True

    def hold_link(self, fragment: str) -> bool:
        """Keep a link followed while animating (always: the page's address already shows it)."""
        self._waiting.append(Link(fragment))
        return True

    def next(self) -> Press | Control | Link | None:
        """The next key or control that waited, once nothing animates."""
        return self._waiting.pop(0) if self._waiting and not self.animating else None


def keys_help(table: Table | None, hint: bool, points: bool = False) -> tuple[tuple[str, str], ...]:
    """The keys, with what they do on ``table`` (the game's own buttons and places included);
    ``points``: the game is played for points (its registry entry has no win), and W asks the
    solver for the best score still possible.

    >>> dict(keys_help(None, hint=True, points=True))["W"]
    "The best score still possible (the solver's verdict)"
    """
    # The keys' names are as a keyboard of the language labels them (Strg+Z on a German one); the
    # letters are those the page answers to, whatever the language.
    rows = [
        # Translators: keys of the keys help, as the keyboard labels them.
        (_("Tab, Shift+Tab"), _("Go between the table and the buttons")),
        # Translators: keys of the keys help: the four arrow keys.
        (_("Arrow keys"), _("Move the focus ring from place to place on the table")),
        # Translators: a key of the keys help, as the keyboard labels it.
        (_("Enter"), _("Play the focused card as a tap does: a card with one move plays it, another is picked up")),
        # Translators: a key of the keys help: the space bar.
        (_("Space"), _("Pick up the focused card to choose where it goes: its places light up")),
        # Translators: keys of the keys help: Enter or the space bar, on a place lit for the picked-up card.
        (_("Enter or Space on a lit place"), _("Put the picked-up card there")),
        # Translators: a key of the keys help, as the keyboard labels it (Esc).
        (_("Escape"), _("Put the card back, cancel a choice, close a dialog")),
        # Translators: keys of the keys help, as the keyboard labels them (Strg+Z on a German keyboard).
        (_("Ctrl+Z"), _("Undo")),
        # Translators: keys of the keys help, as the keyboard labels them (Strg+Umschalt+Z, Strg+Y on a German keyboard).
        (_("Ctrl+Shift+Z, Ctrl+Y"), _("Redo")),
        ("N", _("New deal")),
    ]
    if hint:
        # Translators: the W key of the keys help in a game played for points (Gyre), not won.
        verdict = _("The best score still possible (the solver's verdict)") if points else \
            _("Can I still win? (the solver's verdict)")
        rows += [("H", _("Hint")), ("W", verdict)]
    if table is not None:
        # Translators: the word for the arrow in a button's name in the keys help ("MOON → PLANET": "MOON to PLANET").
        arrow = _("to")
        rows += [(b.key.upper(), b.label.replace("→", arrow)) for b in table.buttons if b.key]
        # Translators: a key of the keys help that acts on a place of the table as Enter does there.
        on_place = _("{place}: as Enter on it")
        rows += [(p.key.upper(), capital(on_place.format(place=place(p)))) for p in table.piles if p.key]
        if any(g.pick is not None and g.pick.confirm for g in table.gestures):
            rows.append(("C", _("Confirm the picked cards")))
        if any(p.peek for p in table.piles):
            rows.append(("V", _("View every card of the focused squared pile")))
    rows.append(("?", _("These keys")))
    return tuple(rows)


class Focus:
    """The keyboard's focus on the board (a :mod:`pyapp.ui.focus` stop; None: the first stop),
    and Enter and Space on it."""

    def __init__(self, tell: Callable[[str], None], say: Callable[[str], None]) -> None:
        self.stop: focus_mod.Stop | None = None
        self._tell, self._say = tell, say
        #: A key moved the focus: the page's focus follows (handed out once, :class:`pyapp.ui.view.Effects`).
        self.moved = False

    def arrow(self, table: Table, key: str) -> None:
        """An arrow key (lower case) moves the ring."""
        self.stop = focus_mod.step(table, focus_mod.settle(table, self.stop), focus_mod.ARROW_KEYS[key])
        self.moved = True

    def at(self, table: Table) -> focus_mod.Stop:
        return focus_mod.settle(table, self.stop)

    def go(self, table: Table, where: Place | tuple[str, None]) -> None:
        self.stop = focus_mod.stop_of(table, where)
        self.moved = True

    def to_pick(self, table: Table | None, hand: Hand) -> None:
        """Cards to pick were asked for: the focus goes to the first of them."""
        if hand.picking is not None and table is not None and hand.picking.pick.places:
            self.go(table, hand.picking.pick.places[0])

    def activate(self, table_now: Callable[[], Table | None], hand: Hand, face: Callable[[str], Face],
                 pick: bool = False) -> None:
        """Enter (or Space, ``pick``) on the focused card or pile, as the keys help says:
        with a card picked up, a lit place takes it and another place says why not;
        else Enter plays a card as a tap does (a card with one move plays it), Space
        and Enter on any other card that can move pick it up (its places light, the
        focus goes to the nearest), and on a place with no card move Enter is a tap."""
        table = table_now()
        if table is None:
            return
        stop = focus_mod.settle(table, self.stop)
        self.stop, self.moved = stop, True
        pile, index = stop
        at: Place | None = (pile, index) if index is not None else None
        if hand.picking is not None:
            if at is not None and at in hand.picking.pick.places:
                hand.tap(table, pile, index)
                if hand.picking is not None:
                    n, k = len(hand.picking.picked), hand.picking.pick.count
                    # Translators: said when a card is picked or put back among the cards to pick: how many are picked of how many.
                    said = _("Picked: {n} of {k}.") if at in hand.picking.picked else _("Not picked: {n} of {k}.")
                    self._tell(said.format(n=n, k=k))
            else:
                self._tell(sentence(hand.picking.pick.prompt))
            return
        held = hand.selected
        if held is not None:
            targets = table.moves_from(held)
            if at == held:
                hand.selected = None
                # Translators: said when the picked-up card is put back where it was.
                self._tell(_("Put back."))
                return
            if pile in targets:
                hand.selected = None
                hand.play_gesture(targets[pile])
                self.to_pick(table_now(), hand)
                return
            if at is None or at not in table.sources():
                self._say(table.refusal(held, pile) or _("The card cannot go there."))
                return
        mine = [g for g in table.gestures if at is not None and g.source == at]
        if not mine or at is None:
            hand.tap(table, pile, index)
            return
        taps = [g for g in mine if g.tap]
        if taps and not pick:
            hand.selected = None
            hand.play_gesture(taps[0])
            self.to_pick(table_now(), hand)
            return
        hand.selected = at
        moves = table.moves_from(at)
        jump = focus_mod.nearest(table, stop, [focus_mod.stop_of(table, (t, None)) for t in moves])
        if jump is not None:
            self.stop = jump
        name = face(table.pile(pile).cards[at[1]]).name
        places = [place(table.pile(t)) for t in moves]
        # Translators: the last two of a list of places: "cell c2, cell c3 or cell c4".
        where = _("{places} or {last}").format(places=", ".join(places[:-1]), last=places[-1]) if len(places) > 1 \
            else "".join(places)
        # Translators: said when a card is picked up with the keyboard; {card} is its name, {places} where it can go.
        said = _("{card} picked up: it can go to {places}.") if places else _("{card} picked up.")
        self._tell(capital(said.format(card=name, places=where)))


class KeyIntent(NamedTuple):
    """What a key stands for: ``what`` ("" for nothing) and its argument (a replay
    control, an arrow key, a button's or a pile's id, why a button is off)."""

    what: str
    arg: str = ""


#: Keys that stand for the same intent on any game's table.
TOOL_KEYS: Final = {"n": "new", "?": "keys", "h": "hint", "w": "verdict"}


def key_intent(key: str, ctrl: bool, shift: bool, board: bool, table: Table | None, *, replaying: bool = False,
               holding: bool = False, elsewhere: bool = False, confirming: bool = False) -> KeyIntent:
    """What a key press stands for (see :func:`keys_help`): ``board``, the page's focus is on
    the table, where the arrow keys, Enter, Space and V act; ``replaying``, a replay is shown
    (its keys step it); ``holding``, Escape has something to put back or cancel (a card picked
    up, cards being picked, an armed Give up, the open menu); ``elsewhere``, the game's table is
    not what the keys act on (a dialog is open, or the start screen shows); ``confirming``,
    cards are being picked for a move that waits for Confirm (C)."""
    key = key.lower()
    if replaying and not ctrl:
        return KeyIntent("replay", REPLAY_KEYS[key]) if key in REPLAY_KEYS else KeyIntent("")
    if ctrl:
        return KeyIntent("redo" if shift or key == "y" else "undo") if key in ("z", "y") else KeyIntent("")
    if key == "escape" and holding:
        return KeyIntent("escape")
    if elsewhere or table is None:
        return KeyIntent("")
    if board and key in focus_mod.ARROW_KEYS:
        return KeyIntent("arrow", key)
    if board and key in ("enter", " ", "spacebar"):
        return KeyIntent("enter" if key == "enter" else "space")
    if board and key == "v":
        return KeyIntent("view")
    if key in TOOL_KEYS:
        return KeyIntent(TOOL_KEYS[key])
    if key == "c" and confirming:
        return KeyIntent("confirm")
    for button in table.buttons:
        if button.key == key:
            if button.enabled:
                return KeyIntent("button", button.id)
            # Translators: why a button's key does nothing now; {button} is the button's name.
            return KeyIntent("off", button.title or _("{button} cannot be used now.").format(button=button.label))
    return next((KeyIntent("pile", p.id) for p in table.piles if p.key == key), KeyIntent(""))
