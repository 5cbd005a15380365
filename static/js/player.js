/* A player's page stays open on the phone all evening; only its live part is polled
   (templates/playerpages/player.html). A note at the top ("Welcome …: you are checked
   in.", "The organizer has been called.") is said once the live part brings news: it
   goes then, so it never stands beside a later state (the call answered and done, the
   tables drawn). A refusal stays until the page is left. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "live") return;
    var notes = document.querySelectorAll(".messages .message:not(.error)");
    for (var i = 0; i < notes.length; i++) notes[i].remove();
    var list = document.querySelector(".messages");
    if (list && !list.children.length) list.remove();
  });
})();
