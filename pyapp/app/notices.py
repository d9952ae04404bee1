"""The one-shot effects of the intents since the page last drew (:class:`~pyapp.ui.view.Effects`:
a move's forced steps, words for screen readers, a link to copy, a win to celebrate, sounds). The
notice on the page is a slice of the app's state (:class:`pyapp.app.state.Told`).

>>> p = Pending(); p.tell("Moved."); p.tell("Then: slid."); p.take(False).announce, p.take(False).announce
('Moved. Then: slid.', '')
"""

from __future__ import annotations

from ..ui.view import Board, Effects

class Pending:
    """The effects of the intents since they were last taken."""

    def __init__(self) -> None:
        self.frames: tuple[Board, ...] = ()
        self.copy = ""
        self.words = ""
        self.celebrate = False
        self.share = ""
        self.sounds: tuple[str, ...] = ()

    def tell(self, *words: str) -> None:
        """Words for the live region (screen readers), said once."""
        self.words = " ".join(w for w in (self.words, *words) if w)

    def sound(self, *names: str) -> None:
        """Sounds to play (:mod:`pyapp.ui.sounds`), after those already waiting."""
        self.sounds += names

    def take(self, focus_moved: bool) -> Effects:
        """The effects, handed out once (``focus_moved``: a key moved the keyboard's focus)."""
        effects = Effects(self.frames, self.copy, self.words, focus_moved, self.celebrate, self.share, self.sounds)
        self.frames, self.copy, self.words, self.celebrate, self.share = (), "", "", False, ""
        self.sounds = ()
        return effects
