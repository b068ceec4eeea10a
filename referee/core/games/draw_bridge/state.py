"""The mutable state of one Draw Bridge replay, and the helpers every phase uses.

Each concern of the replay is a class over this state: the draw phase (`DrawPhase`), the play
of the cards (`CardPlay`), the auction (`AuctionPhase`); `replay._Replay` joins them.
"""

from __future__ import annotations

from enum import Enum

from referee.core.calls import Call
from referee.core.games.draw_bridge.deal import DrawBridgeRecord
from referee.core.plays import Faulting
from referee.core.record import Event
from vocabulary.cards import SUITS, Card
from vocabulary.i18n import _, gettext_noop

TRICKS_PER_PHASE = 13  # DB-3.1, DB-5
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}  # ♠ ♥ ♦ ♣, for showing hands


class Phase(Enum):
    """Where a replay is: the draw tricks (DB-3.1) and the draws after each (DB-3.5), the auction (DB-4), the play
    (DB-5), and over."""

    DRAW_TRICKS = "draw tricks"
    DRAWING = "drawing"
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


def display_order(card: Card) -> tuple[int, int]:
    """A card's place in a hand as shown: by suit, ♠ ♥ ♦ ♣, then from the ace down."""
    return _SUIT_ORDER[card.suit], -card.rank_value


def by_trick(number: int, in_draw_phase: str, in_play: str) -> tuple[str, int]:
    """The msgid of the two that fits the trick numbered ``number`` across both phases (`Trick.number`), and the
    trick's number as players count it in its phase: each text that names a trick is a whole sentence for either
    phase ("... to draw trick 3", "... to trick 3"), never a sentence with the trick's name put in."""
    if number <= TRICKS_PER_PHASE:
        return in_draw_phase, number
    return in_play, number - TRICKS_PER_PHASE


def call_label(event: Event) -> str:
    """The call of ``event`` as a sentence names it ("1♠", "pass"); "" for a play or a draw."""
    return event.call.label if event.call is not None else ""


class ReplayState(Faulting[DrawBridgeRecord]):
    """The mutable state of one replay; only `Verdict` values leave it."""

    def __init__(self, record: DrawBridgeRecord) -> None:
        super().__init__(record)  # each hand in the order dealt, and then drawn
        self.stock = list(record.stock[::-1])  # the top card is last, so drawing is pop()
        # The first trick (`Trick.number`) each card went to from its player's hand. A card played that its player did
        # not hold goes to the trick all the same, and is not noted here.
        self.played_from_hand: dict[Card, int] = {}
        self.revokes: set[int] = set()  # the events of the play that did not follow suit (DB-5.2, R-DB-12)
        self.phase = Phase.DRAW_TRICKS  # DB-3.1: the non-dealer, the dealer's next, leads to the first draw trick
        self.phase_tricks = 0  # tricks finished in the current phase
        self.pending_draws: list[int] = []  # seats still to draw after the last draw trick, in order
        # Auction (DB-4): once it has ended, the contract and its declarer; no bid if it was passed out (DB-4.3).
        self.caller = record.dealer  # DB-4.2: the dealer calls first
        self.bid: Call | None = None
        self.bidder = 0
        self.doubled = 0
        self.passes = 0
        self.trumps = ""  # the contract's trump suit once the auction has ended, "" at no trump (DB-5.3)

    # --- helpers -------------------------------------------------------------------------------------------

    def flag_misplaced(self, event: Event) -> None:
        """An event of the wrong kind for this moment of the deal: flagged and skipped."""
        kind = event.type
        if self.phase == Phase.OVER and self.bid is None:
            rule, why = "DB-4.3", "passed out"
        elif self.phase == Phase.OVER:
            rule, why = "DB-5.3", "over"
        elif kind == "draw" and self.phase == Phase.DRAW_TRICKS:
            rule, why = "DB-3.5", "no draw due"
        elif kind == "draw":
            rule, why = "DB-3.6", "stock used up"
        elif kind == "call" and self.phase in (Phase.DRAW_TRICKS, Phase.DRAWING):
            rule, why = "DB-3.6", "auction after draw tricks"
        elif kind == "call":
            rule, why = "DB-4.1", "auction ended"
        else:
            rule, why = "DB-4.1", "auction not ended"
        self.fault(event, rule, _(_MISPLACED[kind, why]), call=call_label(event), caller=self.name(self.caller))


# An event out of its place (`ReplayState.flag_misplaced`), by the event and why it may not be made now: each a
# whole sentence (msgids: vocabulary/i18n.py).
_MISPLACED = {
    ("play", "passed out"): gettext_noop("{player} played {card}, but the deal had been passed out"),
    ("draw", "passed out"): gettext_noop("{player} drew {card}, but the deal had been passed out"),
    ("call", "passed out"): gettext_noop("{player} called {call}, but the deal had been passed out"),
    ("play", "over"): gettext_noop("{player} played {card}, but all 13 tricks of the play were over"),
    ("draw", "over"): gettext_noop("{player} drew {card}, but all 13 tricks of the play were over"),
    ("call", "over"): gettext_noop("{player} called {call}, but all 13 tricks of the play were over"),
    ("draw", "no draw due"): gettext_noop(
        "{player} drew {card}, but no draw was due: each player draws once after each draw trick"
    ),
    ("draw", "stock used up"): gettext_noop("{player} drew {card}, but the 13 draw tricks had used up the stock"),
    ("call", "auction after draw tricks"): gettext_noop(
        "{player} called {call}, but the auction comes after all 13 draw tricks"
    ),
    ("call", "auction ended"): gettext_noop("{player} called {call}, but the auction had ended"),
    ("play", "auction not ended"): gettext_noop(
        "{player} played {card}, but the auction had not ended and {caller} was to call"
    ),
}
