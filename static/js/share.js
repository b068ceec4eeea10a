/*
 * The share link (templates/scoring/_share.html, templates/scoring/shared.html).
 *
 * On the match page: Copy puts the link on the clipboard and says "Copied"; where the browser refuses
 * the clipboard, the link is selected instead so the phone's own Copy takes it. New share link and Stop
 * sharing open their dialog, whose Cancel closes it (method "dialog"); without JavaScript those links go
 * to a page that asks the same question, and the Copy button stays hidden.
 *
 * On the share page: a link stopped or replaced meanwhile answers the poll 404, and the page is loaded
 * again to say so, rather than keep showing a score it can no longer follow.
 */
(function () {
  "use strict";

  var CONFIRMED_FOR = 3000; // ms the button reads "Copied"
  // The page's words (static/js/words.js), or the English given, filled in, if that script is missing.
  var t = window.trickbookWords || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  };

  function selectLink(input, status) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    status.textContent = t("The link is selected: copy it with your phone's Copy.");
  }

  function copy(button) {
    var input = document.getElementById(button.getAttribute("data-share-copy"));
    var status = document.querySelector("[data-share-copy-status]");
    if (!input || !status) {
      return;
    }
    status.textContent = "";
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") {
      selectLink(input, status);
      return;
    }
    navigator.clipboard.writeText(input.value).then(function () {
      status.textContent = t("Copied: the share link is on the clipboard.");
      button.textContent = t("Copied");
      window.setTimeout(function () {
        button.textContent = t("Copy");
      }, CONFIRMED_FOR);
    }, function () {
      selectLink(input, status);
    });
  }

  function ask(link) {
    var dialog = document.getElementById(link.getAttribute("data-share-ask"));
    if (!dialog || typeof dialog.showModal !== "function") {
      return false; // the link's own page asks
    }
    dialog.showModal();
    return true;
  }

  function start() {
    document.querySelectorAll("[data-share-copy]").forEach(function (button) {
      button.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share-copy]");
    if (button) {
      copy(button);
      return;
    }
    var link = event.target.closest("[data-share-ask]");
    if (link && ask(link)) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var elt = event.detail.elt;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (elt && elt.id === "live" && elt.hasAttribute("hx-get") && status === 404) {
      window.location.reload();
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
