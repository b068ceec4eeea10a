"""The report's content, and the CSV of a match's deals (one row per deal)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from referee.core.replay import replay_document
from referee.core.verdict import RecordError
from referee.models import ContestedHand
from reports.chart import running_totals_chart
from scoring.changes import ChangeRow, account_name, change_rows, describe_entry
from scoring.core.base import FieldKind, Flags, Game, deal_state, side_titles
from scoring.core.match import MatchResult
from scoring.marks import needs_shaping, short_names
from scoring.models import Change, Match
from scoring.sheet import flags_in_force, points_text, score_pad, sheet_rows, winners_text
from scoring.table import deal_marks, deal_records

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


def _entry_cells(game: Game, flags: Flags) -> list[tuple[str, str, int | None, bool]]:
    """The CSV columns of the deal entry, from the game's entry spec (docs/match-file.md): (header,
    entry field, seat, whether its value is a seat); a per-seat field gets one column per seat, ``calls[0]``,
    ``calls[1]``..."""
    columns: list[tuple[str, str, int | None, bool]] = []
    for field in game.entry_spec(flags).fields:
        is_seat = field.kind is FieldKind.SEAT
        if field.per_seat:
            columns += [(f"{field.name}[{seat}]", field.name, seat, is_seat) for seat in range(game.seats)]
        else:
            columns.append((field.name, field.name, None, is_seat))
    return columns


def entry_columns(match: Match) -> list[str]:
    """The headers of the CSV's entry columns for ``match``."""
    return [title for title, _field, _seat, _is_seat in _entry_cells(match.rules, frozenset(match.flags))]


def csv_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula gets a leading `'`, shown as text.

    Only text is guarded: player names and everything built from them, whoever typed them. Points
    and totals are numbers and stay numbers (a score of -50 is written `-50`, not `'-50`).
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(match: Match, result: MatchResult) -> str:
    """UTF-8 CSV with a header row: deal, dealer, short form, result, the points held over after the deal, the entry
    fields, then points and totals per side.

    The entry fields are each deal's normalised entry (`Game.to_entry`), a seat written as the player's name (a
    declarer, a taker), as a spreadsheet reads it; the result is the JSON sheet's code (docs/match-file.md). Every
    text cell goes through `csv_cell`, so no user-typed name is read as a formula."""
    game = result.match.rules
    flags = result.match.flags
    columns = _entry_cells(game, flags)
    names = result.names
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    # The first headings and each side's two are words, in the reader's language; the entry columns are the match
    # file's own field names (docs/match-file.md), the same in every language, and so is a result's code.
    header = (
        [
            pgettext("CSV heading", "deal"),
            pgettext("CSV heading", "dealer"),
            pgettext("CSV heading", "played"),
            pgettext("CSV heading", "result"),
            pgettext("CSV heading", "held over"),
        ]
        + [title for title, _field, _seat, _is_seat in columns]
        + [pgettext("CSV heading", "%(side)s points") % {"side": name} for name in names]
        + [pgettext("CSV heading", "%(side)s total") % {"side": name} for name in names]
    )
    writer.writerow([csv_cell(cell) for cell in header])
    players = result.match.players
    before: Any = None
    for deal in result.deals:
        entry = game.to_entry(deal.deal)
        values = []
        for _title, field, seat, is_seat in columns:
            value = entry.get(field)
            if seat is not None and isinstance(value, list):
                value = value[seat]
            if is_seat and isinstance(value, int) and not isinstance(value, bool):
                value = players[value]
            values.append("" if value is None or value is False else ("true" if value is True else value))
        short = game.describe(deal.deal, players)
        kind = deal_state(game, deal.deal, deal.score, flags, dealer=deal.dealer, before=before).result
        before = deal.score.carry
        row = [deal.number, players[deal.dealer], short, kind, deal.score.held_over, *values]
        writer.writerow([csv_cell(cell) for cell in [*row, *deal.score.points, *deal.totals]])
    return buffer.getvalue()


def _corrections(match: Match, *, shared: bool) -> tuple[list[ChangeRow], bool]:
    """The last corrections (edits, undos and deals the referee ruled), oldest first, each in the game's
    words and with who made it; and whether older ones were left out.

    A share link shows "owner" for the owner's own changes: a login name is half a credential.
    """
    latest = list(
        Change.objects.filter(match=match)
        # An edit or an undo, or a deal the referee's ruling put in
        .filter(Q(action__in=[Change.Action.EDITED, Change.Action.REMOVED]) | Q(ruling__isnull=False))
        .select_related("user")
        .order_by("-at", "-id")[: SHOWN_CORRECTIONS + 1]
    )
    shown = latest[:SHOWN_CORRECTIONS][::-1]
    who = (lambda change: _who(change, match)) if shared else account_name
    return change_rows(match, shown, who), len(latest) > SHOWN_CORRECTIONS


