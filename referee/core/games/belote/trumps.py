"""Choosing trumps in two rounds and completing the deal (docs/rules/belote.md BL-3.4, BL-4, R-BL-1)."""

from __future__ import annotations

from referee.core.games.belote.deal import BeloteRecord
from referee.core.games.belote.state import ReplayState
from referee.core.record import Event
from referee.core.trump_rounds import PASS, TrumpChoosing
from scoring.core.games.belote import SEATS
from vocabulary.i18n import gettext_noop


class TrumpChoice(ReplayState, TrumpChoosing[BeloteRecord]):
    """The replay's handlers for the bids, and the second deal once somebody takes."""

    ROUND_RULES = ("BL-4.1", "BL-4.2")
    OUT_OF_ROUND = (
        gettext_noop("{player} may only take {suits}, the turn-up's suit, or pass in the first round"),
        gettext_noop("{player} named {suits}, the turn-up's suit, in the second round: only another suit"),
    )
    PROMPTS = (
        gettext_noop("{player}: take {suits} as trumps, or pass (BL-4.1)"),
        gettext_noop("{player}: name a suit other than {suits}, or pass (BL-4.2)"),
    )

    def bid(self, event: Event) -> None:
        """BL-4.1, BL-4.2: a take, a named suit or a pass by the player on turn."""
        expected = self.speaking()
        if event.seat != expected:
            self.spoke_out_of_turn(event, expected)  # ignored: the next bids in turn are judged as the table made them
        elif event.choice != PASS:
            self.take_or_name(event, self.record.turn_up.suit)
        elif self.next_speaker():
            self.phase = "thrown_in"  # BL-4.4

    def settle(self, taker: int, trump: str) -> None:
        """BL-4.3: the first take ends the choice; BL-3.4: the dealer completes the deal from the stock."""
        self.taker, self.trump, self.phase = taker, trump, "play"
        if not self.dealt:
            return
        if self.record.held:
            # The hands are as held in play: the turn-up is the taker's, given in a hand or, in a record of the
            # plays only that stops before the taker plays it, still to be played.
            if not any(self.record.turn_up in hand for hand in self.hands):
                self.hands[taker][self.record.turn_up] = None
            return
        stock = iter(self.record.stock)
        for turn in range(1, SEATS + 1):
            seat = (self.record.dealer + turn) % SEATS
            if seat == taker:
                self.hands[seat][self.record.turn_up] = None
            for _dealt in range(2 if seat == taker else 3):
                self.hands[seat][next(stock)] = None
