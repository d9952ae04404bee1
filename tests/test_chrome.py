"""The frame's words (pyapp/ui/chrome.py) are index.html's English, element by element, so
the page before Python starts and the page Python draws say the same, and a language's
set (the build's dist/locale/<tag>.json) reaches every word index.html writes."""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pyapp.ui.chrome import frame_writes
from pyapp.i18n import PSEUDO, use

ROOT = Path(__file__).resolve().parent.parent


class _Page(HTMLParser):
    """Each element's id, classes, attributes, text (its own and its children's) and ancestors' ids."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict[str, object]] = []
        self.open: list[dict[str, object]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element: dict[str, object] = {"tag": tag, "attrs": dict(attrs), "text": [],
                                      "ids": [e["attrs"].get("id") for e in self.open]}  # type: ignore[attr-defined]
        self.elements.append(element)
        if tag not in ("meta", "link", "input", "br", "img"):
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()["tag"] == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element["text"].append(data)  # type: ignore[attr-defined]


def _find(page: _Page, selector: str) -> list[dict[str, object]]:
    parts = selector.split()
    def matches(element: dict[str, object], part: str) -> bool:
        attrs: dict[str, str] = element["attrs"]  # type: ignore[assignment]
        if part.startswith("#"):
            return attrs.get("id") == part[1:]
        if part.startswith("."):
            return part[1:] in (attrs.get("class") or "").split()
        return element["tag"] == part
    found = [e for e in page.elements if matches(e, parts[-1])]
    if len(parts) == 2:
        found = [e for e in found if parts[0][1:] in e["ids"]]  # type: ignore[operator]
    return found


@pytest.fixture(scope="module")
def page() -> _Page:
    """index.html as scripts/build.py writes it (the words made from the registry written in)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from build import start_screen
    finally:
        sys.path.pop(0)
    parsed = _Page()
    parsed.feed(start_screen((ROOT / "index.html").read_text()))
    return parsed


def test_every_english_frame_word_is_what_index_html_says(page: _Page) -> None:
    use("en")
    checked = 0
    for selector, what, value in frame_writes():
        if selector == ":root" or selector.startswith("#tile-"):
            continue  # <html lang> and the tiles the build writes from the same registry
        found = _find(page, selector)
        assert len(found) == 1, f"{selector} is in index.html {len(found)} times"
        element = found[0]
        if what == "text":
            assert " ".join("".join(element["text"]).split()) == value, selector  # type: ignore[arg-type]
        else:
            assert what.startswith("attr:")
            assert element["attrs"].get(what[5:]) == value, (selector, what)  # type: ignore[attr-defined]
        checked += 1
    assert checked > 40


def test_in_another_language_every_frame_word_changes_and_html_lang_follows() -> None:
    use(PSEUDO)
    try:
        writes = frame_writes()
    finally:
        use("en")
    assert (":root", "attr:lang", PSEUDO) in writes
    for selector, what, value in writes:
        if selector != ":root":
            assert value.startswith("[") and value.endswith("]"), (selector, what, value)
