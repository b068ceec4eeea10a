"""Reading a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), the calls and plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.record import CheckedEvent, DealtCards, Event, event_card, in_pack, read_events, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import Card, standard_pack
from scoring.core.games.call_bridge import TRICKS_PER_DEAL
from scoring.core.i18n import _, gettext_noop

EVENT_TYPES = ("call", "play")
_PACK = frozenset(standard_pack())
_NOT_IN_PACK = gettext_noop("{card} is not a card of the 52-card pack (CB-1.1)")


@dataclass(frozen=True, slots=True)
class CallBridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]


def read_record(doc: Mapping[str, Any], name: str) -> CallBridgeRecord:
    """Read a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), calls and plays.
    A fault is told in this order: the header, every event's type and seat, the hands, each call and card."""
    header = read_header(doc, name)
    checked = read_events(doc, name, EVENT_TYPES)
    _check_hands(header.hands)
    return CallBridgeRecord(
        players=header.players,
        dealer=header.dealer,
        flags=header.flags,
        hands=header.hands,
        events=tuple(map(_read_event, checked)),
    )


def _read_event(checked: CheckedEvent) -> Event:
    """A call's number, or a play's card of the 52-card pack (CB-1.1)."""
    number, kind, seat, data = checked
    if kind == "call":
        value = data.get("call")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(
                f"events[{number - 1}].call",
                _("a call must be a whole number, not {value}").format(value=repr(value)),
            )
        return Event(number=number, type=kind, seat=seat, call=value)
    card = in_pack(event_card(number, data), _PACK, f"events[{number - 1}].card", _NOT_IN_PACK)
    return Event(number=number, type=kind, seat=seat, card=card)


def _check_hands(hands: Sequence[Sequence[Card]]) -> None:
    """Refuse hands that are not 4 x 13 cards of one 52-card pack (CB-1.1, CB-3.2), naming the first fault."""
    dealt = DealtCards(_PACK, _NOT_IN_PACK, gettext_noop("{card} is dealt twice (also at {path})"))
    for seat, hand in enumerate(hands):
        if len(hand) != TRICKS_PER_DEAL:
            raise RecordError(
                f"hands[{seat}]", _("each hand holds 13 cards (CB-3.2), not {count}").format(count=len(hand))
            )
        dealt.place_all(hand, f"hands[{seat}]")
