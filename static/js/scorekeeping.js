/* Steppers (− / +) around the count inputs, and the values that fill themselves in.
   No score is computed here: the preview partial comes from the server. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0;
    value += Number(button.dataset.step);
    if (value < 0) value = 0;
    input.value = String(value);
    input.dataset.touched = "1";
    // Let htmx (and anyone listening) know, so the preview updates.
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("input", function (event) {
    if (event.isTrusted && event.target.matches && event.target.matches("input[data-auto]")) {
      event.target.dataset.touched = event.target.value === "" ? "" : "1";
    }
  });

  // A value that filled itself in is sent blank to the preview, so the server fills it
  // again from the other players' numbers as they change.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (!form) return;
    var autos = form.querySelectorAll("input[data-auto]");
    for (var i = 0; i < autos.length; i++) {
      if (!autos[i].dataset.touched) event.detail.parameters[autos[i].name] = "";
    }
  });

  // The server tells which value a fixed sum leaves for the last player; fill it in
  // unless the scorekeeper typed something there (they only check it).
  document.addEventListener("htmx:afterSwap", function () {
    var outputs = document.querySelectorAll("output.autofill[data-fill]");
    for (var i = 0; i < outputs.length; i++) {
      var input = document.querySelector("[name='" + outputs[i].dataset.fill + "']");
      if (input && !input.dataset.touched) {
        input.value = outputs[i].dataset.value;
        input.classList.add("filled");
      }
    }
  });
})();
