"""Cards and the compact card notation, shared by both cores (docs/style.md 15).

``AS`` ace of spades, ``TH`` or ``10H`` ten of hearts, ``7C``; suit symbols are accepted too
(``A♠``, ``10♥``). The notation also writes Bridgette's colons, ``GC`` (Grand), ``RC`` (Royal) and
``LC`` (Little) (BG-1.2): a reader of any game's record must be able to name them, and each game
refuses the cards that are not in its own pack. A game's pack belongs to that game (its referee's
setup); only the 52-card pack that several games share is here.

There are only 55 cards, so they are made once, here: ``parse_card`` and the packs hand out these
instances, and the spellings a record uses are looked up in a table (``_BY_TOKEN``) instead of
being read character by character every time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from vocabulary.i18n import _, gettext_noop, pgettext
from vocabulary.words import SUIT_PLURALS, Suit

# The suits as a card writes them, in words.Suit's order (♠ ♥ ♦ ♣). A card keeps its suit as the plain
# letter, not the Suit member: it is compared and hashed on every play of every replay, and a colon has none.
SUITS = tuple(suit.value for suit in Suit)
SUIT_SYMBOLS = {suit.value: suit.symbol for suit in Suit}
# The suits' and the colons' names are English msgids (vocabulary/i18n.py): translate them with `_` where shown.
SUIT_NAMES = {suit.value: SUIT_PLURALS[suit] for suit in Suit}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_LABELS = {"T": "10"}
# The ace and the court cards, whose letters a text writes as the active language does: msgids of the context
# "rank letter" (pgettext), the same the web layer draws on a card face (referee/templatetags/cards.py).
RANK_LETTERS = frozenset("AKQJ")
COLONS = {"G": gettext_noop("Grand Colon"), "R": gettext_noop("Royal Colon"), "L": gettext_noop("Little Colon")}
_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
# 2 for a two up to 14 for an ace: a dict look-up instead of RANKS.index on every comparison.
RANK_VALUES = {rank: value for value, rank in enumerate(RANKS, start=2)}


class CardError(ValueError):
    """A token that is not a card in Trickbook's notation."""

    def __init__(self, token: str, message: str, path: str = "") -> None:
        super().__init__(message)
        self.token = token
        self.message = message
        self.path = path


class Card(NamedTuple):
    """A card. Colons have rank G, R or L and the empty suit (BG-2.3: no suit).

    A NamedTuple, not a frozen dataclass: as immutable, ordered and hashed the same, by (rank, suit), but
    hashed and compared by the tuple's C code where a dataclass runs generated Python methods. Each replay
    looks cards up in dicts and sets hundreds of times.
    """

    rank: str
    suit: str

    @property
    def is_colon(self) -> bool:
        return self.suit == ""

    @property
    def rank_value(self) -> int:
        """2 for a two up to 14 for an ace (A K Q J 10 ... 2, BG-2.1, CB-2.1, DB-1.2)."""
        value = RANK_VALUES.get(self.rank)
        if value is None:
            return RANKS.index(self.rank) + 2  # a colon has no rank value: ValueError, as it always was
        return value

    # The code of each of the 55 cards and the label of each of the 52 are spelled once (_CODES, _LABELS): every
    # trick's reason and every turn names its cards. A colon's label is a name in words, so it is spelled
    # (translated) each time, as is a card of no pack (a test's Card("X", "S")).
    @property
    def code(self) -> str:
        try:
            return _CODES[self]
        except KeyError:
            return _spell_code(self)

    @property
    def label(self) -> str:
        try:
            return _LABELS[self]
        except KeyError:
            return _spell_label(self)

    def __str__(self) -> str:
        return self.label


def _spell_code(card: Card) -> str:
    return f"{card.rank}{card.suit}" if card.suit else f"{card.rank}C"


def _spell_label(card: Card) -> str:
    if card.is_colon:
        return _(COLONS[card.rank])
    return f"{RANK_LABELS.get(card.rank, card.rank)}{SUIT_SYMBOLS[card.suit]}"


# The 55 cards, each made once.
_STANDARD_PACK = tuple(Card(rank, suit) for suit in SUITS for rank in reversed(RANKS))
_COLONS = tuple(Card(rank, "") for rank in COLONS)
_CODES = {card: _spell_code(card) for card in (*_STANDARD_PACK, *_COLONS)}
_LABELS = {card: _spell_label(card) for card in _STANDARD_PACK}  # symbols and digits: the same in every language
_BY_CODE = {code: card for card, code in _CODES.items()}


