"""The parts of a hand record that every game shares.

A hand record is one JSON object (documented in docs/hand-record.md)::

    {"game": "call_bridge", "players": [...], "dealer": 0, "flags": [],
     "hands": [["AS", "KS", ...], ...],   # as dealt, one list per seat
     ...game-specific fields (stock, upcard, turn_up)...,
     "events": [{"type": "play", "seat": 1, "card": "5H"}, ...]}

Each game module reads the rest; this module reads the common fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.core.verdict import RecordError
from scoring.core.base import EntryError, Flags
from scoring.core.cards import Card, CardError, parse_card, parse_cards
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, parse_match

MAX_EVENTS = 400


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded event: its type, the acting seat and its other fields."""

    index: int  # 1-based position in the record's events
    type: str
    seat: int
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Common:
    game: str
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Header:
    """The common fields before the events: the seats, the dealer, the flags and the hands as dealt."""

    game: str
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]


# An event whose type and seat are checked, as (index, type, seat, data): the fields of `Event`
# without building one, for a game that turns each event straight into its own event value.
CheckedEvent = tuple[int, str, int, Mapping[str, Any]]


def read_common(doc: Any, game: str, event_types: tuple[str, ...]) -> Common:
    """Read game, players, dealer, flags, hands and the event list of a record."""
    header = read_header(doc, game)
    events = tuple(Event(*checked) for checked in read_events(doc, game, event_types))
    return Common(header.game, header.players, header.dealer, header.flags, header.hands, events)


def read_header(doc: Any, game: str) -> Header:
    """Read game, players, dealer, flags and hands: everything `read_common` reads but the events."""
    if not isinstance(doc, dict):
        raise RecordError("record", "a hand record must be a JSON object")
    seats = GAMES[game].seats
    named, players, dealer, flags = doc.get("game"), doc.get("players"), doc.get("dealer"), doc.get("flags", [])
    try:
        if type(players) is list and type(dealer) is int and type(flags) is list:
            match = _read_match(named, game, tuple(players), dealer, tuple(flags))
        else:
            match = _parse_match(named, game, players, dealer, flags)
    except EntryError as error:
        path = "dealer" if error.field == "first_dealer" else error.field
        raise RecordError(path, error.message) from None
    hands = doc.get("hands")
    if not isinstance(hands, list) or len(hands) != seats:
        raise RecordError("hands", f"hands must be a list of {seats} hands, one per seat")
    try:
        parsed_hands = tuple(parse_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands))
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    return Header(game, match.players, match.first_dealer, match.flags, parsed_hands)


def _parse_match(named: Any, game: str, players: Any, dealer: Any, flags: Any) -> MatchFile:
    """The record's game, players, dealer and flags, read as a match file reads them (EntryError if bad)."""
    target = None if not GAMES[game].target_required else 1
    return parse_match({"game": named, "players": players, "first_dealer": dealer, "flags": flags, "target": target})


def _read_match(named: Any, game: str, players: tuple[Any, ...], dealer: int, flags: tuple[Any, ...]) -> MatchFile:
    """`_parse_match` remembered for the last records read: the Check a hand page replays one record after every
    tap, and checking the players' names costs as much as reading the hands. A bad header is not remembered
    (EntryError), nor one whose names or flags cannot be (a list among them: read by `_parse_match` alone)."""
    try:
        return _remembered_match(named, game, players, dealer, flags)
    except TypeError:
        return _parse_match(named, game, list(players), dealer, list(flags))


@lru_cache(maxsize=64)
def _remembered_match(
    named: Any, game: str, players: tuple[Any, ...], dealer: int, flags: tuple[Any, ...]
) -> MatchFile:
    return _parse_match(named, game, list(players), dealer, list(flags))


def read_events(doc: Any, game: str, event_types: tuple[str, ...]) -> list[CheckedEvent]:
    """Check the record's event list: a list of objects, each with one of ``event_types`` and a seat."""
    if not isinstance(doc, dict):
        raise RecordError("record", "a hand record must be a JSON object")
    seats = GAMES[game].seats
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise RecordError("events", "events must be a list")
    if len(events) > MAX_EVENTS:
        raise RecordError("events", f"a hand record holds at most {MAX_EVENTS} events")
    checked: list[CheckedEvent] = []
    # Paths like "events[4].seat" are spelled out only for an event that is refused.
    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict):
            raise RecordError(f"events[{number - 1}]", "an event must be a JSON object")
        kind = event.get("type")
        if kind not in event_types:
            raise RecordError(
                f"events[{number - 1}].type", f"type must be one of {', '.join(event_types)}, not {kind!r}"
            )
        seat = event.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RecordError(f"events[{number - 1}].seat", f"seat must be a seat number from 0 to {seats - 1}")
        checked.append((number, kind, seat, event))
    return checked


def event_cards(event: Event, field: str) -> tuple[Card, ...]:
    try:
        return parse_cards(event.data.get(field), f"events[{event.index - 1}].{field}")
    except CardError as error:
        raise RecordError(error.path, error.message) from None


def event_card(event: Event, field: str = "card") -> Card:
    try:
        card = parse_card(event.data.get(field))
    except CardError as error:
        # The path is built here, not passed in: most events hold a readable card and never need it.
        raise RecordError(f"events[{event.index - 1}].{field}", error.message) from None
    # A Card of its own for each event, as before cards were shared: Bridgette's trick_winner tells the
    # two cards of a trick apart with `is` (bridgette/play.py), so a card played twice must stay two objects.
    # Return `card` itself once that compares ranks instead.
    return Card(card.rank, card.suit)
