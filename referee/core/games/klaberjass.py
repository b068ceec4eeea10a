"""Klaberjass referee: replays the choice of trumps, the dix, sequences, bella and the
nine tricks of one deal (RULES.md §4.4 to §4.8, rulings R-KJ-2 to R-KJ-11).

A hand record holds each player's nine cards after the second deal, before any dix
(KJ-5.1), the turn-up (KJ-3.3), optionally the bottom card (KJ-5.2), and the events::

    {"type": "bid", "seat": 0, "choice": "take"}      # "pass", "take", "S"/"H"/"D"/"C", "schmeiss"
    {"type": "answer", "seat": 1, "choice": "play"}   # to a schmeiss: "play" or "throw_in" (R-KJ-2)
    {"type": "dix", "seat": 0}                        # swap the 7 of trumps for the turn-up (KJ-5.3)
    {"type": "declare", "seat": 1, "cards": ["QS", "JS", "10S"]}   # one sequence (KJ-6)
    {"type": "play", "seat": 0, "card": "JH"}         # "announce": "bella" on the second of K, Q (KJ-7)

The non-dealer speaks first in each round and leads to the first trick (KJ-4.1,
KJ-8.1). An illegal event is flagged and the replay goes on: an illegal card
still leaves the hand and the trick completes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from referee.core.cards import SUIT_NAMES, SUITS, Card, CardError, klaberjass_pack, labels, parse_card
from referee.core.record import Event, event_card, event_cards, read_common
from referee.core.verdict import RecordError, Trick, Turn, Verdict, Violation
from scoring.core.base import EntryError, Flags
from scoring.core.games.klaberjass import GAME as SCORING
from scoring.core.games.klaberjass import LONG_SEQUENCE, SHORT_SEQUENCE

EVENT_TYPES = ("bid", "answer", "dix", "declare", "play")
BIDS = ("take", "pass", "schmeiss", *SUITS)
ANSWERS = ("play", "throw_in")
HAND_SIZE = 9  # KJ-5.1
FIRST_DEAL = 6  # KJ-3.2: a record of an annulled deal may hold only these
TRICKS = 9  # KJ-8.4
_PACK = frozenset(klaberjass_pack())

# KJ-2.1: ranks from high to low.
TRUMP_ORDER = ("J", "9", "A", "T", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "T", "K", "Q", "J", "9", "8", "7")
SEQUENCE_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7")
_TRUMP_POWER = {rank: len(TRUMP_ORDER) - index for index, rank in enumerate(TRUMP_ORDER)}
_PLAIN_POWER = {rank: len(PLAIN_ORDER) - index for index, rank in enumerate(PLAIN_ORDER)}
_SEQUENCE_POWER = {rank: len(SEQUENCE_ORDER) - index for index, rank in enumerate(SEQUENCE_ORDER)}
# KJ-2.2: card points; the trump J and 9 are special.
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
_TRUMP_POINTS = {**_PLAIN_POINTS, "J": 20, "9": 14}


def card_points(card: Card, trump: str) -> int:
    """A card's points by KJ-2.2."""
    return (_TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS)[card.rank]


def beats(card: Card, other: Card, trump: str) -> bool:
    """True if ``card`` played after ``other`` (the lead) wins the trick (KJ-8.3)."""
    if card.suit == other.suit:
        power = _TRUMP_POWER if card.suit == trump else _PLAIN_POWER
        return power[card.rank] > power[other.rank]
    return card.suit == trump


def allowed_cards(hand: Sequence[Card], led: Card | None, trump: str) -> tuple[list[Card], str]:
    """The cards KJ-8.2 (read as R-KJ-11) lets a player play from ``hand``, and the rule that limits them."""
    if led is None:
        return list(hand), ""  # KJ-8.1: any card may be led
    trumps = [card for card in hand if card.suit == trump]
    if led.suit == trump:
        # KJ-8.2 (a): a trump, and a higher one than the lead if able.
        higher = [card for card in trumps if _TRUMP_POWER[card.rank] > _TRUMP_POWER[led.rank]]
        if higher:
            return higher, "R-KJ-11"
        return (trumps, "KJ-8.2") if trumps else (list(hand), "")
    # KJ-8.2 (b): follow suit, else trump, else anything.
    same_suit = [card for card in hand if card.suit == led.suit]
    if same_suit:
        return same_suit, "KJ-8.2"
    return (trumps, "R-KJ-11") if trumps else (list(hand), "")


