"""Write the pre-solved pools (pyapp/core/pool.py) from the winnability study's store.

    .venv/bin/python bench/pools.py --store rows.csv                 # every pool the store covers, into static/pools/
    .venv/bin/python bench/pools.py --store rows.csv --out /tmp/pools --games gyre

The store is the study's (``bench/solve.py --store``): one row per deal, with the columns
game, options, seed, budget, kind, score, exact, nodes, seconds, replays, upper, line. For each
game and options in it, the pool covers the seeds 1..N present in the store without a gap
(rows past the first missing seed wait for a later run); a seed is in the pool when the
solver's line replayed through the engine (``replays``) and it is ``won`` (a game that can be
won) or ``exact`` (Gyre: its exact best score, 1 to 255, settled by the study's first search or
its deeper one). A pool with no seed is not written. A pool whose content for the seeds it
already covered would change (a seed dropped, or a different best; a seed newly settled only
adds) is refused unless ``--force``: the daily deal (pyapp/core/daily.py) reads the frozen copy of the default pools,
and a pool only grows.

``--freeze-daily PATH --daily-version N`` also writes pyapp/core/daily_pools.py, the daily deal's
own copies of the default rules' pools: version N from these pools, the versions already there
as they are. Done once per version (docs/RULES-NOTES.md, "Daily deal"; a version that would
change is refused), which pyapp/core/daily.py reads from a cut-over date of its own
(``DAILY_POOL_ERAS``); tests/test_daily.py pins each version's hashes.
"""

from __future__ import annotations

import argparse
import base64
import csv
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.core.links import SPEC_VERSION  # noqa: E402
from pyapp.core.pool import Pool, PoolError, pool_name  # noqa: E402
from pyapp.games import entries, entry, get_game  # noqa: E402

