"""What the phase handlers share (referee/core/plays.py): a fault flagged with its sentence worded for the event, and
where a card that is not in its player's hand went (to its holder as dealt, or to a trick)."""

from __future__ import annotations

from referee.core.plays import Faulting
from referee.core.record import Event, Record
from referee.core.verdict import Violation
from vocabulary.cards import Card

ACE, KING, QUEEN = Card("A", "S"), Card("K", "S"), Card("Q", "H")
RECORD = Record(players=("Anna", "Ben"), dealer=0, flags=frozenset(), hands=((ACE, QUEEN), (KING,)), events=())


def state() -> Faulting[Record]:
    return Faulting(RECORD)


def play(number: int, seat: int, card: Card) -> Event:
    return Event(number=number, type="play", seat=seat, card=card)


def test_fault_words_the_events_player_and_card_and_the_values_given() -> None:
    replay = state()
    replay.fault(play(1, 1, ACE), "X-1", "{player} played {card} out of turn: it was {due}'s turn", due="Anna")
    assert replay.violations == [
        Violation(
            event=1, seat=1, rule="X-1", message="Ben played A♠ out of turn: it was Anna's turn", trick=1, card=ACE
        )
    ]


def test_a_value_given_names_another_player_in_the_players_place() -> None:
    replay = state()
    replay.fault(Event(number=2, type="bid", seat=0), "X-2", "{player} had to answer first", seat=1, player="Ben")
    assert replay.violations == [
        Violation(event=2, seat=1, rule="X-2", message="Ben had to answer first", trick=None, card=None)
    ]


def test_a_card_goes_to_the_first_trick_it_was_played_to_by_its_holder() -> None:
    replay = state()
    replay.trick = [(1, QUEEN)]  # Ben played Anna's queen without holding it
    replay.take_trick(1, "", 1)
    replay.trick = [(0, QUEEN)]
    assert replay.dealt_to(QUEEN) == 0
    assert (replay.played_to(QUEEN), replay.played_to(QUEEN, 0), replay.played_to(ACE)) == (1, 2, None)


def test_a_card_not_held_was_already_played_or_is_anothers() -> None:
    replay = state()
    replay.trick = [(0, ACE)]
    replay.not_held(play(2, 1, ACE), ACE, "X-3", "X-4")
    replay.not_held(play(3, 0, KING), KING, "X-3", "X-4")
    assert [(violation.rule, violation.message) for violation in replay.violations] == [
        ("X-3", "A♠ was already played"),
        ("X-4", "Anna does not hold K♠"),
    ]
