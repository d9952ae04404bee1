"""Which of Chromium's processes and threads a cold start of the page keeps busy, from a trace of
one start in a fresh context (the second start of the browser: the first pays for the browser's
own start), with ``--js-flags=--liftoff-only`` (or the flags ``ORBIT_E2E_FLAGS`` names) plus any
given after ``--``.

    .venv/bin/python bench/e2e_start_trace.py [--dist dist] [--fragment "#g=zodiac&s=5"] -- [EXTRA FLAGS]

It prints, per process, the processor seconds of its threads' top-level tasks and the first
address it fetched (a renderer that fetches ``chrome://`` pages is the browser's own user
interface, not the game's page), then the busiest threads and the page's own marks of the start
(the loader, Python started, the board live, the first move rehearsed). This is how the omnibox popup, a WebUI
page Chromium readies in a renderer of its own for every new window, was found
(docs/PERFORMANCE.md, "The test suite"): compare ``--`` with
``-- --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup``. (Chromium reads only the last
``--disable-features``, and Playwright passes its own list first: one given here replaces it;
the tests' ``E2E_FLAGS`` name both lists in one.)
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from webtest import CHROMIUM, FLAGS  # noqa: E402

from startup import serve  # noqa: E402

CATEGORIES = ["toplevel", "v8", "blink", "loading", "devtools.timeline", "disabled-by-default-devtools.timeline"]


def trace_one_start(dist: Path, fragment: str, flags: list[str]) -> tuple[list[dict[str, Any]], list[Any]]:
    """The trace's events of one start, and the page's own marks of it (seconds from its start)."""
    with serve(dist) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *flags])
        data = b""
        marks: list[Any] = []
        for attempt in range(2):
            context = browser.new_context(service_workers="block", reduced_motion="reduce")
            page = context.new_page()
            if attempt:
                browser.start_tracing(categories=CATEGORIES)
            page.goto(base + fragment)
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
            if attempt:
                data = browser.stop_tracing()
                page.wait_for_timeout(1000)  # (the first move's rehearsal comes after ready)
                marks = page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime / 1000])")
            context.close()
        browser.close()
    loaded = json.loads(data)
    events: list[dict[str, Any]] = loaded["traceEvents"] if isinstance(loaded, dict) else loaded
    return events, marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--fragment", default="#g=zodiac&s=5")
    parser.add_argument("flags", nargs="*", help="extra Chromium flags (after --)")
    args = parser.parse_args()
    e2e = os.environ.get("ORBIT_E2E_FLAGS", "--js-flags=--liftoff-only").split()
    events, marks = trace_one_start(args.dist, args.fragment, [*e2e, *args.flags])
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    first_url: dict[int, str] = {}
    for e in events:
        if e.get("name") == "ResourceSendRequest":
            first_url.setdefault(e["pid"], str(e.get("args", {}).get("data", {}).get("url", ""))[:70])
    by_process: collections.Counter[int] = collections.Counter()
    by_thread: collections.Counter[tuple[int, str]] = collections.Counter()
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "toplevel" and "tdur" in e:
            by_process[e["pid"]] += e["tdur"] / 1e6
            by_thread[(e["pid"], threads.get((e["pid"], e["tid"]), str(e["tid"])))] += e["tdur"] / 1e6
    print(f"flags: {' '.join([*e2e, *args.flags])}")
    print("processor seconds of top-level tasks, per process (first address fetched):")
    for pid, seconds in by_process.most_common():
        if seconds >= 0.005:
            print(f"  {seconds:6.3f}  pid {pid}  {first_url.get(pid, '')}")
    print("busiest threads:")
    for (pid, name), seconds in by_thread.most_common(8):
        print(f"  {seconds:6.3f}  pid {pid}  {name}")
    print("the page's marks, seconds from its start: " + ", ".join(f"{name} {at:.2f}" for name, at in marks))


if __name__ == "__main__":
    main()
