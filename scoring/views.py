"""Thin function views for matches and deals (docs/style.md 6).

Owner pages look the match up from the user (`_get_match_for_user`); the
read-only share page looks it up by its token and has no write paths.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.core.paginator import Paginator
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.cache import get_conditional_response
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_ratelimit.decorators import ratelimit

from config.client import AddressLimit
from scoring.changes import change_rows
from scoring.core.base import EntryError
from scoring.core.games import GAMES
from scoring.core.match import MatchResult, check_deal
from scoring.core.steps import first_text
from scoring.forms import DealForm, NewMatchForm, RenamePlayersForm, Step, sentence
from scoring.models import Change, Deal, Match
from scoring.services import (
    Conflict,
    FirstStepConflict,
    create_match,
    edit_deal,
    rematch,
    remove_last_deal,
    rename_players,
    save_deal,
    save_first_step,
)
from scoring.share import renew_share_link, share_link, stop_sharing
from scoring.sheet import points_text, sheet_context
from scoring.standing import state_text


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


def _get_match_for_user(request: HttpRequest, match_id: int) -> Match:
    return get_object_or_404(Match.objects.for_user(request.user), pk=match_id)


def _get_shared_match(token: str) -> Match:
    return get_object_or_404(Match, share_token=token)


def _deal_form(match: Match, deals: list[Deal], data: Any = None, **kwargs: Any) -> DealForm:
    return DealForm(data, match_file=match.match_file(deals), **kwargs)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The user's matches, each with its state in words: all their deals in one query, each match evaluated."""
    matches = Match.objects.for_user(request.user).with_deals() if request.user.is_authenticated else []
    rows = [{"match": match, "state": state_text(match)} for match in matches]
    return render(request, "scoring/home.html", {"rows": rows, "games": GAMES.values()})


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


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    """The new-match form, laid out for the game in ``?game=``. Without JavaScript, a post with ``choose`` for
    another game than the page was laid out for (``laid_out``) lays it out again for that game, keeping the
    names; for the same game (Enter in a name field posts with that first button) it starts the match."""
    other_game = request.POST.get("game") != request.POST.get("laid_out")
    if request.method == "POST" and not ("choose" in request.POST and other_game):
        form = NewMatchForm(request.POST)
        if form.is_valid():
            match = create_match(owner=request.user, match_file=form.match_file)
            return redirect("match", match_id=match.pk)
    else:
        source = request.POST if request.method == "POST" else request.GET
        form = NewMatchForm.for_game(source.get("game"), source)
    # Another game tapped (htmx): the form alone, laid out for it by the server.
    template = "scoring/match_new.html#new-match-form" if request.htmx else "scoring/match_new.html"
    return render(request, template, {"form": form, "setups": form.setups()})


@login_required
@require_http_methods(["GET", "POST"])
def match_rename(request: HttpRequest, match_id: int) -> HttpResponse:
    """New names for the match's players, read as a new match's names are."""
    match = _get_match_for_user(request, match_id)
    form = RenamePlayersForm(request.POST or None, match_file=match.match_file([]))
    if request.method == "POST" and form.is_valid():
        rename_players(match=match, players=form.players)
        messages.success(request, _("Players renamed: %(name)s.") % {"name": match.name})
        return redirect("home")
    return render(request, "scoring/match_rename.html", {"match": match, "form": form})


@login_required
@require_http_methods(["GET", "POST"])
def match_rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """A new match of the same players, game, house rules and target, the next player dealing first. GET
    asks first ("Start a rematch?"), since a tap on the list or a finished match's page is easily made;
    only the POST makes the match."""
    match = _get_match_for_user(request, match_id)
    if request.method == "GET":
        dealer = match.players[(match.first_dealer + 1) % match.rules.seats]
        return render(request, "scoring/match_rematch.html", {"match": match, "dealer": dealer})
    try:
        new = rematch(match=match, owner=request.user)
    except EntryError as error:  # a match stored under rules that have changed since
        text = _("No rematch of %(name)s: %(error)s (%(rule)s).")
        messages.error(request, text % {"name": match.name, "error": error.message, "rule": error.rule})
        return redirect("home")
    text = _("Rematch: %(name)s, %(dealer)s deals first.")
    messages.success(request, text % {"name": new.name, "dealer": new.players[new.first_dealer]})
    return redirect("match", match_id=new.pk)


