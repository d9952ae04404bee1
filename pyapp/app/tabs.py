"""Nothing a player has is lost to another tab or to a device that will not keep it.

- **Another tab.** The page hears when another tab of the same browser writes a record
  (the ``storage`` event, :meth:`Tabs.stored_elsewhere`): settings follow the last change
  in any tab; the statistics take in the games counted there (each game counted once,
  whichever tab ends it: :meth:`pyapp.stats.keeper.StatsKeeper.merge_stored`); a game on
  the table that went on in the other tab is said, with one tap to load it (this tab's game
  is kept). A move made here before that keeps the other tab's game aside, said with one
  tap to open it (:meth:`pyapp.app.saves.Saves.write`).
- **A device that will not keep it** (a full quota, a private mode): the player is told
  once that the game is not being kept on this device and offered the link, which keeps
  it; the values refused are written again with every later write
  (:class:`pyapp.core.storage.SafeStorage`), and the player is told when they are kept again.

The tabs' part of the app (see :mod:`pyapp.app.state`): it reads the state it acts on and
hands back what changes as :class:`~pyapp.app.state.Outcome` values.

>>> from pyapp.app.controller import Controller, MemoryStorage
>>> shared = MemoryStorage(); tab_a, tab_b = Controller(shared), Controller(shared)
>>> tab_b.start("#g=gravity&s=777"); tab_a.start("#g=gravity&s=777&m=b3c4.b4")
>>> tab_b.tabs.stored_elsewhere("orbit.save.gravity"), tab_b.notice.text, tab_b.notice.action
(True, 'This game went on in another tab.', 'Load it')
>>> tab_b.notice_action(); tab_b.session.moves, tab_b.notice.action
(('b3c4', 'b4'), 'Back to mine')
"""

from __future__ import annotations

from typing import Callable, Final

from ..core.settings import SETTINGS_KEY, Settings
from ..core.storage import Storage
from ..i18n import N_, _
from ..stats.keeper import STATS_KEY, StatsKeeper
from .opening import Opened, Opener
from .saves import Saves, save_text
from .state import Now, Outcome, Say, Unkept

# What the notices say, marked for the catalogue here and translated where they are said.
#: Told once when the device refuses to keep what the player has.
NOT_KEPT: Final = N_("This device is not keeping your game (its storage is full or blocked): "
                     "copy the link to keep it.")
KEPT_AGAIN: Final = N_("Your game is kept on this device again.")
WENT_ON: Final = N_("This game went on in another tab.")
KEPT_OTHER: Final = N_("This game had gone on in another tab: yours is saved here, and that one is kept too.")
LOADED: Final = N_("The game from the other tab is here; the one from this tab is kept.")


class Tabs:
    """The records shared with other tabs and the device (see the module doc)."""

    def __init__(self, now: Callable[[], Now], emit: Callable[[Outcome], None], storage: Storage, saves: Saves,
                 opener: Opener, stats: StatsKeeper, stored_settings: Callable[[], Settings]) -> None:
        """``stored_settings``: the settings as stored (by any tab)."""
        self.now, self.emit = now, emit
        self.storage, self.saves, self.opener, self.stats, self.stored_settings = \
            storage, saves, opener, stats, stored_settings

    def saved(self, elsewhere: bool) -> None:
        """The game was just saved; ``elsewhere``: another tab's game was kept aside first."""
        if elsewhere:
            # Translators: the notice's button: open the game kept from the other tab.
            button = _("Open it")
            self.emit(Outcome(say=Say(_(KEPT_OTHER), (button, "other-tab"), lasting=True)))
        self.check()

    def check(self) -> None:
        """Say once that the device is not keeping the game, and again when it keeps it."""
        failing, now = self.storage.failing(), self.now()
        if failing and not now.ui.unkept and now.session is not None:
            # Translators: the notice's button: copy the game's share link.
            button = _("Copy link")
            self.emit(Outcome(ui=(Unkept(True),), say=Say(_(NOT_KEPT), (button, "copy"), error=True)))
        elif not failing and now.ui.unkept:
            self.emit(Outcome(ui=(Unkept(False),), say=Say(_(KEPT_AGAIN))))

    def stored_elsewhere(self, key: str) -> bool:
        """Another tab wrote ``key`` (the page's ``storage`` event): True when what is shown changed."""
        if key == SETTINGS_KEY:
            self.emit(Outcome(settings=self.stored_settings()))
            return True
        if key == STATS_KEY:
            return self.stats.merge_stored()
        now = self.now()
        s = now.session
        if s is None or key != self.saves.key(s.game.id, now.day is not None) \
                or not self.saves.changed_elsewhere(s.game.id, now.day is not None):
            return False
        # Translators: the notice's button: load the game as the other tab left it.
        button = _("Load it")
        self.emit(Outcome(say=Say(_(WENT_ON), (button, "load-elsewhere"), lasting=True)))
        return True

    def notice_action(self, action: str) -> bool:
        """The actions of the notices above; False for another."""
        now = self.now()
        s = now.session
        if action == "copy":
            self.emit(Outcome(copy=True))
        elif action not in ("other-tab", "load-elsewhere"):
            return False
        elif s is not None:
            daily = now.day is not None
            if action == "other-tab":
                if not self.saves.swap_other(s.game.id, daily):
                    return True
                said = (_("The game kept from the other tab is here; this one is kept too."),
                        # Translators: the notice's button: back to the game this tab had.
                        _("Back to it"))
            else:  # this tab's game is kept where the other tab's would be
                self.storage.set(self.saves.other_key(s.game.id, daily), save_text(s, now.day, now.elapsed))
                said = (_(LOADED),
                        # Translators: the notice's button: back to this tab's own game.
                        _("Back to mine"))
            self.emit(Outcome(put=(self.opener.resume(s.game.id, daily) or Opened(),),
                              say=Say(said[0], (said[1], "other-tab"), lasting=True)))
        return True
