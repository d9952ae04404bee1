// The solver's own thread (issue 45): a module Worker with its own Pyodide, from the same
// self-hosted runtime and app files as the page (scripts/build.py copies this file beside
// pyodide.mjs; the service worker's cache serves them offline; no request leaves the origin).
// It runs pyapp.solve.service: the page (pyapp/web/browser.py, pyapp/solve/remote.py) posts
// its requests as JSON text, and this loop answers them, searching in slices of about SLICE
// seconds and yielding to its event loop between two, so that a cancel or a new position is
// read within a slice.
//
// Messages out, each a JSON text: an array of the service's messages; or, at the start,
// {"op": "ready", "ms": ...} once it can search, {"op": "failed", "error": ...} if it cannot.
// {"op": "stats"} in asks for {"op": "stats", "wasm": bytes, "malloc": bytes, "slices": n, "busy": bool,
// "positions": n, "request": id} (bench/solver_worker.py, e2e/test_e2e_solver_worker.py).
import { loadPyodide } from "./pyodide.mjs";

const SLICE = 0.05;
const STDLIB = new URL("./python_stdlib_pyc.zip", import.meta.url).href;
const APP = new URL("../../app.zip", import.meta.url).href;

const inbox = [];
let service = null;
let pyodide = null;
let scheduled = false;
const channel = new MessageChannel(); // a task of its own after each slice (setTimeout would wait 4 ms)
channel.port1.onmessage = loop;

self.onmessage = (event) => {
  inbox.push(String(event.data));
  if (service) schedule();
};

function schedule() {
  if (!scheduled) {
    scheduled = true;
    channel.port2.postMessage(0);
  }
}

function send(text) {
  if (text !== "[]") self.postMessage(text);
}

function loop() {
  scheduled = false;
  try {
    while (inbox.length) {
      const text = inbox.shift();
      if (text.includes('"stats"') && JSON.parse(text).op === "stats") {
        self.postMessage(JSON.stringify([{ op: "stats", ...JSON.parse(service.status_json()), ...memory() }]));
        continue;
      }
      send(service.handle_json(text));
    }
    if (service.busy) send(service.run_json(SLICE));
  } catch (err) {
    self.postMessage(JSON.stringify([{ op: "error", id: 0, error: String(err && err.message ? err.message : err) }]));
    return;
  }
  if (service.busy || inbox.length) schedule();
}

// The worker's memory (bench/solver_worker.py): Pyodide's WebAssembly memory (it never shrinks), the
// bytes malloc holds in it (struct mallinfo's uordblks), after Python's collection.
function memory() {
  const m = pyodide && pyodide._module;
  if (!m || !m.HEAP8) return { wasm: 0, malloc: 0 };
  pyodide.runPython("import gc; gc.collect()");
  let malloc = 0;
  if (m._mallinfo && m._malloc) {
    const info = m._malloc(64);
    m._mallinfo(info);
    malloc = m.HEAP32[info / 4 + 7];
    m._free(info);
  }
  return { wasm: m.HEAP8.buffer.byteLength, malloc };
}

async function appBytes() {
  // The service worker's copy (offline), else the browser's (the page fetched it at its start).
  const cached = "caches" in self ? await caches.match(APP).catch(() => undefined) : undefined;
  const response = cached || (await fetch(APP, { cache: "force-cache" }));
  if (!response.ok) throw new Error(`${APP}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start() {
  const began = performance.now();
  try {
    const [py, app] = await Promise.all([
      loadPyodide({ stdLibURL: STDLIB, stdout: () => {}, stderr: (text) => console.warn(text) }),
      appBytes(),
    ]);
    pyodide = py;
    const cwd = pyodide.runPython("import os; os.getcwd()");
    pyodide.unpackArchive(app, "zip", { extractDir: cwd });
    service = pyodide.runPython(
      "import sys, os, random; random.seed(); sys.path.insert(0, os.getcwd())\n" +
        "from pyapp.solve.service import Service\nService()",
    );
    self.postMessage(JSON.stringify([{ op: "ready", ms: Math.round(performance.now() - began) }]));
    schedule();
  } catch (err) {
    self.postMessage(JSON.stringify([{ op: "failed", error: String(err && err.message ? err.message : err) }]));
  }
}

start();
