"""Travellers: each board's results across the tables that played it (docs/rules/duplicate.md DP-3.1).

A traveller has one line for each table the movement sends the board to, in the order they play it: the round,
the table, the N-S and E-W pairs, and the result once entered, a contract (scored for N-S by DP-1.3) or an
artificial score (DP-3.2). A line not yet entered has none; the board still expects it, which is what factoring
its matchpoints counts on (DP-4.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from club.core.duplicate.boards import Artificial, Score, ns_score
from club.core.duplicate.movements import Movement
from scoring.core.base import RuleError
from scoring.core.contract import Contract
from vocabulary.i18n import _

Result = Contract | Artificial


@dataclass(frozen=True, slots=True)
class Line:
    """One table's line of a traveller."""

    round: int
    table: int
    ns: int
    ew: int
    result: Result | None = None
    score: Score | None = None  # the N-S score of a played board, or the artificial scores


@dataclass(frozen=True, slots=True)
class Traveller:
    board: int
    lines: tuple[Line, ...]

    @property
    def expected(self) -> int:
        """How many results the board should have: one for each table the movement sends it to."""
        return len(self.lines)

    @property
    def scores(self) -> tuple[Score, ...]:
        """The scores entered so far, in the order of the lines."""
        return tuple(line.score for line in self.lines if line.score is not None)


def travellers(movement: Movement, results: Mapping[tuple[int, int], Result]) -> dict[int, Traveller]:
    """DP-3.1: every board's traveller, by board number; ``results`` holds each table's result keyed by (board,
    table). A result for a board a table does not play is refused on the board, citing DP-3.1."""
    seated = {
        (board, table.table): (number, table)
        for number, round_ in enumerate(movement.rounds, start=1)
        for table in round_
        for board in table.boards
    }
    for board, number in results:
        if (board, number) not in seated:
            message = _("table {table} does not play board {board} in this movement")
            raise RuleError("board", "DP-3.1", message.format(table=number, board=board))
    lines: dict[int, list[Line]] = {board: [] for board in movement.boards}
    for (board, number), (round_, table) in sorted(seated.items(), key=lambda item: (item[1][0], item[0][1])):
        result = results.get((board, number))
        score = result if not isinstance(result, Contract) else ns_score(result, board)
        lines[board].append(Line(round_, number, table.ns, table.ew, result, score))
    return {board: Traveller(board, tuple(board_lines)) for board, board_lines in lines.items()}
