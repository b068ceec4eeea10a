"""Bridgette referee: replay a hand record and check every event (RULES.md §1.4 to §1.6).

A hand record (docs/referee/bridgette.md) holds the hands as dealt, optionally the
29-card stock (top first, so ``stock[0]`` is the upcard) or just the ``upcard``,
and the events in order: ``draw`` and ``discard`` (the exchange, BG-4), ``call``
(the auction, BG-5) and ``play`` (BG-6). A hand given as an empty list was not
recorded; the referee then checks what it can and notes the rest (R-BG-13).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardError, parse_card, parse_cards
from referee.core.record import Event, event_card, event_cards, read_common
from referee.core.verdict import RecordError, Trick, Turn, Verdict, Violation
from scoring.core.base import Flags
from scoring.core.games.bridgette import GAME as SCORING

EVENT_TYPES = ("draw", "discard", "call", "play")
HAND_SIZE = 13  # BG-3.2
STOCK_SIZE = 29  # BG-3.3
TRICKS = 13  # BG-6.1
STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # BG-2.4, low to high
STRAIN_LABELS = {**SUIT_SYMBOLS, "NT": "NT"}
_STRAIN_WORDS = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "NT": "NT",
    "N": "NT",
    **{v: k for k, v in SUIT_SYMBOLS.items()},
}

# BG-2.2: aces and the Grand Colon; J Q K and the Royal Colon; every other card (2 to 10, Little Colon).
_GROUP_OF_RANK = {"A": "ace", "G": "ace", "K": "face", "Q": "face", "J": "face", "R": "face"}
DEALER_DRAWS = {"spot": 4, "face": 8, "ace": 12}  # BG-4.3


def group(card: Card) -> str:
    """BG-2.2: the group of a card, ``"ace"``, ``"face"`` or ``"spot"``; colons belong to one too."""
    return _GROUP_OF_RANK.get(card.rank, "spot")


def named(card: Card) -> str:
    """A card as a sentence names it: "A♠", "the Grand Colon"."""
    return f"the {card.label}" if card.is_colon else card.label


def bid_index(level: int, strain: str) -> int:
    """BG-5.1: 0NT is 0; (L, s) is 1 + 5(L-1) + k(s)."""
    return 0 if level == 0 else 1 + 5 * (level - 1) + STRAIN_ORDER.index(strain)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction (BG-5.4): a bid (level, strain), pass, double or redouble."""

    word: str  # "bid", "pass", "double", "redouble"
    level: int = 0
    strain: str = ""

    @property
    def index(self) -> int:
        return bid_index(self.level, self.strain)

    @property
    def code(self) -> str:
        return f"{self.level}{self.strain}" if self.word == "bid" else self.word

    @property
    def label(self) -> str:
        return f"{self.level}{STRAIN_LABELS[self.strain]}" if self.word == "bid" else self.word


# The 36 bids in ladder order, so LADDER[i].index == i (BG-5.1).
LADDER = (Call("bid", 0, "NT"), *(Call("bid", level, strain) for level in range(1, 8) for strain in STRAIN_ORDER))
PASS, DOUBLE, REDOUBLE = Call("pass"), Call("double"), Call("redouble")
_CALL_WORDS = {"PASS": PASS, "P": PASS, "DOUBLE": DOUBLE, "X": DOUBLE, "REDOUBLE": REDOUBLE, "XX": REDOUBLE}


def parse_call(value: Any, path: str) -> Call:
    """Read a call: ``pass``, ``double``, ``redouble`` or a bid such as ``0NT``, ``1C``, ``4♠``, ``7NT``."""
    if not isinstance(value, str):
        raise RecordError(path, "a call must be pass, double, redouble or a bid such as 1C, 3NT")
    text = value.strip().upper()
    if text in _CALL_WORDS:
        return _CALL_WORDS[text]
    strain = _STRAIN_WORDS.get(text[1:]) if len(text) >= 2 else None
    if not text[:1].isdigit() or strain is None:
        raise RecordError(path, f"{value!r} is not a call: write pass, double, redouble or a bid such as 1C, 3NT")
    level = int(text[0])
    if level > 7:
        raise RecordError(path, f"{value!r} is not a bid: levels go from 0 to 7 (BG-5.1)")
    if level == 0 and strain != "NT":
        raise RecordError(path, f"{value!r} is not a bid: level 0 exists only as 0NT (BG-5.1)")
    return LADDER[bid_index(level, strain)]


