"""The Bridgette pack as the rules see it: the group of each card (BG-2.2), and how a sentence names a card."""

from __future__ import annotations

from scoring.core.cards import Card, CardWord, card_name, card_word
from scoring.core.i18n import Word, _, gettext_noop

# BG-2.2: aces and the Grand Colon; J Q K and the Royal Colon; every other card (2 to 10, Little Colon).
_GROUP_OF_RANK = {"A": "ace", "G": "ace", "K": "face", "Q": "face", "J": "face", "R": "face"}
# A colon as a sentence names it, with its article: one msgid each (scoring/core/i18n.py), never "the " + a name.
_THE_COLONS = {
    "G": gettext_noop("the Grand Colon"),
    "R": gettext_noop("the Royal Colon"),
    "L": gettext_noop("the Little Colon"),
}


def group(card: Card) -> str:
    """BG-2.2: the group of a card, ``"ace"``, ``"face"`` or ``"spot"``; colons belong to one too."""
    return _GROUP_OF_RANK.get(card.rank, "spot")


def named(card: Card) -> str:
    """A card as a sentence names it, in the active language: "A♠", "the Grand Colon"."""
    return _(_THE_COLONS[card.rank]) if card.is_colon else card_name(card)


def named_word(card: Card) -> CardWord | Word:
    """A card as a placeholder's value in a text worded when it is read (a trick's reason, an `i18n.Text`), as
    `named` words it: a colon by its msgid with the article, any other card as `card_name` does."""
    return Word(_THE_COLONS[card.rank]) if card.is_colon else card_word(card)
