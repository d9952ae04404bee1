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

"Live" is what the page itself marks: the performance entry ``orbit-live``,
which static/boot.js records the moment ``body[data-ready="true"]`` is set (our
page sets it once the first board is drawn and its handlers attached; the bare
pages right after ``1+1``). The benchmark adds nothing to the pages it times: no
CDP session and no init script (both were found to change what Chromium caches
and compiles, and made warm starts read twice as slow as a player sees them); it
polls that entry from outside. "Shown" is the mark ``orbit-shown``: the moment
boot.js put the board kept from the last visit on screen, accepting input (queued
until live); the phase lines say in how many runs it was shown. Bytes: what the page received from the network
(Resource Timing ``transferSize``: 0 for answers from the service worker or the
HTTP cache), and what the HTTP server sent meanwhile. The first visit's row also
counts everything the server sent until the service worker was installed and
the start-up snapshot made, against the build's size, and the gzip size of each
distinct file fetched (what GitHub Pages would send). No speed target is
enforced anywhere; the figures go into docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import gzip
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
URLS = {"ours": "index.html#g=gyre&v=1&o=&s=1", "ours-de": "index.html#g=gyre&v=1&o=&s=1", "bare": "bare.html",
        "bare-pyc": "bare-pyc.html"}
LABELS = {"ours": "Solitaire Orbit (gyre deal)", "ours-de": "the same in German (a browser asking for de-DE)",
          "bare": "bare Pyodide as shipped, `1+1`", "bare-pyc": "bare Pyodide + our compiled stdlib, `1+1`"}
#: The browser's language per page (the page speaks it: its catalogue is fetched and read at start).
LOCALES = {"ours-de": "de-DE"}
PAGES = tuple(URLS)
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
  const pyodide = await loadPyodide(%s);
  document.body.dataset.result = String(pyodide.runPython("1+1"));
  document.body.dataset.ready = "true";
  performance.mark("orbit-live");
  // The same service worker as index.html, registered once live as there.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(() => {});
