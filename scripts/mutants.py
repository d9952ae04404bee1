"""Mutants: small deliberate bugs in the rules, the solvers, the links and the player's records,
each of which the tests must catch (a test suite that lets one pass has a hole).

    .venv/bin/python scripts/mutants.py [--only ID,ID...] [--list] [--tests "PYTEST ARGS"]

The mutants are in ``scripts/mutants.json``: a file, an exact piece of its code and what replaces
it, and the tests that should fail. Each is applied in turn to a clone of this checkout's HEAD (in
a temporary directory; the checkout is not touched) and its tests run there, with a fixed
Hypothesis seed. A mutant is *killed* when they fail (or run past ten minutes: a search that no
longer ends). A few are marked ``survives``, with why: either equivalent (the change cannot alter
what the code does) or open (no test is known that tells it apart; say so in the issue).

Each line: ``KILLED|SURVIVED|SKIPPED id (seconds) | pytest's last line``. The exit status is 1 when
a mutant not marked ``survives`` survived (or one marked ``survives`` was killed: mark it again).
Not part of ``.ci/run``: it takes about half an hour (docs/ROBUSTNESS.md, "Mutants").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"


def run(mutant: dict[str, object], tree: Path, only: list[str] | None = None) -> tuple[str, str, float]:
    """Apply ``mutant`` in ``tree``, run its tests (or ``only``, pytest's arguments), put the file
    back: (outcome, last line, seconds)."""
    path = tree / str(mutant["file"])
    text = path.read_text()
    old, new = str(mutant["old"]), str(mutant["new"])
    if text.count(old) != 1:
        return "SKIPPED", f"its code is found {text.count(old)} times, not once", 0.0
    tests = only if only else [str(t) for t in mutant["tests"]]  # type: ignore[attr-defined]
    if "tests" in tests:
        tests.append("--ignore=tests/test_build.py")  # (it needs a build of the page)
    path.write_text(text.replace(old, new))
    began = time.monotonic()
    try:
        done = subprocess.run([str(PYTHON), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-n", "2",
                               "--hypothesis-seed=0", *tests], cwd=tree, capture_output=True, text=True, timeout=600)
        lines = done.stdout.strip().splitlines()
        return ("KILLED" if done.returncode else "SURVIVED"), (lines[-1] if lines else done.stderr[-160:]), \
            time.monotonic() - began
    except subprocess.TimeoutExpired:
        return "KILLED", "timed out: the mutant's search no longer ends", time.monotonic() - began
    finally:
        path.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="mutant ids, comma-separated")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--tests", default="", help="pytest's arguments instead of each mutant's tests, "
                        "space-separated (does one test alone kill them?)")
    args = parser.parse_args()
    mutants: list[dict[str, object]] = json.loads((ROOT / "scripts" / "mutants.json").read_text())
    if args.only:
        wanted = set(args.only.split(","))
        mutants = [m for m in mutants if m["id"] in wanted]
    if args.list:
        for m in mutants:
            print(m["id"], m["file"], "survives: " + str(m["survives"]) if "survives" in m else "")
        return 0
    unexpected = 0
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(tree)], check=True)
        for m in mutants:
            outcome, last, seconds = run(m, tree, args.tests.split() or None)
            expected = "SURVIVED" if "survives" in m else "KILLED"
            mark = "" if outcome == expected else "   <- not as expected"
            unexpected += outcome != expected
            print(f"{outcome:8} {m['id']} ({seconds:.0f} s) | {last[:120]}{mark}", flush=True)
    print(f"{len(mutants)} mutants, {unexpected} not as expected")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
