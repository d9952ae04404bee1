"""End-to-end fixtures: the built site served from a sub-path on a free port,
Debian's Chromium driven by Playwright, and a page helper that records console
errors, requests to other origins and the deprecated APIs Chromium reports."""

from __future__ import annotations

import functools
import json
import os
import http.server
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
#: The built site; ORBIT_DIST points at another build (one per worktree or helper).
DIST = Path(os.environ.get("ORBIT_DIST", str(ROOT / "dist")))
sys.path.insert(0, str(ROOT / "scripts"))
from webtest import CHROMIUM, FLAGS, MIME_TYPES  # noqa: E402

def playwright_disabled_features() -> list[str]:
    """The features Playwright's driver turns off in the Chromium it launches (its own
    ``--disable-features``, in ``chromiumSwitches.ts``): Chromium reads only the last
    ``--disable-features`` switch, so a test run that turns more off must name these too.
    [] when the installed driver's list cannot be read (``e2e/test_e2e_flags.py`` says so)."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    try:
        text = bundle.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\)", text, re.S)
    if found is None:
        return []
    return re.findall(r'"([A-Za-z0-9_]+)"', re.sub(r"//[^\n]*", "", found.group(1)))


#: Browser chrome the end-to-end tests turn off beside Playwright's own list: the address bar's
#: popup, a WebUI page Chromium (headless too) readies in a renderer of its own for every new
#: window, so for every context a test makes, about 0.3-0.5 s of processor each time; both
#: features, or a popup renderer is left (bench/e2e_start_trace.py). The page is not touched.
E2E_DISABLED = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


def e2e_flags() -> list[str]:
    """The suite starts the page about 200 times, each in a new context, so what a start costs
    the machine is most of what the suite costs (docs/PERFORMANCE.md, "The test suite"):

    * V8's baseline WebAssembly compiler only (Liftoff; no optimising tier-up on background
      threads): a cold start costs about 3.3 s of the machine's processors instead of about
      5.3 s (2.3 s to ready instead of 4.2 s on 2 busy cores). The page behaves the same, only
      its Python runs slower.
    * No omnibox popup (:data:`E2E_DISABLED`), with Playwright's own list of features turned off
      (without it, ours would turn Playwright's back on; when it cannot be read, the popup stays).

    The benchmarks (bench/) time the browser as shipped. ORBIT_E2E_FLAGS="" turns both off."""
    if "ORBIT_E2E_FLAGS" in os.environ:
        return os.environ["ORBIT_E2E_FLAGS"].split()
    theirs = playwright_disabled_features()
    return ["--js-flags=--liftoff-only"] + ([f"--disable-features={','.join([*theirs, *E2E_DISABLED])}"] if theirs else [])


E2E_FLAGS = e2e_flags()

#: The site is served under a sub-path, as on a GitHub Pages project site.
SUBPATH = "orbit/play/"
START_TIMEOUT = 60_000
#: A file to which the server adds a line per request for Pyodide's wasm (bench/e2e_cpu.py).
STARTS_LOG = os.environ.get("ORBIT_E2E_STARTS", "")
#: A file to which each test adds a line with the processor seconds its worker's processes spent
#: on it (bench/e2e_cpu.py).
CPU_LOG = os.environ.get("ORBIT_E2E_CPU", "")


def tree_cpu() -> float:
    """Processor seconds of this process and all its descendants (Chromium, Playwright's driver),
    those that ended included (a parent that reaps a child adds its time to its own): Linux only."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(proc.name))
            times[int(proc.name)] = sum(int(v) for v in fields[11:15]) / tick
    total, todo = 0.0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


@pytest.fixture(autouse=True)
def _processor_time(request: pytest.FixtureRequest) -> Iterator[None]:
    """With ORBIT_E2E_CPU set: the processor seconds of the test, its fixtures' set-up and tear-down
    included (the page's contexts close in tear-down), one line per test."""
    if not CPU_LOG:
        yield
        return
    before = tree_cpu()
    yield
    with open(CPU_LOG, "a") as log:
        log.write(f"{tree_cpu() - before:.2f} {request.node.nodeid}\n")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: Any) -> None:
        # bench/e2e_cpu.py counts the page's cold starts: each fetches Pyodide's wasm
        if STARTS_LOG and "pyodide.asm.wasm" in self.path:
            with open(STARTS_LOG, "a") as log:
                log.write(os.environ.get("PYTEST_CURRENT_TEST", "?") + "\n")


@pytest.fixture(scope="session")
def base_url_orbit() -> Iterator[str]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is missing: run `python scripts/build.py` (scripts/test.sh does)")
    with tempfile.TemporaryDirectory() as tmp:
        mount = Path(tmp) / SUBPATH
        mount.parent.mkdir(parents=True)
        mount.symlink_to(DIST, target_is_directory=True)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=tmp))
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_address[1]}/{SUBPATH}"
        server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does as root)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": [*FLAGS, *E2E_FLAGS]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Most tests start cold without the service worker, so they do not pay for
    # its 15 MB precache; the offline tests make their own contexts.
    # Reduced motion turns the page's animations off, so whole games do not wait
    # on fixed delays; tests of animations make their own contexts.
    return {**browser_context_args, "service_workers": "block", "reduced_motion": "reduce"}