def standard_pack() -> tuple[Card, ...]:
    """The 52-card pack (CB-1.1, DB-1.1), ♠ A to 2, then ♥, ♦, ♣."""
    return _STANDARD_PACK


def colons() -> tuple[Card, ...]:
    """The Grand, Royal and Little Colon (BG-1.2): cards of the notation, in Bridgette's pack only."""
    return _COLONS


def _read_card(token: Any, path: str) -> Card:
    """Read a token the long way: trim, upper-case, accept 10 and the suit symbols; else say what is wrong."""
    if not isinstance(token, str):
        raise CardError(
            str(token), _("{token} is not a card: write cards like AS, 10H, 7C").format(token=repr(token)), path
        )
    text = token.strip().upper()
    if text in ("GC", "RC", "LC"):
        return _BY_CODE[text]
    if len(text) < 2:
        raise CardError(token, _("{token} is not a card: write cards like AS, 10H, 7C").format(token=repr(token)), path)
    rank, suit = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(token.strip()[-1], suit)
    if rank == "10":
        rank = "T"
    if suit not in SUITS:
        raise CardError(
            token, _("{token} has no suit: end it with S, H, D or C (or ♠ ♥ ♦ ♣)").format(token=repr(token)), path
        )
    if rank not in RANKS:
        raise CardError(
            token, _("{token} has no rank: start it with A K Q J 10 9 ... 2").format(token=repr(token)), path
        )
    return _BY_CODE[rank + suit]


def parse_card(token: Any, path: str = "") -> Card:
    """Read one card token; the error names the token and what is wrong with it."""
    card = _BY_TOKEN.get(token) if isinstance(token, str) else None
    return card if card is not None else _read_card(token, path)


def parse_cards(tokens: Any, path: str) -> tuple[Card, ...]:
    """Read a list of card tokens (or one string of them separated by spaces)."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    if not isinstance(tokens, list):
        raise CardError(str(tokens), _("{path} must be a list of cards").format(path=path), path)
    cards = []
    for index, token in enumerate(tokens):
        card = _BY_TOKEN.get(token) if isinstance(token, str) else None
        # The path (an f-string) is only worth building for a token the table does not know.
        cards.append(card if card is not None else _read_card(token, f"{path}[{index}]"))
    return tuple(cards)


def labels(cards: Iterable[Card]) -> str:
    return " ".join(card.label for card in cards)


def card_name(card: Card) -> str:
    """The card as a text in the active language names it: ``Q♠`` (``D♠`` in Hungarian and Polish), ``10♥``,
    ``Grand Colon``. `Card.label` stays the English notation; this is for words a person reads, spelled when
    the text is built (never cached: the language changes from one request to the next)."""
    if not card.suit:  # a colon (BG-2.3: no suit), asked without the is_colon property's call
        return _(COLONS[card.rank])
    if card.rank in RANK_LETTERS:
        return pgettext("rank letter", card.rank) + SUIT_SYMBOLS[card.suit]
    return card.label


class CardWord(NamedTuple):
    """A card as a placeholder's value in a text worded when it is read (an `i18n.Text`, such as a trick's
    reason): its `card_name` in the language active then. `card_word` hands out one per card."""

    card: Card

    def __format__(self, spec: str) -> str:
        return format(card_name(self.card), spec)

    def __str__(self) -> str:
        return card_name(self.card)


_CARD_WORDS = {card: CardWord(card) for card in _CODES}


def card_word(card: Card) -> CardWord:
    """The `CardWord` of ``card``: the one made for each of the 55 cards, or a new one for any other."""
    word = _CARD_WORDS.get(card)
    return word if word is not None else CardWord(card)


def card_names(cards: Iterable[Card]) -> str:
    """`card_name` of each card, separated by spaces: ``A♠ K♠ 7♥``."""
    return " ".join(map(card_name, cards))


def _spellings() -> Iterable[str]:
    """Every way a record may write a card without spaces: AS as, 10h TH th, A♠, GC gc..."""
    for code in ("GC", "RC", "LC"):
        yield from {code, code.lower(), code[0] + code[1].lower(), code[0].lower() + code[1]}
    for rank in RANKS:
        for rank_text in {rank, rank.lower(), RANK_LABELS.get(rank, rank)}:
            for suit in SUITS:
                for suit_text in (suit, suit.lower(), SUIT_SYMBOLS[suit]):
                    yield rank_text + suit_text


# Filled by the long reader itself, so the quick look-up can never disagree with it.
_BY_TOKEN: dict[str, Card] = {token: _read_card(token, "") for token in _spellings()}
