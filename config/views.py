"""Site-wide answers that are not any one app's: rate-limited requests, refused posts (CSRF), and JSON
errors under /api/.

An error about the request itself, not the document in it (too many requests, a body too large,
no such endpoint, a wrong method, a server error), has one shape that readers of either
endpoint's errors understand:
`{"error": {"deal": null, "field": "request", "path": "request", "rule": null, "message": "..."}}`.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus
from urllib.parse import urlsplit

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

RETRY_AFTER_SECONDS = 60
API_PREFIX = "/api/"
# Headers kept when an error answer is rewritten as JSON (its message is in the request's language).
KEPT_HEADERS = ("Allow", "Retry-After", "Content-Language", "Vary")


def api_error(status: int, message: str) -> JsonResponse:
    """The JSON answer to a request the API cannot take, in the request-level error shape."""
    error = {"deal": None, "field": "request", "path": "request", "rule": None, "message": message}
    return JsonResponse({"error": error}, status=status)


def wait_text(seconds: int) -> str:
    """How long to wait, in words, rounded up to whole minutes ("a minute", "15 minutes")."""
    minutes = max(1, -(-seconds // 60))
    return ngettext("a minute", "%(count)s minutes", minutes) % {"count": minutes}


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """429 Too Many Requests: JSON under /api/, a short page elsewhere; both say when to retry."""
    retry_after = int(getattr(exception, "retry_after", RETRY_AFTER_SECONDS))
    wait = wait_text(retry_after)
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = api_error(429, _("Too many requests: wait %(wait)s and try again.") % {"wait": wait})
    else:
        response = render(request, "errors/429.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(retry_after)
    return response


def _page_of(request: HttpRequest) -> str:
    """The page a refused request came from (htmx says it; a form post names it in its Referer), this
    site's own, or the home page."""
    page = (request.htmx.current_url_abs_path if request.htmx else None) or request.headers.get("Referer", "")
    if page and url_has_allowed_host_and_scheme(page, allowed_hosts={request.get_host()}):
        parts = urlsplit(page)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return "/"


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW, in every mode: a post refused because its page's token is no longer valid (the
    session expired, or a log-in elsewhere renewed it). Nothing was saved; what was typed into a deal is
    kept on the phone (static/js/table.js keeps it as it is tapped). From htmx, a full navigation (HX-Redirect)
    to the log-in page when logged out, or to the page itself, renewed; a plain post gets a page that says so."""
    page = _page_of(request)
    if not request.user.is_authenticated:
        page = redirect_to_login(page).url + "&why=expired"
    if request.htmx:
        response = HttpResponse(_("This page had expired: nothing was saved. It is being opened again."), status=403)
        response["HX-Redirect"] = page
        return response
    return render(request, "errors/403_csrf.html", {"page": page}, status=403)


def _api_error_message(request: HttpRequest, response: HttpResponse) -> str:
    status = response.status_code
    if status == 404:
        return _("there is no endpoint at %(path)s; /api/openapi.json lists them") % {"path": request.path}
    if status == 405:
        return _("%(method)s is not allowed here; use %(allowed)s") % {
            "method": request.method,
            "allowed": response.get("Allow", "POST"),
        }
    if status == 400:
        return _("the request could not be read")
    if status >= 500:
        return _("the server failed to answer; the error is logged")
    return HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else f"HTTP {status}"


def api_errors_as_json(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: under /api/, an error answer that is not JSON becomes the request-level JSON error.

    Django's own 400, 404 and 500 pages and django-ninja's 405 are HTML or text; an API client
    gets JSON for every error.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if (
            request.path.startswith(API_PREFIX)
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            rewritten = api_error(response.status_code, _api_error_message(request, response))
            for header in KEPT_HEADERS:
                if header in response:
                    rewritten[header] = response[header]
            return rewritten
        return response

    return middleware


def private_account_pages(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: an answer to a logged-in player that says nothing of caching is ``private, no-store``.

    Such a page holds the account's matches and names; no shared cache may keep it, and neither may the
    browser's, from which a shared phone's Back button would show it to the next person. A page that says how
    it may be kept (the rules pages, the share page, static files) keeps what it says.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        user = getattr(request, "user", None)
        if "Cache-Control" not in response and user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware
