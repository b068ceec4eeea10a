"""How a Belote hand is set up and recorded (docs/referee/belote.md): the 32-card pack, the first five cards
of each hand, the turn-up and the stock, then the choice of trumps and the play.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.games.belote.rules import BIDS, FIRST_DEAL, SAYINGS, STOCK
from referee.core.pack32 import PACK32
from referee.core.setup import CARD, PLAY_TURN, EventField, EventKind, ExtraField, Held, Setup, TapOption, ValueKind
from referee.core.trump_rounds import TRUMP_TURN, TURN_UP, trump_bid
from scoring.core.games.belote import GAME
from vocabulary.i18n import gettext_noop

HELD = FIRST_DEAL + 3  # BL-3.4: the cards each player holds once the deal is complete

# A card's saying, recorded only when said.
_SAYING = EventField(
    "announce",
    ValueKind.WORD,
    "belote with the first of the K and Q of trumps, rebelote with the second (BL-6.1)",
    SAYINGS,
    always=False,
)

SETUP = Setup(
    seats=GAME.seats,
    pack=PACK32,
    hand_size=FIRST_DEAL,  # BL-3.3: the first deal, 3 then 2 cards each
    extras=(
        TURN_UP,  # BL-3.3
        # BL-3.4: the rest of the deal, in the order given; needed only once somebody takes.
        ExtraField(
            "stock",
            gettext_noop("The other 11 cards, in the order dealt after the take"),
            gettext_noop("the stock"),
            True,
            STOCK,
        ),
    ),
    events=(
        trump_bid("the trump choice (BL-4)", "take, pass or a suit letter", BIDS),
        EventKind("play", "the seat plays the card (BL-7)", (CARD, _SAYING)),
    ),
    turns=(
        TRUMP_TURN,
        replace(
            PLAY_TURN,
            options=(
                TapOption("announce", "belote", gettext_noop("Say belote with this card")),
                TapOption("announce", "rebelote", gettext_noop("Say rebelote with this card")),
            ),
        ),
    ),
    plays_only=(
        gettext_noop(
            "Without the dealt lots the deal (BL-3.3, BL-3.4) is not checked: the turn-up is taken to be the "
            "taker's, and a belote is taken at its word until the other card is played (BL-6.1)."
        ),
    ),
    plays_only_extras=("turn_up",),
    # The Check a hand page records the hands as held when the play starts: 8 each, the turn-up in the taker's.
    held=Held(
        hand_size=HELD,
        extras=(replace(TURN_UP, dealt=False, in_hand=True),),
    ),  # its suit is offered as trumps in the first round (BL-4.1)
    longest_auction=2 * GAME.seats,  # two rounds of four bids (BL-4.1, BL-4.2)
)
