"""The winnability study: solve seeded deals of every game and variant at a fixed budget
(each game's own), on a Dask cluster, into a store; and write docs/WINNABILITY.md from it.

    .venv/bin/python -m pip install -e '.[study]'                 # Dask distributed (once)
    nice .venv/bin/python bench/solve.py --store ~/study/rows.csv  # the full study (hours on 2 cores)
    nice .venv/bin/python bench/solve.py --store /tmp/s.csv --deals 300 --variant-deals 300 --games gravity,square
    .venv/bin/python bench/solve.py --store ~/study/rows.csv --scheduler tcp://10.0.0.5:8786   # on a cluster
    .venv/bin/python bench/solve.py --store ~/study/rows.csv --report-only --out -              # the report only

Deals are the seeds 1..N of each game's default rules (``--deals``: by default Gravity and
Solitaire Square 10,000, Zodiac 2,000, Gyre 1,000) and of each option text in its registry
entry's ``variants`` (``--variant-deals``, default 300), each solved from the deal by the
game's solver (:func:`pyapp.solve.problem_for`) with ``--budget`` nodes (default each game's
own: :attr:`pyapp.core.search.Problem.budget`). A deal that search leaves undetermined is
searched further, ``--deepen`` times as far (default Gyre 4, as the page's worker and its "Keep
looking" do: :data:`pyapp.solve.verdicts.DEEPER`; a game without a win resumes its search, any
other searches again), and the deeper verdict is the deal's. Every line a verdict
gives is replayed through the engine and must end exactly where the verdict says; a deal whose
line does not is counted and printed (there should be none). The solver knows the order of
every card, as KPatience's and Solvitaire's published figures do.

The deals go to Dask distributed in batches (``--batch`` deals a task): by default a
``LocalCluster`` of ``--workers`` processes (one thread each: the solver is pure Python) on
this machine, or the cluster whose scheduler is ``--scheduler`` (its workers need Python 3.11+
and the ``study`` dependencies; the client uploads ``pyapp`` to them). Each batch's rows are
appended to the store (``--store``, CSV, one row per deal with its line) as it arrives and
flushed, so a study stopped at any point (even mid-write) goes on where it stopped when run
again with the same store: the deals already stored (same game, options, seed, budget and
deepening) are skipped. Each run is also logged next to the store (``<store>.runs``, one JSON
line a run, written again each minute: when, how long, how many workers, where, the machine's load,
the command), for the report. :func:`read_store` reads the store's rows back (with their lines).

The report (``--out``, default docs/WINNABILITY.md; ``-`` prints it) is made from the whole
store: for a game that can be won the share won with a 95% Wilson interval, the share proven
impossible (complete search, no win) and the share undetermined (the budget ran out first); for
every game, the distribution of the best score found (exact when the search was complete), the
median and 95th percentile of the nodes and seconds per verdict, and how long a million deals
would take on N workers at the store's measured rate.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import hashlib
import io
import json
import math
import os
import platform
import shlex
import signal
import statistics
import sys
import tempfile
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import astuple, dataclass, fields
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.games import entries, entry, get_game  # noqa: E402
from pyapp.solve import SLICE, Search, engine_verdict, problem_for, solve_state  # noqa: E402

if TYPE_CHECKING:
    from distributed import Client

#: One deal to solve: game id, option text, seed, budget (nodes), deepening (1: none). Plain
#: values, so that a worker needs nothing of this module to read it.
Task = tuple[str, str, int, int, int]
#: What identifies a deal in the store (the task itself).
Key = Task

#: The sizes of the study asked for in issue 46 (default deals of each game's default rules).
DEALS = "gravity=10000,square=10000,zodiac=2000,gyre=1000"
#: Gyre's undetermined deals searched again four times as far, as the page's Keep looking does.
DEEPEN = "gyre=4"
#: Deals per task: a few seconds of work each at each game's own budget (docs/WINNABILITY.md's
#: mean seconds per deal), so that a worker is not left alone with a long batch at the end.
BATCH = "gravity=20,square=20,zodiac=4,gyre=1"


@dataclass(frozen=True)
class Row:
    """One deal's verdict, as the store holds it."""

    game: str
    options: str
    seed: int
    #: The nodes of the first search (the game's own unless ``--budget`` said otherwise).
    budget: int
    #: An undetermined first search is searched again this many times as far (1: never).
    deepen: int
    kind: str
    score: int | None
    exact: bool
    #: The nodes of the deal's search (searched again: both searches').
    nodes: int
    seconds: float
    replays: bool
    #: Proven: no line beats it (a game without a win; None: nothing proven, or a game with a win).
    upper: int | None
    #: It was searched further (``deepen`` times as far); the verdict is the deeper search's.
    deepened: bool
    #: The verdict's line, the engine's move tokens.
    line: tuple[str, ...]

    @property
    def key(self) -> Key:
        return self.game, self.options, self.seed, self.budget, self.deepen


COLUMNS = tuple(f.name for f in fields(Row))


def solve_one(task: Task) -> Row:
    """Solve one deal, searched further ``deepen`` times as far when the first search leaves it
    undetermined, as the page's "Keep looking" does (:meth:`pyapp.solve.verdicts.Verdicts.look_longer`):
    a game without a win goes on from where its search stopped (:meth:`Search.resume`), any other
    searches again. Then replay the verdict's line through the engine."""
    game_id, options, seed, budget, deepen = task
    game = get_game(game_id)
    state = game.deal(seed, game.parse_options(options))
    start = time.perf_counter()
    problem = problem_for(game_id, state)
    own = budget == problem.budget  # (the page's search: the problem's own budget, which deepening grows)
    search = Search(problem, problem.start(state), None if own else budget)
    while not search.run(SLICE):
        pass
    verdict = engine_verdict(problem, search.verdict())
    nodes, deepened = verdict.nodes, False
    if deepen > 1 and verdict.kind != "won" and not verdict.exact:
        deepened = True
        problem.deepen(deepen)
        if search.budget is not None:
            search.budget *= deepen
        if not problem.has_win and search.resume():
            while not search.run(SLICE):
                pass
            verdict = engine_verdict(problem, search.verdict())
            nodes = verdict.nodes  # (the one search's, from the deal)
        else:
            verdict = solve_state(game_id, state, budget * deepen, deepen=deepen)
            nodes += verdict.nodes
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
    return Row(game_id, options, seed, budget, deepen, verdict.kind, verdict.score, verdict.exact, nodes, seconds, ok,
               verdict.upper, deepened, tuple(verdict.line))


def solve_batch(tasks: Sequence[Task]) -> list[tuple[Any, ...]]:
    """A Dask task: the rows of a batch of deals, as plain tuples (:func:`row_of` reads one back)."""
    return [astuple(solve_one(task)) for task in tasks]


def row_of(values: Sequence[Any]) -> Row:
    """A row from the tuple :func:`solve_batch` gives."""
    return Row(**{**dict(zip(COLUMNS, values)), "line": tuple(values[-1])})


# The store: CSV, a header line then one line a deal, appended as the rows arrive.

def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, tuple):
        return " ".join(value)
    return str(value)


def _optional(text: str) -> int | None:
    return None if text == "" else int(text)


def _row(cells: list[str]) -> Row:
    if len(cells) != len(COLUMNS):
        raise ValueError(f"{len(cells)} cells, not {len(COLUMNS)}")
    c = dict(zip(COLUMNS, cells))
    return Row(c["game"], c["options"], int(c["seed"]), int(c["budget"]), int(c["deepen"]), c["kind"],
               _optional(c["score"]), c["exact"] == "1", int(c["nodes"]), float(c["seconds"]), c["replays"] == "1",
               _optional(c["upper"]), c["deepened"] == "1", tuple(c["line"].split()))


def format_rows(rows: Iterable[Row]) -> str:
    """The store's lines of ``rows``.

    >>> r = Row("gyre", "jokers", 3, 10_000, 4, "best", 61, False, 50_000, 9.5, True, 64, True, ("P1", "CJS1"))
    >>> text = format_rows([r]); text
    'gyre,jokers,3,10000,4,best,61,0,50000,9.5000,1,64,1,P1 CJS1\\r\\n'
    >>> next(parse_lines([text])) == r
    True
    """
    out = io.StringIO()
    writer = csv.writer(out)
    for r in rows:
        writer.writerow([_cell(v) for v in astuple(r)])
    return out.getvalue()


def parse_lines(lines: Iterable[str]) -> Iterable[Row]:
    """The rows of complete store lines (no header)."""
    for cells in csv.reader(lines):
        yield _row(cells)


def _complete(path: Path) -> str:
    """The store's text up to its last complete line (a line torn by a study killed mid-write is left out)."""
    if not path.exists():
        return ""
    data = path.read_bytes()
    return data[:data.rfind(b"\n") + 1].decode("utf-8")


