"""The play (CB-5): each card checked in turn, and each trick's winner."""

from __future__ import annotations

from collections.abc import Collection
from operator import attrgetter

from referee.core.games.call_bridge.rules import TRUMPS, allowed_cards, trick_winner
from referee.core.games.call_bridge.state import ReplayState
from referee.core.plays import Faulting
from referee.core.record import Event, Record
from scoring.core.games.call_bridge import SEATS, TRICKS_PER_DEAL
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _
from vocabulary.words import Suit


class TrickPlay(ReplayState, Faulting[Record]):
    """The replay's handlers for the cards played."""

    def play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if len(self.tricks) == TRICKS_PER_DEAL:
            self.fault(event, "CB-3.2", _("{player} played {card} after all 13 tricks were over"))
            return
        if None in self.calls:
            self.fault(event, "CB-4.1", _("{player} played {card} before every player had called"))
        due = self.due_player()
        if seat != due:
            message = _("{player} played {card} out of turn: it was {due}'s turn")
            self.fault(event, "CB-5.4", message, due=self.name(due))
        hand, trick = self.hands[seat], self.trick
        # A played card has left its hand, so a card still in the hand was never played; a card played by a player
        # who did not hold it stays with its holder, who may still play it later.
        if card in hand:
            rule = self.broken_rule(card, hand)
            if rule:
                self.flag_illegal(event, hand, rule)
            del hand[card]
        else:
            owner = self.dealt_to(card)
            if card in self.hands[owner]:
                message = _("{player} does not hold {card}; it was dealt to {owner}")
                self.fault(event, "CB-5.4", message, owner=self.name(owner))
            else:
                message = _("{player} played {card}, already played in trick {trick}")
                self.fault(event, "CB-1.1", message, trick=self.played_to(card, owner))
        trick.append((seat, card))
        if len(trick) == SEATS:  # CB-5.3: the four cards go to the trick's winner, who leads to the next
            winner, reason = trick_winner(trick)
            self.take_trick(winner, reason, self.leader)

    def flag_illegal(self, event: Event, hand: Collection[Card], rule: str) -> None:
        """Flag the card played, naming the player, the card and the duty it broke (CB-5.2 or R-CB-7), without the
        rule's ID: the violation carries that in its own field."""
        led_card = self.trick[0][1]
        led = led_card.suit
        if rule == "R-CB-7":
            highest = max((c for _seat, c in self.trick if c.suit == led), key=attrgetter("rank_value"))
            message = _(
                "{player} played {card} but had to beat {highest} with a higher {suit} under cb_must_head_trick"
            )
            self.fault(event, rule, message, highest=card_name(highest), suit=Suit(led).singular)
            return
        same_suit = [c for c in hand if c.suit == led]
        if same_suit:
            message = _("{player} played {card} but held {held} and had to follow suit to {led}")
            self.fault(event, rule, message, held=card_name(same_suit[0]), led=card_name(led_card))
            return
        spades = [c for c in hand if c.suit == TRUMPS]
        trick_spades = [c for _seat, c in self.trick if c.suit == TRUMPS]
        if not trick_spades:
            message = _("{player} played {card} but had no {suits} and held {spade}, so had to play a spade")
            self.fault(event, rule, message, suits=Suit(led).plural, spade=card_name(spades[0]))
            return
        top = max(trick_spades, key=attrgetter("rank_value"))
        higher = [c for c in spades if c.rank_value > top.rank_value]
        message = _("{player} played {card} but held {higher} and had to beat {top} with a higher spade")
        self.fault(event, rule, message, higher=card_name(higher[0]), top=card_name(top))

    def broken_rule(self, card: Card, hand: Collection[Card]) -> str:
        """The rule that playing ``card`` from ``hand`` to the current trick breaks, or "" if it is legal."""
        if not self.trick:
            return ""
        allowed, rule = allowed_cards(hand, self.trick, self.flags)
        if not rule or card in allowed:
            return ""
        if rule == "R-CB-7" and card.suit != self.trick[0][1].suit:
            return "CB-5.2"  # not following suit at all breaks CB-5.2 (a), not only R-CB-7
        return rule
