"""How a Draw Bridge hand is set up and recorded (docs/referee/draw_bridge.md): the 52-card pack, two hands
of 13 and the 26-card stock, and the draw tricks, the draws, the auction and the play.
"""

from __future__ import annotations

from referee.core.games.draw_bridge.rules import BIDS, HAND_SIZE, STOCK_SIZE
from referee.core.setup import (
    CALL_TURN,
    CARD,
    PLAY_TURN,
    Entry,
    EventField,
    EventKind,
    ExtraField,
    Setup,
    TurnEntry,
    ValueKind,
)
from scoring.core.games.draw_bridge import GAME
from vocabulary.cards import standard_pack
from vocabulary.i18n import gettext_noop

SETUP = Setup(
    seats=GAME.seats,
    pack=standard_pack(),  # DB-1.1
    hand_size=HAND_SIZE,  # DB-2.2
    extras=(
        ExtraField(
            "stock",
            gettext_noop("Stock, top card first (26 cards)"),
            gettext_noop("the stock"),
            True,
            STOCK_SIZE,
            required=True,
        ),
    ),
    events=(
        EventKind("play", "the seat plays the card to the current trick, in either phase (DB-3, DB-5)", (CARD,)),
        EventKind("draw", "the seat takes the card from the stock after a draw trick (DB-3.5)", (CARD,)),
        EventKind(
            "call",
            "one call of the auction (DB-4)",
            (EventField("call", ValueKind.WORD, "pass, double, redouble or a bid from 1C to 7NT (DB-4.1)"),),
        ),
    ),
    turns=(
        PLAY_TURN,
        TurnEntry("draw", Entry.OPTION, "card", verb=gettext_noop("Draw")),
        CALL_TURN,
    ),
    plays_only=(
        gettext_noop(
            "Without the stock it is taken to be the cards drawn, in the order drawn, so whether each draw took "
            "the top card of the stock (DB-3.5) is not checked."
        ),
    ),
    longest_auction=3 * len(BIDS) + 2,  # the Bridgette ladder without 0NT, every bid doubled and redoubled (DB-4)
)
