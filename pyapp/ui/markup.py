"""HTML for the controller's dialogs and card faces, as text (no DOM): the
binding sets it as ``innerHTML``. Every text from a view or the player is escaped.

>>> from pyapp.core.table import standard_face
>>> face_html(standard_face("TH"))
'<span class="corner" data-t="10\\n♥"></span><span class="pip" data-t="♥"></span>'
>>> dialog_html(Dialog("summary", "You <won>", lines=("a & b",), big="Score 3"))
'<h2>You &lt;won&gt;</h2><div class="big">Score 3</div><p>a &amp; b</p>'
"""

from __future__ import annotations

from html import escape

from .chrome import POINTS_SETTINGS, for_points, frame_writes
from ..i18n import LANGUAGES, PSEUDO, _, pgettext
from ..core.settings import THEMES
from .view import Board, ButtonView, CardView, Dialog, Field, PileView, ReplayView, View
from ..stats.markup import stats_html
from ..core.table import Decor
from ..core.table import Face


def face_html(face: Face) -> str:
    """The inside of a card element. Its glyphs are drawn by CSS from ``data-t``: the
    page's words for a card are its name (``aria-label``), which is what a screen
    reader says and what speech input answers to ("ten of hearts", not "10♥♥")."""
    return f'<span class="corner" data-t="{escape(face.corner)}"></span><span class="pip" data-t="{escape(face.pip)}"></span>'


def face_class(face: Face | None) -> str:
    """The class attribute of a card element (a back when ``face`` is None)."""
    return "card back" if face is None else " ".join(("card", *face.classes))


def card_html(face: Face) -> str:
    """A whole card, for a list of cards (the peek dialog)."""
    hue = f' style="--hue:{face.hue:.0f}"' if face.hue is not None else ""
    return (f'<div class="{escape(face_class(face))}" role="img" aria-label="{escape(face.name)}"{hue}>'
            f"{face_html(face)}</div>")


def _field_html(field_: Field) -> str:
    name, label = escape(field_.name), escape(field_.label)
    if field_.kind == "flag":
        checked = " checked" if field_.value == "1" else ""
        return f'<label><input type="checkbox" name="{name}"{checked}> {label}</label>'
    if field_.kind == "select":
        # Translators: the choice of no value in a list of the New deal dialog (no least score asked for).
        anything = _("any")
        options = "".join(
            f'<option value="{escape(c)}"{" selected" if c == field_.value else ""}>{escape(c or anything)}</option>'
            for c in field_.choices)
        return f'<label>{label} <select name="{name}">{options}</select></label>'
    mode = ' inputmode="numeric"' if field_.name == "seed" else ""
    return f'<label>{label} <input type="text" name="{name}" value="{escape(field_.value)}"{mode}></label>'


def dialog_html(dialog: Dialog) -> str:
    """The body of a dialog. The new-game form's buttons are ``#deal-go`` and ``#deal-cancel``.

    >>> from pyapp.ui.view import Field
    >>> html = dialog_html(Dialog("newgame", "New deal", (Field("easy", "flag", "Easier", "1"),), error="bad"))
    >>> '<input type="checkbox" name="easy" checked> Easier' in html, '<p class="form-error">bad</p>' in html
    (True, True)
    """
    title = f"<h2>{escape(dialog.title)}</h2>"
    if dialog.kind == "rules":  # the game's own rules text, written in the view modules, then the keys
        return dialog.html + keys_html(dialog.keys) if dialog.html else title + keys_html(dialog.keys, heading=False)
    if dialog.kind == "summary":
        lines = "".join(f"<p>{escape(line)}</p>" for line in dialog.lines)
        compare = "".join(f"<p>{escape(line)}</p>" for line in dialog.compare)
        compare = f'<div class="compare">{compare}</div>' if compare else ""
        return f'{title}<div class="big">{escape(dialog.big)}</div>{lines}{compare}'
    if dialog.kind == "stats":
        return title + stats_html(dialog.stats, dialog.armed)
    if dialog.kind == "peek":
        return f'{title}<div class="peek-row">{"".join(card_html(f) for f in dialog.faces)}</div>'
    fields = "".join(_field_html(f) for f in dialog.fields)
    # Translators: the New deal dialog's button that deals the cards.
    deal, cancel = pgettext("button", "Deal"), _("Cancel")
    return (f'{title}{fields}<p class="form-error">{escape(dialog.error)}</p>'
            f'<div class="row"><button type="button" id="deal-go">{escape(deal)}</button>'
            f'<button type="button" id="deal-cancel">{escape(cancel)}</button></div>')


ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}


