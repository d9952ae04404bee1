"""The house's floors (pyproject.toml's import-linter contracts) hold, and a forbidden
import breaks them: a module of the UI reaching up into the app, a game into another
game, or anything but the binding into the page's ``js``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")


def lint(where: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT)], cwd=where, capture_output=True, text=True, timeout=120)


def test_the_contracts_are_kept() -> None:
    run = lint(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 kept, 0 broken" in run.stdout


@pytest.mark.parametrize(("module", "line", "broken"), [
    ("ui/dock.py", "from ..app import controller", "Layers"),
    ("core/table.py", "from ..games import entries", "Layers"),
    ("games/gyre/rules.py", "from ..zodiac import rules as zodiac_rules", "The games"),
    ("app/play.py", "import js", "Only the binding"),
])
def test_a_forbidden_import_breaks_a_contract(tmp_path: Path, module: str, line: str, broken: str) -> None:
    shutil.copytree(ROOT / "pyapp", tmp_path / "pyapp", ignore=shutil.ignore_patterns("__pycache__", "locale"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "pyapp" / module, "a") as f:
        f.write(f"\n{line}  # a probe\n")
    run = lint(tmp_path)
    assert run.returncode != 0
    assert next(ln for ln in run.stdout.splitlines() if ln.startswith(broken)).endswith("BROKEN"), run.stdout
