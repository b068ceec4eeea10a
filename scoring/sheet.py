"""Score sheets: the rows and standings the page templates show, and a plain-text sheet for the
command line. Columns are the game's sides (a side is named by its players, `side_names`)."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from html import escape
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import rulebook
from scoring.core.base import Flag, Flags, Line, PadRow, Points, RowWords, row_words, seat_titles
from scoring.core.match import MatchResult
from scoring.core.steps import first_text
from scoring.marks import mark_suits, short_names
from scoring.numbers import number_text
from scoring.table import deal_marks
from vocabulary.i18n import one_language

MINUS = "\u2212"  # a minus sign, never taken for a dash or a hyphen


def points_text(points: Points) -> str:
    """Points as pages show them: ``−50``, ``120``, ``1,680``, ``12.5``; in Hungarian and Polish ``1 680`` and
    ``12,5`` (scoring/numbers.py).

    Most of a long sheet's thousands of values are whole numbers under 1,000, written as they are; only the
    rest go through the language's grouping and decimal mark."""
    if isinstance(points, int) and -1000 < points < 1000:
        return str(points) if points >= 0 else MINUS + str(-points)
    text = number_text(points)
    return text.replace("-", MINUS) if points < 0 else text


def change_text(points: Points) -> str:
    """A deal's points beside a running total: ``+120``, ``-50``, ``0``."""
    return f"+{points_text(points)}" if points > 0 else points_text(points)


def held_over_text(points: int) -> str:
    """What a sheet row says of the points still waiting for a later deal's winner after it (R-KJ-9, R-BL-10)."""
    return pgettext("a score sheet row: points waiting for a later deal's winner", "%(points)s held over") % {
        "points": points_text(points)
    }


def short_text(describe: RowWords, deal: Any, players: tuple[str, ...], flags: Flags) -> str:
    """A row's short form: the game's own (`row_words`), and the points held over after the deal while they wait,
    so that a sheet shows them on every row until a deal's winner takes them."""
    text = describe(deal.deal, deal.score, players, flags)
    held = deal.score.held_over
    return f"{text} · {held_over_text(held)}" if held else text


def sheet_rows(result: MatchResult) -> list[dict[str, Any]]:
    """One row per deal for the score-sheet templates, every value ready to print.

    ``cells``: each side's running total and the deal's change to it (``"120"``, ``"+20"``);
    ``lines``: the breakdown, each line as (side's name, points, text, rule). A 500-deal sheet has
    thousands of these values, so they are formatted here once rather than by a template filter or
    Django's number localisation for each one.
    """
    players = result.match.players
    dealers = seat_titles(result.match.rules, players)  # "S · Cleo" where the game names the seats
    flags = result.match.flags
    names = result.names
    describe = row_words(result.match.rules)
    # A game hands out the same Line object for the same line of many deals (its cached breakdowns), so each
    # line is worded once per sheet, by identity: wording one goes through the translation catalogue.
    worded: dict[int, str] = {}

    def text(line: Line) -> str:
        words = worded.get(id(line))
        if words is None:
            words = worded[id(line)] = line.text
        return words

    with one_language():  # the sheet's words, each looked up once (vocabulary/i18n.py)
        return [
            {
                "number": deal.number,
                "dealer": dealers[deal.dealer],
                "short": short_text(describe, deal, players, flags),
                "cells": [
                    (points_text(total), change_text(points))
                    for points, total in zip(deal.score.points, deal.totals, strict=True)
                ],
                "lines": [
                    (names[line.side], points_text(line.points), text(line), line.rule) for line in deal.score.lines
                ],
            }
            for deal in result.deals
        ]


def flags_in_force(result: MatchResult) -> list[Flag]:
    """The match's house rules, each with its ruling and text, in the game's order."""
    return [flag for name, flag in result.match.rules.flags.items() if name in result.match.flags]