def actions_html(buttons: tuple[ButtonView, ...], enabled: bool) -> str:
    """The game's own buttons (``#act-<id>``); one that previews its effect has the class ``previews``.

    >>> actions_html((ButtonView("rotate", "Rotate", True, "Turn <it>", preview=True),), True)
    '<button type="button" id="act-rotate" class="previews" title="Turn &lt;it&gt;">Rotate</button>'
    """
    parts = []
    for b in buttons:
        off = "" if b.enabled and enabled else " disabled"
        cls = " ".join(c for c, on in (("active", b.active), ("previews", b.preview), ("hint", b.hint)) if on)
        parts.append(f'<button type="button" id="act-{escape(b.id)}" class="{cls}" '
                     f'title="{escape(b.title)}"{off}>{escape(b.label)}</button>')
    return "".join(parts)


def settings_html(settings: tuple[tuple[str, str, bool], ...], theme: str = "", language: str | None = None,
                  points: bool = False) -> str:
    """The settings menu's switches (``#set-<id>``), the theme's choice (``#set-theme``)
    when ``theme`` is given, and the language's (``#set-lang``: the browser's, or one of
    :data:`pyapp.i18n.LANGUAGES`, each named in itself) when ``language`` is. ``points``: a
    game played for points is on the table, and a switch that speaks of winning says its
    own words (:data:`pyapp.ui.chrome.POINTS_SETTINGS`).

    >>> settings_html((("x", "X on", False),))
    '<label><input type="checkbox" id="set-x"> X on</label>'
    >>> '<option value="dark" selected>Dark</option>' in settings_html((), "dark")
    True
    >>> settings_html((("verdict", "Always show whether I can still win (spoilers)", True),), points=True)
    '<label><input type="checkbox" id="set-verdict" checked> Always show the best score still possible (spoilers)</label>'
    """
    if points:
        settings = tuple((sid, _(POINTS_SETTINGS[sid]) if sid in POINTS_SETTINGS else text, checked)
                         for sid, text, checked in settings)
    html = "".join(f'<label><input type="checkbox" id="set-{escape(sid)}"{" checked" if checked else ""}> '
                   f"{escape(text)}</label>" for sid, text, checked in settings)
    if theme:
        options = "".join(f'<option value="{escape(value)}"{" selected" if value == theme else ""}>{escape(text)}</option>'
                          for value, text in ((v, _(t)) for v, t in THEMES))
        # Translators: the settings menu's choice of colours (light, dark, as the system).
        label = _("Theme")
        html += f'<label>{escape(label)} <select id="set-theme">{options}</select></label>'
    if language is not None:
        choices = (("", _("As the browser")), *LANGUAGES, *(((PSEUDO, PSEUDO),) if language == PSEUDO else ()))
        options = "".join(f'<option value="{escape(value)}"{" selected" if value == language else ""}'
                          + (f' lang="{escape(value)}"' if value else "") + f">{escape(text)}</option>"
                          for value, text in choices)
        # Translators: the settings menu's choice of the page's language.
        label = _("Language")
        html += f'<label>{escape(label)} <select id="set-lang">{options}</select></label>'
    return html


def keys_html(keys: tuple[tuple[str, str], ...], heading: bool = True) -> str:
    """The Keys help: a heading (none in the Keys dialog, whose title says it) and a list of
    keys and what they do.

    >>> keys_html((("N", "New deal"),))
    '<h3 id="keys-help">Keys</h3><dl class="keys"><dt><kbd>N</kbd></dt><dd>New deal</dd></dl>'
    >>> keys_html(())
    ''
    """
    if not keys:
        return ""
    rows = "".join(f"<dt><kbd>{escape(k)}</kbd></dt><dd>{escape(what)}</dd>" for k, what in keys)
    # Translators: the heading of the list of keyboard keys after a game's rules.
    title = _("Keys")
    return (f'<h3 id="keys-help">{escape(title)}</h3>' if heading else "") + f'<dl class="keys">{rows}</dl>'


