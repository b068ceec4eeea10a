"""Reading a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), the calls and plays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.games.call_bridge.setup import SETUP
from referee.core.record import CheckedEvent, DealtCards, Event, Header, event_card, in_pack
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.games.call_bridge import TRICKS_PER_DEAL
from vocabulary.cards import Card, standard_pack
from vocabulary.i18n import _, gettext_noop

_PACK = frozenset(standard_pack())
_NOT_IN_PACK = gettext_noop("{card} is not a card of the 52-card pack (CB-1.1)")


@dataclass(frozen=True, slots=True)
class CallBridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]
    plays_only: bool = False  # no hands recorded: each is the cards its seat plays (record.cards_played)


def read_record(doc: Mapping[str, Any], name: str) -> CallBridgeRecord:
    """Read a Call Bridge hand record: 4 hands of 13 from one 52-card pack (CB-1.1, CB-3.2), calls and plays.
    A fault is told in this order: the header, every event's type and seat, the hands, each call and card."""
    header, _none, events = read_in_order(doc, name, SETUP, _check_hands, _read_event)
    return CallBridgeRecord(
        players=header.players,
        dealer=header.dealer,
        flags=header.flags,
        hands=header.hands,
        events=events,
        plays_only=header.plays_only,
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


def _check_hands(doc: Mapping[str, Any], header: Header) -> None:
    """Refuse hands that are not 4 x 13 cards of one 52-card pack (CB-1.1, CB-3.2), naming the first fault.
    A record of the plays only has no deal to check: each hand is the cards its seat plays (record.cards_played)."""
    if header.plays_only:
        return
    dealt = DealtCards(_PACK, _NOT_IN_PACK, gettext_noop("{card} is dealt twice (also at {path})"))
    for seat, hand in enumerate(header.hands):
        if len(hand) != TRICKS_PER_DEAL:
            raise RecordError(
                f"hands[{seat}]", _("each hand holds 13 cards (CB-3.2), not {count}").format(count=len(hand))
            )
        dealt.place_all(hand, f"hands[{seat}]")
