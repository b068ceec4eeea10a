"""Playing the cards: which card may be played, who wins each trick, and belote-rebelote
(docs/rules/belote.md BL-6.1, BL-7.1 to BL-7.6, ruling R-BL-9).
"""

from __future__ import annotations

from collections.abc import Collection

from referee.core.games.belote.record import BeloteEvent
from referee.core.games.belote.state import ReplayState
from referee.core.pack32 import PACK32, PLAIN_POWER, TRUMP_POWER, Duty, allowed_cards, trick_points
from referee.core.verdict import Trick
from scoring.core.cards import SUIT_NAMES, SUITS, Card, card_name, card_word
from scoring.core.games.belote import SEATS, side_of
from scoring.core.i18n import Text, _, gettext_noop
from scoring.core.words import SINGULAR_WORDS

TRICKS = 8  # BL-7.6
_SIDE_OF = tuple(side_of(seat) for seat in range(SEATS))
# The pack's cards of each suit: whether a hand holds any of a suit is `not _OF_SUIT[suit].isdisjoint(hand)`.
_OF_SUIT = {suit: frozenset(card for card in PACK32 if card.suit == suit) for suit in SUITS}
# Each card's rank among its suit's cards, by the suit of trumps (BL-7.3, BL-7.5).
_POWER = {
    trump: {card: (TRUMP_POWER if card.suit == trump else PLAIN_POWER)[card.rank] for card in PACK32} for trump in SUITS
}
# The cards of its suit that beat a card as a trump (BL-7.3: J 9 A 10 K Q 8 7).
_TRUMPS_ABOVE = {
    card: frozenset(other for other in _OF_SUIT[card.suit] if TRUMP_POWER[other.rank] > TRUMP_POWER[card.rank])
    for card in PACK32
}
# BL-7.5: why a trick's winner won, worded when the trick's reason is read.
_HIGHEST_TRUMP = gettext_noop("{card} is the highest trump (BL-7.5)")
_ONLY_TRUMP = gettext_noop("{card} is the only trump (BL-7.5)")
_HIGHEST_OF_SUIT = gettext_noop("{card} is the highest {suit} and nobody trumped (BL-7.5)")
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


