"""What a Contract Bridge replay carries from event to event, and the helpers both phases use.

The auction (`auction.Auction`, BR-4) and the play (`play.CardPlay`, BR-5) are classes over this state, which
`replay._Replay` joins; none of them is used on its own.
"""

from __future__ import annotations

from referee.core.calls import Call
from referee.core.games.contract_bridge.deal import BridgeRecord
from referee.core.games.contract_bridge.rules import SEATS, partner_of
from referee.core.record import Event
from referee.core.verdict import Trick, Violation
from vocabulary.cards import Card

# Phases of the deal.
AUCTION = "auction"
PLAY = "play"
OVER = "over"


class ReplayState:
    """What one replay remembers between events; only `Verdict` values leave it."""

    def __init__(self, record: BridgeRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.players = record.players
        self.dealer = record.dealer
        # Each hand an insertion-ordered dict used as an ordered set, in the order dealt.
        self.hands: list[dict[Card, None]] = [dict.fromkeys(hand) for hand in record.hands]
        self.violations: list[Violation] = []
        self.phase = AUCTION
        # auction (BR-4)
        self.caller = record.dealer  # BR-4.1: the dealer calls first
        self.bid: Call | None = None
        self.bidder = 0
        self.doubled = 0
        self.passes = 0  # passes in a row: since the last bid, double or redouble, or from the start
        self.first_named: dict[tuple[int, str], int] = {}  # (side, strain) -> the first of the side to name it
        self.declarer: int | None = None
        self.trumps: str | None = None  # the contract's trump suit, None at no trump
        # play (BR-5)
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * SEATS

    @property
    def dummy(self) -> int | None:
        """BR-4.7: the declarer's partner."""
        return None if self.declarer is None else partner_of(self.declarer)

    def side_tricks(self) -> tuple[int, int]:
        """Tricks won by each side, N-S then E-W (BR-5.5): seats 0 and 2, then 1 and 3 (BR-1.1, side_of)."""
        north, east, south, west = self.tricks_won
        return north + south, east + west

    def flag(self, event: Event, rule: str, message: str) -> None:
        """Record a violation of ``rule``; the message says what happened in words and never cites the rule."""
        trick = len(self.tricks) + 1 if event.type == "play" and self.phase == PLAY else None
        self.violations.append(
            Violation(event=event.number, seat=event.seat, rule=rule, message=message, trick=trick, card=event.card)
        )
