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
from typing import Any, NamedTuple

from referee.core.verdict import RecordError
from scoring.core.base import EntryError, Flags
from scoring.core.cards import Card, CardError, parse_card, parse_cards
from scoring.core.games import GAMES
from scoring.core.i18n import _, ngettext
from scoring.core.match import MatchFile, parse_match

MAX_EVENTS = 400


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded event: its type, the acting seat and its other fields."""

    index: int  # 1-based position in the record's events
    type: str
    seat: int
    data: Mapping[str, Any]


class Header(NamedTuple):
    """The common fields before the events: the seats, the dealer, the flags and the hands as dealt.

    A NamedTuple, not a frozen dataclass: as immutable, and far cheaper to build, once per replay.
    """

    game: str
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]


# An event whose type and seat are checked, as (index, type, seat, data): the fields of `Event`
# without building one, for a game that turns each event straight into its own event value.
CheckedEvent = tuple[int, str, int, Mapping[str, Any]]


def read_header(doc: Any, game: str) -> Header:
    """Read game, players, dealer, flags and hands: everything but the events."""
    if not isinstance(doc, dict):
        raise RecordError("record", _("a hand record must be a JSON object"))
    named, players, dealer, flags, hands = (
        doc.get("game"),
        doc.get("players"),
        doc.get("dealer"),
        doc.get("flags", []),
        doc.get("hands"),
    )
    # The Check a hand page replays one record after every tap, its header unchanged: a header read before is
    # remembered (`_remembered_header`), keyed on its fields as tuples. Any other shape is read afresh.
    if (
        type(players) is list
        and type(dealer) is int
        and type(flags) is list
        and type(hands) is list
        and set(map(type, hands)) == {list}
    ):
        try:
            return _remembered_header(named, game, tuple(players), dealer, tuple(flags), tuple(map(tuple, hands)))
        except TypeError:
            pass  # a value that cannot be remembered (a list among the names or cards): read below
    return _read_header(named, game, players, dealer, flags, hands)


@lru_cache(maxsize=64)
def _remembered_header(
    named: Any,
    game: str,
    players: tuple[Any, ...],
    dealer: int,
    flags: tuple[Any, ...],
    hands: tuple[tuple[Any, ...], ...],
) -> Header:
    """`_read_header` of a header whose lists are given as tuples; a bad header is not remembered (RecordError)."""
    return _read_header(named, game, list(players), dealer, list(flags), list(map(list, hands)))


def _read_header(named: Any, game: str, players: Any, dealer: Any, flags: Any, hands: Any) -> Header:
    seats = GAMES[game].seats
    try:
        match = _parse_match(named, game, players, dealer, flags)
    except EntryError as error:
        path = "dealer" if error.field == "first_dealer" else error.field
        raise RecordError(path, error.message) from None
    if not isinstance(hands, list) or len(hands) != seats:
        raise RecordError(
            "hands",
            ngettext(
                "hands must be a list of {count} hand, one per seat",
                "hands must be a list of {count} hands, one per seat",
                seats,
            ).format(count=seats),
        )
    try:
        parsed_hands = tuple(parse_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands))
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    return Header(game, match.players, match.first_dealer, match.flags, parsed_hands)


def _parse_match(named: Any, game: str, players: Any, dealer: Any, flags: Any) -> MatchFile:
    """The record's game, players, dealer and flags, read as a match file reads them (EntryError if bad)."""
    target = None if not GAMES[game].target_required else 1
    return parse_match({"game": named, "players": players, "first_dealer": dealer, "flags": flags, "target": target})


def read_events(doc: Any, game: str, event_types: tuple[str, ...]) -> list[CheckedEvent]:
    """Check the record's event list: a list of objects, each with one of ``event_types`` and a seat."""
    seats = GAMES[game].seats
    events = event_list(doc)
    checked: list[CheckedEvent] = []
    seat_numbers = range(seats)
    # The usual event, a dict with a known type and a plain int seat, is passed by `type(...) is` tests alone;
    # any other is handed to `bad_event`, which says what is wrong with it and where.
    for number, event in enumerate(events, start=1):
        if type(event) is dict:
            kind, seat = event.get("type"), event.get("seat")
            if kind in event_types and type(seat) is int and seat in seat_numbers:
                checked.append((number, kind, seat, event))
                continue
        raise bad_event(number, event, event_types, seats)
    return checked


def event_list(doc: Any) -> list[Any]:
    """The record's events as a list, unchecked but for their number (at most `MAX_EVENTS`): for `read_events`,
    or for a game that checks each event as it reads it (`bad_event`)."""
    if not isinstance(doc, dict):
        raise RecordError("record", _("a hand record must be a JSON object"))
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise RecordError("events", _("events must be a list"))
    if len(events) > MAX_EVENTS:
        raise RecordError("events", _("a hand record holds at most {count} events").format(count=MAX_EVENTS))
    return events


def bad_event(number: int, event: Any, event_types: tuple[str, ...], seats: int) -> RecordError:
    """The RecordError for the ``number``th event (1-based), which is not an object with one of ``event_types``
    and a seat from 0 to ``seats - 1``: the first thing wrong with it, by its path (``events[4].seat``).

    For a game that reads its events in one pass of its own: the pass tests the usual event quickly
    (``type(event) is dict``, a known type, ``type(seat) is int``) and asks this only of one that fails.
    An event that is in fact fine gets a RecordError that says so, a bug of the caller's quick test.
    """
    path = f"events[{number - 1}]"
    if not isinstance(event, dict):
        return RecordError(path, _("an event must be a JSON object"))
    kind = event.get("type")
    if kind not in event_types:
        return RecordError(
            f"{path}.type",
            _("type must be one of {types}, not {type}").format(types=", ".join(event_types), type=repr(kind)),
        )
    seat = event.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        return RecordError(f"{path}.seat", _("seat must be a seat number from 0 to {last}").format(last=seats - 1))
    return RecordError(path, _("an event must be a JSON object"))  # not reached by a caller that tested it first


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
    # A Card of its own for each event read this long way (an unusual spelling such as "10h"). No trick winner
    # tells cards apart by `is` any more, so returning `card` itself would do too; Draw Bridge's fast lane
    # leaves a draw of such a copy to its careful handler, which compares cards by value.
    return Card(card.rank, card.suit)