def trick_winner(lead: Card, follow: Card, trump: str | None) -> tuple[bool, str]:
    """Whether the follower wins the trick, and why (BG-6.3 after a normal lead, BG-6.4 after a colon)."""
    if lead.is_colon:
        kind = group(lead)
        if follow.is_colon:
            return False, f"a colon played to a colon lead loses: the {lead} wins (R-BG-16)"
        if follow.suit == trump:
            return True, f"{follow} is a trump and beats the {lead} (BG-6.4)"
        if group(follow) == kind:
            return True, f"{follow} is in the {kind} group of the {lead} (BG-6.4)"
        return False, f"{follow} is neither a trump nor in the {kind} group: the {lead} wins (BG-6.4)"
    if follow.is_colon:
        return False, f"the {follow} was played to {lead}: the leader wins (BG-6.3)"
    if follow.suit == lead.suit:
        higher = follow if follow.rank_value > lead.rank_value else lead
        return higher is follow, f"{higher} is the higher {SUIT_NAMES[lead.suit][:-1]} (BG-6.3)"
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


def suit_counts(hand: Iterable[Card]) -> dict[str, int]:
    """Cards held in each suit; colons never count (BG-2.3, BG-5.6 e)."""
    counts = dict.fromkeys(SUITS, 0)
    for card in hand:
        if not card.is_colon:
            counts[card.suit] += 1
    return counts


def cheapest_level(strain: str, current: Call | None) -> int:
    """R-BG-12: the lowest level at which ``strain`` could legally be bid now."""
    base = 0 if strain == "NT" else 1
    if current is None:
        return base
    level = max(current.level, base)
    return level + 1 if bid_index(level, strain) <= current.index else level


def is_jump(bid: Call, current: Call | None, flags: Flags) -> bool:
    """BG-5.6 c / R-BG-12: a jump bid; under `bg_strict_jump` anything but the next step of the ladder."""
    if "bg_strict_jump" in flags:
        return bid.index > (current.index if current else -1) + 1
    return bid.level > cheapest_level(bid.strain, current)


def bid_requirement(counts: Mapping[str, int], bid: Call, current: Call | None, flags: Flags) -> tuple[str, str] | None:
    """BG-5.6: the (rule, reason) a bid fails on for a hand with these suit counts, or None."""
    jump = is_jump(bid, current, flags)
    if bid.strain == "NT":
        missing = [SUIT_NAMES[suit] for suit in SUITS if counts[suit] == 0]
        if missing:
            return "BG-5.6", f"a no-trump bid needs a card in every suit, and the hand had no {' or '.join(missing)}"
        if jump and "bg_strict_jump" in flags and max(counts.values()) < 4:
            return "R-BG-12", "a no-trump jump needs at least 4 cards in some suit under the strict jump rule"
        return None
    held = counts[bid.strain]
    name = SUIT_NAMES[bid.strain]
    if held < 2:
        return "BG-5.6", f"a bid in {name} needs at least 2 {name}, and the hand had {held}"
    if jump and held < 4:
        rule = "R-BG-12" if "bg_strict_jump" in flags else "BG-5.6"
        return rule, f"{bid.label} is a jump bid, which needs at least 4 {name}, and the hand had {held}"
    return None


@dataclass(frozen=True, slots=True)
class Step:
    """One event as read: a draw or discard (cards, or only a count), a call or a play."""

    index: int
    type: str
    seat: int
    cards: tuple[Card, ...] | None = None
    count: int = 0
    call: Call | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class BridgetteRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...] | None, ...]  # None: the hand was not recorded
    stock: tuple[Card, ...] | None
    upcard: Card | None
    steps: tuple[Step, ...]


