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


def entry_columns(match: Match) -> list[str]:
    columns = []
    for field in ENTRY_FIELDS[match.game]:
        if field in LIST_FIELDS and not (field == "tricks" and match.game != "call_bridge"):
            columns += [f"{field}[{seat}]" for seat in range(len(match.players))]
        else:
            columns.append(field)
    return columns


def csv_text(match: Match, result: MatchResult) -> str:
    """UTF-8 CSV with a header row: deal, dealer, short form, entry fields, then points and totals per player."""
    columns = entry_columns(match)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        ["deal", "dealer", "played", *columns]
        + [f"{name} points" for name in match.players]
        + [f"{name} total" for name in match.players]
    )
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
        writer.writerow([deal.number, match.players[deal.dealer], short, *values, *deal.score.points, *deal.totals])
    return buffer.getvalue()


def report_context(match: Match) -> dict[str, Any]:
    """Everything the report shows, from a fixed number of queries."""
    deals = list(match.deals.all())
    result = match.evaluate(deals)
    game = GAMES[match.game]
    players = match.players
    corrections = list(
        Change.objects.filter(match=match, action__in=[Change.Action.EDITED, Change.Action.REMOVED]).select_related(
            "user"
        )
    )
    verdicts = []
    for hand in ContestedHand.objects.filter(match=match).order_by("deal_number", "pk"):
        try:
            verdict = replay_document(hand.record)[1]
        except RecordError:
            continue  # a hand still being set up has no verdict yet
        verdicts.append({"hand": hand, "verdict": verdict})
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
        "rows": sheet_rows(result),
        "totals": list(zip(players, result.totals, strict=True)),
        "chart": running_totals_chart(list(players), [deal.totals for deal in result.deals]),
        "corrections": corrections,
        "verdicts": verdicts,
    }
