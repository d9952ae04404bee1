"""Gyre's solver (issue 19): the highest final score a deal allows, over a compact state.

The search (:mod:`pyapp.core.search`) asks a :class:`GyreProblem` for the moves of a
position (the engine's tokens, best first), plays them on its own state, and prunes with
:meth:`GyreProblem.bound`. Gyre has no win: the verdict is the best score, ``exact`` when
the search was complete.

The state
---------
A tuple ``(ring, hand, idx, pending, score, deck)``: the six slots as card numbers (the
canonical deck index of RULES.md 0.2, ``-1`` for an empty slot), the hand as a sorted
tuple of card numbers (the engine's canonical order), the position of the deck's next card
in ``deck`` (the deck of the root position, top first: every draw, reveal and rotation
takes the top card, so the deck is always a suffix of it), the card waiting for ``P``
(``-1``: none), and the points of the score pile. Discards and the pairs themselves never
change what can still happen, so they are not kept. A finished position is worth its
score minus Attrition's penalty (the cards left in the deck when the hand ran out).

The key and the gain
--------------------
The search's gain (:meth:`GyreProblem.gain`) is ``score``, the points of the score pile;
the key is ``(ring, hand, idx, pending)`` with the ring turned so that it starts at its
empty slot (with a card waiting, the smaller of the two turns that start at an empty
slot), and, in the end phase (deck empty, no card waiting) or when every line captures
until the deck is empty (see the safe places below), the ring's cards sorted.
Proof: the rules never name a slot except through the empty one (a rotation discards the
slot after the gap and fills the gap; captures, replaces and places do not depend on where
a card lies), so turning every slot number by the same amount maps the lines of one
position one to one onto the lines of the other; in the end phase only captures are left,
which do not depend on slots at all, and when every line captures until then no rotation
comes first, and nothing else depends on slots either. Two positions of one search share the deck. Which
moves are legal and what they do to ring, hand, deck and waiting card never depend on the
score, and a capture adds the points of its two cards whatever the score was: so along
matching lines, equal keys add the same points, and end the same way. The final value is
the score minus Attrition's penalty, and the penalty (the cards left in the deck when the
hand runs out) is fixed by the final key (``idx``): value = gain + what the rest of the line
adds, the same from equal keys, as :meth:`pyapp.core.search.Problem.gain` requires.

Move ordering
-------------
Captures worth most first (points of both cards, then the least waste of rank); places
that leave the least valuable card next in line for a rotation first; among rotations and
replaces, the one that discards the least valuable cards first.

Safe moves (each keeps the best reachable result)
-------------------------------------------------
* End phase (deck empty, no card waiting): only captures are left, each hand card
  captures at most once, and nothing new comes, so the best final score is the best
  matching of hand cards onto ring cards, worked out exactly (:func:`_end_best`, memoised
  on the two sets). ``moves`` returns only the first capture of a best matching: after it,
  the rest of that matching is still available, so the best result is kept.
* A place that empties the deck (the revealed card was its last): both slots lead into the
  end phase, where slots do not matter (above), so one place suffices.
* A place after which every line captures until the deck is empty (the captures every line
  must make next, found as in the bound below, :func:`.bound.forced_captures`, run the deck
  out whichever pairs they take): no rotation comes before the end phase, and nothing else
  depends on slots (captures, places and the end phase do not), so the lines after either
  slot map one to one onto each other with the same points: one place suffices.

The bound
---------
``score`` plus the most points the cards still in play could ever add. A card in the hand
or the deck ("free") may capture later; a card in the ring or waiting to be placed can only
be captured (it never returns to the hand). Every point still to come is a pair ``(h, g)``
with ``h`` free and ``capture(h, g)``, each card used at most once, so the most they can
add is a maximum-weight set of disjoint such pairs, worked out exactly with the option's
capture relation relaxed as follows.

* Without ``easy`` a capture is within a suit (a joker counts as the top card of the one
  suit of its colour it is matched in), so the maximum is the sum over the suits, each
  joker (wherever it is) given to whichever of its two suits gains more. Within a suit,
  sort the cards high to low: a set of cards can be paired (higher captures lower, the
  capturer free) only when, read from the top, every card is either a free card that opens
  a pair or a card that closes one opened above it, ending with none open; a dynamic
  programme over the number of open pairs finds the most points (:func:`_suit_bound`).
  It also counts, per suit, the cards not in the hand left unpaired above, as a hand card
  is captured only after this: a card of the hand reaches the ring only by a replace,
  which throws away a higher card of its suit (or a joker of its colour); if that card was
  itself from the hand, follow its replace, and so on: the chain ends, above the captured
  card, at a card that was not in the hand, thrown away (so unpaired). Each card enters the
  ring at most once and is thrown away at most once, so the chains of two captured hand
  cards are disjoint: every captured hand card has its own unpaired card above it that is
  not in the hand (a joker that ends a chain is given to that suit: the maximum over both
  suits covers it). The programme lets a hand card close a pair only while such cards
  above outnumber the hand cards closing above: a relaxation of every line, so a bound.
* With ``easy`` an equal rank captures across suits and a hand ace may count high: the
  relation is relaxed to "rank of h at least rank of g, any suits" (each free ace may
  instead open at the top, above a joker), which contains every easy capture; the most
  points of such pairs is the bound (:func:`_rank_bound`, in closed form: its doc has the proof).

Before that, without Attrition, the bound follows forced rotations: while the deck has
cards, nothing waits and no hand card may capture or replace a ring card, ``R`` is the only
legal move, the hand does not change and the next position is fixed, so the best from here
is the best from there (the cards those rotations throw away leave the count).

Then the bound fixes where the next deck cards go, by the must-capture rule (RULES.md 3.5 A):
while the deck has cards, a turn that starts with a capture on the table must capture. A
capture, whichever pair it takes and wherever the revealed card is placed, draws the hand
back to five from the top of the deck and then reveals the next card into the ring; which
captures exist depends only on the sets of hand and ring cards (not on slots or the score,
and a card waiting to be placed is already a ring card). :func:`.bound.forced_captures`
finds ``k``, the fewest turns in a row that capture over every choice of pairs (it searches
the captures to a depth, :attr:`GyreProblem.depth`, and counts the turns it did not search as
none: less than the fewest is still at most it), so every line from the position starts
with ``k`` captures that draw and reveal the very same cards. The cards they draw are counted
as hand cards: they reach the ring only by a replace, so the argument above for hand cards
holds for them word for word. The cards they reveal are counted as ring cards: they never
reach the hand, so they never capture. Every line's pairs are still allowed by the
programmes with those roles, so the bound stays above every line's final value.

And once :meth:`GyreProblem.moves` has ranked a position's moves by the bound after them,
:meth:`GyreProblem.bound` of that very position is at most the highest of those: the best
from a position is the best of its children's, and the moves offered keep the best (all
legal moves before the end phase; the safe moves above after it).

Attrition's penalty only lowers a final score, so the bound holds with it too. In the end
phase the bound is exact.

The relaxed game (:mod:`.relax`)
--------------------------------
The relaxed game is Gyre with the ring as a set: a rotation may throw away any ring card
(the rules throw away the one after the gap), and a revealed card joins the ring at once
(the rules wait for ``P``, which only chooses its slot). Its positions are (hand set, ring set
with the waiting card, deck index); from a turn's start with the deck not empty its moves
are the captures of the rules when there is one (the must-capture rule: which captures exist
depends only on the two sets), each drawing to five and revealing the next card into the
ring as the rules do, and otherwise every rotation (any ring card out, the deck's top in)
and every replace of the rules (drawing to five); with the deck empty, the end phase of the
rules (:func:`.bound._end_best`, exact). Every move of the rules, read on the sets, is one
of these with the same points (a rotation's card after the gap is one ring card; a place
changes no set), so every line of the rules from a position is a line of the relaxed game
from its sets with the same points. With Attrition a rotation also throws away a hand card
(the player's choice in both games), the sudden end comes on the same condition with the
same penalty (the deck index is the same), and the joker refill draws the same cards (the
relaxed rotation brings in the same deck card, and the hand sets are the same), so the
relaxed gain (points less the penalty) of the mapped line is the same too: the relaxed
game's best gain from the sets is at least the best the rules allow from the position,
less its score. The relaxed search prunes with :meth:`GyreProblem._gain`, the bound above without
the forced rotations (the suit and rank programmes and the forced captures argue only with
the sets, the must-capture rule, replaces throwing away a higher ring card and cards leaving
the ring for good, all of which hold in the relaxed game; the forced rotations follow the
real ring's gap and are left out), so it is an upper bound of the relaxed game too; a
relaxed position kept with an upper bound was searched to its end under it.

The relaxed game leaves out moves that another move of the same position does at least as
well as (:meth:`.relax.Relaxed._kept`). Call ring cards ``a`` and ``b`` alike for a set ``F``
when every card of ``F`` captures both or neither and may replace both or neither. Take two
relaxed positions with the same hand and deck index, whose rings differ only in holding ``a``
in one and ``b`` in the other, with ``a`` and ``b`` alike for ``F`` = the hand and the deck.
Every card that is ever in the hand later comes from ``F``, and ring cards never act (they are
only captured, replaced or thrown away), so swapping ``a`` and ``b`` in every move maps the
lines of one position one to one onto the lines of the other: a capture or replace of ``a`` by
``h`` is legal exactly when that of ``b`` is, so the must-capture rule picks the same turns, a
rotation may throw away either, the draws, reveals, the end phase's matching and Attrition's
penalty and refill do not look at them; only a capture of ``a`` instead of ``b`` scores
``points(a) - points(b)`` more. So with ``points(a) >= points(b)`` the position holding ``a`` is
worth at least the one holding ``b``, and at most ``points(a) - points(b)`` more. Hence, among
moves that differ only in which of such alike ring cards they take (``F`` the hand and deck
of their results, or any set holding them: alike for a larger set is alike for a smaller one):
a rotation or replace throwing away the one worth least keeps the most (the other results
hold the card worth least where it holds a card worth more), and a capture of the one worth
most does (capturing ``b`` instead of ``a`` scores ``points(a) - points(b)`` less now, and the
position left, holding ``a`` where the other holds ``b``, is worth at most that much more).
The moves left out are each worth at most one kept, so the relaxed game's best, and every
bound it proves, are unchanged.

A renaming gives the relaxed game's key (:meth:`.relax.Relaxed.canon`). Let ``x`` be a card of
the hand or the ring and ``y`` a card out of play (not in the hand, the deck or the ring), worth
as many points, such that every card in play other than ``x`` captures ``x`` exactly when it
captures ``y``, may replace ``x`` exactly when it may replace ``y``, and is captured (replaced)
by ``x`` exactly when by ``y``. The position with ``y`` where ``x`` is is worth exactly as much:
renaming ``x`` as ``y`` in every move maps the lines of one position one to one onto the lines of
the other with the same points (which moves are legal, the must-capture rule and the end phase's
matching ask only which card captures or may replace which; the draws, reveals, Attrition's
refill and penalty look at the deck, which is the same; ``x`` and ``y`` never meet, ``y`` being out
of play). Without Easier, a card of a suit captures the lower cards of its suit and may replace
the higher ones, and a joker (above every card, in both suits of its colour) captures both:
so two cards of a suit with no card in play of that suit between them are such a pair; the cards
from ace to ten are worth one point each. So, in each suit, moving the hand's and the ring's
cards from ace to ten down, in their order, to the lowest ranks between two of the deck's cards
(each move such a renaming: the ranks passed are out of play, and no card passes another in
play) keeps the position's worth: the relaxed game keeps what it proved of a position (its memos
of upper and lower bounds) under that hand and ring, and so finds it again from any position
that differs only so (its search and its bounds still work on the cards as they are). With Easier (captures of equal rank across suits) the key is the position itself.

:meth:`GyreProblem.bound` asks the relaxed game whether it can gain more than ``target -
score`` from the position, ``target`` the best final value :meth:`GyreProblem.value` has
seen since :meth:`GyreProblem.start` (the search's best line so far, only ever a target:
any number would do); when the relaxed search proves it cannot, no line of the rules ends
above ``target`` from there and the bound is ``target`` (if lower than the bound above).
When the relaxed search runs out of its share of positions (:data:`.relax.RATE`), nothing
is claimed and the bound is the one above.

The ceiling at the root (:meth:`GyreProblem.ceiling`)
-----------------------------------------------------
A first attempt of :attr:`GyreProblem.first` nodes searches as above (a small position is
settled there; a larger one has a good line). Then the relaxed game is asked at the root,
upward from the best line found: "more than ``t``?" for ``t`` = that best, then for the most a
relaxed line it has found gains (one more than ``t`` at least), and so on, until it proves "at
most ``t``" (each "more" is a relaxed line above ``t``, each "at most" a complete argument as
above; the relaxed game keeps, per position, the most a line it found from there gains: a
position that answers "more" because a child does gains at least that child's points plus
the child's, and an end-phase position gains exactly its matching's; a question below a
line's gain has the answer "more", so skipping it changes nothing). That ``t`` (plus the root's score) is the ceiling: the relaxed
game's best from the root's sets, at least the best of the rules from the root (the mapping of
lines above). Any ``t`` below the best found has a relaxed line above it (the best line, mapped),
so starting at the best found, or at a higher best found later, skips only questions whose
answer is "more".

With :attr:`GyreProblem.bisect` (``k``) the questions first halve a range: ``lo``, the least
gain not yet beaten (every question below it answered "more", as above), and ``hi``, the most
proven: at first the relaxed game's bound at the root (its ``upper``, an upper bound of the
relaxed game's best gain), then each ``t`` of a question answered "at most ``t``". While
``hi - lo > k`` the next question is about ``t = lo + (hi - lo) // 2``, then about ``lo`` (they
climb, as above); "at most ``t``" makes ``hi = t`` (and is the ceiling when ``t = lo``), "more"
makes ``lo`` the most a relaxed line found gains (more than ``t``). The relaxed game's best stays
within ``[lo, hi]``, so when ``lo`` reaches ``hi`` that is its best: the ceiling (as above). A question
far above the best is answered "at most" in few positions (its bound cuts soon), so when the
positions run out before the ceiling is known, ``hi`` is still proven: the relaxed game gains at
most ``hi`` from the root, and no line of the rules ends above the root's score plus ``hi`` (the
mapping of lines above). :meth:`GyreProblem.bound` of the root says so, and the verdict's
"no line can do better than" with it.

The core (:meth:`pyapp.core.search.Problem.ceiling`) then searches only for a line reaching
the ceiling ``c``: it leaves out every position whose bound (above) is at most ``c - 1`` (none
of its lines reaches ``c``), and stops at the first line reaching ``c``, which is then the best
(no line does better): ``exact``. If the search completes without one, no line reaches ``c``
(every position left out had its lines at most ``c - 1``, every other one had its lines
followed), so ``c - 1`` is a ceiling, and the search starts over under it, forgetting what it
left out under the higher floor; whenever the best found reaches the ceiling, it is exact.
Under a floor the relaxed game is asked about the floor (:meth:`GyreProblem.aim`: the target
above is the higher of the best line seen and the floor, "only ever a target": any number
would do), and the moves after which the relaxed game is known to have a line above the floor
come first (a move order only: every move is still searched or bounded).

The ceiling's own search runs in steps of :data:`CEILING_STEP` relaxed positions (each a
cut-short step of the search, :class:`~pyapp.core.search.Pending`, counted as one node per
:data:`POSITIONS_PER_NODE` positions in the budget), :attr:`GyreProblem.ceiling_share` of them
at the start of each attempt, with :attr:`GyreProblem.between` nodes of the search as above in
between (restarts, :meth:`pyapp.core.search.Problem.attempt`: a higher best is an easier
question), and gives up after :attr:`GyreProblem.ceiling_positions` (no ceiling: the search goes
on as above with the rest of its budget). A question cut short claims nothing, and goes on
where it stopped in the next step (:class:`.relax.Question`; between two steps of one share
nothing else asks the relaxed game anything, so the size of a step changes nothing but how
often the page's thread is let in; across shares the bounds of the search in between add to
the memos, which hold only proven bounds). A higher best drops the question under way: its
answer would be "more".

The beam's guide (:meth:`GyreProblem._beam`)
--------------------------------------------
The search alone finds poor lines on many deals (default deal 15: 44 in its budget, where a
line of 61 exists), and the ceiling's questions, asked upward from the best found, then climb
far before the one that settles. So at the start of the second attempt (after the first has
found a line, or settled a small position) a beam search over the rules keeps, move after
move, the :attr:`GyreProblem.beam` positions whose bound is highest; it plays only the moves
:meth:`GyreProblem.moves` offers, applied as the search applies them, so its best line is a line
of the rules and its value (:meth:`GyreProblem.value`) is reached by it. Two uses, neither a
claim: the ceiling's first question is asked from that value if it is higher than the search's
best (a question below a line's gain has the answer "more", see above: skipping it changes
nothing), and the line is a move order (the guide: per key on the line, its move first),
followed first while there is no floor or the floor is below the beam's best (the line then
ends above the floor: the search's best reaches it); every move is still offered, so the
search's completeness and its safe moves are as above. Its work counts in the budget
(:data:`BEAM_PER_NODE` positions a node) and runs in steps of :data:`BEAM_STEP` positions
(:class:`~pyapp.core.search.Pending`), as the ceiling's does; that attempt then searches
:attr:`GyreProblem.after_beam` nodes (the guide first), and the ceiling's shares start with the
next one. Without a ceiling (Attrition,
Easier) the first attempt is :attr:`GyreProblem.first` nodes too, then the beam, then the rest.

>>> from pyapp.games.gyre.rules import GYRE
>>> p = problem(None)
>>> s = p.start(GYRE.deal(3, GYRE.parse_options("")))
>>> moves = p.moves(s)
>>> set(moves) <= set(GYRE.legal_moves(GYRE.deal(3, GYRE.parse_options(""))))
True
>>> p.bound(s) <= 76 and not p.has_win
True
"""

