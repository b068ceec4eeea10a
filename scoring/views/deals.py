"""Deals: save, the first step of a two-step deal, the live preview, edit, undo and restore.

Each htmx answer is the match page's (`matches.match_page`): 200 saved, 409 a conflict with another
phone, 422 the form with its errors marked."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.core.base import EntryError
from scoring.core.match import check_deal, evaluate
from scoring.core.steps import first_text
from scoring.forms import Step, sentence
from scoring.models import Change
from scoring.services import (
    Conflict,
    FirstStepConflict,
    edit_deal,
    remove_last_deal,
    save_deal,
    save_first_step,
)
from scoring.sheet import points_text
from scoring.table import device_for, may_edit
from scoring.views.common import compressed, deal_form, match_for_user, posted_key, posted_number
from scoring.views.matches import match_page
from scoring.views.table import match_for_table, table_login_required


@compressed
@table_login_required
@require_POST
def deal_add(request: HttpRequest, match_id: int) -> HttpResponse:
    """Save the next deal. The htmx answer says what happened in place: 200 the new sheet and "Deal N
    saved.", 409 the current sheet and why nothing was saved, 422 the form with its errors marked; a
    plain post redirects (or shows the same page) with the message. The owner and every seat's device at
    the table (scoring/table.py) may save one."""
    match, device, _owner = match_for_table(request, match_id)
    deals = list(match.deals.all())
    number = posted_number(request)
    # A deal entered in two steps carries the revision of the first step its page showed.
    progress = posted_number(request, "progress") if "progress" in request.POST else None
    if progress is None:
        form = deal_form(match, deals, request.POST)
    else:
        shown = match.in_progress(number or 0)
        form = deal_form(match, deals, request.POST, step=Step.REST, entry=shown["entry"] if shown else None)
    if number is None:
        text = _("The form was missing its deal number; reload the page and enter the deal again.")
        if request.htmx:
            return match_page(request, match, status=409, notice=text, event={"deal-conflict": {"number": None}})
        messages.error(request, text)
        return redirect("match", match_id=match.pk)
    if form.is_valid():
        try:
            saved = save_deal(
                match=match,
                user=request.user if request.user.is_authenticated else None,
                number=number,
                entry=form.entry(),
                key=posted_key(request),
                progress=progress,
                device=device,
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
            return match_page(request, match, status=409, notice=conflict.message, event=event)
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
            return match_page(request, match, result=saved.result, notice=text, event=event, sheet=added)
    form.mark_missing()
    return match_page(request, match, form=form, status=422, event={"deal-refused": {"number": number}}, sheet="none")


@compressed
@table_login_required
@require_POST
def deal_first(request: HttpRequest, match_id: int) -> HttpResponse:
    """Save the first step of the next deal (the calls) as the deal in progress, or correct it. The
    answers are deal_add's: 200 the page with the rest of the deal to enter, 409 the current page
    and why nothing was saved (with what this phone entered, in words), 422 the form marked."""
    match, _device, _owner = match_for_table(request, match_id)
    deals = list(match.deals.all())
    form = deal_form(match, deals, request.POST, step=Step.FIRST)
    number = posted_number(request)
    revision = posted_number(request, "progress")
    if number is None or revision is None:
        text = _("The form was missing its deal number; reload the page and enter it again.")
        return match_page(request, match, status=409, notice=text, event={"first-conflict": {"number": number}})
    title = form.spec.first_title
    if form.is_valid():
        try:
            result = save_first_step(match=match, number=number, revision=revision, entry=form.entry())
        except Conflict as conflict:
            match.refresh_from_db()
            # Said in calling order, as the form listed them: from the dealer of the deal this phone entered.
            dealer = evaluate(form.match_file).dealer_of(number)
            yours = first_text(form.spec, form.entry(), match.players, dealer).partition(": ")[2]
            text = _("%(conflict)s Yours were: %(yours)s.") % {"conflict": conflict.message, "yours": yours}
            return match_page(request, match, status=409, notice=text, event={"first-conflict": {"number": number}})
        except EntryError as error:
            form.refuse(error)
        else:
            match.refresh_from_db()
            text = _("%(what)s for deal %(number)s saved.") % {"what": title, "number": number}
            if not request.htmx:
                messages.success(request, text)
                return redirect("match", match_id=match.pk)
            event = {"first-saved": {"number": number}}
            return match_page(request, match, result=result, notice=text, event=event, sheet="none")
    form.mark_missing()
    return match_page(request, match, form=form, status=422, event={"deal-refused": {"number": number}}, sheet="none")


@compressed
@table_login_required
@require_POST
def deal_preview(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live preview: the deal's points and breakdown, or the rule it breaks."""
    match, _device, _owner = match_for_table(request, match_id)
    deals = list(match.deals.all())
    replace = posted_number(request, "replace")
    if replace is not None and not 1 <= replace <= len(deals):
        replace = None
    form = deal_form(match, deals, request.POST, replace=replace)
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
    number = replace or posted_number(request)
    context = {"form": form, "preview": preview, "match": match, "number": number}
    return render(request, "scoring/match.html#preview", context)


