"""The client's address, the one key every per-address limit uses (login, sign-up, API, PDF).

Behind the recommended reverse proxy (`DJANGO_BEHIND_TLS_PROXY=1`) every request comes from the
proxy's own address, so the client's is the last entry of `X-Forwarded-For`: the one the trusted
proxy appended. Entries before it are whatever the client sent and are never trusted.

`AddressLimit` counts outcomes (a failed log-in, an account made) per address, where
django-ratelimit's decorator counts every request.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage
from django_ratelimit.exceptions import Ratelimited

# Requests with no usable address (a Unix socket without the proxy setting) share one count.
NO_ADDRESS = "0.0.0.0"


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def client_address(request: HttpRequest) -> str:
    """The client's IP address, always a valid one (the rate limiter parses it)."""
    if getattr(settings, "TRUST_X_FORWARDED_FOR", False):
        last = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
        if _is_address(last):
            return last
    remote = str(request.META.get("REMOTE_ADDR") or "")
    return remote if _is_address(remote) else NO_ADDRESS


class AddressLimited(Ratelimited):
    """An address used up an AddressLimit; RATELIMIT_VIEW answers 429 with ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"rate limited for {retry_after} s")
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class AddressLimit:
    """At most so many counted events per client address in a window: ``rate`` is "20/15m", "5/h"."""

    group: str
    rate: str

    def check(self, request: HttpRequest) -> None:
        """Raise AddressLimited once the address has used up the rate in the current window."""
        usage = get_usage(request, group=self.group, key="ip", rate=self.rate, increment=False)
        if usage is not None and usage["count"] >= usage["limit"]:
            raise AddressLimited(retry_after=max(int(usage["time_left"]), 1))

    def count(self, request: HttpRequest) -> None:
        """Count one event for the address."""
        get_usage(request, group=self.group, key="ip", rate=self.rate, increment=True)
