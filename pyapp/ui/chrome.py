"""The words of the page's frame, in the language in use: what ``index.html`` writes in
English (the header's buttons, the start screen, the notices' and dialogs' fixed
buttons, the loading line) as writes the painter applies like any other
(:data:`pyapp.ui.markup.Write`), so a change of language redraws them, and the build
writes each language's set for the page to apply before Python starts
(``dist/locale/<tag>.json``, applied by ``static/boot.js``).

>>> from pyapp.i18n import use, PSEUDO
>>> ("#undo .lbl", "text", "Undo") in frame_writes()
True
>>> use(PSEUDO); ("#undo .lbl", "text", "[Ûñðø ~~]") in frame_writes(), (":root", "attr:lang", "en-XA") in frame_writes()
(True, True)
>>> use("en")
"""

from __future__ import annotations

import re
from typing import Final

from ..core.settings import VERDICT
from ..i18n import N_, _, capital, language, ngettext, number, pgettext

Write = tuple[str, str, str]

#: The header's tools: (id, label, tooltip). The label is also the button's accessible name.
TOOLS: Final = (
    ("undo", N_("Undo"), N_("Undo (Ctrl+Z)")),
    ("redo", N_("Redo"), N_("Redo (Ctrl+Shift+Z)")),
    ("hint", N_("Hint"), N_("Hint: light a good move (H)")),
    ("restart", N_("Restart"), N_("Start this deal again")),
    ("verdict", N_("Can I win?"), N_("Can I still win? The solver's verdict on this position (W)")),
    ("resign", N_("Give up"), N_("End this game now and take the score")),
    ("copy", N_("Link"), N_("Copy a link to this deal and its moves")),
    ("help", N_("Rules"), N_("How to play")),
    ("stats-game", N_("Stats"), N_("Your statistics")),
    ("watch", N_("Watch"), N_("Watch this game's moves again, from the deal")),
    ("more", N_("More"), N_("Settings, and on a small screen Give up, Link and Rules")),
)
#: A game played for points (its registry entry's ``can_win`` False: Gyre) asks the solver for
#: the best score still possible, never whether it can be won: its tools' other words, by id:
#: (label, tooltip).
POINTS_TOOLS: Final = {
    # Translators: the solver's button in a game played for points, not won (Gyre): the best final
    # score still possible from the position on the table. A button: keep it short.
    "verdict": (N_("Best score?"),
                # Translators: the hover text of the solver's button in a game played for points (Gyre);
                # W is the key that does the same.
                N_("The best score still possible from this position: the solver's verdict (W)")),
}
#: The settings menu's switches with other words in a game played for points, by id: the label.
POINTS_SETTINGS: Final = {
    # Translators: a switch of the settings menu in a game played for points (Gyre): the solver's
    # verdict kept shown under the board.
    VERDICT: N_("Always show the best score still possible (spoilers)"),
}
#: Fixed buttons and names: (selector, what, message).
FIXED: Final = (
    ("#home", "attr:title", N_("All games")),
    ("#home .lbl", "text", N_("Games")),
    ("#settings", "attr:aria-label", N_("Settings")),
    ("#banner-close", "attr:aria-label", N_("Dismiss")),
    ("#notice-close", "attr:aria-label", N_("Dismiss")),
    ("#start .today", "attr:aria-label", N_("Today's deals, the same for everyone")),
    ("#start .today-label", "text", N_("Today's deal:")),
    ("#stats-open", "text", N_("Statistics")),
    ("#loading-text", "text", N_("Getting the cards ready…")),
    ("#rules .close", "text", N_("Close")),
    ("#peek .close", "text", N_("Close")),
    ("#stats", "attr:aria-label", N_("Statistics")),
    ("#summary-new", "text", N_("New deal")),
    ("#summary-again", "text", N_("Same deal again")),
    ("#summary-copy", "text", N_("Copy link")),
    # Translators: the end screen of a daily deal: send the result as a message (no moves, no cards).
    ("#summary-share", "text", N_("Share result")),
    ("#summary-replay", "text", N_("Watch replay")),
    ("#summary-best", "text", N_("Watch how")),
    ("#summary-undo", "text", N_("Undo last move")),
    ("#summary-close", "text", N_("Look at the table")),
    # Translators: the banner of a page that could not start (before the game is ready); {reason} is the
    # browser's own words, often English.
    ("#banner", "attr:data-failed", N_("The game could not start: {reason}")),
    # Translators: the button that loads the page again after a failed start.
    ("#banner", "attr:data-retry", N_("Retry")),
    ("#banner", "attr:data-unknown", N_("unknown error")),
    ("#banner", "attr:data-slow", N_("it is taking far longer than it should (over {seconds} s).")),
    # Translators: the name of the panel of short tips that opens a player's first deals of a game.
    ("#tip", "attr:aria-label", N_("Tip")),
    ("#tip-close", "attr:aria-label", N_("Dismiss")),
)


