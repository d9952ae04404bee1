"""HTML for the controller's dialogs and card faces, as text (no DOM): the
binding sets it as ``innerHTML``. Every text from a view or the player is escaped.

>>> from pyapp.table import standard_face
>>> face_html(standard_face("TH"))
'<span class="corner">10\\n♥</span><span class="pip">♥</span>'
>>> dialog_html(Dialog("summary", "You <won>", lines=("a & b",), big="Score 3"))
'<h2>You &lt;won&gt;</h2><div class="big">Score 3</div><p>a &amp; b</p>'
"""

from __future__ import annotations

from html import escape

from .controller import ButtonView, Dialog, Field, PileView
from .stats import StatsSummary, VariantSummary
from .table import Decor
from .table import Face


def face_html(face: Face) -> str:
    """The inside of a card element."""
    return f'<span class="corner">{escape(face.corner)}</span><span class="pip">{escape(face.pip)}</span>'


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
        options = "".join(
            f'<option value="{escape(c)}"{" selected" if c == field_.value else ""}>{escape(c)}</option>'
            for c in field_.choices)
        return f'<label>{label} <select name="{name}">{options}</select></label>'
    mode = ' inputmode="numeric"' if field_.name == "seed" else ""
    return f'<label>{label} <input type="text" name="{name}" value="{escape(field_.value)}"{mode}></label>'


def dialog_html(dialog: Dialog) -> str:
    """The body of a dialog. The new-game form's buttons are ``#deal`` and ``#deal-cancel``.

    >>> from pyapp.controller import Field
    >>> html = dialog_html(Dialog("newgame", "New deal", (Field("easy", "flag", "Easier", "1"),), error="bad"))
    >>> '<input type="checkbox" name="easy" checked> Easier' in html, '<p class="form-error">bad</p>' in html
    (True, True)
    """
    title = f"<h2>{escape(dialog.title)}</h2>"
    if dialog.kind == "rules":
        return dialog.html  # the game's own rules text, written in the view modules
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
    return (f'{title}{fields}<p class="form-error">{escape(dialog.error)}</p>'
            '<div class="row"><button type="button" id="deal">Deal</button>'
            '<button type="button" id="deal-cancel">Cancel</button></div>')


def _title_of(game_id: str) -> str:
    from .games import all_games

    return next((g.title for g in all_games() if g.id == game_id), game_id)


def scores_chart(v: VariantSummary) -> str:
    """The last scores as an inline SVG bar chart (a won game's bar has the class ``won``);
    for a game whose score is better when lower, a shorter bar is better.

    >>> from pyapp.stats import Result
    >>> r = Result("gyre", "", 1, "t", 30, False, "2025-01-01T00:00:00Z", 9, "finished")
    >>> html = scores_chart(VariantSummary("gyre", "", 1, 0, 0.0, 30, 30.0, 0, 0, (r,)))
    >>> html.startswith('<svg class="chart"'), html.count("<rect")
    (True, 1)
    """
    if not v.recent:
        return ""
    bar, gap, height = 12, 4, 60
    scores = [r.score for r in v.recent]
    low, high = min(0, *scores), max(1, *scores)
    span = high - low or 1
    width = len(scores) * (bar + gap)
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
             f'aria-label="Last {len(scores)} scores: {escape(", ".join(str(s) for s in scores))}">']
    for i, r in enumerate(v.recent):
        h = max(1.0, (r.score - low) / span * (height - 2))
        cls = "won" if r.won else r.outcome
        parts.append(f'<rect class="{escape(cls)}" x="{i * (bar + gap)}" y="{height - h:.1f}" width="{bar}" '
                     f'height="{h:.1f}"><title>{escape(r.date[:10])}: {r.score} ({escape(r.outcome)}, '
                     f'{r.moves} moves, deal {r.seed})</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


def _variant_html(v: VariantSummary) -> str:
    name = _title_of(v.game) + (f" ({v.options})" if v.options else "")
    best = "–" if v.best is None else str(v.best)
    average = "–" if v.average is None else f"{v.average:g}"
    rows = [("Played", str(v.played)), ("Won", f"{v.won} ({v.win_rate:.0%})"),
            ("Best score" + (" (lowest)" if v.lower_better else ""), best), ("Average score", average),
            ("Winning streak", f"{v.streak} (longest {v.longest})")]
    table = "".join(f"<tr><th>{escape(k)}</th><td>{escape(val)}</td></tr>" for k, val in rows)
    bands = ""
    if v.bands:
        cells = "".join(f"<tr><th>{escape(label)} {'pile' if label == '1' else 'piles'}</th><td>{n}</td></tr>"
                        for label, n in v.bands)
        bands = f'<table class="bands"><caption>Rating bands</caption>{cells}</table>'
    return (f'<section class="stats-variant" data-game="{escape(v.game)}" data-options="{escape(v.options)}">'
            f"<h3>{escape(name)}</h3><table>{table}</table>{bands}"
            f'<div class="recent"><h4>Last {len(v.recent)} scores</h4>{scores_chart(v)}</div></section>')


def stats_html(summary: StatsSummary | None, armed: bool = False) -> str:
    """The statistics dialog's body: daily streak, each game and variant, and the
    buttons ``#stats-export``, ``#stats-import`` (with the file input ``#stats-file``),
    ``#stats-reset`` (it asks for a second press: ``armed``) and ``#stats-close``.

    >>> html = stats_html(StatsSummary((), 0, 0, 2, 5))
    >>> "No games played yet" in html, "Daily streak: 2 days (longest 5)" in html
    (True, True)
    """
    if summary is None:
        return ""
    days = "day" if summary.daily_streak == 1 else "days"
    head = (f'<p class="stats-total">Played {summary.played}, won {summary.won}. '
            f"Daily streak: {summary.daily_streak} {days} (longest {summary.daily_longest})</p>")
    body = "".join(_variant_html(v) for v in summary.variants) or "<p>No games played yet.</p>"
    reset = "Sure? Press again to erase" if armed else "Reset statistics"
    buttons = ('<div class="row"><button type="button" id="stats-export">Export</button>'
               '<button type="button" id="stats-import">Import</button>'
               '<input type="file" id="stats-file" accept="application/json,.json" hidden>'
               f'<button type="button" id="stats-reset" class="{"armed" if armed else ""}">{reset}</button>'
               '<button type="button" id="stats-close">Close</button></div>')
    return head + body + buttons


ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}