def score_html(score: str, info: str) -> str:
    """The score line: the score, then the table's other counts, each in a part of its own
    (a phone held upright shows them on two lines, beside the deal and under it, so no count
    is cut off); its text reads "score · info" everywhere.

    >>> score_html("Foundations 0/104", "Phase 1 · Stock 72")
    '<span class="score-main">Foundations 0/104</span><span class="score-info"><span class="sep"> · </span>Phase 1 · Stock 72</span>'
    >>> score_html("Points 3", "")
    '<span class="score-main">Points 3</span>'
    """
    main = f'<span class="score-main">{escape(score)}</span>' if score else ""
    sep = '<span class="sep"> · </span>' if score else ""
    return main + (f'<span class="score-info">{sep}{escape(info)}</span>' if info else "")


def overlay_html(pile: PileView) -> str:
    """A pile's badge and arrow, drawn over its top card."""
    badge = f'<span class="badge" data-t="{escape(pile.badge)}"></span>' if pile.badge else ""
    arrow = f'<span class="arrow" data-t="{ARROWS.get(pile.arrow, "•")}"></span>' if pile.arrow else ""
    return badge + arrow


#: Inside a pile's element, made once with it: the overlay over its top card (badge,
#: arrow), its label and its note, written apart (:func:`pile_parts`): a pile lit or
#: put out rewrites one attribute, not three elements.
#: Those parts' selectors inside the pile's element.
PILE_PARTS = (".overlay", ".pile-label", ".pile-note")
PILE_INSIDE = "".join(f'<div class="{part[1:]}"></div>' for part in PILE_PARTS)


def pile_parts(pile: PileView, unit: float) -> tuple[tuple[str, tuple[ElementWrite, ...]], ...]:
    """What each part inside a pile's element (:data:`PILE_INSIDE`) shows, by its selector
    there: the words of the label and note are drawn by CSS from ``data-t`` (as a card's,
    see :func:`face_html`), the pile's name says them.

    >>> from pyapp.ui.view import PileView
    >>> for part in pile_parts(PileView("D", 1, 1, 1, 1.4, (), "3", "", "Deck 3", "", "", 3, 1.5, 1), 10.0):
    ...     print(part)
    ('.overlay', (('style:left', '5.0px'), ('style:top', '0.0px'), ('html', '<span class="badge" data-t="3"></span>')))
    ('.pile-label', (('attr:data-t', 'Deck 3'),))
    ('.pile-note', (('attr:data-t', ''),))
    """
    left, top = (pile.top_x - pile.x) * unit, (pile.top_y - pile.y) * unit
    overlay, label, note = PILE_PARTS
    return ((overlay, (("style:left", f"{left:.1f}px"), ("style:top", f"{top:.1f}px"), ("html", overlay_html(pile)))),
            (label, (("attr:data-t", pile.label),)), (note, (("attr:data-t", pile.note),)))


def decor_html(decor: tuple[Decor, ...], unit: float) -> str:
    """The table's drawings (Gyre's ring, Zodiac's bands), placed in pixels."""
    return "".join(
        f'<div class="decor {escape(d.kind)}" style="left:{d.x * unit:.1f}px;top:{d.y * unit:.1f}px;'
        f'width:{d.w * unit:.1f}px;height:{d.h * unit:.1f}px"></div>' for d in decor)


def error_text(what: str) -> str:
    """The error banner's words for an unexpected failure (the game is kept)."""
    return _("Something went wrong: {what}. Your game is kept; undo or carry on.").format(what=what)