def count_word(n: int) -> str:
    """A count of games as a word, in the language in use ("four"), up to twelve; a number beyond.

    >>> count_word(4), count_word(13)
    ('four', '13')
    """
    # Translators: a count of games, before "original solitaire games" (the start screen's lead);
    # a word, as "Four original solitaire games" says it (the sentence starts with a capital).
    words = (pgettext("games", "one"), pgettext("games", "two"), pgettext("games", "three"), pgettext("games", "four"),
             pgettext("games", "five"), pgettext("games", "six"), pgettext("games", "seven"),
             pgettext("games", "eight"), pgettext("games", "nine"), pgettext("games", "ten"),
             pgettext("games", "eleven"), pgettext("games", "twelve"))
    return words[n - 1] if 1 <= n <= len(words) else number(n)


def lead(count: int | None = None) -> str:
    """The start screen's lead, in the language in use: how many games there are (the
    registry's, or ``count``), and what every one of them offers.

    >>> lead(4)
    'Four original solitaire games. They play offline, and every deal has a link you can send to a friend.'
    >>> from pyapp.games import entries
    >>> lead() == lead(len(entries()))
    True
    >>> lead(1)
    'One original solitaire game. It plays offline, and every deal has a link you can send to a friend.'
    """
    from ..games import entries

    n = len(entries()) if count is None else count
    # Translators: the start screen's lead; {count} is how many games, a word ("four"): "Four original solitaire games. ..."
    return capital(ngettext("{count} original solitaire game. It plays offline, and every deal has a link you can "
                            "send to a friend.",
                            "{count} original solitaire games. They play offline, and every deal has a link you can "
                            "send to a friend.", n).format(count=count_word(n)))


def description() -> str:
    """The page's description (``<meta name="description">``, for search engines and link
    previews; English, as the page before it knows the player's language): how many games,
    their names.

    >>> description()  # doctest: +ELLIPSIS
    '... original solitaire games: Gravity, Solitaire Square, Gyre...Zodiac... Plays offline; every deal has a link.'
    """
    from ..games import entries

    names = [e.title for e in entries()]
    listed = " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))
    return f"{capital(count_word(len(names)))} original solitaire {'game' if len(names) == 1 else 'games'}: {listed}. " \
           "Plays offline; every deal has a link."


_GAME: Final = re.compile(r"(?:^#?|&)g=([^&]*)")


def for_points(address: str) -> bool:
    """Whether the game of the page's address (a link's fragment, the game on the table; "" on
    the start screen) is played for points: its registry entry says it has no win.

    >>> for_points("#g=gyre&v=1&o=&s=42"), for_points("#g=square&s=4"), for_points(""), for_points("#g=nope")
    (True, False, False, False)
    """
    from ..games import entries

    found = _GAME.search(address)
    return found is not None and any(e.id == found.group(1) and not e.can_win for e in entries())


def frame_writes(points: bool = False) -> tuple[Write, ...]:
    """The frame's words in the language in use, with ``<html lang>``; the start
    screen's tile texts come from the game registry (game names stay as they are).
    ``points``: a game played for points is on the table (:func:`for_points`), its tools
    say so (:data:`POINTS_TOOLS`).

    >>> dict(((s, w), v) for s, w, v in frame_writes(points=True))[("#verdict .lbl", "text")]
    'Best score?'
    """
    from ..games import entries

    out: list[Write] = [(":root", "attr:lang", language())]
    for tool, label, tip in TOOLS:
        if points and tool in POINTS_TOOLS:
            label, tip = POINTS_TOOLS[tool]
        # Translators: the New button's label in the header (a new deal).
        new = pgettext("button", "New") if tool == "restart" else ""
        if new:
            out += [("#new .lbl", "text", new), ("#new", "attr:aria-label", new),
                    ("#new", "attr:title", _("A new deal, with variants"))]
        if tool != "resign":  # its label is the view's (it asks "Sure?" when armed)
            out.append((f"#{tool} .lbl", "text", _(label)))
        out += [(f"#{tool}", "attr:aria-label", _(label)), (f"#{tool}", "attr:title", _(tip))]
    out += [(selector, what, _(message)) for selector, what, message in FIXED]
    out.append(("#start .lead", "text", lead()))
    for entry in entries():
        out.append((f"#tile-{entry.game.id} .tile-text", "text", _(entry.blurb)))
    return tuple(out)
