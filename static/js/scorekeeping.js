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

  // Once the form is sent, a preview still waiting for its delay is not sent after it
  // (a request for a hand already saved; its draft stops too, static/js/offline.js).
  document.addEventListener("submit", function (event) {
    // Not a form htmx sends itself (the check-in search): that one stays on the page.
    if (!event.defaultPrevented) event.target.dataset.sent = "1";
  });
  document.addEventListener("htmx:confirm", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form && form.dataset.sent) event.preventDefault();
  });
  // -- the server's draft ---------------------------------------------------------------
  // What is typed and not yet sent is kept as the server's draft, for a reload or
  // another tablet of the team, when typing pauses and when the page is put away (the
  // screen off, another app, the page closed); without network, once it is back. Not
  // with every preview: that write was a third of a preview's cost (issue 28).
  // static/js/offline.js keeps it on this tablet meanwhile, and marks its copy once
  // the server has it ("clubscore:draft-kept").
  var DRAFT_PAUSE_MS = 2000;
  var DRAFT_RETRY_MS = 5000;  // the server away (5xx, 429, no answer): tried again
  var draftTimer = null;
  var draftForm = null;  // typed into since the server last kept a draft

  // What was typed, as the server's draft takes it (and the tablet keeps it): a value
  // that fills itself in is blank unless typed over, as the preview sends it.
  window.clubscoreTyped = function (form) {
    var data = new URLSearchParams(new FormData(form));
    var autos = form.querySelectorAll("input[data-auto]");
    for (var i = 0; i < autos.length; i++) {
      if (!autos[i].dataset.touched) data.set(autos[i].name, "");
    }
    return data;
  };

  function draftLater(form, wait) {
    draftForm = form;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(sendDraft, wait);
  }

  // `leaving`: the page is put away or left. A beacon then, which the browser sends
  // after the page is gone (a fetch, even with keepalive, rarely got out while the
  // service worker's page navigated away).
  function sendDraft(leaving) {
    clearTimeout(draftTimer);
    draftTimer = null;
    var form = draftForm;
    if (!form || !navigator.onLine) return;  // without network: once it is back
    draftForm = null;
    if (!form.isConnected || form.dataset.sent || form.dataset.fresh) return;
    var data = window.clubscoreTyped(form);
    // The site's token as it is now (static/js/csrf.js): a login in another tab.
    var token = csrfCookie();
    if (token) data.set("csrfmiddlewaretoken", token);
    if (leaving === true && navigator.sendBeacon && navigator.sendBeacon(form.dataset.draft, data)) {
      return;
    }
    fetch(form.dataset.draft, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) {
        if (response.headers.get("X-Clubscore-Draft") === "kept") {
          var kept = { detail: { body: data.toString() } };
          document.dispatchEvent(new CustomEvent("clubscore:draft-kept", kept));
        } else if (response.status >= 500 || response.status === 429) {
          if (!draftForm) draftLater(form, DRAFT_RETRY_MS);
        }
      }, function () {
        if (!draftForm) draftLater(form, DRAFT_RETRY_MS);  // no answer
      });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.dataset.draft) draftLater(form, DRAFT_PAUSE_MS);
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") sendDraft(true);
  });
  window.addEventListener("pagehide", function () { sendDraft(true); });
  window.addEventListener("online", function () {
    if (draftForm) sendDraft(false);
  });
  // The hand itself is sent (capture: before static/js/offline.js keeps it): no draft.
  document.addEventListener("submit", function (event) {
    if (event.target === draftForm) {
      clearTimeout(draftTimer);
      draftForm = null;
    }
  }, true);

  // Back to a page kept in the browser's cache: its form may preview again.
  window.addEventListener("pageshow", function () {
    var sent = document.querySelectorAll("form[data-sent]");
    for (var i = 0; i < sent.length; i++) delete sent[i].dataset.sent;
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
    // A count the browser cannot read as a number ("1e" typed on a keyboard) it sends
    // blank, which counts 0 without a word: "?" instead, and the server says what is
    // wrong on its field (static/js/offline.js does the same for a card's save).
    var numbers = form.querySelectorAll("input[type=number]");
    for (var j = 0; j < numbers.length; j++) {
      if (numbers[j].validity.badInput) event.detail.parameters[numbers[j].name] = "?";
    }
  });

  // Sent blank on save too (before offline.js reads the form: the capture phase). A
  // preview still on its way would have left the value of the numbers before the last
  // one typed ("6 aces were taken" for a count nobody typed); the server fills it from
  // the numbers sent with it, as for the preview.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.querySelectorAll) return;
      var autos = form.querySelectorAll("input[data-auto]");
      for (var i = 0; i < autos.length; i++) {
        if (!autos[i].dataset.touched) autos[i].value = "";
      }
    },
    true
  );

  // The server tells which value a fixed sum leaves for the last player; fill it in
  // unless the scorekeeper typed something there (they only check it). After a preview,
  // and on a page the server drew (a refused save says "filled in: 4" under the form:
  // the field must show it too).
  function fillFromServer() {
    var outputs = document.querySelectorAll("output.autofill[data-fill]");
    for (var i = 0; i < outputs.length; i++) {
      var input = document.querySelector("[name='" + outputs[i].dataset.fill + "']");
      if (input && !input.dataset.touched) {
        input.value = outputs[i].dataset.value;
        input.classList.add("filled");
      }
    }
  }
  document.addEventListener("htmx:afterSwap", fillFromServer);
  document.addEventListener("clubscore:answer-shown", fillFromServer);  // offline.js
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fillFromServer);
  } else {
    fillFromServer();
  }

  // A form that previews as it is typed into is checked by the server, not the browser:
  // htmx checks a form's validity before each request, so an empty `required` count
  // stopped the preview without a word. The server's message comes on the field, in
  // the preview and on save. Offline nothing reaches the server: the browser checks.
  // Each form as htmx takes it on: at load, after a swap, and when static/js/offline.js
  // puts the server's answer in place of the card (a refused save), which fires no
  // htmx:load (the browser's check then stopped every preview of a required count).
  var PREVIEWED = "form[hx-post][hx-trigger]";
  document.addEventListener("htmx:afterProcessNode", function (event) {
    var form = event.detail.elt;
    if (form && form.matches && form.matches(PREVIEWED)) {
      form.noValidate = true;
      form.dataset.serverChecks = "1";
    }
  });
  // Capture: before static/js/offline.js keeps the form to send later.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.serverChecks) return;
    if (!navigator.onLine && !form.checkValidity()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      form.reportValidity();
      return;
    }
    // A count the browser cannot read ("1e") would go blank: the browser says so on it.
    // (A card's form is sent by offline.js, with "?" there for the server to say it.)
    if (form.dataset.queue) return;
    var numbers = form.querySelectorAll("input[type=number]");
    for (var i = 0; i < numbers.length; i++) {
      if (!numbers[i].validity.badInput) continue;
      event.preventDefault();
      event.stopImmediatePropagation();
      numbers[i].reportValidity();
      return;
    }
  }, true);

  // The preview speaks only of the fields typed in: a count not reached yet is not
  // "required" yet (saving still says so, from the server). A count that fills itself
  // in is never "not reached": left blank, the others passed their sum, which it says.
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.dataset.serverChecks) event.target.dataset.edited = "1";
  });
  function notReached(form) {
    var labels = [];
    var fields = form.querySelectorAll("input[name], select[name]");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === "hidden" || field.dataset.edited || field.dataset.auto) continue;
      var group = field.closest("fieldset.choice-field");
      var empty = field.type === "radio"
        ? !form.querySelector("input[name='" + field.name + "']:checked")
        : field.type !== "checkbox" && field.value === "";
      if (!empty) continue;
      var box = document.getElementById("err-" + field.name);
      if (box && box.firstElementChild) box.hidden = true;  // an empty one keeps its place
      var label = group ? group.querySelector("legend") : field.labels && field.labels[0];
      if (label) labels.push(label.textContent.trim() + ":");
    }
    return labels;
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var preview = event.detail.target;
    var form = preview && preview.closest && preview.closest("form[data-server-checks]");
    if (!form) return;
    var labels = notReached(form);
    var items = preview.querySelectorAll(".preview-field-errors li");
    var shown = preview.querySelectorAll(":scope > .field-error").length;
    for (var i = 0; i < items.length; i++) {
      var text = items[i].textContent.trim();
      items[i].hidden = labels.some(function (label) { return text.indexOf(label) === 0; });
      if (!items[i].hidden) shown++;
    }
    var summary = preview.querySelector(".preview-errors");
    if (summary && !shown) summary.hidden = true;
  });

  // The card's live part comes again every 10 s (htmx). A new panel to check (what the
  // other side entered) comes on screen by itself, unless the scorekeeper is typing:
  // then nothing moves and the clock, which stays on screen, links to the panel.
  var panelsBefore = {};
  function typing() {
    var focused = document.activeElement;
    return !!(focused && focused.closest && focused.closest("input, select, textarea, form.entry-form, .dispute"));
  }
  function onScreen(element) {
    var top = element.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight - 60;
  }
  function jumpLink(panel, clock) {
    var heading = panel.querySelector("h2");
    var link = document.createElement("a");
    link.className = "pending-jump " + (panel.getBoundingClientRect().top < 0 ? "up" : "down");
    link.href = "#" + panel.id;
    link.textContent = heading ? heading.textContent.trim() : panel.id;
    link.addEventListener("click", function () { link.remove(); });
    clock.appendChild(link);
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "live") return;
    panelsBefore = {};
    var panels = event.detail.target.querySelectorAll(".pending[id]");
    for (var i = 0; i < panels.length; i++) panelsBefore[panels[i].id] = true;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var live = document.getElementById("live");
    if (!live || event.detail.elt !== live) return;
    var panel = live.querySelector(".pending[id]");
    var clock = live.querySelector(".clock");
    if (!panel || onScreen(panel)) return;
    if (!panelsBefore[panel.id] && !typing()) {
      panel.scrollIntoView({ block: "start" });
    } else if (clock) {
      jumpLink(panel, clock);
    }
  });

  // The database is away for a moment (a restart): the server answers 503 with a short
  // translated "try again" message. htmx swaps no error response, so show the message
  // here, just above what the request would have updated (the preview next to the
  // save button, or the live part of the card); the page keeps polling and the message
  // goes once the server answers again.
  function busyBox(near, id) {
    var box = document.getElementById(id || "server-busy");
    if (!box) {
      box = document.createElement("ul");
      box.id = id || "server-busy";
      box.className = "messages";
      box.setAttribute("role", "alert");
    }
    var anchor = near && near.parentNode ? near : null;
    if (anchor) {
      anchor.parentNode.insertBefore(box, anchor);
    } else if (!box.parentNode) {
      var main = document.getElementById("main") || document.body;
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 503) return;
    var parsed = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var text = parsed.body.textContent.trim();
    if (!text) return;
    var box = busyBox(event.detail.target);
    box.textContent = "";
    var item = document.createElement("li");
    item.className = "message error";
    item.textContent = text;
    box.appendChild(item);
  });

  // The card's link was replaced (a lost tablet) while this tablet still shows it: the
  // poll answers 404, and the card says so at once instead of waiting for a hand saved
  // in vain (what waits to be sent stays on the tablet).
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr.status !== 404) return;
    var parsed = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var said = parsed.querySelector("[data-not-taken]");
    if (!said) return;
    var box = busyBox(null, "card-gone");
    box.textContent = "";
    var item = document.createElement("li");
    item.className = "message error";
    item.textContent = said.textContent.trim();
    box.appendChild(item);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500) {
      var box = document.getElementById("server-busy");
      if (box) box.remove();
    }
    if (xhr && xhr.status >= 200 && xhr.status < 300) {
      var gone = document.getElementById("card-gone");
      if (gone) gone.remove();
    }
  });
})();
