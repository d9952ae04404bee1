// PyScript's "interpreter": Pyodide's own loadPyodide with two additions.
//
// 1. The standard library pre-compiled to byte code (scripts/compile_pyc.mjs):
//    importing .pyc instead of compiling sources makes every start about a second faster.
// 2. A memory snapshot of an interpreter that has already imported the standard
//    library modules and the game's pure modules (pyapp minus the DOM binding).
//    Restoring it skips the interpreter's start and all those imports. Pyodide's
//    snapshot API is private and tied to the exact build, so:
//    - the snapshot is made on this machine, in a Worker (snapshot-worker.mjs),
//      after a start without one, never on the page and never downloaded;
//    - it is kept in Cache Storage under a key holding this build's version
//      (scripts/build.py writes it below), so a redeploy never restores an old one;
//    - any error while restoring drops it and starts normally; the next idle
//      moment makes a new one.
import { loadPyodide as realLoadPyodide, version } from "./pyodide.mjs";

export { version };

const BUILD = "__BUILD__";
const CACHE = "orbit-snapshot";
const KEY = new URL(`./snapshot-${BUILD}.bin`, import.meta.url).href;
const STDLIB = new URL("./python_stdlib_pyc.zip", import.meta.url).href;

// What the page can read: how this start went, and a way to make a snapshot.
// state: "none" (no snapshot stored), "restored", or "failed" (restoreError says why);
// made: the size of a snapshot this page made and stored; error: why it could not.
const state = (globalThis.orbitSnapshot = { build: BUILD, state: "none", restoreError: "", made: 0, error: "", make: makeSnapshot });

async function openCache() {
  return "caches" in globalThis ? await caches.open(CACHE) : null;
}

// The stored snapshot leaves out its all-zero pages (snapshot-worker.mjs): put them back.
function unpack(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 16 || view.getUint32(0, true) !== 0x3142524f) throw new Error("not a packed snapshot");
  const length = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const out = new Uint8Array(length);
  const data = new Uint8Array(buffer);
  let at = 16 + 4 * count;
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(16 + 4 * i, true) * page;
    const size = Math.min(page, length - start);
    if (size <= 0 || at + size > buffer.byteLength) throw new Error("a truncated snapshot");
    out.set(data.subarray(at, at + size), start);
    at += size;
  }
  return out;
}

async function storedSnapshot() {
  try {
    const cache = await openCache();
    const hit = cache && (await cache.match(KEY));
    return hit ? await hit.arrayBuffer() : null;
  } catch {
    return null; // storage refused (a sandboxed frame, private mode): start normally
  }
}

export async function dropSnapshots(keep = "") {
  try {
    const cache = await openCache();
    if (!cache) return;
    for (const request of await cache.keys()) {
      if (request.url !== keep) await cache.delete(request);
    }
  } catch {
    // nothing stored, nothing to drop
  }
}

const mark = (name) => globalThis.performance && performance.mark && performance.mark(name);

// PyScript hands loadPyodide its stdout and stderr; the start below begins before
// it asks (index.html loads this module at once), so output goes through these.
const output = { stdout: null, stderr: null };
const forward = (kind) => (text) => (output[kind] || (kind === "stderr" ? console.warn : console.log))(text);

async function start() {
  const settings = { stdLibURL: STDLIB, stdout: forward("stdout"), stderr: forward("stderr") };
  mark("orbit-loader");
  const snapshot = await storedSnapshot();
  mark("orbit-snapshot-read");
  if (snapshot) {
    try {
      const pyodide = await realLoadPyodide({ ...settings, _loadSnapshot: unpack(snapshot) });
      // The snapshot froze the random module's seed: draw a new one.
      pyodide.runPython("import random; random.seed()");
      state.state = "restored";
      mark("orbit-python");
      return pyodide;
    } catch (err) {
      state.state = "failed";
      state.restoreError = String(err && err.message ? err.message : err);
      console.warn("Solitaire Orbit: the saved start-up snapshot did not restore; starting normally.", err);
      await dropSnapshots();
    }
  }
  const pyodide = await realLoadPyodide(settings);
  mark("orbit-python");
  return pyodide;
}

// Python starts the moment this module is evaluated, in parallel with PyScript's own loading.
const started = start();
// PyScript may swallow a failed start: tell the page (static/boot.js shows the banner with a Retry).
started.catch((err) => globalThis.dispatchEvent(new CustomEvent("orbit:start-failed", { detail: err })));

export async function loadPyodide(options = {}) {
  output.stdout = options.stdout || null;
  output.stderr = options.stderr || null;
  return await started;
}

// Make a snapshot in a Worker and store it; resolves to its size in bytes, or 0.
// The page calls this once the board is live and the browser is idle.
let making = null;
export function makeSnapshot() {
  if (making) return making;
  making = (async () => {
    if (typeof Worker === "undefined" || !(await openCache().catch(() => null))) return 0;
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    try {
      const reply = await new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => resolve({ ok: false, error: String(event.message || event) });
        worker.postMessage({ stdLibURL: STDLIB, appURL: new URL("../../app.zip", import.meta.url).href });
      });
      if (!reply.ok) throw new Error(reply.error);
      const cache = await openCache();
      await cache.put(KEY, new Response(reply.snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
      await dropSnapshots(KEY);
      state.made = reply.snapshot.byteLength;
      return reply.snapshot.byteLength;
    } catch (err) {
      state.error = String(err && err.message ? err.message : err);
      console.warn("Solitaire Orbit: no start-up snapshot this time:", state.error);
      return 0;
    } finally {
      worker.terminate();
    }
  })();
  return making;
}
