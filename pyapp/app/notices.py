"""What the player is told: the notice on the page (one at a time, each with a serial so
a late timer never dismisses a newer one, errors staying until dismissed), and the
one-shot effects of the intents since the page last drew (:class:`~pyapp.ui.view.Effects`:
a move's forced steps, words for screen readers, a link to copy, a win to celebrate).

>>> n = Notices()
>>> n.say("Restarted."); n.shown.timeout, n.expire(n.shown.serial), n.shown
(4.0, True, None)
>>> n.say("Bad link", error=True); n.drop_stale(); n.shown.text
'Bad link'
>>> p = Pending(); p.tell("Moved."); p.tell("Then: slid."); p.take(False).announce, p.take(False).announce
('Moved. Then: slid.', '')
"""

from __future__ import annotations

from typing import Final

from ..ui.view import Board, Effects, Notice

#: How long a notice stays, in seconds: a plain one, and one that offers an action.
#: Errors, and notices the player must act on (a link to copy by hand), stay until dismissed.
NOTICE_SECONDS: Final = 4.0
NOTICE_ACTION_SECONDS: Final = 10.0


class Notices:
    def __init__(self) -> None:
        self.shown: Notice | None = None
        self._action: tuple[str, str] | None = None
        self._more: tuple[str, str] | None = None
        self._serial = 0

    def say(self, text: str, action: tuple[str, str] | None = None, error: bool = False,
            lasting: bool = False, more: tuple[str, str] | None = None) -> None:
        """Show a notice (``action``, and ``more`` for a second button: a label and what it does):
        errors and ``lasting`` ones stay until dismissed, the others dismiss themselves."""
        self._serial += 1
        timeout = 0.0 if error or lasting else NOTICE_ACTION_SECONDS if action or more else NOTICE_SECONDS
        self.shown = Notice(text, action[0] if action else "", error, timeout, self._serial, more=more[0] if more else "")
        self._action, self._more = action, more

    def dismiss(self) -> None:
        self.shown = None
        self._action = self._more = None

    def drop_stale(self) -> None:
        """The game changed: a notice about the old position goes (errors stay until dismissed)."""
        if self.shown is not None and not self.shown.error:
            self.dismiss()

    def expire(self, serial: int) -> bool:
        """The notice ``serial``'s time is up: it goes, unless a newer one replaced it (True when it went)."""
        if self.shown is None or self.shown.serial != serial:
            return False
        self.dismiss()
        return True

    def act(self, more: bool = False) -> str:
        """The notice's button (``more``: its second one) was pressed: the notice goes; what
        the button does ("" for none).

        >>> n = Notices(); n.say("Not sure.", ("Show me", "show-line"), more=("Keep looking", "look-longer"))
        >>> n.shown.action, n.shown.more, n.act(more=True), n.shown
        ('Show me', 'Keep looking', 'look-longer', None)
        """
        action = self._more if more else self._action
        self.dismiss()
        return action[1] if action is not None else ""


class Pending:
    """The effects of the intents since they were last taken."""

    def __init__(self) -> None:
        self.frames: tuple[Board, ...] = ()
        self.copy = ""
        self.words = ""
        self.celebrate = False

    def tell(self, *words: str) -> None:
        """Words for the live region (screen readers), said once."""
        self.words = " ".join(w for w in (self.words, *words) if w)

    def take(self, focus_moved: bool) -> Effects:
        """The effects, handed out once (``focus_moved``: a key moved the keyboard's focus)."""
        effects = Effects(self.frames, self.copy, self.words, focus_moved, self.celebrate)
        self.frames, self.copy, self.words, self.celebrate = (), "", "", False
        return effects
