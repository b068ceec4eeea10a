"""Reading a Bridgette hand record (docs/referee/bridgette.md): hands as dealt, stock or upcard, and events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.calls import parse_call
from referee.core.games.bridgette.rules import HAND_SIZE, STOCK_SIZE
from referee.core.games.bridgette.setup import SETUP
from referee.core.record import CheckedEvent, DealtCards, Event, Header, Record, card_at, cards_at
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _, gettext_noop, ngettext


@dataclass(frozen=True, slots=True, kw_only=True)
class BridgetteRecord(Record):
    """A hand record as read, with the stock and the upcard where recorded. A hand as dealt may be left unrecorded
    (R-BG-13): it is then empty. In a record of the plays only, see `_hands_from_plays`."""

    stock: tuple[Card, ...] | None  # top first
    upcard: Card | None  # the top of the stock whenever the stock is recorded (BG-3.3)


def read_record(doc: Mapping[str, Any], game: str) -> BridgetteRecord:
    """Read a hand record of the game ``game`` (Bridgette); a RecordError names the path of what cannot be read,
    the first fault in this order: the header, the events' types and seats, the deal, then each event's card, call
    or cards."""
    if isinstance(doc, dict) and doc.get("game") != game:
        raise RecordError("game", _("this is not a Bridgette hand record"))
    # Every card a record can name is of the pack (BG-1.2): only a card placed twice is refused.
    header, (stock, upcard), events = read_in_order(
        doc,
        game,
        SETUP,
        _read_deal,
        not_in_pack=None,
        twice=gettext_noop("{card} appears at {path} and again here; the pack has one of each (BG-1.2)"),
        field_readers={"call": parse_call},
        event_readers={"draw": _read_exchange, "discard": _read_exchange},
    )
    hands = _hands_from_plays(header.hands, events) if header.plays_only else header.hands
    return BridgetteRecord.of(header, events, hands=hands, stock=stock, upcard=upcard)


def _hands_from_plays(played: tuple[tuple[Card, ...], ...], events: tuple[Event, ...]) -> tuple[tuple[Card, ...], ...]:
    """A record of the plays only: a hand as dealt is the cards its seat plays, less those it drew, with those it
    discarded (BG-4). It is known only once the seat has played all 13 cards of its hand and every card of its
    exchange was seen: else it is taken as not recorded (R-BG-13), since bids are checked against the whole hand
    (BG-5.6)."""
    hands = []
    for seat, cards in enumerate(played):
        exchange = [event for event in events if event.seat == seat and event.type in ("draw", "discard")]
        drawn = {card for event in exchange if event.type == "draw" for card in event.cards or ()}
        discarded = [card for event in exchange if event.type == "discard" for card in event.cards or ()]
        hand = tuple(card for card in (*cards, *discarded) if card not in drawn)
        seen = all(event.cards is not None for event in exchange)
        hands.append(hand if seen and len(cards) == HAND_SIZE == len(set(hand)) == len(hand) else ())
    return tuple(hands)


# ---- the deal: hands, stock and upcard ------------------------------------------------------------------


def _read_deal(
    doc: Mapping[str, Any], header: Header, placed: DealtCards
) -> tuple[tuple[Card, ...] | None, Card | None]:
    """The stock and the upcard, once the hands are 13 cards or none (BG-3.2) and no card is dealt twice (BG-1.2),
    checked card by card in record order: the RecordError names the first fault and where."""
    message = gettext_noop("a hand as dealt has {size} cards (BG-3.2), or none if it was not recorded")
    placed.place_hands(header, message)
    stock = _read_stock(doc)
    placed.place_all(stock or (), "stock")
    upcard = _read_upcard(doc, stock)
    if stock is None and upcard is not None:
        placed.place(upcard, "upcard")
    return stock, upcard


def _read_stock(doc: Mapping[str, Any]) -> tuple[Card, ...] | None:
    tokens = doc.get("stock")
    if tokens is None:
        return None
    stock = cards_at(tokens, "stock")
    if len(stock) != STOCK_SIZE:
        message = _("the stock has {size} cards, top first (BG-3.3), not {count}")
        raise RecordError("stock", message.format(size=STOCK_SIZE, count=len(stock)))
    return stock


def _read_upcard(doc: Mapping[str, Any], stock: tuple[Card, ...] | None) -> Card | None:
    """The upcard as recorded, which must be the top of the stock (BG-3.3); else the top of the stock, if known."""
    if doc.get("upcard") is None:
        return stock[0] if stock is not None else None
    upcard = card_at(doc["upcard"], "upcard")
    if stock is not None and upcard != stock[0]:
        message = _("the upcard is the top card of the stock, {top}, not {card} (BG-3.3)")
        raise RecordError("upcard", message.format(top=card_name(stock[0]), card=card_name(upcard)))
    return upcard


# ---- the events --------------------------------------------------------------------------------------


def _read_exchange(checked: CheckedEvent) -> Event:
    """A draw or a discard: its cards, or only how many when they were not seen (BG-4)."""
    number, kind, seat, data = checked
    count = data.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= STOCK_SIZE):
        message = _("count must be a whole number from 0 to {most}")
        raise RecordError(f"events[{number - 1}].count", message.format(most=STOCK_SIZE))
    tokens = data.get("cards")
    if tokens is None:
        if count is None:
            if kind == "draw":
                message = _("a draw needs its cards, or a count when they were not seen")
            else:
                message = _("a discard needs its cards, or a count when they were not seen")
            raise RecordError(f"events[{number - 1}].cards", message)
        return Event(number=number, type=kind, seat=seat, count=count)
    cards = cards_at(tokens, f"events[{number - 1}].cards")
    if count is not None and count != len(cards):
        message = ngettext(
            "count is {count} but {listed} card is listed", "count is {count} but {listed} cards are listed", len(cards)
        )
        raise RecordError(f"events[{number - 1}].count", message.format(count=count, listed=len(cards)))
    return Event(number=number, type=kind, seat=seat, cards=cards, count=len(cards))
