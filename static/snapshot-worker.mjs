// Makes the start-up snapshot that pyodide-loader.mjs restores (see there):
// a throwaway interpreter, started for snapshotting, unpacks the app where
// PyScript will (its working directory), imports everything that does not touch
// the page (pyapp.web.warmup), and returns its memory.
import { loadPyodide } from "./pyodide.mjs";

self.onmessage = async (event) => {
  const { stdLibURL, appURL } = event.data;
  try {
    const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL });
    // The page has just fetched app.zip: take the browser's copy, not a second download.
    const response = await fetch(appURL, { cache: "force-cache" });
    if (!response.ok) throw new Error(`${appURL}: ${response.status}`);
    const cwd = pyodide.runPython("import os; os.getcwd()");
    pyodide.unpackArchive(new Uint8Array(await response.arrayBuffer()), "zip", { extractDir: cwd });
    pyodide.runPython("import sys, os; sys.path.insert(0, os.getcwd()); import pyapp.web.warmup; sys.path.pop(0)");
    const snapshot = pack(pyodide.makeMemorySnapshot());
    self.postMessage({ ok: true, snapshot }, [snapshot.buffer]);
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.message ? err.message : err) });
  }
};

// About half of the snapshot's 64 KiB pages are all zeros: they are left out, so
// the page reads half as much at every start. Layout (little-endian uint32s):
// magic, length, page size, page count, the kept pages' numbers, then their bytes.
const MAGIC = 0x3142524f; // "ORB1"
const PAGE = 65536;

function pack(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  const kept = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    const end = Math.min(start + PAGE, bytes.length);
    let zero = true;
    for (let i = start / 4; i < Math.floor(end / 4) && zero; i++) zero = words[i] === 0;
    for (let i = Math.floor(end / 4) * 4; i < end && zero; i++) zero = bytes[i] === 0;
    if (!zero) kept.push(start / PAGE);
  }
  const head = 16 + 4 * kept.length;
  let size = head;
  for (const n of kept) size += Math.min(PAGE, bytes.length - n * PAGE);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, PAGE, true);
  view.setUint32(12, kept.length, true);
  let at = head;
  kept.forEach((n, i) => {
    view.setUint32(16 + 4 * i, n, true);
    const page = bytes.subarray(n * PAGE, Math.min((n + 1) * PAGE, bytes.length));
    out.set(page, at);
    at += page.length;
  });
  return out;
}
