"""A club night as it stands: each round's tables with their scores, and the standings (CL-1.4, CL-3), worked out
from the tables' matches by the pure core each time they are read; and a league's standings over its events (CL-4).

A table's score is its match's totals over the deals the round counts (the first ``deals_per_round``; the rest are
not counted and the page says so), and it has finished once it has them all or its match has ended by the game's own
rules. A table still playing counts its points but not yet its win."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch

from club.core.standings import Result, Standing, standings, table_shares
from club.models import Event, League, Table
from scoring.core.base import DEFAULT_STANDINGS_ORDER, Points, Ranking, standings_order
from scoring.core.match import MatchResult, evaluate
from scoring.models import Deal


@dataclass(frozen=True, slots=True)
class TableState:
    number: int
    seats: tuple[int, ...]  # the entrant at each seat
    entrants: tuple[int, ...]  # each side's entrant (a rotation: each seat's player, paired by side)
    sides: tuple[tuple[int, ...], ...]  # the entrants of each side
    totals: tuple[Points, ...]  # each side's points over the deals counted; () before the round starts
    shares: tuple[Fraction, ...]  # each side's share of the win once finished, else zeros
    finished: bool
    counted: int  # deals counted
    extra: int  # deals entered past the round's deals, not counted
    match: Any  # the scoring Match, None before the round starts
    side_names: tuple[str, ...] = ()

    @property
    def side_rows(self) -> list[dict[str, Any]]:
        """Each side's name and points (None before the round starts), for the pages."""
        totals = self.totals or (None,) * len(self.side_names)
        return [{"name": name, "points": points} for name, points in zip(self.side_names, totals, strict=True)]


@dataclass(frozen=True, slots=True)
class RoundState:
    number: int
    started: bool
    byes: tuple[int, ...]
    tables: tuple[TableState, ...]
    bye_names: tuple[str, ...] = ()

    @property
    def playing(self) -> tuple[TableState, ...]:
        return tuple(t for t in self.tables if not t.finished)


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the standings: the entrant's place, name and totals."""

    standing: Standing
    name: str


@dataclass(frozen=True, slots=True)
class Night:
    event: Event
    names: dict[int, str]
    rounds: tuple[RoundState, ...]
    results: tuple[Result, ...]
    standings: tuple[Standing, ...]
    order: tuple[Ranking, ...] = field(default=DEFAULT_STANDINGS_ORDER)

    def round(self, number: int) -> RoundState:
        return next(r for r in self.rounds if r.number == number)

    @property
    def rows(self) -> list[Row]:
        return [Row(standing, self.names[standing.entrant]) for standing in self.standings]

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def over(self) -> bool:
        """Every round played and every table finished."""
        return len(self.rounds) == self.event.rounds and all(r.started and not r.playing for r in self.rounds)


def table_score(match: Any, limit: int | None) -> tuple[MatchResult, bool, int]:
    """The match over the deals a round counts, whether the table has finished, and the deals past them."""
    deals = list(match.deals.all())
    counted = deals if limit is None else deals[:limit]
    result = evaluate(match.match_file(counted))
    finished = result.finished or (limit is not None and len(counted) >= limit)
    return result, finished, len(deals) - len(counted)


def _sides(event: Event, seats: list[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(dict.fromkeys(seats[seat] for seat in side)) for side in event.rules.sides)


def _table(event: Event, t: Table, names: dict[int, str], started: bool) -> TableState:
    sides = _sides(event, t.seats)
    entrants = tuple(entrant for side in sides for entrant in side)
    side_names = tuple(" & ".join(names[entrant] for entrant in side) for side in sides)
    if t.match is None:
        # Before the round starts; or its match was deleted since (by the director, its owner): nothing counts, and
        # the table holds the round up no longer.
        return TableState(t.number, tuple(t.seats), entrants, sides, (), (), started, 0, 0, None, side_names)
    result, finished, extra = table_score(t.match, event.deals_per_round)
    shares = table_shares(result.totals, result.outcome.winners if result.outcome else None)
    if not finished:
        shares = tuple(Fraction(0) for _side in sides)
    return TableState(
        t.number,
        tuple(t.seats),
        entrants,
        sides,
        result.totals,
        shares,
        finished,
        len(result.deals),
        extra,
        t.match,
        side_names,
    )


def _results(tables: list[TableState], byes: list[int]) -> list[Result]:
    """Each entrant's result at each table started, and a bye's (a match won, no points: CL-2.3)."""
    found = []
    for t in tables:
        if t.match is None:
            continue
        for side, members in enumerate(t.sides):
            others = tuple(entrant for other, group in enumerate(t.sides) if other != side for entrant in group)
            conceded = sum((points for other, points in enumerate(t.totals) if other != side), 0)
            for entrant in members:
                found.append(Result(entrant, others, t.totals[side], conceded, t.shares[side], t.finished))
    found.extend(Result(entrant, (), 0, 0, Fraction(1), True) for entrant in byes)
    return found


def night(event: Event) -> Night:
    """The event as it stands: every round's tables scored, and the standings (three queries)."""
    names = {entrant.number: entrant.name for entrant in event.entrants.all()}
    deals = Prefetch("match__deals", queryset=Deal.objects.only("match_id", "number", "entry"))
    tables = Table.objects.filter(round__event=event).select_related("round", "match").prefetch_related(deals)
    by_round: dict[int, list[Table]] = {}
    for t in tables.order_by("round__number", "number"):
        by_round.setdefault(t.round.number, []).append(t)
    rounds = []
    results: list[Result] = []
    for r in event.round_set.all():
        states = tuple(_table(event, t, names, r.started is not None) for t in by_round.get(r.number, []))
        byes = tuple(names[entrant] for entrant in r.byes)
        rounds.append(RoundState(r.number, r.started is not None, tuple(r.byes), states, byes))
        if r.started is not None:
            results.extend(_results(list(states), r.byes))
    order = standings_order(event.rules)
    ranked = standings(list(names), results, order)
    return Night(event, names, tuple(rounds), tuple(results), tuple(ranked), order)


@dataclass(frozen=True, slots=True)
class LeagueTable:
    league: League
    events: tuple[Event, ...]
    rows: list[Row]
    order: tuple[Ranking, ...]


def league_table(league: League) -> LeagueTable:
    """A league's standings (CL-4.1): every result of its events, each player or team known by its name in any case
    across the events, ranked as its game ranks an event (by CL-3.5 when its events are of several games)."""
    events = tuple(league.events.order_by("created", "id"))
    keys: dict[str, int] = {}
    names: dict[int, str] = {}
    results: list[Result] = []
    for event in events:
        state = night(event)
        ids = {}
        for number, name in state.names.items():
            key = name.casefold()
            ids[number] = keys.setdefault(key, len(keys))
            names.setdefault(ids[number], name)
        for r in state.results:
            opponents = tuple(ids[o] for o in r.opponents)
            results.append(Result(ids[r.entrant], opponents, r.points, r.conceded, r.won, r.finished))
    games = {event.game for event in events}
    order = standings_order(events[0].rules) if len(games) == 1 else DEFAULT_STANDINGS_ORDER
    ranked = standings(list(names), results, order)
    return LeagueTable(league, events, [Row(standing, names[standing.entrant]) for standing in ranked], order)
