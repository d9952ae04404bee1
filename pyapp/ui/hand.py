"""What the player holds and what a tap or a drop means on the table: a card selected
(tapped, or picked up with Space), a card dragged, the cards being picked for a move
(Square's price, Attrition's card given up), a card nudged because it has no move.

The hand plays through the callbacks it is given (the controller's): ``play`` a move
token (the controller then clears the hand), ``say`` a notice, ``tell`` screen readers.

>>> from pyapp.core.table import Gesture, Pile, Table
>>> played, said = [], []
>>> hand = Hand(played.append, said.append, lambda words: None)
>>> t = Table(3, 2, (Pile("A", 0, 0, ("AS",)), Pile("B", 1.2, 0, ())), (Gesture("AB", ("A", 0), "B"),))
>>> hand.tap(t, "A", 0); hand.selected
('A', 0)
>>> hand.tap(t, "B"); played
['AB']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..i18n import _, ngettext
from .layout import Marks
from .speech import sentence
from ..core.table import Button, Gesture, Pick, Place, Table


@dataclass
class Picking:
    """Cards being picked for a move."""

    pick: Pick
    picked: list[Place] = field(default_factory=list)
    #: The button that asked (its id), or "" for a gesture's pick.
    button: str = ""
    #: The gesture whose drop or tap asked, to show it held.
    gesture: Gesture | None = None


class Hand:
    def __init__(self, play: Callable[[str], None], say: Callable[[str], None],
                 tell: Callable[[str], None]) -> None:
        self._play, self._say, self._tell = play, say, tell
        self.selected: Place | None = None
        #: The card being dragged (see :meth:`lift`): its targets are lit as for a selection.
        self.lifted: Place | None = None
        self.picking: Picking | None = None
        #: A card that was tapped but has no move: it lifts a little, until the next action or
        #: until the notice that says why goes.
        self.nudge: Place | None = None

    def clear(self) -> None:
        """Put everything back (a new position, a dialog, Escape)."""
        self.selected = self.lifted = self.picking = self.nudge = None

    def marks(self) -> Marks:
        """What the board lights for the hand (:class:`pyapp.ui.layout.Marks`)."""
        p = self.picking
        return Marks(lifted=self.lifted, selected=self.selected, nudge=self.nudge, picking=p is not None,
                     gesture=p.gesture if p is not None else None,
                     pickable=frozenset(p.pick.places) if p else frozenset(),
                     picked=frozenset(p.picked) if p else frozenset())

    def play_gesture(self, gesture: Gesture) -> None:
        """Play ``gesture``, or first ask for its cards to pick."""
        if gesture.pick is not None:
            self.selected = None
            self.picking = Picking(gesture.pick, [], "", gesture)
            self._tell(sentence(gesture.pick.prompt))
            return
        self._play(gesture.token)

    def lift(self, source: Place | None, draggable: tuple[Place, ...]) -> None:
        """A card from ``source`` is being dragged (None: the drag was cancelled): while
        it is held, its targets are lit with their notes and the other piles say why not,
        as for a selection; the card is drawn above the others (``dragging``)."""
        self.lifted = source if source in draggable else None

    def tap(self, table: Table, pile: str | None, index: int | None = None) -> None:
        """A tap on a pile (``index`` None) or on one of its cards of ``table``."""
        self.nudge = None
        if pile is not None and all(p.id != pile for p in table.piles):
            pile, index = None, None  # no such pile (a stale intent): a tap on the table
        at: Place | None = (pile, index) if pile is not None and index is not None else None
        picking = self.picking
        if picking is not None:
            if at is not None and at in picking.pick.places:
                if at in picking.picked:
                    picking.picked.remove(at)
                elif len(picking.picked) < picking.pick.count:
                    picking.picked.append(at)
                if not picking.pick.confirm and len(picking.picked) == picking.pick.count:
                    self.confirm()
                return
            g = picking.gesture
            if g is not None and (at == g.source or (pile is not None and pile == g.target)):
                self._tell(sentence(picking.pick.prompt))  # the card waiting on its place, or that place
                return
            self.picking = None
            return
        if self.selected is not None:
            targets = table.moves_from(self.selected)
            if pile is not None and pile in targets and at != self.selected:
                self.play_gesture(targets[pile])
                return
            reason = table.refusal(self.selected, pile) if pile is not None else ""
            if reason and (at is None or at not in table.sources()):
                self._say(reason)  # a tap on a card of a refused pile is a tap on that pile
                return
        if at is not None:
            mine = [g for g in table.gestures if g.source == at]
            taps = [g for g in mine if g.tap]
            if taps:
                self.play_gesture(taps[0])
                return
            if mine:
                self.selected = None if self.selected == at else at
                return
        if pile is not None and self.selected is None and table.tap_empty_targets and not table.pile(pile).cards:
            asked = {t for b in table.buttons if b.pick for _cards, t in b.pick.options}
            aimed = [g for g in table.gestures if g.target == pile and g.token not in asked]
            if len(aimed) == 1:
                self.play_gesture(aimed[0])
                return
        was, self.selected = self.selected, None
        if at is not None and was is None and table.status == "playing":
            self.nudge = at  # the card lifts a little and says it has no move
            onto = any(g.target == pile for g in table.gestures)
            if onto:
                # Translators: {reason} is why the card tapped has no move ("No move for this card").
                self._say(_("{reason}. A card can be played onto it.").format(reason=table.stuck))
            else:
                # Translators: {reason} is why the card tapped has no move ("No move for this card"), made a sentence.
                self._say(_("{reason}.").format(reason=table.stuck))

    def drop(self, table: Table, source: Place, target: str | None) -> None:
        """A card dragged from ``source`` and let go over ``target`` (None: nowhere)."""
        self.lifted = self.selected = self.nudge = None
        if target is None:
            return
        gesture = table.moves_from(source).get(target)
        if gesture is not None:
            self.play_gesture(gesture)
            return
        reason = table.refusal(source, target)
        if reason:
            self._say(reason)

    def toggle_pick(self, button: Button) -> None:
        """A button that asks for cards to pick (Attrition's Rotate): start picking, or stop."""
        assert button.pick is not None
        self.selected = None
        same = self.picking is not None and self.picking.button == button.id
        self.picking = None if same else Picking(button.pick, [], button.id)
        # Translators: said to screen readers: picking cards for a move was cancelled.
        self._tell(sentence(button.pick.prompt) if self.picking else _("Cancelled."))

    def confirm(self) -> None:
        """Play with the picked cards, or say how many to pick first."""
        picking = self.picking
        if picking is None:
            return
        token = picking.pick.token_for(picking.picked)
        if token is None:
            n = picking.pick.count
            self._say(ngettext("Pick {n} card first.", "Pick {n} cards first.", n).format(n=n))
            return
        self.picking = None
        self._play(token)