def and_list(names: list[str]) -> str:
    """Names joined as a sentence joins them: "Anna", "Anna and Ben", "Anna and Ben and Cleo"."""
    if not names:
        return ""
    joined = names[0]
    for name in names[1:]:
        joined = _("%(first)s and %(second)s") % {"first": joined, "second": name}
    return joined


def winners_text(result: MatchResult) -> str:
    """The winning sides' names: "Anna", "Anna and Ben", "Anna & Cleo"."""
    return and_list([result.names[side] for side in result.winners])


def win_verb(result: MatchResult) -> str:
    """What the winners do, in the present: one player "wins", a partnership "win", a tie "share the win"."""
    if len(result.winners) > 1:
        return pgettext("said of players who tied: Anna and Ben share the win", "share the win")
    if len(result.match.rules.sides[result.winners[0]]) == 1:
        return pgettext("said of one player: Anna wins", "wins")
    return pgettext("said of a partnership: Anna & Cleo win", "win")


def result_headline(result: MatchResult) -> str:
    """The end of a finished match in a few words, said once above its reason: "Bela wins.", "Anna & Cleo win.",
    "Anna and Ben share the win.", "A draw." (every side shares the result)."""
    if len(result.winners) == len(result.names):
        return _("A draw.")
    return _("%(winners)s %(verb)s.") % {"winners": winners_text(result), "verb": win_verb(result)}


def reason_sentence(result: MatchResult) -> str:
    """The game's reason for the end of a finished match as a sentence of its own: "Dora passed 500 first" (its
    rule goes beside it)."""
    assert result.outcome is not None
    reason = result.outcome.reason
    return reason[:1].upper() + reason[1:]


def standing_mark(result: MatchResult, side: int, leader: int | None) -> str:
    """The word under a side's total: "leads" for the one side ahead in a running match; once it is finished,
    what the winners did ("wins", "win", "share the win", "draw"); nothing for any other side."""
    if not result.finished:
        return pgettext("the player or side with the highest total, beside it", "leads") if side == leader else ""
    if side not in result.winners:
        return ""
    if len(result.winners) == len(result.names):
        return pgettext("beside each total of a drawn match", "draw")
    if len(result.winners) > 1:
        return pgettext("beside the total of each player or side who shares the win", "shares the win")
    if len(result.match.rules.sides[side]) == 1:
        return pgettext("beside the winner's total, said of one player", "wins")
    return pgettext("beside the winners' total, said of a partnership", "win")


def deal_url(view: str, match_id: int) -> Callable[[int], str]:
    """``number -> URL`` of a deal's page: one ``reverse`` for the whole sheet, not one per row."""
    slot = 987_654_321  # a deal number no match reaches, replaced by each row's (the last number in the URL)
    head, _, tail = reverse(view, args=[match_id, slot]).rpartition(str(slot))
    return lambda number: f"{head}{number}{tail}"


