"""The address bar's fragment as the page last read or wrote it, so that a draw never
writes the page's old address over a link the player just followed.

A link followed in an open tab (typed, pasted, or a test's ``location.hash = ...``) changes
``location.hash`` at once, but the page hears of it only from the ``hashchange`` event, a task
of its own. A draw that runs in between (the close event of a dialog closed by Escape, which
comes with the next frame; a timer; a resize) used to see the new fragment differ from the
view's address and put the old address back (``history.replaceState``): the event then read
the old address and the link was lost, the page staying on the game before it (issue 43: the
axe-core test's ``no arrow path from ('Z22', 0) to ('W', 2)``). So each draw first reads the
bar: a fragment the page has neither read nor written is a link followed, opened then (its
``hashchange``, when it comes, finds it read). :class:`pyapp.web.browser.Binding` holds one.

>>> opened = []
>>> bar = AddressBar(opened.append); bar.wrote("#g=zodiac&v=1&o=&s=5")
>>> bar.read("#g=zodiac&v=1&o=&s=5"), opened  # the page's own address: nothing to open
(False, [])
>>> bar.read("#g=zodiac&s=5&m=S.S.S"), bar.read("#g=zodiac&s=5&m=S.S.S"), opened  # a link: opened once
(True, False, ['#g=zodiac&s=5&m=S.S.S'])
"""

from __future__ import annotations

from typing import Callable


class AddressBar:
    """What the page knows of its address bar's fragment (``location.hash``)."""

    def __init__(self, open_link: Callable[[str], object]) -> None:
        self._open = open_link
        #: The fragment the page last read or wrote ("": none, as ``location.hash`` says it).
        self.known = ""

    def read(self, fragment: str) -> bool:
        """The bar shows ``fragment`` (on a ``hashchange``, and before each draw): when the
        page has neither read nor written it, it is a link followed, opened now. True when opened."""
        if fragment == self.known:
            return False
        self.known = fragment
        self._open(fragment)
        return True

    def wrote(self, fragment: str) -> None:
        """The page put ``fragment`` in the bar (``history.replaceState``), or started on it."""
        self.known = fragment