def actions_html(buttons: tuple[ButtonView, ...], enabled: bool) -> str:
    """The game's own buttons (``#act-<id>``); one that previews its effect has the class ``previews``.

    >>> actions_html((ButtonView("rotate", "Rotate", True, "Turn <it>", preview=True),), True)
    '<button type="button" id="act-rotate" class="previews" title="Turn &lt;it&gt;">Rotate</button>'
    """
    parts = []
    for b in buttons:
        off = "" if b.enabled and enabled else " disabled"
        cls = " ".join(c for c, on in (("active", b.active), ("previews", b.preview)) if on)
        parts.append(f'<button type="button" id="act-{escape(b.id)}" class="{cls}" '
                     f'title="{escape(b.title)}"{off}>{escape(b.label)}</button>')
    return "".join(parts)


def settings_html(settings: tuple[tuple[str, str, bool], ...]) -> str:
    """The settings menu's switches (``#set-<id>``).

    >>> settings_html((("x", "X on", False),))
    '<label><input type="checkbox" id="set-x"> X on</label>'
    """
    return "".join(f'<label><input type="checkbox" id="set-{escape(sid)}"{" checked" if checked else ""}> '
                   f"{escape(text)}</label>" for sid, text, checked in settings)


def overlay_html(pile: PileView) -> str:
    """A pile's badge and arrow, drawn over its top card."""
    badge = f'<span class="badge">{escape(pile.badge)}</span>' if pile.badge else ""
    arrow = f'<span class="arrow">{ARROWS.get(pile.arrow, "•")}</span>' if pile.arrow else ""
    return badge + arrow


def pile_html(pile: PileView, unit: float) -> str:
    """Inside a pile's element: the overlay over its top card (badge, arrow), its
    label and its note, in this order.

    >>> from pyapp.controller import PileView
    >>> pile_html(PileView("D", 1, 1, 1, 1.4, (), "3", "", "Deck 3", "", "", 3, 1.5, 1), 10.0)
    '<div class="overlay" style="left:5.0px;top:0.0px"><span class="badge">3</span></div><div class="pile-label">Deck 3</div><div class="pile-note"></div>'
    """
    left, top = (pile.top_x - pile.x) * unit, (pile.top_y - pile.y) * unit
    return (f'<div class="overlay" style="left:{left:.1f}px;top:{top:.1f}px">{overlay_html(pile)}</div>'
            f'<div class="pile-label">{escape(pile.label)}</div><div class="pile-note">{escape(pile.note)}</div>')


def decor_html(decor: tuple[Decor, ...], unit: float) -> str:
    """The table's drawings (Gyre's ring, Zodiac's bands), placed in pixels."""
    return "".join(
        f'<div class="decor {escape(d.kind)}" style="left:{d.x * unit:.1f}px;top:{d.y * unit:.1f}px;'
        f'width:{d.w * unit:.1f}px;height:{d.h * unit:.1f}px"></div>' for d in decor)


def error_text(what: str) -> str:
    """The error banner's words for an unexpected failure (the game is kept)."""
    return f"Something went wrong: {what}. Your game is kept; undo or carry on."
