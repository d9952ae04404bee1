"""The page's words in the player's language: every word the page shows or speaks goes
through :func:`_` (or :func:`ngettext` for a count, :func:`pgettext` where one English
word means two things), looked up in the catalogue in use, English when there is none.

The catalogues are standard gettext ``.po`` files under ``pyapp/locale/`` (extracted
and compiled with Babel, see ``scripts/catalogues.py``); the page loads the compiled
catalogue of the chosen language only. Numbers and names go into a message by named
fields (``_("Move {n} of {total}").format(n=3, total=40)``), never by joining pieces,
so a translation may put them in its own order. Words defined at import time (tables
of labels) are marked with :func:`N_` and translated where they are used, since the
language is chosen after the modules are imported (and may change while playing).

The command line's state texts, move tokens and links are never translated.

>>> use("en")
>>> _("Undo"), ngettext("{n} pile", "{n} piles", 2).format(n=2)
('Undo', '2 piles')
>>> use(PSEUDO)
>>> _("Undo"), _("Move {n} of {total}")
('[Ûñðø ~~]', '[Ṁøṽé {n} øƒ {total} ~~~]')
>>> use("en")
"""

from __future__ import annotations

import io
import re
from typing import Final, Protocol, Sequence

#: The languages the menu offers, by their BCP 47 tag, each named in itself.
LANGUAGES: Final[tuple[tuple[str, str], ...]] = (
    ("en", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
    ("pt-BR", "Português (Brasil)"),
    ("ja", "日本語"),
)
#: The pseudo-locale: accented, lengthened English in brackets, made from the English
#: messages (:func:`pseudo`). Only tests choose it: any word on the page without its
#: brackets did not pass through the catalogue.
PSEUDO: Final = "en-XA"
#: Every language the page can be put in.
TAGS: Final = tuple(tag for tag, _name in LANGUAGES) + (PSEUDO,)
DEFAULT: Final = "en"


class _Catalogue(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


class _English:
    """No catalogue: the messages as written."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


class _Pseudo(_English):
    def gettext(self, message: str, /) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return pseudo(message)


_in_use: _Catalogue = _English()
_language: str = DEFAULT


def use(language: str, catalogue: bytes | None = None) -> None:
    """Speak ``language`` from now on, with its compiled catalogue (``.mo`` bytes).
    English, or a language without a catalogue, or a catalogue that cannot be read,
    gives the English messages; the pseudo-locale needs no catalogue."""
    global _in_use, _language
    _language = language if language in TAGS else DEFAULT
    if _language == PSEUDO:
        _in_use = _Pseudo()
        return
    _in_use = _English()
    if catalogue and _language != DEFAULT:
        import gettext  # only a language other than English pays for the import

        try:
            _in_use = gettext.GNUTranslations(io.BytesIO(catalogue))
        except (OSError, ValueError, UnicodeDecodeError, LookupError, SyntaxError):
            _language = DEFAULT


def language() -> str:
    """The language in use, as a tag of :data:`TAGS` (for ``<html lang>``)."""
    return _language


def _(message: str) -> str:
    """``message`` in the language in use (English when it has no translation); "" stays ""
    (gettext's translation of "" is its catalogue's header)."""
    return _in_use.gettext(message) if message else message


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (words defined at
    import time); translate it with :func:`_` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, in the language in use (whose own
    plural rule picks the form; English: one, other). Place ``n`` with a field."""
    return _in_use.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English word means two things (``pgettext("button", "New")``)."""
    return _in_use.pgettext(context, message)


#: How each language writes a number: (thousands separator, decimal mark, the smallest
#: number grouped, the space before a percent sign), as CLDR has them (Spanish groups
#: from 10 000; French and German put a space before %).
_NUMBERS: Final = {
    "en": (",", ".", 1000, ""), "de": (".", ",", 1000, "\u00a0"), "fr": ("\u202f", ",", 1000, "\u00a0"),
    "es": (".", ",", 10000, "\u00a0"), "pt-BR": (".", ",", 1000, ""), "ja": (",", ".", 1000, ""),
}


def number(value: float, decimals: int | None = None) -> str:
    """``value`` written the way the language in use writes numbers: grouped thousands and
    its decimal mark; ``decimals`` fixed, or as few as it needs (up to 2) when None.

    >>> number(200000), number(40.5), number(3.0)
    ('200,000', '40.5', '3')
    >>> use(PSEUDO); number(1234.5); use("en")
    '1,234.5'
    """
    group, mark, least, _space = _NUMBERS.get(_language, _NUMBERS["en"])
    text = f"{abs(value):.{2 if decimals is None else decimals}f}"
    whole, _dot, fraction = text.partition(".")
    if decimals is None:
        fraction = fraction.rstrip("0")
    if abs(value) >= least:
        head = len(whole) % 3 or 3
        whole = whole[:head] + "".join(group + whole[i:i + 3] for i in range(head, len(whole), 3))
    return ("-" if value < 0 and text.strip("0.") else "") + whole + (mark + fraction if fraction else "")


def percent(share: float) -> str:
    """A share (0.5) as a whole percentage, the way the language in use writes it ("50%",
    "50 %").

    >>> percent(0.5), percent(1)
    ('50%', '100%')
    """
    return number(round(share * 100)) + _NUMBERS.get(_language, _NUMBERS["en"])[3] + "%"


def pick(preferred: Sequence[str], chosen: str = "") -> str:
    """The language to speak: the player's choice if it is one of :data:`TAGS`, else the
    first of the browser's languages (``navigator.languages``) that we have, matched
    whole, then by its language alone (``de-AT`` is German, ``pt-PT`` Brazilian
    Portuguese), else English.

    >>> pick(["fr-CA", "en"]), pick(["pt-PT"]), pick(["nl", "ja-JP"]), pick(["nl"]), pick(["de"], chosen="es")
    ('fr', 'pt-BR', 'ja', 'en', 'es')
    """
    if chosen in TAGS:
        return chosen
    lower = {tag.lower(): tag for tag in TAGS if tag != PSEUDO}
    for wanted in preferred:
        tag = str(wanted).strip().lower()
        if tag in lower:
            return lower[tag]
        base = tag.split("-")[0]
        for known, original in lower.items():
            if known.split("-")[0] == base:
                return original
    return DEFAULT


# The pseudo-locale: each letter accented, the text lengthened by about a third (German
# and French run longer than English), in brackets; the fields ({n}), the markup
# (<b>, &amp;) and the placeholders' names are kept, so the page still works in it.
_ACCENTED: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñøþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑØÞǪŔŠŢÛṼŴẊÝŽ")
_KEPT: Final = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[#\w]+;)")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale.

    >>> pseudo("Score {score} <b>now</b> &amp; then")
    '[Šçøŕé {score} <b>ñøŵ</b> &amp; ţĥéñ ~~~~~]'
    """
    if not message.strip():
        return message
    parts = _KEPT.split(message)
    text = "".join(part if i % 2 else part.translate(_ACCENTED) for i, part in enumerate(parts))
    letters = sum(len(part) for i, part in enumerate(parts) if not i % 2)
    return f"[{text} {'~' * max(2, letters // 3)}]"


def capital(text: str) -> str:
    """The text with its first letter in upper case.

    >>> capital("queen of spades"), capital("")
    ('Queen of spades', '')
    """
    return text[:1].upper() + text[1:]
