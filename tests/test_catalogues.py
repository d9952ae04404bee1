"""The catalogues (pyapp/locale/): the template holds every message the code marks, each
language's .po has every message of the template (a missing one falls back to English
and is reported, never shown as a key), each translation keeps its English message's
fields and markup, and each compiles and is read by the page's own loader."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pyapp import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import catalogues  # noqa: E402

#: The share of a language's messages that may fall back to English (a message added
#: since its last translation); each is listed by the test's failure message when above.
MISSING_ALLOWED = 0.0


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _key(message: Message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def _strings(message: Message) -> list[str]:
    return [message.id] if isinstance(message.id, str) else [str(i) for i in message.id]


FIELD = re.compile(r"\{([^{}:!]*)[^{}]*\}")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>")


def _fields(text: str) -> list[str]:
    return sorted(FIELD.findall(text))


def _tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


def test_the_template_holds_every_message_the_code_marks() -> None:
    extracted = catalogues.extract()
    template = _read(catalogues.POT)
    found = {_key(m) for m in extracted if m.id}
    kept = {_key(m) for m in template if m.id}
    assert found - kept == set(), "run: python scripts/catalogues.py extract && python scripts/catalogues.py update"
    assert kept - found == set(), "orbit.pot has messages the code no longer marks: run the extract"
    assert len(found) > 300


def test_every_message_the_code_asks_for_is_one_the_extraction_finds() -> None:
    """A message looked up inside an f-string's braces is invisible to the extraction (it
    would stay English in every language): every call with a literal message is found."""
    import ast

    found = {_key(m)[0] for m in catalogues.extract() if m.id}
    hidden = []
    for path in sorted((ROOT / "pyapp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_", "ngettext", "pgettext"):
                at = 1 if node.func.id == "pgettext" else 0
                arg = node.args[at] if len(node.args) > at else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value and arg.value not in found:
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}: {arg.value!r}")
    assert not hidden, "messages the extraction does not see (take them out of the f-string):\n" + "\n".join(hidden)


@pytest.mark.parametrize("tag,locale", sorted(catalogues.LOCALES.items()))
def test_each_language_has_every_message_with_its_fields_and_markup(tag: str, locale: str) -> None:
    path = catalogues.LOCALE / locale / "LC_MESSAGES" / "orbit.po"
    assert path.exists(), f"{tag} has no catalogue"
    template = {_key(m): m for m in _read(catalogues.POT) if m.id}
    catalog = _read(path, locale)
    assert catalog.num_plurals >= 1
    missing, wrong = [], []
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = _key(message)
        seen.add(key)
        strings = [str(t or "") for t in message.string] if isinstance(message.string, (list, tuple)) else [str(message.string or "")]
        if message.fuzzy or not all(strings):
            missing.append(key[0])
            continue
        english = _strings(message)
        for text in strings:
            # Each form has the fields of the English message (a plural form may drop {n}
            # in a language that says "one" in words, as long as the other form keeps it).
            allowed = set(_fields(english[-1])) | set(_fields(english[0]))
            if not set(_fields(text)) <= allowed:
                wrong.append(f"{key[0]!r}: fields {_fields(text)} not in {sorted(allowed)}")
            if _tags(text) != _tags(english[0]):
                wrong.append(f"{key[0]!r}: markup {_tags(text)} != {_tags(english[0])}")
        if set(_fields(strings[-1])) != set(_fields(english[-1])):
            wrong.append(f"{key[0]!r}: fields {_fields(strings[-1])} != {_fields(english[-1])}")
        if isinstance(message.id, (list, tuple)) and len(strings) != catalog.num_plurals:
            wrong.append(f"{key[0]!r}: {len(strings)} plural forms, the language has {catalog.num_plurals}")
    missing += [key[0] for key in template if key not in seen]
    assert not wrong, "\n".join(wrong)
    assert len(missing) <= MISSING_ALLOWED * len(template), f"{tag}: {len(missing)} messages fall back to English: {missing[:20]}"


@pytest.mark.parametrize("tag,locale", sorted(catalogues.LOCALES.items()))
def test_each_catalogue_compiles_and_the_page_reads_it(tag: str, locale: str) -> None:
    path = catalogues.LOCALE / locale / "LC_MESSAGES" / "orbit.po"
    catalog = _read(path, locale)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    translated = next(m for m in catalog if m.id == "Undo")
    try:
        i18n.use(tag, buf.getvalue())
        assert i18n.language() == tag
        assert i18n._("Undo") == translated.string
        assert i18n._("a message no catalogue has") == "a message no catalogue has"  # English, never a key
        assert "{n}" in i18n.ngettext("{n} pile left", "{n} piles left", 5) or tag == "ja"
    finally:
        i18n.use("en")


def test_a_catalogue_that_cannot_be_read_gives_english() -> None:
    try:
        i18n.use("de", b"\x00not a catalogue")
        assert i18n.language() == "en" and i18n._("Undo") == "Undo"
    finally:
        i18n.use("en")
