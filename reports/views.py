"""Match reports: the page, its PDF, the CSV of the deals, and importing a match file.

The owner reaches them from the match page; anyone with the share link reaches the
read-only report, PDF and CSV through the share token.
"""

from __future__ import annotations

import ipaddress
import re
import threading
from datetime import UTC, tzinfo
from functools import cache
from typing import Any
from urllib.parse import urlparse
from zoneinfo import ZoneInfo, available_timezones

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe
from django_ratelimit.decorators import ratelimit

from referee.core.games import HAND_FILE_GAMES
from referee.core.replay import replay_document
from referee.core.verdict import RecordError
from reports.sheet import csv_text, report_context
from reports.uploads import CappedMemoryUpload
from scoring.client import client_address
from scoring.core.base import EntryError
from scoring.core.match import load_json, score_document
from scoring.forms import ImportForm
from scoring.models import Match
from scoring.services import create_match
from scoring.table import import_table_file, read_table_file

SHARE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_IMPORT_BYTES = 1_000_000
# Room in an import request for what is not the file: the CSRF token, the multipart boundaries and
# part headers (a long file name included).
IMPORT_FORM_OVERHEAD = 16_000
# A PDF costs a worker about 1.2 s of CPU (make bench): a client address may fetch 10 a minute (owner's and
# shared ones together), and all the holders of one share link 30 a minute, from however many
# addresses. Settings of the same names override them (read per request, so tests can lower them).
PDF_RATE_PER_ADDRESS = "10/m"
PDF_RATE_PER_SHARE_LINK = "30/m"


# Each error about the upload names its field ("file:") and the rule (match-file), which no language changes.


