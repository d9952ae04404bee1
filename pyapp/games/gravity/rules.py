"""Gravity (RULES.md section 1): stack piles on a 5x5 board, collapse the holes
toward the PLANET ``c3``, and feed the corners from the MOON.

>>> st = GRAVITY.deal(42, GRAVITY.parse_options(""))
>>> GRAVITY.format_state(st).split("|")[2]
'G=7S.3D.KS.AC.2C/AS.AD.KH.TH.5S/8C.JD.2D.4C.6D/5H.2H.5C.6H.AH/7H.2S.8D.8S.4H'
>>> GRAVITY.legal_moves(st)[:4]
['c1c2', 'a2b2', 'b2a2', 'b2c3']
>>> after = GRAVITY.apply(st, "c1c2")
>>> GRAVITY.format_state(after).split("|")[3:]
['H=c1', 'N=1.0']
>>> GRAVITY.legal_moves(after)
['b1', 'd1']
>>> done = GRAVITY.apply(after, "d1")
>>> GRAVITY.format_state(done).split("|")[1:4]
['M=KCTC4D3HTDJC4S6C7C3C8HQH9CKD5D6SQC9HJHQS3S9DQD9SJSTS', 'G=7S.3D.AC.2C.7D/AS.AD.KHKS.TH.5S/8C.JD.2D.4C.6D/5H.2H.5C.6H.AH/7H.2S.8D.8S.4H', 'H=-']
>>> GRAVITY.status(done), GRAVITY.score(done)
('playing', 51)

Rules notes
-----------

* **State fields.** Exactly the fields of RULES.md 1.12 (``M``, ``G``, ``H``,
  ``N``) and ``O=`` for options; no extra fields.
* **Cards inside the engine** are small integers (the canonical index in one
  deck, ``AS`` = 0 ... ``KC`` = 51); :func:`card_code` and :func:`cell_cards`
  turn them back into codes and :class:`~pyapp.core.cards.Card` values.
* **Missing cards.** ``missing`` removes one copy per listed code from the
  unshuffled deck before shuffling; the copy removed is the first one in
  canonical order (copies are indistinguishable, but the choice fixes the
  golden deals). A code listed more times than there are decks, or a
  configuration with fewer than 25 cards, is rejected.
* **Order of legal moves.** During a collapse choice: the candidate cells by
  cell index (``a1`` = 0 ... ``e5`` = 24). Otherwise: every legal stack, by
  from-cell index and then to-cell index; then ``m`` when MOON->PLANET is
  legal (it never is together with a stack).
* **H and animation frames.** ``H=<cell>`` with two or more occupied outward
  neighbours is a pending collapse choice. :meth:`Gravity.steps` also returns
  animation frames in which a forced slide, the end of a collapse or the MOON
  card's landing is still to come; they are written with ``H=<current hole>``
  too (the hole then has at most one occupied outward neighbour). Such a
  *transit* state formats, parses and conserves cards, has status ``playing``
  and no legal moves; :func:`settle` performs its pending forced steps.
  :meth:`Gravity.apply` rejects moves in a transit state.
* **Parse checks.** Card conservation against the deck the options build;
  25 cells; ``H`` names an empty cell; in the MOON phase (``M`` not empty)
  every cell but the hole is occupied; the occupied cells together with the
  hole are inward-closed (I-S3), so ``c3`` is occupied whenever no collapse is
  under way; and ``N`` is consistent with I7:
  ``occupied + |M| = N_total - stacks - moon_to_planet``.
* **Status.** ``won`` when the game is over with a score of 1, ``finished``
  when it is over otherwise; ``playing`` while a move exists (or a collapse
  is under way). The game is over when no collapse is under way, no stack is
  legal, and MOON->PLANET is not available (MOON empty or ``nomoonplanet``).
* **Score** = occupied cells + cards left in the MOON (lower is better).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from ...core.cards import SUITS, Card, parse_cards
from ...core.errors import IllegalMoveError, ParseError
from ...core.game import OptionSpec, Status, format_option_values, parse_fields, parse_option_values
from ...i18n import N_, _, ngettext
from ...core.rng import SplitMix64, shuffled

__all__ = [
    "GRAVITY",
    "Gravity",
    "GravityMove",
    "GravityOptions",
    "GravityState",
    "CELL_NAMES",
    "DEFAULT_OPTIONS",
    "PLANET",
    "card_code",
    "cell_cards",
    "cell_index",
    "collapse_candidates",
    "find_situation",
    "is_over",
    "is_transit",
    "moon_to_planet_reason",
    "rating",
    "settle",
    "stack_is_legal",
    "view_text",
    "zone",
]

# -- geometry ---------------------------------------------------------------

#: Cell names by index (row-major: ``a1 b1 c1 d1 e1 a2 ...``).
CELL_NAMES: Final[tuple[str, ...]] = tuple("abcde"[i % 5] + str(i // 5 + 1) for i in range(25))
_CELL_INDEX: Final[dict[str, int]] = {n: i for i, n in enumerate(CELL_NAMES)}
#: Index of the PLANET cell ``c3``.
PLANET: Final = 12
CORNERS: Final = (0, 4, 20, 24)


def _rc(i: int) -> tuple[int, int]:
    return i // 5, i % 5


def dist(i: int) -> int:
    """Manhattan distance from cell ``i`` to ``c3``.

    >>> [dist(cell_index(n)) for n in ("c3", "c2", "b2", "a1")]
    [0, 1, 2, 4]
    """
    r, c = _rc(i)
    return abs(r - 2) + abs(c - 2)


def zone(i: int) -> str:
    """``"planet"``, ``"arm"`` or ``"quadrant"`` for cell index ``i``.

    >>> [zone(cell_index(n)) for n in ("c3", "a3", "b2")]
    ['planet', 'arm', 'quadrant']
    """
    r, c = _rc(i)
    if i == PLANET:
        return "planet"
    return "arm" if r == 2 or c == 2 else "quadrant"


def cell_index(name: str) -> int:
    """The index of a cell name; ParseError for anything else.

    >>> cell_index("c3"), cell_index("e5")
    (12, 24)
    """
    try:
        return _CELL_INDEX[name]
    except KeyError:
        raise ParseError(f"{name[:8]!r} is not a cell (a1..e5)") from None


ORTHO: Final = 1
DIAG: Final = 2


def _build_neighbours() -> tuple[tuple[tuple[int, int, str], ...], ...]:
    out = []
    for i in range(25):
        r, c = _rc(i)
        row = []
        for j in range(25):
            rj, cj = _rc(j)
            dr, dc = abs(r - rj), abs(c - cj)
            if i != j and dr <= 1 and dc <= 1:
                row.append((j, ORTHO if dr + dc == 1 else DIAG, CELL_NAMES[i] + CELL_NAMES[j]))
        out.append(tuple(row))
    return tuple(out)


#: For each cell, its 8-neighbours as ``(index, ORTHO or DIAG, stack token)``, by index.
NEIGHBOURS: Final = _build_neighbours()
#: Each unordered adjacent pair once, ``(i, j, direction)`` with ``i < j``.
_PAIRS: Final = tuple((i, j, bit) for i in range(25) for j, bit, _tok in NEIGHBOURS[i] if i < j)
#: For each cell, its outward orthogonal neighbours (the collapse candidates), by index.
OUTWARD: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(j for j, bit, _tok in NEIGHBOURS[i] if bit == ORTHO and dist(j) == dist(i) + 1) for i in range(25)
)
#: For each cell, its inward orthogonal neighbours.
INWARD: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(j for j, bit, _tok in NEIGHBOURS[i] if bit == ORTHO and dist(j) == dist(i) - 1) for i in range(25)
)
_STACK_TOKENS: Final[dict[str, tuple[int, int, int]]] = {
    tok: (i, j, bit) for i in range(25) for j, bit, tok in NEIGHBOURS[i]
}

# -- cards ------------------------------------------------------------------

#: Card ids 0..51 in canonical order (``AS`` .. ``KS``, ``AH`` .. ``KC``).
_CARDS: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
_CODES: Final[tuple[str, ...]] = tuple(c.code for c in _CARDS)
_ID_OF_CODE: Final[dict[str, int]] = {c: i for i, c in enumerate(_CODES)}


def card_code(card_id: int) -> str:
    """The 2-character code of an engine card id.

    >>> card_code(0), card_code(51)
    ('AS', 'KC')
    """
    return _CODES[card_id]


def _relation(a: int, b: int) -> int:
    ca, cb = _CARDS[a], _CARDS[b]
    d = abs(ca.rank - cb.rank)
    rd = min(d, 13 - d)
    if rd == 0:
        return ORTHO | DIAG
    if rd == 1:
        if ca.suit == cb.suit:
            return DIAG
        if ca.is_red != cb.is_red:
            return ORTHO
    return 0


#: ``_REL[a * 52 + b]``: the directions (ORTHO/DIAG bits) in which top cards a, b may stack.
_REL: Final = bytes(_relation(a, b) for a in range(52) for b in range(52))


def stack_is_legal(f: str, t: str, orthogonal: bool) -> bool:
    """The stacking relation of RULES.md 1.4 on two card codes.

    >>> stack_is_legal("7H", "8S", True), stack_is_legal("7H", "8H", False)
    (True, True)
    >>> stack_is_legal("7H", "6D", True), stack_is_legal("KS", "AS", False)
    (False, True)
    """
    return bool(_REL[_ID_OF_CODE[f] * 52 + _ID_OF_CODE[t]] & (ORTHO if orthogonal else DIAG))


# -- options and state --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GravityOptions:
    """Options of RULES.md 1.1. ``missing`` holds card ids in canonical order."""

    decks: int = 1
    missing: tuple[int, ...] = ()
    hidden: bool = False
    nomoonplanet: bool = False

    @property
    def n_total(self) -> int:
        return 52 * self.decks - len(self.missing)

    def deck(self) -> list[int]:
        """The unshuffled deck: ``decks`` canonical decks, minus the first copy of each missing card."""
        cards = list(range(52)) * self.decks
        for m in self.missing:
            cards.remove(m)
        return cards


DEFAULT_OPTIONS: Final = GravityOptions()


@dataclass(frozen=True, slots=True)
class GravityState:
    """An immutable Gravity position.

    ``cells`` holds the 25 piles (card ids, bottom to top; ``()`` is an empty
    cell), ``moon`` the MOON (top first), ``hole`` the current hole (-1 when no
    collapse is under way), ``stacks``/``m2p`` the counters of field ``N``.
    """

    moon: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    hole: int = -1
    stacks: int = 0
    m2p: int = 0
    options: GravityOptions = DEFAULT_OPTIONS


def cell_cards(state: GravityState, cell: str) -> tuple[Card, ...]:
    """The pile at a cell as cards, bottom to top."""
    return tuple(_CARDS[c] for c in state.cells[cell_index(cell)])


# -- the rules --------------------------------------------------------------


def _stacks(cells: tuple[tuple[int, ...], ...]) -> list[str]:
    out: list[str] = []
    rel = _REL
    for i in range(25):
        p = cells[i]
        if p:
            base = p[-1] * 52
            for j, bit, tok in NEIGHBOURS[i]:
                q = cells[j]
                if q and rel[base + q[-1]] & bit:
                    out.append(tok)
    return out


def _has_stack(cells: tuple[tuple[int, ...], ...]) -> bool:
    rel = _REL
    for i, j, bit in _PAIRS:
        p = cells[i]
        if p:
            q = cells[j]
            if q and rel[p[-1] * 52 + q[-1]] & bit:
                return True
    return False


def _candidates(cells: "tuple[tuple[int, ...], ...] | list[tuple[int, ...]]", hole: int) -> list[int]:
    return [x for x in OUTWARD[hole] if cells[x]]


def is_transit(state: GravityState) -> bool:
    """True for an animation frame: a collapse is under way but no choice is pending."""
    return state.hole >= 0 and len(_candidates(state.cells, state.hole)) < 2


def is_over(state: GravityState) -> bool:
    """True when the game has ended (RULES.md 1.7)."""
    if state.hole >= 0:
        return False
    if _has_stack(state.cells):
        return False
    return not state.moon or state.options.nomoonplanet


def collapse_candidates(state: GravityState) -> list[str]:
    """The cells whose pile may slide into the current hole (by cell index);
    empty when no collapse is under way.

    >>> collapse_candidates(GRAVITY.deal(1, DEFAULT_OPTIONS))
    []
    """
    if state.hole < 0:
        return []
    return [CELL_NAMES[x] for x in _candidates(state.cells, state.hole)]


def moon_to_planet_reason(state: GravityState) -> str | None:
    """None when ``m`` is legal, otherwise why not (for the UI: the button's tooltip), in the
    language in use."""
    if state.options.nomoonplanet:
        # Translators: why the MOON → PLANET button is off: the rule is switched off by an option
        return _("switched off in this game")
    if not state.moon:
        # Translators: why the MOON → PLANET button is off; the MOON (the spare cards) is one of the game's named places
        return _("MOON is empty")
    if state.hole >= 0 or _has_stack(state.cells):
        # Translators: why the MOON → PLANET button is off
        return _("Possible only when no stack is legal")
    return None


def _run(
    cells: list[tuple[int, ...]],
    moon: tuple[int, ...],
    hole: int,
    stacks: int,
    m2p: int,
    options: GravityOptions,
    frames: list[GravityState] | None,
) -> GravityState:
    """Run the collapse from ``hole`` until a choice or its end, then feed the MOON."""
    while True:
        outward = OUTWARD[hole]
        cand = [x for x in outward if cells[x]]
        n = len(cand)
        if n >= 2:
            return GravityState(moon, tuple(cells), hole, stacks, m2p, options)
        if n == 0:
            break
        x = cand[0]
        cells[hole] = cells[x]
        cells[x] = ()
        hole = x
        if frames is not None:
            frames.append(GravityState(moon, tuple(cells), hole, stacks, m2p, options))
    if moon:
        cells[hole] = (moon[0],)
        moon = moon[1:]
    if not cells[PLANET]:  # pragma: no cover - proved impossible (RULES.md 1.5)
        raise AssertionError("the PLANET is empty at the end of a collapse")
    return GravityState(moon, tuple(cells), -1, stacks, m2p, options)


def settle(state: GravityState) -> GravityState:
    """Perform the forced steps of a transit frame (see :meth:`Gravity.steps`);
    any other state is returned unchanged."""
    if not is_transit(state):
        return state
    return _run(list(state.cells), state.moon, state.hole, state.stacks, state.m2p, state.options, None)


class GravityMove(NamedTuple):
    """A move token of RULES.md 1.12 as a value: a stack (``c1c2``: the pile on
    ``c1`` onto ``c2``), a collapse choice (``b1`` slides into the hole) or ``m``
    (MOON to PLANET). ``frm``/``to`` are cell indexes, -1 where unused.

    >>> GravityMove.parse("c1c2"), str(GravityMove.parse("c1c2"))
    (GravityMove(kind='stack', frm=2, to=7), 'c1c2')
    >>> [str(GravityMove.parse(t)) for t in ("b1", "m")]
    ['b1', 'm']
    >>> GravityMove.parse("c1c2").cells
    ('c1', 'c2')
    """

    kind: Literal["stack", "choice", "moon"]
    frm: int = -1
    to: int = -1

    def __str__(self) -> str:
        if self.kind == "stack":
            return CELL_NAMES[self.frm] + CELL_NAMES[self.to]
        if self.kind == "choice":
            return CELL_NAMES[self.frm]
        return "m"

    @property
    def cells(self) -> tuple[str, ...]:
        """The cell names the token mentions, in order."""
        return tuple(CELL_NAMES[i] for i in (self.frm, self.to) if i >= 0)

    @classmethod
    def parse(cls, token: str) -> GravityMove:
        """Parse a token; raises :class:`ParseError` when it is malformed."""
        n = len(token)
        if n == 4:
            entry = _STACK_TOKENS.get(token)
            if entry is not None:
                return cls("stack", entry[0], entry[1])
            return cls("stack", cell_index(token[:2]), cell_index(token[2:]))
        if n == 2:
            return cls("choice", cell_index(token))
        if token == "m":
            return cls("moon")
        if token == "q":
            raise ParseError("q (give up) is a session action, not a move")
        raise ParseError(f"malformed Gravity move {token[:12]!r} (expected e.g. c3d3, d2 or m)")


def _parse_token(token: str) -> tuple[str, int, int]:
    """``("stack", f, t)``, ``("choice", x, -1)`` or ``("moon", -1, -1)``."""
    move = GravityMove.parse(token)
    return move.kind, move.frm, move.to


def _apply(state: GravityState, token: str, frames: list[GravityState] | None) -> GravityState:
    kind, a, b = _parse_token(token)
    cells = state.cells
    hole = state.hole
    if hole >= 0 and len(_candidates(cells, hole)) < 2:
        raise IllegalMoveError("a collapse is still running its forced steps (an animation frame); settle it first")
    if kind == "choice":
        if hole < 0:
            raise IllegalMoveError(f"{token}: there is no collapse choice to make now")
        if a not in OUTWARD[hole] or not cells[a]:
            cands = " ".join(collapse_candidates(state))
            raise IllegalMoveError(f"{token} cannot slide into the hole {CELL_NAMES[hole]}; choose one of {cands}")
        work = list(cells)
        work[hole] = work[a]
        work[a] = ()
        if frames is not None:
            frames.append(GravityState(state.moon, tuple(work), a, state.stacks, state.m2p, state.options))
        return _run(work, state.moon, a, state.stacks, state.m2p, state.options, frames)
    if hole >= 0:
        raise IllegalMoveError(f"{token}: first choose which pile slides into the hole {CELL_NAMES[hole]}")
    if kind == "moon":
        reason = moon_to_planet_reason(state)
        if reason is not None:
            raise IllegalMoveError(f"m (MOON to PLANET) is not legal: {reason}")
        work = list(cells)
        work[PLANET] = work[PLANET] + (state.moon[0],)
        return GravityState(state.moon[1:], tuple(work), -1, state.stacks, state.m2p + 1, state.options)
    f, t = a, b
    entry = _STACK_TOKENS.get(token)
    if entry is None:
        raise IllegalMoveError(f"{token}: {token[:2]} and {token[2:]} are not neighbours")
    bit = entry[2]
    pf, pt = cells[f], cells[t]
    if not pf or not pt:
        raise IllegalMoveError(f"{token}: both cells must hold a pile")
    if not _REL[pf[-1] * 52 + pt[-1]] & bit:
        way = "orthogonally" if bit == ORTHO else "diagonally"
        raise IllegalMoveError(f"{token}: {_CODES[pf[-1]]} cannot stack {way} onto {_CODES[pt[-1]]}")
    work = list(cells)
    work[t] = pt + pf
    work[f] = ()
    if frames is not None:
        frames.append(GravityState(state.moon, tuple(work), f, state.stacks + 1, state.m2p, state.options))
    return _run(work, state.moon, f, state.stacks + 1, state.m2p, state.options, frames)


# -- text -------------------------------------------------------------------

#: The rating bands' words (highest pile count, words), each translated by :func:`rating`.
_BANDS: Final = (
    # Translators: the rating of a game ended with one pile (the planet of the story, not the PLANET cell)
    (1, N_("Hero: the planet is whole again")),
    # Translators: the rating of a game ended with two or three piles
    (3, N_("Planet saved, with a little debris left")),
    # Translators: the rating of a game ended with four or five piles
    (5, N_("Everyone lives, but in gas masks")),
    # Translators: the rating of a game ended with six or seven piles
    (7, N_("Not a failure: you bought some time")),
)


def rating(piles: int) -> str:
    """The rating band of RULES.md 1.7 for a final pile count, in our words (in the language in use).

    >>> rating(1)
    'Hero: the planet is whole again'
    >>> rating(3), rating(8)
    ('Planet saved, with a little debris left', 'Failure: the planet is lost')
    """
    for top, text in _BANDS:
        if piles <= top:
            return _(text)
    # Translators: the rating of a game ended with eight piles or more
    return _("Failure: the planet is lost")


def _format_options(o: GravityOptions) -> str:
    values = {
        "decks": str(o.decks),
        "missing": "-".join(_CODES[m] for m in o.missing),
        "hidden": "1" if o.hidden else "",
        "nomoonplanet": "1" if o.nomoonplanet else "",
    }
    return format_option_values(Gravity.option_specs, values)


def _parse_options(text: str) -> GravityOptions:
    """The options; :class:`ParseError` saying what is wrong, in the language in use (the New
    deal dialog shows it; the command line's is English)."""
    v = parse_option_values(Gravity.option_specs, text, "Gravity")
    decks = int(v["decks"])
    missing: list[int] = []
    if v["missing"]:
        for code in v["missing"].split("-"):
            if code not in _ID_OF_CODE:
                # Translators: "missing" is the option's name (cards left out of the deck): keep it; {code} is what was typed
                raise ParseError(_("option missing: {code} is not a card code").format(code=repr(code[:8])))
            missing.append(_ID_OF_CODE[code])
    hidden = v["hidden"] == "1"
    nomoon = v["nomoonplanet"] == "1"
    counts = Counter(missing)
    for cid, n in sorted(counts.items()):
        if n > decks:
            # Translators: "missing" is the option's name (cards left out of the deck): keep it; {card} is a card's
            # code (AS), {n} how many times it was listed, {decks} the number of decks
            raise ParseError(ngettext("option missing: {card} is listed {n} times but there is only {decks} copy",
                                      "option missing: {card} is listed {n} times but there are only {decks} copies",
                                      decks).format(card=_CODES[cid], n=n, decks=decks))
    opts = GravityOptions(decks, tuple(sorted(missing)), hidden, nomoon)
    if opts.n_total < 25:
        # Translators: "missing" is the option's name (cards left out of the deck): keep it; Gravity is the game's name
        raise ParseError(ngettext("option missing leaves {n} card; Gravity needs at least 25",
                                  "option missing leaves {n} cards; Gravity needs at least 25",
                                  opts.n_total).format(n=opts.n_total))
    return opts


def _format_state(s: GravityState, moon_text: str | None = None) -> str:
    codes = _CODES
    rows = []
    for r in range(5):
        rows.append(".".join("".join(codes[c] for c in p) if p else "-" for p in s.cells[5 * r : 5 * r + 5]))
    m = "".join(codes[c] for c in s.moon) if moon_text is None else moon_text
    h = CELL_NAMES[s.hole] if s.hole >= 0 else "-"
    text = f"GR1|M={m}|G={'/'.join(rows)}|H={h}|N={s.stacks}.{s.m2p}"
    opts = _format_options(s.options)
    if opts:
        text += f"|O={opts}"
    return text


def view_text(state: GravityState) -> str:
    """The state text a player may see: in ``hidden`` mode ``M`` is only a count (``M=?27``)."""
    if state.options.hidden:
        return _format_state(state, f"?{len(state.moon)}")
    return _format_state(state)


def _ids(text: str, field: str) -> tuple[int, ...]:
    return tuple(_ID_OF_CODE[c.code] for c in parse_cards(text, field))


def _parse_state(text: str) -> GravityState:
    f = parse_fields(text, "GR1", ("M", "G", "H", "N"))
    options = _parse_options(f.get("O", ""))
    if f["M"].startswith("?"):
        raise ParseError("field M: a hidden view (M=?n) cannot be parsed as a state")
    moon = _ids(f["M"], "M")
    rows = f["G"].split("/")
    if len(rows) != 5:
        raise ParseError(f"field G must have 5 rows separated by '/', not {len(rows)}")
    cells: list[tuple[int, ...]] = []
    for r, row in enumerate(rows):
        items = row.split(".")
        if len(items) != 5:
            raise ParseError(f"field G: row {r + 1} must have 5 cells separated by '.', not {len(items)}")
        for k, item in enumerate(items):
            if item == "-":
                cells.append(())
            elif item == "":
                raise ParseError(f"field G: cell {CELL_NAMES[5 * r + k]} is blank (write '-' for an empty cell)")
            else:
                cells.append(_ids(item, f"G ({CELL_NAMES[5 * r + k]})"))
    if f["H"] == "-":
        hole = -1
    else:
        try:
            hole = cell_index(f["H"])
        except ParseError as exc:
            raise ParseError(f"field H: {exc}") from None
        if cells[hole]:
            raise ParseError(f"field H: the hole {f['H']} is not empty")
    n_text = f["N"]
    a, dot, b = n_text.partition(".")
    if not dot or not a.isdigit() or not b.isdigit() or not a.isascii() or not b.isascii() or len(n_text) > 12:
        raise ParseError(f"field N must be stacks.moon_to_planet, not {n_text[:12]!r}")
    stacks, m2p = int(a), int(b)
    have: Counter[int] = Counter(moon)
    for p in cells:
        have.update(p)
    if have != Counter(options.deck()):
        extra = sorted((have - Counter(options.deck())).elements())
        lack = sorted((Counter(options.deck()) - have).elements())
        detail = []
        if extra:
            detail.append("extra " + " ".join(_CODES[c] for c in extra[:6]))
        if lack:
            detail.append("missing " + " ".join(_CODES[c] for c in lack[:6]))
        raise ParseError(f"fields M and G: the cards do not match the deck ({'; '.join(detail)})")
    occupied = [bool(p) for p in cells]
    if moon:
        for i in range(25):
            if not occupied[i] and i != hole:
                raise ParseError(f"field G: cell {CELL_NAMES[i]} is empty while the MOON still has cards")
    region = list(occupied)
    if hole >= 0:
        region[hole] = True
    for i in range(25):
        if region[i]:
            for j in INWARD[i]:
                if not region[j]:
                    raise ParseError(
                        f"field G: cell {CELL_NAMES[i]} is occupied but its inward neighbour {CELL_NAMES[j]} is empty"
                    )
    if not region[PLANET]:
        raise ParseError("field G: the PLANET c3 is empty")
    if sum(occupied) + len(moon) + stacks + m2p != options.n_total:
        raise ParseError(
            f"field N: {stacks}.{m2p} does not fit the board: occupied cells + MOON + stacks + MOON->PLANET"
            f" must equal {options.n_total} cards"
        )
    return GravityState(moon, tuple(cells), hole, stacks, m2p, options)


# -- the game object --------------------------------------------------------


class Gravity:
    """The Gravity rules engine (see the module docstring)."""

    id = "gravity"
    magic = "GR1"
    title = "Gravity"
    option_specs: tuple[OptionSpec, ...] = (
        # Each help is the New deal dialog's label of its field, translated where the dialog is made.
        OptionSpec("decks", "int", "1", N_("Number of 52-card decks shuffled together"), ("1", "2", "3")),
        # Translators: AS-TH are card codes, as the field takes them: keep them
        OptionSpec("missing", "cards", "", N_("Cards to leave out of the deck, like AS-TH (ace of spades, ten of hearts)")),
        # Translators: the MOON (the spare cards) is one of the game's named places
        OptionSpec("hidden", "flag", "", N_("Harder: the MOON's top card stays face down")),
        # Translators: the PLANET (the middle cell) and the MOON (the spare cards) are the game's named places
        OptionSpec("nomoonplanet", "flag", "", N_("No MOON card onto the PLANET when stuck")),
    )

    def parse_options(self, text: str) -> GravityOptions:
        """Options from their ``O=`` form.

        >>> GRAVITY.format_options(GRAVITY.parse_options("hidden,missing=2C-QH,decks=2"))
        'decks=2,missing=QH-2C,hidden'
        """
        return _parse_options(text)

    def format_options(self, options: GravityOptions) -> str:
        return _format_options(options)

    def deal(self, seed: int, options: GravityOptions) -> GravityState:
        """Shuffle (RULES.md 0.2), 25 cards to cells a1..e5, the rest form the MOON."""
        deck = shuffled(options.deck(), seed)
        cells = tuple((c,) for c in deck[:25])
        return GravityState(tuple(deck[25:]), cells, -1, 0, 0, options)

    def legal_moves(self, state: GravityState) -> list[str]:
        """Collapse choices by cell index; else stacks by from- then to-cell index, then ``m``."""
        hole = state.hole
        cells = state.cells
        if hole >= 0:
            cand = [x for x in OUTWARD[hole] if cells[x]]
            return [CELL_NAMES[x] for x in cand] if len(cand) >= 2 else []
        moves = _stacks(cells)
        if not moves and state.moon and not state.options.nomoonplanet:
            return ["m"]
        return moves

    def apply(self, state: GravityState, token: str) -> GravityState:
        return _apply(state, token, None)

    def steps(self, state: GravityState, token: str) -> list[GravityState]:
        """Frames for animation: after the stack (``H`` = the new hole), after each
        slide (``H`` = the hole it left), then ``apply``'s result (MOON card landed,
        or the collapse ended). Frames that would repeat a board are left out.

        >>> st = GRAVITY.deal(42, DEFAULT_OPTIONS)
        >>> frames = GRAVITY.steps(st, "e2e3")
        >>> frames[-1] == GRAVITY.apply(st, "e2e3"), [f.hole for f in frames]
        (True, [9, 4, -1])
        """
        frames: list[GravityState] = []
        final = _apply(state, token, frames)
        if frames and frames[-1].cells == final.cells and frames[-1].moon == final.moon:
            frames.pop()
        frames.append(final)
        return frames

    def status(self, state: GravityState) -> Status:
        if not is_over(state):
            return "playing"
        return "won" if self.score(state) == 1 else "finished"

    def score(self, state: GravityState) -> int:
        return sum(1 for p in state.cells if p) + len(state.moon)

    def format_state(self, state: GravityState) -> str:
        return _format_state(state)

    def parse_state(self, text: str) -> GravityState:
        return _parse_state(text)

    def options_of(self, state: GravityState) -> GravityOptions:
        return state.options


GRAVITY: Final = Gravity()


# -- finding demonstration positions ------------------------------------------


def find_situation(
    kind: str, options: str = "", seeds: range = range(1, 2000), attempts: int = 20
) -> tuple[int, list[str]]:
    """A seed and move list (for a link) reaching a situation, by seeded random play.

    ``kind`` is ``"stuck"`` (no stack legal, MOON not empty: only ``m``),
    ``"choice"`` (a collapse choice pending), or ``"forced"`` (the last move
    was a single stack, not onto the outward neighbour, whose whole collapse
    was forced and took at least one slide). Deterministic: the same arguments give the same answer.

    >>> seed, moves = find_situation("choice")
    >>> st = GRAVITY.deal(seed, DEFAULT_OPTIONS)
    >>> for tok in moves: st = GRAVITY.apply(st, tok)
    >>> st.hole >= 0
    True
    """
    if kind not in ("stuck", "choice", "forced"):
        raise ValueError(f"unknown situation {kind!r}")
    opts = _parse_options(options)
    for seed in seeds:
        for attempt in range(attempts):
            rng = SplitMix64(seed * 1000 + attempt)
            st = GRAVITY.deal(seed, opts)
            moves: list[str] = []
            while True:
                legal = GRAVITY.legal_moves(st)
                if kind == "stuck" and legal == ["m"]:
                    return seed, moves
                if kind == "choice" and st.hole >= 0:
                    return seed, moves
                if not legal:
                    break
                if kind == "forced":
                    for tok in legal:
                        if len(tok) == 4 and _CELL_INDEX[tok[2:]] not in OUTWARD[_CELL_INDEX[tok[:2]]]:
                            frames = GRAVITY.steps(st, tok)
                            if frames[-1].hole < 0 and len(frames) >= 3:
                                return seed, moves + [tok]
                tok = legal[rng.rand_below(len(legal))]
                moves.append(tok)
                st = GRAVITY.apply(st, tok)
    raise LookupError(f"no {kind} situation found")

