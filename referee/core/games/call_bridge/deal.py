"""Reading a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), the calls and plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.core.games.call_bridge.setup import SETUP
from referee.core.record import CheckedEvent, DealtCards, Event, Header, Record, event_card, in_pack
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from scoring.core.games.call_bridge import TRICKS_PER_DEAL
from vocabulary.cards import standard_pack
from vocabulary.i18n import _, gettext_noop

_PACK = frozenset(standard_pack())
_NOT_IN_PACK = gettext_noop("{card} is not a card of the 52-card pack (CB-1.1)")


def read_record(doc: Mapping[str, Any], name: str) -> Record:
    """Read a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), calls and plays.
    A fault is told in this order: the header, every event's type and seat, the hands, each call and card."""
    header, _none, events = read_in_order(doc, name, SETUP, _check_hands, _read_event)
    return Record.of(header, events)


def _read_event(checked: CheckedEvent) -> Event:
    """A call's number, or a play's card of the 52-card pack (CB-1.1)."""
    number, kind, seat, data = checked
    if kind == "call":
        value = data.get("call")
        if isinstance(value, bool) or not isinstance(value, int):
            message = _("a call must be a whole number, not {value}")
            raise RecordError(f"events[{number - 1}].call", message.format(value=repr(value)))
        return Event(number=number, type=kind, seat=seat, call=value)
    card = in_pack(event_card(number, data), _PACK, f"events[{number - 1}].card", _NOT_IN_PACK)
    return Event(number=number, type=kind, seat=seat, card=card)


def _check_hands(doc: Mapping[str, Any], header: Header) -> None:
    """Refuse hands that are not 4 x 13 cards of one 52-card pack (CB-1.1, CB-3.2), naming the first fault.
    A record of the plays only has no deal to check: each hand is the cards its seat plays (record.cards_played)."""
    if not header.plays_only:
        message = gettext_noop("each hand holds 13 cards (CB-3.2), not {count}")
        DealtCards(_PACK, _NOT_IN_PACK).place_hands(header.hands, (TRICKS_PER_DEAL,), message)
