"""The play (BG-6): which cards may follow and lead, the lead block, and who wins each trick."""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from referee.core.games.bridgette.pack import CARD_WORDS, NAMED_WORDS, group, named
from referee.core.games.bridgette.record import Step
from referee.core.games.bridgette.state import ReplayState
from referee.core.verdict import Trick, Turn
from scoring.core.base import Flags
from scoring.core.cards import RANK_VALUES, Card, card_name
from scoring.core.i18n import Text, _, gettext_noop
from scoring.core.words import PLURAL_WORDS, SINGULAR_WORDS, Suit

TRICKS = 13  # BG-6.1


def trick_winner(lead: Card, follow: Card, trump: str | None) -> tuple[bool, Text]:
    """Whether the follower wins the trick, and why (BG-6.3 after a normal lead, BG-6.4 after a colon).

    The reason is a `Text`, worded only when it is read (scoring/core/i18n.py): a replay makes one per trick."""
    # `not suit` asks whether a card is a colon (no suit, BG-2.3) without a call to the is_colon property.
    lead_suit, follow_suit = lead.suit, follow.suit
    if not lead_suit:
        kind = group(lead)
        if not follow_suit:
            return False, Text(_COLON_ON_COLON, {"lead": NAMED_WORDS[lead]})
        values = {"card": CARD_WORDS[follow], "lead": NAMED_WORDS[lead]}
        if follow_suit == trump:
            return True, Text(_TRUMP_ON_COLON, values)
        if group(follow) == kind:
            return True, Text(_IN_GROUP[kind], values)
        return False, Text(_NOT_IN_GROUP[kind], values)
    if follow_suit == lead_suit:  # the usual trick, asked first; a colon, having no suit, is not of the led suit
        # Strictly higher: of two equal cards (one played without being held), the leader's wins.
        follower_wins = _RANK_VALUE[follow] > _RANK_VALUE[lead]
        return follower_wins, _HIGHER_TEXTS[follow if follower_wins else lead]
    if not follow_suit:
        return False, _COLON_TO_SUIT_TEXTS[follow][lead]
    values = {"card": CARD_WORDS[follow], "lead": CARD_WORDS[lead]}
    if follow_suit == trump:
        return True, Text(_TRUMPS, values)
    return False, Text(_NEITHER, values)


