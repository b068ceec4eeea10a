"""The state a Belote replay carries from event to event, and the helpers every phase uses.

The handlers are grouped by phase: choosing trumps and the second deal in ``trumps``, the cards played and
belote-rebelote in ``play``; ``replay._Replay`` joins them, and the rules they check are in ``rules``.
"""

from __future__ import annotations

from referee.core.games.belote.deal import BeloteRecord
from referee.core.games.belote.rules import STOCK
from referee.core.trump_rounds import TrumpRounds
from scoring.core.games.belote import side_of


class ReplayState(TrumpRounds[BeloteRecord]):
    """What one replay remembers between events."""

    def __init__(self, record: BeloteRecord) -> None:
        # BL-4.1, BL-7.1: the dealer's next player speaks and leads first. The phases: bid, play, done, thrown_in.
        super().__init__(record)
        self.taker: int | None = None
        # The second deal can be made (BL-3.4), or needs none: the hands are as held in play.
        self.dealt = record.held or len(record.stock) == STOCK
        self.points = [0, 0]  # card points per side (BL-2.2)
        self.last_trick: int | None = None  # the seat that won the eighth trick (BL-2.3)
        self.belote_by: int | None = None  # who said belote (BL-6.1)
        self.rebelote_by: int | None = None

    @staticmethod
    def partners(seat: int, other: int) -> bool:
        """Both seats play for the same side (BL-1.1)."""
        return side_of(seat) == side_of(other)