#: Where the page's pools are kept (scripts/build.py checks them and copies them into dist/).
POOLS = ROOT / "static" / "pools"


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The store's rows as dicts of strings (the study's own reader when it has one)."""
    try:
        sys.path.insert(0, str(ROOT / "bench"))
        from solve import read_store  # (the study's store, issue 46)
        return [vars(r) for r in read_store(path)]
    except (ImportError, ValueError):  # (a store in the first columns: game ... replays, upper, line)
        with open(path, newline="") as f:
            return list(csv.DictReader(f))


def truth(value: object) -> bool:
    return str(value).strip().lower() in ("true", "1", "yes")


def canonical(game_id: str, options: str) -> str:
    """The options as the page writes them (a link's ``o``)."""
    game = get_game(game_id)
    return str(game.format_options(game.parse_options(options)))


def pools_of(rows: list[dict[str, Any]]) -> list[Pool]:
    """One pool per game and options in ``rows`` (see the module doc)."""
    by: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    for r in rows:
        game_id = str(r["game"])
        by[(game_id, canonical(game_id, str(r["options"] or "")))][int(r["seed"])] = r
    out = []
    for (game_id, options), seeds in sorted(by.items()):
        n = 0
        while n + 1 in seeds:
            n += 1
        can_win = entry(game_id).can_win
        marks = bytearray(n)
        for seed in range(1, n + 1):
            r = seeds[seed]
            if not truth(r["replays"]):
                continue
            if can_win and r["kind"] == "won":
                marks[seed - 1] = 1
            elif not can_win and truth(r["exact"]) and str(r["score"]).strip() and 1 <= int(r["score"]) <= 255:
                marks[seed - 1] = int(r["score"])
        out.append(Pool(game_id, options, SPEC_VERSION, 1, n, "won" if can_win else "best", bytes(marks)))
    return out


def agrees(old: Pool, new: Pool) -> str:
    """"" when ``new`` keeps ``old``'s content over the seeds both cover, else what changed."""
    if (old.game, old.options, old.rules, old.kind, old.first) != (new.game, new.options, new.rules, new.kind, new.first):
        return "another game, options, rules or kind"
    both = min(old.count, new.count)
    changed = [old.first + i for i in range(both) if old.marks[i] and old.marks[i] != new.marks[i]]
    if changed:  # (a seed newly settled, by a deeper search, only adds)
        return f"seeds {changed[:8]} changed"
    return "" if new.count >= old.count else f"it covers {new.count} seeds, the old one {old.count}"


def frozen_daily(path: Path) -> dict[int, dict[str, str]]:
    """The daily pools already frozen in the module at ``path``, per version (none: no module)."""
    if not path.exists():
        return {}
    scope: dict[str, Any] = {}
    exec(compile(path.read_text(), str(path), "exec"), scope)  # (our own module: literals only)
    return {int(v): dict(pools) for v, pools in scope.get("DAILY_POOLS", {1: scope.get("DAILY_POOLS_V1", {})}).items()}


def freeze_daily(pools: list[Pool], path: Path, version: int) -> str:
    """Write the daily deal's own copies of the default rules' pools: the versions already in the
    module at ``path``, as they are, and ``version``, a copy of ``pools``' default ones (see the
    module doc). "" when written, else why not: a version once frozen never changes."""
    versions = frozen_daily(path)
    chosen = {p.game: p for p in pools if p.options == ""}
    texts = {e.id: base64.b64encode(chosen[e.id].encode()).decode("ascii") for e in entries() if e.id in chosen}
    if version in versions and versions[version] != texts:
        return f"version {version} is frozen already and would change: a new pool is a new version"
    versions[version] = texts
    lines = ['"""The daily deal\'s pools, one frozen copy of each game\'s default-rules pool (pyapp/core/pool.py)',
             "per version, written once by ``bench/pools.py --freeze-daily`` and never changed (docs/RULES-NOTES.md,",
             "\"Daily deal\"; tests/test_daily.py pins their SHA-256). A version is read from its cut-over date",
             "(pyapp/core/daily.py, ``DAILY_POOL_ERAS``) on: the daily deal of such a date is one of its seeds,",
             'known winnable, its par known."""', "",
             "from __future__ import annotations", "", "from typing import Final", ""]
    for v in sorted(versions):
        lines += [f"#: Version {v}: each game's pool file, base64 (a pool of the default rules: ``Pool.decode``).",
                  f"DAILY_POOLS_V{v}: Final[dict[str, str]] = {{"]
        for game_id, text in versions[v].items():
            lines.append(f'    "{game_id}": (')
            lines += [f'        "{text[i:i + 96]}"' for i in range(0, len(text), 96)]
            lines.append("    ),")
        lines += ["}", ""]
    lines.append("#: Every version, by its number.")
    lines.append("DAILY_POOLS: Final[dict[int, dict[str, str]]] = {"
                 + ", ".join(f"{v}: DAILY_POOLS_V{v}" for v in sorted(versions)) + "}")
    path.write_text("\n".join(lines) + "\n")
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", required=True, help="the study's store (CSV)")
    parser.add_argument("--out", default=str(POOLS), help="the folder of pool files")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game in the store)")
    parser.add_argument("--force", action="store_true", help="write a pool even where it changes what it covered")
    parser.add_argument("--freeze-daily", default="", metavar="PATH",
                        help="also freeze the default pools as a version of the daily deal's pools module")
    parser.add_argument("--daily-version", type=int, default=0,
                        help="the version --freeze-daily writes (required with it; older versions stay)")
    args = parser.parse_args()
    if args.freeze_daily and args.daily_version < 1:
        parser.error("--freeze-daily needs --daily-version N")
    wanted = {g for g in args.games.split(",") if g}
    pools = [p for p in pools_of(read_rows(Path(args.store))) if not wanted or p.game in wanted]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for pool in pools:
        path = out / pool_name(pool.game, pool.options)
        if not pool.seeds:
            print(f"{path.name}: not written (no seed of 1-{pool.count} is in it)", file=sys.stderr)
            continue
        if path.exists() and not args.force:
            try:
                why = agrees(Pool.decode(path.read_bytes()), pool)
            except PoolError:
                why = ""
            if why:
                print(f"{path.name}: not written ({why}; --force writes it)", file=sys.stderr)
                continue
        data = pool.encode()
        path.write_bytes(data)
        print(f"{path.name}: seeds 1-{pool.count}, {len(pool.seeds)} in the pool, {len(data):,} bytes")
    if args.freeze_daily:
        why = freeze_daily(pools, Path(args.freeze_daily), args.daily_version)
        print(f"{args.freeze_daily}: {why or f'version {args.daily_version} frozen'}", file=sys.stderr if why else sys.stdout)
        if why:
            sys.exit(1)


if __name__ == "__main__":
    main()
