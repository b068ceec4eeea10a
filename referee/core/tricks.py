"""What every game's replay shares: the state it starts from, the run of its events and the verdict it assembles,
the order of play round a trick, the card that wins a trick of the bridge games, and the tricks a verdict shows; and
the deal as ruled of the two-player games whose revokes transfer tricks.

Each game's ``state`` builds on `TrickState` and adds its own phases; its ``replay`` gives the handler of each event,
the turn to come, the deal entry and the remedies. The rules stay the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Generic, TypeVar

from referee.core.calls import Call
from referee.core.record import Event, Record
from referee.core.remedies import Faults, WordedRemedy, ruled_by_offender, ruled_for_two
from referee.core.verdict import Remedy, Ruling, Trick, Turn, Verdict, Violation
from scoring.core.base import DealScore, EntryError, Game
from vocabulary.cards import RANK_VALUES, Card
from vocabulary.i18n import Text, _, gettext_noop

RecordT = TypeVar("RecordT", bound=Record)
# The violations with what the deal as ruled adds to their remedies, and the deal as ruled (None: the score stands).
Ruled = tuple[tuple[Violation, ...], Ruling | None]
_UNSCORED = gettext_noop("the deal cannot be scored: {error} ({rule})")


class TrickState(Generic[RecordT]):
    """What one replay starts from: its record, flags, players and dealer, each hand as dealt, no violation, no
    trick played and nothing to note; and how it runs (`run`). Only `Verdict` values leave a replay.

    A game's replay class names its scoring core (``scoring``, which reads and scores the deal entry), its ruling
    on the faults with no remedy of their own (``faults``) and, where its rules tell it in words, on a card they
    did not allow (``revoke``); it gives `handlers`, `next_turn`, `deal_entry` and `ruled`, and may give the rest."""

    scoring: ClassVar[Game]
    faults: ClassVar[Faults]
    revoke: ClassVar[WordedRemedy | None] = None
    unscored: ClassVar[str] = _UNSCORED  # the note of an entry the scoring core refuses: {error} and {rule}

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
        # Who leads to the trick being played: to the first, the dealer's next player unless the rules choose another.
        self.leader = (record.dealer + 1) % len(record.players)

    def name(self, seat: int) -> str:
        return self.players[seat]

    @property
    def trick_number(self) -> int:
        """The number of the trick being played."""
        return len(self.tricks) + 1

    def due_player(self) -> int:
        """The seat due to play to the trick being played: the first from its leader, in the order of play, that has
        not played to it."""
        return next_to_play(self.leader, self.trick, len(self.players))

    def tricks_taken(self) -> tuple[int, ...]:
        """How many of the tricks that count each seat has taken."""
        winners = [trick.winner for trick in self.tricks if trick.counts]
        return tuple(winners.count(seat) for seat in range(len(self.players)))

    def run(self) -> Verdict:
        """Give each event, in record order, to the handler of its type unless it comes when the deal has no place
        for it (`wrong_phase`); then the verdict: the notes of the end, the deal entry as the scoring core stores it
        and its score, each violation's remedy and the deal as ruled."""
        handlers = self.handlers()
        for event in self.record.events:
            if not self.wrong_phase(event):
                handlers[event.type](event)
        self.end_notes()
        played = self.deal_entry()
        entry, score = self.scored(played)
        violations, ruling = self.ruled(self.with_remedies(), entry)
        return Verdict(
            violations=violations,
            tricks=self.tricks_shown(),
            tricks_won=self.tricks_taken(),
            card_points=self.card_points(),
            complete=played is not None,
            deal_entry=entry,
            score=score,
            next_turn=self.next_turn(),
            notes=tuple(self.notes),
            hands=self.hands_shown(),
            ruling=ruling,
        )

    def handlers(self) -> Mapping[str, Callable[[Event], None]]:
        """Each event's handler, by its type."""
        raise NotImplementedError

    def wrong_phase(self, event: Event) -> bool:
        """Flag an event that comes when the deal has no place for it, where its handler does not; True: skip it."""
        return False

    def next_turn(self) -> Turn | None:
        """Who acts next and what the rules allow them; None once the deal is over or cannot be refereed further."""
        raise NotImplementedError

    def deal_entry(self) -> dict[str, Any] | None:
        """The deal's entry for the scoring core once the deal is over; None until then."""
        raise NotImplementedError

    def end_notes(self) -> None:
        """Note what the end of the replay leaves to say, before the deal is scored."""

    def scored(self, played: dict[str, Any] | None) -> tuple[dict[str, Any] | None, DealScore | None]:
        """The entry ``played`` as the scoring core stores it (None: the deal is not over) and its score; (None, None),
        with a note (``unscored``), when the scoring core refuses the entry."""
        if played is None:
            return None, None
        try:
            deal = self.scoring.parse_deal(played, self.flags)
        except EntryError as error:
            self.notes.append(_(self.unscored).format(error=error.message, rule=error.rule))
            return None, None
        return self.scoring.to_entry(deal), self.scoring.score_deal(deal, self.dealer, self.flags, 0)

    def with_remedies(self) -> tuple[Violation, ...]:
        """The violations in record order (a later event may break what an earlier one did), each with its remedy:
        the game's own (`own_remedies`), the ``revoke`` ruling's for a card the rules did not allow (of the events
        `revoke_events` gives), the ``faults`` ruling's for the rest."""
        own = self.own_remedies()
        remedied = [
            violation._replace(remedy=own.get(index, violation.remedy))
            for index, violation in enumerate(self.violations)
        ]
        violations: Sequence[Violation] = sorted(remedied, key=attrgetter("event"))
        if self.revoke is not None:
            violations = self.revoke.given_to(violations, self.players, self.flags, self.revoke_events())
        return self.faults.given_to(violations, self.players, self.flags)

    def own_remedies(self) -> Mapping[int, Remedy]:
        """The remedies the game's rules give themselves (Contract Bridge's Laws, Belote's renonce), by the index of
        the violation in the order flagged; the shared rulings remedy the rest."""
        return {}

    def revoke_events(self) -> Collection[int] | None:
        """The events the ``revoke`` ruling answers, where its rules also flag other faults; None: every one."""
        return None

    def ruled(self, violations: tuple[Violation, ...], entry: dict[str, Any] | None) -> Ruled:
        """The violations, with what the deal as ruled adds to their remedies, and the deal as ruled from ``entry``
        (None: the score as played stands)."""
        raise NotImplementedError

    def tricks_shown(self) -> tuple[Trick, ...]:
        """The tricks the verdict shows (`shown_tricks`)."""
        return shown_tricks(self.tricks, self.trick)

    def card_points(self) -> tuple[int, ...] | None:
        """The card points each seat or side has taken, in a game that counts them."""
        return None

    def hands_shown(self) -> tuple[tuple[Card, ...], ...]:
        """What each seat holds once the recorded events are replayed."""
        return tuple(tuple(hand) for hand in self.hands)

    def take_trick(self, winner: int, reason: str | Text, leader: int, points: int = 0, counts: bool = True) -> int:
        """The trick being played, led by ``leader``, goes to ``winner``, who leads to the next; its number. ``counts``
        is False for a trick that does not count for the contract (Draw Bridge's draw tricks, DB-3.4)."""
        number = self.trick_number
        plays = tuple(self.trick)
        self.tricks.append(
            Trick(number=number, leader=leader, plays=plays, winner=winner, reason=reason, points=points, counts=counts)
        )
        self.trick = []
        self.leader = winner
        return number


