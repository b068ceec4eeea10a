"""Matches: the list, a new match, its page, names, rematch, history, match file and deletion.

Owner pages look the match up from the user (`match_for_user`)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scoring import groups, table
from scoring.changes import change_rows
from scoring.core.base import EntryError
from scoring.core.games import GAMES
from scoring.core.match import MatchResult
from scoring.forms import DealForm, NewMatchForm, RenamePlayersForm, Step
from scoring.models import Change, Match
from scoring.services import (
    create_match,
    rematch,
    rename_players,
)
from scoring.share import share_link
from scoring.sheet import sheet_context
from scoring.standing import state_text
from scoring.views.common import match_for_user
from scoring.views.players import MOST_SUGGESTIONS, known_names
from scoring.views.table import match_for_table, table_login_required, table_panel


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The user's matches, each with its state in words: all their deals in one query, each match evaluated. Matches
    another app groups (a club night's tables) are its own lines instead (scoring/groups.py)."""
    if not request.user.is_authenticated:
        return render(request, "scoring/home.html", {"rows": [], "sections": [], "games": GAMES.values()})
    matches, sections = groups.listed(Match.objects.for_user(request.user))
    rows = [{"match": match, "state": state_text(match)} for match in matches.with_deals()]
    context = {"rows": rows, "sections": sections, "games": GAMES.values()}
    return render(request, "scoring/home.html", context)


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
    if request.htmx:
        return render(request, "scoring/match_new.html#new-match-form", {"form": form})
    # The names the account plays with, most used first, offered in each name field as it is typed.
    names = [name for name, _count in known_names(request.user)[:MOST_SUGGESTIONS]]
    return render(request, "scoring/match_new.html", {"form": form, "setups": form.setups(), "names": names})


@login_required
@require_http_methods(["GET", "POST"])
def match_rename(request: HttpRequest, match_id: int) -> HttpResponse:
    """New names for the match's players, read as a new match's names are."""
    match = match_for_user(request, match_id)
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
    match = match_for_user(request, match_id)
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


def match_page(
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
    # The table link (scoring/table.py): the owner's page, or a seat's phone with fewer actions.
    owner = request.user.is_authenticated and match.owner_id == request.user.pk
    device = table.device_for(request, match)
    edits = table.editable_deals(match, device, owner)
    context = sheet_context(match, result, rows_from=len(result.deals) if new_rows else 1, edits=edits)
    if new_rows and context["pad"] is not None:  # a game's own pad (a rubber) changes with each deal: all of it
        new_rows = False
        context = sheet_context(match, result, edits=edits)
    context.update(new_rows=new_rows, whole_sheet=sheet == "whole" or (sheet == "added" and not new_rows))
    if form is None and not result.finished:
        form = _entry_form(request, match, result)
    context.update(form=form, next_number=len(result.deals) + 1, editable=True, notice=notice)
    context.update(owner=owner, device=device)
    # Redo of an undo: while the last change is the removal of the deal after the last one, it can be put back.
    last = match.changes.order_by("-at", "-id").first()
    removed = last is not None and last.action == Change.Action.REMOVED and last.number == len(result.deals) + 1
    context["redo"] = last if removed and not result.finished else None
    context["notice_level"] = "success" if status < 400 else "warning"
    template = "scoring/match.html#answer" if partial else "scoring/match.html"
    if template == "scoring/match.html":
        context["share"] = share_link(request, match) if owner else None  # the share panel (scoring/_share.html)
        context["table"] = table_panel(request, match) if owner else None  # the table panel (scoring/_table.html)
        context["pending"] = table.pending(match, context["device"])
        context["seat_label"] = table.device_label(
            context["device"], getattr(context["device"], "seat", None), match.rules, match.players
        )
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


@table_login_required
@require_safe
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match page: the owner's, or a seat's phone at the table (scoring/views/table.py)."""
    return match_page(request, match_for_table(request, match_id)[0])


# Changes shown per page of a match's history. Edits are not limited (each is a real change at the table), so
# the page is: at 25,000 edits one page of them all cost 6-9 s of CPU and 285 MB.
HISTORY_PAGE = 100


@login_required
@require_safe
def match_history(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match's changes, newest first, a page of HISTORY_PAGE at a time (page 1 the newest, ``?page=`` older).

    Each change keeps its number in the whole history (1 the oldest), so a page counts down: on 250 changes page 1
    holds 250 down to 151."""
    match = match_for_user(request, match_id)
    pages = Paginator(match.changes.select_related("user", "device__user").order_by("-at", "-id"), HISTORY_PAGE)
    page = pages.get_page(request.GET.get("page"))
    rows = change_rows(match, page.object_list, who=table.change_who(match))  # with the seat, from the table
    numbers = {"newest": pages.count - page.start_index() + 1, "oldest": pages.count - page.end_index() + 1}
    # A removed deal can be put back from here (deal_restore).
    context = {"match": match, "rows": rows, "page": page, "numbers": numbers, "restore": True}
    return render(request, "scoring/history.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def match_delete(request: HttpRequest, match_id: int) -> HttpResponse:
    """GET asks "Delete this match?"; only the POST deletes it, its deals, history and checked hands."""
    match = match_for_user(request, match_id)
    if request.method == "POST":
        name = match.name
        match.delete()
        messages.success(request, _("Match %(name)s deleted.") % {"name": name})
        return redirect("home")
    return render(request, "scoring/match_delete.html", {"match": match, "deal_count": match.deals.count()})


def _match_file_response(match: Match) -> HttpResponse:
    doc = match.match_file().to_json()
    record = table.table_file(match)  # the record of a match played from every phone (docs/match-file.md)
    if record is not None:
        doc["table"] = record
    body = json.dumps(doc, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.file_name("json")}"'
    return response


@login_required
@require_safe
def match_download(request: HttpRequest, match_id: int) -> HttpResponse:
    return _match_file_response(match_for_user(request, match_id))