from __future__ import annotations

import weakref
from collections.abc import Generator
from typing import Hashable, TypeVar

from ...core.cards import CANONICAL_INDEX
from ...core.game import own
from ...core.search import Pending, Problem
from ...core.teardown import Memo, Teardown
from .bound import (_CACHE_LIMIT, _CODE, _HAND, _INDEX, _MASKS, _PTS, _RANK, _SUIT_CACHE, _SUIT_MASK, _XB, _XR, _bits,
                    _end_best, _rank_bound, _suit_bound, forced_captures)
from .relax import ALLOWANCE, BUDGET as RELAXED_BUDGET, RATE, Question, Relaxed
from .rules import GyreOptions, GyreState, points

__all__ = ["GyreProblem", "State", "problem"]

#: Relaxed positions one step of the ceiling's search may take (about a millisecond in CPython,
#: median, a few at the 99th percentile: a step must fit the page's slice of 12 ms in Pyodide),
#: and how many of them the budget counts as one node (about what a node of the search costs).
CEILING_STEP = 32
POSITIONS_PER_NODE = 6
#: Positions the beam search (:meth:`GyreProblem._beam`) evaluates in one step (about a millisecond
#: in CPython), and how many of them the budget counts as one node (a node of the search takes about
#: as long as 16 of them, 2026-11-27: default deals 1-5, 0.4 s for the beam of width 200, about 18,000).
BEAM_STEP = 32
BEAM_PER_NODE = 16

