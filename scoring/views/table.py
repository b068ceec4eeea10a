"""The table link (scoring/table.py): the owner makes and renews it, chooses who confirms and removes a
device; a phone joins a seat by it; a seat's device confirms or disputes the other side's deals.

A seat's device enters and edits deals through the match page's own views (scoring/views/deals.py), which
ask `match_for_table` who the request is. Joining and confirming are rate-limited per address and table.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from scoring import table
from scoring.client import client_address
from scoring.core.base import seat_titles
from scoring.models import Match, TableDevice
from scoring.services import Conflict
from scoring.share import qr_svg
from scoring.sheet import sheet_context
from scoring.views.common import match_for_user, posted_key

# Joins and confirmations per address and table: a club's whole room (fifty tables, two hundred phones) plays
# from one address, so each table counts apart; a table's four phones join with room to join again, a match of
# many deals is confirmed deal by deal, and a script guessing seats or tapping without end is stopped.
TABLE_JOIN_RATE = "30/h"
TABLE_CONFIRM_RATE = "300/h"
# And per address alone, whatever the table (a script spreading its taps over many links): a whole club's room.
ROOM_JOIN_RATE = "600/h"
ROOM_CONFIRM_RATE = "6000/h"


def _join_rate(group: str, request: HttpRequest) -> str:
    return str(getattr(settings, "TABLE_JOIN_RATE", TABLE_JOIN_RATE))


def _confirm_rate(group: str, request: HttpRequest) -> str:
    return str(getattr(settings, "TABLE_CONFIRM_RATE", TABLE_CONFIRM_RATE))


def _address_and_table(group: str, request: HttpRequest) -> str:
    """The rate limits' key: the client's address (scoring/client.py) and the table, by its link or its match."""
    found = request.resolver_match.kwargs if request.resolver_match else {}
    return f"{client_address(request)} {found.get('token') or found.get('match_id')}"


# Who a request is at a match


class TableGone(Exception):
    """This browser's device at the match lost its rights (`table.lost_device`): `table_login_required` answers
    with the page that says why and what to do."""

    def __init__(self, device: TableDevice) -> None:
        super().__init__(device.pk)
        self.device = device


def match_for_table(request: HttpRequest, match_id: int) -> tuple[Match, TableDevice | None, bool]:
    """The match, this request's device at its table (or None) and whether the request is its owner's.
    A device removed or joined by a replaced link raises TableGone; anyone else gets 404."""
    match = get_object_or_404(Match, pk=match_id)
    owner = request.user.is_authenticated and match.owner_id == request.user.pk
    device = table.device_for(request, match)
    if not owner and device is None:
        lost = table.lost_device(request, match)
        if lost is not None:
            raise TableGone(lost)
        raise Http404(_("No such match"))
    return match, device, owner


def table_gone(request: HttpRequest, device: TableDevice) -> HttpResponse:
    """403: this phone is no longer at the match's table, why, and what to do (ask for a new link). To htmx too:
    its script then opens the page itself (static/js/table.js), as for an expired session."""
    return render(request, "scoring/table_gone.html", {"removed": device.removed is not None}, status=403)


def table_login_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_required_htmx`` (scoring/views/common.py), except for a browser that joined this match's table:
    its guest reaches the view, which asks `match_for_table` whether the device still holds rights (else the
    page that says it lost them, `table_gone`)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated or kwargs.get("match_id") in table.joined_matches(request):
            try:
                return view(request, *args, **kwargs)
            except TableGone as gone:
                return table_gone(request, gone.device)
        if not request.htmx:
            return redirect_to_login(request.get_full_path())
        back = request.htmx.current_url_abs_path or request.get_full_path()
        response = HttpResponse(_("You are logged out: log in again; nothing was saved."), status=401)
        response["HX-Redirect"] = redirect_to_login(back).url + "&why=expired"
        return response

    return wrapper


# Forms


class JoinForm(forms.Form):
    seat = forms.TypedChoiceField(
        label=gettext_lazy("Your seat"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy("Choose your seat."),
            "invalid_choice": gettext_lazy("Choose one of the seats of this match."),
        },
    )

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        titles = seat_titles(match.rules, tuple(match.players))
        self.fields["seat"].choices = list(enumerate(titles))  # type: ignore[attr-defined]


class DisputeForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("What is wrong with it?"),
        max_length=200,
        strip=True,
        error_messages={
            "required": gettext_lazy("Say what is wrong with the deal."),
            "max_length": gettext_lazy("Say it in at most %(limit_value)d characters."),
        },
    )


class ConfirmationForm(forms.Form):
    confirmation = forms.ChoiceField(
        label=gettext_lazy("Confirmation"),
        choices=table.CONFIRMATION_CHOICES,
        error_messages={"invalid_choice": gettext_lazy("Choose one of the ways to confirm deals.")},
    )


def _revision(request: HttpRequest) -> int | None:
    try:
        return int(request.POST.get("revision", ""))
    except ValueError:
        return None


# The owner's side


def _back(match: Match) -> HttpResponse:
    return redirect(reverse("match", args=[match.pk]) + "#table")


@login_required
@require_POST
def table_link(request: HttpRequest, match_id: int) -> HttpResponse:
    """Make the table link, or a new one: every device joined by the old one loses its rights."""
    match = match_for_user(request, match_id)
    had = match.table_token is not None
    table.renew_table_link(match=match)
    if had:
        messages.success(request, _("New table link made; every phone joined by the old one must join again."))
    else:
        messages.success(request, _("Table link made: each player scans it and chooses their seat."))
    return _back(match)


@login_required
@require_POST
def table_confirmation(request: HttpRequest, match_id: int) -> HttpResponse:
    match = match_for_user(request, match_id)
    form = ConfirmationForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors["confirmation"]))
        return _back(match)
    table.set_confirmation(match=match, mode=form.cleaned_data["confirmation"])
    messages.success(
        request, _("Confirmation: %(mode)s.") % {"mode": dict(table.CONFIRMATION_CHOICES)[match.confirmation]}
    )
    return _back(match)


@login_required
@require_POST
def table_remove(request: HttpRequest, match_id: int, device_id: int) -> HttpResponse:
    match = match_for_user(request, match_id)
    device = table.remove_device(match=match, device_id=device_id)
    if device is None:
        messages.info(request, _("That phone is no longer at the table."))
    else:
        label = table.device_label(device, device.seat, match.rules, match.players)
        messages.success(request, _("Removed %(device)s from the table.") % {"device": label})
    return _back(match)


def table_panel(request: HttpRequest, match: Match) -> dict[str, Any]:
    """The owner's table panel: the link and its QR code, who joined, who confirms."""
    url = None
    if match.table_token is not None:
        url = request.build_absolute_uri(reverse("table_join", args=[match.table_token]))
    devices = [
        {"device": device, "label": table.device_label(device, device.seat, match.rules, match.players)}
        for device in table.current_devices(match).select_related("user")
    ]
    return {
        "url": url,
        "qr_svg": qr_svg(url) if url else "",
        "devices": devices,
        "form": ConfirmationForm(initial={"confirmation": match.confirmation}),
    }


