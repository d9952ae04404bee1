// Solitaire Orbit's looks before the first paint: the theme, the deck's colours and the
// card size the player chose (kept by the controller in localStorage "orbit.settings",
// a JSON list such as ["theme=dark", "fourcolour"]), as classes on <html>, so a page in
// the dark or light theme never flashes the other one. pyapp/browser.py sets the same
// classes from the controller's view once Python is ready.
(function () {
  "use strict";
  try {
    var settings = JSON.parse(window.localStorage.getItem("orbit.settings") || "[]");
    if (!Array.isArray(settings)) return;
    var classes = [];
    if (settings.indexOf("theme=light") >= 0) classes.push("theme-light");
    if (settings.indexOf("theme=dark") >= 0) classes.push("theme-dark");
    if (settings.indexOf("fourcolour") >= 0) classes.push("four-colour");
    if (settings.indexOf("large") >= 0) classes.push("large-cards");
    document.documentElement.className = classes.join(" ");
  } catch (e) {
    // storage refused (a sandboxed frame): the system's theme
  }
})();
