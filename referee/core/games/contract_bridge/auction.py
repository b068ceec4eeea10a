"""The auction (BR-4): calls in turn, bids on the ladder, doubles and redoubles by side, its end and the contract."""

from __future__ import annotations

from referee.core.calls import allowed_calls, refused_double
from referee.core.games.contract_bridge.remedies import Remedies
from referee.core.games.contract_bridge.rules import BIDS, PASSES_TO_END, PASSES_TO_PASS_OUT, left_of, partner_of
from referee.core.games.contract_bridge.state import AUCTION, OVER, PLAY
from referee.core.plays import Faulting
from referee.core.record import Event, Record
from referee.core.verdict import Turn
from scoring.core.games.contract_bridge import side_of
from vocabulary.i18n import _


class Auction(Remedies, Faulting[Record]):
    """Each call checked in turn (BR-4.8): an illegal call is flagged and has no effect, and the turn passes on."""

    def call(self, event: Event) -> None:
        seat, call = event.seat, event.call
        if self.phase != AUCTION:
            if self.declarer is None:
                message = _("{player} called {call}, but the deal had been passed out")
            else:
                message = _("{player} called {call}, but the auction had ended")
            self.fault(event, "BR-4.6", message, call=call.label)
            return
        if seat != self.caller:
            message = _("{player} called out of turn: it was {due}'s call")
            self.remedies[len(self.violations)] = self.call_remedy(seat, self.caller, call.word)
            self.fault(event, "BR-4.1", message, due=self.name(self.caller))
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
            name, bidder = self.name(seat), self.name(self.bidder)
            refusal = refused_double(name, call.word, self.bid, self.doubled, self.ours(seat), self.whose(seat), bidder)
            if refusal is not None:
                self.flag(event, "BR-4.4", refusal)
            else:
                self.doubled = 1 if call.word == "double" else 2
                self.passes = 0

    def make_bid(self, event: Event) -> None:
        seat, call = event.seat, event.call
        if call.level == 0:
            self.fault(event, "BR-4.3", _("{player} bid {call}, but the lowest bid is 1♣"), call=call.label)
            return
        if self.bid is not None and call.index <= self.bid.index:
            # An insufficient bid is no bid: like a refused double it has no effect, so the last legal bid stands.
            message = _("{player} bid {call}, which is not higher than {bid}")
            self.remedies[len(self.violations)] = self.insufficient_remedy(seat)
            self.fault(event, "BR-4.3", message, call=call.label, bid=self.bid.label)
            return
        self.bid, self.bidder, self.doubled, self.passes = call, seat, 0, 0  # BR-4.5: a new bid starts undoubled
        self.first_named.setdefault((side_of(seat), call.strain), seat)

    def end_auction(self) -> None:
        """BR-4.7: the declarer is the first of the bidding side to name the strain; BR-5.1: their left leads."""
        assert self.bid is not None
        self.declarer = self.first_named[side_of(self.bidder), self.bid.strain]
        self.phase = PLAY
        self.leader = left_of(self.declarer)
        self.trumps = None if self.bid.strain == "NT" else self.bid.strain  # BR-5.4

    def ours(self, seat: int) -> bool:
        """Whether the current bid is ``seat``'s side's."""
        return self.bid is not None and side_of(self.bidder) == side_of(seat)

    def whose(self, seat: int) -> str:
        """The current bid's bidder as ``seat`` sees them: "own", "partner" or "opponent" (BR-4.4)."""
        return "own" if self.bidder == seat else "partner" if self.bidder == partner_of(seat) else "opponent"

    def contract_label(self) -> str:
        assert self.bid is not None
        return self.bid.label + "X" * self.doubled

    def call_turn(self) -> Turn:
        seat = self.caller
        name = self.players[seat]
        if self.bid is None:
            prompt = _("{player} to call: pass or a bid from 1♣ to 7NT (BR-4.1)").format(player=name)
        else:
            prompt = _("{player} to call over {contract} by {bidder} (BR-4.1)").format(
                player=name, contract=self.contract_label(), bidder=self.players[self.bidder]
            )
        return Turn(seat, "call", allowed_calls(self.bid, self.doubled, self.ours(seat), BIDS), prompt)
