"""Reading a Draw Bridge hand record: the deal, the stock and the events, checked for shape (DB-1.1, DB-2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import Card, CardError, parse_cards, standard_pack
from referee.core.record import event_card, read_common
from referee.core.verdict import RecordError
from scoring.core.base import Flags

EVENT_TYPES = ("play", "draw", "call")
HAND_SIZE = 13  # DB-2.2
STOCK_SIZE = 26  # DB-2.2
_PACK = frozenset(standard_pack())
# Card codes as the referee itself writes them ("AS", "TH"), read without the general parser: parse speed.
_BY_CODE = {card.code: card for card in _PACK}
_CALL_WORDS = {"pass": "pass", "p": "pass", "double": "double", "x": "double", "redouble": "redouble", "xx": "redouble"}
_STRAIN_INPUT = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}


@dataclass(frozen=True, slots=True)
class DrawBridgeEvent:
    index: int  # 1-based position in the record's events
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
    """A call word or bid in normal form: ``"pass"``, ``"double"``, ``"redouble"``, ``"3NT"``."""
    if not isinstance(value, str):
        raise RecordError(path, f"a call must be a bid like 1C or 3NT, or pass, double, redouble; not {value!r}")
    text = value.strip()
    word = _CALL_WORDS.get(text.lower())
    if word:
        return word
    strain = _STRAIN_INPUT.get(text[1:].upper()) if len(text) >= 2 else None
    if strain is None or text[0] not in "01234567":
        raise RecordError(path, f"{value!r} is not a call: write a bid from 1C to 7NT, or pass, double, redouble")
    return f"{text[0]}{strain}"


def read_record(doc: Mapping[str, Any], name: str) -> DrawBridgeRecord:
    """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2)."""
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", f"this is a Draw Bridge record, so game must be {name!r}")
    common = read_common(doc, name, EVENT_TYPES)
    try:
        stock = parse_cards(doc.get("stock"), "stock")
    except CardError as error:
        raise RecordError(error.path or "stock", error.message) from None
    if len(stock) != STOCK_SIZE:
        raise RecordError("stock", f"the stock holds 26 cards, top card first (DB-2.2), not {len(stock)}")
    seen: dict[Card, str] = {}
    placed = [(f"hands[{seat}]", hand) for seat, hand in enumerate(common.hands)]
    for where, cards in [*placed, ("stock", stock)]:
        if where != "stock" and len(cards) != HAND_SIZE:
            raise RecordError(where, f"each hand is dealt 13 cards (DB-2.2), not {len(cards)}")
        for position, card in enumerate(cards):
            path = f"{where}[{position}]"
            if card not in _PACK:
                raise RecordError(path, f"{card.label} is not a card of the 52-card pack (DB-1.1)")
            if card in seen:
                raise RecordError(path, f"{card.label} is dealt twice (also at {seen[card]})")
            seen[card] = path
    events = []
    for event in common.events:
        path = f"events[{event.index - 1}]"
        if event.type == "call":
            call = parse_call(event.data.get("call"), f"{path}.call")
            events.append(DrawBridgeEvent(event.index, "call", event.seat, call=call))
            continue
        token = event.data.get("card")
        known = _BY_CODE.get(token) if isinstance(token, str) else None
        card = known if known is not None else event_card(event)
        if card not in _PACK:
            raise RecordError(f"{path}.card", f"{card.label} is not a card of the 52-card pack (DB-1.1)")
        events.append(DrawBridgeEvent(event.index, event.type, event.seat, card=card))
    return DrawBridgeRecord(common.players, common.dealer, common.flags, common.hands, stock, tuple(events))