# A phone at the table


def _joinable(token: str) -> Match | None:
    return Match.objects.filter(table_token=token).first()


@require_http_methods(["GET", "POST"])
@ratelimit(group="table.join", key=_address_and_table, rate=_join_rate, method="POST", block=True)
@ratelimit(group="table.join.room", key="ip", rate=ROOM_JOIN_RATE, method="POST", block=True)
def table_join(request: HttpRequest, token: str) -> HttpResponse:
    """ "Which seat is yours?": a phone joins the match's table at a seat, with its account or as a guest."""
    match = _joinable(token)
    if match is None:
        return render(request, "scoring/table_join.html", {"gone": True}, status=404)
    owner = request.user.is_authenticated and match.owner_id == request.user.pk
    if not owner and table.removed_from_link(request, match):
        return render(request, "scoring/table_gone.html", {"removed": True}, status=403)
    form = JoinForm(request.POST or None, match=match)
    if request.method == "POST" and form.is_valid():
        device = table.join_table(match=match, seat=form.cleaned_data["seat"], user=request.user)
        table.remember_device(request, device)
        label = table.device_label(device, device.seat, match.rules, match.players)
        messages.success(request, _("You joined the table as %(device)s.") % {"device": label})
        return redirect("match", match_id=match.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "scoring/table_join.html", {"match": match, "form": form}, status=status)