def _too_large() -> str:
    words = _("a match file is at most %(size)s kB") % {"size": number_format(MAX_IMPORT_BYTES // 1000)}
    return f"file: {words} (match-file)"


def _bad_zone() -> str:
    return "tz: " + _("not a time zone; give an IANA name such as Europe/Berlin, or leave it out for UTC")


def _owned(request: HttpRequest, match_id: int) -> Match:
    return get_object_or_404(Match.objects.for_user(request.user), pk=match_id)


def _shared(token: str) -> Match:
    # A share token is URL-safe base64 (scoring.models.new_share_token); anything else is not
    # looked up at all (PostgreSQL refuses a NUL in a query: a server error, not a 404).
    if not SHARE_TOKEN.fullmatch(token):
        raise Http404(_("No such share link."))
    return get_object_or_404(Match, share_token=token)


def _report(request: HttpRequest, match: Match, *, shared: bool) -> HttpResponse:
    context = report_context(match, shared=shared)
    # The page is written in UTC, each time named; static/js/local-time.js shows it in the reader's zone.
    context.update(shared=shared, paper=_paper(request), zone=UTC, rule_links=True)
    return render(request, "reports/report.html", context)


def _paper(request: HttpRequest) -> str:
    return "letter" if request.GET.get("paper") == "letter" else "a4"


@cache
def _zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def _zone(request: HttpRequest) -> ZoneInfo | None:
    """The zone a PDF prints its times in: ``?tz=`` (an IANA name such as Europe/Berlin, which the report
    page passes on from the reader's browser), else UTC. None for a name zoneinfo does not know."""
    name = request.GET.get("tz") or "UTC"
    if name == "UTC":
        return UTC
    return ZoneInfo(name) if name in _zone_names() else None


def _static_fetcher() -> Any:
    """A WeasyPrint fetcher that serves our static files from disk and fetches nothing else."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    prefix = "/" + settings.STATIC_URL.lstrip("/")

    class StaticFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            path = urlparse(url).path
            found = _static_file(path.removeprefix(prefix)) if path.startswith(prefix) else None
            if not found:
                raise ValueError(f"not fetched: {url}")
            with open(str(found), "rb") as handle:
                return URLFetcherResponse(url, body=handle.read(), headers={"Content-Type": "text/css"})

    return StaticFetcher()


def _static_file(name: str) -> str | None:
    """The file on disk of a static file's name as ``{% static %}`` writes it: the source file, or in
    production, where the manifest storage names each file by its hash (``css/report.0123abcdef12.css``),
    the copy collectstatic made under that name. Without the latter the production PDF had no stylesheet
    (A4 only, no fixed table layout) and no Devanagari font."""
    found = finders.find(name)
    if found:
        return str(found)
    if staticfiles_storage.exists(name):
        return str(staticfiles_storage.path(name))
    return None


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def page_footer() -> SafeString:
    """The PDF's "Page 2 of 5" as a CSS ``content`` value in the active language: the translated words as
    strings around the page counters (``"Page " counter(page) " of " counter(pages)``)."""
    marker = "\x00"
    words = _("Page %(page)s of %(pages)s") % {"page": f"{marker}page{marker}", "pages": f"{marker}pages{marker}"}
    parts = words.split(marker)  # words, counter name, words, counter name, words
    css = [f"counter({part})" if index % 2 else _css_string(part) for index, part in enumerate(parts)]
    return mark_safe(" ".join(part for part in css if part != '""'))  # each text part quoted and escaped above


def pdf_document(
    request: HttpRequest | None, match: Match, paper: str = "a4", zone: tzinfo = UTC, *, shared: bool = True
) -> Any:
    """The report laid out in pages for the PDF (a WeasyPrint Document): the owner's names whoever made a
    correction as the owner's report page does, a share link's as the share link's page does ("owner")."""
    # A long match's last deals only (reports.sheet.PDF_DEALS). The PDF has no links to the owner's pages,
    # which a reader of the paper cannot follow: its template reads as the share link's.
    context = report_context(match, shared=shared, pdf=True)
    context.update(shared=True, paper=paper, pdf=True, zone=zone, page_footer=page_footer())
    return html_document(render_to_string("reports/report_pdf.html", context, request=request))


def html_document(html: str) -> Any:
    """A page of ours laid out by WeasyPrint (a Document): our static files from disk, nothing fetched from
    elsewhere, and this thread's fonts. The match report's PDF and a club night's results both print through it."""
    from weasyprint import HTML

    document = HTML(string=html, base_url="http://trickbook.invalid/", url_fetcher=_static_fetcher())
    return document.render(font_config=_font_config())


def render_pdf(
    request: HttpRequest | None, match: Match, paper: str = "a4", zone: tzinfo = UTC, *, shared: bool = True
) -> bytes:
    return pdf_document(request, match, paper, zone, shared=shared).write_pdf()


_fonts = threading.local()


def _font_config() -> Any:
    """This thread's WeasyPrint font configuration, kept from one PDF to the next: a new one per PDF loaded
    the fonts again (fontconfig's list, each face Pango opens, the @font-face files of report_pdf.html).
    One per thread, as Pango's font maps are not shared between threads."""
    from weasyprint.text.fonts import FontConfiguration

    config = getattr(_fonts, "config", None)
    if config is None:
        config = _fonts.config = FontConfiguration()
    return config


def _pdf(request: HttpRequest, match: Match, *, shared: bool) -> HttpResponse:
    zone = _zone(request)
    if zone is None:
        return HttpResponse(_bad_zone(), status=400, content_type="text/plain; charset=utf-8")
    pdf = render_pdf(request, match, _paper(request), zone, shared=shared)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{match.file_name("pdf")}"'
    return response


def _csv(match: Match) -> HttpResponse:
    body = "\ufeff" + csv_text(match, match.evaluate())  # the BOM makes spreadsheets read UTF-8
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.file_name("csv")}"'
    return response


@login_required
@require_safe
def report(request: HttpRequest, match_id: int) -> HttpResponse:
    return _report(request, _owned(request, match_id), shared=False)


def _address_key(group: str, request: HttpRequest) -> str:
    """The client's address (scoring/client.py), an IPv6 one as its /64 network as django-ratelimit
    counts it; anything that is not an address (no proxy header, a bad one) is counted as it is."""
    address = client_address(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    prefix = 64 if parsed.version == 6 else 32
    return str(ipaddress.ip_network(f"{parsed}/{prefix}", strict=False).network_address)


def _share_link_key(group: str, request: HttpRequest) -> str:
    return str(request.resolver_match.kwargs["token"]) if request.resolver_match else ""


def _pdf_rate_per_address(group: str, request: HttpRequest) -> str:
    return str(getattr(settings, "PDF_RATE_PER_ADDRESS", PDF_RATE_PER_ADDRESS))


def _pdf_rate_per_share_link(group: str, request: HttpRequest) -> str:
    return str(getattr(settings, "PDF_RATE_PER_SHARE_LINK", PDF_RATE_PER_SHARE_LINK))


@login_required
@require_safe
@ratelimit(group="reports.pdf", key=_address_key, rate=_pdf_rate_per_address, block=True)
def report_pdf(request: HttpRequest, match_id: int) -> HttpResponse:
    return _pdf(request, _owned(request, match_id), shared=False)


@login_required
@require_safe
def report_csv(request: HttpRequest, match_id: int) -> HttpResponse:
    return _csv(_owned(request, match_id))


def _pbn(match: Match) -> HttpResponse:
    """The match as PBN, one board a deal (referee.formats.export.match_pbn), for a game PBN holds; else 404."""
    if match.game != HAND_FILE_GAMES["pbn"]:
        raise Http404(_("Only a match of a game PBN holds can be written as PBN."))
    hands = {}
    for hand in match.contested_hands.filter(deal_number__isnull=False).order_by("updated"):
        try:
            hands[hand.deal_number] = (hand.record, replay_document(hand.record)[1])  # the last one kept wins
        except RecordError:
            continue  # a hand not fully recorded yet: the board has no Deal
    from referee.formats.export import match_pbn  # loads endplay: only where a file is written

    body = match_pbn(match.evaluate(), name=match.name, date=match.created.strftime("%Y.%m.%d"), hands=hands)
    response = HttpResponse(body.encode("utf-8"), content_type="application/x-pbn")
    response["Content-Disposition"] = f'attachment; filename="{match.file_name("pbn")}"'
    return response


@login_required
@require_safe
def report_pbn(request: HttpRequest, match_id: int) -> HttpResponse:
    return _pbn(_owned(request, match_id))


@require_safe
def shared_report_pbn(request: HttpRequest, token: str) -> HttpResponse:
    return _pbn(_shared(token))


@require_safe
def shared_report(request: HttpRequest, token: str) -> HttpResponse:
    return _report(request, _shared(token), shared=True)


@require_safe
@ratelimit(group="reports.pdf", key=_address_key, rate=_pdf_rate_per_address, block=True)
@ratelimit(group="reports.shared_pdf", key=_share_link_key, rate=_pdf_rate_per_share_link, block=True)
def shared_report_pdf(request: HttpRequest, token: str) -> HttpResponse:
    return _pdf(request, _shared(token), shared=True)


@require_safe
def shared_report_csv(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(_shared(token))


@login_required
@require_http_methods(["GET", "POST"])
@csrf_exempt  # CSRF is checked in _import_match: its check reads the body, and the size comes first
def import_match(request: HttpRequest) -> HttpResponse:
    """Upload a match file: the same totals, winner and flags, or a located error and nothing created.

    The body is read only when its declared length fits the cap, and then only into memory and up
    to the cap (reports.uploads), so an upload of any size is refused without being stored.
    """
    if request.method == "POST":
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0  # Django reads no body then either
        if declared > MAX_IMPORT_BYTES + IMPORT_FORM_OVERHEAD:
            return _import_page(request, ImportForm(), _too_large(), status=413)
        upload = CappedMemoryUpload(request, MAX_IMPORT_BYTES)
        request.upload_handlers = [upload]
        try:
            request.FILES  # noqa: B018 (parse the body now, under the capped handler)
        except (MultiPartParserError, RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent):
            unread = "file: " + _("the upload could not be read") + " (match-file)"
            return _import_page(request, ImportForm(), unread, status=400)
        if upload.too_large:
            return _import_page(request, ImportForm(), _too_large(), status=413)
    return _import_match(request)


@csrf_protect
def _import_match(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    error = None
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            error = _too_large()
        else:
            try:
                text = upload.read().decode("utf-8")
                result = score_document(text)
                # The record of a match played from every phone, if the file has one (scoring/table.py).
                record = read_table_file(load_json(text), len(result.match.players), len(result.deals))
            except UnicodeDecodeError:
                error = "file: " + _("a match file is UTF-8 JSON text") + " (match-file)"
            except EntryError as problem:
                error = str(problem)
            else:
                match = create_match(owner=request.user, match_file=result.match)
                if record is not None:
                    import_table_file(match=match, table=record)
                count = len(result.deals)
                text = ngettext("Imported %(name)s: %(count)s deal.", "Imported %(name)s: %(count)s deals.", count)
                messages.success(request, text % {"name": match.name, "count": count})

                return redirect("match", match_id=match.pk)
    status = 422 if error or form.errors else 200
    return _import_page(request, form, error, status=status)


def _import_page(request: HttpRequest, form: ImportForm, error: str | None, *, status: int) -> HttpResponse:
    return render(request, "reports/import.html", {"form": form, "error": error}, status=status)
