"""Playing the cards: which cards may be played, who wins a trick, and bella (RULES.md KJ-7,
KJ-8, ruling R-KJ-11 on KJ-8.2 and R-KJ-8 on bella).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import islice
from operator import attrgetter

from referee.core.games.klaberjass.record import KlaberjassEvent, Play
from referee.core.games.klaberjass.state import ReplayState
from referee.core.pack32 import CARD_POINTS, PACK32, PLAIN_POWER, TRUMP_POWER, Duty
from referee.core.pack32 import allowed_cards as allowed_in_trick
from referee.core.verdict import Trick
from scoring.core.cards import SUIT_NAMES, SUITS, Card, card_name, card_word
from scoring.core.i18n import Text, _, gettext_noop
from scoring.core.words import PLURAL_WORDS, SINGULAR_WORDS

TRICKS = 9  # KJ-8.4
_suit = attrgetter("suit")
# Why a trick's winner won (KJ-8.3): msgids worded when the trick's reason is read.
_HIGHER_TRUMP = gettext_noop("{card} is the higher trump (KJ-8.3)")
_ONLY_TRUMP = gettext_noop("{card} is the only trump (KJ-8.3)")
_HIGHER_CARD = gettext_noop("{card} is the higher {suit} (KJ-8.3)")
_DID_NOT_FOLLOW = gettext_noop("{card} did not follow {suits} (KJ-8.3)")
# KJ-8.2 read as R-KJ-11: following suit is KJ-8.2; beating a led trump and trumping when void are R-KJ-11.
_DUTY_RULES = {Duty.FREE: "", Duty.FOLLOW: "KJ-8.2", Duty.TRUMP: "R-KJ-11", Duty.OVERTRUMP: "R-KJ-11"}


def allowed_cards(hand: Collection[Card], led: Card | None, trump: str) -> tuple[list[Card], str]:
    """The cards KJ-8.2 (read as R-KJ-11) lets a player play from ``hand``, and the rule that limits them.

    (a) a trump led: a trump, and a higher one than the lead if able; (b) another suit led: follow suit,
    else trump, else anything. A void player always has to trump: the one other card is the lead.
    """
    if led is None:
        return list(hand), ""  # KJ-8.1: any card may be led
    allowed, duty = allowed_in_trick(hand, (led,), trump)
    return allowed, _DUTY_RULES[duty]


def broken_rule(card: Card, hand: Collection[Card], led: Card, trump: str) -> str:
    """The rule that ``card``, outside ``allowed_cards``, breaks: one rule per fault.

    Not following suit is KJ-8.2, on a trump lead too (KJ-8.2 (a)), whether or not a higher
    trump was held; not beating a led trump with a trump (R-KJ-11) and not trumping when void
    in the led suit (R-KJ-11) are the other two faults.
    """
    if led.suit == trump and card.suit != trump:
        return "KJ-8.2"
    return allowed_cards(hand, led, trump)[1]


# The cards of each card's suit that beat it as trumps (KJ-2.1): a hand holds a higher trump than a led one if it
# holds one of these (speed: a set test in C, not a loop over the hand).
_HIGHER_TRUMPS = {
    card: frozenset(
        other for other in PACK32 if other.suit == card.suit and TRUMP_POWER[other.rank] > TRUMP_POWER[card.rank]
    )
    for card in PACK32
}


def may_play(card: Card, hand: Collection[Card], led: Card, trump: str) -> bool:
    """Whether ``card``, held in ``hand``, is among `allowed_cards` to ``led``: answered without listing them."""
    suit, led_suit = card.suit, led.suit
    if suit == led_suit:
        if suit != trump:
            return True
        # KJ-8.2 (a) with R-KJ-11: a trump higher than the led one, if the hand holds one.
        return TRUMP_POWER[card.rank] > TRUMP_POWER[led.rank] or _HIGHER_TRUMPS[led].isdisjoint(hand)
    if led_suit in map(_suit, hand):
        return False  # KJ-8.2: follow suit
    # R-KJ-11: void in the suit led, a trump if the hand holds one; the trick holds only the lead, so any trump.
    return suit == trump or trump not in map(_suit, hand)


# The reason of each trick by its winning card (and, for a card that did not follow, the suit led), made once:
# a trick's reason is then a look-up, not a new Text per trick.
_HIGHER_TRUMP_BY_CARD = {card: Text(_HIGHER_TRUMP, {"card": card_word(card)}) for card in PACK32}
_ONLY_TRUMP_BY_CARD = {card: Text(_ONLY_TRUMP, {"card": card_word(card)}) for card in PACK32}
_HIGHER_CARD_BY_CARD = {
    card: Text(_HIGHER_CARD, {"card": card_word(card), "suit": SINGULAR_WORDS[card.suit]}) for card in PACK32
}
_DID_NOT_FOLLOW_BY_CARD = {
    (card, led): Text(_DID_NOT_FOLLOW, {"card": card_word(card), "suits": PLURAL_WORDS[led]})
    for card in PACK32
    for led in SUITS
}


def trick_outcome(first: Card, second: Card, trump: str) -> tuple[bool, Text, int]:
    """Of a trick led with ``first`` and answered with ``second``: whether ``second`` wins it and why (KJ-8.3), and
    its card points (KJ-2)."""
    first_rank, suit = first
    second_rank, second_suit = second
    # `beats` written out: the higher card of the suit led, else the only trump.
    if second_suit == suit:
        power = TRUMP_POWER if suit == trump else PLAIN_POWER
        second_wins = power[second_rank] > power[first_rank]
    else:
        second_wins = second_suit == trump
    winning = second if second_wins else first
    # The reason is kept as a msgid and its values, worded only when it is read (a `Text`, from the tables).
    if second_suit == suit == trump:
        reason = _HIGHER_TRUMP_BY_CARD[winning]
    elif second_suit == suit:
        reason = _HIGHER_CARD_BY_CARD[winning]
    elif winning.suit == trump:
        reason = _ONLY_TRUMP_BY_CARD[winning]
    else:
        reason = _DID_NOT_FOLLOW_BY_CARD[second, suit]
    card_points = CARD_POINTS[trump]
    return second_wins, reason, card_points[first] + card_points[second]


# `trick_outcome` of every two cards of the pack (the same card twice too: a card already played is played again,
# flagged), under each trump, made once: a trick's end is then one look-up (speed: it runs for every trick).
_OUTCOMES = {
    trump: {(first, second): trick_outcome(first, second, trump) for first in PACK32 for second in PACK32}
    for trump in SUITS
}


class TrickPlay(ReplayState):
    """The replay's handlers for the cards played, trick by trick."""

    # Whether `run` hands runs of ordinary plays to `ordinary_run`; a test turns it off to compare.
    fast_lane = True

    def ordinary_run(self, events: Sequence[KlaberjassEvent | Play], start: int) -> int:
        """Play the run of ordinary plays from ``events[start]`` on; return the index of the first event that is
        not one, for the handlers to deal with (speed: most plays of a replay are ordinary, and this is a few
        look-ups for each, where `play` makes calls and checks for every fault).

        An ordinary play is the one `play` accepts without a flag or a note: a card held (not a stray, KJ-5.1)
        by the player on turn (KJ-8.1), leading, following a plain suit led, or else one `may_play` allows
        (KJ-8.2, R-KJ-11); bella announced only on the K or Q of trumps whose partner the same player played before,
        and the K or Q of trumps without bella only while its partner is not that player's (KJ-7.1, R-KJ-8: what
        `check_bella` records without a flag or a note). Such a play leaves the hand and goes to the trick, as in
        `play`; the second card of a trick ends it here as `finish_trick` does, with the state in local variables
        (written back when the run stops).
        """
        hands, strays, trump, kq_by = self.hands, self.strays, self.trump, self.kq_by
        tricks, won, points, outcomes = self.tricks, self.won, self.points, _OUTCOMES[trump]
        trick, leader = self.trick, self.leader
        index = start
        for _number, kind, seat, _choice, card, _cards, bella in islice(events, start, None):
            if kind != "play" or card is None or (strays and card in strays):  # a play has a card: for the types
                break
            suit = card[1]  # by place, and the rank only for a trump (speed: each read costs, at one per card)
            hand = hands[seat]
            if trick:
                led_seat, led = trick[0]
                if seat == led_seat or card not in hand:
                    break
                if not suit == led[1] != trump and not may_play(card, hand, led, trump):  # led[1]: its suit
                    break
            elif seat != leader or card not in hand:
                break
            if suit == trump and ((rank := card[0]) == "K" or rank == "Q"):
                # Bella (KJ-7.1) exactly when its partner is this player's: else a flag, or a note (R-KJ-8).
                if bella != (kq_by.get("Q" if rank == "K" else "K") == seat):
                    break
                if bella:
                    self.bella = seat
                kq_by.setdefault(rank, seat)
            elif bella:
                break  # bella on another card (KJ-7.1)
            del hand[card]
            index += 1
            if not trick:
                trick = [(seat, card)]
                continue
            # The second card: the trick ends as in `finish_trick`.
            second_wins, reason, trick_points = outcomes[led, card]
            leader = seat if second_wins else led_seat
            number = len(tricks) + 1
            plays = (trick[0], (seat, card))
            tricks.append(tuple.__new__(Trick, (number, led_seat, plays, leader, reason, trick_points, True)))
            won[leader] += 1
            points[leader] += trick_points
            trick = []
            if number == TRICKS:
                self.last_trick = leader  # KJ-8.4
                self.phase = "done"
                break  # the ninth trick ends the play (KJ-8.4): what follows is flagged by the handlers
        self.trick, self.leader = trick, leader
        return index

    # --- play (KJ-7, KJ-8) -------------------------------------------------------------------

    def play(self, event: KlaberjassEvent) -> None:
        card, seat, trick = event.card, event.seat, self.trick
        assert card is not None
        if (trick[0][0] == seat if trick else seat != self.leader) and self.out_of_turn(event, card):
            return
        hand = self.hands[seat]
        suit = card.suit
        # A card in its player's hand has not been played: a played card leaves its hand, and the one card
        # that joins a hand later, the turn-up (KJ-5.3), can only have been played by someone not holding it.
        if card in hand and not (self.strays and card in self.strays):
            # Following a plain suit led is always allowed (KJ-8.2 (b)): most plays need no other check.
            if trick and not suit == trick[0][1].suit != self.trump:
                self.check_follow(event, card, hand, trick[0][1])
            del hand[card]
        else:
            self.not_held(event, card, hand)
        if event.bella or (suit == self.trump and card.rank in ("K", "Q")):
            self.check_bella(event, card)  # only an announcement or the K or Q of trumps concerns bella (KJ-7.1)
        trick.append((seat, card))
        if len(trick) == 2:
            self.finish_trick()

    def out_of_turn(self, event: KlaberjassEvent, card: Card) -> bool:
        """Flag a card played out of turn (KJ-8.1); True if it is not played: a lead out of turn is played and
        leads, a second card from the player who led is not."""
        who = self.names[event.seat]
        if self.trick:
            message = _("{player} played {card} out of turn")
            self.flag(event, "KJ-8.1", message.format(player=who, card=card_name(card)), card)
            return True
        message = _("{player} led {card}, but it was {leader}'s lead")
        leader = self.names[self.leader]
        self.flag(event, "KJ-8.1", message.format(player=who, card=card_name(card), leader=leader), card)
        self.leader = event.seat
        return False

    def not_held(self, event: KlaberjassEvent, card: Card, hand: dict[Card, None]) -> None:
        """Flag ``card``, which its player does not hold (KJ-5.1) or which was already played (KJ-1.1)."""
        plays = [play for trick in self.tricks for play in trick.plays] + self.trick
        if any(card == other for _seat, other in plays):
            self.flag(event, "KJ-1.1", _("{card} was already played").format(card=card_name(card)), card)
        else:
            message = _("{player} does not hold {card}")
            self.flag(event, "KJ-5.1", message.format(player=self.names[event.seat], card=card_name(card)), card)
        hand.pop(card, None)
        self.strays.add(card)

    def check_follow(self, event: KlaberjassEvent, card: Card, hand: Collection[Card], led: Card) -> None:
        """Flag ``card``, held and played to ``led``, if KJ-8.2 (read as R-KJ-11) did not allow it."""
        if not may_play(card, hand, led, self.trump):
            allowed, _rule = allowed_cards(hand, led, self.trump)
            rule = broken_rule(card, hand, led, self.trump)
            self.flag(event, rule, self.why_not(self.names[event.seat], card, led, allowed, rule), card)

    def why_not(self, who: str, card: Card, led: Card, allowed: Sequence[Card], rule: str) -> str:
        example, led_name = card_name(allowed[0]), card_name(led)
        if led.suit == self.trump and rule == "R-KJ-11":
            message = _("{player} held {card}, which beats {led}, and had to beat the led trump")
        elif allowed[0].suit == led.suit:
            message = _("{player} held {card} and had to follow suit to {led}")
        else:
            message = _("{player} had no {suits} and held the trump {card}, so had to trump {led}")
        return message.format(player=who, card=example, led=led_name, suits=_(SUIT_NAMES[led.suit]))

    def check_bella(self, event: KlaberjassEvent, card: Card) -> None:
        is_kq = card.suit == self.trump and card.rank in ("K", "Q")
        partner = "Q" if card.rank == "K" else "K"
        if event.bella:
            who = self.name(event.seat)
            if not is_kq:
                message = _("{player} announced bella on {card}, not on the K or Q of trumps")
                self.flag(event, "KJ-7.1", message.format(player=who, card=card_name(card)), card)
            elif self.kq_by.get(partner) != event.seat:
                self.flag(
                    event,
                    "R-KJ-8",
                    _("{player} announced bella on {card} without having played {other} before it").format(
                        player=who, card=card_name(card), other=card_name(Card(partner, self.trump))
                    ),
                    card,
                )
            else:
                self.bella = event.seat
        if is_kq:
            self.kq_by.setdefault(card.rank, event.seat)
            if not event.bella and self.kq_by.get(partner) == event.seat and self.kq_by[card.rank] == event.seat:
                note = _("{player} played both K and Q of trumps without bella (R-KJ-8)")
                self.notes.append(note.format(player=self.name(event.seat)))

    def finish_trick(self) -> None:
        """Who wins the trick and why (KJ-8.3), and its card points (KJ-2); the ninth ends the play (KJ-8.4)."""
        trick = self.trick
        (first_seat, first), (second_seat, second) = trick
        second_wins, reason, points = _OUTCOMES[self.trump][first, second]  # trick_outcome, from the table
        winner = second_seat if second_wins else first_seat
        number = len(self.tricks) + 1
        # Made by tuple.__new__ with every field: Trick(...) runs the Python __new__ NamedTuple writes, twice the cost.
        self.tricks.append(tuple.__new__(Trick, (number, first_seat, tuple(trick), winner, reason, points, True)))
        self.won[winner] += 1
        self.points[winner] += points
        self.trick = []
        self.leader = winner
        if number == TRICKS:
            self.last_trick = winner  # KJ-8.4
            self.phase = "done"
