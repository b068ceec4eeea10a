"""Replaying a Bridgette hand record: every step in order, then the verdict with its deal entry and score.

The referee reads a Bridgette hand record (`deal.read_record`: a RecordError names the path of what cannot be read)
and replays every event in order, flagging each illegal one and going on after it (BG-4.5, 5.7, 6.6).
"""

from __future__ import annotations

from typing import Any

from referee.core.games.bridgette.auction import Auction
from referee.core.games.bridgette.deal import read_record
from referee.core.games.bridgette.exchange import Exchange
from referee.core.games.bridgette.play import TrickPlay
from referee.core.games.bridgette.remedies import FAULTS
from referee.core.games.bridgette.rules import REVOKE
from referee.core.protocol import GameReplay
from referee.core.remedies import ruled_for_two
from referee.core.tricks import shown_tricks
from referee.core.verdict import Turn, Verdict
from scoring.core.games.bridgette import GAME as SCORING


class _Replay(Exchange, Auction, TrickPlay):
    """The working state of one replay. Private and short-lived; the verdict it returns is immutable."""

    def run(self) -> Verdict:
        for event in self.record.events:
            if event.type == "play":
                self.play(event)
            elif event.type == "call":
                self.call(event)
            else:
                self.exchange(event)
        return self.verdict()

    # ---- the verdict ---------------------------------------------------------------------------

    def next_turn(self) -> Turn | None:
        if self.phase == "over":
            return None
        if self.phase == "exchange" and len(self.exchanged) < len(self.exchange_order):
            kind, seat = next(item for item in self.exchange_order if item not in self.exchanged)
            return self.exchange_turn(kind, seat)
        if self.phase in ("exchange", "auction"):
            return self.call_turn()
        return self.play_turn()

    def deal_entry(self) -> dict[str, Any] | None:
        """The deal's entry for the scoring core once it is over: passed out, or the contract and the declarer's
        tricks."""
        if self.phase != "over":
            return None
        if self.passed_out:
            return {"passed_out": True}
        bid = self.bid
        assert bid is not None
        return {
            "declarer": self.bidder,
            "level": bid.level,
            "strain": bid.strain,
            "doubled": self.doubled,
            "tricks": self.won[self.bidder],
        }

    def verdict(self) -> Verdict:
        tricks = shown_tricks(self.tricks, self.trick)
        entry = self.deal_entry()
        score = None
        if entry is not None:
            score = SCORING.score_deal(SCORING.parse_deal(entry, self.flags), self.dealer, self.flags, 0)
        violations = FAULTS.given_to(
            REVOKE.given_to(self.violations, self.players, self.flags), self.players, self.flags
        )
        violations, ruling = ruled_for_two(
            REVOKE, violations, tricks, entry, SCORING, self.dealer, self.players, self.flags
        )
        return Verdict(
            violations=violations,
            tricks=tricks,
            tricks_won=tuple(self.won),
            card_points=None,
            complete=entry is not None,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            notes=tuple(self.notes),
            # What each seat holds now; an unrecorded hand shows as empty (R-BG-13).
            hands=tuple(() if seat in self.unknown else tuple(hand) for seat, hand in enumerate(self.hands)),
            ruling=ruling,
        )


REFEREE = GameReplay("bridgette", read_record, _Replay)