def _pending_answer(
    request: HttpRequest, match: Match, device: TableDevice | None, notice: str = "", status: int = 200
) -> HttpResponse:
    if not request.htmx:
        if notice:
            (messages.success if status < 400 else messages.warning)(request, notice)
        return redirect(reverse("match", args=[match.pk]) + "#table-pending")
    result = match.evaluate()
    owner = match.owner_id == request.user.pk
    context = {"match": match, "pending": table.pending(match, device), "device": device, "owner": owner}
    context.update(notice=notice, notice_level="success" if status < 400 else "warning", finished=result.finished)
    html = render_to_string("scoring/_table_pending.html", context, request=request)
    # Another phone wrote since this page was drawn (the panel posts the version it shows): the standings and
    # the sheet follow, out of band; the entry being tapped stays as it is (a stale save is told, as ever).
    if request.GET.get("version", request.POST.get("version")) != str(match.version):
        sheet = sheet_context(match, result, edits=table.editable_deals(match, device, owner))
        sheet.update(oob=True, owner=owner, next_number=len(result.deals) + 1)
        html += render_to_string("scoring/match.html#head", sheet, request=request)
        html += render_to_string("scoring/match.html#sheet", sheet, request=request)
        response = HttpResponse(html, status=status)
        response["HX-Trigger"] = "table-changed"  # static/js/table_link.js: a pristine entry is drawn again
        return response
    return HttpResponse(html, status=status)


@table_login_required
@require_safe
def table_pending(request: HttpRequest, match_id: int) -> HttpResponse:
    """The confirmation panel alone: the match page polls it, so another seat's entry shows up to confirm."""
    match, device, _owner = match_for_table(request, match_id)
    return _pending_answer(request, match, device)


def _seat_device(request: HttpRequest, match_id: int) -> tuple[Match, TableDevice]:
    match, device, _owner = match_for_table(request, match_id)
    if device is None:  # the owner's own page, with no seat: the table's phones confirm
        raise Http404(_("Join the table at a seat to confirm deals."))
    return match, device


@table_login_required
@require_POST
@ratelimit(group="table.confirm", key=_address_and_table, rate=_confirm_rate, method="POST", block=True)
@ratelimit(group="table.confirm.room", key="ip", rate=ROOM_CONFIRM_RATE, method="POST", block=True)
def table_confirm(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match, device = _seat_device(request, match_id)
    revision = _revision(request)
    if revision is None:
        text = _("The form was missing the deal's revision; reload the page and confirm it again.")
        return _pending_answer(request, match, device, text, status=409)
    try:
        text = table.confirm_deal(match=match, device=device, number=number, revision=revision, key=posted_key(request))
    except (Conflict, table.NotAllowed) as refused:
        status = 409 if isinstance(refused, Conflict) else 403
        return _pending_answer(request, match, device, refused.message, status=status)
    match.refresh_from_db()
    return _pending_answer(request, match, device, text)


@table_login_required
@require_POST
@ratelimit(group="table.confirm", key=_address_and_table, rate=_confirm_rate, method="POST", block=True)
@ratelimit(group="table.confirm.room", key="ip", rate=ROOM_CONFIRM_RATE, method="POST", block=True)
def table_dispute(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match, device = _seat_device(request, match_id)
    revision = _revision(request)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        text = _("Deal %(number)s was not disputed: %(error)s") % {
            "number": number,
            "error": " ".join(form.errors["reason"]),
        }
        return _pending_answer(request, match, device, text, status=422)
    if revision is None:
        text = _("The form was missing the deal's revision; reload the page and confirm it again.")
        return _pending_answer(request, match, device, text, status=409)
    try:
        text = table.dispute_deal(
            match=match,
            device=device,
            number=number,
            revision=revision,
            reason=form.cleaned_data["reason"],
            key=posted_key(request),
        )
    except (Conflict, table.NotAllowed) as refused:
        status = 409 if isinstance(refused, Conflict) else 403
        return _pending_answer(request, match, device, refused.message, status=status)
    match.refresh_from_db()
    return _pending_answer(request, match, device, text)