# The reasons a trick is won (msgids: scoring/core/i18n.py), worded when read. BG-6.3: after a lead of a suit.
_HIGHER = gettext_noop("{card} is the higher {suit} (BG-6.3)")
# Replay speed: the reason of a trick won within the suit led depends on the higher card alone, so it is made once for
# each card at import (one Text shared by every such trick, worded when read); each card's rank value by look-up too.
_HIGHER_TEXTS = {
    card: Text(_HIGHER, {"card": word, "suit": SINGULAR_WORDS[card.suit]})
    for card, word in CARD_WORDS.items()
    if card.suit
}
_RANK_VALUE = {card: RANK_VALUES[card.rank] for card in CARD_WORDS if card.suit}
# For the fast lane, a card played to a lead of its own suit (BG-6.3): (follower wins, reason) by the lead and the card,
# as `trick_winner` gives them, made once at import (two look-ups a play instead of three).
_FOLLOWING = {
    lead: {card: trick_winner(lead, card, None) for card in _RANK_VALUE if card.suit == lead.suit}
    for lead in _RANK_VALUE
}
_COLON_TO_SUIT = gettext_noop("{card} was played to {lead}: the leader wins (BG-6.3)")
_TRUMPS = gettext_noop("{card} trumps {lead} (BG-6.3)")
_NEITHER = gettext_noop("{card} neither follows suit nor trumps: {lead} wins (BG-6.3)")
# BG-6.4, R-BG-16: after a colon lead; a card in or out of the colon's group, by the group.
_COLON_ON_COLON = gettext_noop("a colon played to a colon lead loses: {lead} wins (R-BG-16)")
_TRUMP_ON_COLON = gettext_noop("{card} is a trump and beats {lead} (BG-6.4)")
_IN_GROUP = {
    "spot": gettext_noop("{card} is in the spot group of {lead} (BG-6.4)"),
    "face": gettext_noop("{card} is in the face group of {lead} (BG-6.4)"),
    "ace": gettext_noop("{card} is in the ace group of {lead} (BG-6.4)"),
}
_NOT_IN_GROUP = {
    "spot": gettext_noop("{card} is neither a trump nor in the spot group: {lead} wins (BG-6.4)"),
    "face": gettext_noop("{card} is neither a trump nor in the face group: {lead} wins (BG-6.4)"),
    "ace": gettext_noop("{card} is neither a trump nor in the ace group: {lead} wins (BG-6.4)"),
}
# BG-6.5: the reason of a trick won over a matching colon, which blocks the led suit; BG-6.1: one player's trick.
_BLOCKS = gettext_noop("{reason}; {suits} may not be led to the next trick (BG-6.5)")
# A card's suit as the tuple's C code reads it: `suit in map(_SUIT_OF, hand)` asks whether a hand holds a suit with no
# Python step per card.
_SUIT_OF = itemgetter(1)
# A card's place once played to trick n (`ReplayState.where`), made once for each trick: _IN_TRICK[n].
_IN_TRICK = tuple(("trick", number) for number in range(TRICKS + 1))
# Each card's group (BG-2.2), and the reasons of a trick where a colon is played to a suit lead, by the colon and the
# lead: made once at import, as the reasons of the tricks won within the suit led are.
_GROUP = {card: group(card) for card in CARD_WORDS}
_COLON_TO_SUIT_TEXTS = {
    colon: {
        lead: Text(_COLON_TO_SUIT, {"card": NAMED_WORDS[colon], "lead": word})
        for lead, word in CARD_WORDS.items()
        if lead.suit
    }
    for colon in CARD_WORDS
    if not colon.suit
}
# The matching colon's trick (BG-6.5): one per colon and lead of its group.
_BLOCK_TEXTS = {
    colon: {
        lead: Text(_BLOCKS, {"reason": reason, "suits": PLURAL_WORDS[lead.suit]})
        for lead, reason in texts.items()
        if _GROUP[lead] == _GROUP[colon]
    }
    for colon, texts in _COLON_TO_SUIT_TEXTS.items()
}
_BOTH_CARDS = gettext_noop("{player} played both cards out of turn and keeps the trick (BG-6.1)")
# BG-4.4, BG-4.5: a card played that is elsewhere, by where it is (`ReplayState.misplaced`).
_MISPLACED_PLAY: dict[str | None, str] = {
    "hand": gettext_noop("{player} played {card}, which is in {holder}'s hand"),
    "discard": gettext_noop("{player} played {card}, which is discarded by {holder}"),
    "trick": gettext_noop("{player} played {card}, which is already played to trick {trick}"),
}


def allowed_follows(hand: Iterable[Card], lead: Card, flags: Flags) -> list[Card]:
    """BG-6.2 and BG-6.4: the cards a follower may play to ``lead``."""
    cards = list(hand)
    suit = lead.suit
    # A colon told by its empty suit (BG-2.3), not by the is_colon property: this runs for each card held.
    if not suit:
        return cards  # BG-6.4: any card
    kind = group(lead)
    followers = [card for card in cards if card.suit == suit]
    matching = [card for card in cards if not card.suit and group(card) == kind]
    if followers:
        # R-BG-14: the matching colon may replace following suit, unless the house rule allows it only when void.
        return followers if "bg_colon_only_when_void" in flags else followers + matching
    free = [card for card in cards if card.suit] + matching
    return free or cards  # a non-matching colon only when nothing else is left


