"""The client's address, the one key every per-address limit uses (login, sign-up, API, PDF).

Behind the recommended reverse proxy (`DJANGO_BEHIND_TLS_PROXY=1`) every request comes from the
proxy's own address, so the client's is the last entry of `X-Forwarded-For`: the one the trusted
proxy appended. Entries before it are whatever the client sent and are never trusted.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    if getattr(settings, "TRUST_X_FORWARDED_FOR", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return str(request.META.get("REMOTE_ADDR") or "unknown")
