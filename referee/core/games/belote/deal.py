"""Reading a Belote hand record: the first five cards of each hand, the turn-up, the stock and the events
(docs/rules/belote.md BL-1.1, BL-3.3, BL-3.4); see the package docstring for the record's shape. Two other shapes
are read (docs/referee/belote.md): the hands as held in play, 8 cards each with the turn-up in the taker's and no
stock, and the plays only, no hands at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.games.belote.rules import FIRST_DEAL, SAYINGS, STOCK
from referee.core.games.belote.setup import HELD, SETUP
from referee.core.record import DealtCards, Event, Header, Record, card_at, cards_at
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import Card
from vocabulary.i18n import _, gettext_noop, ngettext


@dataclass(frozen=True, slots=True, kw_only=True)
class BeloteRecord(Record):
    """A hand record as read: the first five cards of each seat (BL-3.3), or the cards held in play; the turn-up, and
    the other 11 cards in the order the dealer gives them (BL-3.4)."""

    turn_up: Card
    stock: tuple[Card, ...]
    # The hands are as held once the deal is complete (8 each, the turn-up in the taker's), or the cards each seat
    # plays (a record of the plays only): no stock is dealt after the take.
    held: bool = False


def _check_deal(hands: tuple[tuple[Card, ...], ...], turn_up: Card, stock: tuple[Card, ...], dealt: DealtCards) -> None:
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
    for seat, hand in enumerate(hands):
        dealt.place_all(hand, f"hands[{seat}]")
    dealt.place(turn_up, "turn_up")
    dealt.place_all(stock, "stock")


def _read_saying(value: Any, path: str) -> str:
    """A play's saying: none, or belote or rebelote (BL-6.1)."""
    if value not in (None, "", *SAYINGS):
        raise RecordError(path, _("announce is belote or rebelote (BL-6.1), not {saying}").format(saying=repr(value)))
    return value or ""


def is_held(doc: Mapping[str, Any], header: Header) -> bool:
    """Whether the record gives the hands as held in play (``"held": true``, or a hand of 8 cards, or the plays
    only), not the dealt lots."""
    return header.plays_only or doc.get("held") is True or any(len(hand) == HELD for hand in header.hands)


def _check_held(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> None:
    """Refuse hands as held in play that are not 8 different cards each of the pack (so the whole pack, the turn-up
    in the taker's hand, BL-3.4), or that come with a stock; a record of the plays only has no hands to check."""
    if doc.get("stock"):
        message = _("the hands are given as held in play, so the stock was already dealt: leave the stock out (BL-3.4)")
        raise RecordError("stock", message)
    message = gettext_noop(
        "each hand holds the 8 cards it plays with once the deal is complete (BL-3.4), not {count}; "
        "or give every hand's first 5 cards and the stock"
    )
    dealt.place_hands(header, message, (HELD,))


def _read_deal(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> tuple[Card, tuple[Card, ...]]:
    """The turn-up and the stock, once the deal is 5 cards a hand, a turn-up and at most 11 more (BL-3.3, BL-3.4);
    or the turn-up alone, once the hands as held in play are 8 cards each with the turn-up among them."""
    if doc.get("turn_up") is None:
        message = _("turn_up is missing: the 21st card, turned face up after the first deal (BL-3.3)")
        raise RecordError("turn_up", message)
    turn_up = card_at(doc.get("turn_up"), "turn_up")
    if is_held(doc, header):
        dealt.of_pack(turn_up, "turn_up")
        _check_held(doc, header, dealt)
        return turn_up, ()
    stock = cards_at(doc.get("stock") or [], "stock")
    _check_deal(header.hands, turn_up, stock, dealt)
    return turn_up, stock


def _take_belote_at_its_word(
    hands: tuple[tuple[Card, ...], ...], events: tuple[Event, ...]
) -> tuple[tuple[Card, ...], ...]:
    """A record of the plays only: "belote" said with the K or Q of trumps shows the other one (BL-6.1), which the
    player holds until played. Unless somebody plays it in the record, it joins the player's hand, so a record
    that stops before it is played does not flag a true belote."""
    held = [list(hand) for hand in hands]
    for event in events:
        if event.announce == "belote" and event.card is not None and event.card.rank in "KQ":
            other = Card("Q" if event.card.rank == "K" else "K", event.card.suit)
            if not any(other in hand for hand in held):
                held[event.seat].append(other)
    return tuple(map(tuple, held))


def read_record(doc: Mapping[str, Any], game: str) -> BeloteRecord:
    """Read a Belote hand record; raise RecordError with the path of the problem."""
    header, (turn_up, stock), events = read_in_order(
        doc,
        game,
        SETUP,
        _read_deal,
        not_in_pack=gettext_noop("{card} is not in the 32-card Belote pack: A K Q J 10 9 8 7"),
        twice=gettext_noop("{card} is dealt twice"),
        field_readers={"announce": _read_saying},
    )
    held = is_held(doc, header)
    hands = _take_belote_at_its_word(header.hands, events) if header.plays_only else header.hands
    if len(stock) != STOCK and not held:
        for event in events:
            if event.type == "play":
                message = ngettext(
                    "the stock holds {count} of its {size} card; record them all, in the order dealt, "
                    "to referee the play (BL-3.4)",
                    "the stock holds {count} of its {size} cards; record them all, in the order dealt, "
                    "to referee the play (BL-3.4)",
                    STOCK,
                )
                raise RecordError(f"events[{event.number - 1}]", message.format(count=len(stock), size=STOCK))
    return BeloteRecord.of(header, events, hands=hands, turn_up=turn_up, stock=stock, held=held)
