"""Reading a Contract Bridge hand record: four hands of 13 from one 52-card pack, the calls and the plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.calls import DOUBLE, LADDER, PASS, REDOUBLE, Call, parse_call
from referee.core.record import CheckedEvent, Event, event_card, event_list, read_events, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import Card, card_name, standard_pack
from scoring.core.i18n import _

EVENT_TYPES = ("call", "play")
SEATS = 4  # BR-1.1
HAND_SIZE = 13  # BR-3.2
_PACK = frozenset(standard_pack())  # BR-1.2
_BY_CODE = {card.code: card for card in _PACK}
# The calls by their codes ("pass", "1C", "3NT"), as most records write them; parse_call reads any other spelling.
_BY_CALL_CODE = {call.code: parse_call(call.code) for call in (*LADDER[1:], PASS, DOUBLE, REDOUBLE)}


# One call or play as read: (number, type, seat, call, card), ``number`` its 1-based position in the record's
# events, ``call`` None for a play and ``card`` None for a call. A play's ``seat`` is the hand the card comes from:
# dummy's seat for a card of dummy's, which the declarer chooses (BR-5.2). A plain tuple, not a NamedTuple: a
# deal reads some 60 events per replay, and a NamedTuple costs several times as much to build.
BridgeEvent = tuple[int, str, int, Call | None, Card | None]


@dataclass(frozen=True, slots=True)
class BridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[BridgeEvent, ...]


def read_record(doc: Mapping[str, Any], name: str) -> BridgeRecord:
    """Read a record of the game ``name``: the common fields, a deal of 4 x 13 cards (BR-1.2, BR-3.2), the events."""
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Contract Bridge record, so game must be {name}").format(name=repr(name)))
    header = read_header(doc, name)
    events = _usual_events(event_list(doc))
    if events is None:
        checked = read_events(doc, name, EVENT_TYPES)  # every event's type and seat, before the deal
        _check_deal(header.hands)
        events = _unusual_events(checked)
    else:
        _check_deal(header.hands)
    return BridgeRecord(header.players, header.dealer, header.flags, header.hands, tuple(events))


def _usual_events(raw: list[Any]) -> list[BridgeEvent] | None:
    """The events in one pass, if every one is the usual kind: an object with type "call" or "play", a seat 0-3
    and its call or card written as its code ("1C", "pass", "5H"); None as soon as one is not.

    Speed: most records are all usual events, read here with `type(...) is` tests and table look-ups alone. Any
    other record is read again the long way (`read_record`), which tells the first fault in the order
    the errors have always come: an event's type or seat, then the deal, then a call or card."""
    events: list[BridgeEvent] = []
    append = events.append
    for number, event in enumerate(raw, start=1):
        if type(event) is not dict:
            return None
        kind, seat = event.get("type"), event.get("seat")
        if type(seat) is not int or not 0 <= seat < SEATS:
            return None
        if kind == "play":
            token = event.get("card")
            card = _BY_CODE.get(token) if type(token) is str else None
            if card is None:
                return None
            append((number, kind, seat, None, card))
        elif kind == "call":
            value = event.get("call")
            call = _BY_CALL_CODE.get(value) if type(value) is str else None
            if call is None:
                return None
            append((number, kind, seat, call, None))
        else:
            return None
    return events


def _unusual_events(checked: list[CheckedEvent]) -> list[BridgeEvent]:
    """The events of a record that `_usual_events` did not read, their types and seats checked (read_events): each
    call or card read in any spelling, or the RecordError of the first that is wrong."""
    events: list[BridgeEvent] = []
    for number, kind, seat, data in checked:
        if kind == "call":
            call = parse_call(data.get("call"), f"events[{number - 1}].call")
            events.append((number, kind, seat, call, None))
        else:
            events.append((number, kind, seat, None, _played_card(number, seat, data)))
    return events


def _check_deal(hands: Sequence[Sequence[Card]]) -> None:
    """Refuse a deal that is not four hands of 13 from one 52-card pack (BR-1.2, BR-3.2), naming the first fault."""
    # The usual deal is passed by two tests in C: every hand of 13, and all 52 cards among them.
    if {*map(len, hands)} == {HAND_SIZE} and frozenset().union(*hands) == _PACK:
        return
    seen: dict[Card, str] = {}
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise RecordError(
                f"hands[{seat}]", _("each hand is dealt 13 cards (BR-3.2), not {count}").format(count=len(hand))
            )
        for position, card in enumerate(hand):
            path = f"hands[{seat}][{position}]"
            if card not in _PACK:
                raise RecordError(
                    path, _("{card} is not a card of the 52-card pack (BR-1.2)").format(card=card_name(card))
                )
            if card in seen:
                raise RecordError(
                    path, _("{card} is dealt twice (also at {path})").format(card=card_name(card), path=seen[card])
                )
            seen[card] = path


def _played_card(number: int, seat: int, data: Mapping[str, Any]) -> Card:
    """The card of a play: its code ("5H") straight from the pack, any other spelling through the reader."""
    token = data.get("card")
    card = _BY_CODE.get(token) if isinstance(token, str) else None
    if card is None:
        card = event_card(Event(number, "play", seat, data))
        if card not in _PACK:
            raise RecordError(
                f"events[{number - 1}].card",
                _("{card} is not a card of the 52-card pack (BR-1.2)").format(card=card_name(card)),
            )
    return card