</script>
</body>
</html>
"""

#: Polled from outside: the page's own "orbit-live" mark, or a start that failed.
WAIT_SCRIPT = """() => performance.getEntriesByName("orbit-live").length > 0
    || document.documentElement.dataset.startFailed === "true" """
LIVE_TIME = """() => { const e = performance.getEntriesByName("orbit-live")[0]; return e ? e.startTime : null; }"""
#: Bytes the page received from the network (not from the service worker or the HTTP cache).
PAGE_BYTES = """() => [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    .reduce((sum, e) => sum + (e.transferSize || 0), 0)"""
MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark").map(e => [e.name, e.startTime]))"""

#: After the first warm visit: wait until the service worker is activated (and, on
#: our page, the start-up snapshot made), then list the caches.
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
  let snapshot = null;
  if (window.orbitSnapshot) {
    while (!window.orbitSnapshot.made && !window.orbitSnapshot.error && Date.now() < deadline) await sleep(100);
    snapshot = { made: window.orbitSnapshot.made || 0, error: window.orbitSnapshot.error || "" };
  }
  const keys = await caches.keys();
  const urls = [];
  for (const key of keys) {
    for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
  }
  return { keys, urls, snapshot, controlled: !!navigator.serviceWorker.controller };
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


def build_site(out: Path) -> tuple[str, list[str], int]:
    """Build into ``out``, add the bare pages to it and to its precache; return the
    build's line, the precache and the build's own size in bytes (before the bare pages)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    (out / "bare.html").write_text(BARE_HTML % "")
    (out / "bare-pyc.html").write_text(BARE_HTML % '{ stdLibURL: new URL("./runtime/pyodide/python_stdlib_pyc.zip", location.href).href }')
    # The bare page is Pyodide as shipped: it loads the source standard library,
    # which the site itself replaces by a pre-compiled one.
    shutil.copy2(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", out / "runtime" / "pyodide" / "python_stdlib.zip")
    sw_path = out / "sw.js"
    sw = sw_path.read_text()
    marker = "const PRECACHE = ["
    if sw.count(marker) != 1:
        sys.exit(f"cannot find {marker!r} in the built sw.js: the benchmark needs updating")
    extra = ("bare.html", "bare-pyc.html", "runtime/pyodide/python_stdlib.zip")
    sw = sw.replace(marker, marker + "".join(f'\n["./{rel}", ""],' for rel in extra))
    sw_path.write_text(sw)
    match = re.search(r"const PRECACHE = (\[.*?\]);\n", sw, re.S)
    precache: list[str] = [entry[0] for entry in json.loads(match.group(1))] if match else []
    return done.stdout.strip(), precache, size


def gzip_size(folder: Path, paths: set[str]) -> int:
    """What a host that gzips on the fly (GitHub Pages) sends for these files: the
    smaller of gzip -6 and the raw file (zips are already compressed)."""
    total = 0
    for path in paths:
        file = folder / (urlsplit(path).path.lstrip("/") or "index.html")
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            raw = file.read_bytes()
            total += min(len(raw), len(gzip.compress(raw, 6)))
    return total


# -- one visit ---------------------------------------------------------------------


@dataclass
class Visit:
    seconds: float | None
    page_bytes: int
    server_bytes: int
    server_requests: int
    urls: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    marks: dict[str, float] = field(default_factory=dict)


def visit(
    context: BrowserContext,
    base: str,
    page_name: str,
    timeout_s: float,
    then: Callable[[Page], None] | None = None,
    page: Page | None = None,
) -> Visit:
    """Open one page in a new tab (or reload ``page``), wait until it is live, run ``then`` on it, and close a new tab."""
    reload = page is not None
    if page is None:
        page = context.new_page()
    problems: list[str] = []
    urls: list[str] = []

    def console(msg: ConsoleMessage) -> None:
        if msg.type in ("error", "warning") and "Service Worker registration blocked" not in msg.text:
            problems.append(f"console {msg.type}: {msg.text}")

    def failed(req: Request) -> None:
        problems.append(f"request failed: {req.url} ({req.failure})")

    def request(req: Request) -> None:
        urls.append(req.url)

    handlers: list[tuple[str, Any]] = [("console", console), ("pageerror", lambda exc: problems.append(f"pageerror: {exc}")),
                                       ("requestfailed", failed), ("request", request)]
    for event, fn in handlers:
        page.on(event, fn)  # type: ignore[call-overload]
    Handler.traffic.reset()
    seconds: float | None = None
    marks: dict[str, float] = {}
    try:
        if reload:
            page.reload(wait_until="commit")
        else:
            page.goto(base + URLS[page_name], wait_until="commit")
        page.wait_for_function(WAIT_SCRIPT, timeout=timeout_s * 1000, polling=100)
        live = page.evaluate(LIVE_TIME)
        if live is None:
            banner = page.evaluate("(document.getElementById('banner-text') || {}).textContent || ''")
            problems.append(f"start failed: {banner or '(no banner text)'}")
        else:
            seconds = float(live) / 1000
        marks = page.evaluate(MARKS)
    except PlaywrightError as exc:
        problems.append(f"not live: {str(exc).splitlines()[0]}")
    page_bytes = int(page.evaluate(PAGE_BYTES)) if not page.is_closed() else 0
    requests, server_bytes, _ = Handler.traffic.snapshot()
    if then is not None:
        then(page)
    for event, fn in handlers:
        page.remove_listener(event, fn)
    if not reload:
        page.close()
    return Visit(seconds, page_bytes, server_bytes, requests, urls, problems, marks)


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
        context = pw_browser.new_context(locale=LOCALES.get(name, "en-US"))
        try:
            v = visit(context, base, name, timeout_s)
        finally:
            context.close()
        series[name].notes.append(f"untimed first visit after launching the browser: {fmt_s(v.seconds)} s")
        log(f"  cold {name} (untimed warm-up of the browser): {fmt_s(v.seconds)} s")
        time.sleep(SETTLE_S)
    for i in range(runs):
        for name in pages:
            context = pw_browser.new_context(locale=LOCALES.get(name, "en-US"))
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
    waits until its precache is complete (and, on our page, the start-up snapshot
    made); ``go_offline`` then cuts the network and makes ``WARMUPS`` untimed
    visits, since Chromium's code caches fill over a player's first few returns.
    Each run then opens the page in a new tab and reloads one open tab.
    """

    WARMUPS = 3

    def __init__(self, pw: Playwright, name: str, tmp: Path) -> None:
        self.name = name
        self.tab, self.reload = Series(name, "warm-tab"), Series(name, "warm-reload")
        self.first: dict[str, Any] = {}
        profile = Path(tempfile.mkdtemp(prefix=f"profile-{name}-", dir=tmp))
        self.context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=FLAGS, headless=True, service_workers="allow",
            locale=LOCALES.get(name, "en-US")
        )
        self.failed: list[str] = []
        self.context.on("requestfailed", lambda req: self.failed.append(f"{req.url} ({req.failure})"))
        for blank in self.context.pages:
            blank.close()
        self.page: Page | None = None

    def install(self, base: str, timeout_s: float, precache: list[str], site: Path, build_bytes: int) -> None:
        state: dict[str, Any] = {}

        def sw_ready(page: Page) -> None:
            # Let the service worker finish its precache while this first tab stays open.
            state.update(page.evaluate(SW_READY_SCRIPT, timeout_s * 1000))

        first = visit(self.context, base, self.name, timeout_s, then=sw_ready)
        requests, total, paths = Handler.traffic.snapshot()
        if self.name.startswith("ours"):  # what the benchmark added for the bare pages is not the site's
            extra = {"/bare.html", "/bare-pyc.html", "/runtime/pyodide/python_stdlib.zip"}
            kept = [p for p in paths if p not in extra]
            total -= sum((site / p.lstrip("/")).stat().st_size for p in paths if p in extra)
            requests, paths = len(kept), kept
        distinct = set(paths)
        self.first = {"seconds": first.seconds, "page_bytes": first.page_bytes, "server_bytes": first.server_bytes,
                      "total": total, "requests": requests, "distinct": len(distinct),
                      "gzip": gzip_size(site, distinct), "build": build_bytes,
                      "repeated": sorted(p for p in distinct if paths.count(p) > 1)}
        notes = self.tab.notes
        notes.append(
            f"first visit, online: live at {fmt_s(first.seconds)} s with {first.page_bytes:,} B from the network; "
            f"until the service worker was installed{' and the snapshot made' if self.name == 'ours' else ''} the server sent "
            f"{total:,} B in {requests} requests for {len(distinct)} files ({total / build_bytes:.2f}x the build's "
            f"{build_bytes:,} B); gzip size of those files {self.first['gzip']:,} B"
            + (f"; fetched more than once: {self.first['repeated']}" if self.first["repeated"] else "")
        )
        notes.extend(f"first visit: {p}" for p in first.problems)
        if "error" in state:
            notes.append(f"service worker: {state['error']}")
        else:
            cached = {urlsplit(u).path for u in state["urls"]}
            wanted = {urlsplit(base + p.removeprefix("./")).path for p in precache}
            missing = sorted(wanted - cached)
            notes.append(
                f"service worker activated; caches {', '.join(state['keys'])} hold {len(cached & wanted)} of the "
                f"{len(wanted)} precache URLs" + (f"; missing {missing}" if missing else "")
            )
            if state.get("snapshot") is not None:
                snap = state["snapshot"]
                notes.append(f"start-up snapshot: {snap['made']:,} B stored" + (f"; error {snap['error']}" if snap["error"] else ""))

    def go_offline(self, base: str, timeout_s: float) -> None:
        self.context.set_offline(True)
        self.failed.clear()
        for _ in range(self.WARMUPS):
            visit(self.context, base, self.name, timeout_s)
            time.sleep(SETTLE_S)
        self.page = self.context.new_page()
        visit(self.context, base, self.name, timeout_s, page=self.page)  # the tab the reloads reuse: first its goto
        self.page.goto(base + URLS[self.name])
        self.page.wait_for_function(WAIT_SCRIPT, timeout=timeout_s * 1000, polling=100)

    def run(self, i: int, base: str, timeout_s: float) -> None:
        for series, page in ((self.tab, None), (self.reload, self.page)):
            time.sleep(SETTLE_S)
            v = visit(self.context, base, self.name, timeout_s, page=page)
            series.visits.append(v)
            log(f"  {series.case} {self.name} offline #{i + 1}: {fmt_s(v.seconds)} s, page {v.page_bytes:,} B, server {v.server_bytes:,} B")

    def close(self) -> list[Series]:
        self.tab.notes.extend(f"offline, failed in the context: {f}" for f in sorted(set(self.failed)))
        self.context.close()
        return [self.tab, self.reload]


