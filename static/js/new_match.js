/*
 * The new-match form. The server lays it out for the game tapped (htmx asks it for the form of that game, with
 * the names typed so far: templates/scoring/match_new.html); this script only puts the names as they are typed
 * into the sides line and the first-dealer buttons, from the game's sides in #game-setups (asked of the game by
 * the server, scoring/forms.py NewMatchForm.setups). Without JavaScript, "Show this game's players" lays the form
 * out again for another game; the server checks every post either way.
 */
(function () {
  "use strict";

  // The page's words (static/js/words.js), or the English given, filled in, if that script is missing.
  var t = window.trickbookWords || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  };

  function form() {
    return document.getElementById("new-match");
  }

  function setup() {
    var data = document.getElementById("game-setups");
    var radio = form() && form().querySelector("input[name=game]:checked");
    return data && radio ? JSON.parse(data.textContent)[radio.value] : null;
  }

  // A seat with no name typed yet is called as the game calls it: North, or Player 1.
  function nameOf(seat) {
    var input = form().querySelector("input[name=player_" + seat + "]");
    var name = input ? input.value.trim() : "";
    var chosen = setup();
    return name || (chosen && chosen.labels && chosen.labels[seat]) || t("Player %(number)s", { number: seat + 1 });
  }

  function names() {
    var chosen = setup();
    if (!chosen) {
      return;
    }
    form().querySelectorAll(".dealer-option").forEach(function (option) {
      var seat = option.getAttribute("data-seat");
      if (/^[0-9]+$/.test(seat)) {
        option.querySelector(".dealer-name").textContent = nameOf(Number(seat));
      }
    });
    var partners = chosen.sides.some(function (side) { return side.length > 1; });
    document.getElementById("sides").hidden = !partners;
    document.getElementById("sides-names").textContent = chosen.sides
      .map(function (side) { return side.map(nameOf).join(" & "); })
      .join(t(" v "));
  }

  // Removed, not hidden: Enter in a name field submits with the form's first button, which must be Start match.
  function start() {
    if (!form()) {
      return;
    }
    form().querySelectorAll("[data-no-js]").forEach(function (element) {
      element.remove();
    });
    names();
  }

  document.addEventListener("input", function (event) {
    if (form() && form().contains(event.target) && /^player_[0-9]+$/.test(event.target.name || "")) {
      names();
    }
  });
  // The form laid out anew for another game: the names typed while it was on its way are kept, then the same
  // as on page load, for the form the server sent.
  var typed = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "new-match") {
      typed = {};
      event.detail.target.querySelectorAll(".name-field input").forEach(function (input) {
        typed[input.name] = input.value;
      });
    }
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.id === "new-match") {
      Object.keys(typed || {}).forEach(function (name) {
        var input = form().querySelector("input[name='" + name + "']");
        if (input && !input.value && typed[name]) {
          input.value = typed[name];
        }
      });
      typed = null;
      start();
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
