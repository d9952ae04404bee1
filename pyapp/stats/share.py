"""Today's result as a message to send: a few lines in the player's language that a friend can
read without spoilers, and a link that opens the same deal fresh.

The message says the game, the daily deal's date, the result (and the par, the best possible,
when it is known), the moves and the time; a bar of characters draws how the game went (the
score over the game, from the deal to its end, better going up); the last line is the link
to the deal **without the player's moves**. It never carries a move or a card.

>>> import datetime
>>> from pyapp.games import entry
>>> day = datetime.date(2026, 12, 5)
>>> print(share_message(Shared("gyre", day, 58, False, 74, 580_000, (0, 10, 24, 30, 47, 58), Par(False, 61)),
...                     "https://example.org/orbit/"))  # doctest: +ELLIPSIS
Solitaire Orbit · Gyre · 2026-12-05
58 points in 74 moves, 9:40. Par: 61 points.
▁▂▄▅▇█
https://example.org/orbit/#g=gyre&v=1&o=&s=...
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..core.clock import format_duration
from ..core.compact import unpack
from ..core.daily import Par, daily_link
from ..core.errors import OrbitError
from ..core.links import Link
from ..games import entry, get_game
from ..i18n import _, ngettext, number
from .record import Result

#: The characters of the bar, lowest first (Unicode's block elements: every phone's font has them).
BLOCKS: Final = "▁▂▃▄▅▆▇█"
#: The most characters the bar takes (a long game is sampled).
BAR: Final = 12


@dataclass(frozen=True)
class Shared:
    """What the message says of one finished daily deal."""

    game: str
    #: The daily deal's date (UTC): the deal everyone played that day.
    day: datetime.date
    #: The final score, in the game's own terms.
    score: int
    won: bool
    #: The player's moves (:meth:`pyapp.games.GameEntry.moves_made`).
    moves: int
    #: Time played in milliseconds (0: not timed).
    elapsed_ms: int
    #: The score after each move, the deal's first (the bar); () when not known.
    scores: Sequence[int] = ()
    #: The best possible from the deal, when known: a win, or Gyre's exact best.
    par: Par | None = None


def bar(scores: Sequence[int], lower_is_better: bool) -> str:
    """How a game went, in at most :data:`BAR` characters: its score from the deal to the end,
    sampled, each as high as it is between the worst and the best it reached (better is higher).

    >>> bar([52, 40, 30, 12, 5, 1], lower_is_better=True), bar([0, 3, 3, 9], lower_is_better=False)
    ('▁▃▄▆▇█', '▁▃▃█')
    >>> bar([], False), bar([7, 7], False), len(bar(list(range(500)), False))
    ('', '▁▁', 12)
    """
    if not scores:
        return ""
    picked = [scores[round(i * (len(scores) - 1) / (BAR - 1))] for i in range(BAR)] if len(scores) > BAR \
        else list(scores)
    values = [-s for s in picked] if lower_is_better else picked
    low, high = min(values), max(values)
    if high == low:
        return BLOCKS[0] * len(values)
    top = len(BLOCKS) - 1
    return "".join(BLOCKS[round((v - low) * top / (high - low))] for v in values)


def share_message(shared: Shared, base: str) -> str:
    """The message (see the module doc); ``base``: the page's address without its fragment."""
    known = entry(shared.game)
    # Translators: the first line of a shared daily result: the app, the game's name and the date.
    lines = [_("Solitaire Orbit · {game} · {date}").format(game=known.title, date=shared.day.isoformat())]
    n, time = shared.moves, format_duration(shared.elapsed_ms)
    if shared.won and shared.elapsed_ms > 0:
        # Translators: a shared daily result: "Won in 87 moves, 6:12." ({time}: minutes and seconds played).
        said = ngettext("Won in {n} move, {time}.", "Won in {n} moves, {time}.", n)
    elif shared.won:
        # Translators: a shared daily result, not timed: "Won in 87 moves."
        said = ngettext("Won in {n} move.", "Won in {n} moves.", n)
    elif shared.elapsed_ms > 0:
        # Translators: a shared daily result: "3 piles left in 87 moves, 6:12." ({result}: the score with its unit).
        said = ngettext("{result} in {n} move, {time}.", "{result} in {n} moves, {time}.", n)
    else:
        # Translators: a shared daily result, not timed: "3 piles left in 87 moves."
        said = ngettext("{result} in {n} move.", "{result} in {n} moves.", n)
    said = said.format(n=number(n), time=time, result=known.amount(shared.score))
    if shared.par is not None:
        if shared.par.won or shared.par.score is None:
            # Translators: after a shared daily result: the deal could be won (its par).
            par = _("Par: a win.")
        else:
            # Translators: after a shared daily result: the best score possible on the deal.
            par = _("Par: {best}.").format(best=known.amount(shared.par.score))
        # Translators: two sentences of a shared daily result, the result then its par, as the language
        # puts one sentence after another (Japanese: with no space between them).
        said = _("{result} {par}").format(result=said, par=par)
    lines.append(said)
    if drawn := bar(shared.scores, known.lower_is_better):
        lines.append(drawn)
    lines.append(base.split("#")[0] + daily_link(shared.game, shared.day))
    return "\n".join(lines)


def scores_of(link: str) -> tuple[int, ...]:
    """The score after each move of a game's link (with its moves), the deal's first; () when
    it cannot be read (a record's result may keep no link).

    >>> from pyapp.games import get_game
    >>> g = get_game("square"); s = g.deal(4, g.parse_options("")); t = g.legal_moves(s)[0]
    >>> scores_of(f"#g=square&v=1&o=&s=4&m={t}") == (g.score(s), g.score(g.apply(s, t))), scores_of("#nonsense")
    (True, ())
    """
    try:
        read = Link.parse(link)
        game = get_game(read.game)
        state = game.deal(read.seed, game.parse_options(read.options))
        moves = unpack(game, state, read.packed) if read.packed else read.moves
        scores = [game.score(state)]
        for token in moves:
            state = game.apply(state, token)
            scores.append(game.score(state))
    except (OrbitError, KeyError, ValueError):
        return ()
    return tuple(scores)


def shared_from(result: Result, par: Par | None = None) -> Shared | None:
    """What the message says of a result of the statistics (today's, or any past daily deal's);
    None when it was no daily deal, or did not end. ``par``: the best possible, when known from
    elsewhere (today's pool); else what the solver proved of the deal when the game ended.

    >>> r = Result("gravity", "", 5, "2026-12-05T10:00:00.000Z", 1, True, "2026-12-05T10:09:00Z", 40, "won",
    ...            daily="2026-12-05", judged="won", possible=1)
    >>> shared = shared_from(r); shared.day, shared.par, shared.scores
    (datetime.date(2026, 12, 5), Par(won=True, score=None), ())
    >>> import dataclasses
    >>> shared_from(dataclasses.replace(r, daily="")) is None
    True
    """
    if not result.daily or not result.ended:
        return None
    if par is None and result.judged == "won":
        par = Par(True)
    elif par is None and result.judged == "exact":
        par = Par(False, result.possible)
    return Shared(result.game, datetime.date.fromisoformat(result.daily), result.score, result.won, result.moves,
                  result.elapsed_ms, scores_of(result.link) if result.link else (), par)
