// Research pages: bring each quote into view inside its section panel, and step through a
// recorded run on the demo page. Without this file every page still shows everything.
(function () {
  "use strict";

  // Scroll each section panel (not the page) so its first highlighted passage is in view.
  function revealMarks(root) {
    var panels = (root || document).querySelectorAll("[data-section-text]");
    Array.prototype.forEach.call(panels, function (panel) {
      var mark = panel.querySelector("mark");
      if (!mark) return;
      var top = mark.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop;
      panel.scrollTop = Math.max(0, top - panel.clientHeight / 4);
    });
  }

  // --- demo replay -------------------------------------------------------------------------
  function setUpReplay(root) {
    var items = Array.prototype.slice.call(root.querySelectorAll("[data-replay-list] > li[data-seq]"));
    var controls = root.querySelector("[data-replay-controls]");
    var result = root.querySelector("[data-replay-result]");
    var status = root.querySelector("[data-replay-status]");
    var play = root.querySelector("[data-replay-play]");
    var pause = root.querySelector("[data-replay-pause]");
    var step = root.querySelector("[data-replay-step]");
    var restart = root.querySelector("[data-replay-restart]");
    if (!items.length || !controls) return;
    var index = 0;
    var timer = null;

    // The status line's words come from the page (data-msg-*, in the interface language).
    var fallback = {
      ready: "Ready: {total} steps. Press Play, or Step through one at a time.",
      step: "Step {index} of {total}: {title}",
      playing: "Playing: step {index} of {total}.",
      playingStep: "Playing: step {index} of {total}: {title}",
      paused: "Paused at step {index} of {total}.",
      finished: "Finished: step {index} of {total}. The checked answer is below."
    };
    function say(key, itemTitle) {
      var text = controls.dataset["msg" + key.charAt(0).toUpperCase() + key.slice(1)] || fallback[key];
      return text.replace("{index}", index).replace("{total}", items.length).replace("{title}", itemTitle || "");
    }

    function title(item) {
      var t = item.querySelector(".trace__title");
      return t ? t.firstChild.textContent.trim() : "";
    }

    function update(message) {
      var done = index >= items.length;
      play.disabled = timer !== null || done;
      pause.disabled = timer === null;
      step.disabled = done;
      root.setAttribute("data-replay-state", done ? "finished" : timer !== null ? "playing" : "paused");
      status.textContent = message;
    }

    function reset() {
      stop();
      items.forEach(function (item) { item.hidden = true; item.classList.remove("is-new"); });
      if (result) result.hidden = true;
      index = 0;
      update(say("ready"));
    }

    function showNext() {
      if (index >= items.length) return;
      var item = items[index];
      item.hidden = false;
      item.classList.add("is-new");
      item.scrollIntoView({ block: "nearest" });
      index += 1;
      if (index >= items.length) {
        stop();
        if (result) {
          result.hidden = false;
          revealMarks(result);
        }
        update(say("finished"));
        return;
      }
      update(say("step", title(item)));
    }

    function schedule() {
      var next = items[index];
      var delay = parseInt(next.getAttribute("data-delay-ms"), 10) || 300;
      timer = window.setTimeout(function () {
        timer = null;
        var shown = items[index];
        showNext();
        if (index < items.length) {
          schedule();
          update(say("playingStep", title(shown)));
        }
      }, delay);
    }

    function stop() {
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
    }

    play.addEventListener("click", function () {
      if (index >= items.length || timer !== null) return;
      schedule();
      update(say("playing"));
    });
    pause.addEventListener("click", function () {
      stop();
      update(say("paused"));
      play.focus();
    });
    step.addEventListener("click", function () {
      stop();
      showNext();
    });
    restart.addEventListener("click", reset);

    controls.hidden = false;
    reset();
  }

  document.addEventListener("DOMContentLoaded", function () {
    revealMarks(document);
    var replay = document.querySelector("[data-replay]");
    if (replay) setUpReplay(replay);
  });
  // The live trace swaps the result in when the run finishes.
  document.addEventListener("htmx:afterSettle", function (event) { revealMarks(event.target); });
})();
