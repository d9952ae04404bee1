// Solitaire Orbit's looks and language before the first paint: the theme, the deck's
// colours and the card size the player chose (kept by the controller in localStorage
// "orbit.settings", a JSON list such as ["theme=dark", "fourcolour", "lang=de"]), as
// classes on <html>, so a page in the dark or light theme never flashes the other one;
// and the language: the player's choice, else the first of the browser's languages the
// game speaks (as pyapp.i18n.pick), else English. For a language other than English it
// starts fetching that language's catalogue and frame words at once
// (window.orbitWords: static/boot.js applies the frame words, pyapp/web/browser.py the
// catalogue) and hides the header and start screen until the words are in
// (html.words-wait), so they never show in English first. pyapp/web/browser.py sets the
// same classes and <html lang> from the controller's view once Python is ready.
(function () {
  "use strict";
  var TAGS = ["en", "de", "fr", "es", "pt-BR", "ja", "en-XA"];
  var settings = [];
  try {
    settings = JSON.parse(window.localStorage.getItem("orbit.settings") || "[]");
    if (!Array.isArray(settings)) settings = [];
  } catch (e) {
    settings = []; // storage refused (a sandboxed frame): the system's theme and language
  }
  var classes = [];
  if (settings.indexOf("theme=light") >= 0) classes.push("theme-light");
  if (settings.indexOf("theme=dark") >= 0) classes.push("theme-dark");
  if (settings.indexOf("fourcolour") >= 0) classes.push("four-colour");
  if (settings.indexOf("large") >= 0) classes.push("large-cards");

  function pick(preferred, chosen) {
    if (TAGS.indexOf(chosen) >= 0) return chosen;
    for (var i = 0; i < preferred.length; i++) {
      var tag = String(preferred[i] || "").trim().toLowerCase();
      var base = tag.split("-")[0];
      for (var j = 0; j < TAGS.length - 1; j++) {
        if (TAGS[j].toLowerCase() === tag) return TAGS[j];
      }
      for (var k = 0; k < TAGS.length - 1; k++) {
        if (TAGS[k].toLowerCase().split("-")[0] === base) return TAGS[k];
      }
    }
    return "en";
  }

  var chosen = "";
  for (var s = 0; s < settings.length; s++) {
    if (typeof settings[s] === "string" && settings[s].indexOf("lang=") === 0) chosen = settings[s].slice(5);
  }
  var preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  var tag = pick(preferred, chosen);
  var none = Promise.resolve(null);
  var get = function (name, kind) {
    return fetch("./locale/" + name).then(function (r) { return r.ok ? r[kind]() : null; }).catch(function () { return null; });
  };
  // A language's compiled catalogue (an ArrayBuffer), or null: English and the pseudo-locale need
  // none, and one that cannot be had leaves the page in English. pyapp/web/browser.py asks it too when
  // the player picks another language.
  window.orbitCatalogue = function (name) {
    return name === "en" || name === "en-XA" ? none : get(name + ".mo", "arrayBuffer");
  };
  var words = { tag: tag, frame: none, catalogue: none };
  if (tag !== "en") {
    classes.push("words-wait");
    words.frame = get(tag + ".json", "json");
    words.catalogue = window.orbitCatalogue(tag);
  }
  window.orbitWords = words;
  document.documentElement.lang = tag;
  document.documentElement.className = classes.join(" ");
})();
