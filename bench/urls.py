"""Trickbook's URLs plus a bare view, the yardstick of bench/serve.py. Never part of the product."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as trickbook


def ok(request: HttpRequest) -> HttpResponse:
    """As little as a Django view can do: what any request costs before Trickbook's own work."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [*trickbook, path("bench/ok/", ok)]
