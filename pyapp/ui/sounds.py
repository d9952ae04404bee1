"""The short sounds of the game, as plain values: their names (what the controller hands
out in :attr:`pyapp.ui.view.Effects.sounds`), the tones each is made of (synthesized by the
binding with the Web Audio API, :mod:`pyapp.web.audio`: no audio file is shipped), and which
sounds a move makes.

Every sound is at most :data:`SHORT` seconds long, a click beside a screen reader's speech;
the end of a game (:data:`WIN`, :data:`OVER`) is a short arpeggio, at most :data:`LONG`
seconds and quieter (docs/ACCESSIBILITY.md, "Sound").

>>> [round(length(name), 3) for name in NAMES]
[0.045, 0.07, 0.15, 0.15, 0.15, 0.16, 0.52, 0.48]
>>> move_sounds("zodiac", 3, 4, "Phase 1", "Phase 2"), move_sounds("gravity", 5, 4, "", "")
(('score', 'phase'), ('collapse',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

#: A card picked up (tapped, dragged or taken with Space): its places light.
PICKUP: Final = "pickup"
#: A card put down: a move played that takes nothing home.
PLACE: Final = "place"
#: A move refused: a card dropped or tapped where it may not go, a card with no move.
REFUSED: Final = "refused"
#: A move that improves the score: a capture, a card reaching a foundation.
SCORE: Final = "score"
#: Gravity's improvement: a stack, and the planet collapsing toward its core.
COLLAPSE: Final = "collapse"
#: A new phase of the game (Zodiac's phase 2; Gravity's MOON empty; Gyre's deck empty).
PHASE: Final = "phase"
#: The game won.
WIN: Final = "win"
#: The game over without a win (lost, finished, given up).
OVER: Final = "over"
NAMES: Final = (PICKUP, PLACE, REFUSED, SCORE, COLLAPSE, PHASE, WIN, OVER)
#: The sounds that end a game (longer, quieter): never dropped when they come in a burst.
ENDS: Final = (WIN, OVER)
#: The longest a sound but the end of a game may last, in seconds, and the longest those.
SHORT: Final = 0.16
LONG: Final = 0.6

Wave = Literal["sine", "triangle", "square"]


@dataclass(frozen=True)
class Tone:
    """One oscillator: it starts ``at`` seconds into its sound and lasts ``length`` seconds,
    its pitch gliding from ``freq`` to ``to`` Hz, its volume rising to ``gain`` (of the
    output's full scale) in :data:`ATTACK` seconds and falling away by its end."""

    at: float
    length: float
    freq: float
    to: float
    wave: Wave
    gain: float


#: How long a tone takes to reach its volume (no click at its start).
ATTACK: Final = 0.005

TONES: Final[dict[str, tuple[Tone, ...]]] = {
    PICKUP: (Tone(0.0, 0.045, 660.0, 880.0, "triangle", 0.08),),  # a quick rising tick
    PLACE: (Tone(0.0, 0.07, 300.0, 190.0, "triangle", 0.12),),  # a soft low tap
    REFUSED: (Tone(0.0, 0.06, 196.0, 185.0, "square", 0.03), Tone(0.08, 0.07, 165.0, 155.0, "square", 0.03)),  # "uh-uh"
    SCORE: (Tone(0.0, 0.07, 880.0, 880.0, "sine", 0.09), Tone(0.05, 0.10, 1318.5, 1318.5, "sine", 0.07)),  # a fifth up
    COLLAPSE: (Tone(0.0, 0.15, 520.0, 130.0, "triangle", 0.11),),  # a falling sweep
    PHASE: (Tone(0.0, 0.05, 392.0, 392.0, "sine", 0.08), Tone(0.05, 0.05, 523.25, 523.25, "sine", 0.08),
            Tone(0.10, 0.06, 659.25, 659.25, "sine", 0.08)),  # G C E
    WIN: (Tone(0.0, 0.12, 523.25, 523.25, "triangle", 0.06), Tone(0.09, 0.12, 659.25, 659.25, "triangle", 0.06),
          Tone(0.18, 0.12, 783.99, 783.99, "triangle", 0.06), Tone(0.27, 0.25, 1046.5, 1046.5, "triangle", 0.06)),
    OVER: (Tone(0.0, 0.12, 392.0, 392.0, "triangle", 0.05), Tone(0.12, 0.12, 329.63, 329.63, "triangle", 0.05),
           Tone(0.24, 0.24, 261.63, 261.63, "triangle", 0.05)),  # G E C, falling
}


def length(name: str) -> float:
    """How long the sound ``name`` lasts, in seconds (0 for a name it does not know)."""
    return max((t.at + t.length for t in TONES.get(name, ())), default=0.0)


def move_sounds(game_id: str, score_was: int, score: int, phase_was: str, phase: str) -> tuple[str, ...]:
    """The sounds of a move of game ``game_id`` that took its score from ``score_was`` to
    ``score`` and its phase (:attr:`pyapp.core.table.Table.phase`, in words) from
    ``phase_was`` to ``phase``: the card put down, or the game's sound of a better score
    (:attr:`pyapp.games.GameEntry.score_sound`), then a new phase if it began."""
    from ..games import entry

    game = entry(game_id)
    better = score < score_was if game.lower_is_better else score > score_was
    return (game.score_sound if better else PLACE,) + ((PHASE,) if phase and phase != phase_was else ())
