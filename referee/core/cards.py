"""Cards and the compact card notation used in hand records.

``AS`` ace of spades, ``TH`` or ``10H`` ten of hearts, ``7C``; suit symbols are
accepted too (``A♠``, ``10♥``). Bridgette's colons are ``GC`` (Grand), ``RC``
(Royal) and ``LC`` (Little) (BG-1.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_LABELS = {"T": "10"}
COLONS = {"G": "Grand Colon", "R": "Royal Colon", "L": "Little Colon"}
_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


class CardError(ValueError):
    """A token that is not a card in Trickbook's notation."""

    def __init__(self, token: str, message: str, path: str = "") -> None:
        super().__init__(message)
        self.token = token
        self.message = message
        self.path = path


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card. Colons have rank G, R or L and the empty suit (BG-2.3: no suit)."""

    rank: str
    suit: str

    @property
    def is_colon(self) -> bool:
        return self.suit == ""

    @property
    def rank_value(self) -> int:
        """2 for a two up to 14 for an ace (A K Q J 10 ... 2, BG-2.1, CB-2.1, DB-1.2)."""
        return RANKS.index(self.rank) + 2

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}" if self.suit else f"{self.rank}C"

    @property
    def label(self) -> str:
        if self.is_colon:
            return COLONS[self.rank]
        return f"{RANK_LABELS.get(self.rank, self.rank)}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.label


def parse_card(token: Any, path: str = "") -> Card:
    """Read one card token; the error names the token and what is wrong with it."""
    if not isinstance(token, str):
        raise CardError(str(token), f"{token!r} is not a card: write cards like AS, 10H, 7C", path)
    text = token.strip().upper()
    if text in ("GC", "RC", "LC"):
        return Card(text[0], "")
    if len(text) < 2:
        raise CardError(token, f"{token!r} is not a card: write cards like AS, 10H, 7C", path)
    rank, suit = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(token.strip()[-1], suit)
    if rank == "10":
        rank = "T"
    if suit not in SUITS:
        raise CardError(token, f"{token!r} has no suit: end it with S, H, D or C (or ♠ ♥ ♦ ♣)", path)
    if rank not in RANKS:
        raise CardError(token, f"{token!r} has no rank: start it with A K Q J 10 9 ... 2", path)
    return Card(rank, suit)


def parse_cards(tokens: Any, path: str) -> tuple[Card, ...]:
    """Read a list of card tokens (or one string of them separated by spaces)."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    if not isinstance(tokens, list):
        raise CardError(str(tokens), f"{path} must be a list of cards", path)
    return tuple(parse_card(token, f"{path}[{index}]") for index, token in enumerate(tokens))


def standard_pack() -> tuple[Card, ...]:
    """The 52-card pack (CB-1.1, DB-1.1)."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in reversed(RANKS))


def bridgette_pack() -> tuple[Card, ...]:
    """The 52 cards plus the three colons (BG-1.2)."""
    return (*standard_pack(), *(Card(rank, "") for rank in COLONS))


def klaberjass_pack() -> tuple[Card, ...]:
    """A K Q J 10 9 8 7 in each suit (KJ-1.1)."""
    return tuple(card for card in standard_pack() if card.rank_value >= 7)


def labels(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)