def sheet_body(
    result: MatchResult,
    edit_url: Callable[[int], str] | None,
    rows_from: int = 1,
    marks: Mapping[int, str] | None = None,
    edits: Container[int] | None = None,
) -> SafeString:
    """The match page's sheet rows as HTML: per deal its number, dealer, short form with the
    breakdown to open, and each side's total and change; with ``edit_url``, the number is the deal's
    Edit link. Hearts and diamonds are marked red and every rule ID is a link to its rule.

    Built here, straight from the evaluation, rather than by the template: a row holds some 30
    values, and the template engine spends microseconds on each (look-up, localisation, escaping),
    which at 200 deals was most of the page's time. Every text is escaped with ``html.escape``, as
    Django's ``escape`` does. (Django's admin builds its change-list cells in Python too.)
    templates/_includes/score_sheet.html holds the table around them. ``rows_from``: the first deal
    whose row is made (a save's answer sends the new row alone). ``marks``: a deal's mark while the table has
    not confirmed it ("waiting for E-W", "disputed": scoring/table.py, deal_marks), beside its words. ``edits``:
    the deals that have an Edit link (None: every one), a seat's phone editing only its own (table.editable_deals).
    """
    players = result.match.players
    flags = result.match.flags
    describe = row_words(result.match.rules)
    # The page's own words, translated and escaped once for the whole sheet, and each name once (with its seat's
    # label where the game names the seats: "S · Cleo").
    edit_label = escape(_("Edit deal %(number)s"))
    no_points = f"<li>{escape(_('No points.'))}</li>"
    dealers = [mark_suits(escape(name)) for name in seat_titles(result.match.rules, players)]
    dealt = [f'<li class="dealt">{escape(_("%(dealer)s dealt.")) % {"dealer": name}}</li>' for name in dealers]
    sides = [mark_suits(escape(name)) for name in result.names]
    links: dict[str, str] = {}
    # A game hands out the same Line for the same line of many deals (its tables of judged lines), so
    # each line's item is made once per sheet, by identity; the evaluation keeps every Line alive.
    items: dict[int, str] = {}

    def item(line: Line) -> str:
        rule = links.get(line.rule)
        if rule is None:
            rule = links[line.rule] = rulebook.link_html(line.rule) or f'<span class="rule">{escape(line.rule)}</span>'
        text = f"<li>{sides[line.side]} {points_text(line.points)}: {mark_suits(escape(line.text))} {rule}</li>"
        items[id(line)] = text
        return text

    html = []
    with one_language():  # the sheet's words, each looked up once (vocabulary/i18n.py)
        for deal in result.deals[rows_from - 1 :]:
            number = deal.number
            lines = "".join([items.get(id(line)) or item(line) for line in deal.score.lines]) or no_points
            cells = "".join(
                [
                    f'<td class="num">{points_text(total)}<small>({change_text(points)})</small></td>'
                    for points, total in zip(deal.score.points, deal.totals, strict=True)
                ]
            )
            # The deal's number is its Edit link on the owner's page: one thumb-sized target, one column less.
            first = (
                f'<a class="edit" href="{escape(edit_url(number))}" aria-label="{edit_label % {"number": number}}">'
                f"{number}</a>"
                if edit_url and (edits is None or number in edits)
                else number
            )
            # The row's words name a rule where one applies; in the summary, which opens the breakdown on a tap,
            # it is cited, not linked (the breakdown links every rule).
            said = rulebook.cite_rules_in(mark_suits(escape(short_text(describe, deal, players, flags))))
            if marks and number in marks:
                said += f' <mark class="deal-mark" data-testid="mark-{number}">{escape(marks[number])}</mark>'
            html.append(
                f'<tr id="deal-{number}"><th scope="row">{first}</th><td class="dealer">{dealers[deal.dealer]}</td>'
                f'<td class="deal"><details><summary>{said}</summary>'
                f'<ul class="lines">{dealt[deal.dealer]}{lines}</ul></details></td>{cells}</tr>\n'
            )
    return mark_safe("".join(html))  # every text above is escaped


def _pad_row(row: PadRow) -> dict[str, Any]:
    cells = ["" if points is None else points_text(points) for points in row.cells]
    return {"label": row.label, "note": row.note, "marks": row.marks, "cells": cells}


def score_pad(result: MatchResult) -> dict[str, Any] | None:
    """The game's own score pad (`Game.pad`: a rubber above and below the line, Chicago's four deals) with every
    figure worded as the sheet words it, and its columns: each side's label at the table and its players ("N-S",
    "Anna & Cleo"). None where the game keeps no pad of its own. Its template is templates/_includes/score_pad.html,
    on the match page (and so the share page), the report and the PDF."""
    game = result.match.rules
    pad = game.pad(result.deals, result.match.players, result.match.flags)
    if pad is None:
        return None
    labels = game.side_labels or result.names
    groups = [
        {
            "part": group.part.value,
            "title": group.title,
            "closed": group.closed,
            "rows": list(map(_pad_row, group.rows)),
        }
        for group in pad.groups
    ]
    return {
        "caption": pad.caption,
        "heading": pad.heading,
        "marks": pad.marks,
        "columns": list(zip(labels, result.names, strict=True)),
        "width": 1 + len(pad.marks) + len(result.names),
        "groups": groups,
        "foot": [_pad_row(row) for row in pad.foot],
    }


