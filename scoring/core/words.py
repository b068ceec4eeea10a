"""The words every card game here shares, defined once, below both cores (STYLE.md 15).

Suits, strains and doublings are closed sets, so they are enums whose values are what a match file
or hand record writes (``"S"``, ``"NT"``, ``1``); each also knows its symbol and its name in words.
RULES.md 0.2 gives the notation: ♠ S, ♥ H, ♦ D, ♣ C, NT for no trump, ``X`` doubled, ``XX`` redoubled.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Suit(StrEnum):
    """A suit, listed from the highest in bridge ranking (♠) to the lowest (♣)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """``♠``, ``♥``, ``♦``, ``♣`` (RULES.md 0.2)."""
        return SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit in words, as in "no spades": ``spades``."""
        return SUIT_PLURALS[self]

    @property
    def singular(self) -> str:
        """One card of the suit in words, as in "the higher spade": ``spade``."""
        return SUIT_PLURALS[self][:-1]


class Strain(StrEnum):
    """What a contract is played in: a trump suit or no trump, in bidding order, lowest first."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMP = "NT"

    @property
    def symbol(self) -> str:
        """``♣`` ... ``♠``, or ``NT`` (RULES.md 0.2)."""
        return STRAIN_SYMBOLS[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trump."""
        return None if self is Strain.NO_TRUMP else Suit(self.value)

    @property
    def plural(self) -> str:
        """The strain in words: ``clubs`` ... ``spades``, ``no trump``."""
        suit = self.suit
        return suit.plural if suit is not None else "no trump"


class Doubling(IntEnum):
    """How far a contract was doubled; the value is what a match file writes in ``doubled``."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def mark(self) -> str:
        """What follows the contract in RULES.md notation: ``""``, ``"X"``, ``"XX"``."""
        return "X" * self.value

    @property
    def word(self) -> str:
        """``undoubled``, ``doubled``, ``redoubled``."""
        return DOUBLING_WORDS[self]


SUIT_SYMBOLS: dict[Suit, str] = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_PLURALS: dict[Suit, str] = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
STRAIN_SYMBOLS: dict[Strain, str] = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NO_TRUMP: "NT",
}
DOUBLING_WORDS: dict[Doubling, str] = {
    Doubling.UNDOUBLED: "undoubled",
    Doubling.DOUBLED: "doubled",
    Doubling.REDOUBLED: "redoubled",
}
