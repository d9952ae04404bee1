"""A first move rehearsed off the page: the page's first move ran the Python and the
browser's drawing code cold and took 50-80 ms, a long task, against about 10 ms for
the next ones (docs/PERFORMANCE.md). The binding draws these views on a board that is
not in the page, a view per task, while the player has not moved yet.

>>> c = Controller(MemoryStorage()); c.start("#g=gyre&v=1&o=&s=42"); before = c.view()
>>> views = list(rehearsal(c))
>>> len(views), views[0].board == before.board, views[2].address != before.address
(6, True, True)
>>> c.view() == before, list(rehearsal(Controller(MemoryStorage())))
(True, [])
"""

from __future__ import annotations

from typing import Iterator

from ..app.controller import Controller
from ..core.storage import MemoryStorage
from ..ui.view import View


def rehearsal(ctl: Controller) -> Iterator[View]:
    """The views of a first move played on a twin of ``ctl``'s game that nobody sees, one at
    a time: the position, a card lifted, dropped on its target, the move taken back, the card
    tapped and its target tapped. ``ctl`` is left as it was; nothing is rehearsed on the start
    screen, under a dialog or over a replay."""
    session = ctl.session
    if ctl.screen != "game" or session is None or ctl.watching.replay is not None or ctl.dialog is not None:
        return
    twin = Controller(MemoryStorage(), reduced_motion=ctl.settings.instant)
    twin.settings, twin.layout.portrait = ctl.settings, ctl.layout.portrait
    twin.open_link(session.link().fragment())
    yield twin.view()
    table = twin.tables.table_now()
    gestures = [g for g in table.gestures if g.source and g.target] if table else []
    gesture = next((g for g in gestures if g.pick is None), gestures[0] if gestures else None)  # one that plays
    if gesture is None or gesture.source is None or gesture.target is None:
        return
    twin.pointer.lift(gesture.source)
    yield twin.view()
    twin.drop(gesture.source, gesture.target)
    yield twin.view()
    twin.undo()
    yield twin.view()
    for pile, index in (gesture.source, (gesture.target, None)):
        twin.tap(pile, index)
        yield twin.view()
