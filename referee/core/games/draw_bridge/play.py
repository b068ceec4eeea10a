"""The play of the cards: the 13 tricks of the contract (DB-5), and the draw tricks (DB-3.7), checked the same way.

A card goes to a trick in either phase by the same turn and holding checks; only the trick winner
(DB-3.3 and R-DB-1 in the draw phase, DB-5.3 in the play) and following suit (DB-5.2, or R-DB-1
under db_must_follow_phase1) differ.
"""

from __future__ import annotations

from referee.core.games.draw_bridge.draw_phase import DrawPhase, draw_trick_winner
from referee.core.games.draw_bridge.record import DrawBridgeEvent
from referee.core.games.draw_bridge.state import (
    DRAW_TRICKS,
    DRAWING,
    OVER,
    PLAY,
    TRICKS_PER_PHASE,
    _display_order,
    trick_name,
)
from referee.core.verdict import Trick
from scoring.core.cards import RANK_VALUES, SUIT_NAMES, Card
from scoring.core.games.draw_bridge import MUST_FOLLOW_PHASE1


def contract_trick_winner(leader: int, lead: Card, follow: Card, trumps: str) -> tuple[int, str]:
    """Who wins a phase-2 trick (DB-5.3): the highest trump, else the highest card of the led suit."""
    follower = 1 - leader
    if follow.suit == lead.suit:
        kind = "trump" if lead.suit == trumps else SUIT_NAMES[lead.suit][:-1]
        if RANK_VALUES[follow.rank] > RANK_VALUES[lead.rank]:
            return follower, f"{follow.label} is the higher {kind} (DB-5.3)"
        return leader, f"{lead.label} is the higher {kind} (DB-5.3)"
    if follow.suit == trumps:
        return follower, f"{follow.label} trumps {lead.label} (DB-5.3)"
    return leader, f"{follow.label} neither follows suit nor trumps (DB-5.3)"


class CardPlay(DrawPhase):
    """Cards played to tricks in both phases; a lead made before the draws makes them first (DB-3.5)."""

    def must_follow(self) -> bool:
        return self.phase == PLAY or MUST_FOLLOW_PHASE1 in self.flags

    def allowed_cards(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick and self.must_follow():
            led = self.trick[0][1].suit
            same_suit = [card for card in hand if card.suit == led]
            if same_suit:
                return same_suit  # DB-5.2, or R-DB-1 under db_must_follow_phase1
        return list(hand)

    def turn_rule(self) -> str:
        """The rule that says who leads the coming trick."""
        first = self.phase_tricks == 0
        if self.phase == PLAY:
            return "DB-5.1" if first else "DB-5.3"
        return "DB-3.1" if first else "DB-3.5"

    def play(self, event: DrawBridgeEvent) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase == DRAWING:
            self.make_missing_draws(event, f"{self.players[seat]} played {card.label}")
        if self.phase not in (DRAW_TRICKS, PLAY):
            self.flag_misplaced(event, f"{self.players[seat]} played {card.label}")
            return
        if not self.trick:
            if seat != self.leader:
                name, leader = self.players[seat], self.players[self.leader]
                self.flag(
                    event,
                    self.turn_rule(),
                    f"{name} led {card.label} to {self.coming_trick()}, but it was {leader}'s lead",
                )
                self.leader = seat  # the trick goes on with the card as led
        elif seat == self.leader:
            # One card each to a trick: the follower's turn (DB-3.7 check 1; DB-5.3 in the play).
            name, other = self.players[seat], self.players[1 - seat]
            self.flag(
                event,
                "DB-5.3" if self.phase == PLAY else "DB-3.7",
                f"{name} played {card.label} but had already played to {self.coming_trick()}; it was {other}'s turn",
            )
            return
        # Take the card from the hand: pop answers whether it was held (DB-3.7 check 2, DB-5.2) and removes it.
        if self.hands[seat].pop(card, False) is False:
            self.flag_not_held(event)
        else:
            # A lead, or a card of the led suit, is always legal: only a card off the led suit needs the hand.
            if self.trick and card.suit != self.trick[0][1].suit and self.must_follow():
                self.check_following(event, card)
            self.played[card] = len(self.tricks) + 1
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            self.finish_trick()

    def flag_not_held(self, event: DrawBridgeEvent) -> None:
        name, card = self.players[event.seat], event.card
        assert card is not None
        rule = "DB-3.7" if self.phase == DRAW_TRICKS else "DB-5.2"
        number = self.played.get(card)
        if number:
            self.flag(event, rule, f"{name} played {card.label}, which was already played in {trick_name(number)}")
        else:
            self.flag(event, rule, f"{name} does not hold {card.label}")

    def check_following(self, event: DrawBridgeEvent, card: Card) -> None:
        """Flag ``card``, off the led suit, if the player still holds a card of the led suit (DB-5.2, R-DB-1)."""
        lead = self.trick[0][1]
        same_suit = [held for held in self.hands[event.seat] if held.suit == lead.suit]
        if same_suit:
            first = min(same_suit, key=_display_order)  # the first of the suit in the hand as shown
            # The rule is the violation's own field, so the message names only the house rule that asks it.
            rule, under = ("DB-5.2", "") if self.phase == PLAY else ("R-DB-1", f" under {MUST_FOLLOW_PHASE1}")
            name = self.players[event.seat]
            self.flag(event, rule, f"{name} held {first.label} and had to follow suit to {lead.label}{under}")

    def finish_trick(self) -> None:
        (leader, lead), (_, follow) = self.trick
        number = len(self.tricks) + 1
        self.phase_tricks += 1
        # Each Trick (number, leader, plays, winner, reason, points, counts) is made by tuple.__new__, as the
        # record's events are: Trick(...) runs the __new__ NamedTuple writes in Python, twice the cost.
        if self.phase == DRAW_TRICKS:
            winner, reason = draw_trick_winner(leader, lead, follow, self.flags)
            self.tricks.append(tuple.__new__(Trick, (number, leader, tuple(self.trick), winner, reason, 0, False)))
            self.pending_draws = [winner, 1 - winner]  # DB-3.5: the winner draws first
            self.phase = DRAWING
        else:
            winner, reason = contract_trick_winner(leader, lead, follow, self.trumps())
            self.tricks.append(tuple.__new__(Trick, (number, leader, tuple(self.trick), winner, reason, 0, True)))
            self.tricks_won[winner] += 1
            if self.phase_tricks == TRICKS_PER_PHASE:
                self.phase = OVER
        self.leader = winner  # DB-3.5, DB-5.3: the winner leads
        self.trick = []
