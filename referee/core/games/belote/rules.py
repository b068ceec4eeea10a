"""The rules of Belote as pure functions: the cards a player may play (BL-7.2 to BL-7.4, R-BL-9) and who wins a
trick (BL-7.5); the trick rules the 32-card games share are in referee.core.pack32."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from referee.core.pack32 import Duty, allowed_cards, holding
from referee.core.trump_rounds import PASS, TAKE
from scoring.core.base import Flags
from vocabulary.cards import SUITS, Card, card_word
from vocabulary.i18n import Text, gettext_noop
from vocabulary.words import SINGULAR_WORDS

# The sizes of a deal and the words of its calls.
BIDS = (TAKE, PASS, *SUITS)
SAYINGS = ("belote", "rebelote")  # BL-6.1
FIRST_DEAL = 5  # BL-3.3: 3 then 2 cards each
STOCK = 11  # BL-3.3: what is left once the turn-up is turned

TRICKS = 8  # BL-7.6
# BL-7.5: why a trick's winner won, worded when the trick's reason is read.
_HIGHEST_TRUMP = gettext_noop("{card} is the highest trump (BL-7.5)")
_ONLY_TRUMP = gettext_noop("{card} is the only trump (BL-7.5)")
_HIGHEST_OF_SUIT = gettext_noop("{card} is the highest {suit} and nobody trumped (BL-7.5)")


def allowed(
    hand: Collection[Card], trick: Sequence[Card], trump: str, flags: Flags, partner_holds: bool
) -> tuple[list[Card], Duty]:
    """The cards BL-7.2 to BL-7.4 let a player play from ``hand`` to ``trick`` (its cards so far, the lead first),
    and the duty that limits them; ``partner_holds`` says the player's partner holds the trick."""
    # BL-7.4: a player void in the plain suit led trumps when an opponent holds the trick; under
    # bl_must_trump_partner_master (R-BL-9), whoever holds it.
    must_trump = "bl_must_trump_partner_master" in flags or not partner_holds
    return allowed_cards(hand, trick, trump, must_trump)


def trick_winner(trick: Sequence[Card], trump: str) -> tuple[int, Text]:
    """BL-7.5: the position in ``trick`` of the card that wins it, the highest trump, else the highest card of
    the suit led; and why, as a `Text` worded when it is read."""
    position = holding(trick, trump)
    winning = trick[position]
    if winning.suit != trump:
        return position, Text(_HIGHEST_OF_SUIT, {"card": card_word(winning), "suit": SINGULAR_WORDS[winning.suit]})
    if [card.suit for card in trick].count(trump) > 1:
        return position, Text(_HIGHEST_TRUMP, {"card": card_word(winning)})
    return position, Text(_ONLY_TRUMP, {"card": card_word(winning)})
