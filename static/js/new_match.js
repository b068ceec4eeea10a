/*
 * The new-match form follows the game tapped at once: as many name fields as it has players, its sides named
 * with the names typed, the first dealer among its players, its target prefilled with its suggestion (or no
 * target field where it has none) and its house rules. What each game needs comes from the page's
 * #game-setups (asked of the game by the server, scoring/forms.py NewMatchForm.setups). A field not shown is
 * disabled, so it is never posted. Without JavaScript the page is laid out by the server for one game, and
 * "Show this game's players" lays it out again for another; the server checks every post either way.
 */
(function () {
  "use strict";

  // The page's words (static/js/words.js), or the English given, filled in, if that script is missing.
  var t = window.trickbookWords || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  };

  function start() {
    var form = document.getElementById("new-match");
    var data = document.getElementById("game-setups");
    if (!form || !data) {
      return;
    }
    var setups = JSON.parse(data.textContent);
    var target = form.querySelector("input[name=target]");

    // Removed, not hidden: Enter in a name field submits with the form's first button, which must be Start match.
    form.querySelectorAll("[data-no-js]").forEach(function (element) {
      element.remove();
    });

    function chosen() {
      var radio = form.querySelector("input[name=game]:checked");
      return radio ? setups[radio.value] : null;
    }

    // A field the server refused stays in view with its message, whatever the game (a crafted post).
    function show(element, shown) {
      var error = element.querySelector(".field-error");
      shown = shown || Boolean(error && error.textContent.trim());
      element.hidden = !shown;
      element.querySelectorAll("input").forEach(function (input) {
        input.disabled = !shown;
      });
    }

    // A seat with no name typed yet is called as the game calls it: North, or Player 1.
    function nameOf(seat) {
      var input = form.querySelector("input[name=player_" + seat + "]");
      var name = input ? input.value.trim() : "";
      var setup = chosen();
      return name || (setup && setup.labels[seat]) || t("Player %(number)s", { number: seat + 1 });
    }

    function names(setup) {
      form.querySelectorAll(".dealer-option").forEach(function (option) {
        var seat = option.getAttribute("data-seat");
        if (/^[0-9]+$/.test(seat)) {
          option.querySelector(".dealer-name").textContent = nameOf(Number(seat));
        }
      });
      var partners = setup.sides.some(function (side) {
        return side.length > 1;
      });
      document.getElementById("sides").hidden = !partners;
      document.getElementById("sides-names").textContent = setup.sides
        .map(function (side) {
          return side.map(nameOf).join(" & ");
        })
        .join(t(" v "));
    }

    function layOut(fresh) {
      var setup = chosen();
      if (!setup) {
        return;
      }
      var name = form.querySelector("input[name=game]:checked").value;
      form.querySelectorAll(".name-field").forEach(function (field) {
        var seat = Number(field.getAttribute("data-seat"));
        show(field, seat < setup.seats);
        field.querySelector("label").textContent = setup.labels[seat];
      });
      form.querySelectorAll(".dealer-option").forEach(function (option) {
        var seat = option.getAttribute("data-seat");
        var shown = !/^[0-9]+$/.test(seat) || Number(seat) < setup.seats;
        show(option, shown);
        var radio = option.querySelector("input");
        if (!shown && radio.checked) {
          form.querySelector("input[name=first_dealer][value=random]").checked = true;
        }
      });
      // The game's house rules, and the choice of its form asked first (rubber or Chicago).
      form.querySelectorAll(".rule-group, .first-choice").forEach(function (group) {
        show(group, group.getAttribute("data-game") === name);
      });
      var targetField = document.getElementById("target-field");
      show(targetField, setup.has_target);
      document.getElementById("no-target").hidden = !targetField.hidden;
      document.getElementById("target-text").textContent = setup.target_text;
      document.querySelector("#no-target small").textContent = setup.target_text;
      document.getElementById("seating").textContent = setup.seating;
      if (fresh && target) {
        target.value = setup.target === null ? "" : String(setup.target);
      }
      names(setup);
    }

    form.addEventListener("change", function (event) {
      if (event.target.name === "game") {
        layOut(true);
      }
    });
    form.addEventListener("input", function (event) {
      if (/^player_[0-9]+$/.test(event.target.name || "")) {
        names(chosen());
      }
    });
    layOut(false);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
