"""Start-up benchmark: median time to a live board, cold and warm, for our page
and for a bare page that only starts Pyodide, in the same Chromium.

    .venv/bin/python bench/startup.py --runs 5

It builds the site into a temporary folder (never dist/), adds ``bare.html``
(``loadPyodide()``, ``1+1``, nothing else, with Pyodide's own source standard
library, which the site replaces by a pre-compiled one) and adds both to that
build's service worker precache, serves the folder on 127.0.0.1 on a free port, and measures:

* cold: a fresh browser context per run (empty HTTP cache, no service worker
  yet; the page registers it after ``load`` as for a first-time player), the
  two pages interleaved, after one untimed visit of each (the first page of a
  newly launched browser is slower whatever it is);
* warm: a persistent profile per page (like a returning player: disk cache,
  code caches, service worker). One online visit installs the service worker
  and fills its cache; then the context goes offline and each run opens the
  page in a new tab, answered by the service worker, the two pages
  interleaved. Chromium's code caches fill over the first few such visits, so
  2 x runs offline visits are made and reported as two rows: the first half
  and the second half.

"Live" is measured inside the page: an init script's MutationObserver records
``performance.now()`` (milliseconds since navigation start) at the first moment
``body[data-ready="true"]`` holds and, for our page, a ``#board .card[data-card]``
exists. Bytes are counted twice: what the page itself received from the network
up to that moment (CDP ``encodedDataLength``, service-worker answers excluded),
and what the HTTP server sent meanwhile (which also counts the service worker's
own precache downloads). No speed target is enforced anywhere; the figures go
into docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Request, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from webtest import CHROMIUM, FLAGS, MIME_TYPES  # noqa: E402

#: The deal every run opens; the fragment is what a share link carries.
OUR_URL = "index.html#g=gyre&v=1&o=&s=1"
BARE_URL = "bare.html"
#: What must exist, besides body[data-ready="true"], for the page to count as live.
LIVE_SELECTOR: dict[str, str | None] = {"ours": "#board .card[data-card]", "bare": None}
PAGES = ("ours", "bare")
#: A pause between runs so the previous tab's teardown does not overlap the next start.
SETTLE_S = 0.5

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare Pyodide</title>
<link rel="icon" href="data:,">
</head>
<body data-ready="false">
<p>Starting Pyodide only.</p>
<script type="module">
  import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
  const pyodide = await loadPyodide();
  document.body.dataset.result = String(pyodide.runPython("1+1"));
  document.body.dataset.ready = "true";
</script>
<script>
  // The same service worker as index.html, registered the same way (after load).
  window.addEventListener("load", function () {
    if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(function () {});
  });
</script>
</body>
</html>
"""

#: Records performance.now() when the page becomes live, in window.__orbitLive.
LIVE_SCRIPT = """
(() => {
  if (window.top !== window) return;
  const selector = %s;
  let observer = null;
  const check = () => {
    if (window.__orbitLive !== undefined) return;
    const body = document.body;
    if (!body || body.dataset.ready !== "true") return;
    if (selector && !document.querySelector(selector)) return;
    window.__orbitLive = performance.now();
    if (observer) observer.disconnect();
  };
  observer = new MutationObserver(check);
  observer.observe(document, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["data-ready", "data-card"],
  });
})();
"""

#: Resolves when the page has started (live) or gave up (ready without a board: the error banner).
WAIT_SCRIPT = """
(selector) => {
  if (window.__orbitLive !== undefined) return true;
  const body = document.body;
  return !!(selector && body && body.dataset.ready === "true" && !document.querySelector(selector));
}
"""

#: After the first warm visit: wait until the service worker is activated, then list its cache.
SW_READY_SCRIPT = """
async (timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const reg = await Promise.race([navigator.serviceWorker.ready, sleep(timeoutMs).then(() => null)]);
  if (!reg) return { error: "no service worker became ready" };
  while (!(reg.active && reg.active.state === "activated")) {
    if (Date.now() > deadline) return { error: "service worker not activated: " + (reg.active && reg.active.state) };
    await sleep(50);
  }
  const keys = await caches.keys();
  const urls = [];
  for (const key of keys) {
    for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
  }
  return { keys, urls, controlled: !!navigator.serviceWorker.controller };
}
"""


# -- the HTTP server ---------------------------------------------------------------


