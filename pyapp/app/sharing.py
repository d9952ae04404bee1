"""Share result: what the end screen of a daily deal and the statistics' daily results hand
to the binding to send (:attr:`pyapp.ui.view.Effects.share`), built from the game on the table
or from the record (:mod:`pyapp.stats.share` words it).

>>> import datetime
>>> from pyapp.games import get_game
>>> s = Session.new(get_game("gyre"), 5)
>>> s = s.played(s.legal_moves()[0])
>>> shared = session_shared(s, datetime.date(2026, 12, 5), 61_000, None)
>>> shared.game, shared.moves, shared.scores == tuple(s.game.score(x) for x in s.states)
('gyre', 1, True)
>>> share_id("gyre-2026-12-05"), share_id("gyre-2026-13-05"), share_id("nothing")
(('gyre', datetime.date(2026, 12, 5)), None, None)
>>> from pyapp.core.search import Verdict
>>> par_of(Verdict("won", 1, ("a",), True, 9)), par_of(Verdict("best", 55, (), True, 9)), par_of(Verdict("best", 55, (), False, 9))
(Par(won=True, score=None), Par(won=False, score=55), None)
"""

from __future__ import annotations

import datetime

from ..core.daily import Par
from ..games import entry
from ..core.search import Verdict
from ..stats.share import Shared
from .session import Session


def par_of(known: Verdict | None) -> Par | None:
    """The par a proof gives (the deal's verdict from the record): a win, or an exact best."""
    if known is None or known.score is None:
        return None
    if known.kind == "won":
        return Par(True)
    return Par(False, known.score) if known.exact else None


def session_shared(session: Session, day: datetime.date, elapsed_ms: int, par: Par | None) -> Shared:
    """What the message says of the daily deal of ``day`` on the table (the game just ended)."""
    game = session.game
    return Shared(game.id, day, game.score(session.state), session.status() == "won",
                  entry(game.id).moves_made(session.moves), elapsed_ms,
                  tuple(game.score(s) for s in session.states), par)


def share_id(name: str) -> tuple[str, datetime.date] | None:
    """The game and the day of a statistics' Share button (``stats-share-GAME-DATE`` without
    its ``stats-share-``); None for anything else."""
    game, _dash, iso = name.partition("-")
    try:
        return (game, datetime.date.fromisoformat(iso)) if game and iso else None
    except ValueError:
        return None
