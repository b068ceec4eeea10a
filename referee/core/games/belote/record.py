"""Reading a Belote hand record: the first five cards of each hand, the turn-up, the stock and the events
(docs/rules/belote.md BL-1.1, BL-3.3, BL-3.4); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.core.pack32 import PACK32
from referee.core.record import CheckedEvent, Event, bad_event, event_card, event_list, read_header
from referee.core.trump_rounds import PASS, TAKE
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import RANK_LABELS, SUITS, Card, CardError, card_name, parse_card, parse_cards
from scoring.core.games.belote import SEATS
from scoring.core.i18n import _, ngettext

EVENT_TYPES = ("bid", "play")
BIDS = (TAKE, PASS, *SUITS)
SAYINGS = ("belote", "rebelote")  # BL-6.1
FIRST_DEAL = 5  # BL-3.3: 3 then 2 cards each
STOCK = 11  # BL-3.3: what is left once the turn-up is turned
_PACK = frozenset(PACK32)
# The pack's cards as most plays write them, by code ("KH", "TH") or with a 10 ("10H"); any other spelling
# is read the long way (`_read_event`).
_BY_CODE = {
    spelling: card for card in PACK32 for spelling in (card.code, RANK_LABELS.get(card.rank, card.rank) + card.suit)
}
_SEATS = range(SEATS)
_SAYINGS_READ = (None, "", *SAYINGS)  # no saying, or belote or rebelote


class BeloteEvent(NamedTuple):
    """One bid or play as read (a NamedTuple: immutable and cheap, one per event of every replay)."""

    number: int  # 1-based position in the record's events
    type: str
    seat: int
    choice: str = ""
    card: Card | None = None
    saying: str = ""  # "belote" or "rebelote", said with the card (BL-6.1)


@dataclass(frozen=True, slots=True)
class BeloteRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]  # the first five cards of each seat (BL-3.3)
    turn_up: Card
    stock: tuple[Card, ...]  # the other 11 cards in the order the dealer gives them (BL-3.4)
    events: tuple[BeloteEvent, ...]


def _pack_card(card: Card, path: str) -> Card:
    if card not in _PACK:
        raise RecordError(
            path, _("{card} is not in the 32-card Belote pack: A K Q J 10 9 8 7").format(card=card_name(card))
        )
    return card


def _check_deal(hands: tuple[tuple[Card, ...], ...], turn_up: Card, stock: tuple[Card, ...]) -> None:
    """Refuse a deal that is not 5 cards a hand, a turn-up and at most 11 more, all different and of the pack."""
    for seat, hand in enumerate(hands):
        if len(hand) != FIRST_DEAL:
            raise RecordError(f"hands[{seat}]", _("each hand holds the 5 cards of the first deal, 3 then 2 (BL-3.3)"))
    if len(stock) > STOCK:
        message = ngettext(
            "the stock holds the {count} card left after the turn-up (BL-3.3)",
            "the stock holds the {count} cards left after the turn-up (BL-3.3)",
            STOCK,
        )
        raise RecordError("stock", message.format(count=STOCK))
    # The usual deal in one set comparison; the careful loop below names the first fault of any other.
    dealt = {*hands[0], *hands[1], *hands[2], *hands[3], turn_up, *stock}
    if len(dealt) == len(hands) * FIRST_DEAL + 1 + len(stock) and dealt <= _PACK:
        return
    seen: set[Card] = set()
    placed = [(f"hands[{seat}][{n}]", card) for seat, hand in enumerate(hands) for n, card in enumerate(hand)]
    placed += [("turn_up", turn_up), *((f"stock[{n}]", card) for n, card in enumerate(stock))]
    for path, card in placed:
        _pack_card(card, path)
        if card in seen:
            raise RecordError(path, _("{card} is dealt twice").format(card=card_name(card)))
        seen.add(card)


def _read_event(number: int, kind: str, seat: int, data: Mapping[str, Any]) -> BeloteEvent:
    # Paths like "events[4].card" are spelled out only for an event that is refused.
    if kind == "play":
        token = data.get("card")
        card = _BY_CODE.get(token) if isinstance(token, str) else None
        if card is None:
            card = _pack_card(event_card(Event(number, kind, seat, data)), f"events[{number - 1}].card")
        saying = data.get("announce")
        if saying not in _SAYINGS_READ:
            raise RecordError(
                f"events[{number - 1}].announce",
                _("announce is belote or rebelote (BL-6.1), not {saying}").format(saying=repr(saying)),
            )
        # Made by tuple.__new__ with every field: BeloteEvent(...) runs the Python __new__ NamedTuple writes.
        return tuple.__new__(BeloteEvent, (number, kind, seat, "", card, saying or ""))
    choice = data.get("choice")
    if isinstance(choice, str) and choice.upper() in SUITS:
        choice = choice.upper()
    if choice not in BIDS:
        raise RecordError(
            f"events[{number - 1}].choice",
            _("choice must be one of {options}, not {choice}").format(options=", ".join(BIDS), choice=repr(choice)),
        )
    return BeloteEvent(number, kind, seat, str(choice))


def _cards(doc: Mapping[str, Any], field: str) -> tuple[Card, ...]:
    try:
        if field == "turn_up":
            return (parse_card(doc.get(field), field),)
        return parse_cards(doc.get(field) or [], field)
    except CardError as error:
        raise RecordError(error.path or field, error.message) from None


def read_record(doc: Mapping[str, Any], game: str) -> BeloteRecord:
    """Read a Belote hand record; raise RecordError with the path of the problem."""
    header = read_header(doc, game)
    # One pass over the events checks each one's shape (a bad one is refused at once, before the deal is
    # checked) and reads the usual play or bid: a card code, no saying or one of the two; a choice as written.
    # From the first other event on, they are kept as checked and read the long way once the deal is checked,
    # so that a record with several faults is refused for the same first one as ever.
    read: list[BeloteEvent] = []
    later: list[CheckedEvent] = []
    for number, event in enumerate(event_list(doc), start=1):
        if type(event) is dict:
            kind, seat = event.get("type"), event.get("seat")
            if kind in EVENT_TYPES and type(seat) is int and seat in _SEATS:
                if later:
                    later.append((number, kind, seat, event))
                elif kind == "play":
                    token, saying = event.get("card"), event.get("announce")
                    card = _BY_CODE.get(token) if type(token) is str else None
                    if card is not None and saying in _SAYINGS_READ:
                        # Made by tuple.__new__ with all its fields: the NamedTuple's own __new__ is Python.
                        read.append(tuple.__new__(BeloteEvent, (number, kind, seat, "", card, saying or "")))
                    else:
                        later.append((number, kind, seat, event))
                elif (choice := event.get("choice")) in BIDS:
                    read.append(tuple.__new__(BeloteEvent, (number, kind, seat, choice, None, "")))
                else:
                    later.append((number, kind, seat, event))
                continue
        raise bad_event(number, event, EVENT_TYPES, SEATS)
    if doc.get("turn_up") is None:
        raise RecordError(
            "turn_up", _("turn_up is missing: the 21st card, turned face up after the first deal (BL-3.3)")
        )
    (turn_up,) = _cards(doc, "turn_up")
    stock = _cards(doc, "stock")
    _check_deal(header.hands, turn_up, stock)
    read += [_read_event(*checked) for checked in later]
    events = tuple(read)
    if len(stock) != STOCK:
        for event in events:
            if event.type == "play":
                raise RecordError(
                    f"events[{event.number - 1}]",
                    ngettext(
                        "the stock holds {count} of its {size} card; record them all, in the order dealt, "
                        "to referee the play (BL-3.4)",
                        "the stock holds {count} of its {size} cards; record them all, in the order dealt, "
                        "to referee the play (BL-3.4)",
                        STOCK,
                    ).format(count=len(stock), size=STOCK),
                )
    return BeloteRecord(header.players, header.dealer, header.flags, header.hands, turn_up, stock, events)
