"""The sounds of :attr:`pyapp.ui.view.Effects.sounds`, played with the Web Audio API: each is a
few oscillators with a volume envelope (:data:`pyapp.ui.sounds.TONES`), synthesized in the
page, so no audio file is shipped nor fetched. Part of the binding: it reaches the page (``js``).

The browser lets audio start only in answer to the player: the ``AudioContext`` is made (or
woken) inside the handler of a tap, click, key or change of theirs (:meth:`Audio.gesture`),
and only while the Sound setting is on; before that, a sound is dropped. After a few seconds
of silence it sleeps again (:meth:`Audio.rest`), so an idle page keeps no audio thread busy. Playing schedules the
tones on the audio thread and returns at once: no sound delays a move, and a failure of the
audio only silences it.
"""

from __future__ import annotations

from typing import Any, Final

import js

from ..ui.sounds import ATTACK, ENDS, TONES, Tone, length
from .jsvalue import present

#: A sound that starts less than this many seconds after the last one is dropped (a burst of
#: instant moves, Auto-finish: one sound, not fifty at once), unless it ends the game.
BURST: Final = 0.05
#: The silence between the sounds of one intent (a card home, then the win), in seconds.
GAP: Final = 0.02
#: The quietest volume an envelope ramps from and to (an exponential ramp cannot reach 0).
SILENT: Final = 0.0001
#: Seconds of silence after which the audio sleeps (its thread then costs the device nothing),
#: until the player's next gesture wakes it.
REST: Final = 2.0


class Audio:
    """The page's audio, woken by the player's gestures while the Sound setting is on."""

    def __init__(self) -> None:
        self.context: Any = None
        #: The Sound setting, as the last view drawn says (:attr:`pyapp.ui.view.View.sound`).
        self.wanted = False
        #: A gesture of the player's is being handled (the browser lets audio start now).
        self.handling = False
        #: When the last sound started, and when it ends, on the context's clock.
        self.last = self.ends = -1.0
        #: The audio failed once (no Web Audio, a refused context): the page stays silent.
        self.failed = False

    def want(self, on: bool) -> None:
        """The Sound setting as the view drawn says: off, the audio thread is let sleep."""
        if self.wanted and not on and self.context is not None and str(self.context.state) == "running":
            self.guard(self.context.suspend)
        self.wanted = on

    def gesture(self, evt: Any, handling: bool) -> None:
        """A tap, click, key or change of the player's is handled (``handling``), or was: while
        the Sound setting is on, the audio is made, or woken, now."""
        if not bool(getattr(evt, "isTrusted", False)):
            return  # a click made by the page's own code is no gesture of the player's
        self.handling = handling
        if handling and self.wanted:
            self.guard(self.wake)

    def wake(self) -> None:
        """Make the audio, or resume it, inside a gesture's handler. A browser that says the page
        was never used by the player (``navigator.userActivation``: a touch's first press) waits
        for the gesture that counts."""
        activation: Any = getattr(js.navigator, "userActivation", None)
        if present(activation) and not bool(activation.hasBeenActive):
            return
        if self.context is None:
            make: Any = getattr(js.window, "AudioContext", None) or getattr(js.window, "webkitAudioContext", None)
            if not present(make):
                self.failed = True
                return
            self.context = make.new()
        if str(self.context.state) == "suspended":
            self.context.resume()

    def play(self, names: tuple[str, ...]) -> None:
        """Play ``names`` one after another, at once (fire and forget); dropped before the audio
        is made or while it sleeps outside a gesture (a sound late is worse than none)."""
        if names and self.wanted and not self.failed:
            if self.handling and (self.context is None or str(self.context.state) != "running"):
                self.guard(self.wake)  # the gesture that turned Sound on: its change event
            self.guard(lambda: self.schedule(names))

    def schedule(self, names: tuple[str, ...]) -> None:
        ctx = self.context
        if ctx is None or (str(ctx.state) != "running" and not self.handling):
            return
        now = float(ctx.currentTime)
        if now - self.last < BURST and not any(name in ENDS for name in names):
            return
        self.last, at = now, now
        for name in names:
            for tone in TONES.get(name, ()):
                self.tone(ctx, at, tone)
            self.ends, at = at + length(name), at + length(name) + GAP

    def rest(self) -> None:
        """Every second: after :data:`REST` seconds of silence the audio sleeps (the next gesture wakes it)."""
        ctx = self.context
        if ctx is not None and not self.failed and str(ctx.state) == "running" and float(ctx.currentTime) > self.ends + REST:
            self.guard(ctx.suspend)

    @staticmethod
    def tone(ctx: Any, at: float, tone: Tone) -> None:
        """One oscillator, its pitch gliding, its volume rising and falling away by its end."""
        start, end = at + tone.at, at + tone.at + tone.length
        osc, gain = ctx.createOscillator(), ctx.createGain()
        osc.type = tone.wave
        osc.frequency.setValueAtTime(tone.freq, start)
        if tone.to != tone.freq:
            osc.frequency.exponentialRampToValueAtTime(tone.to, end)
        gain.gain.setValueAtTime(SILENT, start)
        gain.gain.linearRampToValueAtTime(tone.gain, start + ATTACK)
        gain.gain.exponentialRampToValueAtTime(SILENT, end)
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start(start)
        osc.stop(end)

    def guard(self, fn: Any) -> None:
        """``fn``, whose failure silences the page instead of stopping a move (said once in the console)."""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - a sound is never worth a move
            self.failed = True
            js.console.warn(f"Solitaire Orbit: sounds off: {exc}")
