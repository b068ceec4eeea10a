"""Reading a Draw Bridge hand record: the deal, the stock and the events, checked for shape (DB-1.1, DB-2.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, TypeAlias

from referee.core.calls import DOUBLE, LADDER, PASS, REDOUBLE
from referee.core.calls import parse_call as read_call
from referee.core.record import Event, bad_event, event_card, event_list, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import Card, CardError, card_name, parse_cards, standard_pack
from scoring.core.i18n import _

EVENT_TYPES = ("play", "draw", "call")
HAND_SIZE = 13  # DB-2.2
STOCK_SIZE = 26  # DB-2.2
SEATS = 2  # DB-1.1: two players
_SEAT_NUMBERS = tuple(range(SEATS))  # a tuple: `in` finds a small int by identity
_PACK = frozenset(standard_pack())
# Card codes as the referee itself writes them ("AS", "TH"), read without the general parser: parse speed.
_BY_CODE = {card.code: card for card in _PACK}


# One play, draw or call as read: (type, seat, card, call), unpacked where it is used. ``card`` is None for a call;
# ``call`` is "" for a play or a draw, else "pass", "double", "redouble" or a bid "1C".."7NT" ("0NT" is read, then
# flagged). A plain tuple, not a NamedTuple; the usual ones are made once at import (`_USUAL_CARD_EVENTS`,
# `_USUAL_CALLS`) and shared, so reading an event builds nothing. Its number is its 1-based position in the
# record's events.
RecordEvent: TypeAlias = tuple[str, int, Card | None, str]
# An event as the replay's handlers take it: (number, type, seat, card, call).
DrawBridgeEvent: TypeAlias = tuple[int, str, int, Card | None, str]


class DrawBridgeRecord(NamedTuple):
    """A hand record as read (a NamedTuple: as immutable as a frozen dataclass, and cheaper to build)."""

    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    events: tuple[RecordEvent, ...]


def parse_call(value: Any, path: str) -> str:
    """A call word or bid in normal form: ``"pass"``, ``"double"``, ``"redouble"``, ``"3NT"`` (``"0NT"`` is read,
    then flagged: DB-4.1), read by the calls reader every bidding game shares."""
    return read_call(value, path).code


# Calls in normal form ("pass", "3NT"), each read by `parse_call` itself so the quick look-up agrees with it.
_NORMAL_CALLS = {call.code: parse_call(call.code, "") for call in (*LADDER[1:], PASS, DOUBLE, REDOUBLE)}

# The usual events, each made once here: a play or a draw by type, seat and card as written ("AS"), a call by seat
# and call as written ("pass", "3NT"). Reading one is a look-up (parse speed), and their types are the replay's own
# constants, which `==` finds by identity.
_USUAL_CARD_EVENTS: dict[str, dict[int, dict[str, RecordEvent]]] = {
    "play": {seat: {code: ("play", seat, card, "") for code, card in _BY_CODE.items()} for seat in _SEAT_NUMBERS},
    "draw": {seat: {code: ("draw", seat, card, "") for code, card in _BY_CODE.items()} for seat in _SEAT_NUMBERS},
}
_USUAL_CALLS: dict[int, dict[str, RecordEvent]] = {
    seat: {code: ("call", seat, None, call) for code, call in _NORMAL_CALLS.items()} for seat in _SEAT_NUMBERS
}


def read_record(doc: Mapping[str, Any], name: str) -> DrawBridgeRecord:
    """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2).

    A fault is told in this order: the header, then the first event that is not an object with a known type and a
    seat, then the stock and the deal, then the first event whose card or call cannot be read.
    """
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Draw Bridge record, so game must be {name}").format(name=repr(name)))
    header = read_header(doc, name)
    events: list[RecordEvent] = []
    unread: list[int] = []  # positions in `events` of a card or call not written as its code, read below
    # One pass reads and checks each event. The usual event, a dict with a known type, a plain int seat and a card
    # or call written as its code, is looked up in `_USUAL_CALLS` or `_USUAL_CARD_EVENTS` by subscripts (a key that
    # is missing or a value that cannot be looked up leaves the try). One that fails the shape test is refused at
    # once (`bad_event`: no earlier event was refused); one whose card or call is written some other way waits in
    # `unread`, because the stock and the deal are checked before it.
    listed = event_list(doc)
    append = events.append
    for event in listed:
        if type(event) is dict:
            try:
                seat = event["seat"]
                if type(seat) is int:  # not a bool; a seat that is no seat number is no key of the tables
                    kind = event["type"]
                    if kind == "call":
                        append(_USUAL_CALLS[seat][event["call"]])
                    else:  # a play or a draw; any other type is no key of the table
                        append(_USUAL_CARD_EVENTS[kind][seat][event["card"]])
                    continue
            except (KeyError, TypeError):
                pass
        if not _well_formed(event):
            raise bad_event(len(events) + 1, event, EVENT_TYPES, SEATS)
        unread.append(len(events))
        append((event["type"], event["seat"], None, ""))
    stock = _read_stock(doc.get("stock"))
    if len(stock) != STOCK_SIZE:
        message = _("the stock holds {size} cards, top card first (DB-2.2), not {count}")
        raise RecordError("stock", message.format(size=STOCK_SIZE, count=len(stock)))
    _check_deal(header.hands, stock)
    for position in unread:
        events[position] = _read_slowly(position + 1, events[position], listed[position])
    return DrawBridgeRecord(header.players, header.dealer, header.flags, header.hands, stock, tuple(events))


def _read_stock(tokens: Any) -> tuple[Card, ...]:
    """The stock's cards, top card first: a list of 26 codes looked up in one call, any other by the general reader."""
    if type(tokens) is list and len(tokens) == STOCK_SIZE:  # an itemgetter of one key gives no tuple
        try:
            cards: tuple[Card, ...] = itemgetter(*tokens)(_BY_CODE)
            return cards
        except (KeyError, TypeError):
            pass  # a card written another way, or no card: the general reader reads it or says what is wrong
    try:
        return parse_cards(tokens, "stock")
    except CardError as error:
        raise RecordError(error.path or "stock", error.message) from None


