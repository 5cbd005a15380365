/* ClubScore's service worker: a scorekeeper's card keeps showing without network.
   Rendered by Django (clubscore.scorekeeping.offline) so that it knows the static
   files' names; served at /s/sw.js, so its scope is the cards (/s/...). It never
   computes or keeps a score: saving offline is static/js/offline.js's queue. */
"use strict";

var STATIC = "clubscore-static-{{ version }}";
var CARDS = "clubscore-cards";
var ASSETS = {{ assets|safe }};
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
var CARD_PATH = /^\/s\/[^/]+\/$/;

self.addEventListener("install", function (event) {
  // A post goes straight to the network, without waking this worker (which keeps
  // nothing of it): a draft's beacon as the card is left was lost while the worker
  // started or updated on a busy tablet. (Where routes are not known, the fetch
  // handler below lets a post through as before.)
  if (event.addRoutes) {
    event.addRoutes({ condition: { requestMethod: "POST" }, source: "network" }).catch(function () {});
  }
  event.waitUntil(
    caches.open(STATIC).then(function (cache) { return cache.addAll(ASSETS); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("clubscore-static-") === 0 && name !== STATIC;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// The card's last good copy, one per link (the address without its query).
function cardKey(url) { return url.origin + url.pathname; }

function keep(url, response) {
  var copy = response.clone();
  return caches.open(CARDS).then(function (cache) { return cache.put(cardKey(url), copy); });
}

function keptCopy(url) {
  return caches.open(CARDS).then(function (cache) { return cache.match(cardKey(url)); })
    .then(function (kept) {
      // The first opening of a link needs the network: nothing kept, the browser says so.
      if (!kept) return Response.error();
      return kept.text().then(function (html) {
        // Marked, so the page says it is the copy last seen (and hides old messages).
        return new Response(html.replace("<html ", '<html data-kept-copy="1" '), {
          headers: { "Content-Type": "text/html; charset=utf-8" }
        });
      });
    });
}

var TIMEOUT_MS = 8000;

// The kept copy, or else what the server answered (the first opening: nothing kept).
function keptOr(url, response) {
  return keptCopy(url).then(function (kept) { return kept.type === "error" && response ? response : kept; });
}

// Network first for the card page: a good answer is kept; no network, a server away
// (5xx, 429) or no answer in time shows the copy: a "busy" page never replaces the card.
function cardPage(event, url) {
  var late;
  var timeout = new Promise(function (resolve) {
    late = setTimeout(function () { resolve("late"); }, TIMEOUT_MS);
  });
  var network = fetch(event.request).then(function (response) {
    if (response.ok && !url.search && response.type === "basic") {
      event.waitUntil(keep(url, response));
    }
    if (response.status >= 500 || response.status === 429) return keptOr(url, response);
    return response;
  }, function () { return keptCopy(url); });
  return Promise.race([network, timeout]).then(function (answer) {
    clearTimeout(late);
    return answer === "late" ? keptOr(url, null).then(function (kept) {
      return kept.type === "error" ? network : kept;
    }) : answer;
  });
}

// Static files: from the cache at once, refreshed behind it when the network is there.
function staticFile(event) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(event.request).then(function (cached) {
      var fresh = fetch(event.request).then(function (response) {
        if (response.ok) cache.put(event.request, response.clone());
        return response;
      });
      if (cached) {
        event.waitUntil(fresh.catch(function () { return null; }));
        return cached;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  // Posts go to the network as they are: the page queues what could not be sent.
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(staticFile(event));
  } else if (CARD_PATH.test(url.pathname)) {
    if (request.mode === "navigate") {
      event.respondWith(cardPage(event, url));
    } else if (url.searchParams.has("live")) {
      // The live poll without network: "nothing new" (204), and the page keeps polling.
      // Marked as the worker's, so the page does not take it for the server's answer.
      event.respondWith(fetch(request).catch(function () {
        return new Response(null, { status: 204, headers: { "X-Clubscore-Unreachable": "1" } });
      }));
    }
  }
});

// The page hands over its card to keep, as it arrived (its first opening came before
// this worker, and a load this worker served may still be on its way into the cache),
// or asks whether it is kept (an address with a query, a copy shown without network).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.keep) return;
  var url = new URL(data.keep, self.location.origin);
  if (url.origin !== self.location.origin || !CARD_PATH.test(url.pathname)) return;
  var source = event.source;
  event.waitUntil(
    caches.open(CARDS).then(function (cache) {
      if (typeof data.html === "string") {
        var page = new Response(data.html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
        return cache.put(cardKey(url), page).then(function () { return true; });
      }
      return cache.match(cardKey(url)).then(function (kept) { return !!kept; });
    }).then(function (ok) { if (source) source.postMessage({ kept: data.keep, ok: ok }); })
  );
});
