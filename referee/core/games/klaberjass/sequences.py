"""Sequences: what makes one, what it is worth, and whose scores (RULES.md KJ-6, rulings
R-KJ-5 to R-KJ-7); with the dix swap (KJ-5.3), both declared before a player's first card.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from referee.core.games.klaberjass.state import ReplayState
from referee.core.pack32 import SEQUENCE_POWER
from referee.core.record import Event
from scoring.core.base import Flags
from scoring.core.cards import SUITS, Card, card_name, card_names
from scoring.core.games.klaberjass import LONG_SEQUENCE, SHORT_SEQUENCE
from scoring.core.i18n import _

_suit, _rank = attrgetter("suit"), attrgetter("rank")


def _sequence_power(card: Card) -> int:
    """A card's place in a sequence (KJ-6.1): A K Q J 10 9 8 7, high to low."""
    return SEQUENCE_POWER[card.rank]


def sequence_problem(cards: Sequence[Card]) -> str:
    """Why ``cards`` are not a sequence by KJ-6.1, or "" if they are one."""
    if len(cards) < 3:
        return _("a sequence needs at least 3 cards")
    if len(set(map(_suit, cards))) != 1:
        return _("a sequence is all in one suit")
    # In a row: different ranks, the highest as far above the lowest as there are cards after it.
    powers = set(map(SEQUENCE_POWER.__getitem__, map(_rank, cards)))
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
        size = (LONG_SEQUENCE if len(cards) >= 4 else SHORT_SEQUENCE) if by_value else len(cards)  # sequence_value
        key = size, max(map(_sequence_power, cards)), cards[0].suit == trump
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


_SEVENS = {suit: Card("7", suit) for suit in SUITS}  # the dix of each trump suit (KJ-5.3)


class DixAndSequences(ReplayState):
    """The replay's handlers for the dix swap and declared sequences."""

    # --- dix and sequences (KJ-5.3, KJ-6) -----------------------------------------------------

    def dix(self, event: Event) -> None:
        who, seven = self.name(event.seat), _SEVENS[self.trump]
        hand = self.hands[event.seat]
        if self.dix_done or seven not in hand:
            if self.dix_done:
                message = _("{player} cannot swap the dix: the turn-up was already taken")
            else:
                message = _("{player} cannot swap the dix: {player} does not hold {card}")
            self.flag(event, "KJ-5.3", message.format(player=who, card=card_name(seven)))
            return
        if self.trump_round != 1 and "kj_dix_any_trump" not in self.flags:
            message = _("{player} swapped the dix, but trumps were not taken in the first round")
            self.flag(event, "R-KJ-4", message.format(player=who))
        if self.has_played(event.seat):
            self.flag(event, "KJ-5.3", _("{player} swapped the dix after playing a card").format(player=who))
        # The turn-up takes the 7's place in the hand (KJ-5.3), so the hand keeps its order.
        cards = list(hand)
        cards[cards.index(seven)] = self.turn_up
        self.hands[event.seat] = dict.fromkeys(cards)
        self.dix_done = True
        if self.declared[event.seat]:
            self.drop_sequences_without(event.seat, seven)

    def drop_sequences_without(self, seat: int, seven: Card) -> None:
        """KJ-6.2, R-KJ-7: a sequence is judged on the hand after the dix, so one declared with
        the 7 of trumps that the dix then swapped away is not in the hand and does not count."""
        who = self.name(seat)
        for cards in [cards for cards in self.declared[seat] if seven in cards]:
            self.declared[seat].remove(cards)
            self.flag(
                self.declared_at.pop(cards),
                "KJ-6.2",
                _(
                    "{player} declared {cards}, then swapped {card} away with the dix; "
                    "a sequence is judged on the hand after the dix, so it does not count"
                ).format(player=who, cards=card_names(cards), card=card_name(seven)),
            )

    def declare(self, event: Event) -> None:
        who, cards, earlier = self.name(event.seat), event.cards or (), self.declared[event.seat]
        if self.has_played(event.seat):
            message = _("{player} declared {cards} after playing a card")
            self.flag(event, "KJ-6.2", message.format(player=who, cards=card_names(cards)))
            return
        hand = self.hands[event.seat]
        if not hand.keys() >= set(cards):  # the cards missing listed only then
            missing = [card for card in cards if card not in hand]
            message = _("{player} declared {cards} without holding {missing}")
            self.flag(event, "KJ-6.2", message.format(player=who, cards=card_names(cards), missing=card_names(missing)))
            return
        problem = sequence_problem(cards)
        if not problem and len(set(cards)) != len(cards):
            problem = _("a card appears twice")
        if not problem and earlier and any(card in sequence for sequence in earlier for card in cards):
            problem = _("a card can belong to only one declared sequence")
        if problem:
            message = _("{player} declared {cards}: {problem}")
            self.flag(event, "KJ-6.1", message.format(player=who, cards=card_names(cards), problem=problem))
            return
        ordered = tuple(sorted(cards, key=_sequence_power, reverse=True))  # no two alike
        earlier.append(ordered)
        self.declared_at[ordered] = event
