"""The play (BG-6): which cards may follow and lead, the lead block, and who wins each trick."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.games.bridgette.pack import group, named
from referee.core.games.bridgette.record import Step
from referee.core.games.bridgette.state import ReplayState
from referee.core.verdict import Trick, Turn
from scoring.core.base import Flags
from scoring.core.cards import RANK_VALUES, SUIT_NAMES, Card

TRICKS = 13  # BG-6.1


def trick_winner(lead: Card, follow: Card, trump: str | None) -> tuple[bool, str]:
    """Whether the follower wins the trick, and why (BG-6.3 after a normal lead, BG-6.4 after a colon)."""
    # `not card.suit` asks `card.is_colon` without a property call (a colon has no suit, BG-2.3): once per trick.
    if not lead.suit:
        kind = group(lead)
        if follow.is_colon:
            return False, f"a colon played to a colon lead loses: the {lead} wins (R-BG-16)"
        if follow.suit == trump:
            return True, f"{follow} is a trump and beats the {lead} (BG-6.4)"
        if group(follow) == kind:
            return True, f"{follow} is in the {kind} group of the {lead} (BG-6.4)"
        return False, f"{follow} is neither a trump nor in the {kind} group: the {lead} wins (BG-6.4)"
    if follow.suit == lead.suit:  # the usual trick, asked first; a colon, having no suit, is not of the led suit
        # Strictly higher: of two equal cards (one played without being held), the leader's wins.
        follower_wins = RANK_VALUES[follow.rank] > RANK_VALUES[lead.rank]
        higher = follow if follower_wins else lead
        return follower_wins, f"{higher.label} is the higher {SUIT_NAMES[lead.suit][:-1]} (BG-6.3)"
    if follow.is_colon:
        return False, f"the {follow} was played to {lead}: the leader wins (BG-6.3)"
    if follow.suit == trump:
        return True, f"{follow} trumps {lead} (BG-6.3)"
    return False, f"{follow} neither follows suit nor trumps: {lead} wins (BG-6.3)"


def allowed_follows(hand: Iterable[Card], lead: Card, flags: Flags) -> list[Card]:
    """BG-6.2 and BG-6.4: the cards a follower may play to ``lead``."""
    cards = list(hand)
    if lead.is_colon:
        return cards  # BG-6.4: any card
    suit, kind = lead.suit, group(lead)
    followers = [card for card in cards if card.suit == suit]
    matching = [card for card in cards if card.is_colon and group(card) == kind]
    if followers:
        # R-BG-14: the matching colon may replace following suit, unless the house rule allows it only when void.
        return followers if "bg_colon_only_when_void" in flags else followers + matching
    free = [card for card in cards if not card.is_colon] + matching
    return free or cards  # a non-matching colon only when nothing else is left


def allowed_leads(hand: Iterable[Card], block: str | None, flags: Flags) -> list[Card]:
    """BG-6.5 / R-BG-15: the cards a leader may lead, with a lead block on suit ``block`` (or none)."""
    cards = list(hand)
    if block is None:
        return cards
    if "bg_block_requires_suit_lead" in flags:
        others = [card for card in cards if not card.is_colon and card.suit != block]
    else:
        others = [card for card in cards if card.suit != block]  # colons have no suit (BG-2.3)
    return others or cards


class TrickPlay(ReplayState):
    """The plays of a replay: turn, holding, leads and follows, and each trick's winner (BG-6.1 to BG-6.6)."""

    def play(self, step: Step) -> None:
        card = step.card
        assert card is not None  # a play step always carries its card
        seat = step.seat
        if self.phase != "play":
            name = self.names[seat]
            if self.phase == "over":
                why = "the deal was passed out" if self.passed_out else "all 13 tricks had been played"
                self.flag(step, "BG-6.1", f"{name} played {named(card)} after the deal was over: {why}", card)
            else:
                self.flag(step, "BG-5.5", f"{name} played {named(card)} before the auction had ended", card)
            return
        trick = self.trick
        leading = not trick
        expected = self.leader if leading else 1 - trick[0][0]
        if seat != expected:
            action = "lead" if leading else "play"
            self.flag(
                step,
                "BG-6.1",
                f"{self.names[seat]} played {named(card)} out of turn: it was {self.names[expected]}'s {action}",
                card,
            )
        hand = self.hands[seat]
        block = self.block
        if leading:
            self.block = None  # BG-6.5: a block lasts for one lead only
        in_hand = hand is not None and card in hand
        if in_hand or self.may_hold(step, card, hand):
            if hand is None:
                name = self.names[seat]
                self.note(f"{name}'s hand is not known, so {name}'s plays are not checked against it.")
            elif leading:
                # Most leads are free: only a lead block limits them (BG-6.5).
                if block is not None:
                    self.check_lead(step, card, hand, block)
            elif trick[0][0] != seat:
                lead = trick[0][1]
                # Following suit to a normal lead (BG-6.2), or playing anything to a colon (BG-6.4), is always
                # allowed: most follows are answered without listing the allowed cards.
                if card.suit != lead.suit and lead.suit:  # lead.suit: the lead is not a colon (no suit, BG-2.3)
                    self.check_follow(step, card, hand, lead)
        # The card leaves the player's hand; a card recorded elsewhere stays with its real holder.
        if in_hand:
            assert hand is not None
            del hand[card]
            self.where[card] = ("trick", self.trick_number)
        elif self.where.get(card, ("hand", seat)) == ("hand", seat):
            self.where[card] = ("trick", self.trick_number)
        trick.append((seat, card))
        if len(trick) == 2:
            self.finish_trick()

    def may_hold(self, step: Step, card: Card, hand: dict[Card, None] | None) -> bool:
        """Whether the player could hold ``card``, which is not in their known hand; a violation says where it
        was if not (BG-4.5, BG-6.6)."""
        place = self.where.get(card)
        if place is None or place == ("hand", step.seat):
            if hand is None:
                return True
            name = self.names[step.seat]
            self.flag(step, "BG-6.6", f"{name} played {named(card)}, which {name} did not hold", card)
            return False
        rule = "BG-4.4" if place[0] == "discard" else "BG-4.5"
        self.flag(step, rule, f"{self.names[step.seat]} played {named(card)}, which is {self.place_of(card)}", card)
        return False

    def check_lead(self, step: Step, card: Card, hand: dict[Card, None], block: str) -> None:
        """Flag a lead of the suit blocked by the matching colon, if the leader held another (BG-6.5, R-BG-15)."""
        # A card of another suit may always be led: only a card of the blocked suit, or a colon (which
        # bg_block_requires_suit_lead refuses too), needs the allowed leads listed.
        if card.suit != block and not card.is_colon:
            return
        if card in allowed_leads(hand, block, self.flags):
            return
        name = self.names[step.seat]
        suit = SUIT_NAMES[block]
        if card.is_colon:
            self.flag(
                step, "R-BG-15", f"{name} led the {card}; after the block on {suit} the lead must be another suit", card
            )
        else:
            self.flag(
                step, "BG-6.5", f"{name} led {card}, but {suit} were blocked for this lead by the matching colon", card
            )

    def check_follow(self, step: Step, card: Card, hand: dict[Card, None], lead: Card) -> None:
        """Flag a card that does not follow suit to ``lead`` when the player had to (BG-6.2, R-BG-14)."""
        same_suit = next((held for held in hand if held.suit == lead.suit), None)
        # A player void in the led suit may play any card but a colon: the usual discard or trump is allowed
        # without listing the allowed cards.
        if same_suit is None and not card.is_colon:
            return
        if card in allowed_follows(hand, lead, self.flags):
            return
        name = self.names[step.seat]
        if card.is_colon and group(card) == group(lead):
            self.flag(
                step,
                "R-BG-14",
                f"{name} played the {card} to {lead} while holding {same_suit}; "
                "the matching colon is allowed only when void",
                card,
            )
        elif same_suit is not None:
            self.flag(step, "BG-6.2", f"{name} held {same_suit} and had to follow suit to {lead}", card)
        else:
            self.flag(
                step,
                "BG-6.2",
                f"{name} played the {card} to {lead}; "
                "a colon that does not match is allowed only when nothing else is left",
                card,
            )

    def finish_trick(self) -> None:
        (leader, lead), (follower, follow) = self.trick
        if leader == follower:
            winner, reason = leader, f"{self.names[leader]} played both cards out of turn and keeps the trick (BG-6.1)"
        else:
            follower_wins, reason = trick_winner(lead, follow, self.trump)
            winner = follower if follower_wins else leader
            # A colon (no suit, BG-2.3: `not suit` rather than a call to is_colon) matching a lead of a suit.
            if not follow.suit and lead.suit and group(follow) == group(lead):
                # BG-6.5: the matching colon blocks the led suit for the leader's next lead only.
                self.block = lead.suit
                reason += f"; {SUIT_NAMES[lead.suit]} may not be led to the next trick (BG-6.5)"
        # Made by tuple.__new__ with every field: Trick(...) runs the Python __new__ NamedTuple writes, twice the cost.
        self.tricks.append(
            tuple.__new__(Trick, (self.trick_number, leader, tuple(self.trick), winner, reason, 0, True))
        )
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        self.trick_number += 1
        if self.trick_number > TRICKS:
            self.phase = "over"

    def play_turn(self) -> Turn:
        """Whose play it is, leader or follower, and the cards that seat may play (BG-6.1, BG-6.2, BG-6.5)."""
        leading = not self.trick
        seat = self.leader if leading else 1 - self.trick[0][0]
        hand = self.hands[seat]
        name = self.names[seat]
        if leading:
            prompt = f"{name} leads to trick {self.trick_number}"
            if self.block is not None:
                prompt += f"; {SUIT_NAMES[self.block]} are blocked (BG-6.5)"
            cards = allowed_leads(hand, self.block, self.flags) if hand is not None else []
        else:
            prompt = f"{name} plays to {self.trick[0][1]}"
            cards = allowed_follows(hand, self.trick[0][1], self.flags) if hand is not None else []
        return Turn(seat, "play", tuple(card.code for card in cards), prompt)