class Traffic:
    """What the server sent: requests and body bytes (Content-Length of each response)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0
        self.paths: list[str] = []

    def reset(self) -> None:
        with self.lock:
            self.requests = 0
            self.bytes = 0
            self.paths = []

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.requests += 1
            self.bytes += size
            self.paths.append(path)

    def snapshot(self) -> tuple[int, int, list[str]]:
        with self.lock:
            return self.requests, self.bytes, list(self.paths)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types streaming wasm compilation needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    traffic = Traffic()
    _length = 0

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        super().end_headers()
        self.traffic.add(self.path, self._length if self.command != "HEAD" else 0)
        self._length = 0

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


# -- the build ---------------------------------------------------------------------


def build_site(out: Path) -> tuple[str, list[str]]:
    """Build into ``out``, add bare.html to it and to its precache; return the build's line and the precache."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )
    (out / "bare.html").write_text(BARE_HTML)
    # The bare page is Pyodide as shipped: it loads the source standard library,
    # which the site itself replaces by a pre-compiled one.
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", out / "runtime" / "pyodide" / "python_stdlib.zip")
    sw_path = out / "sw.js"
    sw = sw_path.read_text()
    marker = "const PRECACHE = ["
    if sw.count(marker) != 1:
        sys.exit(f"cannot find {marker!r} in the built sw.js: the benchmark needs updating")
    sw = sw.replace(marker, marker + '\n "./bare.html",\n "./runtime/pyodide/python_stdlib.zip",')
    sw_path.write_text(sw)
    match = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    precache: list[str] = json.loads(match.group(1)) if match else []
    return done.stdout.strip(), precache


# -- one visit ---------------------------------------------------------------------


