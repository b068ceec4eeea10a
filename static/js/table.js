/*
 * At the table: no deal is lost, and every failure is told where it happened (docs/style.md 16).
 *
 * - Every htmx request has a visible answer. 409 and 422 are swapped like a success (htmx-config's
 *   responseHandling in base.html): the current sheet with the reason, or the form with its fields marked.
 *   No connection, a timeout or a 5xx is said beside what was tapped, and nothing typed is lost; 401/403
 *   (an expired session) is a full navigation, to the log-in page and back.
 * - The deal form: each save carries an idempotency key (`key`, made here), so a retry never stores a deal
 *   twice. What is typed is kept in sessionStorage per match (the draft) and put back into the form after
 *   a log-in. A save with no connection is kept in localStorage (the outbox), shown under the sheet as
 *   waiting to be sent, and sent by itself when the connection comes back (the `online` event, on page
 *   load, every 20 s, or "Send now"), through htmx.ajax like any other request. If another phone saved that
 *   deal number meanwhile, both deals are shown and the player chooses: keep the saved one (the usual case:
 *   two people recorded the same deal), replace it with theirs, or save theirs as the next deal.
 * - After a save (the server's HX-Trigger-After-Settle `deal-saved`): the notice above the next entry is
 *   scrolled to the top (the winner banner when the match ends), so the entry, its preview, the totals and
 *   Save (the entry's bar, which stays in sight) fit one screen; focus goes to the first field without scrolling.
 * - A deal entered in two steps (the game's EntrySpec.first): the first step's form (#first-form, the calls)
 *   is kept as a draft too, and a failed save of it is told beside it with Try again (it needs the server, so
 *   it is never kept offline); the rest (#deal-form with data-step=rest) is kept offline like any deal, and
 *   the form then waits for the connection, since the next deal starts with its first step.
 * - A per-seat field whose values add up to a fixed total (the tricks, EntryField.total): once every seat but
 *   one has a value, the last one is filled in as the rest (it can still be changed). Whether the values add
 *   up is the server's to say, in the preview, which also disables Save while the entry breaks a rule.
 * - The confirmation panel's Confirm and Dispute: each tap carries its own key; one tapped with no connection is
 *   kept in localStorage, said on its deal, and sent by itself like a deal kept on the phone.
 * - Keep the screen on (Screen Wake Lock), a switch on the match page, off until chosen, remembered per device.
 * - The service worker (/sw.js) is registered, and told to keep the match page and its files for offline use.
 */
