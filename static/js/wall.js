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

  // A table with very long names: make its type a little smaller, down to 75 %, until
  // every name fits its line and the table its box (the CSS sizes fit ordinary names).
  function fit() {
    var tables = document.querySelectorAll("[data-wall-page]:not([hidden]) .wall-table");
    for (var i = 0; i < tables.length; i++) {
      var table = tables[i];
      table.style.fontSize = "";
      var size = parseFloat(getComputedStyle(table).fontSize);
      var smallest = size * 0.75;
      while (size > smallest && overflows(table)) {
        size -= 1;
        table.style.fontSize = size + "px";
      }
    }
  }

  function overflows(table) {
    if (table.scrollHeight > table.clientHeight + 1) return true;
    var names = table.querySelectorAll(".wall-name");
    for (var i = 0; i < names.length; i++) {
      if (names[i].scrollWidth > names[i].clientWidth + 1) return true;
    }
    return false;
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