def _match_page(
    request: HttpRequest,
    match: Match,
    *,
    form: DealForm | None = None,
    result: MatchResult | None = None,
    status: int = 200,
    notice: str = "",
    event: dict[str, Any] | None = None,
    sheet: str = "whole",
) -> HttpResponse:
    """The match page, or for htmx its answer: the entry with, out of band, the standings, the actions
    that depend on the deal count, ``notice`` in the page's live region (so a message is shown by the
    request that made it, never queued for a later page) and the sheet: ``sheet`` is "whole", "none"
    (unchanged) or "added" (one deal added: its row alone, a few kB however long the match). ``result``
    is the match as just saved, if it was; ``event`` (HX-Trigger-After-Settle) tells the page's script
    what happened, to move focus."""
    if result is None:
        result = match.evaluate()
    partial = bool(request.htmx and not request.htmx.boosted)
    new_rows = partial and sheet == "added" and len(result.deals) > 1
    context = sheet_context(match, result, rows_from=len(result.deals) if new_rows else 1)
    if new_rows and context["pad"] is not None:  # a game's own pad (a rubber) changes with each deal: all of it
        new_rows = False
        context = sheet_context(match, result)
    context.update(new_rows=new_rows, whole_sheet=sheet == "whole" or (sheet == "added" and not new_rows))
    if form is None and not result.finished:
        form = _entry_form(request, match, result)
    context.update(form=form, next_number=len(result.deals) + 1, editable=True, notice=notice)
    # Redo of an undo: while the last change is the removal of the deal after the last one, it can be put back.
    last = match.changes.order_by("-at", "-id").first()
    removed = last is not None and last.action == Change.Action.REMOVED and last.number == len(result.deals) + 1
    context["redo"] = last if removed and not result.finished else None
    context["notice_level"] = "success" if status < 400 else "warning"
    template = "scoring/match.html#answer" if partial else "scoring/match.html"
    if template == "scoring/match.html":
        context["share"] = share_link(request, match)  # the share panel (scoring/_share.html)
    response = render(request, template, context, status=status)
    if event:
        response["HX-Trigger-After-Settle"] = json.dumps(event)
    return response


def _entry_form(request: HttpRequest, match: Match, result: MatchResult) -> DealForm:
    """The next deal's form: at once, or for a game entered in two steps (EntrySpec.first) the first
    step, then the rest once it is saved; ``?step=first`` corrects a first step already saved."""
    if not result.match.rules.entry_spec(result.match.flags).first:
        return DealForm(match_file=result.match)
    progress = match.in_progress(len(result.deals) + 1)
    entry = progress["entry"] if progress else None
    step = Step.REST if progress and request.GET.get("step") != Step.FIRST else Step.FIRST
    # The players in calling order, from the deal's dealer (EntrySpec.calling_order).
    return DealForm(match_file=result.match, step=step, entry=entry, dealer=result.next_dealer)


@login_required_htmx
@require_safe
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    return _match_page(request, _get_match_for_user(request, match_id))


def _posted_number(request: HttpRequest, name: str = "number") -> int | None:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None


# The idempotency key a phone's script puts in each save (crypto.randomUUID()); optional, so a
# save without JavaScript still works. Anything else is ignored as if it were missing.
_CLIENT_KEY = re.compile(r"[A-Za-z0-9-]{8,64}")


def _posted_key(request: HttpRequest) -> str | None:
    key = request.POST.get("key", "")
    return key if _CLIENT_KEY.fullmatch(key) else None


# The answers to a deal's posts are compressed (gzip_page, when the phone accepts it): a save's answer is
# sent on a phone's connection after every deal. Compression is safe from BREACH there: a post gets past the
# CSRF check only from the site's own page, so no answer reflects what another site put in the request, and
# the CSRF token in it is masked anew for each answer. (The match page itself is not compressed: it reflects
# its query string, in the language switcher, beside the share link.)
compressed = gzip_page


