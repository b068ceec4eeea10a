"""The play (BG-6): each card checked in turn against the rules (`rules`), the lead block, and each trick."""

from __future__ import annotations

from referee.core.games.bridgette.rules import TRICKS, allowed_follows, allowed_leads, group, named, trick_winner
from referee.core.games.bridgette.state import ReplayState
from referee.core.record import Event
from referee.core.verdict import Turn
from vocabulary.cards import Card, card_name
from vocabulary.i18n import Text, _, gettext_noop
from vocabulary.words import PLURAL_WORDS, Suit

# BG-6.5: the reason of a trick won over a matching colon, which blocks the led suit; BG-6.1: one player's trick.
_BLOCKS = gettext_noop("{reason}; {suits} may not be led to the next trick (BG-6.5)")
_BOTH_CARDS = gettext_noop("{player} played both cards out of turn and keeps the trick (BG-6.1)")
# BG-4.4, BG-4.5: a card played that is elsewhere, by where it is (`ReplayState.misplaced`).
_MISPLACED_PLAY: dict[str | None, str] = {
    "hand": gettext_noop("{player} played {card}, which is in {holder}'s hand"),
    "discard": gettext_noop("{player} played {card}, which is discarded by {holder}"),
    "trick": gettext_noop("{player} played {card}, which is already played to trick {trick}"),
}


class TrickPlay(ReplayState):
    """The plays of a replay: turn, holding, leads and follows, and each trick's winner (BG-6.1 to BG-6.6)."""

    def play(self, event: Event) -> None:
        """Every rule a play may break, one by one (BG-5.5, BG-6.1, BG-6.2, BG-6.4 to BG-6.6); then the card is
        played."""
        seat, card = event.seat, event.card
        assert card is not None  # a play always carries its card
        if self.phase != "play":
            if self.phase == "over":
                if self.bid is None:  # passed out (R-BG-10)
                    message = _("{player} played {card} after the deal was over: the deal was passed out")
                else:
                    message = _("{player} played {card} after the deal was over: all 13 tricks had been played")
                self.fault(event, "BG-6.1", message)
            else:
                self.fault(event, "BG-5.5", _("{player} played {card} before the auction had ended"))
            return
        trick = self.trick
        leading = not trick
        expected = self.due_player()
        if seat != expected:
            if leading:
                message = _("{player} played {card} out of turn: it was {due}'s lead")
            else:
                message = _("{player} played {card} out of turn: it was {due}'s play")
            self.fault(event, "BG-6.1", message, due=self.players[expected])
        hand = self.hand_of(seat)
        block = self.block
        if leading:
            self.block = None  # BG-6.5: a block lasts for one lead only
        in_hand = hand is not None and card in hand
        if in_hand or self.may_hold(event, card, hand):
            if hand is None:
                message = _("{player}'s hand is not known, so {player}'s plays are not checked against it.")
                self.note(message.format(player=self.players[seat]))
            elif leading:
                self.check_lead(event, card, hand, block)
            elif trick[0][0] != seat:
                self.check_follow(event, card, hand, trick[0][1])
        # The card leaves the player's hand; a card recorded elsewhere stays with its real holder.
        if in_hand:
            del self.hands[seat][card]
        if self.where.get(card, ("hand", seat)) == ("hand", seat):
            self.where[card] = ("trick", self.trick_number)
        trick.append((seat, card))
        if len(trick) == 2:
            self.finish_trick()

    def may_hold(self, event: Event, card: Card, hand: dict[Card, None] | None) -> bool:
        """Whether the player could hold ``card``, which is not in their known hand; a violation says where it
        was if not (BG-4.5, BG-6.6)."""
        seat = event.seat
        place = self.where.get(card)
        if place is None or place == ("hand", seat):
            if hand is None:
                return True
            self.fault(event, "BG-6.6", _("{player} played {card}, which {player} did not hold"))
            return False
        rule = "BG-4.4" if place[0] == "discard" else "BG-4.5"
        self.flag(event, rule, self.misplaced(_MISPLACED_PLAY, self.players[seat], card), card)
        return False

    def check_lead(self, event: Event, card: Card, hand: dict[Card, None], block: str | None) -> None:
        """Flag a lead of the suit blocked by the matching colon, if the leader held another (BG-6.5, R-BG-15)."""
        if block is None or card in allowed_leads(hand, block, self.flags):
            return
        if card.is_colon:
            message = _("{player} led {card}; after the block on {suits} the lead must be another suit")
            self.fault(event, "R-BG-15", message, suits=Suit(block).plural)
        else:
            message = _("{player} led {card}, but {suits} were blocked for this lead by the matching colon")
            self.fault(event, "BG-6.5", message, suits=Suit(block).plural)

    def check_follow(self, event: Event, card: Card, hand: dict[Card, None], lead: Card) -> None:
        """Flag a card that does not follow suit to ``lead`` when the player had to (BG-6.2, R-BG-14)."""
        if card in allowed_follows(hand, lead, self.flags):
            return
        same_suit = next((held for held in hand if held.suit == lead.suit), None)
        if card.is_colon and group(card) == group(lead):
            assert same_suit is not None  # a matching colon is refused only to a player who could follow suit
            message = _(
                "{player} played {card} to {lead} while holding {held}; the matching colon is allowed only when void"
            )
            self.fault(event, "R-BG-14", message, lead=card_name(lead), held=card_name(same_suit))
        elif same_suit is not None:
            message = _("{player} held {held} and had to follow suit to {lead}")
            self.fault(event, "BG-6.2", message, held=card_name(same_suit), lead=card_name(lead))
        else:
            message = _(
                "{player} played {card} to {lead}; a colon that does not match is allowed only when nothing else is "
                "left"
            )
            self.fault(event, "BG-6.2", message, lead=card_name(lead))

    def finish_trick(self) -> None:
        (leader, lead), (follower, follow) = self.trick
        if leader == follower:
            reason = Text(_BOTH_CARDS, {"player": self.players[leader]})
            winner = leader
        else:
            follower_wins, reason = trick_winner(lead, follow, self.trump)
            winner = follower if follower_wins else leader
            if follow.is_colon and not lead.is_colon and group(follow) == group(lead):
                # BG-6.5: the matching colon blocks the led suit for the leader's next lead only.
                self.block = lead.suit
                reason = Text(_BLOCKS, {"reason": reason, "suits": PLURAL_WORDS[lead.suit]})
        number = self.take_trick(winner, reason, leader)
        if number == TRICKS:
            self.phase = "over"

    def play_turn(self) -> Turn:
        """Whose play it is, leader or follower, and the cards that seat may play (BG-6.1, BG-6.2, BG-6.5)."""
        leading = not self.trick
        seat = self.due_player()
        hand = self.hand_of(seat)
        name = self.players[seat]
        if leading:
            if self.block is not None:
                prompt = _("{player} leads to trick {trick}; {suits} are blocked (BG-6.5)").format(
                    player=name, trick=self.trick_number, suits=Suit(self.block).plural
                )
            else:
                prompt = _("{player} leads to trick {trick}").format(player=name, trick=self.trick_number)
            cards = allowed_leads(hand, self.block, self.flags) if hand is not None else []
        else:
            prompt = _("{player} plays to {card}").format(player=name, card=named(self.trick[0][1]))
            cards = allowed_follows(hand, self.trick[0][1], self.flags) if hand is not None else []
        return Turn(seat, "play", tuple(card.code for card in cards), prompt)