def replay_html(r: ReplayView) -> str:
    """The replay bar, drawn where the game's buttons are: where it is, a slider over
    every position (``#rp-seek``, 0 the deal), the buttons ``#rp-start``, ``#rp-back``,
    ``#rp-play`` (play or pause), ``#rp-forward``, ``#rp-end``, the speed (``#rp-speed``),
    ``#rp-here`` (play from here) and ``#rp-close``.

    >>> from pyapp.app.replay import SPEEDS
    >>> html = replay_html(ReplayView(3, 9, False, 2.0, SPEEDS, "Move 3 of 9: R", 500, "Gyre, deal 1", 3, 9))
    >>> 'id="rp-seek" min="0" max="9" value="3"' in html, '<option value="2" selected>' in html
    (True, True)
    """
    def button(name: str, text: str, title: str, disabled: bool = False, cls: str = "") -> str:
        off = " disabled" if disabled else ""
        return (f'<button type="button" id="rp-{name}" class="{cls}" title="{escape(title)}" '
                f'aria-label="{escape(title)}"{off}>{escape(text)}</button>')

    # Translators: a replay's speed in its list: moves a second ("2 / s").
    per_second = _("{speed} / s")
    speeds = "".join(f'<option value="{s:g}"{" selected" if s == r.speed else ""}>'
                     f'{escape(per_second.format(speed=format(s, "g")))}</option>' for s in r.speeds)
    first, last = r.index == 0, r.index == r.length
    # Translators: the replay bar's name for screen readers; {title} is the game and its deal ("Gyre, deal 1").
    group = _("Replay of {title}").format(title=r.title)
    # Translators: the replay's slider, for screen readers: the position shown.
    position = _("Position: move {index} of {length}").format(index=r.move, length=r.moves)  # the player's moves
    speed = _("Speed, moves a second")
    # Translators: the replay's play button; the key in brackets is the one that does the same.
    play = ("⏸ " + _("Pause"), _("Pause (Space)")) if r.playing else ("▶ " + _("Play"), _("Play (Space)"))
    return (f'<div class="replay-bar" role="group" aria-label="{escape(group)}">'
            f'<div class="replay-row"><input type="range" id="rp-seek" min="0" max="{r.length}" value="{r.index}" '
            f'step="1" aria-label="{escape(position)}" aria-valuetext="{escape(r.where)}">'
            f'<select id="rp-speed" aria-label="{escape(speed)}" title="{escape(speed)}">{speeds}</select></div>'
            '<div class="replay-row">'
            # Translators: the replay's buttons' hover texts; the key in brackets does the same (Home, End: the keys).
            + button("start", "«", _("To the deal (Home)"), first)
            + button("back", "‹", _("One move back (←)"), first)
            + button("play", *play, r.length == 0, "primary")
            + button("forward", "›", _("One move on (→)"), last)
            + button("end", "»", _("To the end (End)"), last)
            + button("here", _("Play from here"), _("Play on from this position"))
            + button("close", _("Close"), _("Back to the game (Escape)"))
            + "</div></div>")


#: One write to the page: (CSS selector, what, value). ``what`` is "text" (textContent),
#: "html" (innerHTML), "class" (the whole class attribute), "hidden" or "disabled"
#: (true when the value is not empty), "class:NAME" (that class on when the value is
#: not empty) or "attr:NAME" (that attribute). ":root" is the page's root element.
Write = tuple[str, str, str]


def deal_text(deal: str, timer: str) -> str:
    """The status line's deal and moves, then the time played, as HTML: the deal, then the moves
    and the time, each a whole (a narrow line breaks between the two, never leaves the time alone).

    >>> deal_text("Deal 42 · 7 moves", "1:03")
    '<span class="item">Deal 42</span> <span class="item">· 7 moves · 1:03</span>'
    >>> deal_text("Deal 42 · 0 moves", ""), deal_text("", "")
    ('<span class="item">Deal 42</span> <span class="item">· 0 moves</span>', '')
    """
    first, sep, rest = " · ".join(t for t in (deal, timer) if t).partition(" · ")
    return " ".join(f'<span class="item">{escape(part)}</span>' for part in (first, sep.lstrip() + rest) if part)


def screen_writes(screen: str) -> tuple[Write, ...]:
    """The start screen or the game's: which shows (written before the board's room is measured)."""
    start = screen == "start"
    return (("#start", "hidden", "" if start else "1"), ("#game", "hidden", "1" if start else ""),
            ("#tools", "hidden", "1" if start else ""))