def machine_state() -> str:
    """What a renderer crash may come from, in one line: memory left, load, disk left in the
    temporary folder, the processes holding the most memory, and the kernel's last word on
    killing one for memory (when it may be read)."""
    facts = []
    try:
        info = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        facts.append(f"memory available {int(info['MemAvailable'].split()[0]) // 1024} MB "
                     f"of {int(info['MemTotal'].split()[0]) // 1024} MB")
        facts.append("load " + Path("/proc/loadavg").read_text().split()[0])
        disk = os.statvfs(tempfile.gettempdir())
        facts.append(f"{tempfile.gettempdir()} free {disk.f_bavail * disk.f_frsize >> 20} MB")
        sizes = []
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit():
                try:
                    status = dict(line.split(":", 1) for line in (proc / "status").read_text().splitlines() if ":" in line)
                    sizes.append((int(status.get("VmRSS", "0 kB").split()[0]), status["Name"].strip()))
                except (OSError, KeyError, ValueError):
                    continue
        facts.append("largest " + ", ".join(f"{name} {kb >> 10} MB" for kb, name in sorted(sizes, reverse=True)[:4]))
        events = Path("/sys/fs/cgroup/memory.events")
        if events.exists():
            facts.append("cgroup " + events.read_text().replace("\n", " ").strip())
        kernel = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5).stdout.splitlines()
        killed = [line for line in kernel if "Killed process" in line or "invoked oom-killer" in line]
        if killed:
            facts.append("kernel: " + " | ".join(killed[-2:]))
    except (OSError, ValueError, KeyError, subprocess.SubprocessError) as exc:  # a machine without /proc: say so, do not fail
        facts.append(f"(no more: {exc})")
    return "; ".join(facts)


#: The service worker is active and this build's files are in its cache: the page now works offline.
CACHED = """async () => { const r = await navigator.serviceWorker.getRegistration();
    return r && r.active && (await caches.keys()).some(k => k.startsWith('orbit-') && k !== 'orbit-snapshot'); }"""


