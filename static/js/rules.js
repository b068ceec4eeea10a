/*
 * The rule dialog (templates/base.html). A rule link ({{ id|rule_link }}, scoring/templatetags/rules.py) has
 * an href to the game's rules page and hx-get to the rule's fragment, swapped into #rule-dialog-body; this
 * opens the dialog once the rule is in, and closes it on its Close button, Escape (the browser's own) or a tap
 * on the backdrop. Focus goes back to the link that opened it. Without JavaScript the link is an ordinary link.
 * If the rule cannot be loaded, the dialog says so and offers the link to the rules page (docs/style.md 16).
 */
(function () {
  "use strict";

  // The page's words (static/js/words.js), or the English given, filled in, if that script is missing.
  var t = window.trickbookWords || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  };

  var dialog = document.getElementById("rule-dialog");
  var body = document.getElementById("rule-dialog-body");
  if (!dialog || !body || typeof dialog.showModal !== "function") {
    return;
  }
  var opener = null;

  function open(link) {
    if (!dialog.open) {
      opener = link;
      dialog.showModal();
    }
    dialog.querySelector("article").scrollTop = 0;
  }

  function isRuleRequest(event) {
    return event.detail && event.detail.target === body;
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    if (isRuleRequest(event)) {
      open(event.detail.requestConfig ? event.detail.requestConfig.elt : null);
    }
  });

  function failed(event) {
    if (!isRuleRequest(event)) {
      return;
    }
    var link = event.detail.elt;
    var status = event.detail.xhr && event.detail.xhr.status;
    var title = document.createElement("h2");
    title.id = "rule-dialog-title";
    title.textContent = t("The rule could not be loaded");
    var text = document.createElement("p");
    text.textContent = status ? t("The server answered with error %(status)s.", { status: status }) : t("There is no connection.");
    body.replaceChildren(title, text);
    var href = link && link.getAttribute("href");
    if (href) {
      var page = document.createElement("a");
      page.href = href;
      page.textContent = t("Open it on the rules page");
      var line = document.createElement("p");
      line.appendChild(page);
      body.appendChild(line);
    }
    open(link);
  }

  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);

  dialog.addEventListener("click", function (event) {
    // A tap outside the article lands on the dialog itself, which Pico draws as the backdrop.
    if (event.target === dialog || event.target.closest("[data-close-dialog]")) {
      dialog.close();
    }
  });

  dialog.addEventListener("close", function () {
    if (opener && opener.isConnected) {
      opener.focus();
    }
    opener = null;
  });
})();
