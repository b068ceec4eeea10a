"""The state of one Call Bridge replay, and the helpers both phases use: who is due to call."""

from __future__ import annotations

from referee.core.record import Record
from referee.core.tricks import FlaggingState
from scoring.core.games.call_bridge import ALLOW_13, HIGHEST_CALL, SEATS, TRICKS_PER_DEAL


class ReplayState(FlaggingState[Record]):
    """The mutable state of one replay; only `Verdict` values leave it. Who is due to play is `due_player`'s: CB-5.1,
    counterclockwise from the leader, the first seat yet to play to this trick."""

    def __init__(self, record: Record) -> None:
        super().__init__(record)
        self.first = (record.dealer + 1) % SEATS  # CB-4.1, CB-5.1: the dealer's right
        self.calls: list[int | None] = [None] * SEATS
        self.highest_call = TRICKS_PER_DEAL if ALLOW_13 in record.flags else HIGHEST_CALL

    def due_caller(self) -> int | None:
        for step in range(SEATS):
            seat = (self.first + step) % SEATS
            if self.calls[seat] is None:
                return seat
        return None

    def started(self) -> bool:
        """Whether any card has been played (each play goes to the current trick, and each trick over to tricks)."""
        return bool(self.tricks or self.trick)
