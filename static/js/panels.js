/* A panel that a button opens (<details> whose <summary class="button"> reads like the
   button inside it, "Reopen" then "Reopen"): while it is open its summary is hidden
   (clubscore.css), so one button of that name shows at a time. Opened, the focus goes
   into it (the hidden summary had it): to its first field, else to "Cancel", never to
   a deed that cannot be undone; a field tapped before that keeps it. "Cancel" or
   Escape closes it and gives the summary back, with the focus. */
"use strict";

function closePanel(panel) {
  panel.open = false;
  var summary = panel.querySelector("summary");
  if (summary) summary.focus();
}

document.addEventListener("click", function (event) {
  var cancel = event.target.closest("[data-close-panel]");
  var panel = cancel && cancel.closest("details");
  if (panel) {
    closePanel(panel);
    return;
  }
  var summary = event.target.closest("summary.button");
  panel = summary && summary.parentElement;
  if (!panel || panel.open) return;
  setTimeout(function () {  // once the browser has opened it
    if (!panel.open) return;
    // A field taken before this ran (a quick tap) keeps the focus, and what is typed.
    var taken = document.activeElement;
    if (taken && taken !== summary && panel.contains(taken)) return;
    var first = panel.querySelector(
      "input:not([type=hidden]), select, textarea, [data-close-panel]"
    );
    if (first) first.focus();
  }, 0);
});

document.addEventListener("keydown", function (event) {
  if (event.key !== "Escape") return;
  var panel = event.target.closest && event.target.closest("details[open]");
  if (panel && panel.querySelector(":scope > summary.button")) closePanel(panel);
});
