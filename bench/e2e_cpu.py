"""Where a run of tests spends the machine: processor seconds by process (Chromium's renderers,
its browser process and the rest of it, the pytest processes, Playwright's node driver), and
the page's cold starts (each a request for Pyodide's wasm, the first of each context), per test.

    .venv/bin/python bench/e2e_cpu.py [--starts] -- [PYTEST ARGUMENTS]

For example ``-- -n 2 e2e`` (the end-to-end tests as CI runs them) or ``-- e2e/test_e2e_shell.py``.
Processor seconds are read from /proc once a second (Linux only); a process that ends within a
second of its last reading loses that second, so the figures are slightly low. The whole machine's
busy seconds (/proc/stat) are printed beside them, with the wall time. ``--starts`` lists the tests
that fetched the wasm most often (``--top N`` of them). Each end-to-end test's own processor seconds
(its worker's process tree: the worker, Playwright's driver, its Chromium, from the test's set-up to
its tear-down, processes that ended included) are summed by file, and the ``--top`` dearest listed.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def kind(cmdline: bytes) -> str | None:
    """Which of the suite's processes a command line is, or None."""
    words = cmdline.replace(b"\0", b" ").split(b" ")
    head = cmdline[:120]
    if b"chrom" in head:
        role = next((w[7:].decode() for w in words if w.startswith(b"--type=")), "browser")
        return f"chromium {role}"
    if b"node" in head and b"playwright" in cmdline:
        return "playwright driver (node)"
    if b"pytest" in cmdline or b"xdist" in cmdline:
        return "pytest"
    return None


def busy() -> float:
    """The whole machine's busy processor seconds so far."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICK


class Sampler(threading.Thread):
    """Each live process's processor seconds, read every second; the last reading of each is kept."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.last: dict[str, tuple[str, float]] = {}
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            for proc in Path("/proc").iterdir():
                if not proc.name.isdigit():
                    continue
                try:
                    what = kind((proc / "cmdline").read_bytes())
                    if what is None:
                        continue
                    fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                    self.last[proc.name] = (what, (int(fields[11]) + int(fields[12])) / TICK)
                except (OSError, IndexError, ValueError):
                    continue
            self.done.wait(1.0)

    def totals(self) -> dict[str, float]:
        out: dict[str, float] = collections.defaultdict(float)
        for what, seconds in self.last.values():
            out[what] += seconds
        return dict(out)


def starts_of(tests: collections.Counter[str], nodeid: str) -> str:
    """The cold starts counted for a test (the starts log names it with its file's path)."""
    return f"{sum(n for t, n in tests.items() if t.endswith(nodeid) or nodeid.endswith(t)):2d} starts"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", action="store_true", help="list the tests with the most cold starts")
    parser.add_argument("--top", type=int, default=15, help="how many tests --starts lists (default 15)")
    parser.add_argument("pytest", nargs="*", help="pytest's arguments (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "starts.log"
        cpu_log = Path(tmp) / "cpu.log"
        env = {**os.environ, "ORBIT_E2E_STARTS": str(log), "ORBIT_E2E_CPU": str(cpu_log)}
        sampler = Sampler()
        sampler.start()
        began, busy0 = time.monotonic(), busy()
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rfE", *args.pytest], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wall, machine = time.monotonic() - began, busy() - busy0
        time.sleep(1.5)
        sampler.done.set()
        sampler.join()
        starts = log.read_text().splitlines() if log.exists() else []
        per_test = [(float(line.split(" ", 1)[0]), line.split(" ", 1)[1]) for line in
                    (cpu_log.read_text().splitlines() if cpu_log.exists() else [])]
    out = result.stdout.strip().splitlines()
    # a failure is named (pytest's short summary), not only counted
    for line in out:
        if line.startswith(("FAILED ", "ERROR ")):
            print(line)
    print(out[-1] if out else f"pytest exited {result.returncode}")
    totals = sampler.totals()
    print(f"wall {wall:.0f} s, machine busy {machine:.0f} s of processor ({machine / wall:.2f} cores on average)")
    for what, seconds in sorted(totals.items(), key=lambda kv: -kv[1]):
        print(f"  {seconds:8.1f} s  {what}")
    print(f"  {sum(totals.values()):8.1f} s  all of these")
    tests = collections.Counter(line.split(" (")[0] for line in starts)
    print(f"cold starts (requests for Pyodide's wasm): {len(starts)} in {len(tests)} tests")
    if args.starts:
        for test, count in tests.most_common(args.top):
            print(f"  {count:3d}  {test}")
    if per_test:
        print(f"processor seconds per test (its worker's processes, set-up and tear-down included): "
              f"{sum(c for c, _ in per_test):.0f} s in {len(per_test)} tests; by file:")
        files: dict[str, float] = collections.defaultdict(float)
        for seconds, test in per_test:
            files[test.split("::")[0]] += seconds
        for name, seconds in sorted(files.items(), key=lambda kv: -kv[1]):
            print(f"  {seconds:8.1f} s  {name}")
        print("the tests that spent most:")
        for seconds, test in sorted(per_test, reverse=True)[:args.top]:
            print(f"  {seconds:8.1f} s  {starts_of(tests, test)}  {test}")
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
