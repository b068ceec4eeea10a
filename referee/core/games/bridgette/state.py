"""The state a Bridgette replay carries from event to event, and the helpers every phase uses.

The replay's handlers are grouped by phase: the exchange in ``exchange`` (BG-4), the auction in ``auction``
(BG-5), the play of the cards in ``play`` (BG-6). Each group is a class over this state, and
``replay._Replay`` joins them; none of them is used on its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.calls import Call
from referee.core.games.bridgette.pack import named
from referee.core.games.bridgette.record import HAND_SIZE, BridgetteRecord, Place, Step
from referee.core.verdict import Trick, Violation
from scoring.core.cards import Card
from scoring.core.i18n import _

# BG-4.1: the exchange's steps in order, by the dealer's seat: the non-dealer draws and discards, then the dealer.
_EXCHANGE_ORDERS = tuple(
    (("draw", 1 - dealer), ("discard", 1 - dealer), ("draw", dealer), ("discard", dealer)) for dealer in (0, 1)
)


class ReplayState:
    """What one replay remembers between events, and the helpers every phase uses."""

    # Replay speed: with this many attributes an instance's __dict__ no longer shares its keys with the class, so
    # each `self.x` would be a dict look-up; slots make the set-up and every attribute read cheaper. The phase
    # classes and `replay._Replay` declare no slots of their own (`__slots__ = ()`).
    __slots__ = (
        "bid",
        "bidder",
        "block",
        "caller",
        "dealer",
        "doubled",
        "exchange_order",
        "exchanged",
        "flags",
        "hands",
        "last_word",
        "leader",
        "names",
        "notes",
        "number",
        "passed_out",
        "passes",
        "phase",
        "record",
        "sizes",
        "stock_left",
        "stock_taken",
        "trick",
        "trick_number",
        "tricks",
        "trump",
        "upcard",
        "violations",
        "where",
        "won",
    )

    def __init__(self, record: BridgetteRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.names = record.players
        self.dealer = record.dealer
        # Each hand is an insertion-ordered dict used as a set: quick to look up and remove from, still in order.
        # Copied from the record's, which keeps each card's hash (BridgetteRecord's CardSet).
        self.hands: list[dict[Card, None] | None] = [None if hand is None else hand.copy() for hand in record.hands]
        self.sizes = [HAND_SIZE, HAND_SIZE]  # cards held during the exchange, seen or not (BG-4.5)
        # Where each card whose place is known now is: ("hand", seat), ("discard", seat) or ("trick", number).
        # At first the cards of the recorded hands: copied from the record's, which keeps each card's hash.
        self.where: dict[Card, Place] = record.places.copy()
        self.number = 0  # the 1-based number of the event being replayed, which a violation names
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        self.phase = "exchange"  # then "auction", "play", "over"
        self.upcard = record.upcard
        self.exchange_order = _EXCHANGE_ORDERS[self.dealer]
        self.exchanged: set[tuple[str, int]] = set()
        # The stock cards not taken yet, top first, when the stock is recorded: each draw is judged from what is
        # left. The usual exchange takes the top `stock_taken` cards by position (`Exchange.ordinary_exchange`);
        # the careful handlers make `stock_left` of the rest when they first need it (`left_in_stock`).
        self.stock_taken = 0
        self.stock_left: dict[Card, None] | None = None
        # auction (BG-5)
        self.caller = self.dealer
        self.bid: Call | None = None
        self.bidder = 0
        self.doubled = 0
        self.last_word = ""
        self.passes = 0
        self.passed_out = False
        # play (BG-6)
        self.trump: str | None = None
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.trick_number = 1
        self.block: str | None = None
        self.tricks: list[Trick] = []
        self.won = [0, 0]

    # ---- helpers -------------------------------------------------------------------------

    def flag(self, step: Step, rule: str, message: str, card: Card | None = None) -> None:
        kind, seat = step[0], step[1]
        trick = self.trick_number if kind == "play" and self.phase == "play" else None
        # The message says what happened in words; the rule is the violation's own field, shown beside it.
        self.violations.append(Violation(self.number, seat, rule, message, trick, card))

    def left_in_stock(self) -> dict[Card, None]:
        """The stock cards not taken yet, top first, as a dict used as an ordered set (a draw removes its cards
        with one look-up each); empty when the stock is not recorded."""
        left = self.stock_left
        if left is None:
            stock = self.record.stock
            left = self.stock_left = dict.fromkeys(stock[self.stock_taken :]) if stock is not None else {}
        return left

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def misplaced(self, messages: Mapping[str | None, str], player: str, card: Card) -> str:
        """The sentence of ``messages`` for where ``card`` is now ("hand", "discard", "trick", or None where it
        is nowhere known), worded with the player, the card and its holder or trick."""
        kind, value = self.where.get(card, (None, 0))
        holder = self.names[value] if kind in ("hand", "discard") else ""
        return _(messages[kind]).format(player=player, card=named(card), holder=holder, trick=value)
