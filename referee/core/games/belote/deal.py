"""Reading a Belote hand record: the first five cards of each hand, the turn-up, the stock and the events
(docs/rules/belote.md BL-1.1, BL-3.3, BL-3.4); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.games.belote.rules import BIDS, FIRST_DEAL, SAYINGS, STOCK
from referee.core.games.belote.setup import SETUP
from referee.core.pack32 import PACK32
from referee.core.record import CheckedEvent, DealtCards, Event, Header, event_card, in_pack
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from vocabulary.cards import SUITS, Card, CardError, parse_card, parse_cards
from vocabulary.i18n import _, gettext_noop, ngettext

_PACK = frozenset(PACK32)
_SAYINGS_READ = (None, "", *SAYINGS)  # no saying, or belote or rebelote


@dataclass(frozen=True, slots=True)
class BeloteRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]  # the first five cards of each seat (BL-3.3)
    turn_up: Card
    stock: tuple[Card, ...]  # the other 11 cards in the order the dealer gives them (BL-3.4)
    events: tuple[Event, ...]


_NOT_IN_PACK = gettext_noop("{card} is not in the 32-card Belote pack: A K Q J 10 9 8 7")


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
    dealt = DealtCards(_PACK, _NOT_IN_PACK, gettext_noop("{card} is dealt twice"))
    for seat, hand in enumerate(hands):
        dealt.place_all(hand, f"hands[{seat}]")
    dealt.place(turn_up, "turn_up")
    dealt.place_all(stock, "stock")


def _read_event(checked: CheckedEvent) -> Event:
    """An event whose type and seat are checked: a play's card and saying, or a bid's choice."""
    number, kind, seat, data = checked
    if kind == "play":
        card = in_pack(event_card(number, data), _PACK, f"events[{number - 1}].card", _NOT_IN_PACK)
        saying = data.get("announce")
        if saying not in _SAYINGS_READ:
            raise RecordError(
                f"events[{number - 1}].announce",
                _("announce is belote or rebelote (BL-6.1), not {saying}").format(saying=repr(saying)),
            )
        return Event(number=number, type=kind, seat=seat, card=card, announce=saying or "")
    choice = data.get("choice")
    if isinstance(choice, str) and choice.upper() in SUITS:
        choice = choice.upper()
    if choice not in BIDS:
        raise RecordError(
            f"events[{number - 1}].choice",
            _("choice must be one of {options}, not {choice}").format(options=", ".join(BIDS), choice=repr(choice)),
        )
    return Event(number=number, type=kind, seat=seat, choice=str(choice))


def _cards(doc: Mapping[str, Any], field: str) -> tuple[Card, ...]:
    try:
        if field == "turn_up":
            return (parse_card(doc.get(field), field),)
        return parse_cards(doc.get(field) or [], field)
    except CardError as error:
        raise RecordError(error.path or field, error.message) from None


def _read_deal(doc: Mapping[str, Any], header: Header) -> tuple[Card, tuple[Card, ...]]:
    """The turn-up and the stock, once the deal is 5 cards a hand, a turn-up and at most 11 more (BL-3.3, BL-3.4)."""
    if doc.get("turn_up") is None:
        raise RecordError(
            "turn_up", _("turn_up is missing: the 21st card, turned face up after the first deal (BL-3.3)")
        )
    (turn_up,) = _cards(doc, "turn_up")
    stock = _cards(doc, "stock")
    _check_deal(header.hands, turn_up, stock)
    return turn_up, stock


def read_record(doc: Mapping[str, Any], game: str) -> BeloteRecord:
    """Read a Belote hand record; raise RecordError with the path of the problem."""
    header, (turn_up, stock), events = read_in_order(doc, game, SETUP, _read_deal, _read_event)
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
