/* The wall on a projector: a big evening's tables come in pages of one screen each;
   show one page at a time and turn to the next every few seconds. htmx replaces the
   live part now and then (a redraw, a card turned in): the page shown stays the same. */
(function () {
  "use strict";
  var current = 0;
  var timer = null;

  function pages() {
    return document.querySelectorAll("[data-wall-page]");
  }

  function show() {
    var all = pages();
    if (!all.length) return;
    current = current % all.length;
    for (var i = 0; i < all.length; i++) all[i].hidden = i !== current;
    fit();
  }

  // A very long name: that name's type gets a little smaller, down to 75 %, until it fits
  // its line; the table's other names keep their size, read from the back of the room.
  // A table still too tall: all its type, down to 75 % (the CSS sizes fit ordinary names).
  function fit() {
    var tables = document.querySelectorAll("[data-wall-page]:not([hidden]) .wall-table");
    for (var i = 0; i < tables.length; i++) {
      var table = tables[i];
      table.style.fontSize = "";
      var names = table.querySelectorAll(".wall-name");
      for (var n = 0; n < names.length; n++) {
        shrink(names[n], function (name) { return name.scrollWidth > name.clientWidth + 1; });
      }
      shrink(table, function (box) { return box.scrollHeight > box.clientHeight + 1; });
    }
    // The final standings: names that wrap, and the play-off's notes above, can push the
    // last lines off the screen; the list's type gets smaller, down to half, until all show.
    var standings = document.querySelector("[data-wall-page]:not([hidden]) .wall-standings");
    if (standings) {
      var screen = standings.closest("[data-wall-page]");
      shrink(standings, function () { return screen.scrollHeight > screen.clientHeight + 1; }, 0.5);
    }
  }

  function shrink(element, overflows, least) {
    element.style.fontSize = "";
    var size = parseFloat(getComputedStyle(element).fontSize);
    var smallest = size * (least || 0.75);
    while (size > smallest && overflows(element)) {
      size -= 1;
      element.style.fontSize = size + "px";
    }
  }

  function start() {
    var live = document.getElementById("wall-live");
    var seconds = Number(live && live.dataset.pageSeconds) || 15;
    show();
    if (timer) clearInterval(timer);
    timer = setInterval(function () {
      current += 1;
      show();
    }, seconds * 1000);
  }

  document.documentElement.classList.add("js");
  document.addEventListener("htmx:afterSwap", show);
  window.addEventListener("resize", fit);
  start();
})();
