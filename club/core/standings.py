"""An event's standings (docs/rules/club.md, CL-3). Plain Python, no Django.

Each entrant's results come from the tables it sat at: its side's points, the points of the other sides, and its
share of the win once the table has finished (CL-1.4). The standings add them up and rank the entrants by the
game's comparisons (`scoring.core.base.standings_order`), first to last: matches won, points, points less points
conceded, head to head. Entrants level on every comparison share their place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.core.base import Points, Ranking


@dataclass(frozen=True, slots=True)
class Result:
    """One entrant's result at one table, or a bye (no opponents: a match won and no points, CL-2.3)."""

    entrant: int
    opponents: tuple[int, ...]
    points: Points
    conceded: Points
    won: Fraction  # 1 a win, 1/2 a win shared by two, 0 a loss or a table still playing
    finished: bool


@dataclass(frozen=True, slots=True)
class Standing:
    entrant: int
    place: int  # shared by entrants level on every comparison
    played: int  # tables finished, byes included
    won: Fraction
    points: Points
    conceded: Points

    @property
    def difference(self) -> Points:
        return self.points - self.conceded


def table_shares(totals: Sequence[Points], winners: Sequence[int] | None) -> tuple[Fraction, ...]:
    """Each side's share of the win at a table (CL-1.4): the match's own winners where it ended by its rules, else
    the sides with the most points; a win shared by several sides is split between them. ``winners`` None: the
    table's winners are read from ``totals``."""
    if winners is None:
        best = max(totals)
        winners = [side for side, points in enumerate(totals) if points == best]
    return tuple(Fraction(1, len(winners)) if side in winners else Fraction(0) for side in range(len(totals)))


def _total(results: Iterable[Result], entrant: int) -> Standing:
    own = [result for result in results if result.entrant == entrant]
    return Standing(
        entrant=entrant,
        place=0,
        played=sum(1 for result in own if result.finished),
        won=sum((result.won for result in own), Fraction(0)),
        points=sum((result.points for result in own), 0),
        conceded=sum((result.conceded for result in own), 0),
    )


def _head_to_head(results: Sequence[Result], entrant: int, level: set[int]) -> Fraction:
    """The wins ``entrant`` took at tables where it met another entrant of ``level`` (CL-3.4)."""
    return sum(
        (r.won for r in results if r.entrant == entrant and r.finished and level.intersection(r.opponents)),
        Fraction(0),
    )


def _key(standing: Standing, ranking: Ranking, results: Sequence[Result], level: set[int]) -> Fraction | Points:
    if ranking is Ranking.WINS:
        return standing.won
    if ranking is Ranking.POINTS:
        return standing.points
    if ranking is Ranking.DIFFERENCE:
        return standing.difference
    return _head_to_head(results, standing.entrant, level)


def standings(entrants: Sequence[int], results: Sequence[Result], order: Sequence[Ranking]) -> list[Standing]:
    """The entrants ranked, first place first (CL-3): each comparison of ``order`` in turn splits the entrants still
    level on the ones before it; head to head compares only among those. Level entrants keep ``entrants``' order and
    share their place."""
    totals = {entrant: _total(results, entrant) for entrant in entrants}
    groups: list[list[Standing]] = [[totals[entrant] for entrant in entrants]]
    for ranking in order:
        split: list[list[Standing]] = []
        for group in groups:
            level = {standing.entrant for standing in group}
            keys = {standing.entrant: _key(standing, ranking, results, level) for standing in group}
            for value in sorted(set(keys.values()), reverse=True):
                split.append([standing for standing in group if keys[standing.entrant] == value])
        groups = split
    ranked: list[Standing] = []
    for group in groups:
        place = len(ranked) + 1
        ranked.extend(Standing(s.entrant, place, s.played, s.won, s.points, s.conceded) for s in group)
    return ranked