#: ``(ring, hand, idx, pending, score, deck)`` (see the module doc).
State = tuple[tuple[int, ...], tuple[int, ...], int, int, int, tuple[int, ...]]
#: A memo's keys and values (:meth:`GyreProblem._full`).
K = TypeVar("K")
V = TypeVar("V")


def _mask(cards: tuple[int, ...]) -> int:
    """The bit set of card numbers (an empty slot, -1, left out).

    >>> _mask((3, -1, 0)), _mask(())
    (9, 0)
    """
    mask = 0
    for c in cards:
        if c >= 0:
            mask |= 1 << c
    return mask


class GyreProblem(Problem[State]):
    """Gyre's search problem for one set of options (see the module doc)."""

    #: A twentieth of the other games' budget: a node of Gyre's costs many of Gravity's (its bound
    #: searches the captures every line must make, and the relaxed game, up to
    #: :data:`.relax.RATE` of its positions per node on average; the ceiling's relaxed positions
    #: count :data:`POSITIONS_PER_NODE` to a node). Default deals 1-35 (CPython,
    #: docs/PERFORMANCE.md as of 2026-11-27, in git): with the ceiling 7 exact at 10,000 nodes (3 without),
    #: median 3.1 s a deal; at 20,000, 9 (7 without). With the relaxed game's dominance and
    #: canonical keys (bench/gyre_budgets.py side by side with main, the same night): 15 exact at
    #: 10,000 nodes (main 7), the same median (3.7 s, the machine loaded), 17 at 20,000 (main 9).
    #: Still far from the issue's targets (98% exact, 1 s median): the ceiling is found on 12 of
    #: the 35 deals within it (bench/gyre_ceiling.py, since folded into bench/gyre_verdicts.py),
    #: 4 more are settled without it. With the beam's guide (bench/gyre_verdicts.py, side by side
    #: with main, a helper's runs): 17 exact (15), mean best 60.4 (58.0), median 3.8 s (4.0);
    #: deals 36-70: 19 exact (20).
    budget = 10_000
    #: The nodes of the first attempt (:meth:`attempt`), and the most relaxed positions the
    #: ceiling may search (0: no ceiling, no restarts).
    first = 1_000
    ceiling_positions = 48_000
    #: The relaxed positions of the ceiling's search in one attempt, and the nodes searched
    #: between two such shares while the ceiling is not known.
    ceiling_share = 6_000
    between = 250
    #: The width of the beam search whose best line the first attempt follows first (0: none).
    beam = 200
    #: The nodes of the attempt after the beam search (its line first), while the ceiling is not known.
    after_beam = 1_000
    #: The ceiling's questions halve the range between the least gain not yet beaten and the most
    #: proven while it is wider than this, then climb from the least (0: climb from the start):
    #: see :meth:`ceiling`.
    bisect = 4

    def __init__(self, options: GyreOptions) -> None:
        self.options = options
        self.attrition = options.attrition
        self.easy = options.easy
        self.cap, self.rep = _MASKS[options.easy]
        #: Per card: the cards it may capture or replace.
        self.use = tuple(c | r for c, r in zip(self.cap, self.rep))
        self._suffix: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._easy: dict[tuple[int, int], int] = {}
        #: The suit programmes' total per ``hand | deck << 54 | ring << 108`` (bit sets).
        self._rest: dict[int, int] = {}
        #: How many forced captures the bound looks ahead (0: none), and their cache, for one deck.
        self.depth = 4
        self._memo_deck: tuple[int, ...] | None = None
        self._memo: dict[tuple[int, int, int], int] = {}
        #: For the same deck: :meth:`_forced_labels` per hand, ring and index (a move's child
        #: is ranked by its bound, then keyed, ranked again and bounded when it is searched).
        self._labels: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        #: For the same deck: :meth:`_gain` per hand, ring and index.
        self._gains: dict[tuple[int, int, int], int] = {}
        #: The last state whose moves were ranked, with the highest bound after them.
        self._ahead: tuple[State | None, int] = (None, 0)
        #: The memos retired full (:meth:`_full`), freed a piece at a time.
        self._retired = Teardown()
        #: The relaxed game of the deck (:mod:`.relax`; not with Attrition), how many of its
        #: positions one bound may search (0: none), and the best final value this problem has
        #: seen since :meth:`start` (the target the relaxed game is asked about).
        self.relaxed_budget = RELAXED_BUDGET
        self._relaxed: Relaxed | None = None
        if options.attrition or options.easy:
            # No ceiling with Attrition (a relaxed position has a child per ring card and hand
            # card) or Easier (its relaxed positions branch as much, and were dearer): a step of the
            # ceiling's search would take far longer than a node, and the ceiling is rarely found.
            # Tried again since the rank bound's closed form (docs/PERFORMANCE.md as of 2026-11-28, in git):
            # with the ceiling, 23 of deals 1-60 of attrition,easy exact (19 without), in 1.7-2 times
            # the median time, the mean best a little lower; Easier alone, 5 of 20 (2), 1.5 times.
            self.ceiling_positions = 0
        #: The relaxed positions the bounds may still search (see :data:`.relax.RATE`).
        self._credit = ALLOWANCE
        self._target: int | None = None
        #: The search's floor (:meth:`aim`), and the attempt under way (:meth:`attempt`).
        self._floor: int | None = None
        self._attempt = 0
        #: The ceiling's own search (:meth:`ceiling`): the gain it asks about next, the relaxed
        #: positions it searched (and those not yet counted in nodes), and its answer (None: not
        #: yet; False: it gave up).
        self._asking: int | None = None
        #: The question under way (it goes on where a step stopped: :class:`.relax.Question`).
        self._question: Question | None = None
        self._spent = self._carry = 0
        self._ceiling: int | bool | None = None
        #: The root whose relaxed gain the ceiling's questions proved at most ``_top`` (None: not yet).
        self._top_of: State | None = None
        self._top: int | None = None
        #: The attempt whose share of the ceiling's search is under way, and where the share ends.
        self._share_of = -1
        self._share_end = 0
        #: The beam search's guide (:meth:`_beam`; None: not yet), its search under way, and the
        #: positions it evaluated not yet counted in nodes.
        self._guide: dict[Hashable, str] | None = None
        self._beam_run: Generator[int, None, None] | None = None
        self._beam_carry = 0
        self._beam_best: int | None = None

    @property
    def has_win(self) -> bool:
        return False

    def deepen(self, factor: int) -> None:
        """The budget, and the relaxed positions the ceiling may search, times ``factor``
        (the shares and the other attempts' nodes stay: of the first 40 default deals that 10,000
        nodes left undetermined, 33 settled at 40,000 with 192,000 positions, docs/PERFORMANCE.md of 2026-11-28, in git)."""
        super().deepen(factor)
        self.ceiling_positions *= factor

    def tables(self) -> list[Memo]:
        """Its own memos and its relaxed game's (:meth:`pyapp.core.search.Problem.tables`); the
        module-level caches are shared, and stay."""
        relaxed = self._relaxed
        return [self._suffix, self._easy, self._rest, self._memo, self._labels, self._gains,
                *(() if relaxed is None else (relaxed.ub, relaxed.lb)), *self._retired.held]

    def _full(self, memo: dict[K, V]) -> dict[K, V]:
        """A memo full at its limit (:data:`.bound._CACHE_LIMIT`) is retired, and an empty one takes
        its place: the retired one is freed a piece at a time as the search goes (:meth:`moves`),
        not at once (300,000 entries freed in one task held the page for up to 139 ms, a search of
        40,000 nodes, docs/PERFORMANCE.md of 2026-11-28, in git). Only the bounds' own caches are retired so: they hold
        what a function of their key gives, so which entries they hold changes nothing found."""
        self._retired.held.append(memo)
        return {}

    def start(self, state: object) -> State:
        """The compact state of an engine state (a :class:`GyreState`)."""
        s = own(state, GyreState)
        ring = tuple(-1 if c is None else CANONICAL_INDEX[c] for c in s.ring)
        hand = tuple(sorted(CANONICAL_INDEX[c] for c in s.hand))
        deck = tuple(CANONICAL_INDEX[c] for c in s.deck)
        pending = -1 if s.pending is None else CANONICAL_INDEX[s.pending]
        score = sum(points(h) + points(g) for h, g in s.pairs)
        self.begin()
        return (ring, hand, 0, pending, score, deck)

    def begin(self) -> None:
        """A search starts: it learns its own target, with its own relaxed game and credit (what
        an earlier search proved of the relaxed game is sound, but would make this search's
        result depend on it)."""
        self._target = None
        self._credit = ALLOWANCE
        self._relaxed = None
        self._floor = None
        self._attempt = 0
        self._asking = None
        if self._question is not None:
            self._question.close()
        self._question = None
        self._spent = self._carry = 0
        self._ceiling = None
        self._top_of = self._top = None
        self._share_of, self._share_end = -1, 0
        self._guide = None
        if self._beam_run is not None:
            self._beam_run.close()
        self._beam_run = None
        self._beam_carry = 0
        self._beam_best = None

    def attempt(self, k: int) -> int | None:
        """The first attempt searches :attr:`first` nodes in the search's own order (a good line
        soon, or a complete search of a small position); each next one starts with a share of
        the ceiling's own search (:meth:`ceiling`) and then, while the ceiling is not known,
        searches :attr:`between` nodes (better lines: a higher best is an easier question for the
        relaxed game), else the rest, under the ceiling."""
        self._attempt = k
        if not self.ceiling_positions:
            return self.first if k == 0 and self.beam else None  # (then the beam, and the rest)
        if k == 0:
            return self.first
        if self._ceiling is not None:
            return None
        return self.after_beam if k == 1 and self.beam else self.between

    def aim(self, floor: int | None) -> None:
        """The relaxed game is asked about the floor when it is above the best line seen (see
        :meth:`bound`)."""
        if floor is not None and (self._floor is None or floor < self._floor):
            self._credit += ALLOWANCE  # a new floor: questions the relaxed game has not been asked
        self._floor = floor

    def ceiling(self, root: State, best: int | None) -> int | None:
        """The relaxed game's best at the root, asked upward from the best line found, or halving
        the range up to what is proven (:attr:`bisect`; module doc: at least the best of the
        rules), :data:`CEILING_STEP` relaxed positions a step
        (:class:`~pyapp.core.search.Pending`, :data:`POSITIONS_PER_NODE` of them a node), at most
        :attr:`ceiling_positions` in all (then None: the search goes on without it)."""
        if self._attempt == 0:
            return None
        if self._retired.held:  # (a piece of a memo retired full, :meth:`_full`: the ceiling's steps
            self._retired.run_for(0)  # may come one after another, with no node searched between)
        if self.beam and self._guide is None:
            self._beam_step(root)  # (raises Pending until the guide is known)
        if not self.ceiling_positions or self.beam and self._attempt == 1:
            return None  # (the attempt of the beam: its line first, the ceiling from the next one)
        if self._ceiling is not None:  # (also the repeated call after the last step's Pending)
            return None if self._ceiling is False else int(self._ceiling)
        ring, hand, idx, pending, score, deck = root
        if idx >= len(deck):
            self._ceiling = False
            return None
        relaxed = self._relaxed_of(deck)
        if self._share_of != self._attempt:  # a new attempt: a new share, asked from the best found
            self._share_of = self._attempt
            self._share_end = self._spent + self.ceiling_share
            lowest = (best if best is not None else score - len(deck)) - score  # (the least gain)
            if self._beam_best is not None and self._beam_best - score > lowest:
                lowest = self._beam_best - score  # (a line of the rules too: the beam's)
            if self._asking is None or self._asking < lowest:
                self._asking = lowest
        assert self._asking is not None
        handmask, ringmask = _mask(hand), _mask(ring) | (1 << pending if pending >= 0 else 0)
        step = 0
        while self._ceiling is None:
            if self.bisect and self._top_of is not root:
                self._top_of, self._top = root, relaxed.upper(handmask, ringmask, idx)  # the relaxed bound
            left = min(CEILING_STEP - step, self.ceiling_positions - self._spent, self._share_end - self._spent)
            if left <= 0:
                if self._spent >= self.ceiling_positions:
                    self._ceiling = False  # out of positions: no ceiling
                break  # the step or the share is done
            top, t = self._top, self._asking
            if top is not None and top - t > self.bisect:
                t += (top - t) // 2  # (halving; then climbing)
            question = self._question
            if question is None or question.t != t:  # (a higher best: a new question)
                if question is not None:
                    question.close()
                question = self._question = relaxed.ask(handmask, ringmask, idx, t)
            answer = question.run(left)  # (where the last step stopped, it goes on)
            step += relaxed.used
            self._spent += relaxed.used
            if answer is not None:
                self._question = None
            if answer:  # at most t
                if self._top is not None:
                    self._top = min(self._top, t)
                if t <= self._asking:
                    self._ceiling = score + t
            elif answer is not None:  # more: ask next about the best relaxed line known
                known = relaxed.lower(handmask, ringmask, idx)
                self._asking = known if known is not None and known > t else t + 1
            if self._ceiling is None and self._top is not None and self._asking >= self._top:
                self._ceiling = score + self._top  # (a line of the relaxed game reaches what it proved)
        if step:  # the positions this step searched, counted in nodes (the rest carried over)
            step += self._carry
            self._carry = step % POSITIONS_PER_NODE
            raise Pending(step // POSITIONS_PER_NODE)
        return None if self._ceiling is None or self._ceiling is False else int(self._ceiling)

    def _beam_step(self, root: State) -> None:
        """One step of the beam search for the guide (:attr:`beam`): raises
        :class:`~pyapp.core.search.Pending` with the nodes it counts until the guide is known."""
        if self._beam_run is None:
            self._beam_run = self._beam(root)
        done = 0
        for evaluated in self._beam_run:
            done += evaluated
            if done >= BEAM_STEP:
                break
        else:
            self._beam_run = None
        if done:
            done += self._beam_carry
            self._beam_carry = done % BEAM_PER_NODE
            raise Pending(done // BEAM_PER_NODE)

    def _beam(self, root: State) -> Generator[int, None, None]:
        """A beam search over the rules from ``root``: after each move, the :attr:`beam` positions
        (one per key, the most gained) whose bound (:meth:`_bound`) is highest are kept; the
        best line that ends is the guide (:attr:`_guide`, each of its positions' key with its
        move), which the first attempt follows first (a move order only). It yields the positions
        it evaluated as it goes."""
        level: list[tuple[int, State, tuple[str, ...]]] = [(0, root, ())]
        best: int | None = None
        best_line: tuple[str, ...] = ()
        while level:
            nxt: dict[Hashable, tuple[int, State, tuple[str, ...]]] = {}
            for _, state, line in level:
                moves = self._moves(state)
                if not moves:
                    v = self.value(state)
                    if best is None or v > best:
                        best, best_line = v, line
                    continue
                for m in moves:
                    child = self.apply(state, m)
                    k = self.key(child)
                    there = nxt.get(k)
                    if there is None or there[1][4] < child[4]:
                        nxt[k] = (-self._bound(child), child, line + (m,))  # (its bound now: short steps)
                yield len(moves)
            level = sorted(nxt.values(), key=lambda x: x[0])[:self.beam]  # (stable: ties in the order met)
        guide: dict[Hashable, str] = {}
        state = root
        for m in best_line:
            guide[self.key(state)] = m
            state = self.apply(state, m)
        self._guide, self._beam_best = guide, best

    def _relaxed_of(self, deck: tuple[int, ...]) -> Relaxed:
        """The relaxed game of this deck (one per search: see :meth:`begin`)."""
        relaxed = self._relaxed
        if relaxed is None or relaxed.deck is not deck:
            # The relaxed game reaches this problem's bounds through a weak reference: with the
            # bound methods themselves, problem and relaxed game would hold each other, and a
            # search dropped would keep its memos (tens of megabytes) until a cyclic collection,
            # which an idle page may not run for a long time (docs/PERFORMANCE.md as of 2026-11-27, in git).
            me = weakref.ref(self)

            def upper(handmask: int, ringmask: int, idx: int) -> int:
                problem = me()
                assert problem is not None  # (the relaxed game lives only as long as its problem)
                return problem._relaxed_upper(handmask, ringmask, idx)

            def quick(handmask: int, ringmask: int, idx: int) -> int:
                problem = me()
                assert problem is not None
                return problem._relaxed_quick(handmask, ringmask, idx)

            relaxed = self._relaxed = Relaxed(self.cap, self.rep, self.easy, deck, upper,
                                              self.attrition, None if self.easy else quick)
        return relaxed

    def _suffix_masks(self, deck: tuple[int, ...]) -> tuple[int, ...]:
        """Bit set of ``deck[i:]`` for every ``i``."""
        masks = self._suffix.get(deck)
        if masks is None:
            out = [0] * (len(deck) + 1)
            for i in range(len(deck) - 1, -1, -1):
                out[i] = out[i + 1] | (1 << deck[i])
            masks = self._suffix[deck] = tuple(out)
        return masks

    # -- values ------------------------------------------------------------------------
    def value(self, state: State) -> int:
        ring, hand, idx, pending, score, deck = state
        if not hand and idx < len(deck) and pending < 0:
            score -= len(deck) - idx  # Attrition's sudden end
        if self._target is None or score > self._target:
            self._target = score  # (only a target for the relaxed game: see bound)
        return score

    def won(self, state: State) -> bool:
        return False

    def key(self, state: State) -> Hashable:
        """The canonical key (see the module doc): a ring turned round is the same position.

        >>> p, deck = problem(), (0, 1, 2)
        >>> p.key(((5, 6, -1, 7, 8, 9), (10,), 0, -1, 4, deck)) == p.key(((7, 8, 9, 5, 6, -1), (10,), 0, -1, 4, deck))
        True
        >>> p.key(((5, 6, -1, 7, 8, 9), (10,), 0, -1, 4, deck)) == p.key(((5, 6, -1, 7, 8, 9), (10,), 0, -1, 6, deck))
        True
        >>> p.gain(((5, 6, -1, 7, 8, 9), (10,), 0, -1, 6, deck))
        6
        """
        ring, hand, idx, pending, score, deck = state
        if pending < 0:
            if idx >= len(deck):
                return (tuple(sorted(ring)), hand, idx)
            if self._captures_to_the_end(state):
                return (tuple(sorted(ring)), hand, idx, pending, "sorted")
            e = ring.index(-1)
            return (ring[e:] + ring[:e], hand, idx)
        if self._captures_to_the_end(state):
            return (tuple(sorted(ring)), hand, idx, pending, "sorted")
        e = ring.index(-1)
        f = ring.index(-1, e + 1)
        a, b = ring[e:] + ring[:e], ring[f:] + ring[:f]
        return (a if a <= b else b, hand, idx, pending)

    def gain(self, state: State) -> int:
        """The points of the score pile (see the module doc: the key leaves them out)."""
        return state[4]

    def bound(self, state: State) -> int | None:
        """At least the best final value from ``state`` (see the module doc): the relaxation
        of :meth:`_bound`, and, when :meth:`moves` has just ranked the moves of this very
        state, the highest of their children's relaxations if lower."""
        own = self._bound(state)
        ahead_state, ahead = self._ahead
        if ahead_state is state:
            own = min(own, ahead)
        if state is self._top_of and self._top is not None:  # the root: what the ceiling's questions proved
            own = min(own, state[4] + self._top)
        target = self._target
        if self._floor is not None and (target is None or self._floor > target):
            target = self._floor
        if target is not None and own > target and self.relaxed_budget:
            ring, hand, idx, pending, score, deck = state
            if idx < len(deck):
                relaxed = self._relaxed_of(deck)
                ringmask = _mask(ring) | (1 << pending if pending >= 0 else 0)
                self._credit += RATE
                proved = relaxed.at_most(_mask(hand), ringmask, idx, target - score,
                                         min(self.relaxed_budget, self._credit))
                self._credit -= relaxed.used
                if proved:
                    return target
        return own

    def _relaxed_upper(self, handmask: int, ringmask: int, idx: int) -> int:
        """An upper bound of the relaxed game's gain from a turn's start (the deck not
        empty): :meth:`_gain`, the bound without its forced rotations (they hold for the
        real ring only)."""
        assert self._relaxed is not None
        return self._gain(handmask, ringmask, self._relaxed.deck, idx)

    def _relaxed_quick(self, handmask: int, ringmask: int, idx: int) -> int:
        """A cheaper upper bound of the relaxed game's gain (at least :meth:`_relaxed_upper`): the
        programmes without the forced captures (they only take options away: a deck card they
        draw or reveal may no longer be, in its suit's programme, what a hand or ring card cannot)."""
        assert self._relaxed is not None
        return self._pairs(handmask, self._relaxed.suffix[idx], ringmask)

    def _new_deck(self, deck: tuple[int, ...]) -> None:
        """Forget the memos kept for one deck (they are keyed without it)."""
        self._memo_deck, self._memo, self._labels, self._gains = deck, {}, {}, {}

    def _bound(self, state: State) -> int:
        ring, hand, idx, pending, score, deck = state
        ringmask, handmask = _mask(ring), _mask(hand)
        if pending < 0 and not self.attrition:
            # Forced rotations: with no capture and no replace, R is the only move and the hand
            # stays as it is; follow them (each throws away the card after the gap).
            use, n = self.use, len(deck)
            moving: list[int] | None = None
            while idx < n and not any(use[h] & ringmask for h in hand):
                if moving is None:
                    moving = list(ring)
                e = moving.index(-1)
                k = (e + 1) % 6
                ringmask ^= 1 << moving[k]
                moving[e], moving[k] = deck[idx], -1
                ringmask |= 1 << deck[idx]
                idx += 1
        if idx >= len(deck) and pending < 0:
            return score + _end_best(handmask, ringmask, self.easy)[0]
        if pending >= 0:
            ringmask |= 1 << pending
        return score + self._gain(handmask, ringmask, deck, idx)

    def _gain(self, handmask: int, ringmask: int, deck: tuple[int, ...], idx: int) -> int:
        """The most points the cards still in play could add (the relaxation of the module
        doc, after the forced captures), from a turn's start with these hand and ring sets
        (the card waiting to be placed, if any, in the ring): kept per sets and index for
        one deck."""
        if self._memo_deck is not deck:
            self._new_deck(deck)
        at = (handmask, ringmask, idx)
        known = self._gains.get(at)
        if known is not None:
            return known
        if len(self._gains) > _CACHE_LIMIT:
            self._gains = self._full(self._gains)
        out = self._gains[at] = self._relax_pairs(*self._forced_labels(handmask, ringmask, deck, idx), deck)
        return out

    def _relax_pairs(self, handmask: int, ringmask: int, idx: int, deck: tuple[int, ...]) -> int:
        """The per-suit (per-rank with Easier) programmes of the module doc."""
        return self._pairs(handmask, self._suffix_masks(deck)[idx], ringmask)

    def _pairs(self, handmask: int, deckmask: int, ringmask: int) -> int:
        """:meth:`_relax_pairs` with the deck's cards as a bit set."""
        if self.easy:
            free = handmask | deckmask
            known = self._easy.get((free, ringmask))
            if known is not None:
                return known
            fc = [0] * 15
            gc = [0] * 15
            for c in _bits(free):
                fc[_RANK[c]] += 1
            for c in _bits(ringmask):
                gc[_RANK[c]] += 1
            if len(self._easy) > _CACHE_LIMIT:
                self._easy = self._full(self._easy)
            rest = self._easy[(free, ringmask)] = _rank_bound(tuple(fc), tuple(gc), fc[1])
            return rest
        at = handmask | deckmask << 54 | ringmask << 108
        known = self._rest.get(at)
        if known is not None:
            return known
        cache = _SUIT_CACHE
        suit = [0] * 4
        h, d, g = handmask, deckmask, ringmask
        for k in range(4):
            v = cache.get((h & _SUIT_MASK) | (d & _SUIT_MASK) << 14 | (g & _SUIT_MASK) << 28)  # (_suit_bound's key)
            suit[k] = _suit_bound(h & _SUIT_MASK, d & _SUIT_MASK, g & _SUIT_MASK) if v is None else v
            h, d, g = h >> 13, d >> 13, g >> 13
        if not h | d | g:  # no joker (bits 52 and 53)
            total = suit[0] + suit[1] + suit[2] + suit[3]
        else:
            total = 0
            # XR: hearts (1) or diamonds (2); XB: spades (0) or clubs (3), whichever gains more.
            for x, a, b in ((_XR, 1, 2), (_XB, 0, 3)):
                jh, jd, jg = (handmask >> x & 1) << 13, (deckmask >> x & 1) << 13, (ringmask >> x & 1) << 13
                if not (jh or jd or jg):
                    total += suit[a] + suit[b]
                    continue
                fa = _suit_bound(handmask >> 13 * a & _SUIT_MASK | jh, deckmask >> 13 * a & _SUIT_MASK | jd,
                                 ringmask >> 13 * a & _SUIT_MASK | jg)
                fb = _suit_bound(handmask >> 13 * b & _SUIT_MASK | jh, deckmask >> 13 * b & _SUIT_MASK | jd,
                                 ringmask >> 13 * b & _SUIT_MASK | jg)
                total += max(fa + suit[b], suit[a] + fb)
        if len(self._rest) > _CACHE_LIMIT:
            self._rest = self._full(self._rest)
        self._rest[at] = total
        return total

    def _forced_labels(self, handmask: int, ringmask: int, deck: tuple[int, ...], idx: int) -> tuple[int, int, int]:
        """Hand, ring and deck index with the cards of the captures every line makes next
        (:func:`forced_captures`) drawn and revealed: the drawn ones join the hand's set, the
        revealed ones the ring's (see the module doc)."""
        n = len(deck)
        if idx >= n or not self.depth:
            return handmask, ringmask, idx
        if self._memo_deck is not deck:
            self._new_deck(deck)
        at = (handmask, ringmask, idx)
        known = self._labels.get(at)
        if known is not None:
            return known
        if len(self._labels) > _CACHE_LIMIT:
            self._labels = self._full(self._labels)
        if len(self._memo) > _CACHE_LIMIT:
            self._memo = self._full(self._memo)
        k = forced_captures(self.cap, handmask, ringmask, deck, idx, self.depth, self._memo)
        size = handmask.bit_count()
        for _ in range(k):
            take = deck[idx: idx + _HAND - size + 1]
            for c in take:
                handmask |= 1 << c
            size += len(take) - 1
            idx += len(take)
            if idx < n:
                ringmask |= 1 << deck[idx]
                idx += 1
        out = self._labels[at] = (handmask, ringmask, idx)
        return out

    def _captures_to_the_end(self, state: State) -> bool:
        """Every line from ``state`` (the deck not empty) makes only captures until the deck
        is empty (:func:`forced_captures` from this or the next turn runs the deck out)."""
        ring, hand, idx, pending, score, deck = state
        ringmask = _mask(ring) | (1 << pending if pending >= 0 else 0)
        return self._forced_labels(_mask(hand), ringmask, deck, idx)[2] >= len(deck)

    # -- moves -------------------------------------------------------------------------
    def moves(self, state: State) -> list[str]:
        """The moves, best first (see the module doc); in the first attempt, the guide's move
        (:meth:`_beam`) first where the position is on its line, with no floor or one below the
        beam's best (the search then follows the line to its end, above the floor); under a floor
        at or above it, the search's own order (the line would end below the floor)."""
        if self._retired.held:  # (a piece of a memo retired full, :meth:`_full`)
            self._retired.run_for(0)
        out = self._moves(state)
        guide = self._guide
        if guide and len(out) > 1 and (self._floor is None or (self._beam_best or 0) > self._floor):
            m = guide.get(self.key(state))
            if m is not None and m in out and out[0] != m:
                out.remove(m)
                out.insert(0, m)
        return out

    def _moves(self, state: State) -> list[str]:
        ring, hand, idx, pending, score, deck = state
        if pending >= 0:
            e = ring.index(-1)
            f = ring.index(-1, e + 1)
            if idx >= len(deck) or self._captures_to_the_end(state):
                return [f"P{e}"]  # safe: no rotation comes before the end phase (see the module doc)
            return [f"P{k}" for k in self._place_order(ring, e, f, pending)]
        cap = self.cap
        ringmask = _mask(ring)
        if idx >= len(deck):
            _, h, g = _end_best(_mask(hand), ringmask, self.easy)
            if h < 0:
                return []
            return [f"C{_CODE[h]}{ring.index(g)}"]  # safe: the first capture of a best matching
        if not hand:
            return []  # Attrition's sudden end
        caps: list[tuple[int, int, str]] = []
        for h in hand:
            if cap[h] & ringmask:
                for k, g in enumerate(ring):
                    if g >= 0 and cap[h] >> g & 1:
                        caps.append((-_PTS[h] - _PTS[g], _RANK[h] - _RANK[g], f"C{_CODE[h]}{k}"))
        if caps:
            caps.sort()
            return self._by_bound(state, [t for _, _, t in caps])
        e = ring.index(-1)
        victim = ring[(e + 1) % 6]
        others: list[tuple[int, int, str]] = []
        if self.attrition:
            for h in hand:
                others.append((_PTS[victim] + _PTS[h], 0, f"R{_CODE[h]}"))
        else:
            others.append((_PTS[victim], 0, "R"))
        rep = self.rep
        for h in hand:
            if rep[h] & ringmask:
                for k, g in enumerate(ring):
                    if g >= 0 and rep[h] >> g & 1:
                        others.append((_PTS[g], 1, f"S{_CODE[h]}{k}"))
        others.sort()
        return self._by_bound(state, [t for _, _, t in others])

    def _by_bound(self, state: State, tokens: list[str]) -> list[str]:
        """``tokens`` (in their heuristic order) ordered by the bound after them, highest
        first (a stable sort: ties keep the heuristic order); under a floor (:meth:`aim`), those
        after which the relaxed game is known to reach above it first (a line found there: see
        :meth:`_relaxed_known`)."""
        if len(tokens) < 2:
            self._ahead = (state, self._relaxed_known(self.apply(state, tokens[0]))[1])
            return tokens
        ranked = []
        for i, t in enumerate(tokens):
            reach, bound = self._relaxed_known(self.apply(state, t))
            ranked.append((-reach, -bound, i, t))
        ranked.sort()
        self._ahead = (state, max(-r[1] for r in ranked))
        return [t for _, _, _, t in ranked]

    def _relaxed_known(self, state: State) -> tuple[int, int]:
        """1 when the relaxed game is known to have a line from ``state`` above the floor (its memo
        of lower bounds, only under a floor: a heuristic, the lines of the rules may not follow it),
        else 0; and the bound (:meth:`_bound`)."""
        own = self._bound(state)
        relaxed = self._relaxed
        ring, hand, idx, pending, score, deck = state
        if self._floor is None or relaxed is None or relaxed.deck is not deck or idx >= len(deck) \
                or pending < 0 and not hand:
            return 0, own
        at = (*relaxed.canon(_mask(hand), _mask(ring) | (1 << pending if pending >= 0 else 0), idx), idx)
        floor = self._floor
        if floor is not None and score + relaxed.lb.get(at, floor - score) > floor:
            return 1, own
        return 0, own

    def _place_order(self, ring: tuple[int, ...], e: int, f: int, card: int) -> tuple[int, int]:
        """The two empty slots, the one that leaves the cheaper card next in line first."""
        # Placing in e leaves f empty: the next rotation discards slot f + 1 (the card just
        # placed if that is e); and the other way round.
        after_e = ring[(f + 1) % 6] if (f + 1) % 6 != e else card
        after_f = ring[(e + 1) % 6] if (e + 1) % 6 != f else card
        return (e, f) if _PTS[after_e] <= _PTS[after_f] else (f, e)

    def apply(self, state: State, move: str) -> State:
        """The state after the engine's token ``move`` (legal in ``state``), as the engine plays it.

        >>> from pyapp.games.gyre.rules import GYRE
        >>> e = GYRE.deal(3, GYRE.parse_options("jokers"))
        >>> p = problem(e)
        >>> t = GYRE.legal_moves(e)[0]
        >>> after = p.apply(p.start(e), t)
        >>> other = p.start(GYRE.apply(e, t))
        >>> after[:2] == other[:2] and after[5][after[2]:] == other[5][other[2]:] and after[3:5] == other[3:5]
        True
        """
        ring, hand, idx, pending, score, deck = state
        kind = move[0]
        if kind == "P":
            k = int(move[1])
            return (ring[:k] + (pending,) + ring[k + 1:], hand, idx, -1, score, deck)
        n = len(deck)
        if kind == "R":
            e = ring.index(-1)
            k = (e + 1) % 6
            top = deck[idx]
            new = list(ring)
            new[k] = -1
            new[e] = top
            idx += 1
            if len(move) == 1:
                return (tuple(new), hand, idx, -1, score, deck)
            d = _INDEX[move[1:3]]
            rest = tuple(c for c in hand if c != d)
            if not rest and idx < n:
                return (tuple(new), rest, idx, -1, score, deck)  # sudden end
            if top >= _XR and len(rest) < _HAND:  # the joker refill
                take = deck[idx: idx + _HAND - len(rest)]
                rest = tuple(sorted(rest + take))
                idx += len(take)
            return (tuple(new), rest, idx, -1, score, deck)
        h = _INDEX[move[1:3]]
        k = int(move[3])
        g = ring[k]
        rest = tuple(c for c in hand if c != h)
        if kind == "C":
            score += _PTS[h] + _PTS[g]
            new_ring = ring[:k] + (-1,) + ring[k + 1:]
        else:
            new_ring = ring[:k] + (h,) + ring[k + 1:]
        if idx < n:
            take = deck[idx: idx + _HAND - len(rest)]
            if take:
                rest = tuple(sorted(rest + take))
                idx += len(take)
            if kind == "C" and idx < n:
                pending = deck[idx]
                idx += 1
        return (new_ring, rest, idx, pending, score, deck)


def problem(state: GyreState | None = None) -> GyreProblem:
    """The problem for positions like the engine's ``state`` (its options; None: default rules)."""
    options = state.options if state is not None else GyreOptions()
    return GyreProblem(options)
