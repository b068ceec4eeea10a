"""Plain-text score sheets for the command line (and anything else that prints)."""

from __future__ import annotations

from typing import Any

from scoring.core.base import Points
from scoring.core.match import MatchResult


def sheet_rows(result: MatchResult) -> list[dict[str, Any]]:
    """One row per deal for the score-sheet templates: dealer, short form, points and totals, breakdown."""
    players = result.match.players
    game = result.match.rules
    return [
        {
            "number": deal.number,
            "dealer": players[deal.dealer],
            "short": game.describe(deal.deal, players),
            "cells": list(zip(deal.score.points, deal.totals, strict=True)),
            "lines": [(players[line.seat], line) for line in deal.score.lines],
        }
        for deal in result.deals
    ]


def format_points(points: Points) -> str:
    return str(points)


def result_line(result: MatchResult) -> str:
    players = result.match.players
    if result.outcome is None:
        dealer = players[result.next_dealer] if result.next_dealer is not None else "?"
        return f"Match in progress: {result.stage}; {dealer} deals next."
    names = " and ".join(players[seat] for seat in result.winners)
    verb = "share the win" if len(result.winners) > 1 else "wins"
    return f"{names} {verb} ({result.outcome.reason}, {result.outcome.rule})."


def text_sheet(result: MatchResult) -> str:
    """The score sheet as an aligned table: deal, dealer, contract, points, totals."""
    game = result.match.rules
    players = result.match.players
    header = ["Deal", "Dealer", "Deal played", *(f"{name} +" for name in players), *players]
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
        "Totals: " + ", ".join(f"{name} {format_points(t)}" for name, t in zip(players, result.totals, strict=True))
    )
    lines.append(result_line(result))
    return "\n".join(lines)