def page_writes(view: View, celebrate: bool = False) -> tuple[Write, ...]:
    """Everything the page shows around the board and the dialogs, as writes the binding
    applies (skipping any whose value it already wrote), so the same view always
    gives the same page (``celebrate``: a win just now, :attr:`pyapp.ui.view.Effects.celebrate`).

    >>> from pyapp.app.controller import Controller, MemoryStorage
    >>> c = Controller(MemoryStorage())
    >>> c.start("#g=gyre&s=42")
    >>> writes = page_writes(c.view())
    >>> ("#title", "text", "Gyre") in writes, ("#notice", "hidden", "1") in writes
    (True, True)
    """
    def on(flag: bool) -> str:
        return "1" if flag else ""

    start = view.screen == "start"
    points = for_points(view.address)  # a game played for points: its solver's words speak of the best score
    out: list[Write] = [
        (":root", "class", " ".join(view.page_classes)),
        ("body", "class:instant", on(view.instant)),
        ("#title", "text", view.title),
        ("#title", "attr:title", view.title_help),
        ("#heading", "text", view.title),
        ("#prompt", "text", view.prompt),
        ("#deal", "html", deal_text(view.deal, view.timer)),
        ("#score", "html", score_html(view.score, view.info)),
        ("#bar", "class:menu-open", on(view.menu_open)),
        ("#more", "attr:aria-expanded", "true" if view.menu_open else "false"),
        ("#settings", "html", settings_html(view.settings, view.theme, view.language, points)),
        ("#resign", "class:armed", on(view.resign_armed)),
        ("#resign .lbl", "text", view.resign_label or _("Give up")),
        ("#stats-open", "disabled", ""),
    ]
    for tile in view.tiles:
        out += [(f'.tile[data-game="{tile.id}"]', "disabled", ""),
                (f'.tile[data-game="{tile.id}"] .resume', "text", tile.resume),
                (f'[data-daily="{tile.id}"]', "disabled", "")]
        if start:  # today's deal: how it stands
            out += [(f'[data-daily="{tile.id}"] .daily-state', "text", tile.daily),
                    (f'[data-daily="{tile.id}"]', "attr:data-state", tile.daily_state)]
    notice = view.notice
    out.append(("#notice", "hidden", on(notice is None)))
    if notice is not None:
        out += [("#notice", "class:error", on(notice.error)), ("#notice-text", "text", notice.text),
                ("#notice-progress", "text", notice.progress), ("#notice-progress", "hidden", on(not notice.progress)),
                ("#notice-action", "text", notice.action), ("#notice-action", "hidden", on(not notice.action)),
                ("#notice-more", "text", notice.more), ("#notice-more", "hidden", on(not notice.more))]
    if view.board is not None:
        out += [("#board", "attr:aria-label", view.board_label), ("#board", "class:celebrate", on(celebrate))]
    else:  # the start screen: the hidden board's name as index.html has it, in the language in use
        out.append(("#board", "attr:aria-label", _("Table")))
    out += [("#verdict-line", "text", view.verdict), ("#verdict-line", "hidden", on(not view.verdict))]
    out += [("#tip-text", "html", "".join(f"<p>{escape(line)}</p>" for line in view.tip)), ("#tip", "hidden", on(not view.tip))]
    out += frame_writes(points)  # the page's fixed words and <html lang>, in the language in use
    return tuple(out)



#: One write to a board element: (what, value), ``what`` as in :data:`Write`, and also
#: "style:NAME" (that style property); a value of None removes the attribute or property.
ElementWrite = tuple[str, str | None]

#: The classes of a card that its view may carry (the others come from its face).
CARD_FLAGS = ("movable", "marked", "nudge", "preview", "selected", "waiting", "choice", "picked", "hint-target", "hint-from",
              "hint-to", "hint-pick", "dragging", "focus")


def spoken(name: str, focus: bool) -> tuple[ElementWrite, ...]:
    """A card or pile the keyboard reaches (it has a ``name``) is a button, in the tab order
    when it has the focus ring; any other is hidden from screen readers (a card under another).

    >>> spoken("Ace of spades", True)
    (('attr:role', 'button'), ('attr:aria-label', 'Ace of spades'), ('attr:tabindex', '0'), ('attr:aria-hidden', None))
    >>> spoken("", False)[-1]
    ('attr:aria-hidden', 'true')
    """
    if name:
        return (("attr:role", "button"), ("attr:aria-label", name), ("attr:tabindex", "0" if focus else "-1"),
                ("attr:aria-hidden", None))
    return (("attr:role", None), ("attr:aria-label", None), ("attr:tabindex", None), ("attr:aria-hidden", "true"))


def placed(unit: float, x: float, y: float, w: float | None = None, h: float | None = None) -> tuple[ElementWrite, ...]:
    """The style writes that put an element at (x, y), sized w by h, in card units of ``unit`` pixels.

    >>> placed(10, 1, 2.5)
    (('style:left', '10.0px'), ('style:top', '25.0px'))
    """
    where = (("style:left", f"{x * unit:.1f}px"), ("style:top", f"{y * unit:.1f}px"))
    return where if w is None or h is None else (*where, ("style:width", f"{w * unit:.1f}px"),
                                                 ("style:height", f"{h * unit:.1f}px"))


