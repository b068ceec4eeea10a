"""Accounts: sign-up and the log-in pages, each behind a per-address limit (docs/deployment.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import admin
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from scoring.client import AddressLimit

# Per client address, whatever the username: django-axes locks one username at one address after
# five wrong passwords; this stops one address guessing one password at each of many usernames.
LOGIN_FAILURES = AddressLimit("login-failures", "20/15m")


# Accounts made per address, and sign-up posts (each tells whether a username is taken).
SIGNUPS = AddressLimit("signups", "5/h")


SIGNUP_POSTS = "20/h"


def throttled_login(view: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """A log-in view whose posts are refused (429) to an address with 20 failed log-ins in 15 minutes, counted
    together for every log-in page (Trickbook's and the admin's): each guess costs a password hash."""

    @wraps(view)
    def wrapper(request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return view(request)
        LOGIN_FAILURES.check(request)
        response = view(request)
        if response.status_code != 302:  # a log-in redirects; anything else failed
            LOGIN_FAILURES.count(request)
        return response

    return wrapper


login_view = throttled_login(auth_views.LoginView.as_view())


admin_login = throttled_login(admin.site.login)  # django-axes locks a username there too (config/settings.py)


@require_http_methods(["GET", "POST"])
@ratelimit(group="signup-posts", key="ip", rate=SIGNUP_POSTS, method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, at most 5 an hour from one address."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST":
        SIGNUPS.check(request)
        if form.is_valid():
            user = form.save()
            SIGNUPS.count(request)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