def warm(pw: Playwright, base: str, pages: list[str], runs: int, timeout_s: float, tmp: Path, precache: list[str],
         site: Path, build_bytes: int) -> tuple[dict[str, list[Series]], dict[str, dict[str, Any]]]:
    """One persistent profile per page, installed in turn, then offline visits interleaved across the pages."""
    profiles: list[WarmProfile] = []
    try:
        for name in pages:
            profile = WarmProfile(pw, name, tmp)
            profiles.append(profile)
            profile.install(base, timeout_s, precache, site, build_bytes)
            log(f"  warm {name}: {profile.tab.notes[0]}")
            time.sleep(SETTLE_S)
        for profile in profiles:
            profile.go_offline(base, timeout_s)
        for i in range(runs):
            for profile in profiles:
                profile.run(i, base, timeout_s)
    finally:
        result = {profile.name: profile.close() for profile in profiles}
    return result, {profile.name: profile.first for profile in profiles}


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
        label = LABELS[s.page]
        case = {
            "cold": "cold, fresh context",
            "warm-tab": "warm, offline, new tab",
            "warm-reload": "warm, offline, reload",
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


def ratios(rows: list[Series]) -> list[str]:
    """Our median over each bare page's median, case by case (the issue's targets are such ratios)."""
    med = {(s.page, s.case): statistics.median(s.times()) for s in rows if s.times()}
    out = []
    for case in ("cold", "warm-tab", "warm-reload"):
        if ("ours", case) not in med:
            continue
        parts = [f"{med[('ours', case)] / med[(b, case)]:.2f}x {b}" for b in ("bare", "bare-pyc") if (b, case) in med]
        out.append(f"ours / bare, {case}: {', '.join(parts)}")
    return out


def phases(rows: list[Series]) -> list[str]:
    """Where our page's time goes: the median of each of its marks, per case."""
    out = []
    for s in rows:
        if s.page != "ours" or not s.visits:
            continue
        names = sorted({n for v in s.visits for n in v.marks}, key=lambda n: statistics.median(
            [v.marks[n] for v in s.visits if n in v.marks]))
        cells = []
        for n in names:
            seen = [v.marks[n] for v in s.visits if n in v.marks]
            count = "" if len(seen) == len(s.visits) else f" (in {len(seen)} of {len(s.visits)} runs)"
            cells.append(f"{n} {statistics.median(seen) / 1000:.3f}{count}")
        out.append(f"{s.case}: " + ", ".join(cells))
    return out


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
    parser.add_argument("--pages", default="ours,bare,bare-pyc", help="comma-separated: ours, bare, bare-pyc (default all)")
    parser.add_argument("--cases", default="cold,warm", help="comma-separated: cold, warm (default both)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for one page (default 60)")
    args = parser.parse_args()
    pages = [p for p in args.pages.split(",") if p]
    cases = [c for c in args.cases.split(",") if c]
    if any(p not in PAGES for p in pages) or any(c not in ("cold", "warm") for c in cases) or args.runs < 1:
        parser.error("--pages takes ours,bare,bare-pyc; --cases takes cold,warm; --runs at least 1")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium")

    started = time.monotonic()
    load_before = os.getloadavg()
    calib_before = calibrate()
    with tempfile.TemporaryDirectory(prefix="orbit-bench-") as tmp_name:
        tmp = Path(tmp_name)
        site = tmp / "site"
        build_line, precache, build_bytes = build_site(site)
        log(build_line + " (+ the bare pages)")
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
            first: dict[str, dict[str, Any]] = {}
            if "warm" in cases:
                log("warm runs")
                warm_series, first = warm(pw, base, pages, args.runs, args.timeout, tmp, precache, site, build_bytes)
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
    print(f"build: {build_line}; the bare pages added to the precache")
    print(f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after")
    print(f"yardstick: a 2-million-step loop in the host's CPython took {calib_before:.3f} s before, {calib_after:.3f} s after")
    print("time = performance.now() in the page when live (from navigation start); bytes = median per run")
    print()
    for line in table(rows):
        print(line)
    print()
    for line in ratios(rows):
        print(line)
    if "ours" in first:
        f = first["ours"]
        print(f"first visit (ours): server sent {f['total']:,} B = {f['total'] / f['build']:.2f}x the build's {f['build']:,} B, "
              f"{f['requests']} requests for {f['distinct']} files; gzip size of the files fetched {f['gzip']:,} B")
    print("where our time goes (median seconds from navigation start at each mark):")
    for line in phases(rows):
        print(f"  {line}")
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
