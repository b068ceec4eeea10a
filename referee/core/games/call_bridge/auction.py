"""The calls (CB-4): one each, in turn from the dealer's right, before the play."""

from __future__ import annotations

from referee.core.games.call_bridge.state import ReplayState
from referee.core.plays import Faulting
from referee.core.record import Event, Record
from scoring.core.games.call_bridge import LOWEST_CALL, TRICKS_PER_DEAL
from vocabulary.i18n import _


class Calls(ReplayState, Faulting[Record]):
    """The replay's handler for a call."""

    def call(self, event: Event) -> None:
        seat, value = event.seat, event.call
        if self.calls[seat] is not None:
            message = _("{player} had already called {call}; each player calls once")
            self.fault(event, "CB-4.2", message, call=self.calls[seat])
            return
        due = self.due_caller()
        if self.started():
            self.fault(event, "CB-4.1", _("{player} called after the play had begun; all calls come first"))
        elif seat != due:
            assert due is not None
            message = _("{player} called out of turn: it was {due}'s turn to call")
            self.fault(event, "CB-4.1", message, due=self.name(due))
        if value == TRICKS_PER_DEAL and value > self.highest_call:
            self.fault(event, "R-CB-1", _("{player} called 13, which is allowed only under cb_allow_13"))
        elif not LOWEST_CALL <= value <= self.highest_call:
            message = _("{player} called {call}; a call is a whole number from 2 to {highest}")
            self.fault(event, "CB-4.2", message, call=value, highest=self.highest_call)
        self.calls[seat] = value
