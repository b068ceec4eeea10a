"""The night's results (CL-5.1): the standings, each round's tables and scores, and the corrections and rulings made
at any table (scoring's Change records), as a page, a PDF (WeasyPrint, as the match report's) and a CSV.

By the event link, the standings are left out while the director hides them (CL-3.9), and nobody's account is
named (the table's seat and "guest", "director")."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from club.models import Event
from club.standing import Night, night
from club.templatetags.club import wins_text
from reports.sheet import csv_cell
from reports.views import html_document, page_footer
from scoring import table
from scoring.changes import ChangeRow, change_rows
from scoring.models import Change

# What a correction or a ruling is: a deal edited or removed, a dispute and its end, a deal the referee put in.
CORRECTIONS = (Change.Action.EDITED, Change.Action.REMOVED, Change.Action.DISPUTED, Change.Action.WITHDRAWN)


@dataclass(frozen=True, slots=True)
class Correction:
    round: int
    table: int
    row: ChangeRow


def _who(match: Any, public: bool) -> Any:
    if not public:
        return table.change_who(match)
    game, players = match.rules, tuple(match.players)

    def who(change: Change) -> str:
        if change.seat is None:
            return _("director")
        return table.device_label(change.device, change.seat, game, players, change.by, match)

    return who


def corrections(state: Night, public: bool) -> list[Correction]:
    found = []
    for r in state.rounds:
        for t in r.tables:
            if t.match is None:
                continue
            changes = t.match.changes.select_related("user", "device__user").order_by("at", "id")
            picked = [c for c in changes if c.action in CORRECTIONS or c.ruling]
            for row in change_rows(t.match, picked, who=_who(t.match, public)):
                found.append(Correction(r.number, t.number, row))
    return found


def context(event: Event, *, public: bool) -> dict[str, Any]:
    state = night(event)
    return {
        "event": event,
        "state": state,
        "show": not (public and event.hide_standings),
        "public": public,
        "corrections": corrections(state, public),
    }


def _file_name(event: Event, extension: str) -> str:
    return f"{slugify(event.name) or 'event'}-{event.pk}.{extension}"


def pdf_response(request: HttpRequest, event: Event, *, public: bool) -> HttpResponse:
    data = context(event, public=public)
    data.update(page_footer=page_footer())
    document = html_document(render_to_string("club/results_pdf.html", data, request=request))
    response = HttpResponse(document.write_pdf(), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(event, "pdf")}"'
    return response


def csv_text(event: Event, *, public: bool) -> str:
    """The standings, then every table of every round with its sides' points, then the corrections, each block
    after a heading row; numbers stay numbers, every text goes through `csv_cell`."""
    data = context(event, public=public)
    state: Night = data["state"]
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def row(*cells: Any) -> None:
        writer.writerow([csv_cell(cell) for cell in cells])

    if data["show"]:
        row(
            pgettext("CSV heading", "place"),
            pgettext("CSV heading", "entrant"),
            pgettext("CSV heading", "played"),
            pgettext("CSV heading", "won"),
            pgettext("CSV heading", "points"),
            pgettext("CSV heading", "conceded"),
            pgettext("CSV heading", "difference"),
        )
        for line in state.rows:
            s = line.standing
            row(s.place, line.name, s.played, wins_text(s.won), s.points, s.conceded, s.difference)
        row()
    row(
        pgettext("CSV heading", "round"),
        pgettext("CSV heading", "table"),
        pgettext("CSV heading", "side"),
        pgettext("CSV heading", "points"),
        pgettext("CSV heading", "deals"),
        pgettext("CSV heading", "finished"),
    )
    for r in state.rounds:
        for t in r.tables:
            for side, members in enumerate(t.sides):
                points = t.totals[side] if t.totals else ""
                name = " & ".join(state.names[entrant] for entrant in members)
                row(r.number, t.number, name, points, t.counted, _("yes") if t.finished else _("no"))
        for entrant in r.byes:
            row(r.number, "", state.names[entrant], _("bye"), "", "")
    if data["corrections"]:
        row()
        row(
            pgettext("CSV heading", "round"),
            pgettext("CSV heading", "table"),
            pgettext("CSV heading", "change"),
            pgettext("CSV heading", "by"),
            pgettext("CSV heading", "before"),
            pgettext("CSV heading", "after"),
            pgettext("CSV heading", "ruling"),
        )
        for c in data["corrections"]:
            row(c.round, c.table, c.row.what, c.row.who, c.row.before, c.row.after, "; ".join(c.row.ruling))
    return buffer.getvalue()


def csv_response(event: Event, *, public: bool) -> HttpResponse:
    body = "\ufeff" + csv_text(event, public=public)
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(event, "csv")}"'
    return response