def sequence_problem(cards: Sequence[Card]) -> str:
    """Why ``cards`` are not a sequence by KJ-6.1, or "" if they are one."""
    if len(cards) < 3:
        return "a sequence needs at least 3 cards"
    if len({card.suit for card in cards}) != 1:
        return "a sequence is all in one suit"
    powers = sorted((_SEQUENCE_POWER[card.rank] for card in cards), reverse=True)
    if any(high - low != 1 for high, low in pairwise(powers)):
        return "the cards of a sequence run in a row: A K Q J 10 9 8 7"
    return ""


def sequence_value(cards: Sequence[Card]) -> int:
    """20 for three cards, 50 for four or more (KJ-6.1)."""
    return LONG_SEQUENCE if len(cards) >= 4 else SHORT_SEQUENCE


def _sequence_key(cards: Sequence[Card], trump: str, flags: Flags) -> tuple[int, int, bool]:
    # R-KJ-5: length first (or value under kj_compare_by_value), then top card, then trumps.
    size = sequence_value(cards) if "kj_compare_by_value" in flags else len(cards)
    top = max(_SEQUENCE_POWER[card.rank] for card in cards)
    return size, top, cards[0].suit == trump


def compare_sequences(
    declared: Sequence[Sequence[tuple[Card, ...]]],
    trump: str,
    flags: Flags,
    tricks_won: Sequence[int],
    names: Sequence[str],
) -> tuple[list[int], list[str]]:
    """What each player scores for sequences, by KJ-6.3 with R-KJ-5, R-KJ-6 and R-KJ-7.

    ``declared`` holds each player's valid declared sequences. Returns the points per
    seat and notes that explain the comparison.
    """
    best = [max((_sequence_key(cards, trump, flags) for cards in seat), default=None) for seat in declared]
    first, second = best
    if first is None and second is None:
        return [0, 0], []
    if first == second:
        return [0, 0], ["the best sequences are equal, so nobody scores a sequence (KJ-6.3)"]
    winner = 0 if second is None or (first is not None and first > second) else 1
    ranked = sorted(declared[winner], key=lambda cards: _sequence_key(cards, trump, flags), reverse=True)
    if "kj_score_all_sequences" in flags:
        value = sum(sequence_value(cards) for cards in ranked)  # R-KJ-6 variant: every one
    else:
        value = sequence_value(ranked[0])  # R-KJ-6: only the best one
    notes = [f"{names[winner]}'s {labels(ranked[0])} wins the sequence comparison (KJ-6.3)"]
    if "kj_no_meld_without_trick" in flags and tricks_won[winner] == 0:
        notes.append(f"{names[winner]} won no trick and scores no sequence (R-KJ-7)")
        return [0, 0], notes
    points = [0, 0]
    points[winner] = value
    return points, notes


@dataclass(frozen=True, slots=True)
class KlaberjassEvent:
    index: int  # 1-based position in the record's events
    type: str
    seat: int
    choice: str = ""
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    bella: bool = False


@dataclass(frozen=True, slots=True)
class KlaberjassRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    bottom: Card | None
    events: tuple[KlaberjassEvent, ...]


def _pack_card(card: Card, path: str) -> Card:
    if card not in _PACK:
        raise RecordError(path, f"{card.label} is not in the 32-card Klaberjass pack: A K Q J 10 9 8 7 (KJ-1.1)")
    return card


def _one_card(doc: Mapping[str, Any], field: str) -> Card:
    try:
        card = parse_card(doc.get(field), field)
    except CardError as error:
        raise RecordError(field, error.message) from None
    return _pack_card(card, field)


def _read_event(event: Event) -> KlaberjassEvent:
    path = f"events[{event.index - 1}]"
    data = event.data
    if event.type in ("bid", "answer"):
        options = BIDS if event.type == "bid" else ANSWERS
        choice = data.get("choice")
        if isinstance(choice, str) and event.type == "bid" and choice.upper() in SUITS:
            choice = choice.upper()
        if choice not in options:
            raise RecordError(f"{path}.choice", f"choice must be one of {', '.join(options)}, not {choice!r}")
        return KlaberjassEvent(event.index, event.type, event.seat, choice=str(choice))
    if event.type == "declare":
        cards = event_cards(event, "cards")
        for number, card in enumerate(cards):
            _pack_card(card, f"{path}.cards[{number}]")
        return KlaberjassEvent(event.index, event.type, event.seat, cards=cards)
    if event.type == "play":
        card = _pack_card(event_card(event), f"{path}.card")
        announce = data.get("announce")
        if announce not in (None, "bella"):
            raise RecordError(f"{path}.announce", f"the only announcement is bella, not {announce!r}")
        return KlaberjassEvent(event.index, event.type, event.seat, card=card, bella=announce == "bella")
    return KlaberjassEvent(event.index, event.type, event.seat)  # dix


