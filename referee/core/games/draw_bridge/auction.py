"""The auction (DB-4): calls in turn, doubles and redoubles, the end of the auction."""

from __future__ import annotations

from referee.core.calls import allowed_calls, refused_double
from referee.core.games.draw_bridge.draw_tricks import DrawPhase
from referee.core.games.draw_bridge.rules import BIDS
from referee.core.games.draw_bridge.state import TRICKS_PER_PHASE, Phase
from referee.core.record import Event
from vocabulary.i18n import _


class AuctionPhase(DrawPhase):
    """Calls after the draw phase: the dealer first, then in turn (DB-4.1 to DB-4.3)."""

    def contract_label(self) -> str:
        assert self.bid is not None
        return self.bid.label + "X" * self.doubled

    def call(self, event: Event) -> None:
        seat, call = event.seat, event.call
        name = self.players[seat]
        if self.phase == Phase.DRAWING and self.phase_tricks == TRICKS_PER_PHASE:
            # All 13 draw tricks are played and only their draws are missing: flag them once, make
            # them (DB-3.5) and judge the call as the auction's (DB-3.6). Before draw trick 13 a call
            # stays out of place, and the draws that follow it are judged as usual.
            self.make_missing_draws(event)
        if self.phase != Phase.AUCTION:
            self.flag_misplaced(event)
            return
        if seat != self.caller:
            message = _("{player} called out of turn: it was {due}'s call")
            self.fault(event, "DB-4.2", message, due=self.name(self.caller))
        self.caller = 1 - seat
        current = self.bid
        if call.word == "pass":
            self.make_pass()
        elif call.word != "bid":
            refusal = refused_double(name, call.word, current, self.doubled, self.bidder == seat)
            if refusal is not None:
                self.flag(event, "DB-4.2", refusal)
            else:
                self.doubled = 1 if call.word == "double" else 2
        elif call.level == 0:
            # The calls reader reads 0NT, a bid of the shared ladder, for this rule to refuse.
            message = _("{player} bid {bid}, but the lowest bid in Draw Bridge is 1♣")
            self.fault(event, "DB-4.1", message, bid=call.label)
        elif current is not None and call.index <= current.index:
            # An insufficient bid has no effect, as in Bridgette (BG-5.2, which DB-4.1 takes): it cancels
            # no double, the current bid stays, and the highest legal bid becomes the contract.
            message = _("{player} bid {bid}, which does not outrank {current}")
            self.fault(event, "DB-4.1", message, bid=call.label, current=current.label)
        else:
            self.bid, self.bidder = call, seat
            self.doubled = 0  # DB-4.2: a new bid cancels any double or redouble

    def make_pass(self) -> None:
        if self.bid is not None:
            # DB-4.1 (BG-5.5): a pass after a bid, double or redouble ends the auction; the last bid is the contract.
            self.trumps = "" if self.bid.strain == "NT" else self.bid.strain
            self.phase = Phase.PLAY
            self.phase_tricks = 0
            self.leader = 1 - self.bidder  # DB-5.1: the declarer's opponent leads
            return
        self.passes += 1
        if self.passes == 2:
            self.phase = Phase.OVER  # DB-4.3: passed out

    def allowed_calls(self) -> tuple[str, ...]:
        return allowed_calls(self.bid, self.doubled, self.bidder == self.caller, BIDS)

    def auction_prompt(self) -> str:
        name = self.players[self.caller]
        if self.bid is None:
            return _("{player} to call: pass or a bid from 1♣ to 7NT (DB-4.1)").format(player=name)
        return _("{player} to call over {contract} by {bidder} (DB-4.1, DB-4.2)").format(
            player=name, contract=self.contract_label(), bidder=self.players[self.bidder]
        )
