"""The rules of Bridgette as pure functions: the group of each card (BG-2.2) and how a sentence names a card,
what the dealer draws (BG-4.3), what a bid needs from the hand (BG-5.6, R-BG-12), the cards that may be led and
followed (BG-6.2, BG-6.4, BG-6.5) and who wins a trick (BG-6.3, BG-6.4)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.core.calls import Call, bid_index
from referee.core.remedies import LAW_64_FOR_TWO, THREE_TRICKS, WordedRemedy
from scoring.core.base import Flags
from vocabulary.cards import SUITS, Card, CardWord, card_name, card_word
from vocabulary.i18n import Text, Word, _, gettext_noop
from vocabulary.words import SINGULAR_WORDS

# The sizes and words of a deal.
HAND_SIZE = 13  # BG-3.2
STOCK_SIZE = 29  # BG-3.3

# BG-2.2: aces and the Grand Colon; J Q K and the Royal Colon; every other card (2 to 10, Little Colon).
_GROUP_OF_RANK = {"A": "ace", "G": "ace", "K": "face", "Q": "face", "J": "face", "R": "face"}
# A colon as a sentence names it, with its article: one msgid each (vocabulary/i18n.py), never "the " + a name.
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


TRICKS = 13  # BG-6.1


def trick_winner(lead: Card, follow: Card, trump: str | None) -> tuple[bool, Text]:
    """Whether the follower wins the trick, and why (BG-6.3 after a normal lead, BG-6.4 after a colon).

    The reason is a `Text`, worded only when it is read (vocabulary/i18n.py)."""
    if lead.is_colon:
        kind = group(lead)
        if follow.is_colon:
            return False, Text(_COLON_ON_COLON, {"lead": named_word(lead)})
        values = {"card": card_word(follow), "lead": named_word(lead)}
        if follow.suit == trump:
            return True, Text(_TRUMP_ON_COLON, values)
        if group(follow) == kind:
            return True, Text(_IN_GROUP[kind], values)
        return False, Text(_NOT_IN_GROUP[kind], values)
    if follow.suit == lead.suit:
        # Strictly higher: of two equal cards (one played without being held), the leader's wins.
        follower_wins = follow.rank_value > lead.rank_value
        higher = follow if follower_wins else lead
        return follower_wins, Text(_HIGHER, {"card": card_word(higher), "suit": SINGULAR_WORDS[higher.suit]})
    if follow.is_colon:
        return False, Text(_COLON_TO_SUIT, {"card": named_word(follow), "lead": card_word(lead)})
    values = {"card": card_word(follow), "lead": card_word(lead)}
    if follow.suit == trump:
        return True, Text(_TRUMPS, values)
    return False, Text(_NEITHER, values)


# The reasons a trick is won (msgids: vocabulary/i18n.py), worded when read. BG-6.3: after a lead of a suit.
_HIGHER = gettext_noop("{card} is the higher {suit} (BG-6.3)")

_COLON_TO_SUIT = gettext_noop("{card} was played to {lead}: the leader wins (BG-6.3)")

_TRUMPS = gettext_noop("{card} trumps {lead} (BG-6.3)")

_NEITHER = gettext_noop("{card} neither follows suit nor trumps: {lead} wins (BG-6.3)")

# BG-6.4, R-BG-16: after a colon lead; a card in or out of the colon's group, by the group.
_COLON_ON_COLON = gettext_noop("a colon played to a colon lead loses: {lead} wins (R-BG-16)")

_TRUMP_ON_COLON = gettext_noop("{card} is a trump and beats {lead} (BG-6.4)")

_IN_GROUP = {
    "spot": gettext_noop("{card} is in the spot group of {lead} (BG-6.4)"),
    "face": gettext_noop("{card} is in the face group of {lead} (BG-6.4)"),
    "ace": gettext_noop("{card} is in the ace group of {lead} (BG-6.4)"),
}

_NOT_IN_GROUP = {
    "spot": gettext_noop("{card} is neither a trump nor in the spot group: {lead} wins (BG-6.4)"),
    "face": gettext_noop("{card} is neither a trump nor in the face group: {lead} wins (BG-6.4)"),
    "ace": gettext_noop("{card} is neither a trump nor in the ace group: {lead} wins (BG-6.4)"),
}


def allowed_follows(hand: Iterable[Card], lead: Card, flags: Flags) -> list[Card]:
    """BG-6.2 and BG-6.4: the cards a follower may play to ``lead``."""
    cards = list(hand)
    suit = lead.suit
    if lead.is_colon:
        return cards  # BG-6.4: any card
    kind = group(lead)
    followers = [card for card in cards if card.suit == suit]
    matching = [card for card in cards if not card.suit and group(card) == kind]
    if followers:
        # R-BG-14: the matching colon may replace following suit, unless the house rule allows it only when void.
        return followers if "bg_colon_only_when_void" in flags else followers + matching
    free = [card for card in cards if card.suit] + matching
    return free or cards  # a non-matching colon only when nothing else is left


def allowed_leads(hand: Iterable[Card], block: str | None, flags: Flags) -> list[Card]:
    """BG-6.5 / R-BG-15: the cards a leader may lead, with a lead block on suit ``block`` (or none)."""
    cards = list(hand)
    if block is None:
        return cards
    if "bg_block_requires_suit_lead" in flags:
        others = [card for card in cards if card.suit and card.suit != block]  # a colon has no suit (BG-2.3)
    else:
        others = [card for card in cards if card.suit != block]  # colons have no suit (BG-2.3)
    return others or cards


def suit_counts(hand: Iterable[Card]) -> dict[str, int]:
    """Cards held in each suit; colons never count (BG-2.3, BG-5.6 e): a colon's suit is empty."""
    suits = [card.suit for card in hand]
    return {suit: suits.count(suit) for suit in SUITS}


