// Solitaire Orbit service worker: precache the whole build, answer cache-first.
// scripts/build.py fills in the version (a hash of every file) and the file list.
const VERSION = "__VERSION__";
const CACHE = "orbit-" + VERSION;
const PRECACHE = "__PRECACHE__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" skips the HTTP cache so a new build never stores stale files.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("orbit-") && key !== CACHE) await caches.delete(key);
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
