"""Fuzz the parsers at length: ``python scripts/fuzz.py [--examples 10000] [--jobs 2]``.

Runs the Hypothesis properties that guard what a player can bring in from outside, with
``ORBIT_FUZZ=1`` (``scripts/fuzz_profile.py``, loaded as a pytest plugin: every property at ``--examples`` cases, no
deadline), and prints one line per property: cases run, seconds, failures. The link
text, every game's state texts (mutations of real positions), any storage a page may
find (saves, statistics, settings), and statistics files to import. Not part of the CI
run, which keeps each property's own smaller count; the latest result is in
``docs/ROBUSTNESS.md``. A failure prints Hypothesis's falsifying example and the blob to
reproduce it, and the command exits with status 1.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (what it guards, the pytest node: a parametrized node runs once per game).
PROPERTIES: tuple[tuple[str, str], ...] = (
    ("link texts", "tests/test_parsing.py::test_any_link_text_raises_only_typed_errors"),
    ("state texts", "tests/test_parsing.py::test_mutated_state_texts_raise_only_typed_errors_and_accepted_ones_are_canonical"),
    ("saves (any storage)", "tests/test_controller.py::test_any_storage_gives_a_playable_game_never_an_exception"),
    ("statistics imports", "tests/test_stats_import.py::test_any_file_imports_or_gives_one_clear_message_and_changes_nothing"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="cases per property (default 10,000)")
    parser.add_argument("--jobs", type=int, default=2, help="pytest-xdist workers (default 2)")
    args = parser.parse_args()
    env = dict(os.environ, ORBIT_FUZZ="1", ORBIT_FUZZ_EXAMPLES=str(args.examples),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "scripts"), os.environ.get("PYTHONPATH", "")])))
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "fuzz.xml"
        command = [sys.executable, "-m", "pytest", "-p", "fuzz_profile", "-q", "-n", str(args.jobs),
                   "--hypothesis-show-statistics",
                   f"--junitxml={report}", "-o", "addopts=-p no:cacheprovider", *(node for _, node in PROPERTIES)]
        start = time.perf_counter()
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        cases = ET.parse(report).getroot().iter("testcase") if report.exists() else iter(())
        rows = [(f"{c.get('classname', '').replace('.', '/')}.py::{c.get('name', '')}", float(c.get("time", 0)),
                 any(child.tag in ("failure", "error") for child in c)) for c in cases]
    failed = run.returncode != 0
    # Hypothesis's statistics count the cases of each property at a test's top level
    counted: dict[str, int] = {}
    test = ""
    for line in run.stdout.splitlines():
        if line.startswith("tests/") and line.endswith(":"):
            test = line[:-1]
        elif m := re.search(r"(\d+) passing, (\d+) failing", line):
            counted[test] = counted.get(test, 0) + int(m.group(1)) + int(m.group(2))
    print(f"fuzz: {args.examples} cases per property (per game for state texts), {args.jobs} workers, "
          f"{wall:.0f} s in all")
    for what, node in PROPERTIES:
        mine = [r for r in rows if r[0].startswith(node)]
        seconds = sum(r[1] for r in mine)
        failures = sum(1 for r in mine if r[2])
        ran = sum(n for t, n in counted.items() if t.startswith(node))
        said = f"{ran} cases run" if ran else f"{len(mine)} x {args.examples} cases (a property inside the test)"
        print(f"  {what:22} {said:45} {seconds:7.1f} s  {'FAILED ' + str(failures) if failures else 'no failure'}")
    if failed:
        print(run.stdout[-20_000:])
        print(run.stderr[-5_000:], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
