"""The auction (BR-4): calls in turn, bids on the ladder, doubles and redoubles by side, its end and the contract."""

from __future__ import annotations

from referee.core.calls import LADDER, allowed_calls, double_refusal
from referee.core.games.contract_bridge.record import BridgeEvent
from referee.core.games.contract_bridge.state import AUCTION, OVER, PLAY, ReplayState, left_of, partner_of
from referee.core.verdict import Turn
from scoring.core.games.contract_bridge import side_of

BIDS = LADDER[1:]  # BR-4.3: 1♣ to 7NT, 35 bids
PASSES_TO_END = 3  # BR-4.6: three passes in a row after a bid
PASSES_TO_PASS_OUT = 4  # BR-4.6: four passes with no bid


class Auction(ReplayState):
    """Each call checked in turn (BR-4.8): an illegal call is flagged and has no effect, and the turn passes on."""

    def call(self, event: BridgeEvent) -> None:
        call = event.call
        assert call is not None  # a call event always carries its call
        seat, name = event.seat, self.players[event.seat]
        if self.phase != AUCTION:
            why = "the deal had been passed out" if self.declarer is None else "the auction had ended"
            self.flag(event, "BR-4.6", f"{name} called {call.label}, but {why}")
            return
        if seat != self.caller:
            self.flag(event, "BR-4.1", f"{name} called out of turn: it was {self.players[self.caller]}'s call")
        self.caller = left_of(seat)
        if call.word == "pass":
            self.passes += 1
            if self.bid is None and self.passes == PASSES_TO_PASS_OUT:
                self.phase = OVER  # BR-4.6: passed out
            elif self.bid is not None and self.passes == PASSES_TO_END:
                self.end_auction()
        elif call.word == "bid":
            self.make_bid(event)
        else:
            refusal = double_refusal(call.word, self.bid, self.doubled, self.ours(seat), self.whose(seat))
            if refusal is not None:
                self.flag(event, "BR-4.4", f"{name} {call.word}d, but {refusal}")
            else:
                self.doubled = 1 if call.word == "double" else 2
                self.passes = 0

    def make_bid(self, event: BridgeEvent) -> None:
        call = event.call
        assert call is not None
        name = self.players[event.seat]
        if call.level == 0:
            self.flag(event, "BR-4.3", f"{name} bid {call.label}, but the lowest bid is 1♣")
            return
        if self.bid is not None and call.index <= self.bid.index:
            # An insufficient bid is no bid: like a refused double it has no effect, so the last legal bid stands.
            self.flag(event, "BR-4.3", f"{name} bid {call.label}, which is not higher than {self.bid.label}")
            return
        self.bid, self.bidder, self.doubled, self.passes = call, event.seat, 0, 0  # BR-4.5: a new bid starts undoubled
        self.first_named.setdefault((side_of(event.seat), call.strain), event.seat)

    def end_auction(self) -> None:
        """BR-4.7: the declarer is the first of the bidding side to name the strain; BR-5.1: their left leads."""
        assert self.bid is not None
        self.declarer = self.first_named[side_of(self.bidder), self.bid.strain]
        self.phase = PLAY
        self.leader = left_of(self.declarer)

    def ours(self, seat: int) -> bool:
        """Whether the current bid is ``seat``'s side's."""
        return self.bid is not None and side_of(self.bidder) == side_of(seat)

    def whose(self, seat: int) -> str:
        """The current bid's bidder, as ``seat`` would name them."""
        if self.bidder == seat:
            return "their own"
        return f"their partner {self.players[self.bidder]}'s" if self.bidder == partner_of(seat) else "an opponent's"

    def contract_label(self) -> str:
        assert self.bid is not None
        return self.bid.label + "X" * self.doubled

    def call_turn(self) -> Turn:
        seat = self.caller
        name = self.players[seat]
        if self.bid is None:
            prompt = f"{name} to call: pass or a bid from 1♣ to 7NT"
        else:
            prompt = f"{name} to call over {self.contract_label()} by {self.players[self.bidder]}"
        return Turn(seat, "call", allowed_calls(self.bid, self.doubled, self.ours(seat), BIDS), prompt + " (BR-4.1)")
