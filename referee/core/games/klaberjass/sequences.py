"""The dix swap (KJ-5.3) and the declared sequences (KJ-6.1, KJ-6.2), both before a player's first card; what
makes a sequence and whose scores is the rules' (`rules`).
"""

from __future__ import annotations

from referee.core.games.klaberjass.deal import KlaberjassRecord
from referee.core.games.klaberjass.rules import sequence_power, sequence_problem
from referee.core.games.klaberjass.state import ReplayState
from referee.core.plays import Faulting
from referee.core.record import Event
from vocabulary.cards import SUITS, Card, card_name, card_names
from vocabulary.i18n import _

_SEVENS = {suit: Card("7", suit) for suit in SUITS}  # the dix of each trump suit (KJ-5.3)


class DixAndSequences(ReplayState, Faulting[KlaberjassRecord]):
    """The replay's handlers for the dix swap and declared sequences (KJ-5.3, KJ-6)."""

    def dix(self, event: Event) -> None:
        seven = _SEVENS[self.trump]
        hand = self.hands[event.seat]
        if self.dix_done or seven not in hand:
            if self.dix_done:
                message = _("{player} cannot swap the dix: the turn-up was already taken")
            else:
                message = _("{player} cannot swap the dix: {player} does not hold {card}")
            self.fault(event, "KJ-5.3", message, card=card_name(seven))
            return
        if self.round != 1 and "kj_dix_any_trump" not in self.flags:  # the round ended by taking trumps
            self.fault(event, "R-KJ-4", _("{player} swapped the dix, but trumps were not taken in the first round"))
        if self.has_played(event.seat):
            self.fault(event, "KJ-5.3", _("{player} swapped the dix after playing a card"))
        # The turn-up takes the 7's place in the hand (KJ-5.3), so the hand keeps its order.
        cards = list(hand)
        cards[cards.index(seven)] = self.record.turn_up
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
            message = _(
                "{player} declared {cards}, then swapped {card} away with the dix; "
                "a sequence is judged on the hand after the dix, so it does not count"
            )
            words = message.format(player=who, cards=card_names(cards), card=card_name(seven))
            self.flag(self.declared_at.pop(cards), "KJ-6.2", words)

    def declare(self, event: Event) -> None:
        cards, earlier = event.cards or (), self.declared[event.seat]
        if self.has_played(event.seat):
            self.fault(event, "KJ-6.2", _("{player} declared {cards} after playing a card"), cards=card_names(cards))
            return
        hand = self.hands[event.seat]
        if not hand.keys() >= set(cards):  # the cards missing listed only then
            missing = card_names([card for card in cards if card not in hand])
            message = _("{player} declared {cards} without holding {missing}")
            self.fault(event, "KJ-6.2", message, cards=card_names(cards), missing=missing)
            return
        problem = sequence_problem(cards)
        if not problem and len(set(cards)) != len(cards):
            problem = _("a card appears twice")
        if not problem and earlier and any(card in sequence for sequence in earlier for card in cards):
            problem = _("a card can belong to only one declared sequence")
        if problem:
            message = _("{player} declared {cards}: {problem}")
            self.fault(event, "KJ-6.1", message, cards=card_names(cards), problem=problem)
            return
        ordered = tuple(sorted(cards, key=sequence_power, reverse=True))  # no two alike
        earlier.append(ordered)
        self.declared_at[ordered] = event
