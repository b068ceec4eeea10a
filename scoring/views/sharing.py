"""The share link: making, renewing and stopping it (the owner, who is asked first, since a new or
stopped link breaks the one every other phone holds), and the read-only live sheet it serves."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.cache import get_conditional_response
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from scoring.models import Match
from scoring.share import renew_share_link, stop_sharing
from scoring.sheet import sheet_context
from scoring.views.common import match_for_user


@login_required
@require_http_methods(["GET", "POST"])
def share_regenerate(request: HttpRequest, match_id: int) -> HttpResponse:
    """A new share link, or the first one again if sharing was stopped."""
    match = match_for_user(request, match_id)
    if request.method == "GET":
        ask = "new" if match.share_token else "start"
        return render(request, "scoring/share_confirm.html", {"match": match, "ask": ask})
    was_shared = match.share_token is not None
    renew_share_link(match=match)
    if was_shared:
        messages.success(request, _("New share link made; the old one no longer works."))
    else:
        messages.success(request, _("This match is shared: pass the link or its QR code round the table."))
    return redirect(reverse("match", args=[match.pk]) + "#share")


@login_required
@require_http_methods(["GET", "POST"])
def share_stop(request: HttpRequest, match_id: int) -> HttpResponse:
    match = match_for_user(request, match_id)
    if match.share_token is None:
        messages.info(request, _("This match is not shared."))
        return redirect(reverse("match", args=[match.pk]) + "#share")
    if request.method == "GET":
        return render(request, "scoring/share_confirm.html", {"match": match, "ask": "stop"})
    stop_sharing(match=match)
    messages.success(request, _("Sharing stopped: the share link no longer works."))
    return redirect(reverse("match", args=[match.pk]) + "#share")


def _get_shared_match(token: str) -> Match:
    return get_object_or_404(Match, share_token=token)


def live_sheet_key(match_id: int, version: int, token: str) -> str:
    """The "sheets" cache key of a share link's fragment in the active language, under the current URL prefix."""
    prefix = hashlib.blake2s(get_script_prefix().encode(), digest_size=8).hexdigest()  # short, whatever it is
    return f"live:{match_id}:{version}:{token}:{get_language()}:{prefix}"


def _live_sheet(match_id: int, version: int, token: str) -> str:
    """The share page's live fragment of a match at one version, rendered once and then served from
    the "sheets" cache: any number of phones polling one match cost one evaluation and one render for
    each write, not one each.

    Nothing is ever invalidated: every write bumps the version (scoring/services.py), so the next
    poll asks for a new key. The key holds the share token too, which the fragment polls and which a
    new share link replaces without a write, and everything else its words and links depend on: the
    language (issue 14) and the URL prefix the app is mounted under, which every link it holds starts
    with (a fragment made under another prefix would send every viewer's poll there). The fragment is
    rendered without the request: it is the same for every viewer of that link, language and prefix.
    """
    key = live_sheet_key(match_id, version, token)
    sheets = caches["sheets"]
    html: str | None = sheets.get(key)
    if html is None:
        match = Match.objects.get(pk=match_id)
        context = sheet_context(match, match.evaluate(), editable=False)
        context.update(form=None, share_url=reverse("shared_match", args=[token]))
        html = render_to_string("scoring/match.html#live", context)
        sheets.set(key, html)
    return mark_safe(html)  # rendered (and escaped) by the template engine


@require_safe
@vary_on_headers("HX-Request")
def shared_match(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only live sheet for the other players' phones (polls itself with htmx).

    The live sheet changes only when a deal is written, which bumps the match's version, so the
    ETag is the version: a poll whose sheet is current gets 304 after one small query, and any other
    poll gets the fragment from the cache (`_live_sheet`) after the same query.
    """
    found = _shared_version(token)
    if found is None:  # never shared, replaced or stopped: nothing of any match is shown
        if request.htmx:
            return HttpResponse(_("This match is no longer shared at this link."), status=404)

        return render(request, "scoring/share_stopped.html", status=404)
    match_id, version = found
    etag = f'"{token}-{version}-{get_language()}-{"fragment" if request.htmx else "page"}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        live = _live_sheet(match_id, version, token)
        if request.htmx:
            response = HttpResponse(live)
        else:
            response = render(request, "scoring/shared.html", {"match": _get_shared_match(token), "live": live})
    # Always revalidate: the ETag makes that cheap. A 304 says so too, as the 200 it stands for does
    # (RFC 9110, 15.4.5), so that no later middleware takes it for a page that says nothing of caching.
    response["Cache-Control"] = "no-cache"
    response.headers.setdefault("ETag", etag)
    return response


def _shared_version(token: str) -> tuple[int, int] | None:
    """(id, version) of the match shared at ``token``, or None: the one query of every share poll.

    Written in SQL, from the model's own names: through the ORM this one query took some 700 function
    calls, twice the rest of a revalidated poll's view and three quarters of what its 17 middlewares
    take together; through a cursor it takes some 60 (docs/performance.md, "Share polls").
    """
    meta = Match._meta
    name = connection.ops.quote_name
    pk, version, share_token = (name(meta.get_field(field).column) for field in ("id", "version", "share_token"))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {pk}, {version} FROM {name(meta.db_table)} WHERE {share_token} = %s", [token])
        row = cursor.fetchone()
    return None if row is None else (row[0], row[1])