@compressed
@login_required_htmx
@require_POST
def deal_add(request: HttpRequest, match_id: int) -> HttpResponse:
    """Save the next deal. The htmx answer says what happened in place: 200 the new sheet and "Deal N
    saved.", 409 the current sheet and why nothing was saved, 422 the form with its errors marked; a
    plain post redirects (or shows the same page) with the message."""
    match = _get_match_for_user(request, match_id)
    deals = list(match.deals.all())
    number = _posted_number(request)
    # A deal entered in two steps carries the revision of the first step its page showed.
    progress = _posted_number(request, "progress") if "progress" in request.POST else None
    if progress is None:
        form = _deal_form(match, deals, request.POST)
    else:
        shown = match.in_progress(number or 0)
        form = _deal_form(match, deals, request.POST, step=Step.REST, entry=shown["entry"] if shown else None)
    if number is None:
        text = _("The form was missing its deal number; reload the page and enter the deal again.")
        if request.htmx:
            return _match_page(request, match, status=409, notice=text, event={"deal-conflict": {"number": None}})
        messages.error(request, text)
        return redirect("match", match_id=match.pk)
    if form.is_valid():
        try:
            saved = save_deal(
                match=match,
                user=request.user,
                number=number,
                entry=form.entry(),
                key=_posted_key(request),
                progress=progress,
            )
        except Conflict as conflict:
            # Calls changed meanwhile: the page keeps what was tapped for the rest (static/js/table.js).
            kind = "first-conflict" if isinstance(conflict, FirstStepConflict) else "deal-conflict"
            # The saved deal's revision, so that the player can replace it with theirs (deal_edit).
            event: dict[str, Any] = {kind: {"number": number}}
            if kind == "deal-conflict":
                revision = match.deals.filter(number=number).values_list("revision", flat=True).first()
                event[kind]["revision"] = revision
            match.refresh_from_db()
            return _match_page(request, match, status=409, notice=conflict.message, event=event)
        except EntryError as error:
            form.refuse(error)
        else:
            if saved.result.finished:
                text = _("Deal %(number)s saved. The match is over.") % {"number": saved.number}
            else:
                text = _("Deal %(number)s saved.") % {"number": saved.number}
            if not request.htmx:
                messages.success(request, text)
                return redirect("match", match_id=match.pk)
            event = {"deal-saved": {"number": saved.number, "finished": saved.result.finished}}
            # A retried save already stored (its key) may not be the last deal: then the whole sheet.
            added = "added" if not saved.repeated and saved.number == len(saved.result.deals) else "whole"
            return _match_page(request, match, result=saved.result, notice=text, event=event, sheet=added)
    form.mark_missing()
    return _match_page(request, match, form=form, status=422, event={"deal-refused": {"number": number}}, sheet="none")


@compressed
@login_required_htmx
@require_POST
def deal_first(request: HttpRequest, match_id: int) -> HttpResponse:
    """Save the first step of the next deal (the calls) as the deal in progress, or correct it. The
    answers are deal_add's: 200 the page with the rest of the deal to enter, 409 the current page
    and why nothing was saved (with what this phone entered, in words), 422 the form marked."""
    match = _get_match_for_user(request, match_id)
    deals = list(match.deals.all())
    form = _deal_form(match, deals, request.POST, step=Step.FIRST)
    number = _posted_number(request)
    revision = _posted_number(request, "progress")
    if number is None or revision is None:
        text = _("The form was missing its deal number; reload the page and enter it again.")
        return _match_page(request, match, status=409, notice=text, event={"first-conflict": {"number": number}})
    title = form.spec.first_title
    if form.is_valid():
        try:
            result = save_first_step(match=match, number=number, revision=revision, entry=form.entry())
        except Conflict as conflict:
            match.refresh_from_db()
            yours = first_text(form.spec, form.entry(), match.players).partition(": ")[2]
            text = _("%(conflict)s Yours were: %(yours)s.") % {"conflict": conflict.message, "yours": yours}
            return _match_page(request, match, status=409, notice=text, event={"first-conflict": {"number": number}})
        except EntryError as error:
            form.refuse(error)
        else:
            match.refresh_from_db()
            text = _("%(what)s for deal %(number)s saved.") % {"what": title, "number": number}
            if not request.htmx:
                messages.success(request, text)
                return redirect("match", match_id=match.pk)
            event = {"first-saved": {"number": number}}
            return _match_page(request, match, result=result, notice=text, event=event, sheet="none")
    form.mark_missing()
    return _match_page(request, match, form=form, status=422, event={"deal-refused": {"number": number}}, sheet="none")


