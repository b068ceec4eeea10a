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
from typing import Any

from referee.core.cards import Card, CardError, parse_card, parse_cards
from referee.core.verdict import RecordError
from scoring.core.base import EntryError, Flags
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


def read_common(doc: Any, game: str, event_types: tuple[str, ...]) -> Common:
    """Read game, players, dealer, flags, hands and the event list of a record."""
    if not isinstance(doc, dict):
        raise RecordError("record", "a hand record must be a JSON object")
    seats = GAMES[game].seats
    try:
        match: MatchFile = parse_match(
            {
                "game": doc.get("game"),
                "players": doc.get("players"),
                "first_dealer": doc.get("dealer"),
                "flags": doc.get("flags", []),
                "target": None if not GAMES[game].target_required else 1,
            }
        )
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
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise RecordError("events", "events must be a list")
    if len(events) > MAX_EVENTS:
        raise RecordError("events", f"a hand record holds at most {MAX_EVENTS} events")
    parsed_events = []
    for number, event in enumerate(events, start=1):
        path = f"events[{number - 1}]"
        if not isinstance(event, dict):
            raise RecordError(path, "an event must be a JSON object")
        kind = event.get("type")
        if kind not in event_types:
            raise RecordError(f"{path}.type", f"type must be one of {', '.join(event_types)}, not {kind!r}")
        seat = event.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RecordError(f"{path}.seat", f"seat must be a seat number from 0 to {seats - 1}")
        parsed_events.append(Event(number, kind, seat, event))
    return Common(game, match.players, match.first_dealer, match.flags, parsed_hands, tuple(parsed_events))


def event_cards(event: Event, field: str) -> tuple[Card, ...]:
    try:
        return parse_cards(event.data.get(field), f"events[{event.index - 1}].{field}")
    except CardError as error:
        raise RecordError(error.path, error.message) from None


def event_card(event: Event, field: str = "card") -> Card:
    try:
        return parse_card(event.data.get(field), f"events[{event.index - 1}].{field}")
    except CardError as error:
        raise RecordError(error.path, error.message) from None
