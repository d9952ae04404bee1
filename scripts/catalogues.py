"""The page's catalogues, with Babel: extract the messages of pyapp/ into
``pyapp/locale/orbit.pot``, merge them into each language's ``.po`` file, compile the
``.po`` files into the ``.mo`` files the page loads, and report what each language lacks.

    python scripts/catalogues.py extract     # pyapp/ -> pyapp/locale/orbit.pot
    python scripts/catalogues.py update      # orbit.pot -> every pyapp/locale/<locale>/LC_MESSAGES/orbit.po (new ones made)
    python scripts/catalogues.py check       # each language: messages translated, fuzzy, missing
    python scripts/catalogues.py compile OUT # each .po -> OUT/<tag>.mo (scripts/build.py does this into dist/locale/)

A message without a translation (or marked fuzzy) is left out of the compiled
catalogue, so the page says it in English, never as a key.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pyapp" / "locale"
POT = LOCALE / "orbit.pot"
DOMAIN = "orbit"
#: The words that mark a message (pyapp/i18n.py), in Babel's notation.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: The page's language tags (pyapp.i18n.LANGUAGES, English aside) and gettext's names for them.
LOCALES = {"de": "de", "fr": "fr", "es": "es", "pt-BR": "pt_BR", "ja": "ja"}
#: Fixed dates, so the same messages give the same files.
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)


def extract() -> Catalog:
    """Every marked message of pyapp/ (the command line's modules included; its own
    output is not marked), with the translators' comments, as a Babel catalogue."""
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Solitaire Orbit", version="1", copyright_holder="Solitaire Orbit",
                      creation_date=STAMP, revision_date=STAMP, fuzzy=False)
    found = extract_from_dir(str(ROOT / "pyapp"), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(f"pyapp/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _po_path(locale: str) -> Path:
    return LOCALE / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def write_pot() -> int:
    from babel.messages.pofile import write_po

    catalog = extract()
    LOCALE.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, omit_header=False)
    POT.write_bytes(buf.getvalue())
    return len(catalog)


def update() -> None:
    """Merge orbit.pot into every language's .po (a new language gets an empty one);
    a changed English message is kept as fuzzy, which the page does not use."""
    from babel.messages.pofile import read_po, write_po

    with POT.open("rb") as f:
        template = read_po(f)
    for tag, locale in LOCALES.items():
        path = _po_path(locale)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=locale)
        else:
            catalog = Catalog(locale=locale, project="Solitaire Orbit", version="1", creation_date=STAMP,
                              revision_date=STAMP, fuzzy=False)
        catalog.update(template, update_header_comment=False)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        write_po(buf, catalog, width=100, ignore_obsolete=True)
        path.write_bytes(buf.getvalue())
        print(f"{tag}: {path.relative_to(ROOT)}")


def _read(locale: str) -> Catalog:
    from babel.messages.pofile import read_po

    with _po_path(locale).open("rb") as f:
        return read_po(f, locale=locale)


def coverage() -> dict[str, tuple[int, int, int]]:
    """Per language tag: (translated, fuzzy, missing) of the messages in orbit.pot."""
    from babel.messages.pofile import read_po

    with POT.open("rb") as f:
        template = read_po(f)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    result = {}
    for tag, locale in LOCALES.items():
        if not _po_path(locale).exists():
            result[tag] = (0, 0, len(wanted))
            continue
        catalog = _read(locale)
        done = fuzzy = 0
        for m in catalog:
            key = (m.id if isinstance(m.id, str) else m.id[0], m.context)
            if not m.id or key not in wanted:
                continue
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            if m.fuzzy:
                fuzzy += 1
            elif all(strings):
                done += 1
        result[tag] = (done, fuzzy, len(wanted) - done - fuzzy)
    return result


def compile_all(out: Path) -> list[str]:
    """Each language's .po compiled into ``out/<tag>.mo`` (fuzzy and empty translations
    left out); returns the tags written."""
    from babel.messages.mofile import write_mo

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for tag, locale in LOCALES.items():
        if not _po_path(locale).exists():
            continue
        catalog = _read(locale)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        (out / f"{tag}.mo").write_bytes(buf.getvalue())
        written.append(tag)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "check", "compile"))
    parser.add_argument("out", nargs="?", default=str(ROOT / "dist" / "locale"))
    args = parser.parse_args()
    if args.command == "extract":
        print(f"{write_pot()} messages in {POT.relative_to(ROOT)}")
    elif args.command == "update":
        update()
    elif args.command == "check":
        for tag, (done, fuzzy, missing) in coverage().items():
            print(f"{tag}: {done} translated, {fuzzy} fuzzy, {missing} missing")
    else:
        print("compiled:", " ".join(compile_all(Path(args.out))))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
