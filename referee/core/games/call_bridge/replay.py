"""The Call Bridge referee: replays the calls and the play of one deal, event by event, and gives the verdict."""

from __future__ import annotations

from referee.core.games.call_bridge.auction import Calls
from referee.core.games.call_bridge.deal import read_record
from referee.core.games.call_bridge.play import TrickPlay
from referee.core.games.call_bridge.remedies import FAULTS
from referee.core.games.call_bridge.rules import REVOKE, allowed_cards
from referee.core.protocol import GameReplay
from referee.core.remedies import ruled_by_offender
from referee.core.tricks import shown_tricks
from referee.core.verdict import Turn, Verdict
from scoring.core.games.call_bridge import GAME as SCORING
from scoring.core.games.call_bridge import LOWEST_CALL, SEATS, TRICKS_PER_DEAL
from vocabulary.i18n import _, gettext_noop


class _Replay(Calls, TrickPlay):
    """One whole replay: the calls (CB-4.1, CB-4.2) and the plays (CB-5.4 checks 1-4) over one state, each illegal
    event flagged."""

    def next_turn(self) -> Turn | None:
        if len(self.tricks) == TRICKS_PER_DEAL:
            return None
        due_caller = self.due_caller()
        if due_caller is not None and not self.started():
            calls = tuple(str(value) for value in range(LOWEST_CALL, self.highest_call + 1))
            prompt = _("{player} to call, {lowest} to {highest} (CB-4.2)").format(
                player=self.players[due_caller], lowest=LOWEST_CALL, highest=self.highest_call
            )
            return Turn(due_caller, "call", calls, prompt)
        seat = self.due_player()
        allowed, _rule = allowed_cards(self.hands[seat], self.trick, self.flags)
        what = _("{player} to lead to trick {number}") if not self.trick else _("{player} to play to trick {number}")
        prompt = what.format(player=self.players[seat], number=len(self.tricks) + 1)
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def run(self) -> Verdict:
        for event in self.record.events:
            if event.type == "call":
                self.call(event)
            else:
                self.play(event)
        complete = len(self.tricks) == TRICKS_PER_DEAL and None not in self.calls
        entry = {"calls": list(self.calls), "tricks": list(self.tricks_won)} if complete else None
        deal, score = self.scored(SCORING, entry, gettext_noop("not scored: {error} ({rule})"))
        if len(self.tricks) == TRICKS_PER_DEAL and not complete:
            missing = [self.players[seat] for seat in range(SEATS) if self.calls[seat] is None]
            self.notes.append(
                _("not scored: no call recorded for {players} (CB-4.2)").format(players=", ".join(missing))
            )
        ruling = ruled_by_offender(
            REVOKE, "revoke", self.violations, entry, SCORING, self.dealer, self.players, self.flags
        )
        return Verdict(
            violations=FAULTS.given_to(
                REVOKE.given_to(self.violations, self.players, self.flags), self.players, self.flags
            ),
            tricks=shown_tricks(self.tricks, self.trick, self.leader),
            tricks_won=tuple(self.tricks_won),
            card_points=None,
            complete=complete,
            deal_entry=SCORING.to_entry(deal) if deal is not None else None,
            score=score,
            next_turn=self.next_turn(),
            hands=tuple(map(tuple, self.hands)),
            notes=tuple(self.notes),
            ruling=ruling,
        )


REFEREE = GameReplay("call_bridge", read_record, _Replay)
