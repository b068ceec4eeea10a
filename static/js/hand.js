/*
 * The Check a hand page (templates/referee/hand.html). Every tap posts a form whose answer replaces #workspace,
 * so the button tapped is gone and focus would fall back to the page. This puts it where the player goes on:
 * after a card of the pack, on the next card still free; after a turn, on the first card or option of the next
 * one. Only when focus was lost, so a tap elsewhere is never taken over. Without JavaScript every tap is an
 * ordinary form post that reloads the page.
 *
 * Taps may overlap: a second tap can be sent before the first one's answer is back. The page's hx-sync (on the
 * element around #workspace, "this:replace") has htmx abort the older request, so only the newest tap's answer is
 * shown; nothing here keeps count.
 */
(function () {
  "use strict";

  var tapped = null; // where the last tap was: {zone: "picker" | "turn", value}

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#workspace button[type=submit]");
    if (!button) {
      return;
    }
    var zone = button.closest("#picker") ? "picker" : button.closest("#turn") ? "turn" : null;
    tapped = zone ? { zone: zone, value: button.value } : null;
  }, true);

  function nextFreeCard(value) {
    var cards = Array.prototype.slice.call(document.querySelectorAll("#picker .pack button"));
    var at = cards.findIndex(function (card) { return card.value === value; });
    var after = cards.slice(at + 1).concat(cards.slice(0, at + 1));
    return after.find(function (card) { return !card.disabled; }) || null;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!tapped || !target || target.id !== "workspace") {
      return;
    }
    var last = tapped;
    tapped = null;
    if (document.activeElement && document.activeElement !== document.body) {
      return;
    }
    var next = last.zone === "picker" ? nextFreeCard(last.value) : null;
    next = next || document.querySelector("#turn .cards button, #turn .cards input, #turn .options button");
    if (next) {
      next.focus({ preventScroll: true });
    }
  });
})();
