/*
 * Trickbook's service worker, served at /sw.js (scope /) by scoring/offline.py.
 *
 * Pages: network first, so a match page is always the server's when there is a connection; the last
 * copy of a match page a phone opened is kept and shown when there is none, with its deals,
 * confirmations and disputes waiting to be sent (static/js/table.js keeps them). Static files (/static/): cache first; their names change
 * with their content in production (hashed by collectstatic). Nothing else is touched: every save goes
 * to the network, and a save (or a confirmation) with no connection is kept by the page, never by the worker.
 *
 * Whose pages: every answer names the session's account in its Trickbook-User header (an opaque mark,
 * "none" without a session: scoring/offline.py). Match pages are kept in a cache of that account's own
 * ("trickbook-pages-<mark>"), and as soon as an answer names another account or none (a log-in page after
 * the session expired or the cookies were cleared, another player logging in on a shared phone) every
 * kept page is dropped: with no connection the next person gets the no-connection page, never the last
 * person's sheet. The Log out button drops them too ("forget").
 */
"use strict";

var CACHE = "trickbook-v1";
var PAGES = "trickbook-pages-"; // + the account's mark
var USER_HEADER = "Trickbook-User";
var NO_SESSION = "none";
var USER = "/sw-user.json"; // the mark of the last account an answer named, kept in CACHE
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
      return Promise.all(names.filter(function (name) {
        return name !== CACHE && name.indexOf(PAGES) !== 0;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// Drop every kept page but those of the account marked ``keep`` (none kept when it is null).
function forgetPages(keep) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PAGES) === 0 && name !== PAGES + keep;
    }).map(function (name) { return caches.delete(name); }));
  });
}

function currentUser() {
  return caches.open(CACHE).then(function (cache) { return cache.match(USER); }).then(function (hit) {
    return hit ? hit.text() : NO_SESSION;
  }).catch(function () { return NO_SESSION; });
}

// An answer from the server says whose session it was sent to: another account than the last one, or
// none, and every page kept for anyone else is dropped. Resolves to the account's mark.
function learnUser(response) {
  var mark = response.headers.get(USER_HEADER);
  if (mark === null) {
    return currentUser(); // not one of Trickbook's own answers
  }
  mark = /^[0-9a-f]{1,64}$/.test(mark) ? mark : NO_SESSION;
  return caches.open(CACHE).then(function (cache) {
    return cache.put(USER, new Response(mark, { headers: { "Content-Type": "text/plain" } }));
  }).then(function () {
    return forgetPages(mark === NO_SESSION ? null : mark);
  }).then(function () { return mark; });
}

function keepPage(url, response) {
  return learnUser(response).then(function (mark) {
    if (mark === NO_SESSION || !response.ok || response.redirected) {
      return null; // a log-in page a redirect led to is nobody's match page
    }
    return caches.open(PAGES + mark).then(function (cache) { return cache.put(url, response); });
  });
}

function keptPage(url) {
  return currentUser().then(function (mark) {
    if (mark === NO_SESSION) {
      return undefined;
    }
    return caches.open(PAGES + mark).then(function (cache) { return cache.match(url, { ignoreSearch: true }); });
  });
}

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
        return fetch(url, { credentials: "same-origin", redirect: isMatchPage(url) ? "follow" : "error" }).then(function (response) {
          if (isMatchPage(url)) {
            return keepPage(url, response);
          }
          return response.ok ? cache.put(url, response) : null;
        }).catch(function () { return null; });
      })));
    }));
  } else if (data.type === "forget") {
    event.waitUntil(forgetPages(null));
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
      // Every page says whose session it was (learnUser); only a match page the server showed is kept.
      var copy = response.clone();
      var kept = isMatchPage(url) ? keepPage(url, copy) : learnUser(copy);
      // Answered once the pages are dropped: a page opened next with no connection finds none of them.
      return kept.then(function () { return response; }, function () { return response; });
    }).catch(function () {
      return keptPage(url).then(function (hit) {
        return hit || offlinePage();
      });
    }));
  }
});
