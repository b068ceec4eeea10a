"""What a phone needs to keep Trickbook at hand: the web app manifest (add to home screen) and the
service worker, served from the site's root so that its scope covers every page (static/js/sw.js
says what it keeps)."""

from __future__ import annotations

import json
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
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
        "theme_color": "#0172ad",
        "icons": [
            {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for size in (192, 512)
        ],
    }
    return HttpResponse(json.dumps(body, indent=2), content_type="application/manifest+json")
