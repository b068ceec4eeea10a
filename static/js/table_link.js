/*
 * A phone at the table (templates/scoring/_table_pending.html, scoring/table.py).
 *
 * The confirmation panel polls the server; when another phone wrote since, its answer brings the standings
 * and the sheet and triggers "table-changed". The next deal's entry is then drawn again for the deal after
 * the last one saved, but only while nothing is tapped into it and no deal waits on this phone, checked when the
 * redraw is asked for and again when its answer comes (a tap made meanwhile drops the redraw): an entry being
 * tapped is never lost (a save of a stale number is told, as any conflict between phones). Nor is a dispute
 * being written: the poll waits while one is open in the panel.
 */
(function () {
  "use strict";

  // Nothing tapped yet: every field as the page drew it.
  function pristine(form) {
    return Array.prototype.every.call(form.elements, function (input) {
      if (input.type === "hidden" || !input.name) {
        return true;
      }
      if (input.type === "radio" || input.type === "checkbox") {
        return input.checked === input.defaultChecked;
      }
      if (input.tagName === "SELECT") {
        return Array.prototype.every.call(input.options, function (option) {
          return option.selected === option.defaultSelected;
        });
      }
      return input.value === input.defaultValue;
    });
  }

  // The panel's poll waits while a dispute is being written in it (its reason would be drawn away).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var panel = event.detail.elt;
    if (!panel || panel.id !== "table-pending" || event.detail.requestConfig.verb !== "get") {
      return;
    }
    if (panel.querySelector(".pending-actions:not([hidden]) details[open]")) {
      event.preventDefault();
    }
  });

  // The entry may be drawn again: a form on the page, nothing tapped into it, no deal waiting on this phone.
  function untouched() {
    var form = document.getElementById("deal-form") || document.getElementById("first-form");
    var outbox = document.getElementById("outbox");
    return Boolean(form) && pristine(form) && !(outbox && !outbox.hidden);
  }

  document.addEventListener("table-changed", function () {
    var panel = document.getElementById("table-pending");
    if (!panel || !window.htmx || !untouched()) {
      return;
    }
    window.htmx.ajax("GET", panel.getAttribute("data-refresh"), {
      target: "#entry",
      swap: "outerHTML",
      headers: { "Trickbook-Redraw": "entry" },
    });
  });

  // A tap made while the redraw was on its way: the redraw is dropped, the tap kept.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var headers = event.detail.requestConfig && event.detail.requestConfig.headers;
    if (headers && headers["Trickbook-Redraw"] === "entry" && !untouched()) {
      event.detail.shouldSwap = false;
    }
  });
})();
