"""The player's settings: the app's switches, the colour theme and each game's own
switches, typed, with the text they are kept as (``orbit.settings``: a JSON list of
ids, ``"theme=dark"`` for a theme, as every earlier build wrote it, ``"lang=de"``
for a language chosen in the menu, and ``"sound"`` or ``"sound=off"`` once the player chose
the sounds: a list with neither never chose, and hears them unless the system asks for
reduced motion).

>>> s = Settings().switch(FOUR_COLOUR, True).with_theme("dark")
>>> s.four_colour, s.marks, s.page_classes(), s.dumps()
(True, True, ('theme-dark', 'four-colour'), '["fourcolour", "marks", "theme=dark"]')
>>> Settings.loads(s.dumps()) == s, Settings.loads('["coords"]').game, Settings.loads('["coords"]').marks
(True, frozenset({'coords'}), False)
>>> Settings.loads(Settings().with_language("de").dumps()).language, Settings().with_language("xx").language
('de', '')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Final, Literal

from ..i18n import TAGS, N_, _
from .storage import Storage

SETTINGS_KEY: Final = "orbit.settings"
#: The app-wide switch that turns animations off (also set by prefers-reduced-motion).
INSTANT: Final = "instant"
#: The app-wide switch that marks the cards that have a legal move (on until the player turns it off).
MARKS: Final = "marks"
#: The app-wide switches of the cards' looks: a four-colour deck, larger corner indices.
FOUR_COLOUR: Final = "fourcolour"
LARGE: Final = "large"
#: The app-wide switch that keeps the solver's verdict on the position shown under the board.
VERDICT: Final = "verdict"
#: The app-wide switch of the short sounds (:mod:`pyapp.ui.sounds`): on until the player chooses,
#: unless the system asks for reduced motion (:attr:`Settings.sound`).
SOUND: Final = "sound"
#: The app's switches as the settings menu lists them: (id, label); the labels are
#: translated where the menu shows them (:meth:`pyapp.app.screens.Around.view`).
APP_SETTINGS: Final[tuple[tuple[str, str], ...]] = (
    (MARKS, N_("Mark the cards that can move")),
    (INSTANT, N_("Instant moves (no animation)")),
    # Translators: a switch of the settings menu: short sounds as cards are picked up and put
    # down, a move refused, a win. Keep it short.
    (SOUND, N_("Sound")),
    (FOUR_COLOUR, N_("Four-colour deck (blue diamonds, green clubs)")),
    (LARGE, N_("Larger cards (big corner numbers)")),
    (VERDICT, N_("Always show whether I can still win (spoilers)")),
)
Theme = Literal["system", "light", "dark"]
#: The colour theme: follow the system, or a fixed choice; the names are translated where
#: the menu shows them (:func:`pyapp.ui.markup.settings_html`).
THEMES: Final[tuple[tuple[Theme, str], ...]] = (
    # Translators: the colour theme that follows the device's light or dark setting.
    ("system", N_("As the system")),
    # Translators: the light colour theme.
    ("light", N_("Light")),
    # Translators: the dark colour theme.
    ("dark", N_("Dark")))
#: The settings chosen from a list (the others are switches), by the id of their control.
CHOICES: Final = ("theme", "lang")
#: Each app switch's field of :class:`Settings`.
_FIELDS: Final = {MARKS: "marks", INSTANT: "instant", FOUR_COLOUR: "four_colour", LARGE: "large", VERDICT: "verdict"}


@dataclass(frozen=True)
class Settings:
    """What the player chose. A first visit marks the cards that can move."""

    marks: bool = True
    instant: bool = False
    four_colour: bool = False
    large: bool = False
    #: The solver's verdict stays shown under the board (off: many players want no spoilers).
    verdict: bool = False
    theme: Theme = "system"
    #: The language chosen (a tag of :data:`pyapp.i18n.TAGS`; "": the browser's).
    language: str = ""
    #: The switches that games declare (:attr:`pyapp.core.table.GameView.settings`) that are on, by id.
    game: frozenset[str] = frozenset()
    #: The sounds as the player chose them; None: never chosen (kept as neither ``"sound"`` nor
    #: ``"sound=off"``), so they are on unless ``reduced_motion`` (:meth:`on`).
    sound: bool | None = None
    #: The system asks for reduced motion (the page's, never kept): sounds never chosen are off.
    reduced_motion: bool = False

    def on(self, switch: str) -> bool:
        """Whether the switch ``switch`` (an app's or a game's) is on.

        >>> Settings().on(SOUND), Settings(reduced_motion=True).on(SOUND), Settings(sound=True, reduced_motion=True).on(SOUND)
        (True, False, True)
        """
        if switch == SOUND:
            return self.sound if self.sound is not None else not self.reduced_motion
        name = _FIELDS.get(switch)
        return bool(getattr(self, name)) if name else switch in self.game

    def switch(self, switch: str, on: bool) -> Settings:
        """These settings with one switch turned on or off (the sounds: as the player chose)."""
        if switch == SOUND:
            return replace(self, sound=on)
        name = _FIELDS.get(switch)
        if name == "marks":
            return replace(self, marks=on)
        if name == "instant":
            return replace(self, instant=on)
        if name == "four_colour":
            return replace(self, four_colour=on)
        if name == "large":
            return replace(self, large=on)
        if name == "verdict":
            return replace(self, verdict=on)
        return replace(self, game=self.game | {switch} if on else self.game - {switch})

    def with_theme(self, theme: str) -> Settings:
        """These settings with the theme ``theme`` (one of :data:`THEMES`; another changes nothing)."""
        for value, _name in THEMES:
            if value == theme:
                return replace(self, theme=value)
        return self

    def with_language(self, language: str) -> Settings:
        """These settings with the language ``language`` (a tag of :data:`pyapp.i18n.TAGS`, or ""
        for the browser's; another changes nothing)."""
        return replace(self, language=language) if language in ("", *TAGS) else self

    def choose(self, choice: str, value: str) -> Settings:
        """These settings with the choice ``choice`` (one of :data:`CHOICES`) made ``value``."""
        return self.with_language(value) if choice == "lang" else self.with_theme(value)

    def page_classes(self) -> tuple[str, ...]:
        """Classes for the page's root: the theme chosen (none: the system's), the deck's colours, larger cards."""
        classes = [] if self.theme == "system" else [f"theme-{self.theme}"]
        return (*classes, *(["four-colour"] if self.four_colour else []), *(["large-cards"] if self.large else []))

    def dumps(self) -> str:
        ids = [s for s in _FIELDS if self.on(s)] + list(self.game)
        ids += [] if self.theme == "system" else [f"theme={self.theme}"]
        ids += [f"lang={self.language}"] if self.language else []
        ids += [] if self.sound is None else [SOUND if self.sound else SOUND + "=off"]
        return json.dumps(sorted(ids))

    @classmethod
    def loads(cls, text: str) -> Settings:
        """Settings kept by :meth:`dumps` (or by any earlier build); ValueError if unreadable."""
        loaded = json.loads(text)
        if not isinstance(loaded, list):
            raise ValueError("not a list")
        ids = {str(s) for s in loaded}
        themes = sorted(s[6:] for s in ids if s.startswith("theme="))
        languages = sorted(s[5:] for s in ids if s.startswith("lang="))
        sound = True if SOUND in ids else False if SOUND + "=off" in ids else None
        settings = cls(marks=False, sound=sound, game=frozenset(
            s for s in ids if s not in _FIELDS and s not in (SOUND, SOUND + "=off") and not s.startswith(("theme=", "lang="))))
        for switch in ids & set(_FIELDS):
            settings = settings.switch(switch, True)
        settings = settings.with_language(languages[0]) if languages else settings
        return settings.with_theme(themes[0]) if themes else settings

    @classmethod
    def read(cls, storage: Storage) -> tuple[Settings, str]:
        """The settings kept in ``storage``, and what to tell the player if they could not be
        read (they are reset, so the next visit starts clean).

        >>> from pyapp.core.storage import MemoryStorage
        >>> Settings.read(MemoryStorage({SETTINGS_KEY: "{oops"}))
        (Settings(marks=True, instant=False, four_colour=False, large=False, verdict=False, theme='system', language='', game=frozenset(), sound=None, reduced_motion=False), 'Your settings could not be read and were reset.')
        """
        raw = storage.get(SETTINGS_KEY)
        try:
            return (cls.loads(raw) if raw else cls()), ""
        except ValueError:
            storage.remove(SETTINGS_KEY)
            return cls(), _("Your settings could not be read and were reset.")
