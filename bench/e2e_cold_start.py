"""What a cold start of the page costs the machine under the end-to-end tests' Chromium flags,
with and without extra ones (e2e/conftest.py's ``E2E_FLAGS``): the seconds to ready and the
processor seconds Chromium's processes spent, per start, in one browser, each start in a
fresh context as the tests make them.

    .venv/bin/python bench/e2e_cold_start.py [--runs 6] [--dist dist] -- [EXTRA CHROMIUM FLAGS]

Run it with and without the flags alternately (for example ``-- --js-flags=--liftoff-only``
and ``--``): the machine's load moves between runs. Each line: the flags, then per start the
seconds to ``body[data-ready=true]`` and the processor seconds to ready and in the 3 s after.
Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from startup import serve  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def chromium_cpu() -> dict[str, float]:
    """Processor seconds so far of every live Chromium process, by pid."""
    out = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if b"chrom" in (proc / "cmdline").read_bytes()[:200]:
                    fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                    out[proc.name] = (int(fields[11]) + int(fields[12])) / TICK
            except OSError:
                continue
    return out


def spent(before: dict[str, float], after: dict[str, float]) -> float:
    return sum(after[k] - before.get(k, 0.0) for k in after)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("extra", nargs="*", help="Chromium flags added to the tests' own")
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        mount = Path(tmp) / "orbit" / "play"
        mount.parent.mkdir(parents=True)
        mount.symlink_to(args.dist.resolve(), target_is_directory=True)
        with serve(Path(tmp)) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *args.extra])
            rows = []
            for i in range(args.runs):
                before = chromium_cpu()
                context = browser.new_context(service_workers="block", reduced_motion="reduce")
                page = context.new_page()
                t0 = time.perf_counter()
                page.goto(f"{base}orbit/play/#g=zodiac&s={i + 1}")
                page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
                ready = time.perf_counter() - t0
                mid = chromium_cpu()
                page.wait_for_timeout(3000)
                rows.append((ready, spent(before, mid), spent(mid, chromium_cpu())))
                context.close()
            browser.close()
    print(" ".join(args.extra) or "(the tests' flags only)",
          " ".join(f"{r:.2f}s/{a:.2f}+{b:.2f}" for r, a, b in rows), flush=True)


if __name__ == "__main__":
    main()
