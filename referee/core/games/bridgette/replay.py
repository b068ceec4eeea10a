"""Replaying a Bridgette hand record: every step in order, then the verdict with its deal entry and score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.games.bridgette.auction import Auction
from referee.core.games.bridgette.exchange import Exchange
from referee.core.games.bridgette.play import TrickPlay
from referee.core.games.bridgette.record import BridgetteRecord, read_record
from referee.core.verdict import Trick, Turn, Verdict
from scoring.core.games.bridgette import GAME as SCORING
from scoring.core.games.bridgette import score_played


class BridgetteReferee:
    name = "bridgette"

    def parse(self, doc: Mapping[str, Any]) -> BridgetteRecord:
        """Read a Bridgette hand record; a RecordError names the path of what cannot be read."""
        return read_record(doc)

    def replay(self, record: BridgetteRecord) -> Verdict:
        """Replay every event in order, flagging each illegal one and going on after it (BG-4.5, 5.7, 6.6)."""
        return _Replay(record).run()


class _Replay(Exchange, Auction, TrickPlay):
    """The working state of one replay. Private and short-lived; the verdict it returns is immutable."""

    __slots__ = ()

    # ---- the replay -----------------------------------------------------------------------

    def run(self) -> Verdict:
        steps = self.record.steps
        end = len(steps)
        # The fast lanes take the ordinary steps of each phase, up to the first that is not one; the handlers below
        # take that one, checking it rule by rule, and the lanes go on after it.
        lane = self.fast_lane
        index = self.ordinary_exchange(steps) if lane else 0
        while index < end:
            if lane:
                phase = self.phase
                if phase == "auction" or phase == "exchange":
                    index = self.ordinary_calls(steps, index)
                if self.phase == "play":
                    index = self.ordinary_run(steps, index)
                if index == end:
                    break
            step = steps[index]
            self.number = index + 1
            kind = step[0]
            if kind == "play":
                self.play(step)
            elif kind == "call":
                self.call(step)
            else:
                self.exchange(step)
            index += 1
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

    def verdict(self) -> Verdict:
        tricks = self.tricks
        if self.trick:
            tricks = [*tricks, Trick(self.trick_number, self.trick[0][0], tuple(self.trick))]
        complete = self.phase == "over"
        entry: dict[str, Any] | None = None
        score = None
        if complete:
            if self.passed_out:
                entry = {"passed_out": True}
                score = SCORING.score_deal(SCORING.parse_deal(entry, self.flags), self.dealer, self.flags, 0)
            else:
                bid = self.bid
                assert bid is not None
                declarer, doubled = self.bidder, self.doubled
                won = self.won[declarer]
                entry = {
                    "declarer": declarer,
                    "level": bid.level,
                    "strain": bid.strain,
                    "doubled": doubled,
                    "tricks": won,
                }
                # The score of this entry, as `score_deal(parse_deal(entry))` gives it, read from the values at once.
                score = score_played(declarer, bid.level, bid.strain, doubled, won, self.flags)
        # Every field in Verdict's order, made by tuple.__new__: Verdict(...) runs the Python __new__ NamedTuple writes.
        return tuple.__new__(
            Verdict,
            (
                tuple(self.violations),  # violations
                tuple(tricks),  # tricks
                tuple(self.won),  # tricks_won
                None,  # card_points
                complete,
                entry,  # deal_entry
                score,
                self.next_turn(),
                tuple(self.notes),
                # hands: what each seat holds now; an unrecorded hand shows as empty (R-BG-13).
                tuple([tuple(hand) if hand is not None else () for hand in self.hands]),
            ),
        )


REFEREE = BridgetteReferee()