def _well_formed(event: Any) -> bool:
    """Whether ``event`` is an object with one of `EVENT_TYPES` and a seat (`bad_event` says what is wrong if not)."""
    if type(event) is not dict:
        return False
    kind, seat = event.get("type"), event.get("seat")
    return kind in EVENT_TYPES and type(seat) is int and seat in _SEAT_NUMBERS


def _check_deal(hands: Sequence[Sequence[Card]], stock: Sequence[Card]) -> None:
    """Refuse a deal that is not 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2).

    The error names the first fault, reading the hands and then the stock in order.
    """
    # The usual case in one set operation: 13, 13 and 26 cards (the caller has counted the stock) that leave no card
    # of the pack out are its 52 cards, each once; `difference` builds no set of the deal's cards. Any other deal
    # gets the careful loop below, which names the first fault. No path or message is built for a deal that is fine.
    hand_0, hand_1 = hands  # the header holds one hand per seat (DB-1.1)
    if len(hand_0) == HAND_SIZE == len(hand_1) and not _PACK.difference(hand_0, hand_1, stock):
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


def _read_slowly(number: int, event: RecordEvent, data: Mapping[str, Any]) -> RecordEvent:
    """Event ``number``, whose call or card is not written as its code ("x", "10h", or nothing readable): read by
    the general readers, which say what is wrong; a card must be one of the 52-card pack (DB-1.1)."""
    kind, seat, _card, _call = event
    if kind == "call":
        return (kind, seat, None, parse_call(data.get("call"), f"events[{number - 1}].call"))
    card = event_card(Event(number, kind, seat, data))
    if card not in _PACK:
        message = _("{card} is not a card of the 52-card pack (DB-1.1)").format(card=card_name(card))
        raise RecordError(f"events[{number - 1}].card", message)
    return (kind, seat, card, "")
