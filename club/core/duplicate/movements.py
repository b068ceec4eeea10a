"""Movements: who plays whom, at which table, on which boards, round by round (docs/rules/duplicate.md DP-2.1 to
DP-2.7).

A movement is worked out from the number of tables alone (DP-2.1): a Howell for three or four tables, where every
pair meets every other pair, and a Mitchell from five, where the N-S pairs stay put and meet every E-W pair. Each
round lists its tables, each with its N-S pair, its E-W pair and the boards it plays.

Both kinds are built the same way, as a ring of *stations*: the tables, and the stands where boards not in play
wait (a relay, or a bye stand). At each change every set of boards moves down one station, so the set at station
``s`` in round ``r`` is set ``s + r - 1`` around the ring; only the pairs move differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.core.base import Flags, RuleError
from scoring.core.fields import whole_number
from vocabulary.i18n import _

FEWEST_TABLES = 3  # DP-2.1
HOWELL_TABLES = (3, 4)  # DP-2.1: a Howell up to four tables, a Mitchell from five
SKIP_MITCHELL = "dp_skip_mitchell"  # R-DP-2

# DP-2.5 and DP-2.6: each Howell's first round, station by station round the ring of board sets: a table's
# (N-S pair, E-W pair), or None for a relay stand. The highest pair never moves; each other pair takes, at each
# change, the place the pair numbered one below it held (pair 1 takes the place of the highest but one).
HOWELL_STATIONS: dict[int, tuple[tuple[int, int] | None, ...]] = {
    # DP-2.5: 6-1 5-2 4-3; the three tables share one set a round (a ring of five stations, one set a round at
    # each, would make some pair meet a set twice: R-DP-8).
    3: ((6, 1), (5, 2), (4, 3)),
    # DP-2.6: 8-1 6-5 4-2 R 7-3 2R.
    4: ((8, 1), (6, 5), (4, 2), None, (7, 3), None, None),
}
HOWELL_SETS = {3: 5, 4: 7}  # the sets (and rounds) of each Howell: one fewer than its pairs


@dataclass(frozen=True, slots=True)
class Table:
    """One table in one round: its number, the N-S and E-W pairs, the boards it plays."""

    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: its kind (``"howell"``, ``"mitchell"``, ``"skip_mitchell"``), its rounds (each a tuple of
    `Table`, table 1 first) and every pair's number. In a Mitchell pairs ``1`` to ``T`` sit N-S and ``T + 1`` to
    ``2T`` E-W (R-DP-1)."""

    kind: str
    tables: int
    boards_per_round: int
    rounds: tuple[tuple[Table, ...], ...]

    @property
    def pairs(self) -> tuple[int, ...]:
        return tuple(range(1, 2 * self.tables + 1))

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board the movement plays, in order."""
        return tuple(sorted({board for round_ in self.rounds for table in round_ for board in table.boards}))


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """DP-2.2: set ``number`` (from 1) holds boards ``(number - 1) × b + 1`` to ``number × b``."""
    return tuple(range((number - 1) * boards_per_round + 1, number * boards_per_round + 1))


def movement(tables: Any, boards_per_round: Any, flags: Flags = frozenset()) -> Movement:
    """DP-2.1: the movement for ``tables`` tables, ``boards_per_round`` boards a round: a Howell for three or four
    tables, a Mitchell from five (a skip Mitchell for an even number under `dp_skip_mitchell`, R-DP-2)."""
    count = whole_number(tables, "tables")
    if count < FEWEST_TABLES:
        message = _("a movement needs at least {fewest} tables, not {value}")
        raise RuleError("tables", "DP-2.1", message.format(fewest=FEWEST_TABLES, value=count))
    per_round = whole_number(boards_per_round, "boards_per_round")
    if per_round < 1:
        message = _("boards_per_round must be 1 or more, not {value}")
        raise RuleError("boards_per_round", "DP-2.2", message.format(value=per_round))
    if count in HOWELL_TABLES:
        return howell(count, per_round)
    if count % 2 == 0 and SKIP_MITCHELL in flags:
        return skip_mitchell(count, per_round)
    return mitchell(count, per_round)


def _ring_set(station: int, round_: int, sets: int) -> int:
    """The set (from 1) at ``station`` (from 0) in ``round_`` (from 1): every set moves down one station a round."""
    return (station + round_ - 1) % sets + 1


def howell(tables: int, boards_per_round: int) -> Movement:
    """DP-2.5, DP-2.6: the Howell for three or four tables, round by round."""
    stations = HOWELL_STATIONS[tables]
    sets = HOWELL_SETS[tables]
    highest = 2 * tables
    shared = len(stations) == tables  # DP-2.5: every table plays the station-0 set

    def moved(pair: int, round_: int) -> int:
        return pair if pair == highest else (pair + round_ - 2) % (highest - 1) + 1

    rounds = []
    for round_ in range(1, sets + 1):
        seated = [(station, pairs) for station, pairs in enumerate(stations) if pairs is not None]
        rounds.append(
            tuple(
                Table(
                    table=number,
                    ns=moved(ns, round_),
                    ew=moved(ew, round_),
                    boards=board_set(_ring_set(0 if shared else station, round_, sets), boards_per_round),
                )
                for number, (station, (ns, ew)) in enumerate(seated, start=1)
            )
        )
    return Movement("howell", tables, boards_per_round, tuple(rounds))


def mitchell(tables: int, boards_per_round: int) -> Movement:
    """DP-2.3, DP-2.4: the Mitchell: N-S pair ``t`` stays at table ``t``; E-W pair ``T + t`` starts there and moves
    up one table a round (from table ``T`` to table 1); the boards move down. With an even number of tables, tables
    1 and ``T`` share a set and a relay stand waits between tables ``T/2`` and ``T/2 + 1`` (DP-2.4)."""
    even = tables % 2 == 0
    # The ring, going up: table 1 (with table T when even), table 2 ... table T/2, the relay stand, ... table T - 1.
    if even:
        station = {t: t - 1 if t <= tables // 2 else t for t in range(1, tables)}
        station[tables] = 0
    else:
        station = {t: t - 1 for t in range(1, tables + 1)}
    rounds = tuple(
        tuple(
            Table(
                table=t,
                ns=t,
                ew=tables + (t - round_) % tables + 1,
                boards=board_set(_ring_set(station[t], round_, tables), boards_per_round),
            )
            for t in range(1, tables + 1)
        )
        for round_ in range(1, tables + 1)
    )
    return Movement("mitchell", tables, boards_per_round, rounds)


def skip_mitchell(tables: int, boards_per_round: int) -> Movement:
    """R-DP-2: the skip Mitchell for an even number of tables: as DP-2.3, but after half the rounds the E-W pairs
    move up two tables; ``T - 1`` rounds, so that no E-W pair meets an N-S pair or a set twice."""
    half = tables // 2

    def ew_at(t: int, round_: int) -> int:
        moves = round_ - 1 + (round_ > half)  # the skip: one table more from round T/2 + 1 on
        return tables + (t - 1 - moves) % tables + 1

    rounds = tuple(
        tuple(
            Table(
                table=t,
                ns=t,
                ew=ew_at(t, round_),
                boards=board_set(_ring_set(t - 1, round_, tables), boards_per_round),
            )
            for t in range(1, tables + 1)
        )
        for round_ in range(1, tables)
    )
    return Movement("skip_mitchell", tables, boards_per_round, rounds)
