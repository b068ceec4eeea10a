"""The players of an account's matches and each one's statistics across them (scoring/stats.py), as a page and as
a CSV. Everything is read from the user's own matches (`Match.objects.for_user`), their deals in one more query."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from reports.sheet import csv_cell
from scoring.core.base import EntryError, match_name
from scoring.core.games import GAMES
from scoring.models import Match
from scoring.sheet import points_text
from scoring.stats import GameStats, Played, PlayerStats, find_player, names_by_use, player_stats
from scoring.stats_chart import per_deal_chart, won_chart

# The most names offered as you type a player's name on the new-match form.
MOST_SUGGESTIONS = 50


def known_names(user: Any) -> list[tuple[str, int]]:
    """The names ``user`` plays with and in how many matches, most used first (one query: the players of each match,
    latest first)."""
    return names_by_use(Match.objects.for_user(user).order_by("-updated").values_list("players", flat=True))


def _played(user: Any) -> tuple[list[Played], int]:
    """The user's matches evaluated, oldest first, and how many could not be scored (rules changed since)."""
    played = []
    unreadable = 0
    for match in Match.objects.for_user(user).with_deals().order_by("created", "pk"):
        try:
            played.append(Played(match.pk, match.evaluate(list(match.deals.all()))))
        except EntryError:
            unreadable += 1
    return played, unreadable


@login_required
@require_safe
def players(request: HttpRequest) -> HttpResponse:
    """The names of the user's matches, most played first, each linked to its statistics."""
    return render(request, "scoring/players.html", {"players": known_names(request.user)})


class _Refused(Exception):
    """A request this page cannot answer: its status and why, in words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _read(request: HttpRequest) -> tuple[str, str | None, list[Played], int]:
    """The player and game asked for (``?player=``, ``?game=``), and all the user's matches; `_Refused` if either is
    missing or unknown."""
    asked = request.GET.get("player", "").strip()
    if not asked:
        raise _Refused(400, _("Say whose statistics to show: choose a player below."))
    game = request.GET.get("game") or None
    if game is not None and game not in GAMES:
        raise _Refused(400, _("There is no game called “%(game)s”: choose a player, then a game.") % {"game": game})
    played, unreadable = _played(request.user)
    name = find_player(asked, played)
    if name is None:
        raise _Refused(404, _("None of your matches has a player called “%(name)s”.") % {"name": asked})
    return name, game, played, unreadable


def _of_game(played: list[Played], game: str | None) -> list[Played]:
    return played if game is None else [match for match in played if match.result.match.game == game]


def _refusal(request: HttpRequest, refused: _Refused) -> HttpResponse:
    context = {"players": known_names(request.user), "refusal": refused.message}
    return render(request, "scoring/players.html", context, status=refused.status)


@login_required
@require_safe
def player_stats_page(request: HttpRequest) -> HttpResponse:
    """A player's statistics across the user's matches, per game and per opponent, with a chart; one game's alone
    with ``?game=``."""
    try:
        name, game, played, unreadable = _read(request)
    except _Refused as refused:
        return _refusal(request, refused)
    everything = player_stats(name, played)
    stats = player_stats(name, _of_game(played, game)) if game else everything
    names = {match.key: match_name(match.result.match.rules, match.result.match.players) for match in played}
    context = {
        "name": name,
        "game": GAMES[game] if game else None,
        "stats": stats,
        "sections": [_section(figures, names) for figures in stats.games],
        "games": [GAMES[figures.game] for figures in everything.games],
        "chart": won_chart(stats) if stats.games else None,
        "unreadable": unreadable,
    }
    return render(request, "scoring/player_stats.html", context)


def _section(figures: GameStats, names: dict[int, str]) -> dict[str, Any]:
    """One game's figures for the page, its numbers written as the reader's language writes them."""
    best = figures.best
    return {
        "figures": figures,
        "title": GAMES[figures.game].title,
        "points": points_text(figures.points),
        "per_deal": "" if figures.per_deal is None else points_text(figures.per_deal),
        "best_points": points_text(best.points) if best else "",
        "best_match": names.get(best.key, "") if best else "",
        "chart": per_deal_chart(figures) if len(figures.matches) > 1 else None,
    }


@login_required
@require_safe
def player_stats_csv(request: HttpRequest) -> HttpResponse:
    """The same figures as the page, as CSV: a row per game, then a row per opponent."""
    try:
        name, game, played, _unreadable = _read(request)
    except _Refused as refused:
        return HttpResponse(refused.message, status=refused.status, content_type="text/plain; charset=utf-8")
    body = "\ufeff" + stats_csv(player_stats(name, _of_game(played, game)))  # the BOM makes spreadsheets read UTF-8
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="stats-{slugify(name) or "player"}.csv"'
    return response


def stats_csv(stats: PlayerStats) -> str:
    """A header row, a row per game (its code, as in the match file) and a row per opponent; numbers as numbers, every
    name through `csv_cell`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    headings = (
        pgettext("CSV heading", "game"),
        pgettext("CSV heading", "opponent"),
        pgettext("CSV heading", "matches played"),
        pgettext("CSV heading", "matches won"),
        pgettext("CSV heading", "matches lost"),
        pgettext("CSV heading", "deals"),
        pgettext("CSV heading", "points"),
        pgettext("CSV heading", "points per deal"),
        pgettext("CSV heading", "contracts"),
        pgettext("CSV heading", "made"),
        pgettext("CSV heading", "best deal points"),
        pgettext("CSV heading", "best deal match"),
        pgettext("CSV heading", "best deal number"),
    )
    writer.writerow([csv_cell(heading) for heading in headings])
    for figures in stats.games:
        best = figures.best
        writer.writerow(
            [
                figures.game,
                "",
                figures.played,
                figures.won,
                "",
                figures.deals,
                figures.points,
                "" if figures.per_deal is None else figures.per_deal,
                figures.contracts,
                figures.made,
                *(("", "", "") if best is None else (best.points, best.key, best.number)),
            ]
        )
    for rival in stats.rivals:
        writer.writerow(
            ["", csv_cell(rival.name), rival.matches, rival.won, rival.lost, "", "", "", "", "", "", "", ""]
        )
    return buffer.getvalue()
