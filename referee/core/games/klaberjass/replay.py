"""The Klaberjass referee: replays a read record event by event and assembles the verdict
and the deal entry the scoring core scores (KJ-8.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.klaberjass.deal import KlaberjassRecord, read_record
from referee.core.games.klaberjass.play import TrickPlay
from referee.core.games.klaberjass.remedies import FAULTS
from referee.core.games.klaberjass.rules import ANSWERS, REVOKE, allowed_cards, compare_sequences
from referee.core.games.klaberjass.sequences import DixAndSequences
from referee.core.games.klaberjass.setup import SETUP
from referee.core.games.klaberjass.trumps import TrumpChoice
from referee.core.protocol import Referee
from referee.core.record import Event
from referee.core.tricks import RuledByOffender
from referee.core.verdict import Turn
from scoring.core.base import DealScore
from scoring.core.games.klaberjass import GAME as SCORING
from vocabulary.cards import SUITS, card_name
from vocabulary.i18n import _, gettext_noop


class _Replay(TrumpChoice, DixAndSequences, TrickPlay, RuledByOffender[KlaberjassRecord]):
    """The state of one replay, which replays every event (KJ-8.5), flagging each illegal one and going on after it.
    Its violations are given in record order: a declaration is flagged when a later dix breaks it (KJ-6.2). Private
    and short-lived: the public API is pure."""

    scoring = SCORING
    faults = FAULTS
    revoke = REVOKE

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"bid": self.bid, "answer": self.answer, "dix": self.dix, "declare": self.declare, "play": self.play}

    def wrong_phase(self, event: Event) -> bool:
        """Flag an event that comes when it cannot; True if it must be skipped."""
        phase = self.phase
        if phase == "annulled":
            rule, what = "KJ-4.4", gettext_noop("{player} acted after the deal was annulled")
        elif phase == "done":
            rule, what = "KJ-8.4", gettext_noop("{player} acted after all nine tricks were played")
        elif event.type in ("bid", "answer"):
            if phase != "play":
                return False
            rule, what = "KJ-4.3", gettext_noop("{player} spoke after trumps were chosen")
        elif phase != "play" and not self.missing_answer(event):
            what = {
                "dix": gettext_noop("{player} swapped the dix before trumps were chosen"),
                "declare": gettext_noop("{player} declared a sequence before trumps were chosen"),
                "play": gettext_noop("{player} played a card before trumps were chosen"),
            }[event.type]
            rule = {"dix": "KJ-5.3", "declare": "KJ-6.2", "play": "KJ-8.1"}[event.type]
        else:
            return False
        self.flag(event, rule, _(what).format(player=self.players[event.seat]))
        return True

    def next_turn(self) -> Turn | None:
        up = self.record.turn_up.suit
        if self.phase == "bid":
            return self.trump_turn(up, ("schmeiss",) if "kj_schmeiss" in self.flags else ())  # R-KJ-2
        if self.phase == "answer":
            seat = 1 - self.schmeisser
            prompt = _("{player}: {schmeisser} schmeisses; play or throw in (R-KJ-2)").format(
                player=self.name(seat), schmeisser=self.name(self.schmeisser)
            )
            return Turn(seat, "answer", ANSWERS, prompt)
        if self.phase == "name":
            prompt = _("{player}: name trumps (R-KJ-2, KJ-4.2)").format(player=self.name(self.schmeisser))
            return Turn(self.schmeisser, "trump", tuple(suit for suit in SUITS if suit != up), prompt)
        if self.phase != "play" or self.short:
            return None
        seat = self.due_player()
        led = self.trick[0][1] if self.trick else None
        allowed, _rule = allowed_cards(self.hands[seat], led, self.trump)
        if self.has_played(seat):
            prompt = _("{player} to lead") if led is None else _("{player} to play to {card}")
        elif led is None:
            prompt = _("{player} to lead; first, any dix swap (KJ-5.3) or sequences (KJ-6.2)")
        else:
            prompt = _("{player} to play to {card}; first, any dix swap (KJ-5.3) or sequences (KJ-6.2)")
        prompt = prompt.format(player=self.name(seat), card=card_name(led) if led is not None else "")
        return Turn(seat, "play", tuple(card.code for card in allowed), prompt)

    def end_notes(self) -> None:
        if self.phase == "play" and self.short:
            self.notes.append(_("only the first six cards of each hand are recorded (KJ-3.2); play cannot be refereed"))

    def deal_entry(self) -> dict[str, Any] | None:
        """The entry of KJ-8.5 once the nine tricks are played, or of a deal annulled (KJ-4.4, R-KJ-2)."""
        if self.phase == "annulled":
            return {"annulled": True}
        if self.phase != "done":
            return None
        assert self.maker is not None and self.last_trick is not None
        points, notes = compare_sequences(self.declared, self.trump, self.flags, self.tricks_taken(), self.players)
        self.notes.extend(notes)
        return {
            "maker": self.maker,
            "trump": self.trump,
            "card_points": list(self.points),
            "last_trick": self.last_trick,
            "sequence_points": points,
            "bella": self.bella,
        }

    def scored(self, played: dict[str, Any] | None) -> tuple[dict[str, Any] | None, DealScore | None]:
        """The entry as played, with the sequence points it counts (KJ-8.5), where the scoring core reads it."""
        entry, score = super().scored(played)
        return played if entry is not None else None, score

    def card_points(self) -> tuple[int, ...]:
        return tuple(self.points)


REFEREE = Referee(name="klaberjass", read=read_record, replay_of=_Replay, setup=SETUP)
