"""Klaberjass ranks and card points (RULES.md KJ-2)."""

from __future__ import annotations

from scoring.core.cards import Card

# KJ-2.1: ranks from high to low.
TRUMP_ORDER = ("J", "9", "A", "T", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "T", "K", "Q", "J", "9", "8", "7")
SEQUENCE_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7")
_TRUMP_POWER = {rank: len(TRUMP_ORDER) - index for index, rank in enumerate(TRUMP_ORDER)}
_PLAIN_POWER = {rank: len(PLAIN_ORDER) - index for index, rank in enumerate(PLAIN_ORDER)}
_SEQUENCE_POWER = {rank: len(SEQUENCE_ORDER) - index for index, rank in enumerate(SEQUENCE_ORDER)}
# KJ-2.2: card points; the trump J and 9 are special.
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_TRUMP_POINTS = {**_PLAIN_POINTS, "J": 20, "9": 14}


def card_points(card: Card, trump: str) -> int:
    """A card's points by KJ-2.2."""
    return (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.rank]
