"""How a Call Bridge hand is set up and recorded (docs/referee/call_bridge.md)."""

from __future__ import annotations

from referee.core.setup import CALL_TURN, CARD, PLAY_TURN, EventField, EventKind, Setup, ValueKind
from scoring.core.games.call_bridge import SEATS, TRICKS_PER_DEAL
from vocabulary.cards import standard_pack

SETUP = Setup(
    seats=SEATS,
    pack=standard_pack(),  # CB-1.1
    hand_size=TRICKS_PER_DEAL,  # CB-3.2
    extras=(),
    events=(
        EventKind(
            "call",
            "the seat's one call for the deal (CB-4.2, R-CB-1)",
            (EventField("call", ValueKind.NUMBER, "a whole number of tricks, 2 to 12 (13 under cb_allow_13)"),),
        ),
        EventKind("play", "the seat plays the card to the current trick (CB-5)", (CARD,)),
    ),
    turns=(
        CALL_TURN,
        PLAY_TURN,
    ),
    longest_auction=SEATS,  # one call each (CB-4.2)
)