@compressed
@login_required_htmx
@require_POST
def deal_preview(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live preview: the deal's points and breakdown, or the rule it breaks."""
    match = _get_match_for_user(request, match_id)
    deals = list(match.deals.all())
    replace = _posted_number(request, "replace")
    if replace is not None and not 1 <= replace <= len(deals):
        replace = None
    form = _deal_form(match, deals, request.POST, replace=replace)
    preview = None
    if form.is_valid():
        try:
            result = check_deal(form.match_file, form.entry(), replace=replace)
        except EntryError as error:
            form.refuse(error)
        else:
            number = replace or len(deals) + 1
            scored = result.deals[number - 1]
            names = result.names
            preview = {
                "points": [
                    (name, points_text(points)) for name, points in zip(names, scored.score.points, strict=True)
                ],
                "lines": [(names[line.side], points_text(line.points), line) for line in scored.score.lines],
                "ends": result.finished and result.deals[-1].number == number,
                # The deal in a few words ("2♦ by Sara"), for a deal kept on the phone (static/js/table.js).
                "short": form.game.describe(form.deal, result.match.players),
                "result": result,
            }
    # The Save button, disabled while the entry breaks a rule, comes with the preview (out of band).
    number = replace or _posted_number(request)
    context = {"form": form, "preview": preview, "match": match, "number": number}
    return render(request, "scoring/match.html#preview", context)


@compressed
@login_required_htmx
@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """The edit page, and its post. From the match page (htmx), a post is a phone replacing a deal another
    phone saved meanwhile with its own entry (the conflict's choice, static/js/table.js): answered as a save
    is, with the whole sheet, since every total after the deal may change."""
    match = _get_match_for_user(request, match_id)
    deals = list(match.deals.all())
    deal = next((deal for deal in deals if deal.number == number), None)
    htmx = request.method == "POST" and bool(request.htmx)
    if deal is None and request.method == "POST":
        # The edit page was open while another phone undid this deal: say so, lose nothing else.
        text = _("Deal %(number)s no longer exists; it was removed from another phone.")
        if htmx:
            return _match_page(request, match, status=409, notice=text % {"number": number})
        messages.warning(request, text % {"number": number})

        return _match_page(request, match, status=409)
    if deal is None:
        raise Http404(_("No such deal"))
    form = _deal_form(match, deals, request.POST or None, replace=number, entry=deal.entry)
    status = 200
    revision = deal.revision
    if request.method == "POST":
        revision = _posted_number(request, "revision") or 0
        if form.is_valid():
            try:
                result = edit_deal(match=match, user=request.user, number=number, revision=revision, entry=form.entry())
            except Conflict as conflict:
                if htmx:
                    now = match.deals.filter(number=number).values_list("revision", flat=True).first()
                    event = {"deal-conflict": {"number": number, "revision": now}}
                    return _match_page(request, match, status=409, notice=conflict.message, event=event)
                messages.warning(request, conflict.message)
                return redirect("deal_edit", match_id=match.pk, number=number)
            except EntryError as error:
                form.refuse(error)
            else:
                # Only a match still open after the edit can have been reopened by it.
                reopened = not result.finished and match.evaluate(deals).finished
                if reopened:
                    text = _("Deal %(number)s changed; totals recomputed. The match is open again.")
                else:
                    text = _("Deal %(number)s changed; totals recomputed.")
                if htmx:
                    event = {"deal-replaced": {"number": number}}
                    return _match_page(request, match, result=result, notice=text % {"number": number}, event=event)
                messages.success(request, text % {"number": number})
                return redirect("match", match_id=match.pk)
        if htmx:
            errors = " ".join(text for _label, text in form.all_errors())
            text = _("Deal %(number)s was not replaced: %(errors)s") % {"number": number, "errors": errors}
            return _match_page(request, match, status=422, notice=text, event={"deal-refused": {"number": number}})
        status = 422
    return render(
        request,
        "scoring/deal_edit.html",
        {"match": match, "deal": deal, "form": form, "number": number, "revision": revision},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def deal_undo(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _get_match_for_user(request, match_id)
    deals = list(match.deals.all())
    if not deals:
        messages.info(request, _("There is no deal to undo."))
        return redirect("match", match_id=match.pk)
    last = deals[-1]
    if request.method == "POST":
        number = _posted_number(request)
        try:
            remove_last_deal(match=match, user=request.user, number=number or 0)
        except Conflict as conflict:
            messages.warning(request, conflict.message)
        else:
            messages.success(request, _("Deal %(number)s removed.") % {"number": number})
        return redirect("match", match_id=match.pk)
    game = match.rules
    short = game.describe(game.parse_deal(last.entry, frozenset(match.flags)), tuple(match.players))
    return render(request, "scoring/deal_undo.html", {"match": match, "deal": last, "short": short})


# Changes shown per page of a match's history. Edits are not limited (each is a real change at the table), so
# the page is: at 25,000 edits one page of them all cost 6-9 s of CPU and 285 MB.
HISTORY_PAGE = 100


@login_required
@require_safe
def match_history(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match's changes, oldest first, a page of HISTORY_PAGE at a time; the latest page unless ``?page=``."""
    match = _get_match_for_user(request, match_id)
    pages = Paginator(match.changes.select_related("user").order_by("at", "id"), HISTORY_PAGE)
    page = pages.get_page(request.GET.get("page") or pages.num_pages)
    rows = change_rows(match, page.object_list)
    # A removed deal can be put back from here (deal_restore).
    return render(request, "scoring/history.html", {"match": match, "rows": rows, "page": page, "restore": True})


@login_required
@require_POST
def deal_restore(request: HttpRequest, match_id: int, change_id: int) -> HttpResponse:
    """Put a removed deal back as the next deal: the redo of an undo (the deal removed last, back in its
    place) or, from the history, any deal removed. Its key is the removal's, so a second tap never stores
    it twice; the rules judge it as any new deal (no deal after the end of the match)."""
    match = _get_match_for_user(request, match_id)
    change = get_object_or_404(match.changes, pk=change_id, action=Change.Action.REMOVED)
    number = match.deals.count() + 1
    try:
        saved = save_deal(
            match=match, user=request.user, number=number, entry=change.before, key=f"restore-{change.pk}"
        )
    except Conflict as conflict:
        messages.warning(request, conflict.message)
    except EntryError as error:
        text = _("Deal %(number)s was not put back: %(error)s") % {
            "number": change.number,
            "error": sentence(error.message, error.rule),
        }
        messages.warning(request, text)
    else:
        if saved.repeated:
            messages.info(request, _("That deal was already put back, as deal %(number)s.") % {"number": saved.number})
        else:
            messages.success(request, _("Deal %(number)s put back.") % {"number": saved.number})
    return redirect("match", match_id=match.pk)


@login_required
@require_http_methods(["GET", "POST"])
def match_delete(request: HttpRequest, match_id: int) -> HttpResponse:
    """GET asks "Delete this match?"; only the POST deletes it, its deals, history and checked hands."""
    match = _get_match_for_user(request, match_id)
    if request.method == "POST":
        name = match.name
        match.delete()
        messages.success(request, _("Match %(name)s deleted.") % {"name": name})
        return redirect("home")
    return render(request, "scoring/match_delete.html", {"match": match, "deal_count": match.deals.count()})


def _match_file_response(match: Match) -> HttpResponse:
    body = json.dumps(match.match_file().to_json(), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.file_name("json")}"'
    return response


@login_required
@require_safe
def match_download(request: HttpRequest, match_id: int) -> HttpResponse:
    return _match_file_response(_get_match_for_user(request, match_id))


# The share link (scoring/share.py). GET asks first, as the match page's dialog does, since a new
# link or a stopped one breaks the link every other phone holds; only the POST changes it.


@login_required
@require_http_methods(["GET", "POST"])
def share_regenerate(request: HttpRequest, match_id: int) -> HttpResponse:
    """A new share link, or the first one again if sharing was stopped."""
    match = _get_match_for_user(request, match_id)
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
    match = _get_match_for_user(request, match_id)
    if match.share_token is None:
        messages.info(request, _("This match is not shared."))
        return redirect(reverse("match", args=[match.pk]) + "#share")
    if request.method == "GET":
        return render(request, "scoring/share_confirm.html", {"match": match, "ask": "stop"})
    stop_sharing(match=match)
    messages.success(request, _("Sharing stopped: the share link no longer works."))
    return redirect(reverse("match", args=[match.pk]) + "#share")


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
