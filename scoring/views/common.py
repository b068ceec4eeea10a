"""What the scoring views share: the log-in check that answers htmx in kind, the owner's look-up of a
match, a posted number, the deal form, and compression of a deal's answers (docs/style.md 6)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from scoring.forms import DealForm
from scoring.models import Deal, Match


def login_required_htmx(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_required``, except that an htmx request from an expired session is answered 401 with
    ``HX-Redirect``: a full navigation to the log-in page, which comes back to the page the request
    came from. (A redirect would be followed inside the request and the log-in page swapped into
    the page.)"""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if not request.htmx:
            return redirect_to_login(request.get_full_path())
        back = request.htmx.current_url_abs_path or request.get_full_path()
        response = HttpResponse(_("You are logged out: log in again; nothing was saved."), status=401)
        response["HX-Redirect"] = redirect_to_login(back).url + "&why=expired"  # the log-in page says so
        return response

    return wrapper


def match_for_user(request: HttpRequest, match_id: int) -> Match:
    return get_object_or_404(Match.objects.for_user(request.user), pk=match_id)


def deal_form(match: Match, deals: list[Deal], data: Any = None, **kwargs: Any) -> DealForm:
    return DealForm(data, match_file=match.match_file(deals), **kwargs)


# The idempotency key a phone's script puts in each save, confirmation and dispute (crypto.randomUUID()); optional,
# so a post without JavaScript still works. Anything else is ignored as if it were missing.
_CLIENT_KEY = re.compile(r"[A-Za-z0-9-]{8,64}")


def posted_key(request: HttpRequest) -> str | None:
    key = request.POST.get("key", "")
    return key if _CLIENT_KEY.fullmatch(key) else None


def posted_number(request: HttpRequest, name: str = "number") -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


# The answers to a deal's posts are compressed (gzip_page, when the phone accepts it): a save's answer is
# sent on a phone's connection after every deal. Compression is safe from BREACH there: a post gets past the
# CSRF check only from the site's own page, so no answer reflects what another site put in the request, and
# the CSRF token in it is masked anew for each answer. (The match page itself is not compressed: it reflects
# its query string, in the language switcher, beside the share link.)
compressed = gzip_page
