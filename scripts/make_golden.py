"""Make the golden records of an earlier build: ``python scripts/make_golden.py COMMIT``.

Checks COMMIT out into a temporary git worktree, runs :mod:`scripts.golden_driver`
there with that build's own code (never the current code: Python runs with ``-S -E``, so
the editable install of this checkout cannot lend it a module the build did not have), writes what it printed to
``tests/golden/<short hash>.json`` with the build it came from, and removes the
worktree. ``tests/test_golden.py`` then opens every such file with the current code.
A change of the save, statistics or settings format comes with a migration and a new
golden file made by this script at the commit that changed it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def make(commit: str, folder: Path = GOLDEN) -> Path:
    full = git("rev-parse", "--verify", commit + "^{commit}")
    short = full[:7]
    subject = git("log", "-1", "--format=%s", full)
    date = git("log", "-1", "--format=%cI", full)
    tree = Path(tempfile.mkdtemp(prefix=f"gold-{short}-")) / "build"
    git("worktree", "add", "--detach", str(tree), full)
    try:
        run = subprocess.run([sys.executable, "-S", "-E", str(ROOT / "scripts" / "golden_driver.py"), str(tree)],
                             cwd=tree, capture_output=True, text=True, timeout=1800)
        if run.returncode != 0:
            raise SystemExit(f"the driver failed at {short}:\n{run.stderr[-4000:]}")
        made = json.loads(run.stdout)
    finally:
        git("worktree", "remove", "--force", str(tree))
    record = {"build": full, "subject": subject[:160], "committed": date,
              "made_by": "scripts/make_golden.py (scripts/golden_driver.py run with that build's code)", **made}
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{short}.json"
    out.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+", help="the builds (commits) whose records to make")
    parser.add_argument("--out", type=Path, default=GOLDEN, help="the folder to write them to (default tests/golden)")
    args = parser.parse_args()
    failed = []
    for commit in args.commits:
        try:
            print(make(commit, args.out.resolve()))
        except SystemExit as exc:
            print(exc, file=sys.stderr)
            failed.append(commit)
    if failed:
        raise SystemExit(f"no records from {' '.join(failed)}")


if __name__ == "__main__":
    main()
