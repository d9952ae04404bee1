"""The app's start in Pyodide from sources against byte code, side by side in one process.

    .venv/bin/python bench/app_import.py [--rounds 5]

Builds ``app.zip`` twice from this tree with :func:`scripts/build.py <build.app_zip>`: as
sources (what the page shipped before) and as byte code compiled by Pyodide's own Python
(what it ships now), unpacks both into one Pyodide under Node (the build's pre-compiled
standard library), then, round after round and alternating, forgets every ``pyapp``
module and times what the page's start does in Python before its first board, without
the DOM binding (which needs a page): import ``pyapp.web.warmup`` and the controller, find
the games, start one and draw its view. Nothing is cached between rounds
(``sys.dont_write_bytecode``), so the sources are compiled every time, as on a first
visit. It prints each round's milliseconds and the medians, and the two zips' sizes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const py = await loadPyodide({ stdLibURL: "%(stdlib)s" });
py.unpackArchive(new Uint8Array(fs.readFileSync("%(sources)s")), "zip", { extractDir: "/app/sources" });
py.unpackArchive(new Uint8Array(fs.readFileSync("%(bytecode)s")), "zip", { extractDir: "/app/bytecode" });
console.log(py.runPython(`
import json, sys, time
sys.dont_write_bytecode = True
times = {"sources": [], "bytecode": []}
for _ in range(%(rounds)d):
    for kind in ("sources", "bytecode"):
        for name in [m for m in sys.modules if m == "pyapp" or m.startswith("pyapp.")]:
            del sys.modules[name]
        sys.path.insert(0, "/app/" + kind)
        t = time.perf_counter()
        import pyapp.web.warmup
        from pyapp.app.controller import Controller, MemoryStorage
        from pyapp.games import entries
        c = Controller(MemoryStorage(), True); c.resize(1280, 800); c.start("#g=gyre&v=1&o=&s=7"); c.view()
        times[kind].append(round((time.perf_counter() - t) * 1000, 1))
        sys.path.remove("/app/" + kind)
json.dumps(times)
`));
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "scripts"))
    import build  # noqa: E402  (scripts/build.py)

    node = ROOT / "node_modules"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build.app_zip(ROOT, folder / "sources.zip")
        build.app_zip(ROOT, folder / "bytecode.zip", node)
        stdlib = folder / "stdlib.zip"
        build.trimmed_stdlib(build.compiled_stdlib(node), stdlib)
        script = folder / "run.mjs"
        script.write_text(SCRIPT % {"pyodide": node / "pyodide" / "pyodide.mjs", "stdlib": stdlib, "rounds": args.rounds,
                                    "sources": folder / "sources.zip", "bytecode": folder / "bytecode.zip"})
        done = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
        times = json.loads(done.stdout.strip().splitlines()[-1])
        sizes = {kind: (folder / f"{kind}.zip").stat().st_size for kind in ("sources", "bytecode")}
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"The app's start in Pyodide under Node, {args.rounds} rounds alternating (load average {load}):")
    for kind in ("sources", "bytecode"):
        print(f"  {kind:8}: median {statistics.median(times[kind]):7.1f} ms  rounds {times[kind]}  app.zip {sizes[kind]:,} B")


if __name__ == "__main__":
    main()
