"""Matches another app keeps as part of something larger, listed on the home page as one line per group.

A club night's tables are scoring matches, but a director with sixty of them wants one line for the night, not sixty.
The scoring app knows nothing of clubs: an app that groups matches registers a `MatchGroups` here (in its AppConfig's
``ready``), and the home page leaves that app's matches out of "Your matches" and shows its rows instead, drawn by
the app's own template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scoring.models import Match


@dataclass(frozen=True)
class MatchGroups:
    """``grouped(matches)``: which of ``matches`` (the user's) the app lists itself; ``rows(grouped)``: its lines,
    each a dict for ``template`` (an include that gets ``rows``)."""

    grouped: Callable[[QuerySet[Match]], QuerySet[Match]]
    rows: Callable[[QuerySet[Match]], list[dict[str, Any]]]
    template: str


REGISTERED: list[MatchGroups] = []


def register(groups: MatchGroups) -> None:
    if groups not in REGISTERED:
        REGISTERED.append(groups)


def listed(matches: QuerySet[Match]) -> tuple[QuerySet[Match], list[tuple[str, list[dict[str, Any]]]]]:
    """The user's ``matches`` left to list one by one, and each registered app's (template, rows), where it has any."""
    sections = []
    for groups in REGISTERED:
        grouped = groups.grouped(matches)
        matches = matches.exclude(pk__in=grouped.values("pk"))
        rows = groups.rows(grouped)
        if rows:
            sections.append((groups.template, rows))
    return matches, sections
