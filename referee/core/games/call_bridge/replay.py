"""The Call Bridge referee: replays the calls and the play of one deal, event by event, and gives the verdict."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.call_bridge.auction import Calls
from referee.core.games.call_bridge.deal import read_record
from referee.core.games.call_bridge.play import TrickPlay
from referee.core.games.call_bridge.remedies import FAULTS
from referee.core.games.call_bridge.rules import REVOKE, allowed_cards
from referee.core.games.call_bridge.setup import SETUP
from referee.core.protocol import Referee
from referee.core.record import Event, Record
from referee.core.tricks import RuledByOffender, shown_tricks
from referee.core.verdict import Trick, Turn
from scoring.core.games.call_bridge import GAME as SCORING
from scoring.core.games.call_bridge import LOWEST_CALL, SEATS, TRICKS_PER_DEAL
from vocabulary.i18n import _, gettext_noop


class _Replay(Calls, TrickPlay, RuledByOffender[Record]):
    """One whole replay: the calls (CB-4.1, CB-4.2) and the plays (CB-5.4 checks 1-4) over one state, each illegal
    event flagged."""

    scoring = SCORING
    faults = FAULTS
    revoke = REVOKE
    unscored = gettext_noop("not scored: {error} ({rule})")

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"call": self.call, "play": self.play}

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
        prompt = what.format(player=self.players[seat], number=self.trick_number)
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def deal_entry(self) -> dict[str, Any] | None:
        """Every call and each seat's tricks, once all 13 tricks are played after every call (CB-4.2)."""
        if len(self.tricks) < TRICKS_PER_DEAL or None in self.calls:
            return None
        return {"calls": list(self.calls), "tricks": list(self.tricks_taken())}

    def end_notes(self) -> None:
        missing = [self.players[seat] for seat in range(SEATS) if self.calls[seat] is None]
        if len(self.tricks) == TRICKS_PER_DEAL and missing:
            self.notes.append(
                _("not scored: no call recorded for {players} (CB-4.2)").format(players=", ".join(missing))
            )

    def tricks_shown(self) -> tuple[Trick, ...]:
        return shown_tricks(self.tricks, self.trick, self.leader)


REFEREE = Referee(name="call_bridge", read=read_record, replay_of=_Replay, setup=SETUP)
