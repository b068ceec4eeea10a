"""Reading a Draw Bridge hand record: the deal, the stock and the events, checked for shape (DB-1.1, DB-2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.calls import parse_call
from referee.core.games.draw_bridge.rules import STOCK_SIZE
from referee.core.games.draw_bridge.setup import SETUP
from referee.core.record import DealtCards, Header, Record, cards_at
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import Card
from vocabulary.i18n import _, gettext_noop


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawBridgeRecord(Record):
    """A hand record as read, with the stock, top card first; in a record of the plays only each hand is the cards
    its seat plays but did not draw."""

    stock: tuple[Card, ...]


def read_record(doc: Mapping[str, Any], name: str) -> DrawBridgeRecord:
    """Read a Draw Bridge hand record: 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2).

    A fault is told in this order: the header, then the first event that is not an object with a known type and a
    seat, then the stock and the deal, then the first event whose card or call cannot be read.
    """
    if isinstance(doc, dict) and doc.get("game") != name:
        raise RecordError("game", _("this is a Draw Bridge record, so game must be {name}").format(name=repr(name)))
    not_in_pack = gettext_noop("{card} is not a card of the 52-card pack (DB-1.1)")
    header, stock, events = read_in_order(
        doc, name, SETUP, _read_deal, not_in_pack=not_in_pack, field_readers={"call": parse_call}
    )
    hands = header.hands
    if header.plays_only:
        # A record of the plays only: a hand as dealt is the cards its seat plays less those it drew, and the
        # stock, unless given, is the cards drawn, in the order drawn (the top card first, DB-3.5).
        drawn = [(event.seat, event.card) for event in events if event.type == "draw" and event.card is not None]
        hands = tuple(tuple(card for card in hand if (seat, card) not in drawn) for seat, hand in enumerate(hands))
        if doc.get("stock") is None:
            stock = tuple(dict.fromkeys(card for _seat, card in drawn))
    return DrawBridgeRecord.of(header, events, hands=hands, stock=stock)


def _read_deal(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> tuple[Card, ...]:
    """The stock, once the deal is 2 hands of 13 and a stock of 26 from one 52-card pack (DB-1.1, DB-2.2).

    The error names the first fault: the stock's cards and size, then the hands and the stock card by card. A
    record of the plays only has no hands to check; its stock, if given, is checked alone.
    """
    if header.plays_only and doc.get("stock") is None:
        return ()  # the cards drawn: read_record takes them from the events
    stock = cards_at(doc.get("stock"), "stock")
    if len(stock) != STOCK_SIZE:
        message = _("the stock holds {size} cards, top card first (DB-2.2), not {count}")
        raise RecordError("stock", message.format(size=STOCK_SIZE, count=len(stock)))
    dealt.place_hands(header, gettext_noop("each hand is dealt {size} cards (DB-2.2), not {count}"))
    dealt.place_all(stock, "stock")
    return stock
