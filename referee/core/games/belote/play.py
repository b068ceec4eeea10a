"""Playing the cards: each card checked in turn against the rules (`rules`: BL-7.1 to BL-7.6, R-BL-9), each
trick, and belote-rebelote (BL-6.1).
"""

from __future__ import annotations

from collections.abc import Collection

from referee.core.games.belote.deal import BeloteRecord
from referee.core.games.belote.remedies import Remedies
from referee.core.games.belote.rules import TRICKS, allowed, trick_winner
from referee.core.pack32 import Duty, holding, trick_points
from referee.core.plays import Faulting
from referee.core.record import Event
from scoring.core.games.belote import SEATS, side_of
from vocabulary.cards import SUIT_NAMES, Card, card_name
from vocabulary.i18n import _, gettext_noop

# BL-7.4, R-BL-9: a void player who did not trump or overtrump, in words, by whether their partner held the trick
# and whether the duty was to trump (else to overtrump); each a whole sentence for the translators.
_VOID = {
    (True, True): gettext_noop(
        "{player} had no {suits} and their partner, {holder}, held the trick with {best}, so had to trump: "
        "{player} held {card}"
    ),
    (False, True): gettext_noop(
        "{player} had no {suits} and an opponent, {holder}, held the trick with {best}, so had to trump: "
        "{player} held {card}"
    ),
    (True, False): gettext_noop(
        "{player} had no {suits} and their partner, {holder}, held the trick with {best}, so had to overtrump: "
        "{player} held {card}, which beats it"
    ),
    (False, False): gettext_noop(
        "{player} had no {suits} and an opponent, {holder}, held the trick with {best}, so had to overtrump: "
        "{player} held {card}, which beats it"
    ),
}


class TrickPlay(Remedies, Faulting[BeloteRecord]):
    """The replay's handlers for the cards played, trick by trick."""

    def holder(self) -> int:
        """The position in the trick of the card holding it (BL-7.5)."""
        return holding([card for _, card in self.trick], self.trump)

    def allowed(self, seat: int) -> tuple[list[Card], Duty]:
        """The cards BL-7.2 to BL-7.4 let the player on turn play."""
        partner_holds = bool(self.trick) and self.partners(seat, self.trick[self.holder()][0])
        return allowed(self.hands[seat], [card for _, card in self.trick], self.trump, self.flags, partner_holds)

    def play(self, event: Event) -> None:
        card, seat = event.card, event.seat
        assert card is not None
        hand = self.hands[seat]
        if not self.check_irregular(event, card, hand):
            return
        if event.announce or (card.suit == self.trump and card.rank in ("K", "Q")):
            self.check_belote(event, card)  # only a saying or the K or Q of trumps concerns belote (BL-6.1)
        hand.pop(card, None)
        self.trick.append((seat, card))
        if len(self.trick) == SEATS:
            self.finish_trick()

    def check_irregular(self, event: Event, card: Card, hand: Collection[Card]) -> bool:
        """Flag a play out of turn, a second card to the trick, or a card not held or already played, and
        check the others as `check_follow` does; False if the card is not played to the trick at all."""
        seat, trick = event.seat, self.trick
        if seat in dict(trick):  # seat -> card
            self.fault(event, "BL-1.2", _("{player} played {card}, a second card to the same trick"))
            return False
        expected = self.due_player()  # BL-1.2
        if not trick and seat != expected:
            message = _("{player} led {card}, but it was {leader}'s lead")
            self.fault(event, "BL-7.1", message, leader=self.name(expected))
            self.leader = seat  # the trick is played from that lead
        elif seat != expected:
            message = _("{player} played {card} out of turn: it was {due}'s turn")
            self.fault(event, "BL-1.2", message, due=self.name(expected))
        # A card played by a player who did not hold it stays in its holder's hand, who plays it later like any other
        # card (docs/hand-record.md); a card that has left its holder's hand was already played.
        if card in hand:
            if trick:
                self.check_follow(event, card, hand)
        else:
            self.not_held(event, card, "BL-1.1", "BL-3.4")
        return True

    def check_follow(self, event: Event, card: Card, hand: Collection[Card]) -> None:
        """Flag ``card``, held and played to the trick, if BL-7.2 to BL-7.4 (with R-BL-9) did not allow it."""
        led = self.trick[0][1]
        if card.suit == led.suit != self.trump:
            return  # BL-7.2: a card of a plain suit led is always allowed
        holder, best = self.trick[self.holder()]
        allowed, duty = self.allowed(event.seat)
        if card in allowed:
            return
        example = card_name(allowed[0])
        if duty is Duty.FOLLOW or (card.suit != self.trump and led.suit == self.trump):
            message = _("{player} held {card} and had to follow suit to {led}")
            self.fault(event, "BL-7.2", message, card=example, led=card_name(led))
            return
        if led.suit == self.trump:
            message = _(
                "{player} held {card}, which beats {best}, and had to play a trump higher than every trump in the trick"
            )
            self.fault(event, "BL-7.3", message, card=example, best=card_name(best))
            return
        partner = self.partners(event.seat, holder)
        message, suits = _(_VOID[partner, duty is Duty.TRUMP]), _(SUIT_NAMES[led.suit])
        rule = "R-BL-9" if partner else "BL-7.4"
        self.fault(event, rule, message, card=example, suits=suits, holder=self.name(holder), best=card_name(best))

    def check_belote(self, event: Event, card: Card) -> None:
        """BL-6.1: "belote" with the first of the K and Q of trumps, "rebelote" with the second, by one player."""
        seat, saying = event.seat, event.announce
        is_kq = card.suit == self.trump and card.rank in ("K", "Q")
        other = Card("Q" if card.rank == "K" else "K", self.trump)
        if saying and not is_kq:
            if saying == "belote":
                message = _("{player} said belote with {card}, not with the K or Q of trumps")
            else:
                message = _("{player} said rebelote with {card}, not with the K or Q of trumps")
        elif saying == "belote" and self.played_to(other) is not None:
            message = _("{player} said belote with {card} after {other} was played")
        elif saying == "belote" and other not in self.hands[seat]:
            message = _("{player} said belote with {card} without holding {other}")
        elif saying == "rebelote" and self.belote_by != seat:
            message = _("{player} said rebelote with {card} without having said belote before")
        else:
            if saying == "belote":
                self.belote_by = seat
            elif saying == "rebelote":
                self.rebelote_by = seat
            return
        self.fault(event, "BL-6.1", message, other=card_name(other))

    def finish_trick(self) -> None:
        trump, trick = self.trump, self.trick
        cards = [card for _, card in trick]
        position, reason = trick_winner(cards, trump)
        winner = trick[position][0]
        points = trick_points(cards, trump)
        self.points[side_of(winner)] += points
        if self.take_trick(winner, reason, trick[0][0], points) == TRICKS:  # the winner leads next (BL-7.1)
            self.last_trick = winner  # BL-7.6
            self.phase = "done"
