"""What a phone needs to keep Trickbook at hand: the web app manifest (add to home screen) and the
service worker, served from the site's root so that its scope covers every page (static/js/sw.js
says what it keeps), and the mark on every answer that tells the worker whose session it was sent to.

A shared phone's worker keeps the last match page opened for use with no connection. Without the mark
it could not know that the session had ended (it expired, the cookies were cleared) or that someone
else had logged in, and showed the last player's whole sheet to the next one. The mark is an HMAC of
the account's id, so it names no one to anything but the server; "none" without a session.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe


@cache
def _worker_source() -> bytes:
    path = finders.find("js/sw.js")
    if not isinstance(path, str):
        raise FileNotFoundError("static/js/sw.js")
    with open(path, "rb") as file:
        return file.read()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new worker is picked up on the next visit
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    body = {
        "name": "Trickbook",
        "short_name": "Trickbook",
        "description": _("Keeps the score of card games at the table."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#156544",
        "icons": [
            {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for size in (192, 512)
        ],
    }
    return HttpResponse(json.dumps(body, indent=2), content_type="application/manifest+json")


USER_HEADER = "Trickbook-User"  # read by static/js/sw.js
NO_SESSION = "none"


def session_mark(request: HttpRequest) -> str:
    """The mark of the request's account (hex digits), or NO_SESSION."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return NO_SESSION
    return salted_hmac("trickbook.offline.session_mark", str(user.pk)).hexdigest()[:32]


def mark_the_session(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: every answer says whose session it was sent to (USER_HEADER), for the service worker."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        response.headers.setdefault(USER_HEADER, session_mark(request))
        return response

    return middleware