def read_store(path: Path | str) -> list[Row]:
    """Every deal of the store at ``path`` (none if it does not exist), each once (the first
    row of a deal stored twice), in the store's order; a torn last line is left out."""
    text = _complete(Path(path))
    if not text:
        return []
    lines = text.splitlines(keepends=True)
    header = next(csv.reader(lines[:1]))
    if tuple(header) != COLUMNS:
        raise ValueError(f"{path}: not a study store of this version (its columns: {','.join(header)})")
    rows: dict[Key, Row] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            row = next(iter(parse_lines([line])))
        except (ValueError, StopIteration) as error:
            raise ValueError(f"{path}:{number}: {error}") from error
        rows.setdefault(row.key, row)
    return list(rows.values())


class Store:
    """The store open for appending: its header written when new, a torn last line cut off."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        complete = _complete(self.path)
        if self.path.exists() and len(complete.encode("utf-8")) != self.path.stat().st_size:
            with open(self.path, "r+b") as f:  # cut the torn line: the next row starts a line of its own
                f.truncate(len(complete.encode("utf-8")))
        self.file: IO[str] = open(self.path, "a", newline="", encoding="utf-8")
        if not complete:
            self.file.write(",".join(COLUMNS) + "\r\n")
            self.flush()

    def append(self, rows: Sequence[Row]) -> None:
        self.file.write(format_rows(rows))
        self.flush()

    def flush(self) -> None:
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def runs_path(store: Path | str) -> Path:
    return Path(str(store) + ".runs")


def read_runs(store: Path | str) -> list[dict[str, Any]]:
    """The runs logged next to the store, in the order they started: a run logs itself as it goes
    (its last record is what it did, even if it was killed); a torn last line is left out."""
    runs: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(_complete(runs_path(store)).splitlines()):
        if line.strip():
            record = json.loads(line)
            runs[str(record.get("run", number))] = record
    return list(runs.values())


def log_run(store: Path | str, run: dict[str, Any]) -> None:
    path = runs_path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(run, sort_keys=True) + "\n")


# The study.

def per_game(text: str, games: Sequence[str], default: int | None) -> dict[str, int | None]:
    """A per-game setting: ``N`` for every game, or ``game=N,...`` (the others ``default``).

    >>> per_game("300", ["gyre", "square"], None)
    {'gyre': 300, 'square': 300}
    >>> per_game("gyre=4", ["gyre", "square"], 1)
    {'gyre': 4, 'square': 1}
    """
    if text.strip().isdigit():
        return {g: int(text) for g in games}
    out: dict[str, int | None] = {g: default for g in games}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        entry(name)  # an unknown game is an error
        if name in out:
            out[name] = int(value)
    return out


def study_tasks(games: Sequence[str], deals: dict[str, int | None], variant_deals: int,
                budget: dict[str, int | None], deepen: dict[str, int | None]) -> list[Task]:
    """The deals of the study: seeds 1..N of each game's default rules and of each of its variants,
    with the budget resolved (None: the game's own, :attr:`Problem.budget`)."""
    tasks: list[Task] = []
    for e in entries():
        if e.id not in games:
            continue
        for options, n in (("", deals[e.id] or 0), *((v, variant_deals) for v in e.variants)):
            nodes = budget[e.id]
            if nodes is None:
                nodes = problem_for(e.id, e.game.deal(1, e.game.parse_options(options))).budget
            tasks += [(e.id, options, seed, nodes, deepen[e.id] or 1) for seed in range(1, n + 1)]
    return tasks


def batches(tasks: Sequence[Task], size: int | dict[str, int]) -> list[list[Task]]:
    """``tasks`` in batches of ``size`` deals (or ``size[game]``) of one game and rules, the
    games' batches interleaved (each game's first batch, then each one's second...) so that
    progress is even.

    >>> [[t[2] for t in b] for b in batches([("a", "", s, 1, 1) for s in (1, 2, 3)] + [("b", "", 1, 1, 1)], 2)]
    [[1, 2], [1], [3]]
    """
    groups: dict[tuple[str, str], list[list[Task]]] = {}
    for t in tasks:
        runs = groups.setdefault((t[0], t[1]), [[]])
        if len(runs[-1]) == (size if isinstance(size, int) else size.get(t[0], 1)):
            runs.append([])
        runs[-1].append(t)
    out = [(i, b) for runs in groups.values() for i, b in enumerate(runs) if b]
    out.sort(key=lambda ib: ib[0])
    return [b for _i, b in out]


class Progress:
    """Deals done of the total, the rate and the time left, on stderr: one line rewritten on a
    terminal, else a line every ``every`` seconds."""

    def __init__(self, total: int, out: TextIO | None = None, every: float = 30.0) -> None:
        self.total, self.done, self.out = total, 0, out if out is not None else sys.stderr
        self.start = self.last = time.perf_counter()
        self.tty = self.out.isatty()
        self.every = 0.5 if self.tty else every

    def line(self) -> str:
        elapsed = time.perf_counter() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate else math.inf
        when = "?" if math.isinf(left) else duration(left)
        return f"{self.done:,}/{self.total:,} deals, {rate:.2f} deals/s, {when} left"

    def add(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if now - self.last >= self.every or self.done == self.total:
            self.last = now
            self.out.write(("\r" + self.line() + "\x1b[K") if self.tty else self.line() + "\n")
            self.out.flush()

    def end(self) -> None:
        if self.tty:
            self.out.write("\n")


def duration(seconds: float) -> str:
    """``seconds`` in words: seconds, minutes, hours or days.

    >>> duration(42), duration(600), duration(2.5 * 3600), duration(86400 * 3)
    ('42 s', '10.0 min', '2.5 h', '3.0 days')
    """
    if seconds < 100:
        return f"{seconds:.0f} s"
    if seconds < 6000:
        return f"{seconds / 60:.1f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


@dataclass
class RunStats:
    """What a run of the study did."""

    #: Deals asked for, and of them already in the store.
    deals: int
    stored: int
    #: Tasks (batches) submitted to the cluster, and the deals they held.
    submitted: int
    solved: int
    #: The seconds the solver took on the deals solved (summed over the workers).
    busy: float
    #: Batches that failed (their deals are not stored: a run again tries them again).
    failed: int
    wall: float


def run_study(tasks: Sequence[Task], store: Path | str, client: Client, batch: int | dict[str, int] = 10,
              progress: Callable[[int, int], Progress] | None = None, stats: RunStats | None = None,
              checkpoint: Callable[[RunStats], None] | None = None) -> RunStats:
    """Solve the deals of ``tasks`` not in ``store`` on ``client``'s cluster, appending each
    batch's rows to the store as it arrives; ``progress(to solve, stored)`` shows how far it is.
    What it did goes in ``stats`` (a new one by default) as it goes, given to ``checkpoint``
    after each batch, and returned."""
    from distributed import as_completed

    import cloudpickle
    module = sys.modules[solve_batch.__module__]
    if module.__name__ != "__main__":  # (bench/ is no package: the workers get this module by value)
        cloudpickle.register_pickle_by_value(module)
    start = time.perf_counter()
    have = {r.key for r in read_store(store)}
    todo = [t for t in tasks if t not in have]
    work = batches(todo, batch)
    if stats is None:
        stats = RunStats(0, 0, 0, 0, 0.0, 0, 0.0)
    stats.deals, stats.stored, stats.submitted = len(tasks), len(tasks) - len(todo), len(work)
    bar = progress(len(todo), len(tasks) - len(todo)) if progress else None
    with Store(store) as out:
        futures = client.map(solve_batch, work, pure=False)
        try:
            for future in as_completed(futures):
                try:
                    rows = [row_of(v) for v in future.result()]
                except Exception as error:  # noqa: BLE001 (a bug in one batch: the others go on)
                    stats.failed += 1
                    print(f"\na batch failed: {type(error).__name__}: {error}", file=sys.stderr)
                    continue
                finally:
                    future.release()
                out.append(rows)
                stats.solved += len(rows)
                stats.busy += sum(r.seconds for r in rows)
                for r in rows:
                    if not r.replays:
                        print(f"\nLINE DOES NOT REPLAY: {r.game} {r.options!r} seed {r.seed}", file=sys.stderr)
                if bar is not None:
                    bar.add(len(rows))
                if checkpoint is not None:
                    stats.wall = time.perf_counter() - start
                    checkpoint(stats)
        finally:
            client.cancel(futures)
            stats.wall = time.perf_counter() - start
            if bar is not None:
                bar.end()
    return stats


def pyapp_zip(folder: Path) -> Path:
    """``pyapp``'s files in a zip named by its contents (for a cluster's workers:
    :meth:`Client.upload_file` puts it first on their path)."""
    files = [f for f in sorted((ROOT / "pyapp").rglob("*"))
             if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".pyc"]
    digest = hashlib.sha256()
    for f in files:
        digest.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    path = folder / f"pyapp-{digest.hexdigest()[:12]}.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            z.write(f, f.relative_to(ROOT))
    return path


def forget_pyapp() -> None:
    """On a worker: forget the ``pyapp`` it imported, so the next import reads the uploaded one."""
    for name in [m for m in sys.modules if m == "pyapp" or m.startswith("pyapp.")]:
        del sys.modules[name]


def machine() -> str:
    """This machine in words: cores, processor, memory, system, Python."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = " " + line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        memory = f", {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2 ** 30:.0f} GiB"
    except (ValueError, OSError, AttributeError):
        pass
    return (f"{os.cpu_count()} cores{cpu}{memory}, {platform.system()}, {platform.python_implementation()} "
            f"{platform.python_version()}")


# The report.

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
    return f"{k:,} ({100 * k / n:.1f}%)" if n else "0"


def fmt_seconds(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.0f}"


def config_name(options: str) -> str:
    return f"`{options}`" if options else "default"


def budget_name(budget: int, deepen: int) -> str:
    return f"{budget:,}" + (f", {deepen}x again" if deepen > 1 else "")


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


Config = tuple[str, str, int, int]


def report(rows: list[Row], runs: list[dict[str, Any]], command: str) -> str:
    """docs/WINNABILITY.md from every row of a store and its runs; ``command`` made it."""
    by_config: dict[Config, list[Row]] = {}
    for r in rows:
        by_config.setdefault((r.game, r.options, r.budget, r.deepen), []).append(r)
    rank = {(e.id, o): (i, j) for i, e in enumerate(entries()) for j, o in enumerate(("", *e.variants))}
    order = sorted(by_config, key=lambda c: (*rank.get((c[0], c[1]), (99, 99)), c[1], c[2], c[3]))
    runs = [run for run in runs if run.get("solved")]
    bad = [r for r in rows if not r.replays]
    deepened = [r for r in rows if r.deepened]
    wall = sum(float(run.get("wall", 0.0)) for run in runs)
    last = runs[-1] if runs else {}
    out = [
        "# Winnability of the four games",
        "",
        "Made by the committed study (`bench/solve.py`, on Dask distributed) from its store, with the "
        "command below; do not edit by hand.",
        "",
        f"    {command}",
        "",
        f"{len(rows):,} deals, solved in {len(runs)} run{'s' if len(runs) != 1 else ''} of {duration(wall)} "
        f"wall time in all" + (f", the last on {last.get('date', '?')}, {last.get('workers', '?')} workers "
                               f"({last.get('where', '?')}) on {last.get('machine', '?')}" if runs else "")
        + ". The runs (each solves the deals its store did not hold yet"
        + (f"; {len(rows) - logged:,} deals were solved by runs killed before they logged them"
           if (logged := sum(int(run.get("solved", 0)) for run in runs)) < len(rows) else "") + "):",
        "",
        "| date (UTC) | deals solved | wall time | workers | where | machine | load average | command |",
        "|---|---:|---:|---:|---|---|---:|---|",
        *(f"| {run.get('date', '?')} | {run.get('solved', 0):,}{' (stopped)' if run.get('stopped') else ''} |"
          f" {duration(float(run.get('wall', 0.0)))} |"
          f" {run.get('workers', '?')} | {run.get('where', '?')} | {run.get('machine', '?')} | {run.get('load', '?')} |"
          f" `{run.get('command', '?')}` |" for run in runs),
        "",
        "Deals: the seeds 1..N of each game's rules (the deal a link `s=<seed>` gives). Budget: the nodes "
        "of each deal's search, each game's own unless said; *N x again*: a deal that search left "
        "undetermined was searched further, N times as far, as the page's worker and its \"Keep looking\" do "
        "(a game without a win: the same search resumed), and its verdict is the deeper search's "
        f"({len(deepened):,} deals).",
        "",
        "The solver knows the order of every card (as KPatience's and Solvitaire's published "
        "figures do): *won* means a winning line exists for a player who could see the deck; "
        "every such line was replayed through the engine"
        + (f". **{len(bad)} lines did not replay: {', '.join(f'{r.game} {r.options} {r.seed}' for r in bad[:10])}**"
           if bad else " and ended exactly as claimed.") + " *Impossible* means the search was complete "
        "and found no win; *undetermined*, that the budget ran out first (the share won is then "
        "somewhere between *won* and *won + undetermined*). The intervals are Wilson score intervals.",
        "",
        "## Games that can be won",
        "",
        "| game | rules | budget | deals | won | 95% interval of won | impossible | undetermined |"
        " nodes median / p95 | seconds median / p95 |",
        "|---|---|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for config in order:
        game_id, options, budget, deepen = config
        e = entry(game_id)
        if not e.can_win:
            continue
        rs = by_config[config]
        n = len(rs)
        won = sum(r.kind == "won" for r in rs)
        imp = sum(r.kind == "impossible" for r in rs)
        lo, hi = wilson(won, n)
        nodes = [float(r.nodes) for r in rs]
        secs = [r.seconds for r in rs]
        out.append(f"| {e.title} | {config_name(options)} | {budget_name(budget, deepen)} | {n:,} | {share(won, n)} |"
                   f" {100 * lo:.2f}-{100 * hi:.2f}% | {share(imp, n)} | {share(n - won - imp, n)} |"
                   f" {statistics.median(nodes):,.0f} / {pct(nodes, 0.95):,.0f} |"
                   f" {fmt_seconds(statistics.median(secs))} / {fmt_seconds(pct(secs, 0.95))} |")
    if not any(entry(c[0]).can_win for c in order):
        del out[-5:]
    out += [
        "",
        "## Games that are scored (no win)",
        "",
        "| game | rules | budget | deals | best score exact | 95% interval of exact | undetermined (at least) |"
        " nodes median / p95 | seconds median / p95 |",
        "|---|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    for config in order:
        game_id, options, budget, deepen = config
        e = entry(game_id)
        if e.can_win:
            continue
        rs = by_config[config]
        n = len(rs)
        exact = sum(r.exact for r in rs)
        lo, hi = wilson(exact, n)
        nodes = [float(r.nodes) for r in rs]
        secs = [r.seconds for r in rs]
        out.append(f"| {e.title} | {config_name(options)} | {budget_name(budget, deepen)} | {n:,} | {share(exact, n)} |"
                   f" {100 * lo:.1f}-{100 * hi:.1f}% | {share(n - exact, n)} |"
                   f" {statistics.median(nodes):,.0f} / {pct(nodes, 0.95):,.0f} |"
                   f" {fmt_seconds(statistics.median(secs))} / {fmt_seconds(pct(secs, 0.95))} |")
    if all(entry(c[0]).can_win for c in order):
        del out[-5:]
    out += [
        "",
        "## The best score found",
        "",
        "Exact where the search was complete, else at least that (the deals undetermined above).",
        "",
        "| game | rules | budget | score | best score per deal |",
        "|---|---|---:|---|---|",
    ]
    for config in order:
        game_id, options, budget, deepen = config
        e = entry(game_id)
        what = {"gravity": "piles left (1 = won)", "square": "cells filled (36 = won)",
                "zodiac": "cards on the foundations (104 = won)"}.get(game_id, "final score")
        out.append(f"| {e.title} | {config_name(options)} | {budget_name(budget, deepen)} | {what} |"
                   f" {distribution(by_config[config], e.lower_is_better)} |")
    gaps = [c for c in order if not entry(c[0]).can_win
            and any(not r.exact and r.upper is not None and r.score is not None for r in by_config[c])]
    if gaps:
        out += [
            "",
            "## How far the undetermined deals are from settled",
            "",
            "For a deal left undetermined, the search also proves a score no line can beat (the solver's bound at the "
            "deal, or the ceiling it proved; `python -m pyapp solve` prints it as `at-most`): the best score lies "
            "between the best line found and that. The gap is the difference.",
            "",
            "| game | rules | budget | undetermined | gap median | gap 90th percentile | gap at most 2 |"
            " proven at most, median |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for config in gaps:
            open_rows = [r for r in by_config[config] if not r.exact and r.upper is not None and r.score is not None]
            gap = sorted(float(r.upper - r.score) for r in open_rows)  # type: ignore[operator]
            ups = [float(r.upper) for r in open_rows]  # type: ignore[arg-type]
            out.append(f"| {entry(config[0]).title} | {config_name(config[1])} | {budget_name(config[2], config[3])} |"
                       f" {len(open_rows):,} | {statistics.median(gap):.0f} | {pct(gap, 0.9):.0f} |"
                       f" {share(sum(g <= 2 for g in gap), len(gap))} | {statistics.median(ups):.0f} |")
    gravity = max((by_config[c] for c in order if c[:2] == ("gravity", "")), key=len, default=None)
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
            verdict + f"of the first {n:,} deals of the default rules, "
            f"{won:,} ({100 * won / n:.2f}%, 95% interval {100 * lo:.2f}-{100 * hi:.2f}%) can be won and {imp:,} "
            f"({100 * imp / n:.2f}%) are proven impossible: no line of play leaves a single pile."
            + (f" {n - won - imp:,} were left undetermined by the budget." if n - won - imp else ""),
        ]
        impossible = sorted(r.seed for r in gravity if r.kind == "impossible")[:8]
        if impossible:
            out.append("")
            out.append(f"The first impossible deals: seeds {', '.join(map(str, impossible))} "
                       "(`python -m pyapp solve \"$(python -m pyapp deal gravity --seed SEED)\"` repeats the proof).")
    out += million(rows, runs)
    out += [
        "",
        "## How to run it",
        "",
        "`.venv/bin/python -m pip install -e '.[study]'` once (Dask distributed), then `nice .venv/bin/python "
        "bench/solve.py --store PATH` runs the study at the sizes of issue 46 (Gravity and Solitaire Square "
        "10,000 default deals each, Zodiac 2,000, Gyre 1,000 searched again 4x as the page does, every variant "
        "300) on a local cluster of this machine's cores, and writes this file from the whole store. Stopped, "
        "the same command goes on where it stopped. `--deals N` (or `gravity=N,...`), `--variant-deals M`, "
        "`--games gravity,square`, `--budget B`, `--deepen gyre=4`, `--workers W`, `--batch D` change the "
        "study; `--scheduler tcp://HOST:8786` runs it on a Dask cluster; `--report-only` writes this file "
        "from the store alone.",
        "",
    ]
    return "\n".join(out)


def efficiency(runs: list[dict[str, Any]]) -> float | None:
    """How much of its workers' time the runs kept solving (the solver's seconds over wall time
    times workers), over the runs that solved deals; None without one."""
    busy = sum(float(r.get("busy", 0.0)) for r in runs if r.get("solved"))
    capacity = sum(float(r.get("wall", 0.0)) * int(r.get("workers", 0)) for r in runs if r.get("solved"))
    return busy / capacity if capacity > 0 and busy > 0 else None


def million(rows: list[Row], runs: list[dict[str, Any]]) -> list[str]:
    """The report's section on how long a million deals of each game would take on N workers."""
    games = [e for e in entries() if any(r.game == e.id and not r.options for r in rows)]
    if not games:
        return []
    eff = efficiency(runs) or 1.0
    sizes = (2, 16, 64, 256)
    out = [
        "",
        "## A million deals",
        "",
        "At this store's measured rate: the mean seconds of the solver per deal of each game's default rules "
        "(each worker one process of one thread, on the machine above), divided by the workers, over the share "
        f"of their time the runs kept them solving ({100 * eff:.0f}%: the solver's seconds over wall time times "
        "workers). A worker twice as fast halves it; a budget left at each game's own keeps the same shares "
        "undetermined.",
        "",
        "| game | budget | deals measured | seconds per deal, mean | deals per second per worker |"
        + "".join(f" {n} workers |" for n in sizes),
        "|---|---:|---:|---:|---:|" + "---:|" * len(sizes),
    ]
    for e in games:
        for budget, deepen in sorted({(r.budget, r.deepen) for r in rows if r.game == e.id and not r.options}):
            rs = [r for r in rows if r.game == e.id and not r.options and (r.budget, r.deepen) == (budget, deepen)]
            mean = statistics.fmean(r.seconds for r in rs)
            out.append(f"| {e.title} | {budget_name(budget, deepen)} | {len(rs):,} | {mean:.3f} |"
                       f" {1 / mean if mean else math.inf:.1f} |"
                       + "".join(f" {duration(1_000_000 * mean / n / eff)} |" for n in sizes))
    return out


# The command.

def interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def progress(todo: int, stored: int) -> Progress:
    print(f"{stored:,} deals already stored, {todo:,} to solve", file=sys.stderr)
    return Progress(todo)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", required=True, help="the study's rows (CSV), appended to and resumed from")
    parser.add_argument("--deals", default=DEALS, help=f"deals of each game's default rules: N, or game=N,... ({DEALS})")
    parser.add_argument("--variant-deals", type=int, default=300, help="deals of each variant (300)")
    parser.add_argument("--budget", default="", help="nodes per deal: N, or game=N,... (default: each game's own)")
    parser.add_argument("--deepen", default=DEEPEN,
                        help=f"an undetermined deal searched again this many times as far: game=F,... ({DEEPEN})")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes of the local cluster (default: one per core)")
    parser.add_argument("--scheduler", default="", help="a Dask scheduler's address: run on its cluster instead")
    parser.add_argument("--batch", default=BATCH, help=f"deals per task: N, or game=N,... ({BATCH})")
    parser.add_argument("--out", default=str(ROOT / "docs" / "WINNABILITY.md"), help="the report ('-': print it)")
    parser.add_argument("--report-only", action="store_true", help="write the report from the store, solve nothing")
    args = parser.parse_args(argv)
    command = "python bench/solve.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    wanted = [g for g in args.games.split(",") if g] or [e.id for e in entries()]
    for g in wanted:
        entry(g)
    tasks = study_tasks(wanted, per_game(args.deals, wanted, 0), args.variant_deals,
                        per_game(args.budget, wanted, None), per_game(args.deepen, wanted, 1))
    status = 0
    if not args.report_only:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            print("bench/solve.py needs Dask distributed: .venv/bin/python -m pip install -e '.[study]'",
                  file=sys.stderr)
            return 2
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        signal.signal(signal.SIGTERM, interrupted)  # stopped by kill: the run is logged, the cluster closed
        with tempfile.TemporaryDirectory() as folder:
            if args.scheduler:
                client = Client(args.scheduler)
                client.run(forget_pyapp)  # (workers of an earlier study: this checkout's pyapp, not theirs)
                client.upload_file(str(pyapp_zip(Path(folder))))
                info = client.scheduler_info()["workers"]
                workers = len(info)
                hosts = {str(w.get("host", "?")) for w in info.values()}
                where = f"the cluster of {args.scheduler}, {len(hosts)} host{'s' if len(hosts) != 1 else ''}"
                cluster = None
            else:
                cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
                client = Client(cluster)
                workers, where = args.workers, "a local cluster"
            print(f"{len(tasks):,} deals; {workers} workers ({where})", file=sys.stderr)
            stats = RunStats(len(tasks), 0, 0, 0, 0.0, 0, 0.0)
            run, logged = f"{date} {platform.node()} {os.getpid()}", time.perf_counter()

            loads: list[float] = []

            def record(stopped: bool) -> None:
                if hasattr(os, "getloadavg"):  # this machine's (1-minute) load, the mean of the run's records
                    loads.append(os.getloadavg()[0])
                log_run(args.store, {
                    "run": run, "date": date, "command": command, "workers": workers, "where": where,
                    "machine": machine(), "deals": len(tasks), "solved": stats.solved, "busy": round(stats.busy, 3),
                    "wall": round(stats.wall, 3), "failed": stats.failed, "stopped": stopped,
                    "load": round(statistics.fmean(loads), 1) if loads else None,
                })

            def checkpoint(stats: RunStats) -> None:  # a record a minute: a run killed outright is known too
                nonlocal logged
                if time.perf_counter() - logged >= 60:
                    logged = time.perf_counter()
                    record(True)

            record(True)
            stopped = True
            try:
                size = {g: n or 1 for g, n in per_game(args.batch, wanted, 1).items()}
                run_study(tasks, args.store, client, size, progress, stats, checkpoint)
                stopped = False
            finally:
                client.close()
                if cluster is not None:
                    cluster.close()
                record(stopped)
        print(f"{stats.solved:,} deals solved in {duration(stats.wall)} ({stats.solved / max(stats.wall, 1e-9):.2f} deals/s); "
              f"{stats.stored:,} were stored already", file=sys.stderr)
        if stats.failed:
            print(f"{stats.failed} batches failed: run the command again to solve their deals", file=sys.stderr)
            status = 1
    rows = read_store(args.store)
    text = report(rows, read_runs(args.store), command)
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text)
        print(f"wrote {args.out} ({len(rows):,} deals of {args.store})", file=sys.stderr)
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nstopped: the same command goes on where it stopped", file=sys.stderr)
        sys.exit(130)
