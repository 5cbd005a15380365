/* The countdown on every tablet: the server sends the end times; this only counts down.
   htmx polls the card every 10 s, which replaces the element and keeps it honest. */
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function format(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h ? h + ":" + pad(m) : m) + ":" + pad(r);
  }
  function tick() {
    var clocks = document.querySelectorAll(".clock[data-server-now]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      if (!clock.dataset.offset) {
        // The tablet's own clock may be wrong: measure against the server's once.
        clock.dataset.offset = String(Date.parse(clock.dataset.serverNow) - Date.now());
      }
      var now = Date.now() + Number(clock.dataset.offset);
      var el = clock.querySelector("[data-countdown]");
      if (!el) continue;
      var end = el.dataset.countdown === "grace" ? clock.dataset.graceEndsAt : clock.dataset.endsAt;
      var left = (Date.parse(end) - now) / 1000;
      el.textContent = format(left);
      clock.classList.toggle("low", left < 300);
    }
  }
  document.documentElement.classList.add("js");
  tick();
  setInterval(tick, 1000);
})();
