/*
 * The scripts' words in the page's language (issue 14). templates/base.html gives them as JSON in
 * <meta name="ui-words" content="...">, keyed by each text's English (config/language.py lists the texts
 * for makemessages), so no separate catalogue is fetched. window.trickbookWords(text, values) gives
 * the text in the page's language, or the English it was given when the page has no word for it (every
 * English page), with each %(name)s filled in from ``values``. Loaded before the other scripts.
 */
(function () {
  "use strict";

  var words = null;

  function load() {
    var block = document.querySelector("meta[name=ui-words]");
    try {
      var found = block ? JSON.parse(block.getAttribute("content")) : null;
      return found && typeof found === "object" ? found : {};
    } catch (_error) {
      return {};
    }
  }

  window.trickbookWords = function (text, values) {
    if (words === null) {
      words = load();
    }
    var said = Object.hasOwn(words, text) ? words[text] : text;
    if (!values) {
      return said;
    }
    return said.replace(/%\((\w+)\)s/g, function (whole, name) {
      return Object.hasOwn(values, name) ? String(values[name]) : whole;
    });
  };
})();
