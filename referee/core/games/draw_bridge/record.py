"""Reading a Draw Bridge hand record: the deal, the stock and the events, checked for shape (DB-1.1, DB-2.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.core.calls import DOUBLE, LADDER, PASS, REDOUBLE
from referee.core.calls import parse_call as read_call
from referee.core.record import Event, event_card, read_events, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import Card, CardError, card_name, parse_cards, standard_pack
from scoring.core.i18n import _

EVENT_TYPES = ("play", "draw", "call")
HAND_SIZE = 13  # DB-2.2
STOCK_SIZE = 26  # DB-2.2
_PACK = frozenset(standard_pack())
# Card codes as the referee itself writes them ("AS", "TH"), read without the general parser: parse speed.
_BY_CODE = {card.code: card for card in _PACK}


class DrawBridgeEvent(NamedTuple):
    """One play, draw or call as read.

    A NamedTuple, not a frozen dataclass: just as immutable, and under half the cost to build
    (a frozen dataclass sets each field through object.__setattr__), which counts at one per
    event of every replay.
    """

    number: int  # 1-based position in the record's events (not `index`, a tuple method)
    type: str
    seat: int
    card: Card | None = None
    call: str = ""  # "pass", "double", "redouble" or a bid "1C".."7NT" ("0NT" is read, then flagged)


@dataclass(frozen=True, slots=True)
class DrawBridgeRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    events: tuple[DrawBridgeEvent, ...]


def parse_call(value: Any, path: str) -> str:
    """A call word or bid in normal form: ``"pass"``, ``"double"``, ``"redouble"``, ``"3NT"`` (``"0NT"`` is read,
    then flagged: DB-4.1), read by the calls reader every bidding game shares."""
    return read_call(value, path).code


# Calls in normal form ("pass", "3NT"), each read by `parse_call` itself so the quick look-up agrees with it.
_NORMAL_CALLS = {call.code: parse_call(call.code, "") for call in (*LADDER[1:], PASS, DOUBLE, REDOUBLE)}


def read_record(doc: Mapping[str, Any], name: str) -> DrawBridgeRecord:
    """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2)."""
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Draw Bridge record, so game must be {name}").format(name=repr(name)))
    header = read_header(doc, name)
    checked = read_events(doc, name, EVENT_TYPES)
    try:
        stock = parse_cards(doc.get("stock"), "stock")
    except CardError as error:
        raise RecordError(error.path or "stock", error.message) from None
    if len(stock) != STOCK_SIZE:
        message = _("the stock holds {size} cards, top card first (DB-2.2), not {count}")
        raise RecordError("stock", message.format(size=STOCK_SIZE, count=len(stock)))
    _check_deal(header.hands, stock)
    events: list[DrawBridgeEvent] = []
    # Each event is made by tuple.__new__ with all five fields: DrawBridgeEvent(...) would run the __new__
    # that NamedTuple writes in Python, which costs as much again as the rest of reading the event.
    for number, kind, seat, data in checked:
        if kind == "call":
            value = data.get("call")
            call = _NORMAL_CALLS.get(value) if isinstance(value, str) else None
            if call is None:
                call = parse_call(value, f"events[{number - 1}].call")
            events.append(tuple.__new__(DrawBridgeEvent, (number, kind, seat, None, call)))
        else:
            token = data.get("card")
            card = _BY_CODE.get(token) if isinstance(token, str) else None
            if card is None:
                card = _other_card(number, kind, seat, data)
            events.append(tuple.__new__(DrawBridgeEvent, (number, kind, seat, card, "")))
    return DrawBridgeRecord(header.players, header.dealer, header.flags, header.hands, stock, tuple(events))


def _check_deal(hands: Sequence[Sequence[Card]], stock: Sequence[Card]) -> None:
    """Refuse a deal that is not 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2).

    The error names the first fault, reading the hands and then the stock in order.
    """
    # The usual case in one set comparison; any other deal gets the careful loop below, which names the first
    # fault. No path or message is built for a deal that is fine.
    if all(len(hand) == HAND_SIZE for hand in hands) and {*hands[0], *hands[1], *stock} == _PACK:
        return
    seen: dict[Card, str] = {}
    placed = [(f"hands[{seat}]", hand) for seat, hand in enumerate(hands)]
    for where, cards in [*placed, ("stock", stock)]:
        if where != "stock" and len(cards) != HAND_SIZE:
            message = _("each hand is dealt {size} cards (DB-2.2), not {count}")
            raise RecordError(where, message.format(size=HAND_SIZE, count=len(cards)))
        for position, card in enumerate(cards):
            path = f"{where}[{position}]"
            if card not in _PACK:
                raise RecordError(
                    path, _("{card} is not a card of the 52-card pack (DB-1.1)").format(card=card_name(card))
                )
            if card in seen:
                message = _("{card} is dealt twice (also at {path})")
                raise RecordError(path, message.format(card=card_name(card), path=seen[card]))
            seen[card] = path


def _other_card(number: int, kind: str, seat: int, data: Mapping[str, Any]) -> Card:
    """The card of a play or draw not written as its code ("5H"): read by the general reader, and refused
    unless it is a card of the 52-card pack (DB-1.1)."""
    card = event_card(Event(number, kind, seat, data))
    if card not in _PACK:
        message = _("{card} is not a card of the 52-card pack (DB-1.1)").format(card=card_name(card))
        raise RecordError(f"events[{number - 1}].card", message)
    return card
