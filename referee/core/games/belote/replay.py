"""The Belote referee: replays a read record event by event and assembles the verdict and the deal entry the
scoring core scores (docs/rules/belote.md BL-7.7, BL-8.7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.belote.deal import read_record
from referee.core.games.belote.play import TrickPlay
from referee.core.games.belote.rules import STOCK
from referee.core.games.belote.setup import SETUP
from referee.core.games.belote.trumps import TrumpChoice
from referee.core.protocol import Referee
from referee.core.record import Event
from referee.core.verdict import Turn
from scoring.core.games.belote import GAME as SCORING
from scoring.core.games.belote import LAST_TRICK, NO_CAPOT, side_of
from vocabulary.cards import card_name
from vocabulary.i18n import _, gettext_noop, ngettext


class _Replay(TrumpChoice, TrickPlay):
    """The state of one replay, which replays every event (BL-7.7), flagging each illegal one and going on after it.
    Private and short-lived: the public API is pure."""

    scoring = SCORING

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"bid": self.bid, "play": self.play}

    def wrong_phase(self, event: Event) -> bool:
        """Flag an event that comes when it cannot; True if it must be skipped."""
        phase = self.phase
        if phase == "thrown_in":
            rule, what = (
                "BL-4.4",
                gettext_noop("{player} acted after all four passed twice and the cards were thrown in"),
            )
        elif phase == "done":
            rule, what = "BL-7.6", gettext_noop("{player} acted after all eight tricks were played")
        elif event.type == "bid" and phase == "play":
            rule, what = "BL-4.3", gettext_noop("{player} spoke after {taker} had taken")
        elif event.type == "play" and phase == "bid":
            rule, what = "BL-7.1", gettext_noop("{player} played a card before trumps were chosen")
        else:
            return False
        self.flag(event, rule, _(what).format(player=self.name(event.seat), taker=self.name(self.taker or 0)))
        return True

    def next_turn(self) -> Turn | None:
        if self.phase == "bid":
            return self.trump_turn(self.record.turn_up.suit)
        if self.phase != "play" or not self.dealt:
            return None
        seat = self.due_player()
        allowed, _rule = self.allowed(seat)
        prompt = _("{player} to play to {card}") if self.trick else _("{player} to lead")
        words = prompt.format(player=self.name(seat), card=card_name(self.trick[0][1]) if self.trick else "")
        return Turn(seat, "play", tuple(card.code for card in allowed), words)

    def deal_entry(self) -> dict[str, Any] | None:
        """The match-file entry of BL-8.7 for a finished deal; a deal nobody took is passed out (BL-4.4)."""
        if self.phase == "thrown_in":
            return {"passed_out": True}
        if self.phase != "done":
            return None
        assert self.taker is not None and self.last_trick is not None
        last = self.camp(self.last_trick).value  # the camp that won the last trick (BL-2.3)
        # BL-8.5: a capot, the camp of the last trick taking every trick.
        capot = all(self.partners(seat, self.last_trick) for seat, won in enumerate(self.tricks_taken()) if won)
        said = self.belote_by if self.belote_by is not None and self.rebelote_by == self.belote_by else None
        # BL-5: announcements are not in the hand record, so the entry leaves them out: none declared. The verdict
        # gives it as the scoring core stores it, every field present (`verdict`).
        return {
            "taker": self.taker,
            "trump": self.trump,
            "taker_card_points": self.points[side_of(self.taker)],
            "last_trick": last,
            "capot": last if capot else NO_CAPOT,
            "belote": said,
        }

    def end_notes(self) -> None:
        if self.phase == "thrown_in":
            if "bl_same_dealer_redeals" in self.flags:
                note = _("all four passed twice: the cards are thrown in and the same player deals again (R-BL-1)")
            else:
                note = _("all four passed twice: the cards are thrown in and the next player deals (R-BL-1)")
            self.notes.append(note)
        if self.phase == "play" and not self.dealt:
            note = ngettext(
                "the stock holds {count} of its {size} card: record them in the order dealt "
                "to complete the deal and referee the play (BL-3.4)",
                "the stock holds {count} of its {size} cards: record them in the order dealt "
                "to complete the deal and referee the play (BL-3.4)",
                STOCK,
            )
            self.notes.append(note.format(count=len(self.record.stock), size=STOCK))
        if self.belote_by is not None and self.rebelote_by is None and self.phase == "done":
            note = _("{player} said belote but never rebelote: no 20 points (BL-6.1)")
            self.notes.append(note.format(player=self.name(self.belote_by)))
        if self.phase == "done":
            self.notes.append(_("announcements (BL-5) are not in the hand record: the deal entry counts none"))

    def card_points(self) -> tuple[int, ...]:
        """Each side's card points, with the 10 for the last trick once it is played (BL-2.2, BL-2.3): 162 in all."""
        points = list(self.points)
        if self.last_trick is not None:
            points[side_of(self.last_trick)] += LAST_TRICK
        return tuple(points)


REFEREE = Referee(name="belote", read=read_record, replay_of=_Replay, setup=SETUP)