def _read_step(event: Event) -> Step:
    path = f"events[{event.index - 1}]"
    if event.type == "play":
        return Step(event.index, event.type, event.seat, card=event_card(event))
    if event.type == "call":
        return Step(event.index, event.type, event.seat, call=parse_call(event.data.get("call"), f"{path}.call"))
    count = event.data.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= STOCK_SIZE):
        raise RecordError(f"{path}.count", f"count must be a whole number from 0 to {STOCK_SIZE}")
    if event.data.get("cards") is None:
        if count is None:
            raise RecordError(f"{path}.cards", f"a {event.type} needs its cards, or a count when they were not seen")
        return Step(event.index, event.type, event.seat, count=count)
    cards = event_cards(event, "cards")
    if count is not None and count != len(cards):
        raise RecordError(f"{path}.count", f"count is {count} but {len(cards)} cards are listed")
    return Step(event.index, event.type, event.seat, cards=cards, count=len(cards))


class BridgetteReferee:
    name = "bridgette"

    def parse(self, doc: Mapping[str, Any]) -> BridgetteRecord:
        """Read a Bridgette hand record; a RecordError names the path of what cannot be read."""
        if isinstance(doc, dict) and doc.get("game") != "bridgette":
            raise RecordError("game", "this is not a Bridgette hand record")
        common = read_common(doc, "bridgette", EVENT_TYPES)
        seen: dict[Card, str] = {}

        def place(card: Card, path: str) -> None:
            if card in seen:
                raise RecordError(
                    path, f"{card} appears at {seen[card]} and again here; the pack has one of each (BG-1.2)"
                )
            seen[card] = path

        hands: list[tuple[Card, ...] | None] = []
        for seat, hand in enumerate(common.hands):
            if len(hand) not in (0, HAND_SIZE):
                raise RecordError(
                    f"hands[{seat}]", f"a hand as dealt has {HAND_SIZE} cards (BG-3.2), or none if it was not recorded"
                )
            for index, card in enumerate(hand):
                place(card, f"hands[{seat}][{index}]")
            hands.append(hand or None)
        stock: tuple[Card, ...] | None = None
        if doc.get("stock") is not None:
            try:
                stock = parse_cards(doc["stock"], "stock")
            except CardError as error:
                raise RecordError(error.path, error.message) from None
            if len(stock) != STOCK_SIZE:
                raise RecordError("stock", f"the stock has {STOCK_SIZE} cards, top first (BG-3.3), not {len(stock)}")
            for index, card in enumerate(stock):
                place(card, f"stock[{index}]")
        upcard: Card | None = None
        if doc.get("upcard") is not None:
            try:
                upcard = parse_card(doc["upcard"], "upcard")
            except CardError as error:
                raise RecordError(error.path, error.message) from None
            if stock is not None and upcard != stock[0]:
                raise RecordError(
                    "upcard", f"the upcard is the top card of the stock, {stock[0]}, not {upcard} (BG-3.3)"
                )
            if stock is None:
                place(upcard, "upcard")
        elif stock is not None:
            upcard = stock[0]
        steps = tuple(_read_step(event) for event in common.events)
        return BridgetteRecord(common.players, common.dealer, common.flags, tuple(hands), stock, upcard, steps)

    def replay(self, record: BridgetteRecord) -> Verdict:
        """Replay every event in order, flagging each illegal one and going on after it (BG-4.5, 5.7, 6.6)."""
        return _Replay(record).run()


