"""The Draw Bridge referee: the replay of a whole deal, event by event, and the verdict it gives.

It reads a Draw Bridge hand record (`deal.read_record`): 2 hands of 13 and a stock of 26 from one 52-card pack
(DB-1.1, DB-2.2); and replays the draw tricks (DB-3.7), the auction (DB-4, BG-5.7) and the play (DB-5), flagging
illegal events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.games.draw_bridge.auction import AuctionPhase
from referee.core.games.draw_bridge.deal import DrawBridgeRecord, read_record
from referee.core.games.draw_bridge.play import CardPlay
from referee.core.games.draw_bridge.remedies import FAULTS
from referee.core.games.draw_bridge.rules import REVOKE
from referee.core.games.draw_bridge.setup import SETUP
from referee.core.games.draw_bridge.state import TRICKS_PER_PHASE, Phase, display_order
from referee.core.protocol import Referee
from referee.core.record import Event
from referee.core.tricks import RuledForTwo, contract_entry, shown_tricks
from referee.core.verdict import Trick, Turn
from scoring.core.games.draw_bridge import GAME as SCORING
from scoring.core.games.draw_bridge import MUST_FOLLOW_PHASE1, SHOW_STOCK_TOP
from vocabulary.cards import card_name
from vocabulary.i18n import _, gettext_noop

# The turn during the draw tricks, by lead or play, whether any card may be led (DB-3.2) and whether the stock's top
# card is shown (R-DB-2): each a whole sentence (msgids: vocabulary/i18n.py).
_DRAW_TRICK_PROMPTS = {
    ("lead", False, False): gettext_noop("{player} to lead to draw trick {trick}"),
    ("lead", True, False): gettext_noop("{player} to lead to draw trick {trick}, any card (DB-3.2)"),
    ("lead", False, True): gettext_noop(
        "{player} to lead to draw trick {trick}; face up on the stock: {card} (R-DB-2)"
    ),
    ("lead", True, True): gettext_noop(
        "{player} to lead to draw trick {trick}, any card (DB-3.2); face up on the stock: {card} (R-DB-2)"
    ),
    ("play", False, False): gettext_noop("{player} to play to draw trick {trick}"),
    ("play", False, True): gettext_noop(
        "{player} to play to draw trick {trick}; face up on the stock: {card} (R-DB-2)"
    ),
}


class _Replay(CardPlay, AuctionPhase, RuledForTwo[DrawBridgeRecord]):
    """One whole replay: the draw phase, the auction and the play over one state; only `Verdict` values leave it."""

    scoring = SCORING
    faults = FAULTS
    revoke = REVOKE

    def handlers(self) -> dict[str, Callable[[Event], None]]:
        return {"play": self.play, "draw": self.draw, "call": self.call}

    def next_turn(self) -> Turn | None:
        if self.phase == Phase.OVER:
            return None
        if self.phase == Phase.DRAWING:
            seat = self.pending_draws[0]
            if len(self.pending_draws) == 2:
                prompt = _("{player} won draw trick {trick} and draws from the stock (DB-3.5)")
            else:
                prompt = _("{player} lost draw trick {trick} and draws from the stock (DB-3.5)")
            prompt = prompt.format(player=self.players[seat], trick=self.phase_tricks)
            # The top of the stock; none known in a record of the plays only, whose stock is the cards drawn.
            return Turn(seat, "draw", tuple(card.code for card in self.stock[-1:]), prompt)
        if self.phase == Phase.AUCTION:
            return Turn(self.caller, "call", self.allowed_calls(), self.auction_prompt())
        seat = self.due_player()
        allowed = tuple(card.code for card in sorted(self.allowed_cards(seat), key=display_order))
        name = self.players[seat]
        if self.phase == Phase.DRAW_TRICKS:
            any_card = not self.trick and MUST_FOLLOW_PHASE1 not in self.flags
            face_up = SHOW_STOCK_TOP in self.flags and bool(self.stock)
            message = _(_DRAW_TRICK_PROMPTS["lead" if not self.trick else "play", any_card, face_up])
            top = card_name(self.stock[-1]) if face_up else ""
            prompt = message.format(player=name, trick=self.trick_number, card=top)
        else:
            if not self.trick:
                message = _("{player} to lead to trick {trick} ({contract} by {declarer})")
            else:
                message = _("{player} to play to trick {trick} ({contract} by {declarer})")
            prompt = message.format(
                player=name,
                trick=self.trick_number - TRICKS_PER_PHASE,
                contract=self.contract_label(),
                declarer=self.players[self.bidder],
            )
        return Turn(seat, "play", allowed, prompt)

    def deal_entry(self) -> dict[str, Any] | None:
        if self.phase != Phase.OVER:
            return None
        return contract_entry(self.bidder, self.bid, self.doubled, self.tricks_taken()[self.bidder])

    def end_notes(self) -> None:
        if self.phase == Phase.OVER and self.bid is None:
            message = _("passed out: no score, and {player} deals next (DB-4.3)")
            self.notes.append(message.format(player=self.players[1 - self.dealer]))

    def tricks_shown(self) -> tuple[Trick, ...]:
        return shown_tricks(self.tricks, self.trick, self.leader, counts=self.phase == Phase.PLAY)

    def revoke_events(self) -> set[int]:
        """Only the cards that did not follow suit: DB-5.2 also flags a card not held, which R-DB-13 answers."""
        return self.revokes


REFEREE = Referee(name="draw_bridge", read=read_record, replay_of=_Replay, setup=SETUP)
