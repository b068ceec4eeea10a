"""Site-wide answers that are not any one app's: the answer to a rate-limited request."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

RETRY_AFTER_SECONDS = 60


def wait_text(seconds: int) -> str:
    """How long to wait, in words, rounded up to whole minutes ("a minute", "15 minutes")."""
    minutes = max(1, -(-seconds // 60))
    return "a minute" if minutes == 1 else f"{minutes} minutes"


def rate_limited(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """429 Too Many Requests: JSON under /api/, a short page elsewhere; both say when to retry."""
    retry_after = int(getattr(exception, "retry_after", RETRY_AFTER_SECONDS))
    wait = wait_text(retry_after)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"error": {"field": "request", "rule": None, "message": f"Too many requests: wait {wait} and try again."}},
            status=429,
        )
    else:
        response = render(request, "errors/429.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(retry_after)
    return response