@compressed
@table_login_required
@require_http_methods(["GET", "POST"])
def deal_edit(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """The edit page, and its post. From the match page (htmx), a post is a phone replacing a deal another
    phone saved meanwhile with its own entry (the conflict's choice, static/js/table.js): answered as a save
    is, with the whole sheet, since every total after the deal may change. A seat's device at the table
    edits only its own deals not yet confirmed (scoring/table.py, may_edit)."""
    match, device, owner = match_for_table(request, match_id)
    deals = list(match.deals.all())
    deal = next((deal for deal in deals if deal.number == number), None)
    htmx = request.method == "POST" and bool(request.htmx)
    if deal is not None and not may_edit(match, deal, device, owner):
        text = _(
            "Deal %(number)s was entered from another seat or is confirmed: only the match's scorer can change it."
        )
        if htmx:
            return match_page(request, match, status=403, notice=text % {"number": number})
        messages.warning(request, text % {"number": number})
        return redirect("match", match_id=match.pk)
    if deal is None and request.method == "POST":
        # The edit page was open while another phone undid this deal: say so, lose nothing else.
        text = _("Deal %(number)s no longer exists; it was removed from another phone.")
        if htmx:
            return match_page(request, match, status=409, notice=text % {"number": number})
        messages.warning(request, text % {"number": number})

        return match_page(request, match, status=409)
    if deal is None:
        raise Http404(_("No such deal"))
    form = deal_form(match, deals, request.POST or None, replace=number, entry=deal.entry)
    status = 200
    revision = deal.revision
    if request.method == "POST":
        revision = posted_number(request, "revision") or 0
        if form.is_valid():
            try:
                result = edit_deal(
                    match=match,
                    user=request.user if request.user.is_authenticated else None,
                    number=number,
                    revision=revision,
                    entry=form.entry(),
                    device=device,
                )
            except Conflict as conflict:
                if htmx:
                    now = match.deals.filter(number=number).values_list("revision", flat=True).first()
                    event = {"deal-conflict": {"number": number, "revision": now}}
                    return match_page(request, match, status=409, notice=conflict.message, event=event)
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
                    return match_page(request, match, result=result, notice=text % {"number": number}, event=event)
                messages.success(request, text % {"number": number})
                return redirect("match", match_id=match.pk)
        if htmx:
            errors = " ".join(text for _label, text in form.all_errors())
            text = _("Deal %(number)s was not replaced: %(errors)s") % {"number": number, "errors": errors}
            return match_page(request, match, status=422, notice=text, event={"deal-refused": {"number": number}})
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
    match = match_for_user(request, match_id)
    deals = list(match.deals.all())
    if not deals:
        messages.info(request, _("There is no deal to undo."))
        return redirect("match", match_id=match.pk)
    last = deals[-1]
    if request.method == "POST":
        number = posted_number(request)
        try:
            remove_last_deal(match=match, user=request.user, number=number or 0, device=device_for(request, match))
        except Conflict as conflict:
            messages.warning(request, conflict.message)
        else:
            messages.success(request, _("Deal %(number)s removed.") % {"number": number})
        return redirect("match", match_id=match.pk)
    game = match.rules
    short = game.describe(game.parse_deal(last.entry, frozenset(match.flags)), tuple(match.players))
    return render(request, "scoring/deal_undo.html", {"match": match, "deal": last, "short": short})


@login_required
@require_POST
def deal_restore(request: HttpRequest, match_id: int, change_id: int) -> HttpResponse:
    """Put a removed deal back as the next deal: the redo of an undo (the deal removed last, back in its
    place) or, from the history, any deal removed. Its key is the removal's, so a second tap never stores
    it twice; the rules judge it as any new deal (no deal after the end of the match)."""
    match = match_for_user(request, match_id)
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
