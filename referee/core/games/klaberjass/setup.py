"""How a Klaberjass hand is set up and recorded (docs/referee/klaberjass.md): the 32-card pack, two hands of 9,
the turn-up and the bottom card, and the trump choice, the dix, declarations and the play.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.games.klaberjass.rules import ANSWERS, BIDS, HAND_SIZE
from referee.core.pack32 import PACK32
from referee.core.setup import (
    CARD,
    PLAY_TURN,
    Aside,
    Entry,
    EventField,
    EventKind,
    ExtraField,
    Setup,
    TapOption,
    TurnEntry,
    ValueKind,
)
from referee.core.trump_rounds import TRUMP_TURN, TURN_UP, trump_bid
from scoring.core.games.klaberjass import GAME
from vocabulary.i18n import gettext_noop

# The dix swap and sequence declarations come before a player's first card, whoever is on turn (KJ-5.3, KJ-6.2).
_DIX_OR_SEQUENCE = Aside(
    gettext_noop("Dix swap or sequence declaration"),
    gettext_noop("{name} declares a sequence (card codes)"),
    (("declare", gettext_noop("Declare")), ("dix", gettext_noop("{name} swaps the dix"))),
)

# A card's announcement, recorded only when made: bella, with the second of the K and Q of trumps (KJ-7.1).
_BELLA = EventField(
    "announce", ValueKind.WORD, "bella, on the second of K and Q of trumps (KJ-7.1)", ("bella",), always=False
)

SETUP = Setup(
    seats=GAME.seats,
    pack=PACK32,
    hand_size=HAND_SIZE,  # KJ-5.1: the nine cards after the second deal, before any dix
    extras=(
        TURN_UP,  # KJ-3.3
        # KJ-5.2
        ExtraField("bottom", gettext_noop("Bottom card (optional)"), gettext_noop("the bottom card"), False, 1),
    ),
    events=(
        trump_bid("the trump choice (KJ-4, R-KJ-2)", "take, pass, a suit letter or schmeiss", BIDS),
        EventKind(
            "answer",
            "the answer to a schmeiss (R-KJ-2)",
            (EventField("choice", ValueKind.WORD, "play or throw_in", ANSWERS),),
        ),
        EventKind("dix", "the seat swaps the 7 of trumps for the turn-up (KJ-5.3)"),
        EventKind(
            "declare",
            "the seat declares one sequence (KJ-6.2)",
            (EventField("cards", ValueKind.CARDS, "the cards of the sequence, by code"),),
        ),
        EventKind("play", "the seat plays the card (KJ-8)", (CARD, _BELLA)),
    ),
    turns=(
        TRUMP_TURN,
        TurnEntry("answer", Entry.OPTION, "choice"),
        replace(
            PLAY_TURN,
            options=(TapOption("announce", "bella", gettext_noop("Announce bella with this card")),),
            aside=_DIX_OR_SEQUENCE,
        ),
    ),
    plays_only=(
        gettext_noop(
            "Without the hands the deal (KJ-3) and the bottom card are not checked; the cards of a declared "
            "sequence (KJ-6.2), and the 7 of the turn-up's suit of a dix (KJ-5.3), are taken to be held."
        ),
    ),
    plays_only_extras=("turn_up",),  # its suit is offered as trumps in the first round (KJ-4.1)
    longest_auction=2 * GAME.seats + 1,  # two rounds of bids, then an answer to a schmeiss (KJ-4, R-KJ-2)
)