class KlaberjassReferee:
    name = "klaberjass"

    def parse(self, doc: Mapping[str, Any]) -> KlaberjassRecord:
        """Read a Klaberjass hand record; raise RecordError with the path of the problem."""
        common = read_common(doc, self.name, EVENT_TYPES)
        sizes = {len(hand) for hand in common.hands}
        if sizes not in ({HAND_SIZE}, {FIRST_DEAL}):
            raise RecordError("hands", "each hand must hold the 9 cards after the second deal (KJ-5.1)")
        seen: set[Card] = set()
        for seat, hand in enumerate(common.hands):
            for number, card in enumerate(hand):
                _pack_card(card, f"hands[{seat}][{number}]")
                if card in seen:
                    raise RecordError(f"hands[{seat}][{number}]", f"{card.label} is dealt twice")
                seen.add(card)
        if "turn_up" not in doc:
            raise RecordError("turn_up", "turn_up is missing: the card turned face up after the deal (KJ-3.3)")
        turn_up = _one_card(doc, "turn_up")
        if turn_up in seen:
            raise RecordError("turn_up", f"the turn-up {turn_up.label} is also in a hand")
        bottom = None
        if doc.get("bottom") is not None:
            bottom = _one_card(doc, "bottom")
            if bottom in seen or bottom == turn_up:
                raise RecordError("bottom", f"the bottom card {bottom.label} is also dealt elsewhere")
        events = tuple(_read_event(event) for event in common.events)
        if sizes == {FIRST_DEAL}:
            for event in events:
                if event.type in ("dix", "declare", "play"):
                    raise RecordError(
                        f"events[{event.index - 1}]",
                        "the hands hold only the first six cards; record all nine to referee the play (KJ-5.1)",
                    )
        return KlaberjassRecord(common.players, common.dealer, common.flags, common.hands, turn_up, bottom, events)

    def replay(self, record: KlaberjassRecord) -> Verdict:
        """Replay every event (RULES.md KJ-8.5), flagging each illegal one and going on after it."""
        return _Replay(record).run()


