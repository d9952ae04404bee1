// Solitaire Orbit's start-up, around PyScript (a file, not an inline script:
// the page's Content-Security-Policy allows no inline script).
//
// - A start that fails (a missing file, an error or a rejected promise anywhere
//   before the game is ready, or no start at all within START_LIMIT_MS) shows the
//   error banner with a Retry, never an endless "loading" (a start that was only
//   slow takes the banner away when it is ready).
// - The moment the page is live (body[data-ready="true"], set by pyapp/web/browser.py
//   once the first screen is drawn and its handlers are attached) is marked as the
//   performance entry "orbit-live", which bench/startup.py reads.
// - Once live and idle: register the service worker (offline play) and, once it is
//   registered and this start had no snapshot, make one for the next start
//   (pyodide-loader.mjs).
// - A returning player sees their board at once: when the page is left (hidden or
//   unloaded) the game screen as drawn is kept in localStorage ("orbit.preview",
//   with the address, the window's size and the build), and the next start on the
//   same address, window size and build shows it before Python is ready
//   (#board[data-preview], performance mark "orbit-shown"). Taps, drags, keys and
//   tool clicks made on it are queued in window.orbitQueue, in order; pyapp/web/browser.py
//   plays them through the controller the moment it is live, so nothing is lost and
//   the controller still decides every move.
(function () {
  "use strict";
  var START_LIMIT_MS = 30000;
  var body = document.body || document.documentElement;
  var started = false;

  function ready() {
    return document.body && document.body.dataset.ready === "true";
  }

  // The words of a failed start, in the player's language: the banner's data attributes,
  // which the frame's words (pyapp/ui/chrome.py) write in each language; English without them.
  function said(name, fallback) {
    var banner = document.getElementById("banner");
    return (banner && banner.dataset[name]) || fallback;
  }

  function showStartError(text) {
    if (ready()) return;
    var banner = document.getElementById("banner");
    var message = document.getElementById("banner-text");
    if (!banner || !message) return;
    message.textContent = said("failed", "The game could not start: {reason}").replace("{reason}", text);
    if (!document.getElementById("banner-retry")) {
      var retry = document.createElement("button");
      retry.id = "banner-retry";
      retry.type = "button";
      retry.textContent = said("retry", "Retry");
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
    if (!value) return said("unknown", "unknown error");
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
    showStartError(said("slow", "it is taking far longer than it should (over {seconds} s).").replace("{seconds}", String(START_LIMIT_MS / 1000)));
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

(function () {
  "use strict";
  var KEY = "orbit.preview";
  var TRANSIENT = ["selected", "picked", "choice", "dragging", "lit", "hint-target", "nudge", "queued", "celebrate"];
  var TOOLS = ["undo", "redo", "new", "restart", "resign", "copy", "help", "stats-game", "more", "home"];
  var html = document.documentElement;
  var queue = (window.orbitQueue = []);

  function byid(id) { return document.getElementById(id); }
  function live() { return document.body && document.body.dataset.ready === "true"; }
  function store() {
    try { return window.localStorage; } catch (e) { return null; }  // sandboxed frames may refuse it
  }

  // -- keeping the board as drawn, when the page is left ---------------------------
  function keep() {
    var storage = store();
    var game = byid("game"), board = byid("board");
    if (!storage || !live() || !game || game.hidden || !board || board.dataset.busy === "true") return;
    if (document.querySelector("dialog[open]") || board.querySelector(".dragging")) return;
    var copy = game.cloneNode(true);
    var nodes = copy.querySelectorAll("*");
    for (var i = 0; i < nodes.length; i++) {
      for (var j = 0; j < TRANSIENT.length; j++) nodes[i].classList.remove(TRANSIENT[j]);
    }
    var tools = [];
    for (var k = 0; k < TOOLS.length; k++) {
      var tool = byid(TOOLS[k]);
      if (tool && !tool.disabled) tools.push(TOOLS[k]);
    }
    var data = {
      build: html.dataset.build || "", address: location.hash, width: innerWidth, height: innerHeight,
      title: (byid("title") || {}).textContent || "", tools: tools, game: copy.innerHTML
    };
    try { storage.setItem(KEY, JSON.stringify(data)); } catch (e) { /* full or refused: no preview next time */ }
  }
  window.addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") keep(); });

  // -- showing it at the next start -------------------------------------------------
  var saved = null;
  try {
    var storage = store();
    saved = storage && JSON.parse(storage.getItem(KEY) || "null");
  } catch (e) { saved = null; }
  if (!saved || typeof saved.game !== "string" || !location.hash || saved.address !== location.hash ||
      saved.build !== (html.dataset.build || "") || saved.width !== innerWidth || saved.height !== innerHeight) {
    return;
  }
  var game = byid("game");
  if (!game || live()) return;
  game.innerHTML = saved.game;
  byid("start").hidden = true;
  game.hidden = false;
  byid("tools").hidden = false;
  byid("title").textContent = saved.title || "";
  for (var t = 0; t < TOOLS.length; t++) {
    var tool = byid(TOOLS[t]);
    if (tool) tool.disabled = (saved.tools || []).indexOf(TOOLS[t]) < 0;
  }
  var board = byid("board");
  board.dataset.preview = "true";
  board.dataset.busy = "false";
  html.dataset.preview = "true";
  if (performance.mark) performance.mark("orbit-shown");

  // -- input on the shown board, queued for Python --------------------------------
  var press = null;
  function offset(event) {
    var rect = board.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }
  function place(node) {
    var card = node && node.closest ? node.closest("[data-uid]") : null;
    if (card && card.dataset.at) return { pile: card.dataset.at, index: Number(card.dataset.index), card: card };
    var pile = node && node.closest ? node.closest("[data-pile]") : null;
    return { pile: pile ? pile.dataset.pile : null, index: null, card: null };
  }
  function listen(node, type, fn) {
    node.addEventListener(type, function (event) { if (!live() && board.dataset.preview) fn(event); });
  }
  listen(board, "pointerdown", function (event) {
    if (event.button > 0) return;
    var at = place(event.target);
    press = { at: at, x0: event.clientX, y0: event.clientY, moved: false };
    if (at.card) {
      board.setPointerCapture(event.pointerId);
      press.left = at.card.offsetLeft;
      press.top = at.card.offsetTop;
      event.preventDefault();
    }
  });
  listen(board, "pointermove", function (event) {
    if (!press || !press.at.card) return;
    var dx = event.clientX - press.x0, dy = event.clientY - press.y0;
    if (!press.moved && dx * dx + dy * dy < 36) return;
    press.moved = true;
    press.at.card.classList.add("dragging");
    press.at.card.style.zIndex = "1000";
    press.at.card.style.left = press.left + dx + "px";
    press.at.card.style.top = press.top + dy + "px";
  });
  listen(board, "pointerup", function (event) {
    var p = press;
    press = null;
    if (!p) return;
    var xy = offset(event);
    if (p.moved) {
      queue.push({ kind: "drop", pile: p.at.pile, index: p.at.index, x: xy[0], y: xy[1] });
    } else {
      queue.push({ kind: "tap", pile: p.at.pile, index: p.at.index, x: xy[0], y: xy[1] });
      if (p.at.card) p.at.card.classList.add("queued");
    }
  });
  listen(board, "pointercancel", function () { press = null; });
  listen(document, "keydown", function (event) {
    if (["Shift", "Control", "Meta", "Alt"].indexOf(event.key) >= 0) return;
    queue.push({ kind: "key", key: event.key, ctrl: event.ctrlKey || event.metaKey, shift: event.shiftKey });
  });
  listen(byid("actions"), "click", function (event) {  // the game's own buttons (Rotate, stock...)
    var button = event.target.closest ? event.target.closest("button[id^='act-']") : null;
    if (button && !button.disabled) queue.push({ kind: "click", id: button.id });
  });
  for (var n = 0; n < TOOLS.length; n++) {
    (function (id) {
      var tool = byid(id);
      if (tool) listen(tool, "click", function () { queue.push({ kind: "click", id: id }); });
    })(TOOLS[n]);
  }
})();


// The frame's words in the player's language (static/theme.js chose it and began the
// fetch): the build's locale/<tag>.json, a list of [selector, what, value] as
// pyapp/ui/chrome.py writes them, applied as soon as the page is parsed; then the header
// and start screen show (html.words-wait goes). A missing or late file shows English
// (after at most WORDS_LIMIT_MS); Python writes the same words once it is ready.
(function () {
  "use strict";
  var WORDS_LIMIT_MS = 1500;
  var words = window.orbitWords;
  var root = document.documentElement;
  function show() { root.classList.remove("words-wait"); }
  if (!words || words.tag === "en") return show();
  var timer = setTimeout(show, WORDS_LIMIT_MS);
  words.frame.then(function (writes) {
    if (Array.isArray(writes) && !(document.body && document.body.dataset.ready === "true")) {
      writes.forEach(function (w) {
        var node = w[0] === ":root" ? root : document.querySelector(w[0]);
        if (!node || typeof w[2] !== "string") return;
        if (w[1] === "text") node.textContent = w[2];
        else if (w[1].indexOf("attr:") === 0) node.setAttribute(w[1].slice(5), w[2]);
      });
    }
  }).catch(function () {}).then(function () {
    clearTimeout(timer);
    show();
  });
})();
