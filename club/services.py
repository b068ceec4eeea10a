"""The writes of a club night: an event and its entrants, a round drawn, two entrants swapped, a round started
(each table's match made, with its table link). Each runs in one transaction with the event row locked, so two
taps of the director's do not draw a round twice.

What a round's seating is (club/core/pairing.py) depends on the standings (club/standing.py), read inside the same
transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from club.core.pairing import Seating, draw, met_pairs, rotation, swiss
from club.models import ROTATION, Entrant, Event, League, Round, Table
from club.standing import night
from scoring import table
from scoring.core.match import parse_match
from scoring.services import create_match


class Refused(Exception):
    """The director's step cannot be taken now; nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def create_event(*, owner: Any, data: dict[str, Any], teams: list[list[str]]) -> Event:
    """An event and its entrants, from the new-event form's cleaned ``data`` (transaction)."""
    with transaction.atomic():
        event = Event.objects.create(
            owner=owner,
            name=data["name"],
            game=data["game"],
            flags=sorted(data.get("flags") or []),
            target=data.get("target"),
            deals_per_round=data.get("deals_per_round"),
            rounds=data["rounds"],
            movement=data["movement"],
            confirmation=data["confirmation"],
            league=data.get("league"),
        )
        Entrant.objects.bulk_create(
            Entrant(event=event, number=number, players=players) for number, players in enumerate(teams, start=1)
        )
    return event


def create_league(*, owner: Any, name: str) -> League:
    return League.objects.create(owner=owner, name=name)


def _lock(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _bump(event: Event) -> None:
    """Count one more write of the director's: the room's pages are drawn again (club/views.py)."""
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)


def seating_for(event: Event, number: int) -> Seating:
    """Round ``number``'s seating, in entrant numbers: the rotation's schedule (CL-2.4); else the draw for round 1
    (CL-2.1) and Swiss by the standings after it (CL-2.2)."""
    numbers = list(event.entrants.values_list("number", flat=True))
    size = event.rules.seats if event.movement == ROTATION else len(event.rules.sides)
    if event.movement == ROTATION:
        scheduled = rotation(len(numbers), number)
        return Seating(tuple(tuple(numbers[seat] for seat in t) for t in scheduled.tables))
    if number == 1:
        return swiss(draw(numbers, event.seed), size, frozenset())
    state = night(event)
    order = [standing.entrant for standing in state.standings]
    played = [Seating(tuple(tuple(t.entrants) for t in r.tables), tuple(r.byes)) for r in state.rounds]
    byes: dict[int, int] = {}
    for r in state.rounds:
        for entrant in r.byes:
            byes[entrant] = byes.get(entrant, 0) + 1
    return swiss(order, size, met_pairs(played), byes)


def _seats(event: Event, entrants: tuple[int, ...]) -> list[int]:
    """A table's entrant at each seat: in a rotation one per seat; else each side's seats its entrant's."""
    if event.movement == ROTATION:
        return list(entrants)
    seats = [0] * event.rules.seats
    for side, entrant in zip(event.rules.sides, entrants, strict=True):
        for seat in side:
            seats[seat] = entrant
    return seats


def draw_round(*, event: Event) -> Round:
    """Draw the next round's tables (transaction): not before the last round has started and every table of it has
    finished, nor past the event's rounds. Raises Refused."""
    with transaction.atomic():
        locked = _lock(event)
        last = locked.round_set.order_by("-number").first()
        number = 1 if last is None else last.number + 1
        if number > locked.rounds:
            raise Refused(_("All %(count)s rounds have been played.") % {"count": locked.rounds})
        if last is not None and last.started is None:
            raise Refused(_("Round %(number)s is drawn but not started yet.") % {"number": last.number})
        if last is not None and not all(t.finished for t in night(locked).round(last.number).tables):
            raise Refused(_("Round %(number)s still has tables playing.") % {"number": last.number})
        seating = seating_for(locked, number)
        drawn = Round.objects.create(event=locked, number=number, byes=list(seating.byes))
        Table.objects.bulk_create(
            Table(round=drawn, number=index, seats=_seats(locked, entrants))
            for index, entrants in enumerate(seating.tables, start=1)
        )
        _bump(locked)
    return drawn


def swap(*, event: Event, number: int, first: int, second: int) -> None:
    """Swap two entrants' places (a seat, a side or a bye) in round ``number`` before it starts (CL-2.5)."""
    with transaction.atomic():
        locked = _lock(event)
        drawn = locked.round_set.filter(number=number).first()
        if drawn is None or drawn.started is not None:
            raise Refused(_("Round %(number)s has started: its players can no longer be moved.") % {"number": number})
        swapped = {first: second, second: first}
        for t in drawn.tables.all():
            t.seats = [swapped.get(entrant, entrant) for entrant in t.seats]
            t.save(update_fields=["seats"])
        drawn.byes = [swapped.get(entrant, entrant) for entrant in drawn.byes]
        drawn.save(update_fields=["byes"])
        _bump(locked)


def start_round(*, event: Event, number: int) -> Round:
    """Start round ``number`` (transaction): each table's match, owned by the director, with the event's game, house
    rules, target and confirmation, and its table link for the players' phones."""
    with transaction.atomic():
        locked = _lock(event)
        drawn = locked.round_set.filter(number=number).first()
        if drawn is None:
            raise Refused(_("Round %(number)s has not been drawn.") % {"number": number})
        if drawn.started is not None:
            raise Refused(_("Round %(number)s has already started.") % {"number": number})
        names = {entrant.number: entrant.players for entrant in locked.entrants.all()}
        for t in drawn.tables.all():
            players = []
            for seat, entrant in enumerate(t.seats):
                side = next(side for side in locked.rules.sides if seat in side)
                team = names[entrant]
                players.append(team[0] if len(team) == 1 else team[side.index(seat)])
            match_file = parse_match(
                {
                    "game": locked.game,
                    "players": players,
                    "first_dealer": 0,
                    "target": locked.target,
                    "flags": list(locked.flags),
                }
            )
            match = create_match(owner=locked.owner, match_file=match_file)
            table.renew_table_link(match=match)
            table.set_confirmation(match=match, mode=locked.confirmation)
            t.match = match
            t.save(update_fields=["match"])
        drawn.started = timezone.now()
        drawn.save(update_fields=["started"])
        _bump(locked)
    return drawn


def show_standings(*, event: Event, hidden: bool) -> None:
    event.hide_standings = hidden
    event.save(update_fields=["hide_standings"])
    _bump(event)
