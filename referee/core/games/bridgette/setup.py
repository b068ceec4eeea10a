"""How a Bridgette hand is set up and recorded (docs/referee/bridgette.md): the 55-card pack, two hands of 13
that may be left unrecorded (R-BG-13), the optional stock or upcard, and the exchange, the auction and the play.
"""

from __future__ import annotations

from referee.core.calls import LADDER
from referee.core.games.bridgette.rules import HAND_SIZE, STOCK_SIZE
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
from scoring.core.games.bridgette import GAME
from vocabulary.cards import colons, standard_pack
from vocabulary.i18n import gettext_noop

PACK = (*standard_pack(), *colons())  # BG-1.2: the 52 cards and the three colons

_CARDS = EventField("cards", ValueKind.CARDS, "the cards, by code; or `count` alone when they were not seen")
_COUNT = EventField("count", ValueKind.NUMBER, "how many cards, when they were not seen", always=False)

SETUP = Setup(
    seats=GAME.seats,
    pack=PACK,
    hand_size=HAND_SIZE,  # BG-3.2
    empty_hand=True,  # a hand left empty was not recorded: the replay checks what it can (R-BG-13)
    extras=(
        ExtraField(
            "stock",
            gettext_noop("Stock, top card first (optional; its first card is the upcard)"),
            gettext_noop("the stock"),
            True,
            STOCK_SIZE,
        ),
        ExtraField(
            "upcard",
            gettext_noop("Upcard (if the stock was not recorded)"),
            gettext_noop("the upcard"),
            False,
            1,
            dealt=False,
        ),
    ),
    events=(
        EventKind("draw", "the seat takes these cards from the stock (BG-4.2, BG-4.3)", (_CARDS, _COUNT)),
        EventKind("discard", "the seat discards these cards face down (BG-4.4)", (_CARDS, _COUNT)),
        EventKind(
            "call",
            "one call of the auction (BG-5.4)",
            (EventField("call", ValueKind.WORD, "pass, double, redouble or a bid from 0NT to 7NT (BG-5.1)"),),
        ),
        EventKind("play", "the seat plays the card to the current trick (BG-6)", (CARD,)),
    ),
    turns=(
        TurnEntry(
            "draw",
            Entry.TYPED,
            "cards_text",
            verb=gettext_noop("Record the draw"),
            label=gettext_noop("Cards drawn (card codes, e.g. 2C 7H)"),
        ),
        TurnEntry(
            "discard", Entry.CARDS, "cards", verb=gettext_noop("Discard"), label=gettext_noop("Cards to discard")
        ),
        CALL_TURN,
        PLAY_TURN,
    ),
    plays_only=(
        gettext_noop(
            "Without the hands and the stock the exchange is not checked against the stock (BG-4.5), and a hand "
            "is known, and its bids checked (BG-5.6), only once all 13 of its cards are played (R-BG-13)."
        ),
    ),
    longest_auction=3 * len(LADDER) + 2,  # every bid doubled and redoubled, then two passes (BG-5)
)