@dataclass
class Visit:
    seconds: float | None
    page_bytes: int
    server_bytes: int
    server_requests: int
    urls: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class NetworkBytes:
    """The page's own network traffic, from CDP: encodedDataLength of finished requests not answered by the service worker."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.kind: dict[str, str] = {}
        self.total = 0
        self.session = context.new_cdp_session(page)
        self.session.on("Network.responseReceived", self._response)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.send("Network.enable")

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        if response.get("fromServiceWorker"):
            self.kind[event["requestId"]] = "sw"
        elif response.get("fromDiskCache") or response.get("fromPrefetchCache"):
            self.kind[event["requestId"]] = "cache"
        elif str(response.get("url", "")).startswith("http"):
            self.kind[event["requestId"]] = "network"

    def _finished(self, event: dict[str, Any]) -> None:
        if self.kind.get(event["requestId"]) == "network":
            self.total += int(event.get("encodedDataLength", 0))


def visit(
    context: BrowserContext,
    base: str,
    page_name: str,
    timeout_s: float,
    then: Callable[[Page], None] | None = None,
) -> Visit:
    """Open one page in a new tab, wait until it is live, run ``then`` on it, and close the tab."""
    selector = LIVE_SELECTOR[page_name]
    page = context.new_page()
    problems: list[str] = []
    urls: list[str] = []

    def console(msg: ConsoleMessage) -> None:
        if msg.type in ("error", "warning"):
            problems.append(f"console {msg.type}: {msg.text}")

    def failed(req: Request) -> None:
        problems.append(f"request failed: {req.url} ({req.failure})")

    def request(req: Request) -> None:
        urls.append(req.url)

    page.on("console", console)
    page.on("pageerror", lambda exc: problems.append(f"pageerror: {exc}"))
    page.on("requestfailed", failed)
    page.on("request", request)
    page.add_init_script(LIVE_SCRIPT % json.dumps(selector))
    network = NetworkBytes(context, page)
    Handler.traffic.reset()
    seconds: float | None = None
    try:
        page.goto(base + (OUR_URL if page_name == "ours" else BARE_URL), wait_until="commit")
        page.wait_for_function(WAIT_SCRIPT, arg=selector, timeout=timeout_s * 1000, polling=50)
        live = page.evaluate("window.__orbitLive")
        if live is None:
            banner = page.evaluate("(document.getElementById('banner-text') || {}).textContent || ''")
            problems.append(f"ready without a board: {banner or '(no banner text)'}")
        else:
            seconds = float(live) / 1000
    except PlaywrightError as exc:
        problems.append(f"not live: {str(exc).splitlines()[0]}")
    page_bytes = network.total
    requests, server_bytes, _ = Handler.traffic.snapshot()
    if then is not None:
        then(page)
    page.close()
    return Visit(seconds, page_bytes, server_bytes, requests, urls, problems)


# -- the two cases -----------------------------------------------------------------


@dataclass
class Series:
    page: str
    case: str
    visits: list[Visit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def times(self) -> list[float]:
        return [v.seconds for v in self.visits if v.seconds is not None]


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def cold(pw_browser: Browser, base: str, pages: list[str], runs: int, timeout_s: float) -> dict[str, Series]:
    """Fresh contexts, one per run, the pages interleaved so drift hits both alike."""
    series = {name: Series(name, "cold") for name in pages}
    # The first page of a newly launched browser is slower whatever it is: one
    # untimed visit of each page first, so the runs measure a fresh profile, not a fresh process.
    for name in pages:
        context = pw_browser.new_context()
        try:
            v = visit(context, base, name, timeout_s)
        finally:
            context.close()
        series[name].notes.append(f"untimed first visit after launching the browser: {fmt_s(v.seconds)} s")
        log(f"  cold {name} (untimed warm-up of the browser): {fmt_s(v.seconds)} s")
        time.sleep(SETTLE_S)
    for i in range(runs):
        for name in pages:
            context = pw_browser.new_context()
            try:
                v = visit(context, base, name, timeout_s)
            finally:
                context.close()
            series[name].visits.append(v)
            log(f"  cold {name} #{i + 1}: {fmt_s(v.seconds)} s, page {v.page_bytes:,} B, server {v.server_bytes:,} B")
            time.sleep(SETTLE_S)
    return series


class WarmProfile:
    """A persistent profile, like a returning player's browser: disk cache, code caches, service worker.

    ``install`` makes one online visit, which registers the service worker, and
    waits until its precache is complete; ``go_offline`` then cuts the network.
    Chromium's code caches fill over the first few visits served from Cache
    Storage, so ``2 x runs`` offline visits are made and reported as two rows:
    the first ``runs`` (a player's first returns) and the next ``runs``.
    """

    def __init__(self, pw: Playwright, name: str, tmp: Path) -> None:
        self.name = name
        self.early, self.later = Series(name, "warm"), Series(name, "warm-later")
        profile = Path(tempfile.mkdtemp(prefix=f"profile-{name}-", dir=tmp))
        self.context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True, service_workers="allow"
        )
        self.failed: list[str] = []
        self.context.on("requestfailed", lambda req: self.failed.append(f"{req.url} ({req.failure})"))
        for blank in self.context.pages:
            blank.close()

    def install(self, base: str, timeout_s: float, precache: list[str]) -> None:
        state: dict[str, Any] = {}

        def sw_ready(page: Page) -> None:
            # Let the service worker finish its precache while this first tab stays open.
            state.update(page.evaluate(SW_READY_SCRIPT, timeout_s * 1000))

        first = visit(self.context, base, self.name, timeout_s, then=sw_ready)
        _, total, _ = Handler.traffic.snapshot()
        notes = self.early.notes
        notes.append(
            f"first visit, online: {fmt_s(first.seconds)} s, page {first.page_bytes:,} B from the network; "
            f"server sent {first.server_bytes:,} B by then and {total:,} B once the service worker was installed"
        )
        notes.extend(f"first visit: {p}" for p in first.problems)
        if "error" in state:
            notes.append(f"service worker: {state['error']}")
        else:
            cached = {urlsplit(u).path for u in state["urls"]}
            wanted = {urlsplit(base + p.removeprefix("./")).path for p in precache}
            missing = sorted(wanted - cached)
            notes.append(
                f"service worker activated; cache {', '.join(state['keys'])} holds {len(cached)} of the "
                f"{len(wanted)} precache URLs" + (f"; missing {missing}" if missing else "")
            )

    def go_offline(self) -> None:
        self.context.set_offline(True)
        self.failed.clear()

    def run(self, i: int, runs: int, base: str, timeout_s: float) -> None:
        v = visit(self.context, base, self.name, timeout_s)
        (self.early if i < runs else self.later).visits.append(v)
        log(f"  warm {self.name} offline #{i + 1}: {fmt_s(v.seconds)} s, page {v.page_bytes:,} B, server {v.server_bytes:,} B")

    def close(self) -> list[Series]:
        self.early.notes.extend(f"offline, failed in the context: {f}" for f in sorted(set(self.failed)))
        self.context.close()
        return [self.early, self.later]


def warm(pw: Playwright, base: str, pages: list[str], runs: int, timeout_s: float, tmp: Path, precache: list[str]) -> dict[str, list[Series]]:
    """One persistent profile per page, installed in turn, then offline visits interleaved across the pages."""
    profiles: list[WarmProfile] = []
    try:
        for name in pages:
            profile = WarmProfile(pw, name, tmp)
            profiles.append(profile)
            profile.install(base, timeout_s, precache)
            log(f"  warm {name}: {profile.early.notes[0]}")
            time.sleep(SETTLE_S)
        for profile in profiles:
            profile.go_offline()
        for i in range(2 * runs):
            for profile in profiles:
                profile.run(i, runs, base, timeout_s)
                time.sleep(SETTLE_S)
    finally:
        result = {profile.name: profile.close() for profile in profiles}
    return result


# -- report ------------------------------------------------------------------------


def fmt_s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.2f}"


def uncovered(visits: list[Visit], base: str, precache: list[str]) -> list[str]:
    """Same-origin URLs the page requested that the service worker does not precache."""
    wanted = {urlsplit(base + p.removeprefix("./")).path for p in precache}
    seen = {urlsplit(u).path for v in visits for u in v.urls if u.startswith(base)}
    return sorted(seen - wanted)


def table(rows: list[Series]) -> list[str]:
    lines = [
        "| page | case | runs | median s | min s | max s | bytes from network (page) | bytes sent by server |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for s in rows:
        times = s.times()
        label = "Solitaire Orbit (gyre deal)" if s.page == "ours" else "bare Pyodide, `1+1`"
        n = len(s.visits)
        case = {
            "cold": "cold, fresh context",
            "warm": f"warm, offline visits 1-{n}",
            "warm-later": f"warm, offline visits {n + 1}-{2 * n}",
        }[s.case]
        page_b = statistics.median([v.page_bytes for v in s.visits]) if s.visits else 0
        server_b = statistics.median([v.server_bytes for v in s.visits]) if s.visits else 0
        if times:
            med, lo, hi = fmt_s(statistics.median(times)), fmt_s(min(times)), fmt_s(max(times))
        else:
            med = lo = hi = "-"
        lines.append(
            f"| {label} | {case} | {len(times)}/{len(s.visits)} | {med} | {lo} | {hi} | {int(page_b):,} | {int(server_b):,} |"
        )
    return lines


def calibrate() -> float:
    """A yardstick for how fast this machine was: median seconds of five 2-million-step pure-Python loops."""
    samples = []
    for _ in range(5):
        t = time.perf_counter()
        total = 0
        for i in range(2 * 10**6):
            total += i
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per page and case (default 5)")
    parser.add_argument("--pages", default="ours,bare", help="comma-separated: ours, bare (default both)")
    parser.add_argument("--cases", default="cold,warm", help="comma-separated: cold, warm (default both)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one page (default 60)")
    args = parser.parse_args()
    pages = [p for p in args.pages.split(",") if p]
    cases = [c for c in args.cases.split(",") if c]
    if any(p not in PAGES for p in pages) or any(c not in ("cold", "warm") for c in cases) or args.runs < 1:
        parser.error("--pages takes ours,bare; --cases takes cold,warm; --runs at least 1")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium")

    started = time.monotonic()
    load_before = os.getloadavg()
    calib_before = calibrate()
    with tempfile.TemporaryDirectory(prefix="orbit-bench-") as tmp_name:
        tmp = Path(tmp_name)
        site = tmp / "site"
        build_line, precache = build_site(site)
        log(build_line + " (+ bare.html)")
        with serve(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            version = browser.version
            rows: list[Series] = []
            cold_series: dict[str, Series] = {}
            if "cold" in cases:
                log("cold runs")
                cold_series = cold(browser, base, pages, args.runs, args.timeout)
            browser.close()
            warm_series: dict[str, list[Series]] = {}
            if "warm" in cases:
                log("warm runs")
                warm_series = warm(pw, base, pages, args.runs, args.timeout, tmp, precache)
            for name in pages:
                if name in cold_series:
                    rows.append(cold_series[name])
                rows.extend(warm_series.get(name, []))
        load_after = os.getloadavg()
        calib_after = calibrate()

    now = datetime.datetime.now(datetime.timezone.utc)
    print(f"Solitaire Orbit start-up benchmark, {now:%Y-%m-%d %H:%M} UTC")
    print(f"Chromium {version} (headless, {CHROMIUM}), {os.cpu_count()} cores, {platform.system()} {platform.machine()}")
    print(f"command: {' '.join([sys.executable, *sys.argv])}")
    print(f"build: {build_line}; bare.html added to the precache")
    print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"yardstick: a 2-million-step loop in the host's CPython took {calib_before:.3f} s before, {calib_after:.3f} s after")
    print("time = performance.now() in the page when live (from navigation start); bytes = median per run")
    print()
    for line in table(rows):
        print(line)
    print()
    for s in rows:
        print(f"{s.page} {s.case}: runs {', '.join(fmt_s(v.seconds) for v in s.visits)} s")
        for note in s.notes:
            print(f"  {note}")
        seen: dict[str, int] = {}
        for v in s.visits:
            for p in v.problems:
                seen[p[:300]] = seen.get(p[:300], 0) + 1
        for p, n in seen.items():
            print(f"  {n}x {p}")
        if s.case == "cold":
            missed = uncovered(s.visits, base, precache)
            if missed:
                print(f"  requested but not in the service worker's precache: {missed}")
    print(f"\ntotal wall time {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