(function () {
  "use strict";

  var PREFIX = "trickbook:";
  var SKIP = { csrfmiddlewaretoken: true };
  // The page's words (static/js/words.js), or the English given, filled in, if that script is missing.
  var t = window.trickbookWords || function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values && name in values ? String(values[name]) : whole; });
  };

  // ------------------------------------------------------------------ storage, keys

  function load(storage, name, fallback) {
    try {
      var text = storage.getItem(PREFIX + name);
      return text ? JSON.parse(text) : fallback;
    } catch (_error) {
      return fallback;
    }
  }

  function keep(storage, name, value) {
    try {
      if (value === null || (Array.isArray(value) && value.length === 0)) {
        storage.removeItem(PREFIX + name);
      } else {
        storage.setItem(PREFIX + name, JSON.stringify(value));
      }
    } catch (_error) {
      // Private mode or a full store: the page still works, only without keeping the entry.
    }
  }

  function newKey() {
    if (window.crypto && typeof window.crypto.randomUUID === "function") {
      return window.crypto.randomUUID();
    }
    // randomUUID needs a secure context; a club server on plain http still gets a random v4 UUID.
    var bytes = window.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // ------------------------------------------------------------------ the page

  function noticeRegion() {
    return document.getElementById("table-notice");
  }

  function matchId() {
    var region = noticeRegion();
    return region ? region.dataset.match : null;
  }

  function dealForm() {
    return document.getElementById("deal-form");
  }

  // The form the next entry goes into: the deal, or the first step of one entered in two steps.
  function entryForm() {
    return dealForm() || document.getElementById("first-form");
  }

  function draftName(form) {
    return (form && form.id === "first-form" ? "first:" : "draft:") + matchId();
  }

  function say(region, text, level) {
    if (!region) {
      return;
    }
    var line = document.createElement("p");
    line.className = "message " + (level || "warning");
    line.textContent = text;
    region.replaceChildren(line);
    return line;
  }

  function bringIntoView(element) {
    if (element) {
      element.scrollIntoView({ block: "start", behavior: "instant" });
    }
  }

  function focusWithoutScroll(element) {
    if (element) {
      if (!element.hasAttribute("tabindex") && !element.matches("input, select, textarea, button, a[href]")) {
        element.setAttribute("tabindex", "-1");
      }
      element.focus({ preventScroll: true });
    }
  }

  // ------------------------------------------------------------------ the deal form

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (!SKIP[name]) {
        fields.push([name, String(value)]);
      }
    });
    return fields;
  }

  function fieldValue(fields, name) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) {
        return fields[i][1];
      }
    }
    return null;
  }

  function entryFields(fields) {
    return fields.filter(function (pair) { return pair[0] !== "number" && pair[0] !== "key" && pair[0] !== "progress"; });
  }

  function fill(form, fields) {
    entryFields(fieldsOf(form)).forEach(function (pair) {
      form.querySelectorAll("[name='" + pair[0] + "']").forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = false;
        }
      });
    });
    entryFields(fields).forEach(function (pair) {
      form.querySelectorAll("[name='" + pair[0] + "']").forEach(function (input) {
        if (input.type === "radio") {
          input.checked = input.value === pair[1];
        } else if (input.type === "checkbox") {
          input.checked = true;
        } else if (input.type !== "hidden") {
          input.value = pair[1];
        }
      });
    });
    if (window.htmx) {
      window.htmx.trigger(form, "change"); // the preview
    }
  }

  // The entry in words, asked of the form's own labels (the form is built from the game's spec).
  function describe(form, fields) {
    var parts = [];
    entryFields(fields).forEach(function (pair) {
      var input = form.querySelector("[name='" + pair[0] + "']");
      if (!input || pair[1] === "") {
        return;
      }
      var group = input.closest("fieldset");
      var legend = group && group.querySelector("legend");
      if (input.type === "radio") {
        var chosen = form.querySelector("[name='" + pair[0] + "'][value='" + pair[1] + "']");
        if (chosen && chosen.defaultChecked && !pair[0].match(/_\d+$/)) {
          return; // left as the page drew it (undoubled, no honours): not worth saying
        }
        var label = chosen && form.querySelector("label[for='" + chosen.id + "']");
        parts.push((legend ? legend.textContent.trim() : pair[0]) + " " + (label ? label.textContent.trim() : pair[1]));
      } else if (input.type === "checkbox") {
        parts.push(input.closest("label") ? input.closest("label").textContent.trim() : pair[0]);
      } else {
        var own = form.querySelector("label[for='" + input.id + "']");
        parts.push((input.dataset.label || (own ? own.textContent.trim() : pair[0])) + " " + pair[1]);
      }
    });
    return parts.join(", ");
  }

  function formNumber(form) {
    var input = form && form.querySelector("input[name=number]");
    return input ? parseInt(input.value, 10) : null;
  }

  // The form's deal number, heading and button, when deals wait on this phone before it.
  function setFormNumber(form, number) {
    form.querySelector("input[name=number]").value = String(number);
    var heading = document.getElementById("entry-title");
    if (heading) {
      heading.textContent = t("Enter deal %(number)s", { number: number });
    }
    var button = form.querySelector("button[type=submit]");
    if (button) {
      button.textContent = t("Save deal %(number)s", { number: number });
    }
    showRolesFor(number);
  }

  // Who deals and leads is the server's to say, for the deal after the last one it has. While deals wait on this
  // phone the form is ahead of it: the roles are hidden rather than shown for the wrong deal.
  function showRolesFor(number) {
    var head = document.getElementById("live-head");
    var waiting = head && head.querySelector("[data-roles-waiting]");
    if (!waiting) {
      return;
    }
    var ahead = number > parseInt(head.dataset.next, 10);
    head.querySelectorAll("[data-role]").forEach(function (role) {
      role.hidden = ahead;
    });
    waiting.hidden = !ahead;
    waiting.textContent = ahead ? t("Who deals deal %(number)s is shown once the deals kept on this phone are sent.", { number: number }) : "";
  }

  // Nothing tapped yet: every field as the page drew it (a game's defaults included).
  function pristine(form) {
    return Array.prototype.every.call(form.elements, function (input) {
      if (input.type === "hidden" || !input.name) {
        return true;
      }
      if (input.type === "radio" || input.type === "checkbox") {
        return input.checked === input.defaultChecked;
      }
      return input.value === input.defaultValue;
    });
  }

  // ``restore``: on page load only (after a log-in, say); after a swap the server's form is the one to keep.
  function prepareForm(restore) {
    var form = entryForm();
    if (!form) {
      return;
    }
    var key = form.querySelector("input[name=key]");
    if (key && !key.value) {
      key.value = newKey();
    }
    var waiting = outbox().filter(function (item) { return item.state !== "conflict"; });
    if (waiting.length && form.id === "deal-form") {
      var next = waiting[waiting.length - 1].number + 1;
      if (formNumber(form) < next) {
        setFormNumber(form, next);
      }
    }
    var draft = load(sessionStorage, draftName(form), null);
    if (restore && draft && draft.number === formNumber(form) && pristine(form)) {
      fill(form, draft.fields);
      if (draft.key && key) {
        key.value = draft.key; // the same save: if the first try got through, it is not stored twice
      }
      say(noticeRegion(), t("Your entry for deal %(number)s was kept: check it and save.", { number: draft.number }), "info");
    }
  }

  // EntryField.total: when every seat but one has a value, the last seat's is the rest of the total (if it has
  // that button). Only an empty seat is filled, so a value the player chose is never changed.
  function fillLastSeat(form) {
    var filled = false;
    form.querySelectorAll("[data-total-for]").forEach(function (line) {
      var prefix = line.dataset.totalFor + "_";
      var seats = {};
      form.querySelectorAll("input[type=radio][name^='" + prefix + "']").forEach(function (input) {
        seats[input.name] = seats[input.name] || { chosen: null, inputs: [] };
        seats[input.name].inputs.push(input);
        if (input.checked) {
          seats[input.name].chosen = parseInt(input.value, 10);
        }
      });
      var names = Object.keys(seats);
      var empty = names.filter(function (name) { return seats[name].chosen === null; });
      if (names.length < 2 || empty.length !== 1) {
        return;
      }
      var rest = parseInt(line.dataset.total, 10);
      names.forEach(function (name) {
        if (seats[name].chosen !== null) {
          rest -= seats[name].chosen;
        }
      });
      var button = seats[empty[0]].inputs.find(function (input) { return parseInt(input.value, 10) === rest; });
      if (button) {
        button.checked = true;
        filled = true;
      }
    });
    return filled;
  }

  // The entry in words: the game's own ("2♦ by Sara"), from the preview of this very entry when there is one,
  // else the form's labels and values.
  function entryText(form, fields) {
    var shown = form.querySelector("#preview [data-short]");
    var previewed = form.dataset.previewed;
    return shown && previewed === JSON.stringify(entryFields(fields)) ? shown.dataset.short : describe(form, fields);
  }

  function keepDraft() {
    var form = entryForm();
    if (form) {
      var fields = fieldsOf(form);
      keep(sessionStorage, draftName(form), {
        number: formNumber(form),
        key: fieldValue(fields, "key"),
        fields: fields,
        text: entryText(form, fields),
      });
    }
  }

  // Which entry the preview shown is of (the fields it was asked with), so its words are never of another.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = dealForm();
    if (form && event.detail.elt && event.detail.elt.id === "preview") {
      event.detail.elt.dataset.asked = JSON.stringify(entryFields(fieldsOf(form)));
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var form = dealForm();
    if (form && event.detail.elt && event.detail.elt.id === "preview") {
      form.dataset.previewed = event.detail.elt.dataset.asked || "";
      keepDraft();
    }
  });

  function forgetDraft(form) {
    keep(sessionStorage, draftName(form || dealForm()), null);
  }

  document.addEventListener("input", function (event) {
    if (event.target.closest("#deal-form, #first-form")) {
      keepDraft();
    }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#deal-form, #first-form");
    if (form) {
      // Save waits only for the preview of this very entry: a preview of an earlier tap never holds it back.
      var save = form.querySelector("#save-deal");
      if (save) {
        save.disabled = false;
      }
      if (fillLastSeat(form) && window.htmx) {
        window.htmx.trigger(form, "change"); // the preview, of the entry with the seat filled in
      }
      keepDraft();
    }
  });

  // ------------------------------------------------------------------ the outbox (deals kept offline)

  function outbox() {
    var id = matchId();
    return id ? load(localStorage, "outbox:" + id, []) : [];
  }

  function keepOutbox(items) {
    keep(localStorage, "outbox:" + matchId(), items);
    showOutbox();
  }

  function button(text, action, index, secondary) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.dataset.outbox = action;
    b.dataset.index = String(index);
    if (secondary) {
      b.className = "secondary outline";
    }
    return b;
  }

  function savedDealText(number) {
    var row = document.getElementById("deal-" + number);
    var summary = row && row.querySelector("summary");
    return summary ? summary.textContent.trim() : "";
  }

  function showOutbox() {
    var section = document.getElementById("outbox");
    if (!section) {
      return;
    }
    var items = outbox();
    section.hidden = items.length === 0;
    var parts = [];
    items.forEach(function (item, index) {
      var card = document.createElement("article");
      card.className = "outbox-item " + item.state;
      card.dataset.testid = "outbox-" + item.state;
      var head = document.createElement("p");
      var body = document.createElement("p");
      body.textContent = t("Your entry: %(entry)s", { entry: item.text || t("(no details)") });
      var actions = document.createElement("p");
      actions.className = "outbox-actions";
      if (item.state === "conflict") {
        var other = savedDealText(item.number);
        head.innerHTML = "";
        var strong = document.createElement("strong");
        strong.textContent = t("Deal %(number)s was saved from another phone", { number: item.number });
        head.appendChild(strong);
        head.appendChild(document.createTextNode(other ? ": " + other + "." : "."));
        var form = dealForm();
        var next = formNumber(form);
        // Most often both phones recorded the same deal: keeping the saved one is the first choice.
        actions.appendChild(button(t("Keep the saved deal"), "discard", index));
        if (item.revision) {
          actions.appendChild(button(t("Replace deal %(number)s with mine", { number: item.number }), "replace", index, true));
        }
        if (next) {
          actions.appendChild(button(t("Save mine as deal %(number)s", { number: next }), "renumber", index, true));
        } else {
          var over = document.createElement("span");
          over.textContent = " " + t("The match is over: yours cannot be added.");
          actions.appendChild(over);
        }
      } else {
        var strongW = document.createElement("strong");
        strongW.textContent = t("Deal %(number)s is waiting to be sent", { number: item.number });
        head.appendChild(strongW);
        head.appendChild(document.createTextNode(": " + (item.error
          ? t("it is kept on this phone and sent by itself when the connection comes back (%(reason)s).", { reason: item.error })
          : t("it is kept on this phone and sent by itself when the connection comes back."))));
        actions.appendChild(button(t("Send now"), "send", index));
        actions.appendChild(button(t("Discard it"), "discard", index, true));
      }
      card.append(head, body, actions);
      parts.push(card);
    });
    section.replaceChildren.apply(section, parts);
  }

  function queue(form) {
    var fields = fieldsOf(form);
    var number = formNumber(form);
    var items = outbox();
    items.push({ number: number, key: fieldValue(fields, "key"), fields: fields, text: entryText(form, fields), state: "waiting", error: t("no connection") });
    keepOutbox(items);
    forgetDraft();
    if (form.dataset.step === "rest") {
      // The next deal starts with its first step, which only the server takes: the form waits for it.
      form.closest("section").hidden = true;
      say(noticeRegion(), t("No connection: deal %(number)s is kept on this phone and will be sent when the " +
          "connection comes back; the next deal can be entered then.", { number: number }), "warning");
      bringIntoView(document.getElementById("outbox"));
      return;
    }
    form.reset();
    form.querySelector("input[name=key]").value = newKey();
    setFormNumber(form, number + 1);
    var preview = document.getElementById("preview");
    if (preview) {
      preview.replaceChildren();
    }
    say(form.querySelector("[data-save-status]"),
        t("No connection: deal %(number)s is kept on this phone and will be sent when the connection comes back.", { number: number }),
        "warning");
    bringIntoView(document.getElementById("outbox"));
  }

  var sending = false;

  // A request of the outbox's own (a deal kept on this phone, a deal replaced): htmx.ajax from the outbox, so
  // that the answer is swapped, its events fired and its failures told as for any other request; ``done`` gets
  // the answer's status (0: no answer at all).
  function post(url, fields, done) {
    var source = document.getElementById("outbox");
    var values = {};
    fields.forEach(function (pair) {
      values[pair[0]] = pair[1];
    });
    source.addEventListener("htmx:afterRequest", function answered(event) {
      source.removeEventListener("htmx:afterRequest", answered);
      done(event.detail.xhr ? event.detail.xhr.status : 0);
    });
    window.htmx.ajax("POST", url, { source: source, target: "#entry", swap: "outerHTML", values: values });
  }

  function send() {
    var items = outbox();
    var index = items.findIndex(function (item) { return item.state === "waiting"; });
    var form = dealForm();
    if (sending || index < 0 || !matchId() || !window.htmx) {
      return;
    }
    var item = items[index];
    var fields = item.fields.map(function (pair) {
      return pair[0] === "number" ? ["number", String(item.number)] : pair;
    });
    sending = true;
    post((form && form.getAttribute("hx-post")) || "/matches/" + matchId() + "/deals/", fields, function (status) {
      sending = false;
      if (status === 200 || status === 422) {
        keepOutbox(outbox().filter(function (other) { return other.key !== item.key; }));
        if (status === 422) {
          if (dealForm()) {
            fill(dealForm(), item.fields);
          }
          say(noticeRegion(), t("Deal %(number)s kept on this phone was refused: it is back in the form, see why there.", { number: item.number }));
        }
        send();
      } else if (status === 409) {
        var now = outbox();
        now.forEach(function (other) {
          if (other.key === item.key) {
            other.state = "conflict";
          }
        });
        keepOutbox(now);
        bringIntoView(noticeRegion());
      } else if (status === 0) {
        markError(t("no connection"));
      } else if (status !== 401 && status !== 403) { // those go to the log-in page (htmx:responseError)
        markError(t("the server answered %(status)s", { status: status }));
      }
    });
  }

  // "Replace deal N with mine": this phone's entry over the saved one, as an edit of the revision shown.
  function replace(item) {
    var fields = entryFields(item.fields).concat([["revision", String(item.revision)], ["replace", String(item.number)]]);
    post("/matches/" + matchId() + "/deals/" + item.number + "/edit/", fields, function (status) {
      if (status === 200) {
        keepOutbox(outbox().filter(function (other) { return other.key !== item.key; }));
        renumber();
      } else if (status === 422) {
        keepOutbox(outbox()); // the notice says why; the choice stays
      }
    });
  }

  function markError(text) {
    var items = outbox();
    items.forEach(function (item) {
      if (item.state === "waiting") {
        item.error = text;
      }
    });
    keepOutbox(items);
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest("[data-outbox]");
    if (!b) {
      return;
    }
    var items = outbox();
    var index = parseInt(b.dataset.index, 10);
    var item = items[index];
    if (!item) {
      return;
    }
    if (b.dataset.outbox === "discard") {
      items.splice(index, 1);
      keepOutbox(items);
      say(noticeRegion(), t("Your entry for deal %(number)s was discarded.", { number: item.number }), "info");
      renumber();
    } else if (b.dataset.outbox === "replace") {
      replace(item);
    } else if (b.dataset.outbox === "renumber") {
      item.number = formNumber(dealForm());
      item.state = "waiting";
      item.error = "";
      keepOutbox(items);
      renumber();
      send();
    } else {
      send();
    }
  });

  // Waiting deals follow each other: after a conflict is settled they take the next numbers.
  function renumber() {
    var form = dealForm();
    var next = formNumber(form);
    if (!next) {
      return;
    }
    var items = outbox();
    items.forEach(function (item) {
      if (item.state === "waiting" && item.number < next) {
        item.number = next;
      }
      if (item.state === "waiting") {
        next = item.number + 1;
      }
    });
    keepOutbox(items);
    setFormNumber(form, next);
  }

  window.addEventListener("online", send);
  window.setInterval(function () {
    if (navigator.onLine !== false) {
      send();
    }
  }, 20000);

  // ------------------------------------------------------------------ confirmations and disputes kept offline

  // Each Confirm and Dispute form of the confirmation panel carries its own key (made here), so that one sent
  // again (a retry, one kept with no connection) is recorded once (scoring/table.py). A tap with no connection
  // is kept in localStorage, said on its deal in the panel, and sent by itself like a deal kept on the phone:
  // when the connection comes back, after any answer of the panel's poll, every 20 s and on page load.

  function answers() {
    var id = matchId();
    return id ? load(localStorage, "answers:" + id, []) : [];
  }

  function keepAnswers(items) {
    keep(localStorage, "answers:" + matchId(), items);
    showAnswers();
  }

  function keyPendingForms() {
    document.querySelectorAll("#table-pending input[name=key]").forEach(function (input) {
      if (!input.value) {
        input.value = newKey();
      }
    });
  }

  // Each kept answer said on its deal, whose buttons it replaces (the panel is drawn again by every poll).
  function showAnswers() {
    keyPendingForms();
    var panel = document.getElementById("table-pending");
    if (!panel) {
      return;
    }
    panel.querySelectorAll("[data-answer-kept]").forEach(function (line) { line.remove(); });
    answers().forEach(function (item) {
      var row = document.getElementById("pending-" + item.number);
      var line = document.createElement("p");
      line.className = "message warning";
      line.dataset.answerKept = "";
      line.dataset.testid = "kept-" + item.number;
      line.textContent = item.kind === "dispute"
        ? t("No connection: your dispute of deal %(number)s is kept on this phone and sent by itself when the connection comes back.", { number: item.number })
        : t("No connection: your confirmation of deal %(number)s is kept on this phone and sent by itself when the connection comes back.", { number: item.number });
      if (row) {
        var actions = row.querySelector(".pending-actions");
        if (actions) {
          actions.hidden = true;
        }
        row.appendChild(line);
      } else {
        panel.querySelector("h2").after(line);
      }
    });
  }

  function keepAnswer(form) {
    var fields = fieldsOf(form);
    var items = answers();
    var key = fieldValue(fields, "key");
    if (!items.some(function (item) { return item.key === key; })) {
      items.push({
        url: form.getAttribute("hx-post"),
        kind: fieldValue(fields, "reason") === null ? "confirm" : "dispute",
        number: parseInt(form.closest(".pending-deal").id.replace("pending-", ""), 10),
        // Without the panel's version: the answer then brings the sheet as it is by then.
        fields: fields.filter(function (pair) { return pair[0] !== "version"; }),
        key: key,
      });
    }
    keepAnswers(items);
  }

  var answering = false;

  // The first kept answer, then the next: swapped into the panel like a tap's answer, which says what it did.
  function sendAnswers() {
    var items = answers();
    var panel = document.getElementById("table-pending");
    if (answering || !items.length || !panel || !window.htmx) {
      return;
    }
    var item = items[0];
    var values = {};
    item.fields.forEach(function (pair) {
      values[pair[0]] = pair[1];
    });
    answering = true;
    panel.addEventListener("htmx:afterRequest", function answered(event) {
      panel.removeEventListener("htmx:afterRequest", answered);
      answering = false;
      var status = event.detail.xhr ? event.detail.xhr.status : 0;
      if (status === 0) {
        return; // still no connection: kept, tried again later
      }
      // Recorded (once only, by its key), or refused with the reason in the panel (409, 422): done either way.
      keepAnswers(answers().filter(function (other) { return other.key !== item.key; }));
      sendAnswers();
    });
    window.htmx.ajax("POST", item.url, { source: panel, target: "#table-pending", swap: "outerHTML", values: values });
  }

  window.addEventListener("online", sendAnswers);
  window.setInterval(function () {
    if (navigator.onLine !== false) {
      sendAnswers();
    }
  }, 20000);
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table-pending") {
      showAnswers();
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (event.detail.successful && elt && elt.id === "table-pending") {
      sendAnswers(); // the panel's poll got through: so can what was kept
    }
  });

  // ------------------------------------------------------------------ the server's answers

  // Another phone's deal replaced by this phone's entry (the conflict's choice): the next entry, as after a save.
  document.body.addEventListener("deal-replaced", function () {
    prepareForm();
    showOutbox();
    bringIntoView(noticeRegion());
    var form = entryForm();
    focusWithoutScroll(form && form.querySelector("input:not([type=hidden]), select, textarea"));
  });

  document.body.addEventListener("deal-saved", function (event) {
    var number = event.detail && event.detail.number;
    var draft = load(sessionStorage, "draft:" + matchId(), null);
    if (draft && draft.number === number) {
      forgetDraft();
    }
    prepareForm();
    showOutbox();
    var banner = document.getElementById("winner-banner");
    if (banner) {
      bringIntoView(banner);
      focusWithoutScroll(banner);
      return;
    }
    bringIntoView(noticeRegion());
    var form = entryForm();
    focusWithoutScroll(form && form.querySelector("input:not([type=hidden]), select, textarea"));
  });

  // The first step of a deal saved: the rest of the deal is asked for next.
  document.body.addEventListener("first-saved", function () {
    forgetDraft({ id: "first-form" });
    prepareForm();
    bringIntoView(noticeRegion());
    var form = entryForm();
    focusWithoutScroll(form && form.querySelector("input:not([type=hidden]), select, textarea"));
  });

  // Another phone changed the first step meanwhile: the notice says what it reads now, and what this phone
  // entered, in words; what was tapped for the rest of the deal is put back beside the new first step.
  document.body.addEventListener("first-conflict", function (event) {
    forgetDraft({ id: "first-form" });
    var draft = load(sessionStorage, draftName(dealForm()), null);
    if (dealForm() && draft && event.detail && draft.number === event.detail.number) {
      fill(dealForm(), draft.fields); // hidden fields (the first step) stay as the server drew them
    }
    prepareForm();
    bringIntoView(noticeRegion());
    focusWithoutScroll(noticeRegion().firstElementChild);
  });

  document.body.addEventListener("deal-conflict", function (event) {
    var number = event.detail && event.detail.number;
    var draft = load(sessionStorage, "draft:" + matchId(), null);
    var items = outbox();
    if (draft && number && draft.number === number) {
      // Not dropped silently: shown beside the other phone's deal, for the player to choose.
      if (!items.some(function (item) { return item.key === draft.key; })) {
        items.push({ number: number, key: draft.key, fields: draft.fields, text: draft.text, state: "conflict" });
      }
      forgetDraft();
    }
    // The saved deal's revision, for "Replace deal N with mine" (a deal kept on this phone too).
    items.forEach(function (item) {
      if (item.state === "conflict" && item.number === number && event.detail.revision) {
        item.revision = event.detail.revision;
      }
    });
    keepOutbox(items);
    prepareForm();
    bringIntoView(noticeRegion());
    focusWithoutScroll(noticeRegion().firstElementChild);
  });

  document.body.addEventListener("deal-refused", function () {
    prepareForm();
    var form = entryForm();
    var first = form && (form.querySelector("[aria-invalid=true]") || form.querySelector("[role=alert]"));
    if (first) {
      first.scrollIntoView({ block: "center", behavior: "instant" });
      focusWithoutScroll(first);
    }
  });

  // ------------------------------------------------------------------ failures, the same way everywhere

  var navigating = false;

  function goToLogIn() {
    // A full navigation to this page: the log-in page when the session is gone, and back here after it.
    keepDraft();
    if (!navigating) {
      navigating = true;
      window.location.assign(window.location.href);
    }
  }

  function isRuleDialog(detail) {
    return detail && detail.target && detail.target.id === "rule-dialog-body"; // static/js/rules.js
  }

  // A line beside the element whose request failed (its form's status line if it has one).
  function statusFor(elt) {
    var form = elt.closest("form") || elt;
    var own = form.querySelector("[data-save-status]");
    if (own) {
      return own;
    }
    var id = "status-for-" + (form.id || elt.id || "request");
    var line = document.getElementById(id);
    if (!line) {
      line = document.createElement("div");
      line.id = id;
      line.className = "request-status";
      line.setAttribute("role", "status");
      form.insertAdjacentElement("afterend", line);
    }
    return line;
  }

  function retryButton(region, elt) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary small";
    b.textContent = t("Try again");
    b.addEventListener("click", function () {
      region.replaceChildren();
      if (elt.tagName === "FORM") {
        elt.requestSubmit();
      } else {
        window.htmx.trigger(elt, elt.getAttribute("hx-trigger") ? "change" : "click");
      }
    });
    region.appendChild(b);
  }

  function failed(event, text) {
    var elt = event.detail.elt;
    if (!elt || isRuleDialog(event.detail)) {
      return;
    }
    if (elt.id === "outbox") {
      return; // the outbox says it on the deal itself (markError)
    }
    if (elt.id === "preview") {
      say(elt, t("%(reason)s: no preview for now. You can still save; with no connection the deal is kept on this phone.", { reason: text }));
      var save = document.getElementById("save-deal");
      if (save) {
        save.disabled = false; // a preview that never came cannot hold Save back
      }
      return;
    }
    var region = statusFor(elt);
    say(region, elt.id === "deal-form" ? t("Deal %(number)s not saved: %(reason)s. What you entered is still here.", { number: formNumber(elt), reason: text })
      : elt.dataset.name ? t("%(name)s not saved: %(reason)s. What you entered is still here.", { name: elt.dataset.name, reason: text })
      : elt.id === "live" || elt.id === "table-pending" ? t("The sheet could not be updated: %(reason)s. It tries again by itself.", { reason: text })
      : t("Not done: %(reason)s. What you entered is still here.", { reason: text }));
    if (elt.id === "deal-form" && window.htmx) {
      window.htmx.trigger(elt, "change"); // the preview of what is still there (the save cut it short)
    }
    if (elt.id === "live" || elt.id === "table-pending") {
      return;
    }
    retryButton(region, elt);
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "deal-form") {
      queue(elt);
      return;
    }
    if (elt && elt.tagName === "FORM" && elt.closest("#table-pending")) {
      keepAnswer(elt);
      return;
    }
    failed(event, t("no connection"));
  });

  document.addEventListener("htmx:timeout", function (event) {
    failed(event, t("the server did not answer in time"));
  });

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 401 || status === 403) {
      if (!isRuleDialog(event.detail)) {
        goToLogIn();
      }
      return;
    }
    failed(event, t(status >= 500 ? "the server failed (error %(status)s)" : "the server refused it (error %(status)s)", { status: status }));
  });

  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt && (event.detail.elt.id === "deal-form" || event.detail.elt.id === "first-form")) {
      // A save makes any preview still on its way moot. (Previews themselves queue on #preview,
      // the newest last, so the preview shown is always of the last tap.)
      var pending = document.getElementById("preview");
      if (pending && window.htmx) {
        window.htmx.trigger(pending, "htmx:abort");
      }
      keepDraft();
      var region = event.detail.elt.querySelector("[data-save-status]");
      if (region) {
        region.replaceChildren();
      }
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    // A later request that went through clears the line its failure left.
    var elt = event.detail.elt;
    if (event.detail.successful && elt) {
      var line = document.getElementById("status-for-" + ((elt.closest("form") || elt).id || elt.id || "request"));
      if (line) {
        line.replaceChildren();
      }
    }
  });

  // ------------------------------------------------------------------ keep the screen on

  function wakeLock() {
    var label = document.querySelector("[data-wake-lock]");
    if (!label || !("wakeLock" in navigator)) {
      return;
    }
    var box = label.querySelector("input");
    var note = document.createElement("small");
    note.setAttribute("role", "status");
    label.after(note);
    var lock = null;
    label.hidden = false;
    box.checked = load(localStorage, "wake-lock", false) === true;

    function acquire() {
      if (!box.checked || document.visibilityState !== "visible" || lock) {
        return;
      }
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        note.textContent = "";
        sentinel.addEventListener("release", function () { lock = null; });
      }).catch(function (error) {
        note.textContent = t("The screen cannot be kept on here (%(error)s).", { error: error.name });
      });
    }

    box.addEventListener("change", function () {
      keep(localStorage, "wake-lock", box.checked ? true : null);
      if (box.checked) {
        acquire();
      } else if (lock) {
        lock.release();
        lock = null;
        note.textContent = "";
      }
    });
    document.addEventListener("visibilitychange", acquire);
    acquire();
  }

  // ------------------------------------------------------------------ offline shell

  function serviceWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      return;
    }
    navigator.serviceWorker.register("/sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [];
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest], link[rel=icon]").forEach(function (el) {
        urls.push(el.src || el.href);
      });
      if (matchId()) {
        urls.push(location.href.split("#")[0]);
      }
      if (registration.active) {
        // The worker's own page for no connection, in this page's language.
        var words = { lang: document.documentElement.lang, title: t("No connection"), text: t("No connection, and this page was not kept on this phone.") };
        registration.active.postMessage({ type: "keep", urls: urls, words: words });
      }
    }).catch(function () {
      // Without the worker the page works online as before.
    });
    document.addEventListener("submit", function (event) {
      var action = event.target.getAttribute("action") || "";
      if (/\/accounts\/logout\/$/.test(action) && navigator.serviceWorker.controller) {
        navigator.serviceWorker.controller.postMessage({ type: "forget" }); // no match page kept after log-out
      }
    });
  }

  prepareForm(true);
  showOutbox();
  showAnswers();
  wakeLock();
  serviceWorker();
  send();
  sendAnswers();
})();
