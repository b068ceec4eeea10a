"""The Belote referee: replays a read record event by event and assembles the verdict and the deal entry the
scoring core scores (docs/rules/belote.md BL-7.7, BL-8.7).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.games.belote.play import TRICKS, TrickPlay
from referee.core.games.belote.record import STOCK, BeloteEvent, BeloteRecord, read_record
from referee.core.games.belote.trumps import TrumpChoice
from referee.core.verdict import Trick, Turn, Verdict
from scoring.core.base import EntryError
from scoring.core.cards import SUIT_NAMES
from scoring.core.games.belote import GAME as SCORING
from scoring.core.games.belote import LAST_TRICK, NO_CAPOT, Camp, side_of


class BeloteReferee:
    name = "belote"

    def parse(self, doc: Mapping[str, Any]) -> BeloteRecord:
        """Read a Belote hand record; raise RecordError with the path of the problem."""
        return read_record(doc, self.name)

    def replay(self, record: BeloteRecord) -> Verdict:
        """Replay every event (BL-7.7), flagging each illegal one and going on after it."""
        return _Replay(record).run()


class _Replay(TrumpChoice, TrickPlay):
    """The state of one replay. Private and short-lived: the public API is pure."""

    def wrong_phase(self, event: BeloteEvent) -> bool:
        """Flag an event that comes when it cannot; True if it must be skipped."""
        phase = self.phase
        if phase == "thrown_in":
            rule, what = "BL-4.4", "acted after all four passed twice and the cards were thrown in"
        elif phase == "done":
            rule, what = "BL-7.6", "acted after all eight tricks were played"
        elif event.type == "bid" and phase == "play":
            rule, what = "BL-4.3", f"spoke after {self.name(self.taker or 0)} had taken"
        elif event.type == "play" and phase == "bid":
            rule, what = "BL-7.1", "played a card before trumps were chosen"
        else:
            return False  # the usual event: no name looked up, no message made
        self.flag(event, rule, f"{self.name(event.seat)} {what}")
        return True

    def next_turn(self) -> Turn | None:
        up = self.record.turn_up.suit
        if self.phase == "bid":
            seat = self.speaking()
            if self.round == 1:
                prompt = f"{self.name(seat)}: take {SUIT_NAMES[up]} as trumps, or pass (BL-4.1)"
            else:
                prompt = f"{self.name(seat)}: name a suit other than {SUIT_NAMES[up]}, or pass (BL-4.2)"
            return Turn(seat, "trump", self.offered(up), prompt)
        if self.phase != "play" or not self.dealt:
            return None
        seat = self.next_seat()
        allowed, _ = self.allowed(seat)
        who = self.name(seat)
        prompt = f"{who} to lead" if not self.trick else f"{who} to play to {self.trick[0][1].label}"
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def deal_entry(self) -> dict[str, Any] | None:
        """The match-file entry of BL-8.7 for a finished deal; a deal nobody took is passed out (BL-4.4)."""
        if self.phase == "thrown_in":
            return {"passed_out": True}
        if self.phase != "done":
            return None
        assert self.taker is not None and self.last_trick is not None
        takers = side_of(self.taker)

        def camp(side: int) -> str:
            return (Camp.TAKERS if side == takers else Camp.DEFENDERS).value

        sides_won = [sum(self.won[seat] for seat in range(len(self.won)) if side_of(seat) == side) for side in (0, 1)]
        capot = next((camp(side) for side in (0, 1) if sides_won[side] == TRICKS), NO_CAPOT)
        said = self.belote_by if self.belote_by is not None and self.rebelote_by == self.belote_by else None
        return {
            "taker": self.taker,
            "trump": self.trump,
            "taker_card_points": self.points[takers],
            "last_trick": camp(side_of(self.last_trick)),
            "capot": capot,
            "taker_announcements": 0,  # BL-5: announcements are not in the hand record
            "defender_announcements": 0,
            "belote": said,
        }

    def end_notes(self) -> None:
        if self.phase == "thrown_in":
            if "bl_same_dealer_redeals" in self.flags:
                self.notes.append(
                    "all four passed twice: the cards are thrown in and the same player deals again (R-BL-1)"
                )
            else:
                self.notes.append("all four passed twice: the cards are thrown in and the next player deals (R-BL-1)")
        if self.phase == "play" and not self.dealt:
            self.notes.append(
                f"the stock holds {len(self.record.stock)} of its {STOCK} cards: record them in the order dealt "
                "to complete the deal and referee the play (BL-3.4)"
            )
        if self.belote_by is not None and self.rebelote_by is None and self.phase == "done":
            self.notes.append(f"{self.name(self.belote_by)} said belote but never rebelote: no 20 points (BL-6.1)")
        if self.phase == "done":
            self.notes.append("announcements (BL-5) are not in the hand record: the deal entry counts none")

    def trick_points(self) -> tuple[int, ...]:
        """Each side's card points, with the 10 for the last trick once it is played (BL-2.3): 162 in all."""
        points = list(self.points)
        if self.last_trick is not None:
            points[side_of(self.last_trick)] += LAST_TRICK
        return tuple(points)

    def run(self) -> Verdict:
        handlers = {"bid": self.bid, "play": self.play}
        for event in self.record.events:
            # The usual event, a play during the play, needs no phase check (speed: one call fewer per card).
            if (event.type == "play" and self.phase == "play") or not self.wrong_phase(event):
                handlers[event.type](event)
        self.end_notes()
        tricks = list(self.tricks)
        if self.trick:
            tricks.append(Trick(len(tricks) + 1, self.trick[0][0], tuple(self.trick)))
        entry = self.deal_entry()
        score = None
        if entry is not None:
            try:
                deal = SCORING.parse_deal(entry, self.flags)
            except EntryError as error:
                self.notes.append(f"the deal cannot be scored: {error.message} ({error.rule})")
                entry = None
            else:
                score = SCORING.score_deal(deal, self.record.dealer, self.flags, 0)
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(tricks),
            tricks_won=tuple(self.won),
            card_points=self.trick_points(),
            complete=self.phase in ("done", "thrown_in"),
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(tuple(hand) for hand in self.hands),
            notes=tuple(self.notes),
        )


REFEREE = BeloteReferee()
