"""The mutable state of one Draw Bridge replay, and the helpers every phase uses.

Each concern of the replay is a class over this state: the draw phase (`DrawPhase`), the play
of the cards (`CardPlay`), the auction (`AuctionPhase`); `replay._Replay` joins them.
"""

from __future__ import annotations

from referee.core.games.draw_bridge.record import DrawBridgeEvent, DrawBridgeRecord
from referee.core.verdict import Trick, Violation
from scoring.core.cards import SUITS, Card

TRICKS_PER_PHASE = 13  # DB-3.1, DB-5
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}  # ♠ ♥ ♦ ♣, for showing hands

# Replay phases.
DRAW_TRICKS = "draw tricks"
DRAWING = "drawing"
AUCTION = "auction"
PLAY = "play"
OVER = "over"


def _display_order(card: Card) -> tuple[int, int]:
    return _SUIT_ORDER[card.suit], -card.rank_value


def trick_name(number: int) -> str:
    """A trick as players count them, from its number across both phases (`Trick.number`, 1 to 26):
    "draw trick 3" for the third trick of the draw phase, "trick 3" for the third of the play."""
    if number <= TRICKS_PER_PHASE:
        return f"draw trick {number}"
    return f"trick {number - TRICKS_PER_PHASE}"


class ReplayState:
    """The mutable state of one replay; only `Verdict` values leave it."""

    def __init__(self, record: DrawBridgeRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.players = record.players
        self.dealer = record.dealer
        # Each hand is an insertion-ordered dict used as a set, in the order dealt and drawn: quick to look up and
        # take from, and what a seat holds at the end is listed in that order, whatever the hash seed.
        self.hands: list[dict[Card, None]] = [dict.fromkeys(hand) for hand in record.hands]
        self.stock = list(reversed(record.stock))  # the top card is last, so drawing is pop()
        # Each card played -> the number of the trick it was played to (`Trick.number`), named only in a message.
        self.played: dict[Card, int] = {}
        self.violations: list[Violation] = []
        self.tricks: list[Trick] = []
        self.phase = DRAW_TRICKS
        self.leader = 1 - record.dealer  # DB-3.1: the non-dealer leads to the first draw trick
        self.trick: list[tuple[int, Card]] = []
        self.phase_tricks = 0  # tricks finished in the current phase
        self.pending_draws: list[int] = []  # seats still to draw after the last draw trick, in order
        # Auction (DB-4).
        self.caller = record.dealer  # DB-4.2: the dealer calls first
        self.bid: tuple[int, str] | None = None
        self.bidder = 0
        self.doubled = 0
        self.passes = 0
        self.declarer: int | None = None
        self.tricks_won = [0, 0]

    # --- helpers -------------------------------------------------------------------------------------------

    def flag(self, event: DrawBridgeEvent, rule: str, message: str) -> None:
        """Record a violation of ``rule``. The message says in words what happened and why it is not allowed,
        and never cites a rule ID: the violation carries its rule in its own field."""
        trick = len(self.tricks) + 1 if event.type == "play" else None
        self.violations.append(Violation(event.number, event.seat, rule, message, trick, event.card))

    def coming_trick(self) -> str:
        """The coming (or current) trick of the draw tricks or the play, as players count them: "draw trick 3"."""
        return trick_name(len(self.tricks) + 1)

    def trumps(self) -> str:
        return self.bid[1] if self.bid and self.bid[1] != "NT" else ""

    def flag_misplaced(self, event: DrawBridgeEvent, what: str) -> None:
        """An event of the wrong kind for this moment of the deal: flagged and skipped."""
        if self.phase == OVER and self.declarer is None:
            rule, why = "DB-4.3", "the deal had been passed out"
        elif self.phase == OVER:
            rule, why = "DB-5.3", "all 13 tricks of the play were over"
        elif event.type == "draw" and self.phase == DRAW_TRICKS:
            rule, why = "DB-3.5", "no draw was due: each player draws once after each draw trick"
        elif event.type == "draw":
            rule, why = "DB-3.6", "the 13 draw tricks had used up the stock"
        elif event.type == "call" and self.phase in (DRAW_TRICKS, DRAWING):
            rule, why = "DB-3.6", "the auction comes after all 13 draw tricks"
        elif event.type == "call":
            rule, why = "DB-4.1", "the auction had ended"
        else:
            rule, why = "DB-4.1", f"the auction had not ended and {self.players[self.caller]} was to call"
        self.flag(event, rule, f"{what}, but {why}")
