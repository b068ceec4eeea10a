"""The play of the cards: the 13 tricks of the contract (DB-5), and the draw tricks (DB-3.7), checked the same way.

A card goes to a trick in either phase by the same turn and holding checks; only the trick winner
(DB-3.3 and R-DB-1 in the draw phase, DB-5.3 in the play) and following suit (DB-5.2, or R-DB-1
under db_must_follow_phase1) differ.
"""

from __future__ import annotations

from referee.core.games.draw_bridge.draw_tricks import DrawPhase
from referee.core.games.draw_bridge.rules import contract_trick_winner, draw_trick_winner
from referee.core.games.draw_bridge.state import TRICKS_PER_PHASE, Phase, by_trick, display_order
from referee.core.record import Event
from scoring.core.games.draw_bridge import MUST_FOLLOW_PHASE1
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _, gettext_noop

_TRICK_PHASES = frozenset((Phase.DRAW_TRICKS, Phase.PLAY))  # the phases in which a card goes to a trick


class CardPlay(DrawPhase):
    """Cards played to tricks in both phases; a lead made before the draws makes them first (DB-3.5)."""

    def allowed_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the trick: any card to lead or in a draw trick (DB-3.2); a card of the
        suit led if the hand holds one, in the play (DB-5.2) or under db_must_follow_phase1 (R-DB-1)."""
        hand = self.hands[seat]
        if self.trick and (self.phase == Phase.PLAY or MUST_FOLLOW_PHASE1 in self.flags):
            led = self.trick[0][1].suit
            same_suit = [card for card in hand if card.suit == led]
            if same_suit:
                return same_suit  # DB-5.2, or R-DB-1 under db_must_follow_phase1
        return list(hand)

    def turn_rule(self) -> str:
        """The rule that says who leads the coming trick."""
        first = self.phase_tricks == 0
        if self.phase == Phase.PLAY:
            return "DB-5.1" if first else "DB-5.3"
        return "DB-3.1" if first else "DB-3.5"

    def play(self, event: Event) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase not in _TRICK_PHASES:
            if self.phase == Phase.DRAWING:
                self.make_missing_draws(event)
            if self.phase not in _TRICK_PHASES:
                self.flag_misplaced(event)
                return
        trick = self.trick
        if not trick:
            if seat != self.leader:
                self.flag_out_of_turn(event)
                self.leader = seat  # the trick goes on with the card as led
        elif seat == self.leader:
            # One card each to a trick: the follower's turn (DB-3.7 check 1; DB-5.3 in the play).
            self.flag_out_of_turn(event)
            return
        hand = self.hands[seat]
        if card in hand:  # DB-3.7 check 2, DB-5.2
            if trick and card not in self.allowed_cards(seat):
                self.flag_revoke(event)
            del hand[card]
            self.played_from_hand.setdefault(card, self.trick_number)
        else:
            self.flag_not_held(event, card)
        trick.append((seat, card))
        if len(trick) == 2:
            self.finish_trick()

    def flag_out_of_turn(self, event: Event) -> None:
        """A lead by the player who was not to lead, or a second card to the same trick (DB-3.7, DB-5.3)."""
        if not self.trick:
            message, trick = by_trick(
                self.trick_number,
                gettext_noop("{player} led {card} to draw trick {trick}, but it was {leader}'s lead"),
                gettext_noop("{player} led {card} to trick {trick}, but it was {leader}'s lead"),
            )
            self.fault(event, self.turn_rule(), _(message), trick=trick, leader=self.name(self.leader))
            return
        message, trick = by_trick(
            self.trick_number,
            gettext_noop("{player} played {card} but had already played to draw trick {trick}; it was {other}'s turn"),
            gettext_noop("{player} played {card} but had already played to trick {trick}; it was {other}'s turn"),
        )
        rule = "DB-5.3" if self.phase == Phase.PLAY else "DB-3.7"
        self.fault(event, rule, _(message), other=self.name(1 - event.seat), trick=trick)

    def flag_not_held(self, event: Event, card: Card) -> None:
        """A card its player does not hold, or one already played (DB-3.7 in a draw trick, DB-5.2 in the play)."""
        rule = "DB-3.7" if self.phase == Phase.DRAW_TRICKS else "DB-5.2"
        played_to = self.played_from_hand.get(card)
        if played_to is not None:
            message, trick = by_trick(
                played_to,
                gettext_noop("{player} played {card}, which was already played in draw trick {trick}"),
                gettext_noop("{player} played {card}, which was already played in trick {trick}"),
            )
            self.fault(event, rule, _(message), trick=trick)
        else:
            self.fault(event, rule, _("{player} does not hold {card}"))

    def flag_revoke(self, event: Event) -> None:
        """Flag a card off the led suit from a player holding the suit led, who had to follow (DB-5.2, R-DB-1)."""
        lead = self.trick[0][1]
        same_suit = [held for held in self.hands[event.seat] if held.suit == lead.suit]
        first = min(same_suit, key=display_order)  # the first of the suit in the hand as shown
        # The rule is the violation's own field, so the message names only the house rule that asks it.
        if self.phase == Phase.PLAY:
            rule, message = "DB-5.2", _("{player} held {held} and had to follow suit to {lead}")
            self.revokes.add(event.number)  # R-DB-12 gives its remedy
        else:
            rule, message = "R-DB-1", _("{player} held {held} and had to follow suit to {lead} under {flag}")
        self.fault(event, rule, message, held=card_name(first), lead=card_name(lead), flag=MUST_FOLLOW_PHASE1)

    def finish_trick(self) -> None:
        """The second card of a trick is played: the trick's winner, who leads next (DB-3.5, DB-5.3), and what comes
        next."""
        (leader, lead), (_follower, follow) = self.trick
        self.phase_tricks += 1
        if self.phase == Phase.DRAW_TRICKS:
            winner, reason = draw_trick_winner(leader, lead, follow, self.flags)
            self.take_trick(winner, reason, leader, counts=False)
            self.pending_draws = [winner, 1 - winner]  # DB-3.5: the winner draws first
            self.phase = Phase.DRAWING
        else:
            winner, reason = contract_trick_winner(leader, lead, follow, self.trumps)
            self.take_trick(winner, reason, leader)
            if self.phase_tricks == TRICKS_PER_PHASE:
                self.phase = Phase.OVER
