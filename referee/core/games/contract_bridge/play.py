"""The play (BR-5): the lead, turns clockwise, dummy's cards played by the declarer, following suit, each trick's
winner."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.games.contract_bridge.record import SEATS, BridgeEvent
from referee.core.games.contract_bridge.state import OVER, PLAY, ReplayState, partner_of
from referee.core.verdict import Trick, Turn
from scoring.core.cards import RANK_VALUES, SUIT_NAMES, Card

TRICKS = 13  # BR-5.5


def trick_winner(plays: Sequence[tuple[int, Card]], trumps: str | None) -> tuple[int, str]:
    """BR-5.4: the highest trump wins; with no trump in the trick, the highest card of the suit led."""
    led = plays[0][1].suit
    winner, best = plays[0]
    for seat, card in plays[1:]:
        # Strictly higher: of two equal cards (one played without being held), the earlier one wins.
        if (card.suit == best.suit and RANK_VALUES[card.rank] > RANK_VALUES[best.rank]) or (
            card.suit == trumps != best.suit
        ):
            winner, best = seat, card
    if best.suit == trumps:
        return winner, f"{best.label} is the highest trump (BR-5.4)"
    unruffed = "; no trump was played" if trumps is not None else ""
    return winner, f"{best.label} is the highest {SUIT_NAMES[led][:-1]}{unruffed} (BR-5.4)"


class CardPlay(ReplayState):
    """Each card checked in turn (BR-5.6): an illegal card still goes to the trick, which completes."""

    def trumps(self) -> str | None:
        assert self.bid is not None
        return None if self.bid.strain == "NT" else self.bid.strain

    def due_seat(self) -> int:
        """Whose card is next: the leader, then clockwise (BR-5.3); a seat that played out of turn is passed over."""
        played = dict(self.trick)  # seat -> card
        for step in range(SEATS):
            seat = (self.leader + step) % SEATS  # clockwise: left_of, step times (written out, once per card)
            if seat not in played:
                return seat
        return self.leader  # not reached: a trick is over after four cards

    def play(self, event: BridgeEvent) -> None:
        card = event.card
        assert card is not None  # a play event always carries its card
        seat, name = event.seat, self.players[event.seat]
        if self.phase != PLAY:
            if self.phase == OVER and self.declarer is not None:
                rule, why = "BR-5.5", "all 13 tricks had been played"
            elif self.phase == OVER:
                rule, why = "BR-4.6", "the deal had been passed out"
            else:
                rule, why = "BR-4.6", "the auction had not ended"
            self.flag(event, rule, f"{name} played {card.label}, but {why}")
            return
        due = self.due_seat()
        if seat != due:
            self.flag_turn(event, due)
        hand = self.hands[seat]
        if card in hand:
            trick = self.trick
            if trick and card.suit != trick[0][1].suit:  # a lead or a card of the suit led is always allowed
                self.check_follow(event, hand)
            del hand[card]
            self.played[card] = len(self.tricks) + 1
        elif card in self.played:
            self.flag(event, "BR-5.6", f"{name} played {card.label}, already played to trick {self.played[card]}")
        else:
            # The card stays with its holder, who may still play it later.
            holder = next(other for other, dealt in enumerate(self.record.hands) if card in dealt)
            self.flag(event, "BR-5.6", f"{name} played {card.label}, which is in {self.players[holder]}'s hand")
        self.trick.append((seat, card))
        if len(self.trick) == SEATS:
            self.finish_trick()

    def flag_turn(self, event: BridgeEvent, due: int) -> None:
        """A card from the wrong hand: at the opening lead (BR-5.1), a later lead (BR-5.4) or in a trick (BR-5.3)."""
        card = event.card
        assert card is not None
        actor, source = self.players[event.seat], ""
        if event.seat == self.dummy:  # the declarer played it from dummy's hand (BR-5.2)
            actor, source = self.players[partner_of(event.seat)], f" from dummy, {self.players[event.seat]}'s hand,"
        whose = f"{self.players[due]}'s"
        if due == self.dummy:
            whose = f"dummy's ({self.players[due]}'s hand, played by {self.players[partner_of(due)]})"
        elif due == self.declarer and event.seat == self.dummy:
            whose = f"{self.players[due]}'s own"
        led = f"led {card.label}{source or ','} but"
        if not self.trick and not self.tricks:
            rule, what = "BR-5.1", f"{led} the opening lead was {whose}, on the declarer's left"
        elif not self.trick:
            rule, what = "BR-5.4", f"{led} the lead was {whose}, who won the last trick"
        else:
            rule, what = "BR-5.3", f"played {card.label}{source} out of turn: it was {whose} turn"
        self.flag(event, rule, f"{actor} {what}")

    def check_follow(self, event: BridgeEvent, hand: dict[Card, None]) -> None:
        """BR-5.3: a player holding the led suit must follow suit, judged against the hand at that moment."""
        card = event.card
        assert card is not None
        if not self.trick or self.trick[0][0] == event.seat:
            return
        lead = self.trick[0][1]
        if card.suit == lead.suit:
            return
        same_suit = next((held for held in hand if held.suit == lead.suit), None)
        if same_suit is None:
            return
        name, suit = self.players[event.seat], SUIT_NAMES[lead.suit]
        if event.seat == self.dummy:
            declarer = self.players[partner_of(event.seat)]
            what = f"{declarer} played {card.label} from dummy, {name}'s hand, to {lead.label} while dummy held"
        else:
            what = f"{name} played {card.label} to {lead.label} while holding"
        self.flag(event, "BR-5.3", f"{what} {same_suit.label}: a hand holding {suit} must follow suit")

    def finish_trick(self) -> None:
        winner, reason = trick_winner(self.trick, self.trumps())
        # Made by tuple.__new__ with every field: Trick(...) runs the Python __new__ NamedTuple writes, twice the cost.
        number = len(self.tricks) + 1
        self.tricks.append(tuple.__new__(Trick, (number, self.leader, tuple(self.trick), winner, reason, 0, True)))
        self.tricks_won[winner] += 1
        self.leader = winner  # BR-5.4: the winner leads next
        self.trick = []
        if len(self.tricks) == TRICKS:
            self.phase = OVER

    def play_turn(self) -> Turn:
        """Whose card is next and the cards that hand may play (BR-5.3): dummy's are chosen by the declarer."""
        seat = self.due_seat()
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            allowed = [card for card in hand if card.suit == led] or list(hand)
        else:
            allowed = list(hand)
        number = len(self.tricks) + 1
        verb = "lead to" if not self.trick else "play to"
        if seat == self.dummy:
            declarer = self.players[partner_of(seat)]
            prompt = f"{declarer} (declarer) to {verb} trick {number} from dummy, {self.players[seat]}'s hand (BR-5.2)"
        else:
            prompt = f"{self.players[seat]} to {verb} trick {number}"
            if number == 1 and not self.trick:
                prompt += ", on the declarer's left (BR-5.1)"
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)
