"""Trickbook's JSON API (django-ninja): stateless scoring and refereeing.

The OpenAPI schema is at /api/openapi.json. There is no interactive docs page: Swagger UI needs a
CDN and an inline script, which our Content-Security-Policy refuses.

The API is open to anyone, so every endpoint is limited per client address (scoring/client.py) and
refuses bodies larger than any real document before reading them; config/views.py makes every
error answer under /api/ JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_ratelimit.decorators import ratelimit
from ninja import NinjaAPI

from config.views import api_error
from referee.api import router as referee_router
from scoring.api import router as scoring_router
from scoring.core.match import MAX_DEALS

# Requests per client address and minute, across all endpoints.
API_RATE = "60/m"
# The largest body read. A 500-deal match file (MAX_DEALS) exported with indentation is under 90 kB
# (Klaberjass, the longest entries); a hand record of 400 events about 30 kB. The costliest body
# allowed is scored in 40-60 ms (docs/api.md).
MAX_BODY_BYTES = 256_000


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def request_limits(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Each endpoint: at most API_RATE per address (429), bodies up to MAX_BODY_BYTES (413)."""

    @ratelimit(group="api", key="ip", rate=API_RATE)
    @wraps(run)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if _content_length(request) > MAX_BODY_BYTES:
            return api_error(
                413,
                _(
                    "the body is larger than %(limit)s kB; "
                    "a match file of %(deals)s deals (the most a match holds) is far smaller"
                )
                % {"limit": MAX_BODY_BYTES // 1000, "deals": MAX_DEALS},
            )
        return run(request, *args, **kwargs)

    return limited


api = NinjaAPI(
    title="Trickbook API",
    version="1",
    description="Score match files and referee hand records.",
    docs_url=None,
)
api.add_decorator(request_limits, mode="view")
api.add_router("/", scoring_router)
api.add_router("/", referee_router)
