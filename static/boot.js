// Solitaire Orbit's start-up, around PyScript (a file, not an inline script:
// the page's Content-Security-Policy allows no inline script).
//
// - A start that fails (a missing file, an error or a rejected promise anywhere
//   before the game is ready, or no start at all within START_LIMIT_MS) shows the
//   error banner with a Retry, never an endless "loading" (a start that was only
//   slow takes the banner away when it is ready).
// - The moment the page is live (body[data-ready="true"], set by pyapp/browser.py
//   once the first screen is drawn and its handlers are attached) is marked as the
//   performance entry "orbit-live", which bench/startup.py reads.
// - Once live and idle: register the service worker (offline play) and, once it is
//   registered and this start had no snapshot, make one for the next start
//   (pyodide-loader.mjs).
(function () {
  "use strict";
  var START_LIMIT_MS = 30000;
  var body = document.body || document.documentElement;
  var started = false;

  function ready() {
    return document.body && document.body.dataset.ready === "true";
  }

  function showStartError(text) {
    if (ready()) return;
    var banner = document.getElementById("banner");
    var message = document.getElementById("banner-text");
    if (!banner || !message) return;
    message.textContent = "The game could not start: " + text;
    if (!document.getElementById("banner-retry")) {
      var retry = document.createElement("button");
      retry.id = "banner-retry";
      retry.type = "button";
      retry.textContent = "Retry";
      retry.addEventListener("click", function () {
        // A start-up snapshot may be what failed: drop it, then load again.
        var drop = window.caches ? caches.delete("orbit-snapshot").catch(function () {}) : Promise.resolve();
        drop.then(function () { location.reload(); });
      });
      banner.insertBefore(retry, document.getElementById("banner-close"));
    }
    banner.hidden = false;
    document.documentElement.dataset.startFailed = "true";
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
  }

  function reason(value) {
    if (!value) return "unknown error";
    if (value.message) return value.message;
    return String(value);
  }

  window.addEventListener("error", function (event) {
    showStartError(reason(event.error || event.message));
  });
  window.addEventListener("unhandledrejection", function (event) {
    showStartError(reason(event.reason));
  });
  window.addEventListener("orbit:start-failed", function (event) {
    showStartError(reason(event.detail));
  });
  // PyScript reports a failed interpreter or script through its own error element too.
  window.addEventListener("py:error", function (event) {
    showStartError(reason(event.detail));
  });
  var slow = false;
  var watchdog = setTimeout(function () {
    slow = true;
    showStartError("it is taking far longer than it should (over " + START_LIMIT_MS / 1000 + " s).");
  }, START_LIMIT_MS);

  function afterLive() {
    clearTimeout(watchdog);
    if (slow) {
      // Only slow after all: the game is here, the banner goes.
      var banner = document.getElementById("banner");
      if (banner) banner.hidden = true;
      delete document.documentElement.dataset.startFailed;
    }
    if (started) return;
    started = true;
    if (performance.mark) performance.mark("orbit-live");
    var idle = window.requestIdleCallback || function (fn) { return setTimeout(fn, 200); };
    setTimeout(function () {
      idle(function () {
        // The snapshot is made only where the service worker could be registered: where
        // the browser keeps this site's storage (not a sandboxed frame or a private window
        // that refuses it), so the next start can use it.
        var makeSnapshot = function () {
          var snapshot = window.orbitSnapshot;
          if (snapshot && snapshot.state !== "restored" && typeof snapshot.make === "function") snapshot.make();
        };
        try {
          if ("serviceWorker" in navigator) {
            navigator.serviceWorker.register("./sw.js").then(function (reg) {
              if (reg && (reg.installing || reg.waiting || reg.active)) makeSnapshot();
            }, function () {});
          }
        } catch (e) {
          // sandboxed frames may refuse it: the game plays without it
        }
      });
    }, 1000);
  }

  var observer = new MutationObserver(function () {
    if (ready()) {
      observer.disconnect();
      afterLive();
    }
  });
  observer.observe(body, { attributes: true, attributeFilter: ["data-ready"] });
  if (ready()) afterLive();
})();
