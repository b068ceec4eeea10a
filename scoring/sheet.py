"""Score sheets: the rows and standings the page templates show, and a plain-text sheet for the
command line. Columns are the game's sides (a side is named by its players, `side_names`)."""

from __future__ import annotations

from typing import Any

from scoring.core.base import Flag, Points
from scoring.core.match import MatchResult


def sheet_rows(result: MatchResult) -> list[dict[str, Any]]:
    """One row per deal for the score-sheet templates: dealer, short form, points and totals per side, breakdown."""
    players = result.match.players
    names = result.names
    game = result.match.rules
    return [
        {
            "number": deal.number,
            "dealer": players[deal.dealer],
            "short": game.describe(deal.deal, players),
            "cells": list(zip(deal.score.points, deal.totals, strict=True)),
            "lines": [(names[line.side], line) for line in deal.score.lines],
        }
        for deal in result.deals
    ]


def flags_in_force(result: MatchResult) -> list[Flag]:
    """The match's house rules, each with its ruling and text, in the game's order."""
    return [flag for name, flag in result.match.rules.flags.items() if name in result.match.flags]


def winners_text(result: MatchResult) -> str:
    """The winning sides' names: "Anna", "Anna and Ben"."""
    return " and ".join(result.names[side] for side in result.winners)


def sheet_context(match: Any, result: MatchResult) -> dict[str, Any]:
    """Everything the match page's standings and score sheet show, from one evaluation (``result``)."""
    game = result.match.rules
    best = max(result.totals) if result.deals else None
    leader = best is not None and result.totals.count(best) == 1
    standings = [
        {"name": name, "total": total, "leads": leader and total == best}
        for name, total in zip(result.names, result.totals, strict=True)
    ]
    roles = (
        () if result.next_dealer is None else game.roles(result.next_dealer, result.match.players, result.match.flags)
    )
    return {
        "match": match,
        "game": game,
        "result": result,
        "rows": sheet_rows(result),
        "side_names": result.names,
        "standings": standings,
        "winners": winners_text(result),
        "roles": roles,
        "flags": flags_in_force(result),
    }


def format_points(points: Points) -> str:
    return str(points)


def result_line(result: MatchResult) -> str:
    players = result.match.players
    if result.outcome is None:
        dealer = players[result.next_dealer] if result.next_dealer is not None else "?"
        return f"Match in progress: {result.stage}; {dealer} deals next."
    names = winners_text(result)
    verb = "share the win" if len(result.winners) > 1 else "wins"
    return f"{names} {verb} ({result.outcome.reason}, {result.outcome.rule})."


def text_sheet(result: MatchResult) -> str:
    """The score sheet as an aligned table: deal, dealer, contract, points, totals."""
    game = result.match.rules
    players = result.match.players
    names = result.names
    header = ["Deal", "Dealer", "Deal played", *(f"{name} +" for name in names), *names]
    rows = [
        [
            str(deal.number),
            players[deal.dealer],
            game.describe(deal.deal, players),
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
    lines.append(
        "Totals: " + ", ".join(f"{name} {format_points(t)}" for name, t in zip(names, result.totals, strict=True))
    )
    lines.append(result_line(result))
    return "\n".join(lines)