def cheapest_level(strain: str, current: Call | None) -> int:
    """R-BG-12: the lowest level at which ``strain`` could legally be bid now."""
    base = 0 if strain == "NT" else 1
    if current is None:
        return base
    level = max(current.level, base)
    return level + 1 if bid_index(level, strain) <= current.index else level


def is_jump(bid: Call, current: Call | None, flags: Flags) -> bool:
    """BG-5.6 c / R-BG-12: a jump bid; under `bg_strict_jump` anything but the next step of the ladder."""
    if "bg_strict_jump" in flags:
        return bid.index > (current.index if current else -1) + 1
    return bid.level > cheapest_level(bid.strain, current)


def bid_requirement(counts: Mapping[str, int], bid: Call, current: Call | None, flags: Flags) -> tuple[str, str] | None:
    """BG-5.6: the (rule, requirement) a bid fails on for a hand with these suit counts, or None.

    The requirement is a key of `_REFUSED_BIDS` ("no-trump suits", "no-trump jump", "length", "jump length"):
    the turn asks this of every bid, and only a bid that is made and refused is put into words (`refused_bid`).
    """
    jump = is_jump(bid, current, flags)
    if bid.strain == "NT":
        if 0 in (counts[suit] for suit in SUITS):
            return "BG-5.6", "no-trump suits"
        if jump and "bg_strict_jump" in flags and max(counts.values()) < 4:
            return "R-BG-12", "no-trump jump"
        return None
    held = counts[bid.strain]
    if held < 2:
        return "BG-5.6", "length"
    if jump and held < 4:
        return ("R-BG-12" if "bg_strict_jump" in flags else "BG-5.6"), "jump length"
    return None


DEALER_DRAWS = {"spot": 4, "face": 8, "ace": 12}  # BG-4.3


# R-BG-19: what a card the rules did not allow costs (the sources are silent): Law 64 read for two players, or
# under `bg_revoke_three_tricks` three tricks; told in words, the table enters the deal as ruled.
REVOKE = WordedRemedy(
    "R-BG-19",
    "bg_revoke_three_tricks",
    LAW_64_FOR_TWO,
    THREE_TRICKS,
    frozenset({"BG-6.2", "R-BG-14", "BG-6.5", "R-BG-15"}),
)
