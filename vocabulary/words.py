"""The words every card game here shares, defined once, below both cores (docs/style.md 15).

Suits, strains and doublings are closed sets, so they are enums whose values are what a match file
or hand record writes (``"S"``, ``"NT"``, ``1``); each also knows its symbol and its name in words,
in the active language (the tables below hold the English msgids; vocabulary/i18n.py).
The notation (docs/rules/README.md, "Notation"): ♠ S, ♥ H, ♦ D, ♣ C, NT for no trump, ``X`` doubled, ``XX``
redoubled.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from vocabulary.i18n import Word, _, gettext_noop


class Suit(StrEnum):
    """A suit, listed from the highest in bridge ranking (♠) to the lowest (♣)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """``♠``, ``♥``, ``♦``, ``♣`` (docs/rules/README.md, "Notation")."""
        return SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit in words, as in "no spades": ``spades``."""
        return _(SUIT_PLURALS[self])

    @property
    def singular(self) -> str:
        """One card of the suit in words, as in "the higher spade": ``spade``."""
        return _(SUIT_SINGULARS[self])


class Strain(StrEnum):
    """What a contract is played in: a trump suit or no trump, in bidding order, lowest first."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMP = "NT"

    @property
    def symbol(self) -> str:
        """``♣`` ... ``♠``, or ``NT`` (docs/rules/README.md, "Notation")."""
        return STRAIN_SYMBOLS[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for no trump."""
        return None if self is Strain.NO_TRUMP else Suit(self.value)

    @property
    def plural(self) -> str:
        """The strain in words: ``clubs`` ... ``spades``, ``no trump``."""
        suit = self.suit
        return suit.plural if suit is not None else _(NO_TRUMP)


class Doubling(IntEnum):
    """How far a contract was doubled; the value is what a match file writes in ``doubled``."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def mark(self) -> str:
        """What follows the contract in the rules' notation: ``""``, ``"X"``, ``"XX"``."""
        return "X" * self.value

    @property
    def word(self) -> str:
        """``undoubled``, ``doubled``, ``redoubled``."""
        return _(DOUBLING_WORDS[self])


SUIT_SYMBOLS: dict[Suit, str] = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
# The words below are msgids (English), translated where they are read.
SUIT_PLURALS: dict[Suit, str] = {
    Suit.SPADES: gettext_noop("spades"),
    Suit.HEARTS: gettext_noop("hearts"),
    Suit.DIAMONDS: gettext_noop("diamonds"),
    Suit.CLUBS: gettext_noop("clubs"),
}
SUIT_SINGULARS: dict[Suit, str] = {
    Suit.SPADES: gettext_noop("spade"),
    Suit.HEARTS: gettext_noop("heart"),
    Suit.DIAMONDS: gettext_noop("diamond"),
    Suit.CLUBS: gettext_noop("club"),
}
# The same words as placeholders' values in a text worded when it is read (an `i18n.Text`, such as a trick's
# reason), by the suit's letter: "{card} is the highest {suit}" with ``suit=SINGULAR_WORDS["S"]``.
SINGULAR_WORDS: dict[str, Word] = {suit.value: Word(word) for suit, word in SUIT_SINGULARS.items()}
PLURAL_WORDS: dict[str, Word] = {suit.value: Word(word) for suit, word in SUIT_PLURALS.items()}
NO_TRUMP = gettext_noop("no trump")
STRAIN_SYMBOLS: dict[Strain, str] = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NO_TRUMP: "NT",
}
DOUBLING_WORDS: dict[Doubling, str] = {
    Doubling.UNDOUBLED: gettext_noop("undoubled"),
    Doubling.DOUBLED: gettext_noop("doubled"),
    Doubling.REDOUBLED: gettext_noop("redoubled"),
}
