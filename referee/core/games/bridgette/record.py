"""Reading a Bridgette hand record (docs/referee/bridgette.md): hands as dealt, stock or upcard, and steps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import Card, CardError, parse_card, parse_cards
from referee.core.games.bridgette.calls import Call, parse_call
from referee.core.record import Event, event_card, event_cards, read_common
from referee.core.verdict import RecordError
from scoring.core.base import Flags

EVENT_TYPES = ("draw", "discard", "call", "play")
HAND_SIZE = 13  # BG-3.2
STOCK_SIZE = 29  # BG-3.3


@dataclass(frozen=True, slots=True)
class Step:
    """One event as read: a draw or discard (cards, or only a count), a call or a play."""

    index: int
    type: str
    seat: int
    cards: tuple[Card, ...] | None = None
    count: int = 0
    call: Call | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class BridgetteRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...] | None, ...]  # None: the hand was not recorded
    stock: tuple[Card, ...] | None
    upcard: Card | None
    steps: tuple[Step, ...]


def _read_step(event: Event) -> Step:
    path = f"events[{event.index - 1}]"
    if event.type == "play":
        return Step(event.index, event.type, event.seat, card=event_card(event))
    if event.type == "call":
        return Step(event.index, event.type, event.seat, call=parse_call(event.data.get("call"), f"{path}.call"))
    count = event.data.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= STOCK_SIZE):
        raise RecordError(f"{path}.count", f"count must be a whole number from 0 to {STOCK_SIZE}")
    if event.data.get("cards") is None:
        if count is None:
            raise RecordError(f"{path}.cards", f"a {event.type} needs its cards, or a count when they were not seen")
        return Step(event.index, event.type, event.seat, count=count)
    cards = event_cards(event, "cards")
    if count is not None and count != len(cards):
        raise RecordError(f"{path}.count", f"count is {count} but {len(cards)} cards are listed")
    return Step(event.index, event.type, event.seat, cards=cards, count=len(cards))


def read_record(doc: Mapping[str, Any]) -> BridgetteRecord:
    """Read a Bridgette hand record; a RecordError names the path of what cannot be read."""
    if isinstance(doc, dict) and doc.get("game") != "bridgette":
        raise RecordError("game", "this is not a Bridgette hand record")
    common = read_common(doc, "bridgette", EVENT_TYPES)
    seen: dict[Card, str] = {}

    def place(card: Card, path: str) -> None:
        if card in seen:
            raise RecordError(path, f"{card} appears at {seen[card]} and again here; the pack has one of each (BG-1.2)")
        seen[card] = path

    hands: list[tuple[Card, ...] | None] = []
    for seat, hand in enumerate(common.hands):
        if len(hand) not in (0, HAND_SIZE):
            raise RecordError(
                f"hands[{seat}]", f"a hand as dealt has {HAND_SIZE} cards (BG-3.2), or none if it was not recorded"
            )
        for index, card in enumerate(hand):
            place(card, f"hands[{seat}][{index}]")
        hands.append(hand or None)
    stock: tuple[Card, ...] | None = None
    if doc.get("stock") is not None:
        try:
            stock = parse_cards(doc["stock"], "stock")
        except CardError as error:
            raise RecordError(error.path, error.message) from None
        if len(stock) != STOCK_SIZE:
            raise RecordError("stock", f"the stock has {STOCK_SIZE} cards, top first (BG-3.3), not {len(stock)}")
        for index, card in enumerate(stock):
            place(card, f"stock[{index}]")
    upcard: Card | None = None
    if doc.get("upcard") is not None:
        try:
            upcard = parse_card(doc["upcard"], "upcard")
        except CardError as error:
            raise RecordError(error.path, error.message) from None
        if stock is not None and upcard != stock[0]:
            raise RecordError("upcard", f"the upcard is the top card of the stock, {stock[0]}, not {upcard} (BG-3.3)")
        if stock is None:
            place(upcard, "upcard")
    elif stock is not None:
        upcard = stock[0]
    steps = tuple(_read_step(event) for event in common.events)
    return BridgetteRecord(common.players, common.dealer, common.flags, tuple(hands), stock, upcard, steps)
