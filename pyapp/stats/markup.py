"""The statistics dialog's markup, as text (no DOM): each game's variants with their
counts, rank, streaks and rating bands, and the chart of the last scores, in the game's
own measure and the language in use. Every text from a record is escaped.
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable, Final

from ..i18n import N_, _, ngettext, number, percent, pgettext
from .summary import StatsSummary, VariantSummary


def _title_of(game_id: str) -> str:
    from ..games import all_games

    return next((g.title for g in all_games() if g.id == game_id), game_id)


def _can_win(game_id: str) -> bool:
    """The game can be won (Gyre cannot: it is only scored); a game this app does not know, not."""
    from ..games import entries

    return any(e.id == game_id and e.can_win for e in entries())


#: A game's outcome as a result keeps it, in words for the chart's bars (translated there).
OUTCOME_WORDS: Final = {
    # Translators: a game's outcome, in the statistics chart's hover text.
    "won": N_("won"),
    # Translators: a game's outcome, in the statistics chart's hover text.
    "lost": N_("lost"),
    # Translators: a game's outcome, in the statistics chart's hover text (played to its end, a game without a win).
    "finished": N_("finished"),
    # Translators: a game's outcome, in the statistics chart's hover text (the player gave up).
    "resigned": N_("resigned"),
    # Translators: a game's outcome, in the statistics chart's hover text (left unfinished).
    "abandoned": N_("abandoned")}


def scores_chart(v: VariantSummary) -> str:
    """The last scores as an inline SVG bar chart (a won game's bar has the class ``won``);
    for a game whose score is better when lower, a shorter bar is better.

    >>> from pyapp.stats.summary import Result
    >>> r = Result("gyre", "", 1, "t", 30, False, "2025-01-01T00:00:00Z", 9, "finished")
    >>> html = scores_chart(VariantSummary("gyre", "", 1, 0, 0.0, 30, 30.0, 0, 0, (r,)))
    >>> html.startswith('<svg class="chart"'), html.count("<rect"), html.count('class="axis"')
    (True, 1, 1)
    """
    if not v.recent:
        return ""
    bar, gap, height = 12, 4, 60
    scores = [r.score for r in v.recent]
    low, high = min(0, *scores), max(1, *scores)
    span = high - low or 1
    width = len(scores) * (bar + gap)
    # Translators: the statistics chart's name for screen readers; {scores} lists them ("46, 30, 58").
    label = ngettext("Last {n} score: {scores}", "Last {n} scores: {scores}", len(scores)).format(
        n=len(scores), scores=", ".join(str(s) for s in scores))
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(label)}">']
    for i, r in enumerate(v.recent):
        h = max(1.0, (r.score - low) / span * (height - 2))
        cls = "won" if r.won else r.outcome
        outcome = _(OUTCOME_WORDS[r.outcome]) if r.outcome in OUTCOME_WORDS else r.outcome
        # Translators: one bar of the statistics chart, on hover: the day, the score, the outcome, the moves, the deal number.
        said = ngettext("{date}: {score} ({outcome}, {moves} move, deal {seed})",
                        "{date}: {score} ({outcome}, {moves} moves, deal {seed})", r.moves).format(
            date=r.date[:10], score=r.score, outcome=outcome, moves=r.moves, seed=r.seed)
        parts.append(f'<rect class="{escape(cls)}" x="{i * (bar + gap)}" y="{height - h:.1f}" width="{bar}" '
                     f'height="{h:.1f}"><title>{escape(said)}</title></rect>')
    parts.append(f'<line class="axis" x1="0" y1="{height - 0.5}" x2="{width}" y2="{height - 0.5}"/></svg>')
    return "".join(parts)  # (the axis under the bars: a score of 0, a bar of one pixel, still reads as a score)


def _measure(game_id: str) -> tuple[Callable[[int], str], str, str]:
    """What a game's score counts: the score in words ("3 piles left"), its unit for many,
    and what a win is ("" for a game without one, or one this app does not know)."""
    from ..games import entries

    e = next((e for e in entries() if e.id == game_id), None)
    if e is None:
        return str, "", ""
    # the unit and the win's words are marked in the game's registry entry
    return e.amount, _(e.unit[1]), _(e.win_words) if e.can_win else ""


def _variant_html(v: VariantSummary) -> str:
    """One game and variant in its own measure: Gravity's piles left, Square's cells filled,
    Zodiac's cards home, Gyre's points; wins and streaks only for a game that can be won.

    >>> from pyapp.stats.summary import Result
    >>> gyre = _variant_html(VariantSummary("gyre", "", 2, 0, 0.0, 58, 40.5, 0, 0, (Result("gyre", "", 1, "", 23, False, "", 5, "finished"),)))
    >>> [w in gyre for w in ("Won", "streak", "58 points", "40.5 points", "23 points")]
    [False, False, True, True, True]
    >>> "Won (one pile left)" in _variant_html(VariantSummary("gravity", "", 1, 0, 0.0, 3, 3.0, 0, 0, ()))
    True
    """
    name = _title_of(v.game) + (f" ({v.options})" if v.options else "")
    amount, many, win = _measure(v.game)
    # Translators: a row of the statistics: how many games were played.
    rows = [(_("Played"), str(v.played))]
    if win:
        # Translators: a row of the statistics: how many games were won; {win} says what a win is ("one pile left").
        rows.append((_("Won ({win})").format(win=win), f"{v.won} ({percent(v.win_rate)})"))
    average = "–" if v.average is None else number(v.average)
    if v.average is not None and many:
        # Translators: an average score and what it counts ("40.5 points", "3.2 piles left").
        average = _("{average} {unit}").format(average=average, unit=many)
    # Translators: rows of the statistics: the best score, the average score, the last game's score.
    rows += [(_("Best"), "–" if v.best is None else amount(v.best)),
             (_("Average"), average),
             (_("Last game"), amount(v.recent[-1].score) if v.recent else "–")]
    if win:
        # Translators: a row of the statistics: the games won in a row now, and the most ever won in a row.
        rows.append((_("Winning streak"), _("{streak} (longest {longest})").format(streak=v.streak, longest=v.longest)))
    rows.append((_("Hints used"), str(v.hints)))
    if v.fastest_win_ms is not None:
        seconds = v.fastest_win_ms // 1000
        rows.append((_("Fastest win"), f"{seconds // 60}:{seconds % 60:02d}"))
    if v.judged:  # what the solver proved of the deals played (it knows the order of the cards)
        if _can_win(v.game):
            rows.append((_("Winnable deals lost"), str(v.winnable_lost)))
        # Translators: a row of the statistics: the games in which the player did as well as the solver proved possible.
        rows.append((_("As well as anyone could"), ngettext(
            "{n} of {judged} judged by the solver", "{n} of {judged} judged by the solver", v.judged).format(
                n=v.as_well_as_possible, judged=v.judged)))
    table = "".join(f"<tr><th>{escape(k)}</th><td>{escape(val)}</td></tr>" for k, val in rows)
    bands = ""
    if v.bands:
        cells = "".join(f"<tr><th>{escape(_band_words(label))}</th><td>{n}</td></tr>" for label, n in v.bands)
        caption = _("Rating bands")
        bands = f'<table class="bands"><caption>{escape(caption)}</caption>{cells}</table>'
    # Translators: the heading over the statistics chart of the last scores.
    recent = ngettext("Last {n} score", "Last {n} scores", len(v.recent)).format(n=len(v.recent))
    return (f'<section class="stats-variant" data-game="{escape(v.game)}" data-options="{escape(v.options)}">'
            f"<h3>{escape(name)}</h3><table>{table}</table>{bands}"
            f'<div class="recent"><h4>{escape(recent)}</h4>{scores_chart(v)}</div></section>')


def _band_words(label: str) -> str:
    """A rating band in words, its plural form picked by its highest number ("4–5": 5, "8+": 8).

    >>> _band_words("1"), _band_words("4–5"), _band_words("8+")
    ('1 pile', '4–5 piles', '8+ piles')
    """
    numbers = re.findall(r"\d+", label)
    # Translators: a rating band of Gravity's statistics: the piles left at the end ("1 pile", "4–5 piles", "8+ piles").
    return ngettext("{band} pile", "{band} piles", int(numbers[-1]) if numbers else 2).format(band=label)


def dailies_html(summary: StatsSummary) -> str:
    """The daily deals played to their end, newest first, each with a Share button
    (``stats-share-GAME-DATE``: its result as a message, :mod:`pyapp.stats.share`).

    >>> from pyapp.stats.summary import DailyStatus
    >>> html = dailies_html(StatsSummary((), 1, 0, 1, 1, dailies=(DailyStatus("gyre", "2026-12-05", "finished", 58),)))
    >>> 'id="stats-share-gyre-2026-12-05"' in html, "2026-12-05" in html, "58 points" in html
    (True, True, True)
    >>> dailies_html(StatsSummary((), 0, 0, 0, 0))
    ''
    """
    if not summary.dailies:
        return ""
    rows = []
    for d in summary.dailies:
        result = _(OUTCOME_WORDS["won"]) if d.state == "won" else _measure(d.game)[0](d.score or 0)
        # Translators: a daily deal's result in the statistics: "2026-12-05 · Gyre: 58 points".
        line = _("{date} · {game}: {result}").format(date=d.day, game=_title_of(d.game), result=result)
        # Translators: a button beside a daily deal's result in the statistics: send it as a message (no spoilers).
        share = _("Share")
        # Translators: the Share button's name for screen readers; {result} is the line beside it.
        label = _("Share the result: {result}").format(result=line)
        rows.append(f'<li><span>{escape(line)}</span> <button type="button" id="stats-share-{escape(d.game)}-{escape(d.day)}" '
                    f'aria-label="{escape(label)}">{escape(share)}</button></li>')
    # Translators: the statistics' list of the daily deals played, each with a button to share its result.
    title = _("Daily deals")
    return f'<h3 class="stats-dailies-title">{escape(title)}</h3><ul class="stats-dailies">{"".join(rows)}</ul>'


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
    winnable = sum(v.played for v in summary.variants if _measure(v.game)[2])
    if not winnable:
        # Translators: the statistics' first line: how many games were played, of every game.
        played = _("Played {played}.").format(played=summary.played)
    elif winnable == summary.played:
        # Translators: the statistics' first line: how many games were played and won, of every game.
        played = _("Played {played}, won {won}.").format(played=summary.played, won=summary.won)
    else:
        # Translators: the statistics' first line: some games played have no win (Gyre is only scored).
        played = ngettext("Played {played}, won {won} of the {winnable} that can be won.",
                          "Played {played}, won {won} of the {winnable} that can be won.", winnable).format(
            played=summary.played, won=summary.won, winnable=winnable)
    # Translators: the days in a row on which a daily deal was played, now and at most.
    streak = ngettext("Daily streak: {n} day (longest {longest})", "Daily streak: {n} days (longest {longest})",
                      summary.daily_streak).format(n=summary.daily_streak, longest=summary.daily_longest)
    # Translators: the statistics: today's deal of a game played for points (Gyre) was played to its end with
    # this score; its par is the best score possible on it, proven by the solver in advance.
    pars = "".join('<p class="stats-par">' + escape(_("Today's deal of {game}: {score}, par {par}.").format(
        game=_title_of(game), score=score, par=par)) + "</p>" for game, score, par in summary.pars)
    head = f'<p class="stats-total">{escape(played)} {escape(streak)}</p>{pars}{dailies_html(summary)}'
    body = "".join(_variant_html(v) for v in summary.variants) or "<p>" + escape(_("No games played yet.")) + "</p>"
    reset = _("Sure? Press again to erase") if armed else _("Reset statistics")
    # Translators: the statistics dialog's buttons: save them to a file, read them from a file.
    export, import_, close = _("Export"), _("Import"), _("Close")
    buttons = (f'<div class="row"><button type="button" id="stats-export">{escape(export)}</button>'
               f'<button type="button" id="stats-import">{escape(import_)}</button>'
               '<input type="file" id="stats-file" accept="application/json,.json" hidden>'
               f'<button type="button" id="stats-reset" class="{"armed" if armed else ""}">{escape(reset)}</button>'
               f'<button type="button" id="stats-close">{escape(close)}</button></div>')
    return head + body + buttons
