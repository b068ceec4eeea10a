"""The rules of Klaberjass as pure functions: the cards a player may play (KJ-8.2 read as R-KJ-11), who wins a
trick and its card points (KJ-8.3, KJ-2), what makes a sequence and what it is worth, and whose scores (KJ-6,
R-KJ-5 to R-KJ-7)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from referee.core.pack32 import SEQUENCE_POWER, Duty, beats, card_points
from referee.core.pack32 import allowed_cards as allowed_in_trick
from referee.core.remedies import Worded, WordedRemedy
from scoring.core.base import Flags
from scoring.core.games.klaberjass import LONG_SEQUENCE, SHORT_SEQUENCE
from vocabulary.cards import SUITS, Card, card_names, card_word
from vocabulary.i18n import Text, _, gettext_noop
from vocabulary.words import PLURAL_WORDS, SINGULAR_WORDS

# The sizes of a deal and the words of its calls.
BIDS = ("take", "pass", "schmeiss", *SUITS)
ANSWERS = ("play", "throw_in")
HAND_SIZE = 9  # KJ-5.1
FIRST_DEAL = 6  # KJ-3.2: a record of an annulled deal may hold only these

TRICKS = 9  # KJ-8.4

# Why a trick's winner won (KJ-8.3): msgids worded when the trick's reason is read.
_HIGHER_TRUMP = gettext_noop("{card} is the higher trump (KJ-8.3)")
_ONLY_TRUMP = gettext_noop("{card} is the only trump (KJ-8.3)")
_HIGHER_CARD = gettext_noop("{card} is the higher {suit} (KJ-8.3)")
_DID_NOT_FOLLOW = gettext_noop("{card} did not follow {suits} (KJ-8.3)")

# KJ-8.2 read as R-KJ-11: following suit is KJ-8.2; beating a led trump and trumping when void are R-KJ-11.
_DUTY_RULES = {Duty.FREE: "", Duty.FOLLOW: "KJ-8.2", Duty.TRUMP: "R-KJ-11", Duty.OVERTRUMP: "R-KJ-11"}


def allowed_cards(hand: Collection[Card], led: Card | None, trump: str) -> tuple[list[Card], str]:
    """The cards KJ-8.2 (read as R-KJ-11) lets a player play from ``hand``, and the rule that limits them.

    (a) a trump led: a trump, and a higher one than the lead if able; (b) another suit led: follow suit,
    else trump, else anything. A void player always has to trump: the one other card is the lead.
    """
    if led is None:
        return list(hand), ""  # KJ-8.1: any card may be led
    allowed, duty = allowed_in_trick(hand, (led,), trump)
    return allowed, _DUTY_RULES[duty]


def broken_rule(card: Card, hand: Collection[Card], led: Card, trump: str) -> str:
    """The rule that ``card``, outside ``allowed_cards``, breaks: one rule per fault.

    Not following suit is KJ-8.2, on a trump lead too (KJ-8.2 (a)), whether or not a higher
    trump was held; not beating a led trump with a trump (R-KJ-11) and not trumping when void
    in the led suit (R-KJ-11) are the other two faults.
    """
    if led.suit == trump and card.suit != trump:
        return "KJ-8.2"
    return allowed_cards(hand, led, trump)[1]


def trick_outcome(first: Card, second: Card, trump: str) -> tuple[bool, Text, int]:
    """Of a trick led with ``first`` and answered with ``second``: whether ``second`` wins it and why (KJ-8.3), and
    its card points (KJ-2)."""
    second_wins = beats(second, first, trump)  # the higher card of the suit led, else the only trump
    winning = second if second_wins else first
    # The reason is kept as a msgid and its values, worded only when it is read (a `Text`).
    if second.suit == first.suit == trump:
        reason = Text(_HIGHER_TRUMP, {"card": card_word(winning)})
    elif second.suit == first.suit:
        reason = Text(_HIGHER_CARD, {"card": card_word(winning), "suit": SINGULAR_WORDS[winning.suit]})
    elif winning.suit == trump:
        reason = Text(_ONLY_TRUMP, {"card": card_word(winning)})
    else:
        reason = Text(_DID_NOT_FOLLOW, {"card": card_word(second), "suits": PLURAL_WORDS[first.suit]})
    return second_wins, reason, card_points(first, trump) + card_points(second, trump)


def sequence_power(card: Card) -> int:
    """A card's place in a sequence (KJ-6.1): A K Q J 10 9 8 7, high to low."""
    return SEQUENCE_POWER[card.rank]