class FlaggingState(TrickState[RecordT]):
    """A `TrickState` whose handlers give each violation the card it concerns."""

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
        return self.trick_number if event.type == "play" else None


class RuledForTwo(TrickState[RecordT]):
    """A two-player game whose revokes transfer tricks at the end of play (R-BG-19, R-DB-12): its deal as ruled is the
    declarer's tricks after every transfer (`ruled_for_two`)."""

    revoke: ClassVar[WordedRemedy]

    def ruled(self, violations: tuple[Violation, ...], entry: dict[str, Any] | None) -> Ruled:
        names, tricks = self.players, self.tricks_shown()
        return ruled_for_two(self.revoke, violations, tricks, entry, self.scoring, self.dealer, names, self.flags)


class RuledByOffender(TrickState[RecordT]):
    """A game whose card the rules did not allow costs its offender (R-CB-10, R-KJ-14): its deal as ruled is the entry
    with the offender in its ``revoke`` field (`ruled_by_offender`)."""

    revoke: ClassVar[WordedRemedy]

    def ruled(self, violations: tuple[Violation, ...], entry: dict[str, Any] | None) -> Ruled:
        ruling = ruled_by_offender(
            self.revoke, "revoke", violations, entry, self.scoring, self.dealer, self.players, self.flags
        )
        return violations, ruling


def next_to_play(leader: int, trick: Sequence[tuple[int, Card]], seats: int) -> int:
    """The first seat from ``leader``, in the order of play, that has not played to ``trick``; a trick is over before
    every seat has played to it, so there is one."""
    played = {seat for seat, _card in trick}
    return next(seat for step in range(seats) if (seat := (leader + step) % seats) not in played)


def contract_entry(declarer: int | None, bid: Call | None, doubled: int, tricks: int) -> dict[str, Any]:
    """The deal entry of a bridge game's contract: passed out without a declarer, else the contract and the declaring
    side's ``tricks``."""
    if declarer is None or bid is None:
        return {"passed_out": True}
    return {"declarer": declarer, "level": bid.level, "strain": bid.strain, "doubled": doubled, "tricks": tricks}


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
