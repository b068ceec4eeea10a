"""The report's content, and the CSV of a match's deals (one row per deal)."""

from __future__ import annotations

import csv
import io
from typing import Any

from referee.core.replay import replay_document
from referee.core.verdict import RecordError
from referee.models import ContestedHand
from reports.chart import running_totals_chart
from scoring.core.games import GAMES
from scoring.core.match import MatchResult
from scoring.models import Change, Match
from scoring.sheet import sheet_rows

# The entry fields of each game, in column order (docs/match-file.md); lists get one column per seat.
ENTRY_FIELDS: dict[str, tuple[str, ...]] = {
    "bridgette": ("passed_out", "declarer", "level", "strain", "doubled", "tricks"),
    "draw_bridge": ("passed_out", "declarer", "level", "strain", "doubled", "tricks"),
    "call_bridge": ("calls", "tricks"),
    "klaberjass": ("annulled", "maker", "trump", "card_points", "last_trick", "sequence_points", "bella"),
}
LIST_FIELDS = {"calls", "tricks", "card_points", "sequence_points"}

# The PDF of a long match prints its result, its chart and its last deals only: laying out a table
# row costs WeasyPrint tens of milliseconds, so a 500-deal sheet took 24 s and 250 MB. The CSV and
# the match file hold every deal; `make bench` measures every report at the most deals a match holds.
PDF_DEALS = 30
# The report (page and PDF) lists the last corrections and refereed hands only, and the first
# violations of each hand: a match gathers them without limit (every edit, every Check a hand), so
# they are bounded as the deals are. The owner's history page has every correction.
SHOWN_CORRECTIONS = 20
SHOWN_VERDICTS = 10
SHOWN_VIOLATIONS = 5
# A spreadsheet reads a cell that starts with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def entry_columns(match: Match) -> list[str]:
    columns = []
    for field in ENTRY_FIELDS[match.game]:
        if field in LIST_FIELDS and not (field == "tricks" and match.game != "call_bridge"):
            columns += [f"{field}[{seat}]" for seat in range(len(match.players))]
        else:
            columns.append(field)
    return columns


def csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula gets a leading `'`, shown as text.

    Only text is guarded: player names and everything built from them, whoever typed them. Points
    and totals are numbers and stay numbers (a score of -50 is written `-50`, not `'-50`).
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(match: Match, result: MatchResult) -> str:
    """UTF-8 CSV with a header row: deal, dealer, short form, entry fields, then points and totals per player.

    Every text cell goes through `csv_cell`, so no user-typed name is read as a formula."""
    columns = entry_columns(match)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    header = (
        ["deal", "dealer", "played", *columns]
        + [f"{name} points" for name in match.players]
        + [f"{name} total" for name in match.players]
    )
    writer.writerow([csv_cell(cell) for cell in header])
    game = GAMES[match.game]
    for deal, stored in zip(result.deals, result.match.deals, strict=True):
        values = []
        for column in columns:
            field, _, index = column.partition("[")
            value = stored.get(field)
            if index and isinstance(value, list):
                value = value[int(index.rstrip("]"))]
            values.append("" if value is None or value is False else ("true" if value is True else value))
        short = game.describe(deal.deal, tuple(match.players))
        row = [deal.number, match.players[deal.dealer], short, *values, *deal.score.points, *deal.totals]
        writer.writerow([csv_cell(cell) for cell in row])
    return buffer.getvalue()


def _corrections(match: Match, *, shared: bool) -> tuple[list[tuple[Change, str]], bool]:
    """The last corrections, oldest first, each with who made it; and whether older ones were left out.

    A share link shows "owner" for the owner's own changes: a login name is half a credential.
    """
    latest = list(
        Change.objects.filter(match=match, action__in=[Change.Action.EDITED, Change.Action.REMOVED])
        .select_related("user")
        .order_by("-at", "-id")[: SHOWN_CORRECTIONS + 1]
    )
    shown = latest[:SHOWN_CORRECTIONS][::-1]
    return [(change, _who(change, match, shared=shared)) for change in shown], len(latest) > SHOWN_CORRECTIONS


def _who(change: Change, match: Match, *, shared: bool) -> str:
    if change.user is None:
        return "(deleted account)"
    if not shared:
        return str(change.user.get_username())
    return "owner" if change.user_id == match.owner_id else "another account"


def _verdicts(match: Match) -> tuple[list[dict[str, Any]], bool]:
    """The referee's verdicts on the last hands checked for this match, in deal order; and whether
    older hands were left out."""
    latest = list(ContestedHand.objects.filter(match=match).order_by("-pk")[: SHOWN_VERDICTS + 1])
    verdicts = []
    for hand in sorted(latest[:SHOWN_VERDICTS], key=lambda hand: (hand.deal_number or 0, hand.pk)):
        try:
            verdict = replay_document(hand.record)[1]
        except RecordError:
            continue  # a hand still being set up has no verdict yet
        violations = verdict.violations
        verdicts.append(
            {
                "hand": hand,
                "verdict": verdict,
                "violations": violations[:SHOWN_VIOLATIONS],
                "more_violations": max(0, len(violations) - SHOWN_VIOLATIONS),
            }
        )
    return verdicts, len(latest) > SHOWN_VERDICTS


def report_context(match: Match, *, shared: bool, pdf: bool = False) -> dict[str, Any]:
    """Everything the report shows, from a fixed number of queries.

    The PDF's score sheet holds the last `PDF_DEALS` deals only; the page holds them all.
    """
    deals = list(match.deals.all())
    result = match.evaluate(deals)
    game = GAMES[match.game]
    players = match.players
    corrections, older_corrections = _corrections(match, shared=shared)
    rows = sheet_rows(result)
    deal_count = len(rows)
    if pdf and deal_count > PDF_DEALS:
        rows = rows[-PDF_DEALS:]
    verdicts, older_verdicts = _verdicts(match)
    if result.outcome is None:
        ended = "In progress"
    else:
        ended = f"{' and '.join(players[seat] for seat in result.winners)}: {result.outcome.reason}"
    return {
        "match": match,
        "game": game,
        "result": result,
        "ended": ended,
        "flags": [game.flags[name] for name in match.flags if name in game.flags],
        "seats": list(enumerate(players)),
        "rows": rows,
        "deal_count": deal_count,
        "pdf_deals": PDF_DEALS,
        "rows_cut": len(rows) < deal_count,
        "totals": list(zip(players, result.totals, strict=True)),
        "chart": running_totals_chart(list(players), [deal.totals for deal in result.deals]),
        "corrections": corrections,
        "older_corrections": older_corrections,
        "verdicts": verdicts,
        "older_verdicts": older_verdicts,
    }
