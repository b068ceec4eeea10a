"""The 32-card pack and the trick rules of the games played with it (Klaberjass, Belote).

Both games use the pack of A K Q J 10 9 8 7 in each suit, rank trumps J 9 A 10 K Q 8 7 and plain
suits A 10 K Q J 9 8 7, count the same card points (KJ-2, BL-2), and limit the card a player may
play the same way: follow suit; on a trump lead, beat every trump in the trick if able; void in a
plain suit, trump when bound to, and beat a trump already in the trick if able (KJ-8.2 with
R-KJ-11; BL-7.2 to BL-7.4). Each game says when a void player is bound to trump and maps the
`Duty` a play broke to its own rule ID.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from vocabulary.cards import Card, standard_pack

PACK32 = tuple(card for card in standard_pack() if card.rank_value >= 7)  # A K Q J 10 9 8 7 in each suit

# Ranks from high to low: in trumps, in the other suits, and for sequences.
TRUMP_ORDER = ("J", "9", "A", "T", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "T", "K", "Q", "J", "9", "8", "7")
SEQUENCE_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7")
TRUMP_POWER = {rank: len(TRUMP_ORDER) - index for index, rank in enumerate(TRUMP_ORDER)}
PLAIN_POWER = {rank: len(PLAIN_ORDER) - index for index, rank in enumerate(PLAIN_ORDER)}
SEQUENCE_POWER = {rank: len(SEQUENCE_ORDER) - index for index, rank in enumerate(SEQUENCE_ORDER)}
# Card points: the trump J and 9 are worth more than in a plain suit; the pack holds 152.
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_TRUMP_POINTS = {**_PLAIN_POINTS, "J": 20, "9": 14}


def card_points(card: Card, trump: str) -> int:
    """A card's points: J 20 and 9 14 in trumps, 2 and 0 elsewhere; A 11, 10 10, K 4, Q 3, 8 and 7 nothing."""
    return (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.rank]


def trick_points(cards: Sequence[Card], trump: str) -> int:
    """The card points of a trick's cards (KJ-2, BL-2.2)."""
    return sum(card_points(card, trump) for card in cards)


def beats(card: Card, other: Card, trump: str) -> bool:
    """True if ``card``, played after ``other`` (the lead, or the card holding the trick), wins over it:
    a higher card of the same suit, or a trump over a card of another suit."""
    if card.suit == other.suit:
        power = TRUMP_POWER if card.suit == trump else PLAIN_POWER
        return power[card.rank] > power[other.rank]
    return card.suit == trump


def holding(trick: Sequence[Card], trump: str) -> int:
    """The position in ``trick`` of the card holding it: the highest trump, else the highest card of the suit led."""
    best = 0
    for position in range(1, len(trick)):
        if beats(trick[position], trick[best], trump):
            best = position
    return best


class Duty(StrEnum):
    """What limited a player's choice of card, for each game to map to its rule."""

    FREE = ""  # any card
    FOLLOW = "follow"  # a card of the suit led (a trump, on a trump lead)
    TRUMP = "trump"  # void in a plain suit led: a trump, any trump
    OVERTRUMP = "overtrump"  # a trump higher than every trump in the trick


def allowed_cards(
    hand: Collection[Card], trick: Sequence[Card], trump: str, must_trump: bool = True
) -> tuple[list[Card], Duty]:
    """The cards of ``hand`` that may be played to ``trick`` (its cards so far, the lead first), and the duty
    that limits them.

    ``must_trump`` says whether a player void in a plain suit led is bound to trump (and to beat a trump
    already in the trick): always in Klaberjass (R-KJ-11), when an opponent holds the trick in Belote
    (BL-7.4, R-BL-9). A trump that cannot beat one in the trick leaves a void player free; on a trump lead
    it still has to be a trump.
    """
    if not trick:
        return list(hand), Duty.FREE
    led = trick[0]
    trumps = [card for card in hand if card.suit == trump]
    in_trick = [TRUMP_POWER[card.rank] for card in trick if card.suit == trump]
    higher = [card for card in trumps if in_trick and TRUMP_POWER[card.rank] > max(in_trick)]
    if led.suit == trump:
        if higher:
            return higher, Duty.OVERTRUMP
        return (trumps, Duty.FOLLOW) if trumps else (list(hand), Duty.FREE)
    same_suit = [card for card in hand if card.suit == led.suit]
    if same_suit:
        return same_suit, Duty.FOLLOW
    if not trumps or not must_trump:
        return list(hand), Duty.FREE
    if not in_trick:
        return trumps, Duty.TRUMP
    return (higher, Duty.OVERTRUMP) if higher else (list(hand), Duty.FREE)
