"""The play (CB-5): each card checked in turn, and each trick's winner."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from operator import attrgetter

from referee.core.games.call_bridge.rules import TRUMPS, allowed_cards, trick_winner
from referee.core.games.call_bridge.state import ReplayState
from referee.core.record import Event
from scoring.core.games.call_bridge import SEATS, TRICKS_PER_DEAL
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _
from vocabulary.words import Suit


def _why_illegal(name: str, card: Card, hand: Collection[Card], trick: Sequence[tuple[int, Card]], rule: str) -> str:
    """A sentence naming the player, the card and the duty it broke (CB-5.2 or R-CB-7), without the rule's ID:
    the violation carries that in its own field."""
    led_card = trick[0][1]
    led = led_card.suit
    played = card_name(card)
    if rule == "R-CB-7":
        highest = max((c for _seat, c in trick if c.suit == led), key=attrgetter("rank_value"))
        return _(
            "{player} played {card} but had to beat {highest} with a higher {suit} under cb_must_head_trick"
        ).format(player=name, card=played, highest=card_name(highest), suit=Suit(led).singular)
    same_suit = [c for c in hand if c.suit == led]
    if same_suit:
        return _("{player} played {card} but held {held} and had to follow suit to {led}").format(
            player=name, card=played, held=card_name(same_suit[0]), led=card_name(led_card)
        )
    spades = [c for c in hand if c.suit == TRUMPS]
    trick_spades = [c for _seat, c in trick if c.suit == TRUMPS]
    if not trick_spades:
        return _("{player} played {card} but had no {suits} and held {spade}, so had to play a spade").format(
            player=name, card=played, suits=Suit(led).plural, spade=card_name(spades[0])
        )
    top = max(trick_spades, key=attrgetter("rank_value"))
    higher = [c for c in spades if c.rank_value > top.rank_value]
    return _("{player} played {card} but held {higher} and had to beat {top} with a higher spade").format(
        player=name, card=played, higher=card_name(higher[0]), top=card_name(top)
    )


class TrickPlay(ReplayState):
    """The replay's handlers for the cards played."""

    def play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        name = self.players[seat]
        assert card is not None
        if len(self.tricks) == TRICKS_PER_DEAL:
            message = _("{player} played {card} after all 13 tricks were over")
            self.flag(event, "CB-3.2", message.format(player=name, card=card_name(card)), card)
            return
        if None in self.calls:
            message = _("{player} played {card} before every player had called")
            self.flag(event, "CB-4.1", message.format(player=name, card=card_name(card)), card)
        due = self.due_player()
        if seat != due:
            message = _("{player} played {card} out of turn: it was {due}'s turn")
            self.flag(event, "CB-5.4", message.format(player=name, card=card_name(card), due=self.players[due]), card)
        hand, trick = self.hands[seat], self.trick
        # A played card has left its hand, so a card still in the hand was never played.
        if card in hand:
            rule = self.broken_rule(card, hand)
            if rule:
                self.flag(event, rule, _why_illegal(name, card, hand, trick, rule), card)
            del hand[card]
            self.played[card] = len(self.tricks) + 1
        elif card in self.played:
            message = _("{player} played {card}, already played in trick {trick}")
            self.flag(event, "CB-1.1", message.format(player=name, card=card_name(card), trick=self.played[card]), card)
        else:
            # The card stays with its holder, who may still play it later.
            owner = next(self.players[other] for other, dealt in enumerate(self.record.hands) if card in dealt)
            message = _("{player} does not hold {card}; it was dealt to {owner}")
            self.flag(event, "CB-5.4", message.format(player=name, card=card_name(card), owner=owner), card)
        trick.append((seat, card))
        if len(trick) == SEATS:
            self.finish_trick()

    def finish_trick(self) -> None:
        """CB-5.3: the four cards of the current trick go to its winner, who leads to the next."""
        winner, reason = trick_winner(self.trick)
        self.tricks_won[winner] += 1
        self.take_trick(winner, reason, self.leader)

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
