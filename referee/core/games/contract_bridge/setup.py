"""How a Contract Bridge hand is set up and recorded (docs/referee/contract_bridge.md): the 52-card pack, four
hands of 13, the auction and the play, dummy's cards tapped by the declarer from dummy's hand.
"""

from __future__ import annotations

from referee.core.games.contract_bridge.rules import BIDS, CHOICES, HAND_SIZE, SEATS
from referee.core.setup import CALL_TURN, CARD, PLAY_TURN, Entry, EventField, EventKind, Setup, TurnEntry, ValueKind
from vocabulary.cards import standard_pack
from vocabulary.i18n import gettext_noop

# BR-4.6: the longest auction: three opening passes, then every bid but the last followed by two passes, a double,
# two passes, a redouble and two passes (9 calls), and 7NT by the same 9 and a third pass (10 calls).
LONGEST_AUCTION = 3 + 9 * (len(BIDS) - 1) + 10

SETUP = Setup(
    seats=SEATS,  # BR-1.1
    pack=standard_pack(),  # BR-1.2
    hand_size=HAND_SIZE,  # BR-3.2
    extras=(),
    events=(
        EventKind(
            "call",
            "one call of the auction, in turn from the dealer (BR-4)",
            (EventField("call", ValueKind.WORD, "pass, double, redouble or a bid from 1C to 7NT (BR-4.2, BR-4.3)"),),
        ),
        EventKind(
            "play",
            "a card to the current trick from the seat's hand; dummy's cards, which the declarer plays, from dummy's "
            "seat (BR-5)",
            (CARD,),
        ),
        EventKind(
            "choice",
            "a lead out of turn accepted or refused, by the declarer for a defender's lead, by a defender for the "
            "declaring side's (BR-10.3); or the declarer's lead option on a penalty card (BR-10.11)",
            (EventField("choice", ValueKind.WORD, "accept, refuse, require, forbid or leave", words=CHOICES),),
        ),
    ),
    turns=(
        CALL_TURN,
        PLAY_TURN,
        TurnEntry("choice", Entry.OPTION, "choice"),
    ),
    plays_only=(
        gettext_noop("Honours (BR-6.7) are counted from the cards played: the whole hands once 13 tricks are played."),
    ),
    longest_auction=LONGEST_AUCTION,
)
