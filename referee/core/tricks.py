"""What every game's replay shares: the state it starts from, the order of play round a trick, the card that wins a
trick of the bridge games, and the tricks a verdict shows.

Each game's ``state`` builds on `TrickState` and adds its own phases; the rules stay the game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from referee.core.record import Event, Record
from referee.core.verdict import Trick, Violation
from scoring.core.base import DealScore, EntryError, Game
from vocabulary.cards import RANK_VALUES, Card
from vocabulary.i18n import Text, _, gettext_noop

RecordT = TypeVar("RecordT", bound=Record)
_UNSCORED = gettext_noop("the deal cannot be scored: {error} ({rule})")


class TrickState(Generic[RecordT]):
    """What one replay starts from: its record, flags, players and dealer, each hand as dealt, no violation, no
    trick played and nothing to note. Only `Verdict` values leave a replay."""

    def __init__(self, record: RecordT) -> None:
        self.record = record
        self.flags = record.flags
        self.players = record.players
        self.dealer = record.dealer
        # Each hand is an insertion-ordered dict used as an ordered set, in the order dealt: what a seat holds is
        # listed in that order, whatever the hash seed.
        self.hands: list[dict[Card, None]] = [dict.fromkeys(hand) for hand in record.hands]
        self.violations: list[Violation] = []
        self.tricks: list[Trick] = []
        self.trick: list[tuple[int, Card]] = []  # the trick being played, emptied when it is over
        self.notes: list[str] = []  # what the verdict notes
        self.leader = 0  # who leads to the trick being played

    def name(self, seat: int) -> str:
        return self.players[seat]

    def scored(
        self, game: Game, entry: dict[str, Any] | None, unscored: str = _UNSCORED
    ) -> tuple[Any, DealScore | None]:
        """The scoring core's deal read from ``entry`` (None: the deal is not over) and its score; (None, None), with a
        note (``unscored``, a msgid with ``{error}`` and ``{rule}``), when the scoring core refuses the entry."""
        if entry is None:
            return None, None
        try:
            deal = game.parse_deal(entry, self.flags)
        except EntryError as error:
            self.notes.append(_(unscored).format(error=error.message, rule=error.rule))
            return None, None
        return deal, game.score_deal(deal, self.dealer, self.flags, 0)

    def take_trick(self, winner: int, reason: str | Text, leader: int, points: int = 0, counts: bool = True) -> int:
        """The trick being played, led by ``leader``, goes to ``winner``, who leads to the next; its number. ``counts``
        is False for a trick that does not count for the contract (Draw Bridge's draw tricks, DB-3.4)."""
        number = len(self.tricks) + 1
        plays = tuple(self.trick)
        self.tricks.append(
            Trick(number=number, leader=leader, plays=plays, winner=winner, reason=reason, points=points, counts=counts)
        )
        self.trick = []
        self.leader = winner
        return number


class FlaggingState(TrickState[RecordT]):
    """A `TrickState` whose handlers give each violation the card it concerns (Bridgette, Call Bridge, Klaberjass,
    Belote)."""

    def flag(self, event: Event, rule: str, message: str, card: Card | None = None, seat: int | None = None) -> None:
        """Record a violation of ``rule`` by ``event`` (``seat`` names another player, when theirs is the event that is
        missing), with the card it concerns. The message says what happened in words and never cites the rule: the
        violation carries it in its own field."""
        who = event.seat if seat is None else seat
        trick = self.trick_of(event)
        self.violations.append(
            Violation(event=event.number, seat=who, rule=rule, message=message, trick=trick, card=card)
        )

    def trick_of(self, event: Event) -> int | None:
        """The trick a violation by ``event`` is in: the trick being played, for a card played."""
        return len(self.tricks) + 1 if event.type == "play" else None


def next_to_play(leader: int, trick: Sequence[tuple[int, Card]], seats: int) -> int:
    """The first seat from ``leader``, in the order of play, that has not played to ``trick``; a trick is over before
    every seat has played to it, so there is one."""
    played = {seat for seat, _card in trick}
    return next(seat for step in range(seats) if (seat := (leader + step) % seats) not in played)


def winning_play(plays: Sequence[tuple[int, Card]], trumps: str | None) -> tuple[int, Card]:
    """The seat and card that win a trick of the bridge games: the highest trump, else the highest card of the suit
    led (CB-5.3, BR-5.4). Strictly higher: of two equal cards (one played without being held), the earlier wins."""
    winner, best = plays[0]
    for seat, card in plays[1:]:
        if (
            card.suit == best.suit and RANK_VALUES[card.rank] > RANK_VALUES[best.rank]
        ) or card.suit == trumps != best.suit:
            winner, best = seat, card
    return winner, best


def shown_tricks(
    tricks: Sequence[Trick], trick: Sequence[tuple[int, Card]], leader: int | None = None, counts: bool = True
) -> tuple[Trick, ...]:
    """The tricks a verdict shows: the finished ones and, last, the one being played if a card is played to it, led by
    ``leader`` (by default the seat of its first card); ``counts`` as in `TrickState.take_trick`."""
    if not trick:
        return tuple(tricks)
    first = trick[0][0] if leader is None else leader
    return (*tricks, Trick(number=len(tricks) + 1, leader=first, plays=tuple(trick), counts=counts))
