/* A player's page stays open on the phone all evening; only its live part is polled
   (templates/playerpages/player.html).
   - A note at the top ("Welcome …: you are checked in.", "The organizer has been
     called.") is said once the live part brings news: it goes then, so it never stands
     beside a later state (the call answered and done, the tables drawn). A refusal
     stays until the page is left.
   - The player's seat changed under their eyes (the tables drawn again, the next
     round, a seat after sitting out, other partners at the same table): said above it
     until the next news, or a player who walked to table 1 reads "Your table 2" as it
     always was. */
(function () {
  "use strict";
  var seatBefore = null;

  function seatShown() {
    var live = document.getElementById("live");
    if (!live) return null;
    var number = live.querySelector(".phone-number[data-table]");
    if (number) {
      // Who sits with the player too: a new partner at the same table number is news.
      var company = live.querySelectorAll(".phone-partner, .phone-opponents");
      var names = [];
      for (var i = 0; i < company.length; i++) names.push(company[i].textContent.trim());
      return "table " + number.dataset.table + ": " + names.join(" / ");
    }
    return live.querySelector(".phone-sitout") ? "out" : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "live") seatBefore = seatShown();
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "live") return;
    var notes = document.querySelectorAll(".messages .message:not(.error)");
    for (var i = 0; i < notes.length; i++) notes[i].remove();
    var list = document.querySelector(".messages");
    if (list && !list.children.length) list.remove();

    var live = document.getElementById("live");
    var said = document.getElementById("seat-changed");
    if (said) said.remove();
    var now = seatShown();
    if (live && seatBefore && now && now !== "out" && now !== seatBefore && live.dataset.moved) {
      var note = document.createElement("p");
      note.id = "seat-changed";
      note.className = "phone-moved";
      note.setAttribute("role", "status");
      note.textContent = live.dataset.moved;
      live.parentNode.insertBefore(note, live);
    }
  });
})();
