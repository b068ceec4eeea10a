"""The draws after each draw trick (DB-3.5, DB-3.6); who wins a draw trick is the rules' (`rules`)."""

from __future__ import annotations

from referee.core.games.draw_bridge.state import TRICKS_PER_PHASE, Phase, ReplayState, call_label
from referee.core.record import Event
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _, gettext_noop

# DB-3.5: a play or a call before the draws due (`DrawPhase.make_missing_draws`), by the event and how many draws
# were missing, each a whole sentence (msgids: vocabulary/i18n.py).
_BEFORE_THE_DRAWS = {
    ("play", 1): gettext_noop("{player} played {card} before the draws after draw trick {trick} ({first})"),
    ("play", 2): gettext_noop(
        "{player} played {card} before the draws after draw trick {trick} ({first}, then {then})"
    ),
    ("call", 1): gettext_noop("{player} called {call} before the draws after draw trick {trick} ({first})"),
    ("call", 2): gettext_noop(
        "{player} called {call} before the draws after draw trick {trick} ({first}, then {then})"
    ),
}


class DrawPhase(ReplayState):
    """The draws after each draw trick: the winner first, then the loser, from the top of the stock (DB-3.5)."""

    def draw(self, event: Event) -> None:
        seat, card = event.seat, event.card
        assert card is not None
        if self.phase != Phase.DRAWING:
            self.flag_misplaced(event)
            return
        pending = self.pending_draws
        if seat != pending[0]:
            first = self.name(pending[0])
            if seat not in pending:
                message = _("{player} already drew after draw trick {trick}; {first} draws next")
                self.fault(event, "DB-3.5", message, trick=self.phase_tricks, first=first)
                return
            message = _("{player} drew before {first}, who won draw trick {trick} and draws first")
            self.fault(event, "DB-3.5", message, first=first, trick=self.phase_tricks)
        pending.remove(seat)
        top = self.stock[-1]
        if card == top:
            self.stock.pop()
        else:
            card = self.draw_other(event, card, top)
        self.hands[seat][card] = None
        if not pending:
            self.end_draws()

    def draw_other(self, event: Event, card: Card, top: Card) -> Card:
        """A draw of another card than the top of the stock: flagged (DB-3.5); the card the player gets."""
        if card in self.stock:
            message = _("{player} drew {card}, but the top card of the stock was {top}")
            self.fault(event, "DB-3.5", message, top=card_name(top))
            self.stock.remove(card)  # the record says this card went to the hand: follow it
            return card
        message = _("{player} drew {card}, which is not in the stock; the top card was {top}")
        self.fault(event, "DB-3.5", message, top=card_name(top))
        return self.stock.pop()

    def make_missing_draws(self, event: Event) -> None:
        """DB-3.5: both draws come before the next lead or call. Flag the slip once and make the draws.

        The draws are fixed by the stock order (the winner takes the top card, the loser the next), so
        they can be made for the players and the rest of the record judged as it stands.
        """
        names = [self.players[seat] for seat in self.pending_draws]
        message = _(_BEFORE_THE_DRAWS[event.type, len(names)])
        call = call_label(event)
        self.fault(event, "DB-3.5", message, call=call, trick=self.phase_tricks, first=names[0], then=names[-1])
        for seat in self.pending_draws:
            if self.stock:  # a record of the plays only knows only the cards drawn
                self.hands[seat][self.stock.pop()] = None
        self.end_draws()

    def end_draws(self) -> None:
        self.pending_draws = []
        if self.phase_tricks == TRICKS_PER_PHASE:
            self.phase = Phase.AUCTION  # DB-3.6: 26 cards drawn, 13 in each hand; the auction follows
        else:
            self.phase = Phase.DRAW_TRICKS