def board_writes(board: Board, unit: float) -> tuple[ElementWrite, ...]:
    """The board element's own writes: its card unit (CSS ``--u``), size and status, and how
    much larger "Larger cards" draws a card (CSS ``--grow``)."""
    return (("style:--u", f"{unit:.2f}px"), *placed(unit, 0, 0, board.width, board.height)[2:],
            ("attr:data-status", board.status), ("style:--grow", f"{board.grow:.2f}"))


def pile_writes(pile: PileView, unit: float) -> tuple[ElementWrite, ...]:
    """What a pile's element shows but for its parts (:func:`pile_parts`): classes, count,
    name, place and hover text.

    >>> w = dict(pile_writes(PileView("D", 1, 1, 1, 1.4, ("pile",), "", "", "Deck", "", "Deck, 3 cards", 3, 1, 1), 10))
    >>> w["class"], w["attr:data-count"], w["attr:aria-label"], w["style:left"], w["attr:title"]
    ('pile', '3', 'Deck, 3 cards', '10.0px', '')
    """
    return (("class", " ".join(pile.classes)), ("attr:data-count", str(pile.count)),
            *spoken(pile.name, "focus" in pile.classes), *placed(unit, pile.x, pile.y, pile.w, pile.h),
            ("attr:title", pile.why))


def card_writes(card: CardView, unit: float) -> tuple[ElementWrite, ...]:
    """Everything a card's element shows: face, classes, code (none when face down),
    name, where it lies and its stacking level.

    >>> from pyapp.core.table import standard_face
    >>> w = dict(card_writes(CardView("k1", "T0", 2, 1, 1.5, 12, "QS", standard_face("QS"), ("movable",), ""), 10))
    >>> w["class"], w["attr:data-card"], w["attr:data-index"], w["style:top"], w["style:z-index"], w["attr:aria-hidden"]
    ('card movable', 'QS', '2', '15.0px', '12', 'true')
    >>> dict(card_writes(CardView("k2", "S", 0, 0, 0, 10, "", None, (), ""), 10))["class"]
    'card back'
    """
    face = card.face
    flags = [f for f in CARD_FLAGS if f in card.classes]
    hue = f"{face.hue:.0f}" if face is not None and face.hue is not None else None
    return (("html", face_html(face) if face is not None else ""), ("class", " ".join((face_class(face), *flags))),
            ("attr:data-card", card.code if face is not None else None), ("style:--hue", hue),
            *spoken(card.name, "focus" in card.classes), ("attr:data-at", card.pile),
            ("attr:data-index", str(card.index)), ("attr:data-marks", card.marks),
            *placed(unit, card.x, card.y), ("style:z-index", str(card.z)))


def start_screen_html(indent: str = "") -> tuple[str, str]:
    """The start screen's game tiles and today's deal buttons, one per game of the
    registry (:func:`pyapp.games.entries`) in its order, each line after ``indent``:
    ``scripts/build.py`` writes them into the page, so the start screen shows before
    Python starts. Every button is disabled until the app is ready.

    >>> tiles, daily = start_screen_html()
    >>> print(tiles.split("\\n</button>")[0])
    <button class="tile" type="button" id="tile-gravity" data-game="gravity" disabled>
      <span class="tile-name">Gravity</span>
      <span class="tile-text">Stack piles on a 5×5 planet and let the rest collapse toward its core.</span>
      <span class="resume"></span>
    >>> print(daily.split("\\n")[1])
    <button type="button" id="daily-square" data-daily="square" disabled>Square <span class="daily-state"></span></button>
    """
    from html import escape as esc

    from ..games import entries

    tiles: list[str] = []
    daily: list[str] = []
    for g in entries():
        gid = esc(g.id)
        # the blurb is marked in the game's registry entry; a game's name (its short title too) stays as it is
        tiles += [f'<button class="tile" type="button" id="tile-{gid}" data-game="{gid}" disabled>',
                  f'  <span class="tile-name">{esc(g.title)}</span>',
                  f'  <span class="tile-text">{esc(_(g.blurb))}</span>',
                  '  <span class="resume"></span>',
                  '</button>']
        daily.append(f'<button type="button" id="daily-{gid}" data-daily="{gid}" disabled>{esc(g.short_title)} '
                     '<span class="daily-state"></span></button>')
    return "\n".join(indent + line for line in tiles), "\n".join(indent + line for line in daily)