def _who(change: Change, match: Match) -> str:
    if change.user is None:
        return _("(deleted account)")
    return _("owner") if change.user_id == match.owner_id else _("another account")


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
        entry = verdict.deal_entry
        verdicts.append(
            {
                "hand": hand,
                "verdict": verdict,
                "result": describe_entry(match.rules, entry, match.flags, match.players) if entry else "",
                "violations": violations[:SHOWN_VIOLATIONS],
                "more_violations": max(0, len(violations) - SHOWN_VIOLATIONS),
            }
        )
    return verdicts, len(latest) > SHOWN_VERDICTS


def result_words(result: MatchResult) -> tuple[str, str]:
    """The result as a player says it: a headline ("Dora won", "A draw", "Not finished yet") and the
    game's reason as a sentence ("Dora passed 500 first"); the rule goes beside it."""
    outcome = result.outcome
    if outcome is None:
        dealer = result.match.players[result.next_dealer] if result.next_dealer is not None else ""
        if not dealer:
            return _("Not finished yet"), str(result.stage)
        return _("Not finished yet"), _("%(stage)s; %(dealer)s deals next") % {"stage": result.stage, "dealer": dealer}
    if len(outcome.winners) == len(result.names):
        headline = _("A draw")
    elif len(outcome.winners) > 1:
        headline = _("%(winners)s share the win") % {"winners": winners_text(result)}
    else:
        headline = _("%(winners)s won") % {"winners": winners_text(result)}

    return headline, outcome.reason[:1].upper() + outcome.reason[1:]


def axis_words(*, pdf: bool) -> dict[str, Any]:
    """The chart's axis titles in the reader's language, and whether the PDF draws them as HTML over the
    chart rather than as SVG text: WeasyPrint lays SVG text out a letter at a time, which breaks a word
    whose letters join (Devanagari), while its HTML text is shaped. Latin words stay SVG text."""
    deal, points = pgettext("chart axis: the deal number", "Deal"), _("Total points")
    return {"axis_deal": deal, "axis_points": points, "axes_in_html": pdf and needs_shaping(deal + points)}


def side_columns(game: Game, titles: tuple[str, ...], names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each side's column heading and the short one a phone shows: the game's label for the side
    where it has one ("N-S" for "N-S: Anna & Cleo"), else the players' short names ("A & C", "Fari.")."""
    shorts = list(game.side_labels) if game.side_labels else short_names(names)
    return list(zip(titles, shorts, strict=True))


def _mark_rows(match: Match, rows: list[dict[str, Any]], *, shared: bool) -> int:
    """Each row's mark while the table has not confirmed it, and the record behind it (who entered, confirmed,
    disputed, when: scoring/table.py), for a match played from every phone; returns how many are not confirmed
    (a match may end with some: the report says so)."""
    if match.table_token is None and match.confirmation == "off":
        return 0
    marks, records = deal_marks(match), deal_records(match, public=shared)
    for row in rows:
        row["mark"] = marks.get(row["number"], "")
        row["record"] = ", ".join(records.get(row["number"], []))
    return len(marks)


def report_context(match: Match, *, shared: bool, pdf: bool = False) -> dict[str, Any]:
    """Everything the report shows, from a fixed number of queries.

    The PDF's score sheet holds the last `PDF_DEALS` deals only; the page holds them all.
    """
    deals = list(match.deals.all())
    result = match.evaluate(deals)
    game = result.match.rules
    names = side_titles(game, result.match.players)  # "N-S: Anna & Cleo" where the game labels its sides
    corrections, older_corrections = _corrections(match, shared=shared)
    rows = sheet_rows(result)
    unconfirmed = _mark_rows(match, rows, shared=shared)
    deal_count = len(rows)
    if pdf and deal_count > PDF_DEALS:
        rows = rows[-PDF_DEALS:]
    verdicts, older_verdicts = _verdicts(match)
    headline, reason = result_words(result)
    return {
        "match": match,
        "game": game,
        "result": result,
        "headline": headline,
        "reason": reason,
        "partnerships": any(len(side) > 1 for side in game.sides),
        "flags": flags_in_force(result),
        "side_columns": side_columns(game, names, result.names),
        "rows": rows,
        "pad": score_pad(result),
        "deal_count": deal_count,
        "pdf_deals": PDF_DEALS,
        "rows_cut": len(rows) < deal_count,
        "totals": [(name, points_text(total)) for name, total in zip(names, result.totals, strict=True)],
        "chart": running_totals_chart(list(names), [deal.totals for deal in result.deals]),
        "corrections": corrections,
        "older_corrections": older_corrections,
        "unconfirmed": unconfirmed,
        "verdicts": verdicts,
        "older_verdicts": older_verdicts,
        **axis_words(pdf=pdf),
    }
