"""Draw Bridge referee: replays the draw tricks, the auction and the play of one deal (RULES.md §3.3-§3.5).

A hand record holds the two hands as dealt (13 cards each), the 26-card stock
top card first (DB-2.2), and the events in order::

    {"type": "play", "seat": 1, "card": "KH"}      # a card to a trick, either phase
    {"type": "draw", "seat": 0, "card": "7C"}      # a card taken from the stock (DB-3.5)
    {"type": "call", "seat": 0, "call": "1NT"}     # "1C".."7NT", "pass", "double", "redouble"

Phase 1 is 13 draw tricks that do not count (DB-3.1 to DB-3.6), then the
auction (DB-4), then 13 tricks that count (DB-5). The replay never stops at an
illegal event: it is flagged and, where that makes sense, carried out (a card
played out of turn still goes to the trick); an illegal call has no effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import SUIT_NAMES, SUITS, Card, CardError, parse_cards, standard_pack
from referee.core.record import event_card, read_common
from referee.core.verdict import RecordError, Trick, Turn, Verdict, Violation
from scoring.core.base import Flags
from scoring.core.games.draw_bridge import GAME as SCORING
from scoring.core.games.draw_bridge import (
    LED_SUIT_WINS,
    MUST_FOLLOW_PHASE1,
    SHOW_STOCK_TOP,
    STRAIN_SYMBOLS,
    STRAINS,
    SUIT_BREAKS_TIES,
)

EVENT_TYPES = ("play", "draw", "call")
HAND_SIZE = 13  # DB-2.2
STOCK_SIZE = 26  # DB-2.2
TRICKS_PER_PHASE = 13  # DB-3.1, DB-5
_PACK = frozenset(standard_pack())
# Card codes as the referee itself writes them ("AS", "TH"), read without the general parser: parse speed.
_BY_CODE = {card.code: card for card in _PACK}
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}  # ♠ ♥ ♦ ♣, for showing hands
_TIE_SUIT_RANK = {"S": 4, "H": 3, "D": 2, "C": 1}  # db_suit_breaks_ties: bidding order (R-DB-1)
_CALL_WORDS = {"pass": "pass", "p": "pass", "double": "double", "x": "double", "redouble": "redouble", "xx": "redouble"}
_STRAIN_INPUT = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}

# Replay phases.
DRAW_TRICKS = "draw tricks"
DRAWING = "drawing"
AUCTION = "auction"
PLAY = "play"
OVER = "over"


def bid_index(level: int, strain: str) -> int:
    """Place on the ladder 1♣ = 0 ... 7NT = 34 (DB-4.1, as BG-5.1 without 0NT)."""
    return 5 * (level - 1) + STRAINS.index(strain)


def bid_label(level: int, strain: str) -> str:
    return f"{level}{STRAIN_SYMBOLS[strain]}"


ALL_BIDS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)


@dataclass(frozen=True, slots=True)
class DrawBridgeEvent:
    index: int  # 1-based position in the record's events
    type: str
    seat: int
    card: Card | None = None
    call: str = ""  # "pass", "double", "redouble" or a bid "1C".."7NT" ("0NT" is read, then flagged)


@dataclass(frozen=True, slots=True)
class DrawBridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    events: tuple[DrawBridgeEvent, ...]


def parse_call(value: Any, path: str) -> str:
    """A call word or bid in normal form: ``"pass"``, ``"double"``, ``"redouble"``, ``"3NT"``."""
    if not isinstance(value, str):
        raise RecordError(path, f"a call must be a bid like 1C or 3NT, or pass, double, redouble; not {value!r}")
    text = value.strip()
    word = _CALL_WORDS.get(text.lower())
    if word:
        return word
    strain = _STRAIN_INPUT.get(text[1:].upper()) if len(text) >= 2 else None
    if strain is None or text[0] not in "01234567":
        raise RecordError(path, f"{value!r} is not a call: write a bid from 1C to 7NT, or pass, double, redouble")
    return f"{text[0]}{strain}"


def draw_trick_winner(leader: int, lead: Card, follow: Card, flags: Flags) -> tuple[int, str]:
    """Who wins a phase-1 trick: DB-3.3 and R-DB-1, or the R-DB-1 variant in force."""
    follower = 1 - leader
    if LED_SUIT_WINS in flags or MUST_FOLLOW_PHASE1 in flags:
        flag = LED_SUIT_WINS if LED_SUIT_WINS in flags else MUST_FOLLOW_PHASE1
        if follow.suit != lead.suit:
            return leader, f"{follow.label} is off-suit and only the led suit wins ({flag}, R-DB-1)"
        if follow.rank_value > lead.rank_value:
            return follower, f"{follow.label} is the higher {SUIT_NAMES[lead.suit][:-1]} ({flag}, R-DB-1)"
        return leader, f"{lead.label} is the higher {SUIT_NAMES[lead.suit][:-1]} ({flag}, R-DB-1)"
    if follow.rank_value > lead.rank_value:
        return follower, f"{follow.label} outranks {lead.label}, whatever the suit (DB-3.3)"
    if follow.rank_value < lead.rank_value:
        return leader, f"{lead.label} outranks {follow.label}, whatever the suit (DB-3.3)"
    if SUIT_BREAKS_TIES in flags and _TIE_SUIT_RANK[follow.suit] > _TIE_SUIT_RANK[lead.suit]:
        return follower, f"equal ranks: {follow.label} wins on suit ({SUIT_BREAKS_TIES}, R-DB-1)"
    if SUIT_BREAKS_TIES in flags:
        return leader, f"equal ranks: {lead.label} wins on suit ({SUIT_BREAKS_TIES}, R-DB-1)"
    return leader, "equal ranks: the leader wins (DB-3.3, R-DB-1)"


def contract_trick_winner(leader: int, lead: Card, follow: Card, trumps: str) -> tuple[int, str]:
    """Who wins a phase-2 trick (DB-5.3): the highest trump, else the highest card of the led suit."""
    follower = 1 - leader
    if follow.suit == lead.suit:
        kind = "trump" if lead.suit == trumps else SUIT_NAMES[lead.suit][:-1]
        if follow.rank_value > lead.rank_value:
            return follower, f"{follow.label} is the higher {kind} (DB-5.3)"
        return leader, f"{lead.label} is the higher {kind} (DB-5.3)"
    if follow.suit == trumps:
        return follower, f"{follow.label} trumps {lead.label} (DB-5.3)"
    return leader, f"{follow.label} neither follows suit nor trumps (DB-5.3)"


def _display_order(card: Card) -> tuple[int, int]:
    return _SUIT_ORDER[card.suit], -card.rank_value


class DrawBridgeReferee:
    name = "draw_bridge"

    def parse(self, doc: Mapping[str, Any]) -> DrawBridgeRecord:
        """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2)."""
        if isinstance(doc, dict) and doc.get("game") != self.name:
            raise RecordError("game", f"this is a Draw Bridge record, so game must be {self.name!r}")
        common = read_common(doc, self.name, EVENT_TYPES)
        try:
            stock = parse_cards(doc.get("stock"), "stock")
        except CardError as error:
            raise RecordError(error.path or "stock", error.message) from None
        if len(stock) != STOCK_SIZE:
            raise RecordError("stock", f"the stock holds 26 cards, top card first (DB-2.2), not {len(stock)}")
        seen: dict[Card, str] = {}
        placed = [(f"hands[{seat}]", hand) for seat, hand in enumerate(common.hands)]
        for where, cards in [*placed, ("stock", stock)]:
            if where != "stock" and len(cards) != HAND_SIZE:
                raise RecordError(where, f"each hand is dealt 13 cards (DB-2.2), not {len(cards)}")
            for position, card in enumerate(cards):
                path = f"{where}[{position}]"
                if card not in _PACK:
                    raise RecordError(path, f"{card.label} is not a card of the 52-card pack (DB-1.1)")
                if card in seen:
                    raise RecordError(path, f"{card.label} is dealt twice (also at {seen[card]})")
                seen[card] = path
        events = []
        for event in common.events:
            path = f"events[{event.index - 1}]"
            if event.type == "call":
                call = parse_call(event.data.get("call"), f"{path}.call")
                events.append(DrawBridgeEvent(event.index, "call", event.seat, call=call))
                continue
            token = event.data.get("card")
            known = _BY_CODE.get(token) if isinstance(token, str) else None
            card = known if known is not None else event_card(event)
            if card not in _PACK:
                raise RecordError(f"{path}.card", f"{card.label} is not a card of the 52-card pack (DB-1.1)")
            events.append(DrawBridgeEvent(event.index, event.type, event.seat, card=card))
        return DrawBridgeRecord(common.players, common.dealer, common.flags, common.hands, stock, tuple(events))

    def replay(self, record: DrawBridgeRecord) -> Verdict:
        """Replay the draw tricks (DB-3.7), the auction (DB-4, BG-5.7) and the play (DB-5), flagging illegal events."""
        return _Replay(record).run()


class _Replay:
    """The mutable state of one replay; only `Verdict` values leave it."""

    def __init__(self, record: DrawBridgeRecord) -> None:
        self.record = record
        self.flags = record.flags
        self.players = record.players
        self.dealer = record.dealer
        self.hands = [set(hand) for hand in record.hands]
        self.stock = list(reversed(record.stock))  # the top card is last, so drawing is pop()
        self.played: dict[Card, str] = {}  # card -> "draw trick 3" / "trick 5"
        self.violations: list[Violation] = []
        self.tricks: list[Trick] = []
        self.phase = DRAW_TRICKS
        self.leader = 1 - record.dealer  # DB-3.1: the non-dealer leads to the first draw trick
        self.trick: list[tuple[int, Card]] = []
        self.phase_tricks = 0  # tricks finished in the current phase
        self.pending_draws: list[int] = []  # seats still to draw after the last draw trick, in order
        # Auction (DB-4).
        self.caller = record.dealer  # DB-4.2: the dealer calls first
        self.bid: tuple[int, str] | None = None
        self.bidder = 0
        self.doubled = 0
        self.passes = 0
        self.declarer: int | None = None
        self.tricks_won = [0, 0]

    # --- helpers -------------------------------------------------------------------------------------------

    def flag(self, event: DrawBridgeEvent, rule: str, message: str) -> None:
        trick = len(self.tricks) + 1 if event.type == "play" else None
        self.violations.append(Violation(event.index, event.seat, rule, message, trick, event.card))

    def trick_name(self) -> str:
        """The coming (or current) trick, as players count them: "draw trick 3", "trick 3"."""
        number = self.phase_tricks + 1
        return f"draw trick {number}" if self.phase in (DRAW_TRICKS, DRAWING) else f"trick {number}"

    def contract_label(self) -> str:
        assert self.bid is not None
        return bid_label(*self.bid) + "X" * self.doubled

    def trumps(self) -> str:
        return self.bid[1] if self.bid and self.bid[1] != "NT" else ""

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

    # --- events ----------------------------------------------------------------------------------------------

    def play(self, event: DrawBridgeEvent) -> None:
        name = self.players[event.seat]
        card = event.card
        assert card is not None
        if self.phase == DRAWING:
            # DB-3.5: both draws come before the next lead. Make them, so one slip is flagged once.
            missing = ", then ".join(self.players[seat] for seat in self.pending_draws)
            number = self.phase_tricks
            message = f"{name} played {card.label} before the draws after draw trick {number} ({missing})"
            self.flag(event, "DB-3.5", message)
            for seat in self.pending_draws:
                self.hands[seat].add(self.stock.pop())
            self.end_draws()
        if self.phase not in (DRAW_TRICKS, PLAY):
            self.flag_misplaced(event, f"{name} played {card.label}")
            return
        if not self.trick:
            if event.seat != self.leader:
                leader = self.players[self.leader]
                self.flag(
                    event,
                    self.turn_rule(),
                    f"{name} led {card.label} to {self.trick_name()}, but it was {leader}'s lead",
                )
                self.leader = event.seat  # the trick goes on with the card as led
        elif event.seat == self.leader:
            # One card each to a trick: the follower's turn (DB-3.7 check 1; DB-5.3 in the play).
            other = self.players[1 - self.leader]
            self.flag(
                event,
                "DB-5.3" if self.phase == PLAY else "DB-3.7",
                f"{name} played {card.label} but had already played to {self.trick_name()}; it was {other}'s turn",
            )
            return
        self.check_card(event, name, card)
        self.trick.append((event.seat, card))
        if len(self.trick) == 2:
            self.finish_trick()

    def check_card(self, event: DrawBridgeEvent, name: str, card: Card) -> None:
        hand = self.hands[event.seat]
        holding_rule = "DB-3.7" if self.phase == DRAW_TRICKS else "DB-5.2"
        if card not in hand:
            where = self.played.get(card)
            if where:
                self.flag(event, holding_rule, f"{name} played {card.label}, which was already played in {where}")
            else:
                self.flag(event, holding_rule, f"{name} does not hold {card.label}")
            return
        if self.trick and self.must_follow():
            lead = self.trick[0][1]
            same_suit = sorted((held for held in hand if held.suit == lead.suit), key=_display_order)
            if same_suit and card.suit != lead.suit:
                rule, why = ("DB-5.2", "DB-5.2") if self.phase == PLAY else ("R-DB-1", f"{MUST_FOLLOW_PHASE1}, R-DB-1")
                message = f"{name} held {same_suit[0].label} and had to follow suit to {lead.label} ({why})"
                self.flag(event, rule, message)
        hand.discard(card)
        self.played[card] = self.trick_name()

    def finish_trick(self) -> None:
        (leader, lead), (_, follow) = self.trick
        number = len(self.tricks) + 1
        self.phase_tricks += 1
        if self.phase == DRAW_TRICKS:
            winner, reason = draw_trick_winner(leader, lead, follow, self.flags)
            self.tricks.append(Trick(number, leader, tuple(self.trick), winner, reason, counts=False))
            self.pending_draws = [winner, 1 - winner]  # DB-3.5: the winner draws first
            self.phase = DRAWING
        else:
            winner, reason = contract_trick_winner(leader, lead, follow, self.trumps())
            self.tricks.append(Trick(number, leader, tuple(self.trick), winner, reason))
            self.tricks_won[winner] += 1
            if self.phase_tricks == TRICKS_PER_PHASE:
                self.phase = OVER
        self.leader = winner  # DB-3.5, DB-5.3: the winner leads
        self.trick = []

    def draw(self, event: DrawBridgeEvent) -> None:
        name = self.players[event.seat]
        card = event.card
        assert card is not None
        if self.phase != DRAWING:
            self.flag_misplaced(event, f"{name} drew {card.label}")
            return
        number = self.phase_tricks
        if event.seat not in self.pending_draws:
            other = self.players[self.pending_draws[0]]
            self.flag(event, "DB-3.5", f"{name} already drew after draw trick {number}; {other} draws next")
            return
        if event.seat != self.pending_draws[0]:
            first = self.players[self.pending_draws[0]]
            self.flag(event, "DB-3.5", f"{name} drew before {first}, who won draw trick {number} and draws first")
        self.pending_draws.remove(event.seat)
        top = self.stock[-1]
        if card == top:
            self.stock.pop()
        elif card in self.stock:
            self.flag(event, "DB-3.5", f"{name} drew {card.label}, but the top card of the stock was {top.label}")
            self.stock.remove(card)  # the record says this card went to the hand: follow it
        else:
            self.flag(
                event, "DB-3.5", f"{name} drew {card.label}, which is not in the stock; the top card was {top.label}"
            )
            card = self.stock.pop()
        self.hands[event.seat].add(card)
        if not self.pending_draws:
            self.end_draws()

    def end_draws(self) -> None:
        self.pending_draws = []
        if self.phase_tricks == TRICKS_PER_PHASE:
            self.phase = AUCTION  # DB-3.6: 26 cards drawn, 13 in each hand; the auction follows
        else:
            self.phase = DRAW_TRICKS

    def call(self, event: DrawBridgeEvent) -> None:
        name = self.players[event.seat]
        call = event.call
        if self.phase != AUCTION:
            self.flag_misplaced(event, f"{name} called {self.call_label(call)}")
            return
        if event.seat != self.caller:
            self.flag(event, "DB-4.2", f"{name} called out of turn: it was {self.players[self.caller]}'s call")
        self.caller = 1 - event.seat
        if call == "pass":
            self.make_pass()
        elif call == "double":
            if self.bid is None or self.bidder == event.seat or self.doubled:
                self.flag(event, "DB-4.2", f"{name} doubled, but {self.why_not_double(event.seat)}")
            else:
                self.doubled = 1
        elif call == "redouble":
            if self.bid is None or self.bidder != event.seat or self.doubled != 1:
                self.flag(event, "DB-4.2", f"{name} redoubled, but {self.why_not_redouble(event.seat)}")
            else:
                self.doubled = 2
        else:
            level, strain = int(call[0]), call[1:]
            if level == 0:
                self.flag(event, "DB-4.1", f"{name} bid {call}, but the lowest bid in Draw Bridge is 1♣ (R-DB-3)")
            elif self.bid is not None and bid_index(level, strain) <= bid_index(*self.bid):
                self.flag(
                    event,
                    "DB-4.1",
                    f"{name} bid {bid_label(level, strain)}, which does not outrank {bid_label(*self.bid)}",
                )
            else:
                self.bid = (level, strain)
                self.bidder = event.seat
                self.doubled = 0  # DB-4.2: a new bid cancels any double or redouble

    def make_pass(self) -> None:
        if self.bid is not None:
            # DB-4.1 (BG-5.5): a pass after a bid, double or redouble ends the auction.
            self.declarer = self.bidder
            self.phase = PLAY
            self.phase_tricks = 0
            self.leader = 1 - self.bidder  # DB-5.1: the declarer's opponent leads
            return
        self.passes += 1
        if self.passes == 2:
            self.phase = OVER  # DB-4.3: passed out

    def why_not_double(self, seat: int) -> str:
        if self.bid is None:
            return "there was no bid to double (DB-4.2)"
        if self.bidder == seat:
            return f"{bid_label(*self.bid)} was their own bid (DB-4.2)"
        return f"{self.contract_label()} was already doubled (DB-4.2)"

    def why_not_redouble(self, seat: int) -> str:
        if self.bid is None:
            return "there was no bid to redouble (DB-4.2)"
        if self.bidder != seat:
            return f"{bid_label(*self.bid)} was the opponent's bid (DB-4.2)"
        if self.doubled == 0:
            return f"{bid_label(*self.bid)} had not been doubled (DB-4.2)"
        return f"{self.contract_label()} was already redoubled (DB-4.2)"

    @staticmethod
    def call_label(call: str) -> str:
        if call in ("pass", "double", "redouble"):
            return call
        return bid_label(int(call[0]), call[1:])

    def flag_misplaced(self, event: DrawBridgeEvent, what: str) -> None:
        """An event of the wrong kind for this moment of the deal: flagged and skipped."""
        if self.phase == OVER and self.declarer is None:
            rule, why = "DB-4.3", "the deal had been passed out"
        elif self.phase == OVER:
            rule, why = "DB-5.3", "all 13 tricks of the play were over"
        elif event.type == "draw" and self.phase == DRAW_TRICKS:
            rule, why = "DB-3.5", "no draw was due: each player draws once after each draw trick"
        elif event.type == "draw":
            rule, why = "DB-3.6", "the 13 draw tricks had used up the stock"
        elif event.type == "call" and self.phase in (DRAW_TRICKS, DRAWING):
            rule, why = "DB-3.6", "the auction comes after all 13 draw tricks"
        elif event.type == "call":
            rule, why = "DB-4.1", "the auction had ended (BG-5.5)"
        else:
            rule, why = "DB-4.1", f"the auction had not ended and {self.players[self.caller]} was to call"
        self.flag(event, rule, f"{what}, but {why}")

    # --- the verdict -------------------------------------------------------------------------------------------

    def next_turn(self) -> Turn | None:
        if self.phase == OVER:
            return None
        if self.phase == DRAWING:
            seat = self.pending_draws[0]
            role = "won" if len(self.pending_draws) == 2 else "lost"
            prompt = f"{self.players[seat]} {role} draw trick {self.phase_tricks} and draws from the stock (DB-3.5)"
            return Turn(seat, "draw", (self.stock[-1].code,), prompt)
        if self.phase == AUCTION:
            return Turn(self.caller, "call", self.allowed_calls(), self.auction_prompt())
        seat = self.leader if not self.trick else 1 - self.leader
        allowed = tuple(card.code for card in sorted(self.allowed_cards(seat), key=_display_order))
        name = self.players[seat]
        if self.phase == DRAW_TRICKS:
            prompt = f"{name} to {'lead' if not self.trick else 'play'} to {self.trick_name()}"
            if not self.trick and MUST_FOLLOW_PHASE1 not in self.flags:
                prompt += ", any card (DB-3.2)"
            if SHOW_STOCK_TOP in self.flags and self.stock:
                prompt += f"; face up on the stock: {self.stock[-1].label} (R-DB-2)"
        else:
            assert self.declarer is not None
            contract = f"{self.contract_label()} by {self.players[self.declarer]}"
            prompt = f"{name} to {'lead' if not self.trick else 'play'} to {self.trick_name()} ({contract})"
        return Turn(seat, "play", allowed, prompt)

    def allowed_calls(self) -> tuple[str, ...]:
        calls = ["pass"]
        if self.bid is not None and self.bidder != self.caller and not self.doubled:
            calls.append("double")
        if self.bid is not None and self.bidder == self.caller and self.doubled == 1:
            calls.append("redouble")
        start = 0 if self.bid is None else bid_index(*self.bid) + 1
        calls.extend(ALL_BIDS[start:])
        return tuple(calls)

    def auction_prompt(self) -> str:
        name = self.players[self.caller]
        if self.bid is None:
            return f"{name} to call: pass or a bid from 1♣ to 7NT (DB-4.1)"
        return f"{name} to call over {self.contract_label()} by {self.players[self.bidder]} (DB-4.1, DB-4.2)"

    def deal_entry(self) -> dict[str, Any] | None:
        if self.phase != OVER:
            return None
        if self.declarer is None:
            return {"passed_out": True}
        assert self.bid is not None
        level, strain = self.bid
        return {
            "declarer": self.declarer,
            "level": level,
            "strain": strain,
            "doubled": self.doubled,
            "tricks": self.tricks_won[self.declarer],
        }

    def run(self) -> Verdict:
        handlers = {"play": self.play, "draw": self.draw, "call": self.call}
        for event in self.record.events:
            handlers[event.type](event)
        tricks = list(self.tricks)
        if self.trick:
            tricks.append(Trick(len(tricks) + 1, self.leader, tuple(self.trick), counts=self.phase == PLAY))
        entry = self.deal_entry()
        score = None
        notes: list[str] = []
        if entry is not None:
            deal = SCORING.parse_deal(entry, self.flags)
            score = SCORING.score_deal(deal, self.dealer, self.flags, 0)
            if self.declarer is None:
                notes.append(f"passed out: no score, and {self.players[1 - self.dealer]} deals next (DB-4.3)")
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(tricks),
            tricks_won=tuple(self.tricks_won),
            card_points=None,
            complete=entry is not None,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(tuple(hand) for hand in self.hands),
            notes=tuple(notes),
        )


REFEREE = DrawBridgeReferee()
