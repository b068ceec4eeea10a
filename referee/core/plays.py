"""What the phase handlers of every game write alike: a fault flagged with its sentence worded for the event, and
where a card that is not in its player's hand went.

A game's handler classes inherit `Faulting` beside their state; the rules, their IDs and each sentence stay the game's.
"""

from __future__ import annotations

from referee.core.record import Event
from referee.core.tricks import FlaggingState, RecordT, TrickState
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _


class Plays(TrickState[RecordT]):
    """Where a card that is not in its player's hand went: to its holder as dealt, or to a trick."""

    def dealt_to(self, card: Card) -> int:
        """The seat ``card`` was dealt to."""
        return next(seat for seat, hand in enumerate(self.record.hands) if card in hand)

    def played_to(self, card: Card, seat: int | None = None) -> int | None:
        """The number of the first trick, finished or being played, that ``card`` went to (from ``seat``, if given), or
        None: a card leaves a hand only when played from it, so a card its holder no longer holds went to a trick."""
        for number, plays in enumerate([*(trick.plays for trick in self.tricks), self.trick], start=1):
            if any(played == card and seat in (None, player) for player, played in plays):
                return number
        return None


class Faulting(FlaggingState[RecordT], Plays[RecordT]):
    """A `FlaggingState` whose handlers flag a fault and word its sentence in one call (`fault`)."""

    @staticmethod
    def card_words(card: Card) -> str:
        """A card as the game's sentences name it."""
        return card_name(card)

    def fault(self, event: Event, rule: str, message: str, seat: int | None = None, **values: object) -> None:
        """Flag ``event`` for breaking ``rule`` (``seat`` as in `flag`), with the card it played. ``message`` is a
        sentence in the active language, worded with the event's player as ``{player}``, its card as ``{card}``, and
        ``values``, which may name another player or card in their place."""
        card = event.card
        words = {"player": self.players[event.seat], "card": self.card_words(card) if card is not None else ""}
        self.flag(event, rule, message.format(**{**words, **values}), card, seat)

    def not_held(self, event: Event, card: Card, played: str, elsewhere: str) -> None:
        """Flag ``card``, which its player does not hold: under ``played`` if it went to a trick already, else under
        ``elsewhere`` (another player holds it, who plays it later like any other card)."""
        if self.played_to(card) is not None:
            self.fault(event, played, _("{card} was already played"))
        else:
            self.fault(event, elsewhere, _("{player} does not hold {card}"))