class Orbit:
    """A page of the game plus what it logged."""

    def __init__(self, page: Page, base: str) -> None:
        self.base = base
        self.errors: list[str] = []
        self.off_origin: list[str] = []
        #: Chromium's issues about deprecated APIs (DevTools' Issues tab, what Lighthouse's
        #: "Uses deprecated APIs" reads), and any console line that names SharedArrayBuffer.
        self.deprecations: list[str] = []
        self.crashes = 0
        self._reopening = False
        self._watch(page)

    def _watch(self, page: Page) -> None:
        self.page = page
        origin = self.base.split("/" + SUBPATH)[0]
        page.on("crash", lambda _: self._crashed())
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        cdp = self._cdp = page.context.new_cdp_session(page)
        cdp.on("Audits.issueAdded", self._issue)
        cdp.send("Audits.enable")

        def request(req: Request) -> None:
            if not req.url.startswith(origin) and not req.url.startswith("data:") and not req.url.startswith("blob:"):
                self.off_origin.append(req.url)

        page.on("request", request)

    def _crashed(self) -> None:
        self.crashes += 1
        print(f"\nChromium's renderer crashed ({self.crashes} so far in this test); {machine_state()}")

    def reopen(self, fragment: str) -> Page:
        """After a renderer crash: a new tab in the same context (same storage), on ``fragment``."""
        old = self.page
        self._watch(old.context.new_page())
        if not old.is_closed():
            old.close()
        return self.open(fragment)

    def _console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            self.errors.append(msg.text)
        if "SharedArrayBuffer" in msg.text:
            self.deprecations.append(f"console {msg.type}: {msg.text}")

    def _issue(self, event: dict[str, Any]) -> None:
        issue = event["issue"]
        if issue["code"] in ("DeprecationIssue", "SharedArrayBufferIssue"):
            self.deprecations.append(f"{issue['code']}: {json.dumps(issue['details'])}")

    def open(self, fragment: str = "") -> Page:
        if self.page.url.startswith(self.base):
            # A link that differs from the page's own only after "#" would not load the page
            # again: the page would take it as its hash changing, while body[data-ready] is
            # still set from before (a test could read the old table). Every open is a start.
            self.page.goto("about:blank")
            # The same renderer process starts the next page: collect the last one's Pyodide
            # first, or the process grows by about 25 MB an open (250 MB to 580 MB in 12 opens;
            # flat with this), which a machine short of memory may answer by killing it.
            self._cdp.send("HeapProfiler.collectGarbage")
        self.page.goto(self.base + fragment)
        try:
            self.wait_ready()
        except PlaywrightError as exc:
            # Chromium's renderer has crashed, rarely, while a page started (in one CI run of
            # the whole suite, and in 2 of about 20 runs of one test file here, with no page
            # error before it; in one of those runs both of its tests' pages crashed). Survive
            # one such crash per page as a player would, by opening the link again in a new
            # tab; a second crash fails the test.
            if "crash" not in str(exc).lower() or self.crashes > 1 or self._reopening:
                raise
            print(f"\nChromium's renderer crashed while the page started; opening {fragment or 'the page'} again")
            self._reopening = True
            try:
                return self.reopen(fragment)
            finally:
                self._reopening = False
        return self.page

    def follow(self, fragment: str) -> Page:
        """Open ``fragment`` (a link's part from "#") in the page already open, as a player who
        follows a link in a tab that is open: the page takes the change of its hash (no new
        start, which costs a few seconds of the machine each time). For tests that look at
        many deals in one page; :meth:`open` is the start from the link. A link equal to the
        page's own changes nothing: the page already shows its position (it keeps its hash)."""
        page = self.page
        assert page.url.startswith(self.base), page.url
        fragment = "#" + fragment.lstrip("#")
        self.idle()
        page.evaluate("""f => new Promise(done => {
            if (location.hash === f) { done(); return; }
            addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
            location.hash = f;
        })""", fragment)
        self.idle()
        return page

    def wait_ready(self) -> None:
        self.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=START_TIMEOUT)

    def close_tip(self) -> None:
        """Close the first games' tip with its close button, as a player does who has read it
        (the board takes back the room it gave the tip); nothing when none shows."""
        if self.page.locator("#tip").is_visible():
            self.page.locator("#tip-close").click()
            self.page.wait_for_selector("#tip", state="hidden")
            self.idle()

    def idle(self) -> None:
        """Wait for any animation to finish."""
        self.page.wait_for_selector("#board:not([data-busy=true])", state="attached")

    def wait_until(self, script: str, arg: Any = None, timeout: float = START_TIMEOUT / 1000) -> Any:
        """Poll an async page expression (``page.evaluate`` awaits its promise) until it is truthy."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.page.evaluate(script, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for: {script}")
            self.page.wait_for_timeout(100)

    def card(self, code: str) -> Any:
        return self.page.locator(f'#board .card[data-card="{code}"]')

    def pile(self, pile_id: str) -> Any:
        return self.page.locator(f'#board .pile[data-pile="{pile_id}"]')

    def drag(self, source: Any, target: Any, steps: int = 8, wait: bool = True) -> None:
        """A real mouse drag from the centre of ``source`` to the centre of ``target`` (then, unless
        not ``wait``, until the move's steps are shown)."""
        a = source.bounding_box()
        b = target.bounding_box()
        assert a and b
        mouse = self.page.mouse
        mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        mouse.down()
        mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + a["height"] / 2 + 10, steps=2)
        mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
        mouse.up()
        if wait:
            self.idle()

    def assert_clean(self) -> None:
        assert self.errors == [], self.errors
        assert self.off_origin == [], self.off_origin
        assert not [d for d in self.deprecations if "SharedArrayBuffer" in d], self.deprecations
        assert not self.page.locator("#banner").is_visible(), self.page.locator("#banner").inner_text()


@pytest.fixture
def orbit(page: Page, base_url_orbit: str) -> Orbit:
    return Orbit(page, base_url_orbit)


@pytest.fixture
def sw_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context that allows the service worker, like a returning player's browser."""
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


#: Tests that take longest (a whole game through the page, a tour of every screen),
#: slowest first. With pytest-xdist, starting them first keeps the
#: workers busy to the end instead of leaving one of them a long test to finish alone.
SLOW_FIRST = (
    "test_a_whole_game_by_taps_through_both_phases",
    "test_a_whole_attrition_game_by_taps",
    "test_a_whole_game_by_mouse",
    "test_a_whole_game_by_keyboard_alone",
    "test_whole_game_to_the_summary_and_copy_link",
    "test_a_whole_game",
    "test_a_new_build_replaces_the_old_cache",
    "test_a_broken_snapshot_falls_back_to_a_normal_start_and_is_replaced",
    "test_a_whole_jokers_game_by_mouse_drags",
    "test_the_kept_board_is_shown_only_for_the_same_address_window_and_build",
    "test_every_screen_in_the_pseudo_locale",
    "test_every_game_fits_the_phone_and_the_laptop",
)


#: Unit-test modules whose tests take seconds each (searches, brute forces): they start right
#: after the slowest end-to-end tests, so that the last tests to run are short ones and both
#: workers end together (in a full run the solvers' tests at the end kept one worker busy alone).
SLOW_MODULES = ("test_solve", "test_verdicts")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.name.split("[")[0]
        for i, slow in enumerate(SLOW_FIRST):
            if name.startswith(slow):
                return i
        if "/e2e/" not in str(item.path) and item.path.name.startswith(SLOW_MODULES):
            return len(SLOW_FIRST)
        return len(SLOW_FIRST) + 1 if "/e2e/" in str(item.path) else len(SLOW_FIRST) + 2

    items.sort(key=rank)  # stable: the rest keep their order