def sheet_context(
    match: Any,
    result: MatchResult,
    *,
    editable: bool = True,
    rows_from: int = 1,
    edits: Container[int] | None = None,
) -> dict[str, Any]:
    """Everything the match page's standings and score sheet show, from one evaluation (``result``);
    ``editable``: the owner's page or a seat's phone, with an Edit link on each deal in ``edits`` (None: every
    deal); ``rows_from``: the first deal whose sheet row is made."""
    game = result.match.rules
    best = max(result.totals) if result.deals else None
    leader = result.totals.index(best) if best is not None and result.totals.count(best) == 1 else None
    standings = []
    for side, (name, total) in enumerate(zip(result.names, result.totals, strict=True)):
        mark = standing_mark(result, side, leader)
        standings.append({"name": name, "total": points_text(total), "mark": mark, "leads": bool(mark)})
    roles = (
        () if result.next_dealer is None else game.roles(result.next_dealer, result.match.players, result.match.flags)
    )
    # The deal being played, entered in two steps: its first step ("Calls: Anna 4, ...") for every phone.
    progress = None if result.finished else match.in_progress(len(result.deals) + 1)
    spec = game.entry_spec(result.match.flags)
    return {
        "match": match,
        "game": game,
        "result": result,
        "sheet_body": sheet_body(
            result, deal_url("deal_edit", match.pk) if editable else None, rows_from, deal_marks(match), edits
        ),
        "pad": score_pad(result),
        "editable": editable,
        "side_names": result.names,
        "side_columns": list(zip(result.names, short_names(result.names), strict=True)),
        "standings": standings,
        "headline": result_headline(result) if result.finished else "",
        "reason": reason_sentence(result) if result.outcome else "",
        "roles": roles,
        "flags": flags_in_force(result),
        "progress": progress,
        # In calling order, from the dealer of the deal being played.
        "progress_text": (
            first_text(spec, progress["entry"], result.match.players, result.next_dealer) if progress else ""
        ),
        "first_title": spec.first_title,
    }


def format_points(points: Points) -> str:
    return str(points)


def result_line(result: MatchResult) -> str:
    players = result.match.players
    if result.outcome is None:
        dealer = players[result.next_dealer] if result.next_dealer is not None else "?"
        return _("Match in progress: %(stage)s; %(dealer)s deals next.") % {"stage": result.stage, "dealer": dealer}
    # As the match page's banner says it: the result once, then the game's reason and its rule.
    return _("%(headline)s %(reason)s (%(rule)s).") % {
        "headline": result_headline(result),
        "reason": reason_sentence(result),
        "rule": result.outcome.rule,
    }


def text_sheet(result: MatchResult) -> str:
    """The score sheet as an aligned table: deal, dealer, contract, points, totals."""
    game = result.match.rules
    players = result.match.players
    names = result.names
    describe = row_words(game)
    header = [_("Deal"), _("Dealer"), _("Deal played"), *(f"{name} +" for name in names), *names]
    rows = [
        [
            str(deal.number),
            players[deal.dealer],
            describe(deal.deal, deal.score, players, result.match.flags),
            *(format_points(points) for points in deal.score.points),
            *(format_points(total) for total in deal.totals),
        ]
        for deal in result.deals
    ]
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def render(row: list[str]) -> str:
        cells = [
            cell.ljust(width) if index < 3 else cell.rjust(width)
            for index, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(cells).rstrip()

    lines = [f"{game.title}: {', '.join(players)}", render(header), render(["-" * width for width in widths])]
    lines += [render(row) for row in rows]
    totals = ", ".join(f"{name} {format_points(t)}" for name, t in zip(names, result.totals, strict=True))
    lines.append(_("Totals: %(totals)s") % {"totals": totals})

    lines.append(result_line(result))
    return "\n".join(lines)
