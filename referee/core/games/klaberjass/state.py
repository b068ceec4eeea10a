"""The state a Klaberjass replay carries from event to event, and the helpers every phase uses.

The replay's handlers are grouped by phase: choosing trumps in ``trumps``, the dix and
sequences in ``sequences``, the play of the cards in ``play``. Each group is a class over
this state, and ``replay._Replay`` joins them; the rules they check are pure functions in ``rules``.
"""

from __future__ import annotations

from referee.core.games.klaberjass.deal import KlaberjassRecord
from referee.core.games.klaberjass.rules import FIRST_DEAL
from referee.core.record import Event
from referee.core.trump_rounds import TrumpRounds
from vocabulary.cards import Card


class ReplayState(TrumpRounds[KlaberjassRecord]):
    """What one replay remembers between events, and the helpers every phase uses."""

    def __init__(self, record: KlaberjassRecord) -> None:
        # The hands in the dealt order that the allowed cards and the verdict list; the non-dealer, who leads first,
        # speaks first in each round (KJ-4.1). The phases: bid, answer, name, play, done, annulled.
        super().__init__(record)
        # Only the first deal recorded (KJ-3.2); a record of the plays only has the cards played, however many.
        self.short = not record.plays_only and len(record.hands[0]) == FIRST_DEAL
        self.schmeisser = 0  # who schmeissed, once somebody has (R-KJ-2)
        self.maker: int | None = None
        self.dix_done = False
        self.declared: list[list[tuple[Card, ...]]] = [[], []]
        self.declared_at: dict[tuple[Card, ...], Event] = {}  # each sequence's declare event
        self.kq_by: dict[str, int] = {}  # "K"/"Q" of trumps -> who played it (KJ-7.1)
        self.bella: int | None = None
        self.points = [0, 0]
        self.last_trick: int | None = None

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card yet (KJ-5.3, KJ-6.2): each finished trick holds a card of both
        players (a card out of turn to a trick is not played), so only the first trick needs a look."""
        return bool(self.tricks) or any(player == seat for player, _card in self.trick)
