"""What a screen reader says: the names of cards and places on the table, and the
words announced after each move (the move itself, then its forced steps).

Everything here is read from the game views' tables (:mod:`pyapp.core.table`): a
pile's spoken ``name`` (its part before the first comma names the place) and
each card's :class:`~pyapp.core.table.Face` name. The controller builds the
announcements; the DOM binding only writes them into the live region.

>>> from pyapp.core.table import Pile, Table, standard_face
>>> before = Table(3, 2, (Pile("Z5", 0, 0, ("QS",), name="zodiac pile 5, 1 card"), Pile("E0", 2, 0, name="equator cell 0, empty")))
>>> card_name(before.piles[0], 0, "queen of spades")
'Queen of spades, top of zodiac pile 5, 1 card'
>>> after = Table(3, 2, (Pile("Z5", 0, 0, (), name="zodiac pile 5, empty"), Pile("E0", 2, 0, ("QS",), name="equator cell 0")))
>>> narrate([before, after], lambda c: standard_face(c).name)
'Queen of spades to equator cell 0.'
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from .focus import fanned
from ..i18n import N_, _, capital
from ..core.table import BACK, Pile, Table


def sentence(text: str) -> str:
    """The text ending as a sentence ends ("" stays "").

    >>> sentence("Move undone"), sentence("You won!"), sentence(""), sentence("終了。")
    ('Move undone.', 'You won!', '', '終了。')
    """
    text = text.strip()
    return text if not text or text[-1] in ".!?:。！？：" else text + "."


def place(pile: Pile) -> str:
    """The short name of a pile's place: its spoken name up to the first comma.

    >>> place(Pile("c3", 0, 0, name="cell c3 (the PLANET), 4 cards")), place(Pile("X", 0, 0, label="Discards 3"))
    ('cell c3 (the PLANET)', 'Discards 3')
    """
    return (pile.name or pile.label or pile.id).split(",")[0].strip()


def card_name(pile: Pile, index: int, face_name: str) -> str:
    """A card's name where it lies: the top of a pile, or one card of a fanned pile.

    >>> hand = Pile("H", 0, 0, ("8S", "KH"), dx=1.1, name="your hand, 2 cards")
    >>> card_name(hand, 1, "king of hearts"), card_name(hand, 1, "")
    ('King of hearts, card 2 of 2 in your hand', 'Face-down card, card 2 of 2 in your hand')
    """
    # Translators: the name of a card lying face down, for screen readers.
    what = face_name or _("face-down card")
    n = len(pile.cards)
    if fanned(pile):
        # Translators: a card's name for screen readers in a fanned pile: "King of hearts, card 2 of 5 in your hand".
        said = _("{card}, card {index} of {count} in {place}").format(card=what, index=index + 1, count=n, place=place(pile))
    elif index == n - 1:
        # Translators: a card's name for screen readers on top of a pile; {pile} is the pile's name and what it holds.
        said = _("{card}, top of {pile}").format(card=what, pile=pile.name or place(pile))
    else:
        # Translators: a card's name for screen readers, under the top of a pile.
        said = _("{card}, in {place}").format(card=what, place=place(pile))
    return capital(said)


#: What a card's state adds to its name (the controller's card flags), translated there (:func:`card_label`).
FLAG_WORDS = (
    # Translators: what a card's state adds to its name for screen readers ("Eight of spades, top of slot 2, ...").
    ("waiting", N_("put on its place, waiting for the cards to pick")),
    # Translators: what a card's state adds to its name for screen readers: the player holds it, to put it somewhere.
    ("selected", N_("picked up")),
    # Translators: what a card's state adds to its name for screen readers: chosen among the cards a move takes.
    ("picked", N_("picked")),
    # Translators: what a card's state adds to its name for screen readers: it may be chosen for the move.
    ("choice", N_("can be picked")),
    # Translators: what a card's state adds to its name for screen readers: it has a legal move.
    ("movable", N_("can move")))


def card_label(pile: Pile, index: int, face_name: str, flags: list[str], lit: str | None = None) -> str:
    """A card's accessible name with its state: picked up, pickable, a lit place
    (``lit``: the held card's note there, "" for none), or able to move.

    >>> hand = Pile("H", 0, 0, ("8S", "KH"), dx=1.1, name="your hand")
    >>> card_label(hand, 0, "eight of spades", ["movable", "selected"])
    'Eight of spades, card 1 of 2 in your hand, picked up'
    >>> card_label(Pile("R0", 0, 0, ("2S",), name="slot 0"), 0, "two of spades", [], "")
    'Two of spades, top of slot 0, the picked-up card can go here'
    """
    words = [card_name(pile, index, face_name)]
    if lit is not None:
        # Translators: what a lit place adds to its top card's name for screen readers.
        words.append(lit or _("the picked-up card can go here"))
    for flag, said in FLAG_WORDS:
        if flag in flags:
            words.append(_(said))
            break
    return ", ".join(words)


def _seen(pile: Pile) -> list[str]:
    """The codes of the cards the player can see in a pile."""
    return [c for i, c in enumerate(pile.cards) if i >= pile.down and c != BACK]


def _and(words: list[str]) -> str:
    """A list in words.

    >>> _and(["a"]), _and(["a", "b"]), _and(["a", "b", "c"])
    ('a', 'a and b', 'a, b and c')
    """
    if len(words) == 1:
        return words[0]
    # Translators: the last two of a list of cards: "two of spades, four of clubs and six of hearts".
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def changes(before: Table, after: Table, name: Callable[[str], str]) -> list[str]:
    """What changed between two tables, in sentences: the cards that came to each
    place ("Seven of hearts to cell c2.") and the cards that turned up in view
    ("Your hand: jack of clubs.").

    >>> a = Table(2, 2, (Pile("D", 0, 0, (BACK,), name="deck"), Pile("H", 1, 0, ("2S",), name="your hand")))
    >>> b = Table(2, 2, (Pile("D", 0, 0, (), name="deck"), Pile("H", 1, 0, ("2S", "JC"), dx=1, name="your hand")))
    >>> changes(a, b, lambda c: c)
    ['Your hand: JC.']
    """
    seen_before = {p.id: _seen(p) for p in before.piles}
    seen_after = {p.id: _seen(p) for p in after.piles}
    # Only the piles whose cards in view changed are counted (most of a table stays as it was).
    changed = {pid for pid in seen_before.keys() | seen_after.keys() if seen_before.get(pid) != seen_after.get(pid)}
    was = {pid: Counter(seen_before.get(pid, ())) for pid in changed}
    now = {pid: Counter(seen_after.get(pid, ())) for pid in changed}
    lost: Counter[str] = Counter()
    for pid, cards in was.items():
        lost += cards - now[pid]
    out: list[str] = []
    for pile in after.piles:
        if pile.id not in changed:
            continue
        gained = now[pile.id] - was[pile.id]
        if not gained:
            continue
        moved: list[str] = []
        shown: list[str] = []
        for code in _seen(pile):
            if gained[code] <= 0:
                continue
            gained[code] -= 1
            if lost[code] > 0:
                lost[code] -= 1
                moved.append(name(code))
            else:
                shown.append(name(code))
        if moved:
            # Translators: a move for screen readers: the cards that came to a place ("Seven of hearts to cell c2.").
            out.append(capital(_("{cards} to {place}.").format(cards=_and(moved), place=place(pile))))
        if shown:
            # Translators: for screen readers: the cards that turned up in view at a place ("Your hand: jack of clubs.").
            out.append(capital(_("{place}: {cards}.").format(place=place(pile), cards=_and(shown))))
    return out


def narrate(tables: list[Table], name: Callable[[str], str]) -> str:
    """A move in words: what it did (the first two tables), then each forced step
    after it ("Then: ...").

    >>> t = [Table(1, 1, (Pile("A", 0, 0, ("2S",), name="cell a"), Pile("B", 0, 0, name="cell b"), Pile("C", 0, 0, name="cell c"))),
    ...      Table(1, 1, (Pile("A", 0, 0, name="cell a"), Pile("B", 0, 0, ("2S",), name="cell b"), Pile("C", 0, 0, name="cell c"))),
    ...      Table(1, 1, (Pile("A", 0, 0, name="cell a"), Pile("B", 0, 0, name="cell b"), Pile("C", 0, 0, ("2S",), name="cell c")))]
    >>> narrate(t, lambda c: c)
    '2S to cell b. Then: 2S to cell c.'
    """
    if len(tables) < 2:
        return ""
    move = changes(tables[0], tables[1], name)
    forced: list[str] = []
    for a, b in zip(tables[1:], tables[2:]):
        forced += changes(a, b, name)
    text = " ".join(move)
    if forced:
        # Translators: for screen readers: what happened by itself after a move, in sentences.
        then = _("Then: {steps}").format(steps=" ".join(forced))
        text = (text + " " if text else "") + then
    return text


def move_words(was: Table, steps: list[Table], now: Table, name: Callable[[str], str]) -> list[str]:
    """A move played from ``was`` to ``now`` through its forced ``steps``, in sentences: what
    it did and its steps (:func:`narrate`), then a new phase or a new prompt (the end of a
    game has words of its own)."""
    words = [narrate([was, *steps, now], name)]
    if now.phase and now.phase != was.phase:
        words.append(sentence(now.phase))
    if now.status == "playing" and now.prompt != was.prompt:
        words.append(sentence(now.prompt))
    return words


def move_name(table: Table, token: str, name: Callable[[str], str]) -> str:
    """A move of ``table`` in words: its card and where it goes, or its button's label
    (``name``: a card code's name); the token itself when the table has no such move.

    >>> from pyapp.core.table import Button, Gesture
    >>> t = Table(2, 1, (Pile("H", 0, 0, ("8S",), name="your hand, 1 card"), Pile("c3", 1, 0, name="cell c3")),
    ...           gestures=(Gesture("8S@c3", ("H", 0), "c3"),), buttons=(Button("rotate", "Rotate", "R"),))
    >>> move_name(t, "8S@c3", lambda code: "eight of spades"), move_name(t, "R", str), move_name(t, "Q", str)
    ('eight of spades to cell c3', 'Rotate', 'Q')
    """
    button = next((b for b in table.buttons if b.token == token), None)
    if button is not None:
        return button.label
    gesture = next((g for g in table.gestures if g.token == token), None) or next(
        (g for g in table.gestures if g.pick is not None and any(t == token for _option, t in g.pick.options)), None)
    if gesture is None or gesture.target is None:
        return token
    target = place(table.pile(gesture.target))
    if gesture.source is None:
        return target
    pile_id, index = gesture.source
    cards = table.pile(pile_id).cards
    # Translators: a move in words: a card and where it goes ("eight of spades to cell c3"); "a card": one not known.
    card = name(cards[index]) if index < len(cards) else _("a card")
    # Translators: a move in words: a card and where it goes ("eight of spades to cell c3").
    return _("{card} to {place}").format(card=card, place=target)
