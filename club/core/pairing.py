"""Who sits at which table in a round of an event (docs/rules/club.md, CL-2). Plain Python, no Django.

An entrant is a number; a table is a tuple of entrants, one per side of the game (two teams, or four players of a
game without partners). Three ways to seat a round:

- `draw` (CL-2.1): round 1, a random order from a stored seed, so that the page shows the same draw every time.
- `swiss` (CL-2.2, CL-2.3): the later rounds, by standings. The best entrant meets the best ones it has not met;
  a complete search finds a round with no rematch whenever one exists, and with as few rematches as can be
  otherwise (within SEARCH_STEPS tables a try, which a club's events never reach). When the entrants do not fill
  the tables, the lowest-ranked of those with the fewest byes sit out.
- `rotation` (CL-2.4): progressive rubber and Chicago, for individual players at four-seat partnership tables: a
  fixed schedule (the circle method of a round robin) gives every player a new partner every round, for as many
  rounds as there are players less one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

Table = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Seating:
    """A round: its tables (each the entrants of its sides, in side order) and who sits out (a bye, CL-2.3)."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


def draw(entrants: Sequence[int], seed: int) -> list[int]:
    """The entrants in a random order made from ``seed`` (CL-2.1): the same seed draws the same order."""
    order = list(entrants)
    random.Random(seed).shuffle(order)
    return order


def _met_within(group: Sequence[int], met: frozenset[frozenset[int]]) -> int:
    """How many pairs of ``group`` have met before."""
    return sum(1 for pair in combinations(group, 2) if frozenset(pair) in met)


# The most tables one search tries before it gives up (CL-2.2): a complete search is instant for a club's events,
# and this bounds a hard case (many entrants, most pairs met) to well under a second.
SEARCH_STEPS = 20_000


def _tables(
    order: tuple[int, ...], size: int, met: frozenset[frozenset[int]], allowed: int
) -> tuple[Table, ...] | None:
    """``order`` (best first) seated ``size`` to a table with at most ``allowed`` rematches, or None if it cannot be
    (or the search took more than SEARCH_STEPS tables).

    The best entrant still to seat takes the best companions that keep within ``allowed``: every choice is tried in
    turn (a complete search), and a set of entrants that cannot be seated is remembered, so it is not tried again."""
    steps = 0

    @cache
    def seat(rest: tuple[int, ...], allowed: int) -> tuple[Table, ...] | None:
        nonlocal steps
        if not rest:
            return ()
        first, others = rest[0], rest[1:]
        for companions in combinations(others, size - 1):
            steps += 1
            if steps > SEARCH_STEPS:
                return None
            table = (first, *companions)
            cost = _met_within(table, met)
            if cost > allowed:
                continue
            left = tuple(entrant for entrant in others if entrant not in companions)
            found = seat(left, allowed - cost)
            if found is not None:
                return (table, *found)
        return None

    return seat(order, allowed)


def _sit_outs(order: Sequence[int], size: int, byes: Mapping[int, int]) -> list[tuple[int, ...]]:
    """The ways to choose who sits out when ``order`` does not fill the tables, preferred first: the fewest byes
    had, then the lowest ranked (CL-2.3)."""
    count = len(order) % size
    if count == 0:
        return [()]
    rank = {entrant: index for index, entrant in enumerate(order)}
    candidates = sorted(order, key=lambda entrant: (byes.get(entrant, 0), -rank[entrant]))
    return list(combinations(candidates, count))


def swiss(
    order: Sequence[int], size: int, met: frozenset[frozenset[int]], byes: Mapping[int, int] | None = None
) -> Seating:
    """Seat ``order`` (best first: the standings, or the draw in round 1) at tables of ``size`` (CL-2.2).

    ``met`` holds every pair of entrants that has shared a table; ``byes`` how many byes each entrant had. The round
    has no rematch if any seating of the entrants has none (whoever sits out), else the fewest rematches possible; the
    best entrant plays the best it may, table 1 being the top table. Raises ValueError for fewer entrants than one
    table seats."""
    if len(order) < size or size < 2:
        raise ValueError(f"{len(order)} entrants cannot fill a table of {size}")
    ways = _sit_outs(order, size, byes or {})
    most = len(order) * (size - 1)  # every pair at every table a rematch: a seating always exists within it
    for allowed in range(most + 1):
        for out in ways:
            seated = tuple(entrant for entrant in order if entrant not in out)
            tables = _tables(seated, size, met, allowed)
            if tables is not None:
                return Seating(tables, tuple(sorted(out, key=list(order).index)))
    raise AssertionError("unreachable: any seating is within the largest count of rematches")


def met_pairs(rounds: Sequence[Seating]) -> frozenset[frozenset[int]]:
    """Every pair of entrants that shared a table in ``rounds``."""
    return frozenset(
        frozenset(pair) for seating in rounds for table in seating.tables for pair in combinations(table, 2)
    )


def rotation(players: int, number: int) -> Seating:
    """Round ``number`` (from 1) of the progressive schedule for ``players`` individual players, a multiple of four,
    at four-seat tables where seats 0 and 2 play against 1 and 3 (CL-2.4).

    The partnerships are a round robin's by the circle method: the last player stays, the others turn one place a
    round, and in round r the last player partners player r - 1 and, for i = 1 up to players / 2 - 1, player r - 1 + i
    partners player r - 1 - i (counted modulo players - 1). Partnerships 1 and 2 of that list meet at table 1, 3 and 4
    at table 2, and so on. No two players are partners twice in players - 1 rounds; after that the schedule starts
    again. Each table is its four seats' players, in seat order."""
    if players < 4 or players % 4:
        raise ValueError(f"a rotation needs a multiple of four players, not {players}")
    turning = players - 1
    r = (number - 1) % turning
    pairs = [(players - 1, r)] + [((r + i) % turning, (r - i) % turning) for i in range(1, players // 2)]
    tables = []
    for table in range(players // 4):
        (north, south), (east, west) = pairs[2 * table], pairs[2 * table + 1]
        tables.append((north, east, south, west))
    return Seating(tuple(tables))
