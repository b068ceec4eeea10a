"""The state a Bridgette replay carries from event to event, and the helpers every phase uses.

The replay's handlers are grouped by phase: the exchange in ``exchange`` (BG-4), the auction in ``auction``
(BG-5), the play of the cards in ``play`` (BG-6). Each group is a class over this state, and
``replay._Replay`` joins them; none of them is used on its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.calls import Call
from referee.core.games.bridgette.deal import BridgetteRecord
from referee.core.games.bridgette.rules import HAND_SIZE, named
from referee.core.plays import Faulting
from referee.core.record import Event
from vocabulary.cards import Card
from vocabulary.i18n import _


class ReplayState(Faulting[BridgetteRecord]):
    """What one replay remembers between events, and the helpers every phase uses."""

    card_words = staticmethod(named)  # a colon with its article

    def __init__(self, record: BridgetteRecord) -> None:
        super().__init__(record)
        # The seats whose hands are not known: not recorded (R-BG-13), or since cards they drew or discarded unseen.
        self.unknown = {seat for seat, hand in enumerate(record.hands) if not hand}
        self.sizes = [HAND_SIZE, HAND_SIZE]  # cards held during the exchange, seen or not (BG-4.5)
        # Where each card whose place is known now is: ("hand", seat), ("discard", seat) or ("trick", number).
        self.where: dict[Card, tuple[str, int]] = {
            card: ("hand", seat) for seat, hand in enumerate(record.hands) for card in hand
        }
        self.phase = "exchange"  # then "auction", "play", "over"
        self.upcard = record.upcard
        # BG-4.1: the exchange's steps in order: the non-dealer draws and discards, then the dealer.
        dealer, other = self.dealer, 1 - self.dealer
        self.exchange_order = (("draw", other), ("discard", other), ("draw", dealer), ("discard", dealer))
        self.exchanged: set[tuple[str, int]] = set()
        # The stock cards not taken yet, top first, when the stock is recorded: each draw is judged from what is
        # left. A dict used as an ordered set: a draw removes its cards with one look-up each.
        self.stock_left: dict[Card, None] = dict.fromkeys(record.stock or ())
        # auction (BG-5)
        self.caller = self.dealer
        self.bid: Call | None = None
        self.bidder = 0
        self.doubled = 0
        self.passes = 0
        # play (BG-6)
        self.trump: str | None = None
        self.block: str | None = None

    # ---- helpers -------------------------------------------------------------------------

    def exchange_due(self) -> tuple[str, int] | None:
        """The exchange's next step, as (its kind, the seat due to make it), or None once all four are made."""
        return next((step for step in self.exchange_order if step not in self.exchanged), None)

    def hand_of(self, seat: int) -> dict[Card, None] | None:
        """What ``seat`` holds now, each card in the order dealt, then drawn; None when the hand is not known."""
        return None if seat in self.unknown else self.hands[seat]

    def trick_of(self, event: Event) -> int | None:
        """The trick a violation by ``event`` is in: the trick being played, for a card played in the play (BG-6)."""
        return self.trick_number if event.type == "play" and self.phase == "play" else None

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def misplaced(self, messages: Mapping[str | None, str], player: str, card: Card) -> str:
        """The sentence of ``messages`` for where ``card`` is now ("hand", "discard", "trick", or None where it
        is nowhere known), worded with the player, the card and its holder or trick."""
        kind, value = self.where.get(card, (None, 0))
        holder = self.players[value] if kind in ("hand", "discard") else ""
        return _(messages[kind]).format(player=player, card=named(card), holder=holder, trick=value)
