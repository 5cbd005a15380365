/* The card without network (issue 19). The service worker (/s/sw.js) keeps the card
   to show after a reload; this keeps on the tablet what is saved while the network is
   away (IndexedDB through idb-keyval) and sends it when it returns: in order, each
   with the idempotency key and the exact body it was first sent with, so the server
   stores it once however often it is sent. One tab sends at a time (navigator.locks);
   the others follow through a BroadcastChannel. No score is computed here: a hand kept
   on the tablet shows "total when sent". Every word comes translated from the page
   (#offline-strings). */
(function () {
  "use strict";
  // The light lives in #main, which a server's answer may replace: looked up each time.
  function here() { return document.getElementById("offline"); }
  var root = here();
  var stringsTag = document.getElementById("offline-strings");
  if (!root || !stringsTag || !window.idbKeyval || !window.indexedDB) return;
  var store = window.idbKeyval;
  var words = JSON.parse(stringsTag.textContent);
  var html = document.documentElement;
  var token = root.dataset.token;
  var cardUrl = root.dataset.card;
  var QUEUE = "clubscore:queue:" + token;
  var SINCE = "clubscore:offline-since";
  var AWAY = "clubscore:server-away-since";  // online, but the server did not answer
  var RETRY_MS = 5000;
  var RECHECK_MS = 2000;  // a copy kept for no network shown while online: asked again
  var LEFT_KEPT = "clubscore:left-kept-copy";  // when leaveKeptCopy last reloaded
  var LEFT_KEPT_MS = 30000;
  var TIMEOUT_MS = 8000;  // a post with no answer by then is kept, as if offline
  var channel = "BroadcastChannel" in window ? new BroadcastChannel("clubscore:" + token) : null;
  var queue = [];      // what IndexedDB holds, as last read
  var sending = false;
  var posting = 0;  // saves and confirmations sent from the form, not yet answered
  // An answer to read is on the screen (a conflict, a refusal with what was typed): the
  // rest of the queue waits for the scorekeeper (a form sent, "Send now", a reload), or
  // the next item's answer would replace it before anyone read it.
  var held = false;

  // -- the queue on the tablet --------------------------------------------------------

  function read() {
    return store.get(QUEUE).then(function (list) {
      queue = list || [];
      return queue;
    });
  }

  // One read-write transaction each: two tabs never lose each other's additions.
  function change(how) {
    return store.update(QUEUE, function (list) { return how(list || []); }).then(function () {
      if (channel) channel.postMessage("changed");
      return read();
    }).then(show);
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // (randomUUID needs a secure context; this does not)
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  function labelOf(input) {
    var label = input.id && document.querySelector("label[for='" + input.id + "']");
    var text = label ? label.textContent.trim() : input.name;
    // A label two groups share (Hand and Foot's "Aces" melded and in hand) says its
    // group: "Cards melded: Aces".
    var group = input.closest && input.closest("fieldset.group");
    var legend = group && group.querySelector("legend");
    if (legend && input.form) {
      var same = 0;
      input.form.querySelectorAll("label").forEach(function (other) {
        if (other.textContent.trim() === text) same += 1;
      });
      if (same > 1) text = legend.textContent.trim() + ": " + text;
    }
    return text;
  }

  // The numbers as typed, with the form's own (translated) labels.
  function typed(form) {
    var shown = [];
    var fields = form.querySelectorAll("input:not([type=hidden]), select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.type === "checkbox") {
        if (field.checked) shown.push([labelOf(field), "✓"]);
      } else if (field.type === "radio") {
        var legend = field.closest("fieldset") && field.closest("fieldset").querySelector("legend");
        if (field.checked) shown.push([legend ? legend.textContent.trim() : field.name, labelOf(field)]);
      } else if (field.tagName === "SELECT") {
        // A choice by its words (the player who took a ten, the first of whom is "0").
        if (field.value !== "") shown.push([labelOf(field), field.options[field.selectedIndex].text]);
      } else if (field.value !== "" && (field.value !== "0" || field.required)) {
        // A 0 left as it stands is said by nothing; one that must be given (a bid of 0)
        // is typed, and the scorekeeper types it again from this.
        shown.push([labelOf(field), field.value]);
      }
    }
    return shown;
  }

  // "Jokers 1"; "K, Q, J, 10: 5" where the label ends in a number of its own.
  function said(label, value) {
    return label + (/\d$/.test(label) ? ": " : " ") + value;
  }

  function itemOf(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    // A count the browser cannot read ("1e" typed on a keyboard) it would send blank, which
    // counts 0: "?" instead, and the server says so on its field (as scorekeeping.js does
    // for the preview).
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      if (input.validity.badInput) data.set(input.name, "?");
    });
    var item = {
      id: Date.now() + "-" + newKey().slice(0, 8),
      kind: form.dataset.queue,
      url: form.action,
      body: new URLSearchParams(data).toString(),  // exactly what is sent, every time
      key: data.get("idem"),
      number: Number(data.get("number")) || null,
      shown: form.dataset.queue === "entry" ? typed(form) : [],
      at: Date.now()
    };
    return item;
  }

  // `tried`: the server just failed it; the next try comes with the others (RETRY_MS).
  function keep(item, form, tried) {
    return change(function (list) { return list.concat([item]); }).then(function () {
      if (item.kind === "entry") nextHand(form);
      if (!tried) send();
    });
  }

  // Online with nothing waiting: sent at once, as the form would post. If the server is
  // away (5xx, 429, no answer in time, unreachable) the same item, with its key and
  // body, is kept and sent later: if it did arrive after all, the key stores it once.
  function sendNow(item, form, submitter) {
    if (form.dataset.posting) return;
    form.dataset.posting = "1";
    form.setAttribute("aria-busy", "true");
    if (submitter) submitter.disabled = true;
    // A slow network: the light says it is on its way, not only a greyed button.
    posting += 1;
    light();
    post(item).then(function (answer) {
      delete form.dataset.posting;
      form.removeAttribute("aria-busy");
      if (submitter) submitter.disabled = false;
      posting -= 1;
      light();
      if (answer === "stored") {
        forgetTypingOf(item).then(toCard, toCard);
        return;
      }
      delete form.dataset.sent;  // (static/js/scorekeeping.js: previews may go on)
      if (answer === "later") {
        keep(item, form, true).then(function () { forgetTypingOf(item); });
      } else {
        answerPage(answer.page, item);
      }
    });
  }

  // -- the page -----------------------------------------------------------------------

  function entryForm() { return document.querySelector("form[data-queue=entry]"); }

  function nextNumber() {
    var next = Number(here().dataset.next) || 0;
    queue.forEach(function (item) {
      if (item.kind === "entry" && item.number >= next) next = item.number + 1;
    });
    return next;
  }

  // The form moves on to the next hand, blank, with a key of its own.
  function nextHand(form) {
    var next = nextNumber();
    var current = document.querySelector("#card .hand-head");
    if (current && current.dataset.number !== String(next)) {
      // The next hand's title and facts, as the server rendered them (a <template>).
      var head = document.querySelector("template.next-head[data-number='" + next + "']");
      var none = document.querySelector("template.next-head[data-number='none']");
      var shown = (head || none).content.cloneNode(true);
      current.replaceWith(shown);
      form.hidden = !head;
    }
    var conflict = document.querySelector("#card .conflict");
    if (conflict) conflict.remove();
    form.reset();
    var fields = form.querySelectorAll("input:not([type=hidden]):not([type=radio]):not([type=checkbox])");
    for (var j = 0; j < fields.length; j++) {
      fields[j].value = "";
      fields[j].classList.remove("filled");
      delete fields[j].dataset.touched;
    }
    var checks = form.querySelectorAll("input[type=checkbox]");
    for (var k = 0; k < checks.length; k++) checks[k].checked = false;
    var errors = form.querySelectorAll(".field-errors, .form-errors");
    for (var m = 0; m < errors.length; m++) errors[m].textContent = "";
    form.querySelector("[name=number]").value = String(next);
    form.querySelector("[name=version]").value = "0";
    form.querySelector("[name=idem]").value = newKey();
    document.getElementById("preview").textContent = "";
    delete form.dataset.sent;
    delete form.dataset.dirty;
    // Blank until something is typed: a second tap of a double tap sends nothing.
    form.dataset.fresh = "1";
  }

  // -- what is typed and not yet sent -------------------------------------------------
  // Kept here as it is typed, for this card's hand, until the hand is saved from here;
  // a reload (or the page closed and opened again) puts it back in the form, unless the
  // server kept it as its draft since (sent when typing pauses, static/js/
  // scorekeeping.js): the form then shows the server's draft, which another tablet of
  // the team may have typed on. Typed for a hand saved meanwhile from another tablet,
  // it is said above the card.
  var TYPING = "clubscore:typing:" + token;
  var NOT_TAKEN = "clubscore:not-taken:" + token;  // refused as nobody's (js/over.js)
  var NOT_TYPED = ["csrfmiddlewaretoken", "idem", "version"];

  function typedBody(data) {
    data = new URLSearchParams(data);
    NOT_TYPED.forEach(function (name) { data.delete(name); });
    return data;
  }

  function keepTyping(form) {
    var version = form.querySelector("[name=version]");
    var data = typedBody(window.clubscoreTyped(form));
    var title = document.querySelector("#card .hand-title");  // "Hand 2", in the game's word
    return store.set(TYPING, {
      number: data.get("number"), version: version ? version.value : null,
      body: data.toString(), shown: typed(form), title: title ? title.textContent.trim() : ""
    });
  }

  function forgetTyping() { return store.del(TYPING); }

  // What was typed as `kept` is forgotten, unless typed on since (read and forgotten in
  // one transaction: a key typed meanwhile is never lost).
  function forgetIfStill(kept) {
    return store.update(TYPING, function (now) {
      return now && now.body === kept.body && now.number === kept.number ? undefined : now;
    });
  }

  // Once `item` is stored or kept in the queue, what was typed for it is kept there.
  function forgetTypingOf(item) {
    if (item.kind !== "entry") return Promise.resolve();
    return store.get(TYPING).then(function (kept) {
      if (kept && Number(kept.number) === item.number) return forgetTyping();
    });
  }

  function restoreTyping(form) {
    return store.get(TYPING).then(function (kept) {
      var number = form.querySelector("[name=number]");
      var version = form.querySelector("[name=version]");
      if (!kept || !number) return;
      if (kept.number !== number.value ||
          (kept.version != null && version && kept.version !== version.value)) {
        // Typed here without network for a hand saved meanwhile (from another tablet):
        // said above the card, never put in a form over what is stored.
        if (kept.shown && kept.shown.length) {
          sayAbove([], kept.shown, kept.title, function () { return forgetIfStill(kept); });
        }
        return;
      }
      // Typed on this page while the tablet's copy was read (a slow tablet, a busy
      // storage): what is on the screen is newer, and kept as typed. Put back, the copy
      // undid the first taps (a ten's taker went back to "—"; a CI run met it).
      if (form.dataset.dirty) return;
      // The server's page shows the server's draft: this, or newer (the service
      // worker's copy without network shows the card as it was loaded: put back).
      if (kept.kept && !html.dataset.keptCopy) return;
      var typed = new URLSearchParams(kept.body);
      var fields = form.querySelectorAll("input:not([type=hidden]), select, textarea");
      for (var i = 0; i < fields.length; i++) {
        var field = fields[i];
        if (field.type === "checkbox" || field.type === "radio") {
          field.checked = typed.getAll(field.name).indexOf(field.value) !== -1;
        } else if (typed.has(field.name)) {
          field.value = typed.get(field.name);
          // Typed over a value that fills itself in: it stays as typed.
          if (field.dataset.auto && field.value !== "") field.dataset.touched = "1";
        }
      }
      form.dataset.dirty = "1";
      delete form.dataset.fresh;
      var first = form.querySelector("input:not([type=hidden])");
      // Previewed, and kept as the server's draft once typing pauses (without network,
      // once it is back).
      if (first) first.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  function mark(text, className) {
    var span = document.createElement("span");
    span.className = "queued-mark " + (className || "");
    span.textContent = text;
    return span;
  }

  function rowFor(number) {
    var body = document.querySelector(".hands-table tbody");
    if (!body) return null;
    var row = body.querySelector("tr[data-number='" + number + "']");
    if (row) return row;
    row = document.createElement("tr");
    row.dataset.number = String(number);
    row.className = "queued-row";
    var th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(number);
    row.appendChild(th);
    var columns = document.querySelectorAll(".hands-table thead th").length - 1;
    for (var i = 1; i < columns; i++) {
      var td = document.createElement("td");
      td.className = "num";
      row.appendChild(td);
    }
    row.appendChild(document.createElement("td"));
    body.appendChild(row);
    return row;
  }

  // What is waiting, shown where it belongs: its row of the hands table, the card's light.
  function show() {
    var old = document.querySelectorAll(".queued-mark, .queued-row");
    for (var i = 0; i < old.length; i++) old[i].remove();
    var hidden = document.querySelectorAll("[data-queued-hidden]");
    for (var h = 0; h < hidden.length; h++) {
      hidden[h].hidden = false;
      delete hidden[h].dataset.queuedHidden;
    }
    var rows = document.querySelectorAll(".hands-table tr.waiting");
    for (var r = 0; r < rows.length; r++) rows[r].classList.remove("waiting", "waiting-entry");
    queue.forEach(function (item) {
      if (item.kind === "turn_in") {
        var turnIn = document.querySelector("form[data-queue=turn_in]");
        if (turnIn) {
          hide(turnIn.querySelector("button"));
          turnIn.appendChild(mark(words.waiting, "badge st-waiting"));
        }
        return;
      }
      if (item.kind === "call") {
        // A call to the organizer waits like a hand: its button reads "waiting" (issue 25).
        var call = document.getElementById("call");
        if (call) {
          call.open = false;
          call.appendChild(mark(words.waiting, "badge st-waiting"));
        }
        return;
      }
      if (item.kind === "confirm" || item.kind === "dispute") {
        hide(document.getElementById("pending-" + item.number));
      }
      if (item.kind === "dispute") hide(document.getElementById("dispute"));
      var row = item.number && rowFor(item.number);
      if (!row) return;
      row.classList.add("waiting");
      // A hand sent again hides the server's old figures; a confirmation keeps them.
      if (item.kind === "entry") row.classList.add("waiting-entry");
      var cells = row.querySelectorAll("td");
      for (var c = 0; c < cells.length - 1; c++) {
        if (item.kind === "entry") cells[c].appendChild(mark(words.whenSent, "when-sent"));
      }
      var status = cells[cells.length - 1];
      status.appendChild(mark(words.waiting, "badge st-waiting"));
      if (item.shown && item.shown.length) {
        status.appendChild(mark(queuedValues(item.shown), "queued-values"));
      }
    });
    var form = entryForm();
    if (form && !form.dataset.dirty) {
      var number = Number(form.querySelector("[name=number]").value);
      var queued = queue.some(function (item) { return item.kind === "entry" && item.number === number; });
      if (queued) nextHand(form);
    }
    light();
  }

  // What waits to be sent, as typed: values of one group said once under its name
  // ("Cards melded: Jokers 1, Twos 2 · Cards left in hand and foot: 9 down to 4 3"), not
  // the group's name before each of them.
  function queuedValues(shown) {
    var parts = [];
    var lastGroup = null;
    shown.forEach(function (pair) {
      var cut = pair[0].indexOf(": ");
      var group = cut > 0 ? pair[0].slice(0, cut) : null;
      var text = said(group ? pair[0].slice(cut + 2) : pair[0], pair[1]);
      if (group !== null && group === lastGroup) parts[parts.length - 1] += ", " + text;
      else parts.push(group !== null ? group + ": " + text : text);
      lastGroup = group;
    });
    return parts.join(" · ");
  }

  function hide(element) {
    if (element && !element.hidden) {
      element.hidden = true;
      element.dataset.queuedHidden = "1";
    }
  }

  function hhmm(since) {
    return new Date(since).toLocaleTimeString(html.lang || undefined, {
      hour: "2-digit", minute: "2-digit", hourCycle: "h23"  // hh:mm, as the card's times
    });
  }

  // The server answered (anything but 5xx/429): it is reachable again.
  function reachable() {
    if (localStorage.getItem(AWAY) === null) return;
    localStorage.removeItem(AWAY);
    light();
  }

  function unreachable() {
    if (!navigator.onLine || localStorage.getItem(AWAY) !== null) return;
    localStorage.setItem(AWAY, String(Date.now()));
    light();
  }

  function light() {
    var online = navigator.onLine;
    var away = online ? Number(localStorage.getItem(AWAY)) : 0;
    // Cut off from the server is offline for the card: the same hints, the same greying.
    html.classList.toggle("offline", !online || !!away);
    var parts = [];
    if (online) {
      localStorage.removeItem(SINCE);
      parts.push(away ? words.awaySince.replace("{time}", hhmm(away)) : words.online);
    } else {
      var since = Number(localStorage.getItem(SINCE)) || Date.now();
      localStorage.setItem(SINCE, String(since));
      parts.push(words.offlineSince.replace("{time}", hhmm(since)));
    }
    if (posting && online) parts.push(words.sending);
    if (queue.length) {
      var text = queue.length === 1 ? words.waitingOne : words.waitingOther;
      parts.push(text.replace("{count}", String(queue.length)));
    }
    var box = here();
    if (!box) return;
    box.querySelector(".connection-text").textContent = parts.join(" · ");
    box.classList.toggle("is-offline", !online || !!away);
    box.classList.toggle("is-waiting", queue.length > 0);
    box.querySelector(".send-now").hidden = !queue.length || !online;
  }

  // -- sending --------------------------------------------------------------------------

  function send() {
    if (!navigator.onLine || sending || held) return Promise.resolve();
    if (navigator.locks) {
      // One tab sends; another finding the lock taken leaves it to that one.
      return navigator.locks.request("clubscore-send:" + token, { ifAvailable: true },
        function (lock) { return lock ? sendAll() : null; });
    }
    return sendAll();
  }

  function sendAll() {
    sending = true;
    var sent = 0;
    function next() {
      return read().then(function (list) {
        var item = list[0];
        if (!item) return "done";
        return post(item).then(function (answer) {
          if (answer === "later") return "later";
          return change(function (kept) {
            return kept.filter(function (other) { return other.id !== item.id; });
          }).then(function () {
            if (answer === "stored") {
              sent += 1;
              return next();
            }
            answerPage(answer.page, item);  // once it left the queue: its numbers are shown
            held = true;
            return "shown";
          });
        });
      });
    }
    return next().then(function (how) {
      sending = false;
      show();
      if (how === "done" && sent) landed();
    }, function () {
      sending = false;
    });
  }

  // "stored": the server took it (its answer is a redirect to the card); "later": no
  // network or the server is away; else the page the server answered with, to read
  // (a conflict with both versions, a refusal on its field), shown in place of the card.
  function post(item, again) {
    var abort = "AbortController" in window ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, TIMEOUT_MS);
    // The browser's token as it is now (csrf.js): a login since the hand was queued.
    var body = new URLSearchParams(item.body);
    if (csrfCookie() && body.has("csrfmiddlewaretoken")) {
      body.set("csrfmiddlewaretoken", csrfCookie());
    }
    return fetch(item.url, {
      method: "POST",
      body: body.toString(),
      // Marked as the queue's: a refusal comes as a page to say (not a redirect, which
      // reads as stored here), views._not_taken.
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Clubscore-Queue": "1" },
      credentials: "same-origin",
      redirect: "manual",
      signal: abort ? abort.signal : undefined
    }).then(function (response) {
      if (response.status >= 500 || response.status === 429) {
        unreachable();
        return "later";
      }
      reachable();
      if (response.type === "opaqueredirect") return "stored";
      if (response.status === 403) {
        // The form's CSRF token went stale (cookies cleared): sent again at once with
        // the card's fresh one, the same key (stored once), and kept so in the queue.
        // No fresher token, or refused again with it: a refusal of its own, answered.
        return (again ? Promise.resolve(null) : withFreshToken(item)).then(function (fresh) {
          return fresh ? post(fresh, true) : response.text().then(function (text) {
            return { page: text, status: response.status };
          });
        });
      }
      return response.text().then(function (text) {
        return { page: text, status: response.status };
      });
    }, function () {
      unreachable();  // no answer in time, or none at all
      return "later";
    }).finally(function () { clearTimeout(timer); });
  }

  // The card page read again for its CSRF token: `item` with it in its body (kept so
  // in the queue, and in the card's forms), or null when there is none newer.
  function withFreshToken(item) {
    return fetch(cardUrl, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.text() : "";
    }).then(function (text) {
      var input = new DOMParser().parseFromString(text, "text/html")
        .querySelector("input[name=csrfmiddlewaretoken]");
      var body = new URLSearchParams(item.body);
      if (!input || body.get("csrfmiddlewaretoken") === input.value) return null;
      body.set("csrfmiddlewaretoken", input.value);
      // The card's other forms (the preview, the next hand) take it too.
      document.querySelectorAll("input[name=csrfmiddlewaretoken]").forEach(function (mine) {
        mine.value = input.value;
      });
      var fresh = Object.assign({}, item, { body: body.toString() });
      return change(function (list) {
        return list.map(function (other) { return other.id === item.id ? fresh : other; });
      }).then(function () { return fresh; });
    }, function () { return null; });
  }

  // `item`: what was sent, whose numbers are said with the answer when it is no card
  // (a link replaced meanwhile: nothing was saved, and nothing typed may be lost).
  function answerPage(text, item) {
    var page = new DOMParser().parseFromString(text, "text/html");
    var main = document.getElementById("main");
    var theirs = page.getElementById("main");
    if (!main) return;
    if (!theirs || !theirs.querySelector("form")) {
      // Not a card (the 400 page: a value that cannot be used; a link that no longer
      // opens the card): its message goes above the card, which stays as it is.
      // A 404 (no page, or Django's bare one) took nothing: what was typed is said too.
      var notTaken = !theirs || theirs.querySelector("[data-not-taken]");
      var said = theirs ? theirs.querySelector("[role=alert]") : null;
      if (!said && !notTaken) said = theirs;
      var shown = (item && item.shown) || [];
      sayAbove([said ? said.textContent.trim() : words.refused], notTaken ? shown : []);
      // Taken by nobody (the evening finished, the link replaced): kept on the tablet
      // too, for the page that says the evening is over ("Kept on this device", over.js).
      if (notTaken && shown.length) {
        store.update(NOT_TAKEN, function (list) { return (list || []).concat([item]); });
      } else {
        refreshLive();  // a refusal of the card's own: what it refused, as it is now
      }
      return;
    }
    main.innerHTML = theirs.innerHTML;
    // The server's answer now, no longer the copy kept for no network (its note goes).
    delete html.dataset.keptCopy;
    if (window.htmx) window.htmx.process(main);
    // For the card's own scripts (scorekeeping.js fills in what the server filled in).
    document.dispatchEvent(new Event("clubscore:answer-shown"));
    var form = entryForm();
    if (form && item && item.kind === "entry") {
      // The hand as sent, in the answer's form (a conflict, a refusal on its field): kept
      // like typing, and no later landing of the queue reloads the card over it.
      form.dataset.dirty = "1";
      keepTyping(form);
    }
    var alert = main.querySelector(".conflict, .form-errors, [role=alert]");
    if (alert) {
      // Its top in sight: a conflict taller than a phone's screen starts at its heading.
      var tall = alert.getBoundingClientRect().height > window.innerHeight * 0.8;
      alert.scrollIntoView({ block: tall ? "start" : "center" });
    }
    // The swap left the focus nowhere (on the page itself): it goes to the first field
    // refused, else to the message, so the next key lands there and a screen reader
    // says where the trouble is.
    var refused = main.querySelector("[aria-invalid=true]");
    var focus = refused || alert;
    if (focus) {
      if (!refused && !focus.hasAttribute("tabindex")) focus.setAttribute("tabindex", "-1");
      focus.focus({ preventScroll: true });
    }
    show();
  }

  // `lines` and what was typed (`shown`), above the card, below what was said before (a
  // second hand refused does not wipe the first one's numbers). With `forget`, the
  // numbers come with a button that forgets them once read (else they are said again at
  // every reload until the next hand is typed).
  function sayAbove(lines, shown, title, forget) {
    var main = document.getElementById("main");
    if (!main) return;
    var box = document.getElementById("server-said");
    if (!box) {
      box = document.createElement("ul");
      box.id = "server-said";
      box.className = "messages";
      box.setAttribute("role", "alert");
      main.insertBefore(box, main.firstChild);
    }
    lines.forEach(function (text) {
      var line = document.createElement("li");
      line.className = "message error";
      line.textContent = text;
      box.appendChild(line);
    });
    if (shown.length) {
      var what = document.createElement("li");
      what.className = "message error typed";
      what.textContent = (title ? title + ": " : "") + words.typed + " " +
        shown.map(function (pair) { return said(pair[0], pair[1]); }).join(" · ");
      if (forget) what.appendChild(forgetButton(forget, what, box));
      box.appendChild(what);
    }
    box.scrollIntoView({ block: "center" });
  }

  function forgetButton(forget, line, box) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button forget-typed";
    button.textContent = words.forgetTyped;
    button.addEventListener("click", function () {
      forget().then(function () {
        line.remove();
        if (!box.children.length) box.remove();
      });
    });
    return button;
  }

  // Everything is stored: show the card as the server has it (real totals), unless
  // the scorekeeper is typing the next hand; then the live part alone is refreshed.
  function landed() {
    var form = entryForm();
    if (!form || !form.dataset.dirty) {
      toCard();
    } else {
      refreshLive();
    }
  }

  // Where the server's redirect leads (the card at its next thing to do), as a fresh
  // page: its message ("Hand 1 saved.") comes with it.
  function toCard() {
    var target = cardUrl + "#next";
    if (location.pathname === cardUrl && !location.search) {
      history.scrollRestoration = "manual";
      history.replaceState(history.state, "", target);
      location.reload();
    } else {
      location.replace(target);
    }
  }

  // The copy kept for no network, shown while the server answers again (the network came
  // back as the card was reloaded, or the server was away a moment): the card as the
  // server has it, unless the scorekeeper is typing in it (not under their fingers: once
  // they leave the form, below; what is typed is kept and put back), an answer is shown
  // or hands wait (their landing reloads it). Else it said "No network" and hid the
  // message of what had just landed ("Confirmed.") until the scorekeeper reloaded; with
  // the next hand half typed, it said "No network" under an "Online" light for good.
  function leaveKeptCopy() {
    var form = entryForm();
    if (!html.dataset.keptCopy || held || sending || queue.length) return;
    if (form && form.dataset.dirty && form.contains(document.activeElement)) return;
    // Once in a while at most: a card page the server keeps failing while its polls
    // answer would reload again and again.
    var last = Number(sessionStorage.getItem(LEFT_KEPT)) || 0;
    if (Date.now() - last < LEFT_KEPT_MS) return;
    sessionStorage.setItem(LEFT_KEPT, String(Date.now()));
    location.reload();
  }

  function refreshLive() {
    var live = document.getElementById("live");
    if (live && window.htmx && navigator.onLine) {
      window.htmx.ajax("GET", cardUrl + "?live=1", { target: "#live", swap: "outerHTML" });
    }
  }

  // -- events ---------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.queue) return;
    event.preventDefault();
    if (form.dataset.fresh) return;  // the blank next hand: nothing typed to send
    if (form.dataset.queue === "turn_in" && typedNotSaved(form)) return;
    typedSent();  // saved, kept to send, or turned in without it: the note has done
    held = false;  // the scorekeeper acts on what was said: the queue goes on
    var item = itemOf(form, event.submitter);
    // Online with nothing waiting it is sent at once; else it waits its turn. What was
    // typed is forgotten once the hand is stored or kept (a reload meanwhile keeps it).
    if (navigator.onLine && !queue.length) {
      sendNow(item, form, event.submitter);
    } else {
      keep(item, form).then(function () { forgetTypingOf(item); });
    }
  });

  // A hand (or a correction) typed and not saved is not dropped by "Turn in the card"
  // without a word: the first tap says so, a second one turns the card in without it.
  function typedNotSaved(turnIn) {
    var form = entryForm();
    if (!form || !form.dataset.dirty || turnIn.dataset.warned) return false;
    turnIn.dataset.warned = "1";
    var note = document.createElement("p");
    note.className = "form-errors unsaved-note";
    note.setAttribute("role", "alert");
    note.textContent = words.unsavedTurnIn;
    turnIn.insertBefore(note, turnIn.firstChild);
    return true;
  }

  // The note of `typedNotSaved` goes once what was typed is saved or kept to send (one
  // tap then turns the card in), or once the card is turned in without it.
  function typedSent() {
    var notes = document.querySelectorAll(".unsaved-note");
    for (var i = 0; i < notes.length; i++) {
      delete notes[i].parentNode.dataset.warned;
      notes[i].remove();
    }
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-queue=entry]");
    if (!form) return;
    form.dataset.dirty = "1";
    delete form.dataset.fresh;
    keepTyping(form);
  });
  // The server kept what was typed as its draft: so marked here, unless typed on since.
  document.addEventListener("clubscore:draft-kept", function (event) {
    var sent = typedBody(event.detail.body).toString();
    // Read and marked in one transaction: a key typed meanwhile is never written over.
    store.update(TYPING, function (kept) {
      return kept && kept.body === sent ? Object.assign({}, kept, { kept: true }) : kept;
    });
  });

  // What was typed, said with the server's answer that took nothing (the evening was
  // finished meanwhile), stays on the screen: the live part's reload to the "evening is
  // over" page waits for the scorekeeper's own reload (it came within seconds, and the
  // numbers were gone before anyone read them).
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Refresh") === "true" &&
        document.querySelector("#server-said .typed")) {
      event.preventDefault();
    }
  });

  // No network: htmx sends nothing (no preview, no poll) rather than fail each time.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) event.preventDefault();
  });
  // Typed on without the server: what the last preview filled in and said was of other
  // numbers (six aces in all, an error already put right). Left blank and unsaid until
  // the server works them out again, when it is sent or the network is back.
  document.addEventListener("input", function (event) {
    var form = entryForm();
    if (!form || !form.contains(event.target)) return;
    if (navigator.onLine && localStorage.getItem(AWAY) === null) return;
    var autos = form.querySelectorAll("input[data-auto]");
    for (var i = 0; i < autos.length; i++) {
      if (!autos[i].dataset.touched) {
        autos[i].value = "";
        autos[i].classList.remove("filled");
      }
    }
    var errors = form.querySelectorAll(".field-errors, .form-errors");
    for (var m = 0; m < errors.length; m++) errors[m].textContent = "";
    var stale = form.querySelectorAll(".has-error");
    for (var n = 0; n < stale.length; n++) stale[n].classList.remove("has-error");
    // Its total too: the card's offline hint says when it comes ("Not sent yet: …").
    var preview = document.getElementById("preview");
    if (preview) preview.textContent = "";
  });
  // The polls and previews tell whether the server answers.
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !navigator.onLine) return;
    var cutOff = xhr.status === 0 || xhr.status >= 500 || xhr.status === 429;
    if (cutOff || xhr.getResponseHeader("X-Clubscore-Unreachable")) {
      unreachable();
    } else {
      reachable();
      if (queue.length) send();
      else leaveKeptCopy();
    }
  });
  // The live part was replaced: mark again what is waiting in it.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.id === "live") show();
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#offline .send-now")) {
      held = false;
      send();
    }
  });
  window.addEventListener("online", function () {
    light();
    send();
    if (html.dataset.keptCopy) refreshLive();  // does the server answer? (leaveKeptCopy)
  });
  window.addEventListener("offline", light);
  // Out of the form on a copy kept for no network: does the server answer? (leaveKeptCopy)
  document.addEventListener("focusout", function (event) {
    var form = entryForm();
    if (!html.dataset.keptCopy || !form || !form.contains(event.target)) return;
    if (!form.contains(event.relatedTarget)) refreshLive();
  });
  // Another tab found the server away, or answering again: this card's light says so too.
  window.addEventListener("storage", function (event) {
    if (event.key === AWAY || event.key === null) light();
  });
  if (channel) {
    channel.onmessage = function () {
      var had = queue.length;
      read().then(function () {
        show();
        if (had && !queue.length) refreshLive();
      });
    };
  }
  setInterval(function () { if (queue.length) send(); }, RETRY_MS);

  // The service worker keeps the card for a reload without network.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // As the server sent it: htmx and this script have not touched it yet. (Not a copy
    // the worker showed, nor an address with a query: those are not the card to keep.)
    var arrived = location.search || html.dataset.keptCopy ? null : "<!doctype html>\n" + html.outerHTML;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.kept && event.data.ok) html.dataset.kept = "1";
    });
    navigator.serviceWorker.register(root.dataset.sw).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (!registration.active) return;
      // The worker keeps the card as it arrived (no second request for it). Always, not
      // only on a first opening: the worker's own copy of a load it served may not be
      // stored yet, and its clients.claim() may already have made this page "controlled"
      // on a busy tablet; either way the card was not kept and nothing said so.
      var own = location.pathname === cardUrl ? arrived : null;
      registration.active.postMessage({ keep: cardUrl, html: own });
    }).catch(function () { /* no worker (private mode, old browser): online as before */ });
  }

  // The service worker showed the copy last seen while the browser is online: the
  // server did not answer (sw.js). Else the server has just sent this page: it answers,
  // whatever another tab found a moment ago.
  if (navigator.onLine) {
    if (html.dataset.keptCopy) {
      unreachable();
      // Asked again soon, not at the next poll: the network may have come back while
      // the card was loading (leaveKeptCopy).
      setTimeout(refreshLive, RECHECK_MS);
    } else {
      reachable();
    }
  }

  read().then(function () {
    show();
    var form = entryForm();
    if (form && !form.hidden) restoreTyping(form);
    send();
  });
})();