def allowed_leads(hand: Iterable[Card], block: str | None, flags: Flags) -> list[Card]:
    """BG-6.5 / R-BG-15: the cards a leader may lead, with a lead block on suit ``block`` (or none)."""
    cards = list(hand)
    if block is None:
        return cards
    if "bg_block_requires_suit_lead" in flags:
        others = [card for card in cards if card.suit and card.suit != block]  # a colon has no suit (BG-2.3)
    else:
        others = [card for card in cards if card.suit != block]  # colons have no suit (BG-2.3)
    return others or cards


class TrickPlay(ReplayState):
    """The plays of a replay: turn, holding, leads and follows, and each trick's winner (BG-6.1 to BG-6.6)."""

    __slots__ = ()

    # Whether `run` sends the ordinary steps through the fast lanes (`ordinary_exchange`, `ordinary_calls`,
    # `ordinary_run`); a test turns it off to show it changes nothing.
    fast_lane = True

    def ordinary_run(self, steps: tuple[Step, ...], start: int) -> int:
        """Carry out the ordinary plays from ``start`` on; the position of the first step that is not one.

        Replay speed: most steps of a record are ordinary plays, and this handles them with the state in locals.
        Ordinary means there is nothing to flag and no choice to make: in the play phase, in turn, a card of the
        player's known hand that leads, any card with no block in force or a card of another suit than the blocked
        one, which lifts the block (BG-6.5); or follows a colon lead with any card (BG-6.4); or follows the suit led
        (BG-6.2); or, from a follower who holds none of the led suit, is any card but a colon (BG-6.2 allows it
        without listing the allowed cards); or is a colon played to a suit lead that `allowed_follows` allows (the
        matching one, which sets a block, BG-6.5, or one from a hand of nothing else). Such a play does what `play`
        and `finish_trick` would do with it. Anything else (a call, a play out of turn or out of place, a card not
        held, a colon under a block, a card of the blocked suit, a card off the led suit while holding it, a colon
        `allowed_follows` refuses) is left to `play`, which checks it rule by rule.
        """
        hands, where, tricks, won, trump = self.hands, self.where, self.tricks, self.won, self.trump
        leader, number, block = self.leader, self.trick_number, self.block
        # The trick's lead, (seat, card), once led; None before. A trick holds at most its lead between steps (the
        # second card finishes it), so the lane keeps the lead alone and gives `self.trick` back when it stops.
        lead_play = self.trick[0] if self.trick else None
        index = start
        for index in range(start, len(steps)):
            kind, seat, card, _call, _cards, _count = steps[index]
            hand = hands[seat]
            if kind != "play" or hand is None or card not in hand:
                break
            suit = card.suit  # empty for a colon (BG-2.3)
            if lead_play is None:
                if seat != leader:
                    break
                if block is not None:
                    if suit == block or not suit:
                        break
                    block = None  # BG-6.5: a block lasts for one lead only
                del hand[card]
                where[card] = _IN_TRICK[number]
                lead_play = (seat, card)
                continue
            lead_seat, lead = lead_play
            led = lead.suit
            if seat == lead_seat:
                break
            if suit == led and suit:
                # BG-6.3: the higher card of the suit led wins (strictly: of two equal cards, the leader's).
                follower_wins, reason = _FOLLOWING[lead][card]
            elif suit or not led:
                if led and led in map(_SUIT_OF, hand):  # the follower holds the suit led
                    break
                # Any card to a colon lead (BG-6.4), or a trump or a discard by a follower void in the suit (BG-6.3).
                follower_wins, reason = trick_winner(lead, card, trump)
            else:
                # A colon played to a suit lead, which the leader wins (BG-6.3). The matching colon (BG-2.2) may replace
                # following suit (R-BG-14, under bg_colon_only_when_void only from a hand void in the suit) and blocks
                # the led suit for the next lead (BG-6.5); a colon that does not match, only from a hand of nothing
                # but such colons (BG-6.2), as `allowed_follows` lists them.
                kind = _GROUP[lead]
                if _GROUP[card] == kind:
                    if "bg_colon_only_when_void" in self.flags and led in map(_SUIT_OF, hand):
                        break
                    block = led
                    reason = _BLOCK_TEXTS[card][lead]
                elif any(held.suit or _GROUP[held] == kind for held in hand):
                    break
                else:
                    reason = _COLON_TO_SUIT_TEXTS[card][lead]
                follower_wins = False
            del hand[card]
            where[card] = _IN_TRICK[number]
            # `finish_trick`, inline. Made by tuple.__new__: Trick(...) runs the Python __new__ NamedTuple writes.
            winner = seat if follower_wins else lead_seat
            tricks.append(tuple.__new__(Trick, (number, lead_seat, (lead_play, (seat, card)), winner, reason, 0, True)))
            won[winner] += 1
            leader = winner
            lead_play = None
            number += 1
            if number > TRICKS:
                self.phase = "over"
                index += 1
                break
        else:
            index = len(steps)
        self.trick = [lead_play] if lead_play is not None else []
        self.leader, self.trick_number, self.block = leader, number, block
        return index

    def play(self, step: Step) -> None:
        _kind, seat, card, _call, _cards, _count = step
        assert card is not None  # a play step always carries its card
        hand = self.hands[seat]
        trick = self.trick
        # The usual play, in a few tests: in the play phase, in turn, a card of the player's known hand that either
        # leads with no block on (BG-6.5) or follows the suit led, or is played to a colon (BG-6.2, BG-6.4). Such a
        # play breaks no rule, so it only moves the card; any other is checked rule by rule (`check_play`).
        if self.phase == "play" and hand is not None and card in hand:
            if trick:
                leader, lead = trick[0]
                led = lead.suit
                usual = seat != leader and (card.suit == led or not led)  # `not led`: a colon (no suit) was led
            else:
                usual = seat == self.leader and self.block is None
            if usual:
                del hand[card]
                self.where[card] = ("trick", self.trick_number)
                trick.append((seat, card))
                if len(trick) == 2:
                    self.finish_trick()
                return
        self.check_play(step, seat, card)

    def check_play(self, step: Step, seat: int, card: Card) -> None:
        """Every rule a play may break, one by one (BG-5.5, BG-6.1, BG-6.2, BG-6.4 to BG-6.6); then the card is
        played."""
        if self.phase != "play":
            name = self.names[seat]
            if self.phase == "over":
                if self.passed_out:
                    message = _("{player} played {card} after the deal was over: the deal was passed out")
                else:
                    message = _("{player} played {card} after the deal was over: all 13 tricks had been played")
                self.flag(step, "BG-6.1", message.format(player=name, card=named(card)), card)
            else:
                message = _("{player} played {card} before the auction had ended")
                self.flag(step, "BG-5.5", message.format(player=name, card=named(card)), card)
            return
        trick = self.trick
        leading = not trick
        expected = self.leader if leading else 1 - trick[0][0]
        if seat != expected:
            if leading:
                message = _("{player} played {card} out of turn: it was {due}'s lead")
            else:
                message = _("{player} played {card} out of turn: it was {due}'s play")
            self.flag(
                step,
                "BG-6.1",
                message.format(player=self.names[seat], card=named(card), due=self.names[expected]),
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
                self.note(
                    _("{player}'s hand is not known, so {player}'s plays are not checked against it.").format(
                        player=name
                    )
                )
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
        seat = step[1]
        place = self.where.get(card)
        if place is None or place == ("hand", seat):
            if hand is None:
                return True
            name = self.names[seat]
            message = _("{player} played {card}, which {player} did not hold")
            self.flag(step, "BG-6.6", message.format(player=name, card=named(card)), card)
            return False
        rule = "BG-4.4" if place[0] == "discard" else "BG-4.5"
        self.flag(step, rule, self.misplaced(_MISPLACED_PLAY, self.names[seat], card), card)
        return False

    def check_lead(self, step: Step, card: Card, hand: dict[Card, None], block: str) -> None:
        """Flag a lead of the suit blocked by the matching colon, if the leader held another (BG-6.5, R-BG-15)."""
        # A card of another suit may always be led: only a card of the blocked suit, or a colon (which
        # bg_block_requires_suit_lead refuses too), needs the allowed leads listed.
        if card.suit != block and not card.is_colon:
            return
        if card in allowed_leads(hand, block, self.flags):
            return
        name = self.names[step[1]]
        suit = Suit(block).plural
        if card.is_colon:
            message = _("{player} led {card}; after the block on {suits} the lead must be another suit")
            self.flag(step, "R-BG-15", message.format(player=name, card=named(card), suits=suit), card)
        else:
            message = _("{player} led {card}, but {suits} were blocked for this lead by the matching colon")
            self.flag(step, "BG-6.5", message.format(player=name, card=card_name(card), suits=suit), card)

    def check_follow(self, step: Step, card: Card, hand: dict[Card, None], lead: Card) -> None:
        """Flag a card that does not follow suit to ``lead`` when the player had to (BG-6.2, R-BG-14)."""
        same_suit = next((held for held in hand if held.suit == lead.suit), None)
        # A player void in the led suit may play any card but a colon: the usual discard or trump is allowed
        # without listing the allowed cards.
        if same_suit is None and not card.is_colon:
            return
        if card in allowed_follows(hand, lead, self.flags):
            return
        name = self.names[step[1]]
        if card.is_colon and group(card) == group(lead):
            assert same_suit is not None  # a matching colon is refused only to a player who could follow suit
            message = _(
                "{player} played {card} to {lead} while holding {held}; the matching colon is allowed only when void"
            )
            values = {"player": name, "card": named(card), "lead": card_name(lead), "held": card_name(same_suit)}
            self.flag(step, "R-BG-14", message.format(**values), card)
        elif same_suit is not None:
            message = _("{player} held {held} and had to follow suit to {lead}")
            self.flag(
                step, "BG-6.2", message.format(player=name, held=card_name(same_suit), lead=card_name(lead)), card
            )
        else:
            message = _(
                "{player} played {card} to {lead}; a colon that does not match is allowed only when nothing else is "
                "left"
            )
            self.flag(step, "BG-6.2", message.format(player=name, card=named(card), lead=card_name(lead)), card)

    def finish_trick(self) -> None:
        trick, number = self.trick, self.trick_number
        (leader, lead), (follower, follow) = trick
        if leader == follower:
            reason = Text(_BOTH_CARDS, {"player": self.names[leader]})
            winner = leader
        else:
            follower_wins, reason = trick_winner(lead, follow, self.trump)
            winner = follower if follower_wins else leader
            # A colon (no suit, BG-2.3: `not suit` rather than a call to is_colon) matching a lead of a suit.
            lead_suit = lead.suit
            if not follow.suit and lead_suit and _GROUP[follow] == _GROUP[lead]:
                # BG-6.5: the matching colon blocks the led suit for the leader's next lead only.
                self.block = lead_suit
                reason = _BLOCK_TEXTS[follow][lead]
        # Made by tuple.__new__ with every field: Trick(...) runs the Python __new__ NamedTuple writes, twice the cost.
        self.tricks.append(tuple.__new__(Trick, (number, leader, tuple(trick), winner, reason, 0, True)))
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        self.trick_number = number + 1
        if number == TRICKS:
            self.phase = "over"

    def play_turn(self) -> Turn:
        """Whose play it is, leader or follower, and the cards that seat may play (BG-6.1, BG-6.2, BG-6.5)."""
        leading = not self.trick
        seat = self.leader if leading else 1 - self.trick[0][0]
        hand = self.hands[seat]
        name = self.names[seat]
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
