"""Call Bridge referee: replays the calls and the 13 tricks of one deal (RULES.md §2.4, §2.5).

A hand record holds the four hands as dealt (13 cards each, the 52-card pack,
CB-1.1, CB-3.2) and the events in order::

    {"type": "call", "seat": 0, "call": 3}
    {"type": "play", "seat": 0, "card": "5H"}

Seats are in counterclockwise order, so everything goes ``seat + 1`` (R-CB-8):
the player on the dealer's right, ``(dealer + 1) % 4``, calls first and leads
to the first trick (CB-4.1, CB-5.1). The replay never stops at an illegal event:
it is flagged, the card leaves the hand and the trick completes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.protocol import Referee
from referee.core.record import CheckedEvent, DealtCards, Event, event_card, in_pack, read_events, read_header
from referee.core.setup import Entry, EventField, EventKind, Setup, TurnEntry, ValueKind
from referee.core.verdict import RecordError, Trick, Turn, Verdict, Violation
from scoring.core.base import EntryError, Flags
from scoring.core.cards import RANK_VALUES, Card, card_name, card_word, standard_pack
from scoring.core.games.call_bridge import (
    ALLOW_13,
    HIGHEST_CALL,
    LOWEST_CALL,
    MUST_HEAD_TRICK,
    SEATS,
    TRICKS_PER_DEAL,
)
from scoring.core.games.call_bridge import GAME as SCORING
from scoring.core.i18n import Text, _, gettext_noop
from scoring.core.words import SINGULAR_WORDS, Suit

EVENT_TYPES = ("call", "play")
TRUMPS = "S"  # CB-2.1: spades are always trumps
_PACK = frozenset(standard_pack())
_NOT_IN_PACK = gettext_noop("{card} is not a card of the 52-card pack (CB-1.1)")


@dataclass(frozen=True, slots=True)
class CallBridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]


def _rank(card: Card) -> int:
    return card.rank_value


def allowed_cards(hand: Collection[Card], trick: Sequence[tuple[int, Card]], flags: Flags) -> tuple[list[Card], str]:
    """The cards CB-5.2 (and R-CB-7) lets a player play from ``hand`` to ``trick``, and the rule that limits them.

    The rule is "" when every card in the hand may be played.
    """
    if not trick:
        return list(hand), ""  # CB-5.1: any card may be led, spades included
    led = trick[0][1].suit
    same_suit = [card for card in hand if card.suit == led]
    if same_suit:
        # CB-5.2 (a): follow suit with any card of it.
        if MUST_HEAD_TRICK not in flags:
            return same_suit, "CB-5.2"
        # R-CB-7 (cb_must_head_trick): beat the highest card so far if able. When a
        # spade has trumped a non-spade lead, no card of the led suit can beat it, so
        # any card of the led suit may be played; otherwise "highest" is the highest
        # card of the led suit in the trick (spades, when spades were led).
        if led != TRUMPS and any(card.suit == TRUMPS for _, card in trick):
            return same_suit, "CB-5.2"
        highest = max(RANK_VALUES[card.rank] for _, card in trick if card.suit == led)
        heading = [card for card in same_suit if RANK_VALUES[card.rank] > highest]
        return (heading, "R-CB-7") if heading else (same_suit, "CB-5.2")
    spades = [card for card in hand if card.suit == TRUMPS]
    if not spades:
        return list(hand), ""  # CB-5.2 (c)
    trick_spades = [RANK_VALUES[card.rank] for _, card in trick if card.suit == TRUMPS]
    if not trick_spades:
        return spades, "CB-5.2"  # CB-5.2 (b): no spade yet, any spade
    top = max(trick_spades)
    higher = [card for card in spades if RANK_VALUES[card.rank] > top]
    # CB-5.2 (b): overtrump if able, else any card (a lower spade included).
    return (higher, "CB-5.2") if higher else (list(hand), "")


def trick_winner(trick: Sequence[tuple[int, Card]]) -> tuple[int, Text]:
    """CB-5.3: the highest spade wins; with no spade, the highest card of the led suit."""
    winner, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            # Strictly higher: of two equal cards (one played without being held), the earlier one wins.
            if RANK_VALUES[card.rank] > RANK_VALUES[best.rank]:
                winner, best = seat, card
        elif card.suit == TRUMPS:  # the first spade on a trick led in another suit
            winner, best = seat, card
    # Why, a spade or a card of the led suit (the winner is either): a `Text`, worded only when it is read.
    if best.suit == TRUMPS:
        return winner, Text(_HIGHEST_SPADE, {"card": card_word(best)})
    return winner, Text(_HIGHEST_OF_LED_SUIT, {"card": card_word(best), "suit": SINGULAR_WORDS[best.suit]})


_HIGHEST_SPADE = gettext_noop("{card} is the highest spade (CB-5.3)")
_HIGHEST_OF_LED_SUIT = gettext_noop("{card} is the highest {suit}; no spade was played (CB-5.3)")


def _why_illegal(name: str, card: Card, hand: Collection[Card], trick: Sequence[tuple[int, Card]], rule: str) -> str:
    """A sentence naming the player, the card and the duty it broke (CB-5.2 or R-CB-7), without the rule's ID:
    the violation carries that in its own field."""
    led_card = trick[0][1]
    led = led_card.suit
    played = card_name(card)
    if rule == "R-CB-7":
        highest = max((c for _seat, c in trick if c.suit == led), key=_rank)
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
    top = max(trick_spades, key=_rank)
    higher = [c for c in spades if c.rank_value > top.rank_value]
    return _("{player} played {card} but held {higher} and had to beat {top} with a higher spade").format(
        player=name, card=played, higher=card_name(higher[0]), top=card_name(top)
    )


class CallBridgeReferee:
    name = "call_bridge"

    def parse(self, doc: Mapping[str, Any]) -> CallBridgeRecord:
        """Read a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), calls and plays.
        A fault is told in this order: the header, every event's type and seat, the hands, each call and card."""
        header = read_header(doc, self.name)
        checked = read_events(doc, self.name, EVENT_TYPES)
        _check_hands(header.hands)
        return CallBridgeRecord(
            players=header.players,
            dealer=header.dealer,
            flags=header.flags,
            hands=header.hands,
            events=tuple(map(_read_event, checked)),
        )

    def replay(self, record: CallBridgeRecord) -> Verdict:
        """Replay the calls (CB-4.1, CB-4.2) and the plays (CB-5.4 checks 1-4), flagging each illegal event."""
        return _Replay(record).run()