class TrickPlay(ReplayState):
    """The replay's handlers for the cards played, trick by trick."""

    def next_seat(self) -> int:
        """The first seat from the leader, in the order of play, that has not played to the trick (BL-1.2)."""
        played = dict(self.trick)  # seat -> card
        for k in range(SEATS):
            seat = (self.leader + k) % SEATS
            if seat not in played:
                return seat
        raise AssertionError("a trick of four cards is finished before anyone plays again")

    def must_trump(self, seat: int) -> bool:
        """BL-7.4: a void player trumps when an opponent holds the trick; under R-BL-9's flag, whoever holds it."""
        if "bl_must_trump_partner_master" in self.flags:
            return True
        holder = self.trick[self.held][0]
        return not self.partners(seat, holder)

    def allowed(self, seat: int) -> tuple[list[Card], Duty]:
        """The cards BL-7.2 to BL-7.4 let the player on turn play."""
        cards = [card for _, card in self.trick]
        # Whether a void player must trump matters only when a plain suit was led: not worked out on a trump lead.
        must_trump = bool(self.trick) and cards[0].suit != self.trump and self.must_trump(seat)
        return allowed_cards(self.hands[seat], cards, self.trump, must_trump)

    def play(self, event: BeloteEvent) -> None:
        card, seat = event.card, event.seat
        assert card is not None
        trick, hand = self.trick, self.hands[seat]
        # The usual play, in turn, of a card held and not played before: nothing to check but BL-7.2 to BL-7.4,
        # and a card of the plain suit led is always allowed (BL-7.2). While every card of the trick was played
        # in turn, the seat on turn is the leader's next by the number of cards played (`next_seat`).
        if self.in_order and seat == (self.leader + len(trick)) % SEATS and card in hand and card not in self.played:
            if trick and not card.suit == trick[0][1].suit != self.trump:
                self.check_follow(event, self.names[seat], card, hand)
        elif not self.check_irregular(event, card, hand):
            return
        if event.saying or card in self.belote_cards:
            self.check_belote(event, card)
        hand.pop(card, None)
        self.played.add(card)
        if trick:
            # `holding` worked out a card at a time: the highest trump, else the highest card of the suit led.
            best = trick[self.held][1]
            if card.suit == best.suit:
                power = _POWER[self.trump]
                if power[card] > power[best]:
                    self.held = len(trick)
            elif card.suit == self.trump:
                self.held = len(trick)
        trick.append((seat, card))
        if len(trick) == SEATS:
            self.finish_trick()

    def check_irregular(self, event: BeloteEvent, card: Card, hand: Collection[Card]) -> bool:
        """Flag a play out of turn, a second card to the trick, or a card not held or already played, and
        check the others as `check_follow` does; False if the card is not played to the trick at all."""
        seat, trick = event.seat, self.trick
        who = self.names[seat]
        if seat in dict(trick):  # seat -> card
            message = _("{player} played {card}, a second card to the same trick")
            self.flag(event, "BL-1.2", message.format(player=who, card=card_name(card)), card)
            return False
        expected = self.next_seat()
        if not trick and seat != expected:
            message = _("{player} led {card}, but it was {leader}'s lead")
            self.flag(
                event, "BL-7.1", message.format(player=who, card=card_name(card), leader=self.name(expected)), card
            )
            self.leader = seat  # the trick is played from that lead
        elif seat != expected:
            message = _("{player} played {card} out of turn: it was {due}'s turn")
            self.flag(event, "BL-1.2", message.format(player=who, card=card_name(card), due=self.name(expected)), card)
            self.in_order = False
        # A card played by a player who did not hold it stays in its holder's hand, already played.
        if card in hand and card not in self.played:
            if trick:
                self.check_follow(event, who, card, hand)
        elif card in self.played:
            self.flag(event, "BL-1.1", _("{card} was already played").format(card=card_name(card)), card)
        else:
            self.flag(
                event, "BL-3.4", _("{player} does not hold {card}").format(player=who, card=card_name(card)), card
            )
        return True

    def check_follow(self, event: BeloteEvent, who: str, card: Card, hand: Collection[Card]) -> None:
        """Flag ``card``, held and played to the trick, if BL-7.2 to BL-7.4 (with R-BL-9) did not allow it."""
        led = self.trick[0][1]
        if card.suit == led.suit != self.trump:
            return  # BL-7.2: a card of a plain suit led is always allowed
        holder, best = self.trick[self.held]
        if self.may_play(event.seat, card, hand, led.suit, holder, best):
            return
        allowed, duty = self.allowed(event.seat)  # for the words: the card is not among them
        example = card_name(allowed[0])
        if duty is Duty.FOLLOW or (card.suit != self.trump and led.suit == self.trump):
            message = _("{player} held {card} and had to follow suit to {led}")
            self.flag(event, "BL-7.2", message.format(player=who, card=example, led=card_name(led)), card)
            return
        if led.suit == self.trump:
            message = _(
                "{player} held {card}, which beats {best}, and had to play a trump higher than every trump in the trick"
            )
            self.flag(event, "BL-7.3", message.format(player=who, card=example, best=card_name(best)), card)
            return
        partner = self.partners(event.seat, holder)
        rule = "R-BL-9" if partner else "BL-7.4"
        message = _VOID[partner, duty is Duty.TRUMP]
        void = _(message).format(
            player=who, suits=_(SUIT_NAMES[led.suit]), holder=self.name(holder), best=card_name(best), card=example
        )
        self.flag(event, rule, void, card)

    def may_play(self, seat: int, card: Card, hand: Collection[Card], led: str, holder: int, best: Card) -> bool:
        """Whether BL-7.2 to BL-7.4 (with R-BL-9) let ``seat`` play ``card`` from ``hand`` to a trick whose suit led
        is ``led`` and whose card holding it is ``best``, played by ``holder``, but a card of a plain suit led.

        `allowed` told for one card by set look-ups, case by case as `allowed_cards` lists them; the list itself
        is made only to word a refusal."""
        trump = self.trump
        # The trumps that would beat the card holding the trick: every trump while it holds none.
        higher = _TRUMPS_ABOVE[best] if best.suit == trump else _OF_SUIT[trump]
        if card in higher:
            # Always allowed on a trump lead; on a plain suit led, to a player void in it.
            return led == trump or _OF_SUIT[led].isdisjoint(hand)
        if led == trump:
            # Unable to beat every trump in the trick: any trump, or any card with no trump in hand (BL-7.3).
            return higher.isdisjoint(hand) and (card.suit == trump or _OF_SUIT[trump].isdisjoint(hand))
        if not _OF_SUIT[led].isdisjoint(hand):
            return False  # BL-7.2: had to follow suit
        # Void in the plain suit led: free when no trump in hand beats the trick, or when the partner holds it
        # (BL-7.4) and R-BL-9's flag does not bind the player to trump all the same.
        return higher.isdisjoint(hand) or (
            "bl_must_trump_partner_master" not in self.flags and self.partners(seat, holder)
        )

    def check_belote(self, event: BeloteEvent, card: Card) -> None:
        """BL-6.1: "belote" with the first of the K and Q of trumps, "rebelote" with the second, by one player."""
        who, seat = self.name(event.seat), event.seat
        is_kq = card.suit == self.trump and card.rank in ("K", "Q")
        other = Card("Q" if card.rank == "K" else "K", self.trump)
        if event.saying and not is_kq:
            if event.saying == "belote":
                message = _("{player} said belote with {card}, not with the K or Q of trumps")
            else:
                message = _("{player} said rebelote with {card}, not with the K or Q of trumps")
            self.flag(event, "BL-6.1", message.format(player=who, card=card_name(card)), card)
        elif event.saying == "belote":
            if other in self.played:
                message = _("{player} said belote with {card} after {other} was played")
                self.flag(
                    event, "BL-6.1", message.format(player=who, card=card_name(card), other=card_name(other)), card
                )
            elif other not in self.hands[seat]:
                message = _("{player} said belote with {card} without holding {other}")
                self.flag(
                    event, "BL-6.1", message.format(player=who, card=card_name(card), other=card_name(other)), card
                )
            else:
                self.belote_by = seat
        elif event.saying == "rebelote":
            if self.belote_by != seat:
                message = _("{player} said rebelote with {card} without having said belote before")
                self.flag(event, "BL-6.1", message.format(player=who, card=card_name(card)), card)
            else:
                self.rebelote_by = seat

    def finish_trick(self) -> None:
        trump, trick = self.trump, self.trick
        cards = [card for _, card in trick]
        winner, winning = trick[self.held]
        # The reason is kept as its msgid and values and worded when it is read (Trick.reason).
        if winning.suit != trump:
            values = {"card": card_word(winning), "suit": SINGULAR_WORDS[winning.suit]}
            reason = tuple.__new__(Text, (_HIGHEST_OF_SUIT, values))
        elif [card.suit for card in cards].count(trump) > 1:
            reason = tuple.__new__(Text, (_HIGHEST_TRUMP, {"card": card_word(winning)}))
        else:
            reason = tuple.__new__(Text, (_ONLY_TRUMP, {"card": card_word(winning)}))
        points = trick_points(cards, trump)
        number = len(self.tricks) + 1
        # Made by tuple.__new__ with every field: Trick(...) runs the Python __new__ NamedTuple writes, twice the cost.
        self.tricks.append(tuple.__new__(Trick, (number, trick[0][0], tuple(trick), winner, reason, points, True)))
        self.won[winner] += 1
        self.points[_SIDE_OF[winner]] += points
        self.trick = []
        self.held = 0
        self.in_order = True
        self.leader = winner  # BL-7.1
        if number == TRICKS:
            self.last_trick = winner  # BL-7.6
            self.phase = "done"