class _Replay:
    """The state of one replay. Private and short-lived: the public API is pure."""

    def __init__(self, record: KlaberjassRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.names = record.players
        self.non_dealer = 1 - record.dealer
        self.hands = [list(hand) for hand in record.hands]
        self.short = len(record.hands[0]) == FIRST_DEAL  # only the first deal recorded (KJ-3.2)
        self.phase = "bid"  # bid, answer, name, play, done, annulled
        self.round = 1
        self.speaker = 0  # 0: the non-dealer's turn in the round, 1: the dealer's
        self.schmeisser: int | None = None
        self.maker: int | None = None
        self.trump = ""
        self.trump_round = 0
        self.dix_done = False
        self.started = [False, False]  # has the player played a card yet (KJ-5.3, KJ-6.2)
        self.declared: list[list[tuple[Card, ...]]] = [[], []]
        self.kq_by: dict[str, int] = {}  # "K"/"Q" of trumps -> who played it (KJ-7.1)
        self.bella: int | None = None
        self.played: set[Card] = set()
        self.leader = self.non_dealer
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self.points = [0, 0]
        self.last_trick: int | None = None
        self.violations: list[Violation] = []
        self.notes: list[str] = []

    # --- helpers ---------------------------------------------------------------------

    def flag(self, event: KlaberjassEvent, rule: str, message: str, card: Card | None = None) -> None:
        trick = len(self.tricks) + 1 if self.phase == "play" else None
        self.violations.append(Violation(event.index, event.seat, rule, f"{message} ({rule})", trick, card))

    def name(self, seat: int) -> str:
        return self.names[seat]

    @property
    def turn_up(self) -> Card:
        return self.record.turn_up

    def speaking(self) -> int:
        return self.non_dealer if self.speaker == 0 else 1 - self.non_dealer

    def settle(self, maker: int, trump: str) -> None:
        """KJ-4.3: trumps are chosen; the second deal follows (KJ-5.1) and play begins."""
        self.maker, self.trump, self.trump_round = maker, trump, self.round
        self.phase = "play"

    def wrong_phase(self, event: KlaberjassEvent) -> bool:
        """Flag an event that comes when it cannot; True if it must be skipped."""
        who = self.name(event.seat)
        if self.phase == "annulled":
            self.flag(event, "KJ-4.4", f"{who} acted after the deal was annulled")
            return True
        if self.phase == "done":
            self.flag(event, "KJ-8.4", f"{who} acted after all nine tricks were played")
            return True
        if event.type in ("bid", "answer"):
            if self.phase == "play":
                self.flag(event, "KJ-4.3", f"{who} spoke after trumps were chosen")
                return True
            return False
        if self.phase != "play":
            what = {"dix": "swapped the dix", "declare": "declared a sequence", "play": "played a card"}[event.type]
            rule = {"dix": "KJ-5.3", "declare": "KJ-6.2", "play": "KJ-8.1"}[event.type]
            self.flag(event, rule, f"{who} {what} before trumps were chosen")
            return True
        return False

    # --- choosing trumps (KJ-4, R-KJ-2) ---------------------------------------------------

    def bid(self, event: KlaberjassEvent) -> None:
        who, choice, up = self.name(event.seat), event.choice, self.turn_up.suit
        if self.phase == "answer":
            self.flag(event, "R-KJ-2", f"{self.name(1 - self.schmeisser_seat)} had to answer the schmeiss first")
            return
        if self.phase == "name":
            if event.seat != self.schmeisser_seat:
                self.flag(event, "R-KJ-2", f"{self.name(self.schmeisser_seat)} schmeissed and names trumps")
            elif choice not in SUITS:
                self.flag(event, "R-KJ-2", f"{who} schmeissed, the offer was played, and {who} must name trumps")
            else:
                if choice == up:
                    self.flag(event, "KJ-4.2", f"{who} named {SUIT_NAMES[up]}, the turn-up's suit, in the second round")
                self.settle(event.seat, choice)
            return
        rule = "KJ-4.1" if self.round == 1 else "KJ-4.2"
        expected = self.speaking()
        if event.seat != expected:
            self.flag(event, rule, f"{who} spoke out of turn: it was {self.name(expected)}'s turn")
            return
        if choice == "schmeiss":
            if "kj_schmeiss" not in self.flags:
                self.flag(event, "R-KJ-2", f"{who} schmeissed, but schmeiss is not played in this match")
            self.schmeisser, self.phase = event.seat, "answer"
        elif choice == "pass":
            self.speaker += 1
            if self.speaker == 2:
                self.speaker, self.round = 0, self.round + 1
                if self.round == 3:
                    self.phase = "annulled"  # KJ-4.4
        elif self.round == 1:
            if choice not in ("take", up):
                self.flag(event, "KJ-4.1", f"{who} may only take {SUIT_NAMES[up]} or pass in the first round")
            self.settle(event.seat, up if choice == "take" else choice)
        else:
            if choice in ("take", up):
                self.flag(event, "KJ-4.2", f"{who} must name a suit other than {SUIT_NAMES[up]} in the second round")
            self.settle(event.seat, up if choice == "take" else choice)

    @property
    def schmeisser_seat(self) -> int:
        return self.schmeisser if self.schmeisser is not None else 0

    def answer(self, event: KlaberjassEvent) -> None:
        if self.phase != "answer" or event.seat == self.schmeisser:
            self.flag(event, "R-KJ-2", f"{self.name(event.seat)} answered, but nobody offered them a schmeiss")
            return
        if event.choice == "throw_in":
            self.phase = "annulled"  # R-KJ-2: as for an annulled deal
        elif self.round == 1:
            self.settle(self.schmeisser_seat, self.turn_up.suit)
        else:
            self.phase = "name"

    # --- dix and sequences (KJ-5.3, KJ-6) -----------------------------------------------------

    def dix(self, event: KlaberjassEvent) -> None:
        who, seven = self.name(event.seat), Card("7", self.trump)
        hand = self.hands[event.seat]
        if self.dix_done or seven not in hand:
            why = "the turn-up was already taken" if self.dix_done else f"{who} does not hold {seven.label}"
            self.flag(event, "KJ-5.3", f"{who} cannot swap the dix: {why}")
            return
        if self.trump_round != 1 and "kj_dix_any_trump" not in self.flags:
            self.flag(event, "R-KJ-4", f"{who} swapped the dix, but trumps were not taken in the first round")
        if self.started[event.seat]:
            self.flag(event, "KJ-5.3", f"{who} swapped the dix after playing a card")
        hand[hand.index(seven)] = self.turn_up
        self.dix_done = True

    def declare(self, event: KlaberjassEvent) -> None:
        who, cards = self.name(event.seat), event.cards
        if self.started[event.seat]:
            self.flag(event, "KJ-6.2", f"{who} declared {labels(cards)} after playing a card")
            return
        missing = [card for card in cards if card not in self.hands[event.seat]]
        if missing:
            self.flag(event, "KJ-6.2", f"{who} declared {labels(cards)} without holding {labels(missing)}")
            return
        problem = sequence_problem(cards)
        if not problem and len(set(cards)) != len(cards):
            problem = "a card appears twice"
        if not problem and any(card in earlier for earlier in self.declared[event.seat] for card in cards):
            problem = "a card can belong to only one declared sequence"
        if problem:
            self.flag(event, "KJ-6.1", f"{who} declared {labels(cards)}: {problem}")
            return
        ordered = tuple(sorted(cards, key=lambda card: -_SEQUENCE_POWER[card.rank]))
        self.declared[event.seat].append(ordered)

    # --- play (KJ-7, KJ-8) -------------------------------------------------------------------

    def play(self, event: KlaberjassEvent) -> None:
        card, seat = event.card, event.seat
        assert card is not None
        who = self.name(seat)
        if not self.trick and seat != self.leader:
            self.flag(event, "KJ-8.1", f"{who} led {card.label}, but it was {self.name(self.leader)}'s lead", card)
            self.leader = seat
        elif self.trick and self.trick[0][0] == seat:
            self.flag(event, "KJ-8.1", f"{who} played {card.label} out of turn", card)
            return
        hand = self.hands[seat]
        led = self.trick[0][1] if self.trick else None
        if card in self.played:
            self.flag(event, "KJ-1.1", f"{card.label} was already played", card)
        elif card not in hand:
            self.flag(event, "KJ-5.1", f"{who} does not hold {card.label}", card)
        else:
            allowed, rule = allowed_cards(hand, led, self.trump)
            if card not in allowed and led is not None:
                self.flag(event, rule, self.why_not(who, card, led, allowed, rule), card)
        if card in hand:
            hand.remove(card)
        self.played.add(card)
        self.started[seat] = True
        self.check_bella(event, card)
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            self.finish_trick()

    def why_not(self, who: str, card: Card, led: Card, allowed: Sequence[Card], rule: str) -> str:
        example = allowed[0].label
        if led.suit == self.trump and rule == "R-KJ-11":
            return f"{who} held {example}, which beats {led.label}, and had to beat the led trump"
        if allowed[0].suit == led.suit:
            return f"{who} held {example} and had to follow suit to {led.label}"
        return f"{who} had no {SUIT_NAMES[led.suit]} and held the trump {example}, so had to trump {led.label}"

    def check_bella(self, event: KlaberjassEvent, card: Card) -> None:
        is_kq = card.suit == self.trump and card.rank in ("K", "Q")
        partner = "Q" if card.rank == "K" else "K"
        if event.bella:
            who = self.name(event.seat)
            if not is_kq:
                self.flag(event, "KJ-7.1", f"{who} announced bella on {card.label}, not on the K or Q of trumps", card)
            elif self.kq_by.get(partner) != event.seat:
                self.flag(
                    event,
                    "R-KJ-8",
                    f"{who} announced bella on {card.label} without having played "
                    f"{Card(partner, self.trump).label} before it",
                    card,
                )
            else:
                self.bella = event.seat
        if is_kq:
            self.kq_by.setdefault(card.rank, event.seat)
            if not event.bella and self.kq_by.get(partner) == event.seat and self.kq_by[card.rank] == event.seat:
                self.notes.append(f"{self.name(event.seat)} played both K and Q of trumps without bella (R-KJ-8)")

    def finish_trick(self) -> None:
        (first_seat, first), (second_seat, second) = self.trick
        if beats(second, first, self.trump):
            winner, winning, losing = second_seat, second, first
        else:
            winner, winning, losing = first_seat, first, second
        if winning.suit == self.trump and losing.suit == self.trump:
            reason = f"{winning.label} is the higher trump (KJ-8.3)"
        elif winning.suit == self.trump:
            reason = f"{winning.label} is the only trump (KJ-8.3)"
        elif losing.suit == winning.suit:
            reason = f"{winning.label} is the higher {SUIT_NAMES[winning.suit][:-1]} (KJ-8.3)"
        else:
            reason = f"{losing.label} did not follow {SUIT_NAMES[first.suit]} (KJ-8.3)"
        points = card_points(first, self.trump) + card_points(second, self.trump)
        number = len(self.tricks) + 1
        self.tricks.append(Trick(number, first_seat, tuple(self.trick), winner, reason, points))
        self.won[winner] += 1
        self.points[winner] += points
        self.trick = []
        self.leader = winner
        if number == TRICKS:
            self.last_trick = winner  # KJ-8.4
            self.phase = "done"

    # --- the end ------------------------------------------------------------------------------

    def sequence_points(self) -> list[int]:
        points, notes = compare_sequences(self.declared, self.trump, self.flags, self.won, self.names)
        self.notes.extend(notes)
        return points

    def next_turn(self) -> Turn | None:
        up = self.turn_up.suit
        if self.phase == "bid":
            seat = self.speaking()
            schmeiss = ("schmeiss",) if "kj_schmeiss" in self.flags else ()
            if self.round == 1:
                prompt = f"{self.name(seat)}: take {SUIT_NAMES[up]} as trumps, or pass (KJ-4.1)"
                return Turn(seat, "trump", ("take", "pass", *schmeiss), prompt)
            others = tuple(suit for suit in SUITS if suit != up)
            prompt = f"{self.name(seat)}: name a suit other than {SUIT_NAMES[up]}, or pass (KJ-4.2)"
            return Turn(seat, "trump", ("pass", *others, *schmeiss), prompt)
        if self.phase == "answer":
            seat = 1 - self.schmeisser_seat
            prompt = f"{self.name(seat)}: {self.name(self.schmeisser_seat)} schmeisses; play or throw in (R-KJ-2)"
            return Turn(seat, "answer", ANSWERS, prompt)
        if self.phase == "name":
            seat = self.schmeisser_seat
            others = tuple(suit for suit in SUITS if suit != up)
            return Turn(seat, "trump", others, f"{self.name(seat)}: name trumps (R-KJ-2, KJ-4.2)")
        if self.phase != "play" or self.short:
            return None
        seat = self.leader if not self.trick else 1 - self.trick[0][0]
        led = self.trick[0][1] if self.trick else None
        allowed, _ = allowed_cards(self.hands[seat], led, self.trump)
        who = self.name(seat)
        prompt = f"{who} to lead" if led is None else f"{who} to play to {led.label}"
        if not self.started[seat]:
            prompt += "; first, any dix swap (KJ-5.3) or sequences (KJ-6.2)"
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def run(self) -> Verdict:
        handlers = {
            "bid": self.bid,
            "answer": self.answer,
            "dix": self.dix,
            "declare": self.declare,
            "play": self.play,
        }
        for event in self.record.events:
            if not self.wrong_phase(event):
                handlers[event.type](event)
        if self.phase == "play" and self.short:
            self.notes.append("only the first six cards of each hand are recorded (KJ-3.2); play cannot be refereed")
        tricks = list(self.tricks)
        if self.trick:
            tricks.append(Trick(len(tricks) + 1, self.trick[0][0], tuple(self.trick)))
        entry: dict[str, Any] | None = None
        complete = self.phase in ("done", "annulled")
        if self.phase == "annulled":
            entry = {"annulled": True}
        elif self.phase == "done":
            assert self.maker is not None and self.last_trick is not None
            entry = {
                "maker": self.maker,
                "trump": self.trump,
                "card_points": list(self.points),
                "last_trick": self.last_trick,
                "sequence_points": self.sequence_points(),
                "bella": self.bella,
            }
        score = None
        if entry is not None:
            try:
                deal = SCORING.parse_deal(entry, self.flags)
            except EntryError as error:
                self.notes.append(f"the deal cannot be scored: {error.message} ({error.rule})")
                entry = None
            else:
                score = SCORING.score_deal(deal, self.record.dealer, self.flags, 0)
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(tricks),
            tricks_won=tuple(self.won),
            card_points=tuple(self.points),
            complete=complete,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(tuple(hand) for hand in self.hands),
            notes=tuple(self.notes),
        )


REFEREE = KlaberjassReferee()
