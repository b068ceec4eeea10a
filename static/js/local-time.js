/*
 * Times in the reader's own zone. The server writes each moment in UTC (or the zone asked for), named, in a
 * <time data-local-time datetime="..."> element (templates/_includes/time.html); this rewrites it in the
 * browser's zone with the zone's short name ("30 Nov 2026, 13:59 CET"), and passes that zone to the PDF
 * links ([data-tz-link]) as ?tz=, so the PDF prints the same times. Without JavaScript the page reads in UTC, and so does the PDF.
 */
(function () {
  "use strict";

  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (_error) {
    return;
  }
  if (!zone) {
    return;
  }
  // The page's language (<html lang>), English written the British way as before.
  var lang = document.documentElement.lang;
  var format = new Intl.DateTimeFormat(!lang || lang === "en" ? "en-GB" : lang, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });

  function localise() {
    document.querySelectorAll("time[data-local-time]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (!Number.isNaN(moment.getTime())) {
        element.textContent = format.format(moment);
        element.title = zone;
      }
    });
    document.querySelectorAll("a[data-tz-link]").forEach(function (link) {
      var url = new URL(link.getAttribute("href"), document.baseURI);
      url.searchParams.set("tz", zone);
      link.setAttribute("href", url.pathname + url.search);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", localise);
  } else {
    localise();
  }
})();
