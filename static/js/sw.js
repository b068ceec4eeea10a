/*
 * Trickbook's service worker, served at /sw.js (scope /) by scoring/offline.py.
 *
 * Pages: network first, so a match page is always the server's when there is a connection; the last
 * copy of a match page a phone opened is kept and shown when there is none, with its deals waiting
 * to be sent (static/js/table.js keeps them). Static files (/static/): cache first; their names change
 * with their content in production (hashed by collectstatic). Nothing else is touched: every save goes
 * to the network, and a save with no connection is kept by the page, never by the worker.
 */
"use strict";

var CACHE = "trickbook-v1";
// The words of the page for no connection, in the language of the last page that spoke to the worker
// (static/js/table.js sends them, translated, with "keep"); kept in the cache, as the worker may be stopped.
var WORDS = "/sw-words.json";
var ENGLISH = { lang: "en", title: "No connection", text: "No connection, and this page was not kept on this phone." };

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}

function offlinePage() {
  return caches.match(WORDS).then(function (hit) {
    return hit ? hit.json() : ENGLISH;
  }).catch(function () { return ENGLISH; }).then(function (words) {
    var lang = /^[A-Za-z-]{2,10}$/.test(words.lang || "") ? words.lang : "en";
    return new Response(
      "<!doctype html><html lang=\"" + lang + "\"><title>" + escapeHtml(words.title || ENGLISH.title) + "</title><p>" +
        escapeHtml(words.text || ENGLISH.text) + "</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
    );
  });
}

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isMatchPage(url) {
  return url.origin === self.location.origin && /^\/matches\/\d+\/$/.test(url.pathname);
}

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf("/static/") === 0;
}

// The page tells the worker what it needs offline: its own address (a match page) and its files.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      var kept = data.words && typeof data.words === "object"
        ? cache.put(WORDS, new Response(JSON.stringify(data.words), { headers: { "Content-Type": "application/json" } }))
        : null;
      return Promise.all([kept].concat(data.urls.map(function (href) {
        var url = new URL(href, self.location.origin);
        if (!isStatic(url) && !isMatchPage(url) && url.pathname !== "/manifest.webmanifest") {
          return null;
        }
        return fetch(url, { credentials: "same-origin", redirect: "error" }).then(function (response) {
          return response.ok ? cache.put(url, response) : null;
        }).catch(function () { return null; });
      })));
    }));
  } else if (data.type === "forget") {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) {
          return isMatchPage(new URL(request.url));
        }).map(function (request) { return cache.delete(request); }));
      });
    }));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return;
  }
  var url = new URL(request.url);
  if (isStatic(url)) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      });
    }));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      // Keep only a match page the server showed (not the log-in page a redirect led to).
      if (response.ok && !response.redirected && isMatchPage(url)) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url, { ignoreSearch: true }).then(function (hit) {
        return hit || offlinePage();
      });
    }));
  }
});
