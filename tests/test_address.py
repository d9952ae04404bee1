"""A link followed in an open tab is never lost to a draw that comes before its ``hashchange``
(pyapp/web/address.py). The axe-core test once failed with ``no arrow path from ('Z22', 0) to ('W', 2)``
when the close event of the dialog Escape had just closed drew the page between the test's
``location.hash = ...`` and its ``hashchange``, and wrote the old address back over the link.

:class:`Tab` does with a controller and a fake ``location.hash`` what :class:`pyapp.web.browser.Binding`
does with the page's (``start``, ``render``, ``hash_changed``); e2e/test_e2e_shell.py checks the page."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.ui import focus
from pyapp.web.address import AddressBar
from pyapp.app.controller import Controller, MemoryStorage
from pyapp.core.links import Link

LINKS = ("#g=zodiac&s=5", "#g=zodiac&s=5&m=S", "#g=zodiac&s=5&m=S.S.S", "#g=zodiac&v=1&o=&s=5&m=S.S",
         "#g=gyre&s=1", "#g=gravity&v=1&o=&s=42")


class Tab:
    """The page's address bar and what it shows, as the binding keeps them."""

    def __init__(self, fragment: str) -> None:
        self.hash = fragment  # location.hash
        self.hashchanges = 0  # hashchange events on their way
        self.ctl = Controller(MemoryStorage(), reduced_motion=True)
        self.bar = AddressBar(self.ctl.open_link)
        self.bar.wrote(self.hash)
        self.ctl.start(self.hash)
        self.draw()

    def follow(self, fragment: str) -> None:
        """``location.hash = fragment``: the address changes now, the page hears of it later."""
        if fragment != self.hash:
            self.hash = fragment
            self.hashchanges += 1

    def draw(self) -> None:
        """``Binding.render``: the bar read first, then the view's address written into it."""
        self.bar.read(self.hash)
        address = self.ctl.view().address
        if self.hash != address:
            self.hash = address
            self.bar.wrote(self.hash)

    def hashchange(self) -> None:
        """``Binding.hash_changed``."""
        self.hashchanges -= 1
        self.bar.read(self.hash)
        self.draw()


def shows(tab: Tab, fragment: str) -> bool:
    session = tab.ctl.session
    return session is not None and session.link().fragment() == Link.parse(fragment).fragment() == tab.hash


def test_a_draw_before_the_links_hashchange_opens_the_link() -> None:
    tab = Tab("#g=zodiac&s=5")
    tab.follow("#g=zodiac&s=5&m=S.S.S")
    tab.draw()  # a dialog's close event, a timer, a resize: before the hashchange
    tab.hashchange()
    assert shows(tab, "#g=zodiac&s=5&m=S.S.S")
    table = tab.ctl.tables.table_now()
    assert table is not None  # the axe-core test's walk to the waste's top card (it once found no waste card)
    assert focus.path(table, ("Z22", 0), ("W", 2))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LINKS), st.lists(st.sampled_from(("draw", "hashchange")), max_size=4)),
                min_size=1, max_size=5))
def test_the_last_link_followed_is_shown_whatever_draws_come_between(steps: list[tuple[str, list[str]]]) -> None:
    """Links followed one after another, each with draws and hashchanges in any order after it
    (a hashchange never before its link): once every hashchange has come, the page shows the
    last link, and the address bar says so."""
    tab = Tab("#g=gyre&s=7")
    for link, events in steps:
        tab.follow(link)
        for event in events:
            if event == "draw":
                tab.draw()
            elif tab.hashchanges:
                tab.hashchange()
    while tab.hashchanges:
        tab.hashchange()
    assert shows(tab, steps[-1][0])
