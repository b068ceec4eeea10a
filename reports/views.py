"""Match reports: the page, its PDF, the CSV of the deals, and importing a match file.

The owner reaches them from the match page; anyone with the share link reaches the
read-only report, PDF and CSV through the share token.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods, require_safe

from reports.sheet import csv_text, report_context
from scoring.core.base import EntryError
from scoring.core.match import score_document
from scoring.forms import ImportForm
from scoring.models import Match
from scoring.services import create_match

MAX_IMPORT_BYTES = 1_000_000


def _owned(request: HttpRequest, match_id: int) -> Match:
    return get_object_or_404(Match.objects.for_user(request.user), pk=match_id)


def _shared(token: str) -> Match:
    return get_object_or_404(Match, share_token=token)


def _report(request: HttpRequest, match: Match, *, shared: bool) -> HttpResponse:
    context = report_context(match)
    context.update(shared=shared, paper=_paper(request))
    return render(request, "reports/report.html", context)


def _paper(request: HttpRequest) -> str:
    return "letter" if request.GET.get("paper") == "letter" else "a4"


def _static_fetcher() -> Any:
    """A WeasyPrint fetcher that serves our static files from disk and fetches nothing else."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    prefix = "/" + settings.STATIC_URL.lstrip("/")

    class StaticFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            path = urlparse(url).path
            found = finders.find(path.removeprefix(prefix)) if path.startswith(prefix) else None
            if not found:
                raise ValueError(f"not fetched: {url}")
            with open(str(found), "rb") as handle:
                return URLFetcherResponse(url, body=handle.read(), headers={"Content-Type": "text/css"})

    return StaticFetcher()


def render_pdf(request: HttpRequest | None, match: Match, paper: str = "a4") -> bytes:
    from weasyprint import HTML

    context = report_context(match)
    context.update(shared=True, paper=paper, pdf=True)
    html = render_to_string("reports/report_pdf.html", context, request=request)
    return HTML(string=html, base_url="http://trickbook.invalid/", url_fetcher=_static_fetcher()).write_pdf()


def _pdf(request: HttpRequest, match: Match) -> HttpResponse:
    response = HttpResponse(render_pdf(request, match, _paper(request)), content_type="application/pdf")
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


@login_required
@require_safe
def report_pdf(request: HttpRequest, match_id: int) -> HttpResponse:
    return _pdf(request, _owned(request, match_id))


@login_required
@require_safe
def report_csv(request: HttpRequest, match_id: int) -> HttpResponse:
    return _csv(_owned(request, match_id))


@require_safe
def shared_report(request: HttpRequest, token: str) -> HttpResponse:
    return _report(request, _shared(token), shared=True)


@require_safe
def shared_report_pdf(request: HttpRequest, token: str) -> HttpResponse:
    return _pdf(request, _shared(token))


@require_safe
def shared_report_csv(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(_shared(token))


@login_required
@require_http_methods(["GET", "POST"])
def import_match(request: HttpRequest) -> HttpResponse:
    """Upload a match file: the same totals, winner and flags, or a located error and nothing created."""
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    error = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            error = f"file: a match file is at most {MAX_IMPORT_BYTES // 1000} kB (match-file)"
        else:
            try:
                result = score_document(upload.read().decode("utf-8"))
            except UnicodeDecodeError:
                error = "file: a match file is UTF-8 JSON text (match-file)"
            except EntryError as problem:
                error = str(problem)
            else:
                match = create_match(owner=request.user, match_file=result.match)
                messages.success(request, f"Imported {match.name}: {len(result.deals)} deals.")
                return redirect("match", match_id=match.pk)
    status = 422 if error or form.errors else 200
    return render(request, "reports/import.html", {"form": form, "error": error}, status=status)
