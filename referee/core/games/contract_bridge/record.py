"""Reading a Contract Bridge hand record: four hands of 13 from one 52-card pack, the calls and the plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.core.calls import DOUBLE, LADDER, PASS, REDOUBLE, Call, parse_call
from referee.core.record import Event, event_card, read_events, read_header
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


class BridgeEvent(NamedTuple):
    """One call or play as read. A play's ``seat`` is the hand the card comes from: dummy's seat for a card
    of dummy's, which the declarer chooses (BR-5.2)."""

    number: int  # 1-based position in the record's events
    type: str
    seat: int
    call: Call | None = None
    card: Card | None = None


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
    checked = read_events(doc, name, EVENT_TYPES)
    _check_deal(header.hands)
    events: list[BridgeEvent] = []
    # Speed: each event is made by tuple.__new__ with all its fields (the NamedTuple's own __new__ is Python
    # that costs as much again), and the usual call or card code is looked up here, not in a call per event.
    for number, kind, seat, data in checked:
        if kind == "call":
            value = data.get("call")
            call = _BY_CALL_CODE.get(value) if type(value) is str else None
            if call is None:
                call = parse_call(value, f"events[{number - 1}].call")
            events.append(tuple.__new__(BridgeEvent, (number, kind, seat, call, None)))
        else:
            token = data.get("card")
            card = _BY_CODE.get(token) if type(token) is str else None
            if card is None:
                card = _played_card(number, seat, data)
            events.append(tuple.__new__(BridgeEvent, (number, kind, seat, None, card)))
    return BridgeRecord(header.players, header.dealer, header.flags, header.hands, tuple(events))


def _check_deal(hands: Sequence[Sequence[Card]]) -> None:
    """Refuse a deal that is not four hands of 13 from one 52-card pack (BR-1.2, BR-3.2), naming the first fault."""
    if all(len(hand) == HAND_SIZE for hand in hands) and {card for hand in hands for card in hand} == _PACK:
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
