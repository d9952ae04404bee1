// Solitaire Orbit service worker: precache the whole build, answer cache-first.
// scripts/build.py fills in the version (a hash of every file) and the files
// with the SHA-256 of each.
const VERSION = "__VERSION__";
const CACHE = "orbit-" + VERSION;
const PRECACHE = "__PRECACHE__";

// The first visit has just downloaded every file the page needs, so each file is
// taken from the browser's HTTP cache when it holds this build's copy (checked
// by its hash) and downloaded again only when it does not: one download per file,
// and never a mix of an old build's files with the new ones.
async function hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchChecked(url, sha256) {
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache: mode }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = await response.clone().arrayBuffer();
    if (!sha256 || (await hex(body)) === sha256) return response;
  }
  throw new Error(`${url}: the server's copy does not match this build`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async ([url, sha256]) => {
      await cache.put(url, await fetchChecked(url, sha256));
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // orbit-snapshot is the page's start-up snapshot, keyed by build on its own.
      if (key.startsWith("orbit-") && key !== CACHE && key !== "orbit-snapshot") await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    // caches.match looks in every cache without creating one, so a page still
    // controlled by an older worker during an update is served the new files.
    // The page itself is looked up without its query or fragment.
    const hit = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (err) {
      if (request.mode === "navigate") {
        const page = await caches.match("./");
        if (page) return page;
      }
      throw err;
    }
  })());
});
