/*
 * A field tapped as a difference from what another field leads one to expect (scoring/core/base.py Relative: a
 * bridge contract's result, "=", "+1", "−2", against the 6 + level tricks it needs) offers only the differences
 * that can happen once that other field is chosen: after level 4, "+1" to "+3" and "−1" to "−10". The field's
 * buttons carry what it is relative to (data-relative-to, data-base, data-low, data-high; scoring/forms.py). A
 * button already chosen stays, so nothing tapped is lost; the server refuses an impossible one with its rule.
 */
(function () {
  "use strict";

  function fit(group) {
    var form = group.closest("form");
    var to = form && form.querySelector("input[name='" + group.getAttribute("data-relative-to") + "']:checked");
    var base = Number(group.getAttribute("data-base"));
    var low = Number(group.getAttribute("data-low"));
    var high = Number(group.getAttribute("data-high"));
    group.querySelectorAll("input[type=radio]").forEach(function (radio) {
      var value = to ? base + Number(to.value) + Number(radio.value) : low;
      var hidden = (value < low || value > high) && !radio.checked;
      var label = group.querySelector("label[for='" + radio.id + "']");
      radio.hidden = hidden;
      if (label) {
        label.hidden = hidden;
      }
    });
  }

  function fitAll() {
    document.querySelectorAll(".seg[data-relative-to]").forEach(fit);
  }

  document.addEventListener("change", function (event) {
    if (event.target && event.target.closest && event.target.closest("form")) {
      fitAll();
    }
  });
  document.addEventListener("htmx:afterSettle", fitAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fitAll);
  } else {
    fitAll();
  }
})();
