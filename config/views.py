"""Site-wide answers that are not any one app's: the answer to a rate-limited request."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

RETRY_AFTER_SECONDS = 60


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """429 Too Many Requests: JSON under /api/, a short page elsewhere; both say when to retry."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"error": {"field": "request", "rule": None, "message": "Too many requests: wait a minute and try again."}},
            status=429,
        )
    else:
        response = render(request, "errors/429.html", status=429)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
