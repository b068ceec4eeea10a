"""Reading a Contract Bridge hand record: four hands of 13 from one 52-card pack, the calls and the plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.calls import parse_call
from referee.core.games.contract_bridge.rules import CHOICES, HAND_SIZE
from referee.core.games.contract_bridge.setup import SETUP
from referee.core.record import CheckedEvent, DealtCards, Event, Header, Record, event_card, event_choice, in_pack
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import standard_pack
from vocabulary.i18n import _, gettext_noop

_PACK = frozenset(standard_pack())  # BR-1.2
_NOT_IN_PACK = gettext_noop("{card} is not a card of the 52-card pack (BR-1.2)")

BridgeRecord = Record  # nothing is dealt outside the hands (BR-3.2)


def read_record(doc: Mapping[str, Any], name: str) -> BridgeRecord:
    """Read a record of the game ``name``: the common fields, a deal of 4 x 13 cards (BR-1.2, BR-3.2), the events.
    A fault is told in this order: the header, an event's type or seat, the deal, then a call or card."""
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Contract Bridge record, so game must be {name}").format(name=repr(name)))
    header, _none, events = read_in_order(doc, name, SETUP, _check_deal, _read_event)
    return BridgeRecord.of(header, events)


def _read_event(checked: CheckedEvent) -> Event:
    """A call in any spelling, or a card of the 52-card pack (BR-1.2), or the RecordError of the first that is wrong."""
    number, kind, seat, data = checked
    if kind == "call":
        call = parse_call(data.get("call"), f"events[{number - 1}].call", level_0_suits=True)  # "0D" is flagged
        return Event(number=number, type=kind, seat=seat, call=call)
    if kind == "choice":  # BR-10.3: a lead out of turn accepted or refused
        return Event(number=number, type=kind, seat=seat, choice=event_choice(number, data, CHOICES))
    card = in_pack(event_card(number, data), _PACK, f"events[{number - 1}].card", _NOT_IN_PACK)
    return Event(number=number, type=kind, seat=seat, card=card)


def _check_deal(doc: Mapping[str, Any], header: Header) -> None:
    """Refuse a deal that is not four hands of 13 from one 52-card pack (BR-1.2, BR-3.2), naming the first fault.
    A record of the plays only has no deal to check: each hand is the cards its seat plays (record.cards_played)."""
    if not header.plays_only:
        message = gettext_noop("each hand is dealt 13 cards (BR-3.2), not {count}")
        DealtCards(_PACK, _NOT_IN_PACK).place_hands(header.hands, (HAND_SIZE,), message)
