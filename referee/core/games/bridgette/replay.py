"""Replaying a Bridgette hand record: every step in order, then the verdict with its deal entry and score.

The referee reads a Bridgette hand record (`deal.read_record`: a RecordError names the path of what cannot be read)
and replays every event in order, flagging each illegal one and going on after it (BG-4.5, 5.7, 6.6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.bridgette.auction import Auction
from referee.core.games.bridgette.deal import BridgetteRecord, read_record
from referee.core.games.bridgette.exchange import Exchange
from referee.core.games.bridgette.play import TrickPlay
from referee.core.games.bridgette.remedies import FAULTS
from referee.core.games.bridgette.rules import REVOKE
from referee.core.games.bridgette.setup import SETUP
from referee.core.protocol import Referee
from referee.core.record import Event
from referee.core.tricks import RuledForTwo, contract_entry
from referee.core.verdict import Turn
from scoring.core.games.bridgette import GAME as SCORING
from vocabulary.cards import Card


class _Replay(Exchange, Auction, TrickPlay, RuledForTwo[BridgetteRecord]):
    """The working state of one replay. Private and short-lived; the verdict it returns is immutable."""

    scoring = SCORING
    faults = FAULTS
    revoke = REVOKE

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"draw": self.exchange, "discard": self.exchange, "call": self.call, "play": self.play}

    def next_turn(self) -> Turn | None:
        if self.phase == "over":
            return None
        step = self.exchange_due()
        if self.phase == "exchange" and step is not None:
            return self.exchange_turn(*step)
        if self.phase in ("exchange", "auction"):
            return self.call_turn()
        return self.play_turn()

    def deal_entry(self) -> dict[str, Any] | None:
        """The deal's entry for the scoring core once it is over: passed out, or the contract and the declarer's
        tricks."""
        if self.phase != "over":
            return None
        return contract_entry(self.bidder, self.bid, self.doubled, self.tricks_taken()[self.bidder])

    def hands_shown(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat holds now; an unrecorded hand shows as empty (R-BG-13)."""
        return tuple(() if seat in self.unknown else tuple(hand) for seat, hand in enumerate(self.hands))


REFEREE = Referee(name="bridgette", read=read_record, replay_of=_Replay, setup=SETUP)
