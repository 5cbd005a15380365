/* A panel that a button opens (<details> whose <summary class="button"> reads like the
   button inside it, "Reopen" then "Reopen"): while it is open its summary is hidden
   (clubscore.css), so one button of that name shows at a time; its "Cancel" closes it
   and gives the summary back. */
"use strict";

document.addEventListener("click", function (event) {
  var cancel = event.target.closest("[data-close-panel]");
  var panel = cancel && cancel.closest("details");
  if (!panel) return;
  panel.open = false;
  var summary = panel.querySelector("summary");
  if (summary) summary.focus();
});
