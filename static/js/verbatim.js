// Small behaviours for Verbatim pages. Every page works without this file; it only smooths the
// way. No inline scripts: the Content Security Policy allows scripts from our origin only.
(function () {
  "use strict";

  // A section page opened on a sub-unit (e.g. s7(3)(c)) marks that unit with
  // data-scroll-target: bring it into view and move keyboard focus to it.
  function scrollToTarget() {
    if (window.location.hash) return; // the browser already honours an explicit #anchor
    var target = document.querySelector("[data-scroll-target]");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }

  // Buttons with data-copy="text" copy that text (a pinpoint id) to the clipboard.
  function copy(event) {
    var button = event.target.closest ? event.target.closest("[data-copy]") : null;
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
      var old = button.textContent;
      button.textContent = "Copied";
      window.setTimeout(function () { button.textContent = old; }, 1500);
    }, function () { /* clipboard refused: nothing to do */ });
  }

  document.addEventListener("DOMContentLoaded", scrollToTarget);
  document.addEventListener("click", copy);
})();
