"""The auction (BG-5): what a bid needs from the hand, and each call checked in turn."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.core.calls import LADDER, Call, bid_index, double_refusal
from referee.core.games.bridgette.record import Step
from referee.core.games.bridgette.state import ReplayState
from referee.core.verdict import Turn
from scoring.core.base import Flags
from scoring.core.cards import SUIT_NAMES, SUITS, Card


def suit_counts(hand: Iterable[Card]) -> dict[str, int]:
    """Cards held in each suit; colons never count (BG-2.3, BG-5.6 e): a colon's suit is empty."""
    suits = [card.suit for card in hand]
    return {suit: suits.count(suit) for suit in SUITS}


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


class Auction(ReplayState):
    """The calls of a replay: turn, rank, doubles and the hand's requirements (BG-5.2 to BG-5.6)."""

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
        elif call.word == "bid" and current is not None and call.index <= current.index:
            # BG-5.2: an insufficient bid is not a new bid. Like an illegal double it has no effect (it is not
            # checked against the hand and cancels no double) and the turn passes on; the current bid stays,
            # and the last bid that outranked the one before becomes the contract (BG-5.5).
            self.flag(step, "BG-5.2", f"{name} bid {call.label}, which does not outrank {current.label}")
        elif call.word == "bid":
            hand = self.hands[seat]
            if hand is None:
                self.note(f"Bid {call.label} by {name} unverified: the hand was not recorded (R-BG-13).")
            else:
                problem = bid_requirement(suit_counts(hand), call, current, self.flags)
                if problem is not None:
                    self.flag(step, problem[0], f"{name} bid {call.label}, but {problem[1]}")
            # R-BG-11: a new bid cancels any double or redouble.
            self.bid, self.bidder, self.doubled = call, seat, 0
        else:
            # BG-5.4: a double of the opponent's undoubled bid, a redouble of one's own bid doubled.
            ours = current is not None and self.bidder == seat
            refusal = double_refusal(call.word, current, self.doubled, ours, "their own" if ours else "the opponent's")
            if refusal is not None:
                self.flag(step, "BG-5.4", f"{name} {call.word}d, but {refusal}")
            else:
                self.doubled = 1 if call.word == "double" else 2
        self.last_word = call.word
        self.caller = 1 - seat

    def end_auction(self) -> None:
        """BG-5.5: the last bid is the contract; the declarer's opponent leads (BG-6.1)."""
        assert self.bid is not None
        self.phase = "play"
        self.trump = None if self.bid.strain == "NT" else self.bid.strain
        self.leader = 1 - self.bidder

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
        ours = self.bidder == seat
        doubles = ("double", "redouble")
        calls.extend(word for word in doubles if double_refusal(word, current, self.doubled, ours, "") is None)
        return Turn(seat, "call", tuple(calls), f"{self.names[seat]} to call (BG-5.3)")
