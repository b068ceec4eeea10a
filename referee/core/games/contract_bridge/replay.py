"""The Contract Bridge referee: the replay of a whole deal, event by event, and the verdict it gives.

It reads a Contract Bridge hand record (`deal.read_record`): 4 hands of 13 from one 52-card pack (BR-1.2, BR-3.2),
calls and plays; and replays the auction (BR-4.8) and the play (BR-5.6), flagging every illegal event and going on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.contract_bridge.auction import Auction
from referee.core.games.contract_bridge.deal import read_record
from referee.core.games.contract_bridge.play import CardPlay
from referee.core.games.contract_bridge.remedies import FAULTS
from referee.core.games.contract_bridge.rules import honours_held
from referee.core.games.contract_bridge.setup import SETUP
from referee.core.games.contract_bridge.state import AUCTION, OVER, PLAY
from referee.core.protocol import Referee
from referee.core.record import Event
from referee.core.tricks import Ruled, contract_entry
from referee.core.verdict import Turn, Violation
from scoring.core.games.contract_bridge import GAME as SCORING
from scoring.core.games.contract_bridge import side_of
from vocabulary.i18n import _


class _Replay(CardPlay, Auction):
    """One whole replay: the auction and the play over one state."""

    scoring = SCORING
    faults = FAULTS

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"call": self.call, "choice": self.choose, "play": self.play}

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

    def deal_entry(self) -> dict[str, Any] | None:
        """The deal's entry as the scoring core reads it (BR-9.1), with the honours the hands as dealt held (BR-6.7);
        None until it is over."""
        if self.phase != OVER:
            return None
        if self.declarer is None or self.bid is None:
            return {"passed_out": True}
        contract = contract_entry(self.declarer, self.bid, self.doubled, self.side_tricks()[side_of(self.declarer)])
        return {**contract, "honours": honours_held(self.record.hands, self.bid.strain).value, "stopped": False}

    def end_notes(self) -> None:
        if self.phase != OVER:
            return
        if self.declarer is None:
            self.notes.append(_("Passed out: four passes, no contract and no play (BR-4.6)."))
            return
        ns, ew = self.side_tricks()
        needed = 6 + self.bid.level if self.bid else 0
        taken = (ns, ew)[side_of(self.declarer)]
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
        tricks = {"ns": ns, "ew": ew, "needed": needed, "taken": taken, "over": taken - needed, "down": needed - taken}
        self.notes.append(outcome.format(contract=self.contract_label(), declarer=self.name(self.declarer), **tricks))
        self.notes.append(
            _("The score is the deal's on its own, neither side vulnerable; a match scores it where it falls (BR-6.9).")
        )

    def ruled(self, violations: tuple[Violation, ...], entry: dict[str, Any] | None) -> Ruled:
        return violations, self.ruling(violations, entry)


REFEREE = Referee(name="contract_bridge", read=read_record, replay_of=_Replay, setup=SETUP)
