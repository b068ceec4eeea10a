"""Playing the cards: each card checked against the rules (`rules`: KJ-8.2 read as R-KJ-11), each trick,
and bella (KJ-7, R-KJ-8).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from referee.core.games.klaberjass.deal import KlaberjassRecord
from referee.core.games.klaberjass.rules import TRICKS, allowed_cards, broken_rule, trick_outcome
from referee.core.games.klaberjass.state import ReplayState
from referee.core.plays import Faulting
from referee.core.record import Event
from vocabulary.cards import SUIT_NAMES, Card, card_name
from vocabulary.i18n import _


class TrickPlay(ReplayState, Faulting[KlaberjassRecord]):
    """The replay's handlers for the cards played, trick by trick, and bella (KJ-7, KJ-8)."""

    def play(self, event: Event) -> None:
        card, seat, trick = event.card, event.seat, self.trick
        assert card is not None
        if (trick[0][0] == seat if trick else seat != self.leader) and self.out_of_turn(event):
            return
        hand = self.hands[seat]
        # A card in its player's hand has not been played: a played card leaves its hand. A card played by someone
        # who did not hold it stays with its holder, who plays it later like any other card (docs/hand-record.md).
        if card in hand:
            if trick:
                self.check_follow(event, card, hand, trick[0][1])
            del hand[card]
        else:
            self.not_held(event, card, "KJ-1.1", "KJ-5.1")
        if event.announce or (card.suit == self.trump and card.rank in ("K", "Q")):
            self.check_bella(event, card)  # only an announcement or the K or Q of trumps concerns bella (KJ-7.1)
        trick.append((seat, card))
        if len(trick) == 2:
            self.finish_trick()

    def out_of_turn(self, event: Event) -> bool:
        """Flag a card played out of turn (KJ-8.1); True if it is not played: a lead out of turn is played and
        leads, a second card from the player who led is not."""
        if self.trick:
            self.fault(event, "KJ-8.1", _("{player} played {card} out of turn"))
            return True
        self.fault(event, "KJ-8.1", _("{player} led {card}, but it was {leader}'s lead"), leader=self.name(self.leader))
        self.leader = event.seat
        return False

    def check_follow(self, event: Event, card: Card, hand: Collection[Card], led: Card) -> None:
        """Flag ``card``, held and played to ``led``, if KJ-8.2 (read as R-KJ-11) did not allow it."""
        allowed, _rule = allowed_cards(hand, led, self.trump)
        if card not in allowed:
            rule = broken_rule(card, hand, led, self.trump)
            example, led_name, suits = card_name(allowed[0]), card_name(led), _(SUIT_NAMES[led.suit])
            self.fault(event, rule, self.why_not(led, allowed, rule), card=example, led=led_name, suits=suits)

    def why_not(self, led: Card, allowed: Sequence[Card], rule: str) -> str:
        """The sentence of the duty ``rule`` names, the first card ``allowed`` as the one that was to be played."""
        if led.suit == self.trump and rule == "R-KJ-11":
            return _("{player} held {card}, which beats {led}, and had to beat the led trump")
        if allowed[0].suit == led.suit:
            return _("{player} held {card} and had to follow suit to {led}")
        return _("{player} had no {suits} and held the trump {card}, so had to trump {led}")

    def check_bella(self, event: Event, card: Card) -> None:
        is_kq = card.suit == self.trump and card.rank in ("K", "Q")
        partner = "Q" if card.rank == "K" else "K"
        if event.announce:
            if not is_kq:
                self.fault(event, "KJ-7.1", _("{player} announced bella on {card}, not on the K or Q of trumps"))
            elif self.kq_by.get(partner) != event.seat:
                message = _("{player} announced bella on {card} without having played {other} before it")
                self.fault(event, "R-KJ-8", message, other=card_name(Card(partner, self.trump)))
            else:
                self.bella = event.seat
        if is_kq:
            self.kq_by.setdefault(card.rank, event.seat)
            if not event.announce and self.kq_by.get(partner) == event.seat and self.kq_by[card.rank] == event.seat:
                note = _("{player} played both K and Q of trumps without bella (R-KJ-8)")
                self.notes.append(note.format(player=self.name(event.seat)))

    def finish_trick(self) -> None:
        """Who wins the trick and why (KJ-8.3), and its card points (KJ-2); the ninth ends the play (KJ-8.4)."""
        (first_seat, first), (second_seat, second) = self.trick
        second_wins, reason, points = trick_outcome(first, second, self.trump)
        winner = second_seat if second_wins else first_seat
        self.points[winner] += points
        if self.take_trick(winner, reason, first_seat, points) == TRICKS:
            self.last_trick = winner  # KJ-8.4
            self.phase = "done"
