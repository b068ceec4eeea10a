"""The rules of Call Bridge as pure functions: the cards a player may play to a trick (CB-5.2, R-CB-7) and who
wins it (CB-5.3)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from referee.core.remedies import Worded, WordedRemedy
from referee.core.tricks import winning_play
from scoring.core.base import Flags
from scoring.core.games.call_bridge import MUST_HEAD_TRICK
from vocabulary.cards import RANK_VALUES, Card, card_word
from vocabulary.i18n import Text, gettext_noop
from vocabulary.words import SINGULAR_WORDS

TRUMPS = "S"  # CB-2.1: spades are always trumps


def allowed_cards(hand: Collection[Card], trick: Sequence[tuple[int, Card]], flags: Flags) -> tuple[list[Card], str]:
    """The cards CB-5.2 (and R-CB-7) lets a player play from ``hand`` to ``trick``, and the rule that limits them.

    The rule is "" when every card in the hand may be played.
    """
    if not trick:
        return list(hand), ""  # CB-5.1: any card may be led, spades included
    led = trick[0][1].suit
    same_suit = [card for card in hand if card.suit == led]
    if same_suit:
        # CB-5.2 (a): follow suit with any card of it.
        if MUST_HEAD_TRICK not in flags:
            return same_suit, "CB-5.2"
        # R-CB-7 (cb_must_head_trick): beat the highest card so far if able. When a
        # spade has trumped a non-spade lead, no card of the led suit can beat it, so
        # any card of the led suit may be played; otherwise "highest" is the highest
        # card of the led suit in the trick (spades, when spades were led).
        if led != TRUMPS and any(card.suit == TRUMPS for _, card in trick):
            return same_suit, "CB-5.2"
        highest = max(RANK_VALUES[card.rank] for _, card in trick if card.suit == led)
        heading = [card for card in same_suit if RANK_VALUES[card.rank] > highest]
        return (heading, "R-CB-7") if heading else (same_suit, "CB-5.2")
    spades = [card for card in hand if card.suit == TRUMPS]
    if not spades:
        return list(hand), ""  # CB-5.2 (c)
    trick_spades = [RANK_VALUES[card.rank] for _, card in trick if card.suit == TRUMPS]
    if not trick_spades:
        return spades, "CB-5.2"  # CB-5.2 (b): no spade yet, any spade
    top = max(trick_spades)
    higher = [card for card in spades if RANK_VALUES[card.rank] > top]
    # CB-5.2 (b): overtrump if able, else any card (a lower spade included).
    return (higher, "CB-5.2") if higher else (list(hand), "")


def trick_winner(trick: Sequence[tuple[int, Card]]) -> tuple[int, Text]:
    """CB-5.3: the highest spade wins; with no spade, the highest card of the led suit."""
    winner, best = winning_play(trick, TRUMPS)
    # Why, a spade or a card of the led suit (the winner is either): a `Text`, worded only when it is read.
    if best.suit == TRUMPS:
        return winner, Text(_HIGHEST_SPADE, {"card": card_word(best)})
    return winner, Text(_HIGHEST_OF_LED_SUIT, {"card": card_word(best), "suit": SINGULAR_WORDS[best.suit]})


_HIGHEST_SPADE = gettext_noop("{card} is the highest spade (CB-5.3)")
_HIGHEST_OF_LED_SUIT = gettext_noop("{card} is the highest {suit}; no spade was played (CB-5.3)")


# R-CB-10: what a card the rules did not allow costs (the sources are silent): the offender's call fails, or under
# `cb_revoke_voids_deal` the deal is void; scored through the deal entry's ``revoke`` field (the ruling).
REVOKE = WordedRemedy(
    "R-CB-10",
    "cb_revoke_voids_deal",
    Worded(
        gettext_noop(
            "{player} played a card the rules did not allow: their call fails whatever tricks they took, and they"
            " score minus their call; the others score as the tricks fell."
        ),
        "Call Break scoring, by analogy",
        gettext_noop("revoke by {player} in trick {trick}: their call fails whatever tricks they took"),
    ),
    Worded(
        gettext_noop("{player} played a card the rules did not allow: the deal is void, and nobody scores for it."),
        "Wikipedia, Revoke",
        gettext_noop("revoke by {player} in trick {trick}: the deal is void"),
    ),
    frozenset({"CB-5.2", "R-CB-7"}),
)
