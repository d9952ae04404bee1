"""The winnability study on Dask distributed (bench/solve.py): a local cluster gives the rows a
single process gives, a study stopped halfway solves only the deals not yet stored, and the
report says its intervals and its command."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("distributed")  # the `study` dependencies (pip install -e '.[study]')
from distributed import Client, LocalCluster  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import solve as study  # noqa: E402

#: Two fast games, small budgets: Gravity's deals mostly won, one not (seed 2 at 8,000 nodes);
#: Square's at 300 nodes, the ones left undetermined searched again 4x as far (as Gyre's are).
TASKS: list[study.Task] = [("gravity", "", seed, 8_000, 1) for seed in range(1, 7)] \
    + [("square", "", seed, 300, 4) for seed in range(1, 7)]


def _settled(rows: list[study.Row]) -> list[study.Row]:
    """The rows in the tasks' order, without the seconds (the one thing a run may change)."""
    return sorted((replace(r, seconds=0.0) for r in rows), key=lambda r: TASKS.index(r.key))


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """A local cluster of two worker processes, one thread each (as the study's default)."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def alone() -> list[study.Row]:
    """The rows of the same deals solved one after the other in this process."""
    return _settled([study.solve_one(t) for t in TASKS])


@pytest.fixture(scope="module")
def stored(client: Client, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, study.RunStats]:
    """A study of :data:`TASKS` on the cluster, into a new store (3 deals a task)."""
    store = tmp_path_factory.mktemp("study") / "rows.csv"
    return store, study.run_study(TASKS, store, client, batch=3)


def test_a_local_cluster_gives_the_rows_of_one_process(stored: tuple[Path, study.RunStats],
                                                       alone: list[study.Row]) -> None:
    store, stats = stored
    assert (stats.deals, stats.stored, stats.solved, stats.submitted, stats.failed) == (12, 0, 12, 4, 0)
    rows = study.read_store(store)
    assert _settled(rows) == alone  # the same verdicts, nodes and lines, read back from the store
    kinds = {(r.game, r.kind) for r in alone}
    assert ("gravity", "won") in kinds and ("gravity", "best") in kinds and ("square", "won") in kinds
    assert any(r.deepened for r in alone) and any(not r.deepened for r in alone if r.game == "square")
    assert all(r.replays and r.line for r in alone)
    assert len(store.read_text().splitlines()) == 1 + len(TASKS)  # the header and a line a deal


def test_a_study_stopped_halfway_solves_only_the_rest(stored: tuple[Path, study.RunStats], client: Client,
                                                      tmp_path: Path) -> None:
    full = study.read_store(stored[0])
    half = [r for r in full if r.seed % 2]  # every game's odd seeds
    torn = study.format_rows([next(r for r in full if not r.seed % 2)])[:25]  # killed while writing a row
    store = tmp_path / "rows.csv"
    store.write_text(",".join(study.COLUMNS) + "\r\n" + study.format_rows(half) + torn, newline="")
    assert {r.key for r in study.read_store(store)} == {r.key for r in half}  # the torn line left out

    stats = study.run_study(TASKS, store, client, batch=3)
    assert (stats.stored, stats.solved, stats.failed) == (len(half), len(TASKS) - len(half), 0)
    assert stats.submitted == 2  # each game's three even seeds: a batch each
    rows = study.read_store(store)
    assert _settled(rows) == _settled(full)
    lines = store.read_text().splitlines()
    assert len(lines) == 1 + len(TASKS) and torn not in lines  # the torn line cut, its deal solved again

    again = study.run_study(TASKS, store, client, batch=3)  # all there: nothing to do
    assert (again.stored, again.solved, again.submitted) == (len(TASKS), 0, 0)


def test_the_report_has_the_intervals_the_machine_and_the_command(tmp_path: Path) -> None:
    store = tmp_path / "rows.csv"
    rows = [study.Row("gravity", "", seed, 200_000, 1, "won" if seed <= 9 else "impossible", 1 if seed <= 9 else 3,
                      True, 1_000 * seed, 0.05 * seed, True, None, False, ("a1a2",)) for seed in range(1, 11)]
    rows += [study.Row("gyre", "jokers", seed, 10_000, 4, "best", 60 + seed, seed == 1, 50_000, 4.0, True, 70, True,
                       ("P1",)) for seed in range(1, 4)]
    with study.Store(store) as out:
        out.append(rows)
    command = "python bench/solve.py --store rows.csv --deals 10 --games gravity,gyre"
    study.log_run(store, {"date": "2026-12-05 07:00", "command": command, "workers": 2, "where": "a local cluster",
                          "machine": "2 cores", "deals": 13, "solved": 13, "busy": 14.75, "wall": 9.5})
    text = study.report(study.read_store(store), study.read_runs(store), command)
    lo, hi = study.wilson(9, 10)
    assert f"| Gravity | default | 200,000 | 10 | 9 (90.0%) | {100 * lo:.2f}-{100 * hi:.2f}% | 1 (10.0%) | 0 (0.0%) |" \
        in text
    assert "59.58-98.21%" in text  # (the Wilson interval of 9 of 10)
    assert f"    {command}" in text and f"`{command}` |" in text  # the command that wrote it, and the run's
    assert "| 2026-12-05 07:00 | 13 | 10 s | 2 | a local cluster | 2 cores |" in text
    assert "| Gyre | `jokers` | 10,000, 4x again | 3 | 1 (33.3%) |" in text
    assert "Not so, even for a player who could see every card: of the first 10 deals" in text
    # a million deals at the measured rate (mean 0.275 s a deal) and 14.75 s of solving in 9.5 s on 2 workers
    assert "| Gravity | 200,000 | 10 | 0.275 | 3.6 | 2.0 days | 6.1 h | 92.2 min | 23.1 min |" in text


def test_the_command_writes_the_report_from_the_store_alone(tmp_path: Path) -> None:
    store, out = tmp_path / "rows.csv", tmp_path / "W.md"
    with study.Store(store) as f:
        f.append([study.Row("square", "", 1, 200_000, 1, "won", 36, True, 286, 0.01, True, None, False, ("1@A1",))])
    assert study.main(["--store", str(store), "--games", "square", "--report-only", "--out", str(out)]) == 0
    text = out.read_text()
    assert f"python bench/solve.py --store {store} --games square --report-only --out {out}" in text
    assert "| Solitaire Square | default | 200,000 | 1 | 1 (100.0%) | 20.65-100.00% |" in text
