"""bench/pools.py --freeze-daily: a new version of the daily pools is added, the versions already
frozen are kept byte for byte, and a version once frozen is never changed (docs/RULES-NOTES.md,
"Daily deal")."""

from __future__ import annotations

import base64
import runpy
import sys
from pathlib import Path

from pyapp.core.daily_pools import DAILY_POOLS
from pyapp.core.pool import Pool

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import pools as bench_pools  # noqa: E402


def pool(game_id: str, marks: bytes) -> Pool:
    return Pool(game_id, "", 1, 1, len(marks), "won" if game_id != "gyre" else "best", marks)


def test_a_new_version_keeps_the_frozen_ones_and_a_frozen_one_never_changes(tmp_path: Path) -> None:
    module = tmp_path / "daily_pools.py"
    module.write_text((ROOT / "pyapp" / "core" / "daily_pools.py").read_text())
    new = [pool("gravity", bytes([1, 1, 0, 1])), pool("gyre", bytes([0, 58, 61])), pool("square", bytes([1]))]
    assert bench_pools.freeze_daily(new, module, 3) == ""
    written = runpy.run_path(str(module))["DAILY_POOLS"]
    assert {v: written[v] for v in DAILY_POOLS} == DAILY_POOLS  # every frozen version, as it was
    assert Pool.decode(base64.b64decode(written[3]["gyre"])).best(3) == 61 and set(written[3]) == {"gravity", "gyre", "square"}
    assert bench_pools.freeze_daily(new, module, 3) == ""  # the same pools again: nothing changes
    before = module.read_text()
    why = bench_pools.freeze_daily([pool("gravity", bytes([1, 1, 1, 1]))], module, 3)
    assert "frozen already" in why and module.read_text() == before
    assert "frozen already" in bench_pools.freeze_daily(new, module, 1) and module.read_text() == before
