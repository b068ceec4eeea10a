"""The Contract Bridge referee: the replay of a whole deal, event by event, and the verdict it gives.

It reads a Contract Bridge hand record (`deal.read_record`): 4 hands of 13 from one 52-card pack (BR-1.2, BR-3.2),
calls and plays; and replays the auction (BR-4.8) and the play (BR-5.6), flagging every illegal event and going on.
"""

from __future__ import annotations

from referee.core.games.contract_bridge.auction import Auction
from referee.core.games.contract_bridge.deal import read_record
from referee.core.games.contract_bridge.play import CardPlay
from referee.core.games.contract_bridge.rules import honours_held
from referee.core.games.contract_bridge.state import AUCTION, OVER, PLAY
from referee.core.protocol import GameReplay
from referee.core.tricks import shown_tricks
from referee.core.verdict import Turn, Verdict
from scoring.core.games.contract_bridge import GAME as SCORING
from scoring.core.games.contract_bridge import BridgeDeal, side_of
from vocabulary.i18n import _


class _Replay(CardPlay, Auction):
    """One whole replay: the auction and the play over one state."""

    def next_turn(self) -> Turn | None:
        if self.phase == AUCTION:
            return self.call_turn()
        if self.phase == PLAY and self.pending is not None:
            return self.choice_turn()
        if (owner := self.option_due()) is not None:
            return self.option_turn(owner)
        if self.phase == PLAY:
            return self.play_turn()
        return None

    def deal(self) -> BridgeDeal | None:
        """The deal as the scoring core reads it (BR-9.1), with the honours the hands as dealt held (BR-6.7); None
        until it is over."""
        if self.phase != OVER:
            return None
        if self.declarer is None:
            return SCORING.parse_deal({"passed_out": True}, self.flags)
        assert self.bid is not None
        entry = {
            "declarer": self.declarer,
            "level": self.bid.level,
            "strain": self.bid.strain,
            "doubled": self.doubled,
            "tricks": self.side_tricks()[side_of(self.declarer)],
            "honours": honours_held(self.record.hands, self.bid.strain).value,
            "stopped": False,
        }
        return SCORING.parse_deal(entry, self.flags)

    def result_notes(self) -> list[str]:
        if self.phase != OVER:
            return []
        if self.declarer is None:
            return [_("Passed out: four passes, no contract and no play (BR-4.6).")]
        ns, ew = self.side_tricks()
        side = side_of(self.declarer)
        needed = 6 + self.bid.level if self.bid else 0
        taken = (ns, ew)[side]
        if taken > needed:
            outcome = _(
                "Tricks: N-S {ns}, E-W {ew}. {contract} by {declarer} needed {needed} and took {taken}: "
                "made with {over} over (BR-5.5, BR-6.1)."
            )
        elif taken == needed:
            outcome = _(
                "Tricks: N-S {ns}, E-W {ew}. {contract} by {declarer} needed {needed} and took {taken}: "
                "made (BR-5.5, BR-6.1)."
            )
        else:
            outcome = _(
                "Tricks: N-S {ns}, E-W {ew}. {contract} by {declarer} needed {needed} and took {taken}: "
                "down {down} (BR-5.5, BR-6.1)."
            )
        return [
            outcome.format(
                ns=ns,
                ew=ew,
                contract=self.contract_label(),
                declarer=self.players[self.declarer],
                needed=needed,
                taken=taken,
                over=taken - needed,
                down=needed - taken,
            ),
            _(
                "The score is the deal's on its own, neither side vulnerable; "
                "a match scores it where it falls (BR-6.9)."
            ),
        ]

    def run(self) -> Verdict:
        for event in self.record.events:
            if event.type == "call":
                self.call(event)
            elif event.type == "choice":
                self.choose(event)
            else:
                self.play(event)
        # A lead out of turn still waiting for its choice leads the trick as it lies (BR-10.3).
        leader = self.pending.seat if self.pending is not None else self.leader
        # The deal is read once and both written as its entry and scored, the entry being exactly what it is read
        # from again (GAME.to_entry).
        deal = self.deal()
        entry = score = None
        if deal is not None:
            entry = SCORING.to_entry(deal)
            score = SCORING.score_deal(deal, self.dealer, self.flags, 0)
        violations = self.with_remedies()
        return Verdict(
            violations=violations,
            tricks=shown_tricks(self.tricks, self.trick, leader),
            tricks_won=tuple(self.tricks_won),
            card_points=None,
            complete=entry is not None,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(tuple(hand) for hand in self.hands),
            notes=tuple(self.result_notes()),
            ruling=self.ruling(violations, entry),
        )


REFEREE = GameReplay("contract_bridge", read_record, _Replay)