class _Replay:
    """The working state of one replay. Private and short-lived; the verdict it returns is immutable."""

    def __init__(self, record: BridgetteRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.names = record.players
        self.dealer = record.dealer
        self.hands: list[dict[Card, None] | None] = [
            None if hand is None else dict.fromkeys(hand) for hand in record.hands
        ]
        self.sizes = [HAND_SIZE, HAND_SIZE]
        # Where each card whose place is known now is: ("hand", seat), ("discard", seat) or ("trick", number).
        self.where: dict[Card, tuple[str, int]] = {}
        for seat, hand in enumerate(record.hands):
            for card in hand or ():
                self.where[card] = ("hand", seat)
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        self.phase = "exchange"  # then "auction", "play", "over"
        self.upcard = record.upcard
        nondealer = 1 - self.dealer
        self.exchange_order = (
            ("draw", nondealer),
            ("discard", nondealer),
            ("draw", self.dealer),
            ("discard", self.dealer),
        )
        self.exchanged: set[tuple[str, int]] = set()
        # auction (BG-5)
        self.caller = self.dealer
        self.bid: Call | None = None
        self.bidder = 0
        self.doubled = 0
        self.last_word = ""
        self.passes = 0
        self.passed_out = False
        # play (BG-6)
        self.trump: str | None = None
        self.leader = 0
        self.trick: list[tuple[int, Card]] = []
        self.trick_number = 1
        self.block: str | None = None
        self.tricks: list[Trick] = []
        self.won = [0, 0]

    # ---- helpers -------------------------------------------------------------------------

    def flag(self, step: Step, rule: str, message: str, card: Card | None = None) -> None:
        trick = self.trick_number if step.type == "play" and self.phase == "play" else None
        self.violations.append(Violation(step.index, step.seat, rule, f"{message} ({rule})", trick, card))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def place_of(self, card: Card) -> str:
        kind, value = self.where[card]
        if kind == "hand":
            return f"in {self.names[value]}'s hand"
        if kind == "discard":
            return f"discarded by {self.names[value]}"
        return f"already played to trick {value}"

    def expected_draw(self, seat: int, count: int | None = None) -> tuple[Card, ...] | None:
        """BG-4.2 / BG-4.3 / R-BG-9: the stock cards this seat draws (``count`` of them), if the stock is known.

        The non-dealer takes the top two, the upcard first (R-BG-9); the dealer takes the next ones. Under
        `bg_upcard_to_dealer` the non-dealer takes the two below the upcard and the dealer's draw starts
        with the upcard itself.
        """
        stock = self.record.stock
        if stock is None:
            return None
        to_dealer = "bg_upcard_to_dealer" in self.flags
        if seat != self.dealer:
            count = 2 if count is None else count
            return stock[1 : 1 + count] if to_dealer else stock[:count]
        count = DEALER_DRAWS[group(stock[0])] if count is None else count
        if to_dealer:
            return (stock[0], *stock[3 : 2 + count]) if count else ()
        return stock[2 : 2 + count]

    # ---- the replay -----------------------------------------------------------------------

    def run(self) -> Verdict:
        for step in self.record.steps:
            if step.type == "play":
                self.play(step)
            elif step.type == "call":
                self.call(step)
            else:
                self.exchange(step)
        return self.verdict()

    def exchange(self, step: Step) -> None:
        name = self.names[step.seat]
        verb = "drew" if step.type == "draw" else "discarded"
        if self.phase != "exchange":
            self.flag(step, "BG-4.1", f"{name} {verb} after the auction began; the exchange comes before it")
            return
        key = (step.type, step.seat)
        if key in self.exchanged:
            rule = "BG-4.2" if step.seat != self.dealer else "BG-4.3"
            self.flag(step, rule, f"{name} already {verb} once in this exchange")
            return
        expected = next(item for item in self.exchange_order if item not in self.exchanged)
        if key != expected:
            who = self.names[expected[1]]
            self.flag(step, "BG-4.1", f"{name} {verb} out of turn: {who} was to {expected[0]} first")
        self.exchanged.add(key)
        if step.type == "draw":
            self.draw(step)
        else:
            self.discard(step)

    def draw(self, step: Step) -> None:
        seat, cards, count = step.seat, step.cards, step.count
        name = self.names[seat]
        to_dealer = "bg_upcard_to_dealer" in self.flags
        if seat != self.dealer:
            rule = "BG-4.2"
            if self.upcard is None and cards and not to_dealer:
                self.upcard = cards[0]  # R-BG-9: the upcard is the first of the non-dealer's two cards
            if count != 2:
                self.flag(step, rule, f"{name} drew {count} cards; the non-dealer draws exactly 2")
            if cards is not None and self.upcard is not None and self.record.stock is None:
                if to_dealer and self.upcard in cards:
                    self.flag(step, "R-BG-9", f"{name} took the upcard {self.upcard}, which goes to the dealer")
                elif not to_dealer and self.upcard not in cards:
                    self.flag(
                        step, "R-BG-9", f"{name} did not take the upcard {self.upcard}, the first of the two cards"
                    )
        else:
            rule = "BG-4.3"
            if self.upcard is None and cards and to_dealer:
                self.upcard = cards[0]  # R-BG-9 variant: the dealer's draw starts with the upcard
            if self.upcard is None:
                self.note(f"The upcard was not recorded, so {name}'s draw of {count} cards is not checked (BG-4.3).")
            else:
                kind = group(self.upcard)
                if count != DEALER_DRAWS[kind]:
                    self.flag(
                        step,
                        rule,
                        f"{name} drew {count} cards, but the upcard {self.upcard} is in the {kind} group, "
                        f"so the dealer draws {DEALER_DRAWS[kind]}",
                    )
                if cards is not None and to_dealer and self.record.stock is None and self.upcard not in cards:
                    self.flag(step, "R-BG-9", f"{name} did not take the upcard {self.upcard}, which goes to the dealer")
        if cards is None:
            self.hands[seat] = None
            self.note(f"{name}'s drawn cards were not recorded; that hand is not checked from here on.")
            self.sizes[seat] += count
            return
        expected = self.expected_draw(seat, count)
        if expected is not None:
            wrong = [card for card in cards if card not in expected]
            if wrong:
                listed = " ".join(card.label for card in expected)
                self.flag(
                    step,
                    "R-BG-9" if to_dealer else rule,
                    f"{name} drew {' '.join(card.label for card in wrong)}, but the stock gave {listed}",
                    wrong[0],
                )
        hand = self.hands[seat]
        for card in cards:
            if card in self.where:
                # The card stays where it is; the draw still counts towards the hand's size.
                self.flag(step, "BG-4.5", f"{name} drew {named(card)}, which is {self.place_of(card)}", card)
                continue
            if hand is not None:
                hand[card] = None
            self.where[card] = ("hand", seat)
        self.sizes[seat] += count

    def discard(self, step: Step) -> None:
        seat, cards = step.seat, step.cards
        name = self.names[seat]
        hand = self.hands[seat]
        if cards is None:
            self.hands[seat] = None
            self.note(f"{name}'s discards were not recorded; that hand is not checked from here on.")
        else:
            for card in cards:
                if self.where.get(card, ("hand", seat)) != ("hand", seat) or (hand is not None and card not in hand):
                    where = self.place_of(card) if card in self.where else "not in that hand"
                    self.flag(step, "BG-4.5", f"{name} discarded {named(card)}, which is {where}", card)
                    continue
                if hand is not None:
                    del hand[card]
                self.where[card] = ("discard", seat)
        # The player put down this many cards, whatever they were (BG-4.4).
        self.sizes[seat] -= step.count
        if self.sizes[seat] != HAND_SIZE:
            self.flag(
                step, "BG-4.5", f"{name} kept {self.sizes[seat]} cards after the exchange; each player ends with 13"
            )

    def call(self, step: Step) -> None:
        call = step.call
        assert call is not None  # a call step always carries its call
        seat = step.seat
        name = self.names[seat]
        if self.phase == "exchange":
            if len(self.exchanged) < len(self.exchange_order):
                self.flag(step, "BG-4.1", f"{name} called {call.label} before the exchange was finished")
            self.phase = "auction"
        if self.phase != "auction":
            self.flag(step, "BG-5.5", f"{name} called {call.label} after the auction had ended")
            return
        if seat != self.caller:
            self.flag(step, "BG-5.3", f"{name} called out of turn: it was {self.names[self.caller]}'s call")
        current = self.bid
        if call.word == "pass":
            if current is not None and self.last_word != "pass":
                self.end_auction()
            elif current is None:
                self.passes += 1
                if self.passes >= 2:
                    self.passed_out = True
                    self.phase = "over"
        elif call.word == "bid":
            if current is not None and call.index <= current.index:
                self.flag(step, "BG-5.2", f"{name} bid {call.label}, which does not outrank {current.label}")
            hand = self.hands[seat]
            if hand is None:
                self.note(f"Bid {call.label} by {name} unverified: the hand was not recorded (R-BG-13).")
            else:
                problem = bid_requirement(suit_counts(hand), call, current, self.flags)
                if problem is not None:
                    self.flag(step, problem[0], f"{name} bid {call.label}, but {problem[1]}")
            # R-BG-11: a new bid cancels any double or redouble.
            self.bid, self.bidder, self.doubled = call, seat, 0
        elif call.word == "double":
            if current is None:
                self.flag(step, "BG-5.4", f"{name} doubled, but there was no bid to double")
            elif self.bidder == seat:
                self.flag(step, "BG-5.4", f"{name} doubled {current.label}, {name}'s own bid")
            elif self.doubled:
                self.flag(step, "BG-5.4", f"{name} doubled {current.label}, which was already doubled")
            else:
                self.doubled = 1
        elif current is None or self.bidder != seat or self.doubled != 1:
            self.flag(step, "BG-5.4", f"{name} redoubled, but only one's own bid doubled by the opponent may be")
        else:
            self.doubled = 2
        self.last_word = call.word
        self.caller = 1 - seat

    def end_auction(self) -> None:
        """BG-5.5: the last bid is the contract; the declarer's opponent leads (BG-6.1)."""
        assert self.bid is not None
        self.phase = "play"
        self.trump = None if self.bid.strain == "NT" else self.bid.strain
        self.leader = 1 - self.bidder

    def play(self, step: Step) -> None:
        card = step.card
        assert card is not None  # a play step always carries its card
        seat = step.seat
        name = self.names[seat]
        if self.phase in ("exchange", "auction"):
            self.flag(step, "BG-5.5", f"{name} played {named(card)} before the auction had ended", card)
            return
        if self.phase == "over":
            why = "the deal was passed out" if self.passed_out else "all 13 tricks had been played"
            self.flag(step, "BG-6.1", f"{name} played {named(card)} after the deal was over: {why}", card)
            return
        leading = not self.trick
        expected = self.leader if leading else 1 - self.trick[0][0]
        if seat != expected:
            action = "lead" if leading else "play"
            self.flag(
                step,
                "BG-6.1",
                f"{name} played {named(card)} out of turn: it was {self.names[expected]}'s {action}",
                card,
            )
        hand = self.hands[seat]
        block = self.block
        if leading:
            self.block = None  # BG-6.5: a block lasts for one lead only
        if self.held(step, card, hand):
            if hand is None:
                self.note(f"{name}'s hand is not known, so {name}'s plays are not checked against it.")
            elif leading:
                self.check_lead(step, card, hand, block)
            elif self.trick[0][0] != seat:
                self.check_follow(step, card, hand, self.trick[0][1])
        # The card leaves the player's hand; a card recorded elsewhere stays with its real holder.
        if hand is not None and card in hand:
            del hand[card]
            self.where[card] = ("trick", self.trick_number)
        elif self.where.get(card, ("hand", seat)) == ("hand", seat):
            self.where[card] = ("trick", self.trick_number)
        self.sizes[seat] -= 1
        self.trick.append((seat, card))
        if len(self.trick) == 2:
            self.finish_trick()

    def held(self, step: Step, card: Card, hand: dict[Card, None] | None) -> bool:
        """Whether the player could hold ``card``; a violation says where it was if not (BG-4.5, BG-6.6)."""
        name = self.names[step.seat]
        if hand is not None and card in hand:
            return True
        place = self.where.get(card)
        if place is None or place == ("hand", step.seat):
            if hand is None:
                return True
            self.flag(step, "BG-6.6", f"{name} played {named(card)}, which {name} did not hold", card)
            return False
        rule = "BG-4.4" if place[0] == "discard" else "BG-4.5"
        self.flag(step, rule, f"{name} played {named(card)}, which is {self.place_of(card)}", card)
        return False

    def check_lead(self, step: Step, card: Card, hand: dict[Card, None], block: str | None) -> None:
        if block is None or card in allowed_leads(hand, block, self.flags):
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
        if card in allowed_follows(hand, lead, self.flags):
            return
        name = self.names[step.seat]
        suit = lead.suit
        same_suit = next((held for held in hand if held.suit == suit), None)
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
            if not lead.is_colon and follow.is_colon and group(follow) == group(lead):
                # BG-6.5: the matching colon blocks the led suit for the leader's next lead only.
                self.block = lead.suit
                reason += f"; {SUIT_NAMES[lead.suit]} may not be led to the next trick (BG-6.5)"
        self.tricks.append(Trick(self.trick_number, leader, tuple(self.trick), winner, reason))
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        self.trick_number += 1
        if self.trick_number > TRICKS:
            self.phase = "over"

    # ---- the verdict ---------------------------------------------------------------------------

    def next_turn(self) -> Turn | None:
        if self.phase == "over":
            return None
        if self.phase == "exchange" and len(self.exchanged) < len(self.exchange_order):
            kind, seat = next(item for item in self.exchange_order if item not in self.exchanged)
            return self.exchange_turn(kind, seat)
        if self.phase in ("exchange", "auction"):
            return self.call_turn()
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

    def exchange_turn(self, kind: str, seat: int) -> Turn:
        name = self.names[seat]
        hand = self.hands[seat]
        if kind == "discard":
            extra = self.sizes[seat] - HAND_SIZE
            codes = tuple(card.code for card in hand) if hand is not None else ()
            return Turn(seat, "discard", codes, f"{name} discards {extra} cards, down to 13 (BG-4.2)")
        expected = self.expected_draw(seat)
        codes = tuple(card.code for card in expected) if expected is not None else ()
        if seat != self.dealer:
            return Turn(seat, "draw", codes, f"{name} draws 2 cards from the stock (BG-4.2)")
        if self.upcard is None:
            return Turn(seat, "draw", codes, f"{name} draws 4, 8 or 12 cards by the upcard's group (BG-4.3)")
        kind = group(self.upcard)
        prompt = f"{name} draws {DEALER_DRAWS[kind]} cards: the upcard {self.upcard} is in the {kind} group (BG-4.3)"
        return Turn(seat, "draw", codes, prompt)

    def call_turn(self) -> Turn:
        seat = self.caller
        current = self.bid
        start = current.index + 1 if current is not None else 0
        hand = self.hands[seat]
        if hand is None:
            bids = list(LADDER[start:])
        else:
            counts = suit_counts(hand)
            bids = [bid for bid in LADDER[start:] if bid_requirement(counts, bid, current, self.flags) is None]
        calls = ["pass", *(bid.code for bid in bids)]
        if current is not None and self.bidder != seat and self.doubled == 0:
            calls.append("double")
        if current is not None and self.bidder == seat and self.doubled == 1:
            calls.append("redouble")
        return Turn(seat, "call", tuple(calls), f"{self.names[seat]} to call (BG-5.3)")

    def verdict(self) -> Verdict:
        tricks = list(self.tricks)
        if self.trick:
            tricks.append(Trick(self.trick_number, self.trick[0][0], tuple(self.trick)))
        complete = self.phase == "over"
        entry: dict[str, Any] | None = None
        score = None
        if complete:
            if self.passed_out:
                entry = {"passed_out": True}
            else:
                bid = self.bid
                assert bid is not None
                entry = {
                    "declarer": self.bidder,
                    "level": bid.level,
                    "strain": bid.strain,
                    "doubled": self.doubled,
                    "tricks": self.won[self.bidder],
                }
            score = SCORING.score_deal(SCORING.parse_deal(entry, self.flags), self.dealer, self.flags, 0)
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(tricks),
            tricks_won=tuple(self.won),
            card_points=None,
            complete=complete,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            notes=tuple(self.notes),
            # What each seat holds now; an unrecorded hand shows as empty (R-BG-13).
            hands=tuple(tuple(hand) if hand is not None else () for hand in self.hands),
        )


REFEREE = BridgetteReferee()
