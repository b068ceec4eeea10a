"""The club night's pages (docs/rules/club.md): the director's (the event's owner: events, a new event, the event
with its rounds, the night's results, leagues) and the room's, by the event link (the tables and standings, the
projector, the results). The event link only reads; every write is the director's, looked up from the user
(docs/style.md 6)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import caches
from django.db.models import Count, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.crypto import constant_time_compare
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from club import pairs, results, services
from club.core.duplicate import boards
from club.forms import BoardResultForm, EventForm, LeagueForm, MoveForm, PairsSessionForm
from club.models import BoardResult, Event, League, PairsSession
from club.standing import Night, league_table, night
from reports.views import _address_key, _pdf_rate_per_address, _pdf_rate_per_share_link, _share_link_key
from scoring.core.contract import seat_letters
from scoring.core.games import GAMES
from scoring.models import Match
from scoring.share import qr_svg
from scoring.views.common import login_required_htmx

# The room's pages refresh by themselves (htmx polling): the event page every 10 s, the projector every 5 s.
PUBLIC_POLL = 10
PROJECTOR_POLL = 5


def _owned(request: HttpRequest, event_id: int) -> Event:
    return get_object_or_404(Event.objects.filter(owner=request.user), pk=event_id)


def _linked(token: str) -> Event:
    return get_object_or_404(Event, token=token)


def _back(event: Event) -> HttpResponse:
    return redirect("club_event", event_id=event.pk)


@login_required
@require_safe
def events(request: HttpRequest) -> HttpResponse:
    """The director's events and leagues, and the games to start an event of."""
    context = {
        "events": Event.objects.filter(owner=request.user).select_related("league"),
        "leagues": League.objects.filter(owner=request.user),
        "games": GAMES.values(),
        "sessions": PairsSession.objects.filter(owner=request.user),
    }
    return render(request, "club/events.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    """A new event of the game in ``?game=`` (its house rules and target laid out for it)."""
    source = request.POST if request.method == "POST" else request.GET
    game = source.get("game")
    if game not in GAMES:
        return render(request, "club/event_new.html", {"games": GAMES.values()})
    form = EventForm(request.POST or None, game=game, owner=request.user)
    if request.method == "POST" and form.is_valid():
        event = services.create_event(owner=request.user, data=form.cleaned_data, teams=form.teams)
        text = _("Event %(name)s made: draw the first round when everyone is here.")
        messages.success(request, text % {"name": event.name})
        return _back(event)
    status = 422 if request.method == "POST" else 200
    return render(request, "club/event_new.html", {"form": form, "game": GAMES[game]}, status=status)


def _tables_context(request: HttpRequest, state: Night) -> list[dict[str, Any]]:
    """The current round's tables as the director's page shows them: players, score, table link and QR code."""
    current = state.current
    if current is None:
        return []
    rows = []
    for t in current.tables:
        url = None
        if t.match is not None and t.match.table_token:
            url = request.build_absolute_uri(reverse("table_join", args=[t.match.table_token]))
        rows.append({"table": t, "url": url, "qr": qr_svg(url) if url else ""})
    return rows


@login_required_htmx  # its status line is polled: an expired session is told so, not swapped in
@require_safe
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's page: the round in hand (draw, move, start; each table's link and match), the standings."""
    event = _owned(request, event_id)
    state = night(event)
    current = state.current
    move = None
    if current is not None and not current.started:
        choices = [(number, name) for number, name in state.names.items()]
        move = MoveForm(entrants=choices)
    if request.htmx and current is not None:  # the round's status line, polled while the director's page is open
        context = {"event": event, "state": state, "current": current, "polled": True}
        return render(request, "club/event.html#round-status", context)
    public = request.build_absolute_uri(reverse("club_public", args=[event.token]))
    context = {
        "event": event,
        "state": state,
        "tables": _tables_context(request, state),
        "move": move,
        "public_url": public,
        "public_qr": qr_svg(public),
    }
    return render(request, "club/event.html", context)


@login_required
@require_safe
def round_cards(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A started round's table cards, to print and lay on the tables: each table's players, table link and QR code."""
    event = _owned(request, event_id)
    state = night(event)
    played = next((r for r in state.rounds if r.number == number and r.started), None)
    if played is None:
        raise Http404(_("Round %(number)s has not started.") % {"number": number})
    cards = []
    for t in played.tables:
        if t.match is not None and t.match.table_token:
            url = request.build_absolute_uri(reverse("table_join", args=[t.match.table_token]))
            cards.append({"table": t, "url": url, "qr": qr_svg(url)})
    return render(request, "club/cards.html", {"event": event, "round": played, "cards": cards})


@login_required
@require_POST
def round_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _owned(request, event_id)
    try:
        drawn = services.draw_round(event=event)
    except services.Refused as refused:
        messages.error(request, refused.message)
        return _back(event)
    text = _("Round %(number)s drawn: move players if you must, then start it.")
    messages.success(request, text % {"number": drawn.number})
    return _back(event)


@login_required
@require_POST
def round_move(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _owned(request, event_id)
    names = dict(event.entrants.values_list("number", "players"))
    form = MoveForm(request.POST, entrants=[(n, " & ".join(p)) for n, p in names.items()])
    if not form.is_valid():
        errors = [str(error) for field in form.errors.values() for error in field]
        messages.error(request, _("Nobody was moved: %(error)s") % {"error": " ".join(errors)})
        return _back(event)
    try:
        services.swap(event=event, number=number, first=form.cleaned_data["first"], second=form.cleaned_data["second"])
    except services.Refused as refused:
        messages.error(request, refused.message)
        return _back(event)
    text = _("%(first)s and %(second)s swapped places.")
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    messages.success(request, text % {"first": " & ".join(names[first]), "second": " & ".join(names[second])})
    return _back(event)


@login_required
@require_POST
def round_start(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _owned(request, event_id)
    try:
        services.start_round(event=event, number=number)
    except services.Refused as refused:
        messages.error(request, refused.message)
        return _back(event)
    messages.success(request, _("Round %(number)s started: each table joins by its link.") % {"number": number})
    return _back(event)


@login_required
@require_POST
def standings_visibility(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _owned(request, event_id)
    hidden = request.POST.get("hide") == "on"
    services.show_standings(event=event, hidden=hidden)
    if hidden:
        messages.success(request, _("The standings are hidden from the room until you show them."))
    else:
        messages.success(request, _("The standings are shown to the room."))
    return _back(event)


# The room's pages, by the event link


def _live(event: Event, template: str, poll: int) -> SafeString:
    """The polled part of a room's page (``template``'s "live" partial), rendered once for each state of the
    event and served from the "sheets" cache to every phone and projector polling it, as a share link's sheet is:
    a hundred watchers cost one evaluation of the event's tables for each write, not one each.

    Nothing is invalidated: the key holds what the fragment depends on, the director's writes (``Event.version``),
    every table's match version (bumped by each deal written, confirmed or disputed, and by a rename), the count of
    matches (one deleted), the language and the URL prefix its links start with."""
    tables = Match.objects.filter(club_table__round__event=event).aggregate(version=Sum("version"), count=Count("id"))
    prefix = hashlib.blake2s(get_script_prefix().encode(), digest_size=8).hexdigest()
    key = f"club:{template}:{event.pk}:{event.version}:{tables['version']}:{tables['count']}:{get_language()}:{prefix}"
    sheets = caches["sheets"]
    html: str | None = sheets.get(key)
    if html is None:
        context = {"event": event, "state": night(event), "poll": poll, "show": not event.hide_standings}
        html = render_to_string(f"{template}#live", context)
        sheets.set(key, html)
    return mark_safe(html)  # rendered (and escaped) by the template engine


def _room(request: HttpRequest, event: Event, template: str, poll: int) -> HttpResponse:
    live = _live(event, template, poll)
    if request.htmx:
        return HttpResponse(live)
    return render(request, template, {"event": event, "live": live})


@require_safe
def public(request: HttpRequest, token: str) -> HttpResponse:
    """The event as the room sees it: the round's tables and, unless the director hides them, the standings."""
    return _room(request, _linked(token), "club/public.html", PUBLIC_POLL)


@require_safe
def projector(request: HttpRequest, token: str) -> HttpResponse:
    """The projector: the round, the tables still playing and the standings, in big type, refreshed by itself."""
    return _room(request, _linked(token), "club/projector.html", PROJECTOR_POLL)


# The night's results


@login_required
@require_safe
def results_page(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _owned(request, event_id)
    return render(request, "club/results.html", results.context(event, public=False))


# The PDFs cost a second of CPU each: counted per address with the match reports' (and per event link), as theirs.
@login_required
@require_safe
@ratelimit(group="reports.pdf", key=_address_key, rate=_pdf_rate_per_address, block=True)
def results_pdf(request: HttpRequest, event_id: int) -> HttpResponse:
    return results.pdf_response(request, _owned(request, event_id), public=False)


@login_required
@require_safe
def results_csv(request: HttpRequest, event_id: int) -> HttpResponse:
    return results.csv_response(_owned(request, event_id), public=False)


@require_safe
def public_results(request: HttpRequest, token: str) -> HttpResponse:
    return render(request, "club/results.html", results.context(_linked(token), public=True))


@require_safe
@ratelimit(group="reports.pdf", key=_address_key, rate=_pdf_rate_per_address, block=True)
@ratelimit(group="club.shared_pdf", key=_share_link_key, rate=_pdf_rate_per_share_link, block=True)
def public_results_pdf(request: HttpRequest, token: str) -> HttpResponse:
    return results.pdf_response(request, _linked(token), public=True)


@require_safe
def public_results_csv(request: HttpRequest, token: str) -> HttpResponse:
    return results.csv_response(_linked(token), public=True)


# Leagues


@login_required
@require_http_methods(["GET", "POST"])
def leagues(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = services.create_league(owner=request.user, name=form.cleaned_data["name"])
        messages.success(request, _("League %(name)s made: choose it for each of its events.") % {"name": league.name})
        return redirect("club_league", league_id=league.pk)
    status = 422 if request.method == "POST" else 200
    context = {"form": form, "leagues": League.objects.filter(owner=request.user)}
    return render(request, "club/leagues.html", context, status=status)


@login_required
@require_safe
def league_detail(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League.objects.filter(owner=request.user), pk=league_id)
    return render(request, "club/league.html", {"table": league_table(league)})


# Duplicate pairs sessions (docs/rules/duplicate.md): every page is the director's.


def _session(request: HttpRequest, session_id: int) -> PairsSession:
    return get_object_or_404(PairsSession.objects.filter(owner=request.user), pk=session_id)


@login_required
@require_http_methods(["GET", "POST"])
def pairs_new(request: HttpRequest) -> HttpResponse:
    """A new session: its name, tables (the movement, DP-2.1), boards a round, scoring, house rules and pairs."""
    form = PairsSessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        session = PairsSession.objects.create(
            owner=request.user,
            name=data["name"],
            tables=data["tables"],
            boards_per_round=data["boards_per_round"],
            scoring=data["scoring"],
            flags=sorted(data["flags"]),
            pairs=data["pairs"],
        )
        messages.success(request, _("Session %(name)s made: here is its movement.") % {"name": session.name})
        return redirect("club_pairs", session_id=session.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "club/pairs_new.html", {"form": form}, status=status)


@login_required
@require_safe
def pairs_detail(request: HttpRequest, session_id: int) -> HttpResponse:
    """The session: its movement round by round (each table's pairs and boards, and how many results are in) and
    the standings (DP-6)."""
    session = _session(request, session_id)
    state = pairs.sheet(session)
    entered = set(session.results.values_list("board", "table"))
    rounds = [
        [
            {
                "table": t,
                "ns": state.names[t.ns],
                "ew": state.names[t.ew],
                "entered": sum((board, t.table) in entered for board in t.boards),
            }
            for t in round_
        ]
        for round_ in state.movement.rounds
    ]
    links = []
    for table in range(1, session.tables + 1):
        path = reverse("club_pairs_phone", args=[session.token, table, pairs.table_key(session, table)])
        url = request.build_absolute_uri(path)
        links.append({"table": table, "url": url, "qr": qr_svg(url)})
    context = {"session": session, "state": state, "rounds": rounds, "links": links}
    return render(request, "club/pairs.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def pairs_table(request: HttpRequest, session_id: int, number: int, table: int) -> HttpResponse:
    """The director's entry of one table's results in one round."""
    session = _session(request, session_id)
    return _table_entry(request, session, number, table, reverse("club_pairs", args=[session.pk]))


def _table_entry(request: HttpRequest, session: PairsSession, number: int, table: int, done: str) -> HttpResponse:
    """One table's results in one round, board by board, as they are written (DP-1.4). Each board's row is saved
    on its own: a bad row is shown again with its message, the good ones are kept. ``done``: where a save that
    refused nothing goes."""
    seat = pairs.seated(session, number, table)
    if seat is None:
        text = _("The movement has no table %(table)s in round %(number)s.")
        raise Http404(text % {"table": table, "number": number})
    stored = {r.board: r for r in session.results.filter(table=table, board__in=seat.boards)}
    data = request.POST if request.method == "POST" else None
    forms = []
    for board in seat.boards:
        initial = {}
        if board in stored:
            initial = pairs.initial(pairs.stored(stored[board].entry))
        forms.append(BoardResultForm(data, board=board, initial=initial))
    if request.method == "POST":
        for form in forms:
            if not form.is_valid():
                continue
            if form.read is None:  # a contract emptied removes the board's result; a row not posted keeps it
                if form.add_prefix("contract") not in request.POST:
                    continue
                BoardResult.objects.filter(session=session, board=form.board, table=table).delete()
                continue
            BoardResult.objects.update_or_create(
                session=session, board=form.board, table=table, defaults={"entry": pairs.entry_of(form.read)}
            )
        refused = [form for form in forms if form.errors]
        if not refused:
            text = _("Table %(table)s, round %(number)s: results saved.")
            messages.success(request, text % {"table": table, "number": number})
            return redirect(done)
        text = _("Some boards were not saved: put right the ones marked below; the others are kept.")
        messages.error(request, text)
    names = dict(enumerate(session.pairs, start=1))
    letters = seat_letters()
    rows = [
        {"form": form, "vulnerable": boards.vulnerability(form.board), "dealer": letters[boards.dealer(form.board)]}
        for form in forms
    ]
    context = {"session": session, "seat": seat, "number": number, "rows": rows, "back": done}
    context.update(ns=names[seat.ns], ew=names[seat.ew])
    status = 422 if request.method == "POST" else 200
    return render(request, "club/pairs_table.html", context, status=status)


def _table_link(token: str, table: int, key: str) -> PairsSession:
    """The session of a table's link, when its key is that table's (404 otherwise)."""
    session = get_object_or_404(PairsSession, token=token)
    if not 1 <= table <= session.tables or not constant_time_compare(key, pairs.table_key(session, table)):
        raise Http404(_("This table link is not one of the session's."))
    return session


@require_safe
def pairs_phone(request: HttpRequest, token: str, table: int, key: str) -> HttpResponse:
    """A table's link: the phone at the table sees its rounds (the pairs and boards of each) and enters them."""
    session = _table_link(token, table, key)
    state = pairs.sheet(session)
    entered = set(session.results.filter(table=table).values_list("board", flat=True))
    rounds = [
        {
            "number": number,
            "table": t,
            "ns": state.names[t.ns],
            "ew": state.names[t.ew],
            "entered": sum(board in entered for board in t.boards),
        }
        for number, round_ in enumerate(state.movement.rounds, start=1)
        for t in round_
        if t.table == table
    ]
    context = {"session": session, "table": table, "key": key, "rounds": rounds}
    return render(request, "club/pairs_phone.html", context)


@require_http_methods(["GET", "POST"])
def pairs_phone_round(request: HttpRequest, token: str, table: int, key: str, number: int) -> HttpResponse:
    """A table's link: its results in one round, entered from the phone at the table."""
    session = _table_link(token, table, key)
    return _table_entry(request, session, number, table, reverse("club_pairs_phone", args=[token, table, key]))


@login_required
@require_safe
def pairs_board(request: HttpRequest, session_id: int, board: int) -> HttpResponse:
    """A board's traveller: every table's result with its matchpoints or IMPs (DP-3.1, DP-4, DP-5)."""
    session = _session(request, session_id)
    state = pairs.sheet(session)
    if board not in state.travellers:
        raise Http404(_("The movement has no board %(board)s.") % {"board": board})
    context = {
        "session": session,
        "state": state,
        "board": board,
        "lines": state.travellers[board],
        "vulnerable": boards.vulnerability(board),
        "dealer": seat_letters()[boards.dealer(board)],
        "previous": board - 1 if board - 1 in state.travellers else None,
        "next": board + 1 if board + 1 in state.travellers else None,
    }
    return render(request, "club/pairs_board.html", context)


@login_required
@require_safe
def pairs_csv(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(request, session_id)
    body = "\ufeff" + pairs.csv_text(session)
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(session.name) or "session"}-{session.pk}.csv"'
    return response