def sequence_problem(cards: Sequence[Card]) -> str:
    """Why ``cards`` are not a sequence by KJ-6.1, or "" if they are one."""
    if len(cards) < 3:
        return _("a sequence needs at least 3 cards")
    if len({card.suit for card in cards}) != 1:
        return _("a sequence is all in one suit")
    # In a row: different ranks, the highest as far above the lowest as there are cards after it.
    powers = {sequence_power(card) for card in cards}
    if len(powers) != len(cards) or max(powers) - min(powers) != len(cards) - 1:
        return _("the cards of a sequence run in a row: A K Q J 10 9 8 7")
    return ""


def sequence_value(cards: Sequence[Card]) -> int:
    """20 for three cards, 50 for four or more (KJ-6.1)."""
    return LONG_SEQUENCE if len(cards) >= 4 else SHORT_SEQUENCE


def _best_sequence(
    sequences: Sequence[tuple[Card, ...]], trump: str, by_value: bool
) -> tuple[tuple[Card, ...] | None, tuple[int, int, bool] | None]:
    """A player's best sequence by R-KJ-5 and its key: length first (or value under kj_compare_by_value), then top
    card, then trumps; of two as good, the first declared. (None, None) if the player declared none."""
    best, best_key = None, None
    for cards in sequences:
        size = sequence_value(cards) if by_value else len(cards)
        key = size, max(map(sequence_power, cards)), cards[0].suit == trump
        if best_key is None or key > best_key:
            best, best_key = cards, key
    return best, best_key


def compare_sequences(
    declared: Sequence[Sequence[tuple[Card, ...]]],
    trump: str,
    flags: Flags,
    tricks_won: Sequence[int],
    names: Sequence[str],
) -> tuple[list[int], list[str]]:
    """What each player scores for sequences, by KJ-6.3 with R-KJ-5, R-KJ-6 and R-KJ-7.

    ``declared`` holds each player's valid declared sequences. Returns the points per
    seat and notes that explain the comparison.
    """
    by_value = "kj_compare_by_value" in flags
    first_best, first = _best_sequence(declared[0], trump, by_value)
    second_best, second = _best_sequence(declared[1], trump, by_value)
    if first is None and second is None:
        return [0, 0], []
    if first == second:
        return [0, 0], [_("the best sequences are equal, so nobody scores a sequence (KJ-6.3)")]
    winner = 0 if second is None or (first is not None and first > second) else 1
    best = first_best if winner == 0 else second_best
    assert best is not None
    if "kj_score_all_sequences" in flags:
        value = sum(sequence_value(cards) for cards in declared[winner])  # R-KJ-6 variant: every one
    else:
        value = sequence_value(best)  # R-KJ-6: only the best one
    notes = [
        _("{player}'s {cards} wins the sequence comparison (KJ-6.3)").format(
            player=names[winner], cards=card_names(best)
        )
    ]
    if "kj_no_meld_without_trick" in flags and tricks_won[winner] == 0:
        notes.append(_("{player} won no trick and scores no sequence (R-KJ-7)").format(player=names[winner]))
        return [0, 0], notes
    points = [0, 0]
    points[winner] = value
    return points, notes


# R-KJ-14: what a card the rules did not allow costs (the sources are silent): the other player scores every point
# of the deal, or under `kj_revoke_annuls_deal` nobody scores; scored through the deal entry's ``revoke`` field (the
# ruling).
REVOKE = WordedRemedy(
    "R-KJ-14",
    "kj_revoke_annuls_deal",
    Worded(
        gettext_noop(
            "{player} played a card the rules did not allow: the other player scores every point of the deal "
            "(trick points, the last trick, sequences and bella), and {player} nothing."
        ),
        "contree.org, by analogy with Belote",
        gettext_noop("revoke by {player} in trick {trick}: every point of the deal goes to the other player"),
    ),
    Worded(
        gettext_noop("{player} played a card the rules did not allow: the deal is annulled, and nobody scores."),
        "Wikipedia, Revoke",
        gettext_noop("revoke by {player} in trick {trick}: the deal is annulled"),
    ),
    frozenset({"KJ-8.2", "R-KJ-11"}),
)
