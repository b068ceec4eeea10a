"""A club night's tables on the home page: one line per event, with its count of tables (scoring/groups.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, Max, QuerySet

from scoring.core.games import GAMES
from scoring.groups import MatchGroups
from scoring.models import Match


def _tables(matches: QuerySet[Match]) -> QuerySet[Match]:
    return matches.filter(club_table__isnull=False)


def _events(tables: QuerySet[Match]) -> list[dict[str, Any]]:
    events = (
        tables.values("game", event_id=F("club_table__round__event"), name=F("club_table__round__event__name"))
        .annotate(tables=Count("pk"), updated=Max("updated"))
        .order_by("-updated")
    )
    return [{**event, "title": GAMES[event["game"]].title} for event in events]


TABLES = MatchGroups(grouped=_tables, rows=_events, template="club/_home_events.html")
