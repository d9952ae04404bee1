"""The winnability study: solve a sample of seeded deals of every game and variant at a
fixed budget (each game's own), on every core, and write docs/WINNABILITY.md.

    .venv/bin/python bench/solve.py                      # the default sample (28.0 minutes on 2 cores on 2026-11-27 03:17; 33.6 that night: see docs/PERFORMANCE.md)
    .venv/bin/python bench/solve.py --deals 5000 --variant-deals 1000 --jobs 8   # a larger one

Deals are the seeds 1..N of each game's default rules (``--deals``, default 500) and of
each option text in its registry entry's ``variants`` (``--variant-deals``, default 60),
each solved from the deal by :func:`pyapp.solve.solve_state` with ``--budget`` nodes
(default each game's own: :attr:`pyapp.core.search.Problem.budget`). Every line a verdict gives is replayed through the
engine and must end exactly where the verdict says; a deal whose line does not is
counted and printed (there should be none). The solver knows the order of every card,
as KPatience's and Solvitaire's published figures do.

For a game that can be won it reports the share won with a 95% Wilson interval, the
share proven impossible (complete search, no win) and the share undetermined (the
budget ran out first: ``best ... at-least`` or ``unknown``); for every game, the
distribution of the best score found (exact when the search was complete), and the
median and 95th percentile of the nodes and seconds per verdict. ``--csv`` also writes
one row per deal. ``--out -`` prints the report instead of writing it.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.games import entries, entry, get_game  # noqa: E402
from pyapp.solve import problem_for, solve_state  # noqa: E402


@dataclass(frozen=True)
class Row:
    game: str
    options: str
    seed: int
    kind: str
    score: int | None
    exact: bool
    nodes: int
    seconds: float
    replays: bool
    #: Proven: no line beats it (a game without a win; None: nothing proven, or a game with a win).
    upper: int | None = None


def solve_one(task: tuple[str, str, int, int | None]) -> Row:
    game_id, options, seed, budget = task
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    start = time.perf_counter()
    verdict = solve_state(game_id, state, budget)
    seconds = time.perf_counter() - start
    ok = True
    if verdict.line:
        s: Any = state
        for token in verdict.line:
            if token not in game.legal_moves(s):
                ok = False
                break
            s = game.apply(s, token)
        ok = ok and game.status(s) != "playing" and game.score(s) == verdict.score \
            and (game.status(s) == "won") == (verdict.kind == "won")
    return Row(game_id, options, seed, verdict.kind, verdict.score, verdict.exact, verdict.nodes, seconds, ok,
               verdict.upper)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a share k/n.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def share(k: int, n: int) -> str:
    return f"{k} ({100 * k / n:.1f}%)" if n else "0"


def fmt_seconds(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.0f}"


def config_name(options: str) -> str:
    return f"`{options}`" if options else "default"


def distribution(rows: list[Row], lower_is_better: bool) -> str:
    """The share of deals at each best score found, best first (deciles when the scores spread wide)."""
    counts = Counter(r.score for r in rows if r.score is not None)
    if not counts:
        return "-"
    n = sum(counts.values())
    keys = sorted(counts, reverse=not lower_is_better)
    if len(keys) > 12:  # bucket a wide range into deciles of the sample
        ordered = sorted((r.score for r in rows if r.score is not None), reverse=not lower_is_better)
        marks = [ordered[min(n - 1, math.ceil(q * n) - 1)] for q in (0.1, 0.25, 0.5, 0.75, 0.9)]
        best, worst = ordered[0], ordered[-1]
        return (f"best {best}; 10% reach {marks[0]}, 25% {marks[1]}, median {marks[2]}, 75% {marks[3]}, "
                f"90% {marks[4]}; worst {worst}")
    return ", ".join(f"{k}: {100 * counts[k] / n:.0f}%" for k in keys)


def report(rows: list[Row], args: argparse.Namespace, elapsed: float, command: str) -> str:
    by_config: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        by_config.setdefault((r.game, r.options), []).append(r)
    order = [(e.id, o) for e in entries() for o in ("", *e.variants) if (e.id, o) in by_config]
    bad = [r for r in rows if not r.replays]
    out = [
        "# Winnability of the four games",
        "",
        "Made by the committed study, with the command below; do not edit by hand.",
        "",
        f"    {command}",
        "",
        f"{len(rows)} deals solved in {elapsed / 60:.1f} minutes with {args.jobs} processes on "
        f"{os.cpu_count()} cores ({platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}), {datetime.date.today().isoformat()}. Budget: {budgets(args.budget, [e.id for e in entries() if any(r.game == e.id for r in rows)])}. "
        f"Deals: the seeds 1..N of each game's rules (the deal a link `s=<seed>` gives).",
        "",
        "The solver knows the order of every card (as KPatience's and Solvitaire's published "
        "figures do): *won* means a winning line exists for a player who could see the deck; "
        "every such line was replayed through the engine"
        + (f". **{len(bad)} lines did not replay: {', '.join(f'{r.game} {r.options} {r.seed}' for r in bad[:10])}**"
           if bad else " and ended exactly as claimed.") + " *Impossible* means the search was complete "
        "and found no win; *undetermined*, that the budget ran out first (the share won is then "
        "somewhere between *won* and *won + undetermined*).",
        "",
        "## Games that can be won",
        "",
        "| game | rules | deals | won | 95% interval of won | impossible | undetermined |"
        " nodes median / p95 | seconds median / p95 |",
        "|---|---|---:|---:|---|---:|---:|---:|---:|",
    ]
    for game_id, options in order:
        e = entry(game_id)
        if not e.can_win:
            continue
        rs = by_config[(game_id, options)]
        n = len(rs)
        won = sum(r.kind == "won" for r in rs)
        imp = sum(r.kind == "impossible" for r in rs)
        lo, hi = wilson(won, n)
        nodes = [float(r.nodes) for r in rs]
        secs = [r.seconds for r in rs]
        out.append(f"| {e.title} | {config_name(options)} | {n} | {share(won, n)} | {100 * lo:.1f}-{100 * hi:.1f}% |"
                   f" {share(imp, n)} | {share(n - won - imp, n)} |"
                   f" {statistics.median(nodes):,.0f} / {pct(nodes, 0.95):,.0f} |"
                   f" {fmt_seconds(statistics.median(secs))} / {fmt_seconds(pct(secs, 0.95))} |")
    out += [
        "",
        "## Games that are scored (no win)",
        "",
        "| game | rules | deals | best score exact | undetermined (at least) | nodes median / p95 |"
        " seconds median / p95 |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for game_id, options in order:
        e = entry(game_id)
        if e.can_win:
            continue
        rs = by_config[(game_id, options)]
        n = len(rs)
        exact = sum(r.exact for r in rs)
        nodes = [float(r.nodes) for r in rs]
        secs = [r.seconds for r in rs]
        out.append(f"| {e.title} | {config_name(options)} | {n} | {share(exact, n)} | {share(n - exact, n)} |"
                   f" {statistics.median(nodes):,.0f} / {pct(nodes, 0.95):,.0f} |"
                   f" {fmt_seconds(statistics.median(secs))} / {fmt_seconds(pct(secs, 0.95))} |")
    out += [
        "",
        "## The best score found",
        "",
        "Exact where the search was complete, else at least that (the deals undetermined above).",
        "",
        "| game | rules | score | best score per deal |",
        "|---|---|---|---|",
    ]
    for game_id, options in order:
        e = entry(game_id)
        what = {"gravity": "piles left (1 = won)", "square": "cells filled (36 = won)",
                "zodiac": "cards on the foundations (104 = won)"}.get(game_id, "final score")
        out.append(f"| {e.title} | {config_name(options)} | {what} |"
                   f" {distribution(by_config[(game_id, options)], e.lower_is_better)} |")
    gaps = [(game_id, options) for game_id, options in order if not entry(game_id).can_win
            and any(not r.exact and r.upper is not None and r.score is not None for r in by_config[(game_id, options)])]
    if gaps:
        out += [
            "",
            "## How far the undetermined deals are from settled",
            "",
            "For a deal left undetermined, the search also proves a score no line can beat (the solver's bound at the "
            "deal, or the ceiling it proved; `python -m pyapp solve` prints it as `at-most`): the best score lies "
            "between the best line found and that. The gap is the difference.",
            "",
            "| game | rules | undetermined | gap median | gap 90th percentile | gap at most 2 | proven at most, median |",
            "|---|---|---:|---:|---:|---:|---:|",
        ]
        for game_id, options in gaps:
            open_rows = [r for r in by_config[(game_id, options)]
                         if not r.exact and r.upper is not None and r.score is not None]
            gap = sorted(float(r.upper - r.score) for r in open_rows)  # type: ignore[operator]
            ups = [float(r.upper) for r in open_rows]  # type: ignore[arg-type]
            out.append(f"| {entry(game_id).title} | {config_name(options)} | {len(open_rows)} |"
                       f" {statistics.median(gap):.0f} | {pct(gap, 0.9):.0f} |"
                       f" {share(sum(g <= 2 for g in gap), len(gap))} | {statistics.median(ups):.0f} |")
    gravity = by_config.get(("gravity", ""))
    if gravity:
        n = len(gravity)
        won = sum(r.kind == "won" for r in gravity)
        imp = sum(r.kind == "impossible" for r in gravity)
        lo, hi = wilson(won, n)
        if imp:
            verdict = "Not so, even for a player who could see every card: "
        elif won == n:
            verdict = "So it seems, for a player who could see every card: "
        else:
            verdict = "Not settled by this sample: "
        out += [
            "",
            "## \"You should be able to win every game\" (Gravity's author)",
            "",
            verdict + f"of the first {n} deals of the default rules, "
            f"{won} ({100 * won / n:.1f}%, 95% interval {100 * lo:.1f}-{100 * hi:.1f}%) can be won and {imp} "
            f"({100 * imp / n:.1f}%) are proven impossible: no line of play leaves a single pile."
            + (f" {n - won - imp} were left undetermined by the budget." if n - won - imp else ""),
        ]
        impossible = sorted(r.seed for r in gravity if r.kind == "impossible")[:8]
        if impossible:
            out.append("")
            out.append(f"The first impossible deals: seeds {', '.join(map(str, impossible))} "
                       "(`python -m pyapp solve \"$(python -m pyapp deal gravity --seed SEED)\"` repeats the proof).")
    out += [
        "",
        "## How to run a larger study",
        "",
        "`bench/solve.py --deals N --variant-deals M --jobs J --budget B` (every option is optional; "
        "`--games gravity,square` to study some games only; `--csv rows.csv` keeps one row per deal). "
        "The time grows with the deals and, for the deals left undetermined, with the budget.",
        "",
    ]
    return "\n".join(out)


def budgets(budget: int | None, games: list[str]) -> str:
    """The budget in words: ``budget`` nodes per deal, or each game's own."""
    if budget is not None:
        return f"{budget:,} nodes per deal"
    own = {g: problem_for(g).budget for g in games}
    if len(set(own.values())) == 1:
        return f"{next(iter(own.values())):,} nodes per deal (the solvers' own)"
    return "nodes per deal, each game's own: " + ", ".join(f"{entry(g).title} {n:,}" for g, n in own.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=500, help="deals of each game's default rules")
    parser.add_argument("--variant-deals", type=int, default=60, help="deals of each variant")
    parser.add_argument("--budget", type=int, default=None, help="nodes per deal (default: each game's own)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "WINNABILITY.md"), help="the report ('-': print it)")
    parser.add_argument("--csv", default="", help="also write one row per deal here")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g] or [e.id for e in entries()]
    tasks = [(e.id, o, seed, args.budget) for e in entries() if e.id in wanted
             for o, n in (("", args.deals), *((v, args.variant_deals) for v in e.variants)) for seed in range(1, n + 1)]
    tasks.sort(key=lambda t: (t[2], t[0], t[1]))  # interleave the games so progress is even
    start = time.perf_counter()
    rows: list[Row] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for i, row in enumerate(pool.imap_unordered(solve_one, tasks, chunksize=1), 1):
            rows.append(row)
            if not row.replays:
                print(f"LINE DOES NOT REPLAY: {row}", file=sys.stderr)
            if i % 50 == 0 or i == len(tasks):
                print(f"{i}/{len(tasks)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - start
    rows.sort(key=lambda r: (r.game, r.options, r.seed))
    command = "python bench/solve.py " + " ".join(sys.argv[1:])
    text = report(rows, args, elapsed, command.strip())
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(Row.__dataclass_fields__)
            for r in rows:
                w.writerow([r.game, r.options, r.seed, r.kind, r.score, r.exact, r.nodes, f"{r.seconds:.3f}", r.replays,
                            "" if r.upper is None else r.upper])
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text)
        print(f"wrote {args.out} ({len(rows)} deals, {elapsed / 60:.1f} minutes)", file=sys.stderr)


if __name__ == "__main__":
    main()
