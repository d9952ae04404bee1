"""What the binding asks of the world outside the page's own document: the browser's
languages, a catalogue or a pre-solved pool fetched from the page's own origin (precached by
the service worker, so offline too), and the device's share sheet or clipboard. Part of the
binding: it reaches the page (``js``)."""

from __future__ import annotations

from typing import Any

import js
from js import window
from pyodide.ffi import to_js

from .. import i18n
from .jsvalue import present


def browser_languages() -> list[str]:
    """The browser's languages, the player's first (``navigator.languages``)."""
    found = js.navigator.languages
    return [str(tag) for tag in found] if present(found) else [str(js.navigator.language)]


async def fetch_catalogue(tag: str) -> bytes | None:
    """``tag``'s compiled catalogue from the site, as static/theme.js fetches it
    (``orbitCatalogue``: None for English and the pseudo-locale, or when it cannot be had)."""
    return await catalogue_bytes(window.orbitCatalogue(tag))


async def catalogue_bytes(fetching: Any) -> bytes | None:
    """The bytes a catalogue's fetch gives (None: none, or it failed: English)."""
    try:
        got = await fetching
        return bytes(got.to_py()) if present(got) else None
    except Exception:  # noqa: BLE001 - offline and never cached
        return None


async def words() -> None:
    """The language static/theme.js chose before Python started, with the catalogue it
    began fetching then (``window.orbitWords``), put in use before the first screen is drawn."""
    chosen = js.window.orbitWords if present(getattr(js.window, "orbitWords", None)) else None
    if chosen is not None:
        i18n.use(str(chosen.tag), await catalogue_bytes(chosen.catalogue))


async def fetch_pool(name: str) -> bytes | None:
    """The pre-solved pool ``static/pools/<name>`` from the page's own origin; None when it
    cannot be had (offline and never cached: New deal then searches)."""
    try:
        response = await js.fetch("./static/pools/" + name)
        return bytes((await response.arrayBuffer()).to_py()) if response.ok else None
    except Exception:  # noqa: BLE001
        return None


async def send(text: str, result: bool, title: str) -> tuple[bool, bool] | None:
    """Share the link ``text`` (``result``: a daily result's message, its link last) as the
    device shares, its share sheet on a touch screen that has one, else copy it to the clipboard.
    Returns (it went, through the sheet), or None when the player closed the sheet."""
    nav = window.navigator
    if present(getattr(nav, "share", None)) and window.matchMedia("(pointer: coarse)").matches:
        data = [["text", text]] if result else [["url", text], ["title", title]]
        try:
            await nav.share(js.Object.fromEntries(to_js(data)))
            return True, True
        except Exception as exc:  # noqa: BLE001 - the player closed the sheet, or it is refused
            if "AbortError" in str(exc):
                return None
    try:
        await nav.clipboard.writeText(text)
        return True, False
    except Exception:  # noqa: BLE001
        return False, False
