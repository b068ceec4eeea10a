"""The "Check a hand" pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def check_hand(request: HttpRequest) -> HttpResponse:
    return render(request, "referee/check.html", {})