def _read_event(checked: CheckedEvent) -> Event:
    """A call's number, or a play's card of the 52-card pack (CB-1.1)."""
    number, kind, seat, data = checked
    if kind == "call":
        value = data.get("call")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(
                f"events[{number - 1}].call",
                _("a call must be a whole number, not {value}").format(value=repr(value)),
            )
        return Event(number=number, type=kind, seat=seat, call=value)
    card = in_pack(event_card(number, data), _PACK, f"events[{number - 1}].card", _NOT_IN_PACK)
    return Event(number=number, type=kind, seat=seat, card=card)


def _check_hands(hands: Sequence[Sequence[Card]]) -> None:
    """Refuse hands that are not 4 x 13 cards of one 52-card pack (CB-1.1, CB-3.2), naming the first fault."""
    dealt = DealtCards(_PACK, _NOT_IN_PACK, gettext_noop("{card} is dealt twice (also at {path})"))
    for seat, hand in enumerate(hands):
        if len(hand) != TRICKS_PER_DEAL:
            raise RecordError(
                f"hands[{seat}]", _("each hand holds 13 cards (CB-3.2), not {count}").format(count=len(hand))
            )
        dealt.place_all(hand, f"hands[{seat}]")


class _Replay:
    """The mutable state of one replay; only `Verdict` values leave it."""

    def __init__(self, record: CallBridgeRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.players = record.players
        self.first = (record.dealer + 1) % SEATS  # CB-4.1, CB-5.1: the dealer's right
        # Each hand is an insertion-ordered dict used as an ordered set, in the order dealt.
        self.hands = [dict.fromkeys(hand) for hand in record.hands]
        self.calls: list[int | None] = [None] * SEATS
        self.highest_call = TRICKS_PER_DEAL if ALLOW_13 in record.flags else HIGHEST_CALL
        self.played: dict[Card, int] = {}  # card -> trick number
        self.violations: list[Violation] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * SEATS
        self.leader = self.first
        self.trick: list[tuple[int, Card]] = []  # the current trick, emptied when it is over

    def flag(self, event: Event, rule: str, message: str, card: Card | None = None) -> None:
        trick = len(self.tricks) + 1 if event.type == "play" else None
        self.violations.append(
            Violation(event=event.number, seat=event.seat, rule=rule, message=message, trick=trick, card=card)
        )

    def due_caller(self) -> int | None:
        for step in range(SEATS):
            seat = (self.first + step) % SEATS
            if self.calls[seat] is None:
                return seat
        return None

    def due_player(self) -> int:
        # CB-5.1: counterclockwise from the leader; the first seat yet to play to this trick.
        trick_seats = {seat for seat, _card in self.trick}
        for step in range(SEATS):
            seat = (self.leader + step) % SEATS
            if seat not in trick_seats:
                return seat
        return self.leader  # not reached: a trick is complete after four cards

    def started(self) -> bool:
        """Whether any card has been played (each play goes to the current trick, and each trick over to tricks)."""
        return bool(self.tricks or self.trick)

    def call(self, event: Event) -> None:
        seat, value = event.seat, event.call
        name = self.players[seat]
        if self.calls[seat] is not None:
            self.flag(
                event,
                "CB-4.2",
                _("{player} had already called {call}; each player calls once").format(
                    player=name, call=self.calls[seat]
                ),
            )
            return
        due = self.due_caller()
        if self.started():
            self.flag(
                event, "CB-4.1", _("{player} called after the play had begun; all calls come first").format(player=name)
            )
        elif seat != due:
            assert due is not None
            self.flag(
                event,
                "CB-4.1",
                _("{player} called out of turn: it was {due}'s turn to call").format(
                    player=name, due=self.players[due]
                ),
            )
        if value == TRICKS_PER_DEAL and value > self.highest_call:
            self.flag(
                event, "R-CB-1", _("{player} called 13, which is allowed only under cb_allow_13").format(player=name)
            )
        elif not LOWEST_CALL <= value <= self.highest_call:
            self.flag(
                event,
                "CB-4.2",
                _("{player} called {call}; a call is a whole number from 2 to {highest}").format(
                    player=name, call=value, highest=self.highest_call
                ),
            )
        self.calls[seat] = value

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
        trick = self.trick
        winner, reason = trick_winner(trick)
        number = len(self.tricks) + 1
        self.tricks.append(Trick(number=number, leader=self.leader, plays=tuple(trick), winner=winner, reason=reason))
        self.tricks_won[winner] += 1
        self.leader = winner
        trick.clear()

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

    def next_turn(self) -> Turn | None:
        if len(self.tricks) == TRICKS_PER_DEAL:
            return None
        due_caller = self.due_caller()
        if due_caller is not None and not self.started():
            calls = tuple(str(value) for value in range(LOWEST_CALL, self.highest_call + 1))
            prompt = _("{player} to call, {lowest} to {highest} (CB-4.2)").format(
                player=self.players[due_caller], lowest=LOWEST_CALL, highest=self.highest_call
            )
            return Turn(due_caller, "call", calls, prompt)
        seat = self.due_player()
        allowed, _rule = allowed_cards(self.hands[seat], self.trick, self.flags)
        what = _("{player} to lead to trick {number}") if not self.trick else _("{player} to play to trick {number}")
        prompt = what.format(player=self.players[seat], number=len(self.tricks) + 1)
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def run(self) -> Verdict:
        for event in self.record.events:
            if event.type == "call":
                self.call(event)
            else:
                self.play(event)
        tricks, trick = self.tricks, self.trick
        shown = list(tricks)
        if trick:
            shown.append(Trick(number=len(shown) + 1, leader=self.leader, plays=tuple(trick)))
        complete = len(self.tricks) == TRICKS_PER_DEAL and None not in self.calls
        notes: list[str] = []
        entry: dict[str, Any] | None = None
        score = None
        if complete:
            candidate = {"calls": list(self.calls), "tricks": list(self.tricks_won)}
            try:
                deal = SCORING.parse_deal(candidate, self.flags)
            except EntryError as error:
                notes.append(_("not scored: {error} ({rule})").format(error=error.message, rule=error.rule))
            else:
                entry = SCORING.to_entry(deal)
                score = SCORING.score_deal(deal, self.record.dealer, self.flags, 0)
        elif len(self.tricks) == TRICKS_PER_DEAL:
            missing = [self.players[seat] for seat in range(SEATS) if self.calls[seat] is None]
            notes.append(_("not scored: no call recorded for {players} (CB-4.2)").format(players=", ".join(missing)))
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(shown),
            tricks_won=tuple(self.tricks_won),
            card_points=None,
            complete=complete,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(map(tuple, self.hands)),
            notes=tuple(notes),
        )


# How a Call Bridge hand is set up and recorded (docs/referee/call_bridge.md).
SETUP = Setup(
    seats=SEATS,
    pack=standard_pack(),  # CB-1.1
    hand_size=TRICKS_PER_DEAL,  # CB-3.2
    extras=(),
    events=(
        EventKind(
            "call",
            "the seat's one call for the deal (CB-4.2, R-CB-1)",
            (EventField("call", ValueKind.NUMBER, "a whole number of tricks, 2 to 12 (13 under cb_allow_13)"),),
        ),
        EventKind(
            "play",
            "the seat plays the card to the current trick (CB-5)",
            (EventField("card", ValueKind.CARD, "the card"),),
        ),
    ),
    turns=(
        TurnEntry("call", Entry.OPTION, "call", other=gettext_noop("Another call (recorded and checked)")),
        TurnEntry("play", Entry.CARD, "card", verb=gettext_noop("Play")),
    ),
    longest_auction=SEATS,  # one call each (CB-4.2)
)

REFEREE = Referee(CallBridgeReferee(), SETUP)
