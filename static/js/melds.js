/* The meld calculator beside each melds field (templates/scorekeeping/melds.html).
   The server scores the cards; this only copies its value into the field, closes the
   panel, and asks an open panel to score again when the round's trump changes. */
(function () {
  "use strict";

  function slotOf(element) {
    return element.closest(".meldcalc-slot");
  }

  document.addEventListener("click", function (event) {
    var use = event.target.closest("[data-use-melds]");
    if (use) {
      var form = use.closest("form.entry-form") || document.querySelector("form.entry-form");
      var input = form && form.querySelector("[name='" + use.dataset.useMelds + "']");
      if (!input) return;
      input.value = use.dataset.value;
      input.dataset.touched = "1";
      slotOf(use).textContent = "";
      // The live preview listens for input, as when a number is typed.
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
      return;
    }
    var close = event.target.closest("[data-meldcalc-close]");
    if (close) {
      var slot = slotOf(close);
      var opener = slot.parentNode.querySelector(".meldcalc-open");
      slot.textContent = "";
      if (opener) opener.focus();
    }
  });

  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches(".entry-form input[name='trump']")) return;
    var panels = document.querySelectorAll(".meldcalc[data-rescore]");
    for (var i = 0; i < panels.length; i++) htmx.trigger(panels[i], "rescore");
  });
})();
