"""What a Contract Bridge replay carries from event to event, and the helpers both phases use.

The auction (`auction.Auction`, BR-4) and the play (`play.CardPlay`, BR-5) are classes over this state, which
`replay._Replay` joins; none of them is used on its own.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.calls import Call
from referee.core.games.contract_bridge.rules import partner_of
from referee.core.record import Event, Record
from referee.core.tricks import FlaggingState
from referee.core.verdict import Remedy
from vocabulary.cards import Card


class LeadOutOfTurn(NamedTuple):
    """A lead out of turn (BR-5.1, BR-5.4) and what became of it (BR-10.3): ``violation`` is its index in the
    violations, ``due`` the seat whose lead it was; ``choice`` is "accept" or "refuse" once made (by ``by``, with
    ``played`` True when the next hand's card accepted it, Law 53A), "" while it waits."""

    violation: int
    seat: int
    card: Card
    due: int
    held: bool
    choice: str = ""
    by: int | None = None
    played: bool = False


class Revoke(NamedTuple):
    """A card that did not follow suit though the hand held the suit led (BR-5.3), for its remedy (BR-10.4)."""

    violation: int  # its index in the violations
    seat: int
    trick: int
    suit: str


# Phases of the deal.
AUCTION = "auction"
PLAY = "play"
OVER = "over"


class ReplayState(FlaggingState[Record]):
    """What one replay remembers between events; only `Verdict` values leave it."""

    def __init__(self, record: Record) -> None:
        super().__init__(record)
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
        # faults and their remedies (BR-10)
        # a violation's index -> its remedy, where known before the end: noted just before the violation is flagged
        # (so under the index it takes), or a lead out of turn's as it stands
        self.remedies: dict[int, Remedy] = {}
        self.pending: LeadOutOfTurn | None = None  # a lead out of turn not yet accepted or refused (BR-10.3)
        self.revokes: list[Revoke] = []
        # BR-10.11 (Law 50D): each defender's major penalty card, by seat, until played or picked up by an option;
        # the declarer's lead option (the leader, the option, the suit) while it holds; the tricks whose lead the
        # declarer left free.
        self.penalty: dict[int, Card] = {}
        self.option: tuple[int, str, str] | None = None
        self.left_free: set[int] = set()

    @property
    def dummy(self) -> int | None:
        """BR-4.7: the declarer's partner."""
        return None if self.declarer is None else partner_of(self.declarer)

    def side_tricks(self) -> tuple[int, int]:
        """Tricks won by each side, N-S then E-W (BR-5.5): seats 0 and 2, then 1 and 3 (BR-1.1, side_of)."""
        north, east, south, west = self.tricks_taken()
        return north + south, east + west

    def note_revoke(self, seat: int, suit: str) -> None:
        """A revoke by ``seat`` in the trick being played, of the suit ``suit`` it had to play, for its remedy at the
        end (BR-10.4 to BR-10.6); noted just before it is flagged, so its violation is the next."""
        self.revokes.append(Revoke(violation=len(self.violations), seat=seat, trick=self.trick_number, suit=suit))

    def trick_of(self, event: Event) -> int | None:
        """The trick a violation by ``event`` is in: the trick being played, for a card played in the play."""
        return self.trick_number if event.type == "play" and self.phase == PLAY else None
