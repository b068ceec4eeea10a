"""The Draw Bridge referee: the replay of a whole deal, event by event, and the verdict it gives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.games.draw_bridge.auction import AuctionPhase
from referee.core.games.draw_bridge.play import CardPlay
from referee.core.games.draw_bridge.record import DrawBridgeRecord, read_record
from referee.core.games.draw_bridge.state import AUCTION, DRAW_TRICKS, DRAWING, OVER, PLAY, _display_order
from referee.core.verdict import Trick, Turn, Verdict
from scoring.core.games.draw_bridge import GAME as SCORING
from scoring.core.games.draw_bridge import MUST_FOLLOW_PHASE1, SHOW_STOCK_TOP


class DrawBridgeReferee:
    name = "draw_bridge"

    def parse(self, doc: Mapping[str, Any]) -> DrawBridgeRecord:
        """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2)."""
        return read_record(doc, self.name)

    def replay(self, record: DrawBridgeRecord) -> Verdict:
        """Replay the draw tricks (DB-3.7), the auction (DB-4, BG-5.7) and the play (DB-5), flagging illegal events."""
        return _Replay(record).run()


class _Replay(CardPlay, AuctionPhase):
    """One whole replay: the draw phase, the auction and the play over one state; only `Verdict` values leave it."""

    # --- the verdict -------------------------------------------------------------------------------------------

    def next_turn(self) -> Turn | None:
        if self.phase == OVER:
            return None
        if self.phase == DRAWING:
            seat = self.pending_draws[0]
            role = "won" if len(self.pending_draws) == 2 else "lost"
            prompt = f"{self.players[seat]} {role} draw trick {self.phase_tricks} and draws from the stock (DB-3.5)"
            return Turn(seat, "draw", (self.stock[-1].code,), prompt)
        if self.phase == AUCTION:
            return Turn(self.caller, "call", self.allowed_calls(), self.auction_prompt())
        seat = self.leader if not self.trick else 1 - self.leader
        allowed = tuple(card.code for card in sorted(self.allowed_cards(seat), key=_display_order))
        name = self.players[seat]
        if self.phase == DRAW_TRICKS:
            prompt = f"{name} to {'lead' if not self.trick else 'play'} to {self.coming_trick()}"
            if not self.trick and MUST_FOLLOW_PHASE1 not in self.flags:
                prompt += ", any card (DB-3.2)"
            if SHOW_STOCK_TOP in self.flags and self.stock:
                prompt += f"; face up on the stock: {self.stock[-1].label} (R-DB-2)"
        else:
            assert self.declarer is not None
            contract = f"{self.contract_label()} by {self.players[self.declarer]}"
            prompt = f"{name} to {'lead' if not self.trick else 'play'} to {self.coming_trick()} ({contract})"
        return Turn(seat, "play", allowed, prompt)

    def deal_entry(self) -> dict[str, Any] | None:
        if self.phase != OVER:
            return None
        if self.declarer is None:
            return {"passed_out": True}
        assert self.bid is not None
        level, strain = self.bid
        return {
            "declarer": self.declarer,
            "level": level,
            "strain": strain,
            "doubled": self.doubled,
            "tricks": self.tricks_won[self.declarer],
        }

    def run(self) -> Verdict:
        handlers = {"play": self.play, "draw": self.draw, "call": self.call}
        for event in self.record.events:
            handlers[event.type](event)
        tricks = list(self.tricks)
        if self.trick:
            tricks.append(Trick(len(tricks) + 1, self.leader, tuple(self.trick), counts=self.phase == PLAY))
        entry = self.deal_entry()
        score = None
        notes: list[str] = []
        if entry is not None:
            deal = SCORING.parse_deal(entry, self.flags)
            score = SCORING.score_deal(deal, self.dealer, self.flags, 0)
            if self.declarer is None:
                notes.append(f"passed out: no score, and {self.players[1 - self.dealer]} deals next (DB-4.3)")
        return Verdict(
            violations=tuple(self.violations),
            tricks=tuple(tricks),
            tricks_won=tuple(self.tricks_won),
            card_points=None,
            complete=entry is not None,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(tuple(hand) for hand in self.hands),
            notes=tuple(notes),
        )


REFEREE = DrawBridgeReferee()
