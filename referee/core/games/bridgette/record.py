"""Reading a Bridgette hand record (docs/referee/bridgette.md): hands as dealt, stock or upcard, and steps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from referee.core.calls import DOUBLE, LADDER, PASS, REDOUBLE, Call, parse_call
from referee.core.record import CheckedEvent, event_list, read_events, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import Card, CardError, card_name, colons, parse_card, parse_cards, standard_pack
from scoring.core.games.bridgette import GAME
from scoring.core.i18n import _, ngettext

EVENT_TYPES = ("draw", "discard", "call", "play")
HAND_SIZE = 13  # BG-3.2
STOCK_SIZE = 29  # BG-3.3
# The 55 cards by code (BG-1.2), and the calls by code ("pass", "1C", "3NT"), as most records write them.
_BY_CODE = {card.code: card for card in (*standard_pack(), *colons())}
_CALLS = {call.code: call for call in (*LADDER, PASS, DOUBLE, REDOUBLE)}
_SEATS = range(GAME.seats)
# For the quick reading of the usual events (`_read_usual_steps`): the seats, and the step of each play and call by
# its seat and code, made once (a step is immutable, so every record shares them).
_SEAT_SET = frozenset(_SEATS)
_PLAY_STEPS = {seat: {code: ("play", seat, card, None, None, 0) for code, card in _BY_CODE.items()} for seat in _SEATS}
_CALL_STEPS = {seat: {code: ("call", seat, None, call, None, 0) for code, call in _CALLS.items()} for seat in _SEATS}


# One event as read: (type, seat, card, call, cards, card_count). A play carries its card, a call its call, a draw or
# a discard its cards (None when only how many was recorded) and card_count, how many cards it moves (0 for a play or
# a call). The event's 1-based number is its position in the record, which the replay knows. A plain tuple, read by
# unpacking: a NamedTuple costs about four times as much to build.
Step = tuple[str, int, Card | None, Call | None, tuple[Card, ...] | None, int]

# A hand as dealt: its cards in the record's order, as a read-only ordered set (a view of a dict whose values are
# all None). The replay copies it into a dict of its own, and a dict copy keeps each card's hash: a card of a hand
# is hashed once in a replay, when the record is read. The stock stays a tuple: the usual exchange takes its
# cards from the top by position (`Exchange.ordinary_exchange`), and only the careful handlers make a dict of it.
CardSet = MappingProxyType[Card, None]
# Where a card is, as the replay tracks it: ("hand", seat), ("discard", seat) or ("trick", number).
Place = tuple[str, int]
_IN_HAND = tuple(("hand", seat) for seat in _SEATS)
_DEALT_SIZES = frozenset((0, HAND_SIZE))  # a hand as dealt, or none if it was not recorded (BG-3.2)


class BridgetteRecord(NamedTuple):
    """A hand record as read. A NamedTuple, not a frozen dataclass: as immutable, and cheaper to build, once per
    replay."""

    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[CardSet | None, ...]  # as dealt; None: the hand was not recorded
    stock: tuple[Card, ...] | None  # top first
    upcard: Card | None  # the top of the stock whenever the stock is recorded (BG-3.3)
    steps: tuple[Step, ...]
    # Where each card of the recorded hands is, ("hand", seat): the replay copies it (`ReplayState.where`).
    places: MappingProxyType[Card, Place]


def read_record(doc: Mapping[str, Any]) -> BridgetteRecord:
    """Read a Bridgette hand record; a RecordError names the path of what cannot be read."""
    if isinstance(doc, dict) and doc.get("game") != "bridgette":
        raise RecordError("game", _("this is not a Bridgette hand record"))
    header = read_header(doc, "bridgette")
    steps = _read_usual_steps(event_list(doc))
    if steps is None:
        # Some event is written otherwise: read the careful way, in the order that names the first fault: the
        # events' types and seats, then the deal, then each event's card, call or cards.
        events = read_events(doc, "bridgette", EVENT_TYPES)
        hands, stock, upcard, places = _read_deal(doc, header.hands)
        steps = _read_steps(events)
    else:
        hands, stock, upcard, places = _read_deal(doc, header.hands)
    # Every field in order, made by tuple.__new__: BridgetteRecord(...) runs the Python __new__ NamedTuple writes.
    return tuple.__new__(
        BridgetteRecord, (header.players, header.dealer, header.flags, hands, stock, upcard, steps, places)
    )


# ---- the deal: hands, stock and upcard ------------------------------------------------------------------


def _read_deal(
    doc: Mapping[str, Any], dealt: Sequence[Sequence[Card]]
) -> tuple[tuple[CardSet | None, ...], tuple[Card, ...] | None, Card | None, MappingProxyType[Card, Place]]:
    """The hands, the stock, the upcard and where each card of the hands is, once the hands are 13 cards or none
    (BG-3.2) and no card is dealt twice (BG-1.2)."""
    try:
        stock = _read_stock(doc)
        upcard = _read_upcard(doc, stock)
    except RecordError:
        _check_deal_carefully(doc, dealt)  # names a fault in the hands first, else raises this one again
        raise
    # Each card is hashed once into a dict: its hand's, or for the stock (or the upcard) the one the check below
    # counts; the place of each card of the hands is made from the hands' dicts, which keep the hashes.
    hands = [dict.fromkeys(hand) for hand in dealt]
    rest = stock if stock is not None else () if upcard is None else (upcard,)
    places: dict[Card, Place] = {}
    for seat, hand in enumerate(hands):
        places.update(dict.fromkeys(hand, _IN_HAND[seat]))
    # The usual record in one comparison: the cards of every hand and of the stock (or the upcard) gathered into
    # one dict hold as many cards as were read. Adding the places hashes no card again, and no path or message is
    # built; any fault is named by the careful check.
    every = dict.fromkeys(rest)
    every.update(places)
    sizes = list(map(len, dealt))
    if len(every) != sum(sizes) + len(rest) or not _DEALT_SIZES.issuperset(sizes):
        _check_deal_carefully(doc, dealt)
    views = tuple([MappingProxyType(hand) if hand else None for hand in hands])
    return views, stock, upcard, MappingProxyType(places)


def _check_deal_carefully(doc: Mapping[str, Any], dealt: Sequence[Sequence[Card]]) -> None:
    """`_read_deal`'s checks card by card, in record order: the RecordError names the first fault and where."""
    seen: dict[Card, str] = {}

    def place(card: Card, path: str) -> None:
        if card in seen:
            message = _("{card} appears at {path} and again here; the pack has one of each (BG-1.2)")
            raise RecordError(path, message.format(card=card_name(card), path=seen[card]))
        seen[card] = path

    for seat, hand in enumerate(dealt):
        if len(hand) not in (0, HAND_SIZE):
            raise RecordError(
                f"hands[{seat}]",
                _("a hand as dealt has {size} cards (BG-3.2), or none if it was not recorded").format(size=HAND_SIZE),
            )
        for index, card in enumerate(hand):
            place(card, f"hands[{seat}][{index}]")
    stock = _read_stock(doc)
    for index, card in enumerate(stock or ()):
        place(card, f"stock[{index}]")
    upcard = _read_upcard(doc, stock)
    if stock is None and upcard is not None:
        place(upcard, "upcard")


def _read_stock(doc: Mapping[str, Any]) -> tuple[Card, ...] | None:
    tokens = doc.get("stock")
    if tokens is None:
        return None
    stock = _codes(tokens)
    if stock is None:
        try:
            stock = parse_cards(tokens, "stock")
        except CardError as error:
            raise RecordError(error.path, error.message) from None
    if len(stock) != STOCK_SIZE:
        raise RecordError(
            "stock",
            _("the stock has {size} cards, top first (BG-3.3), not {count}").format(size=STOCK_SIZE, count=len(stock)),
        )
    return stock


def _read_upcard(doc: Mapping[str, Any], stock: tuple[Card, ...] | None) -> Card | None:
    """The upcard as recorded, which must be the top of the stock (BG-3.3); else the top of the stock, if known."""
    if doc.get("upcard") is None:
        return stock[0] if stock is not None else None
    try:
        upcard = parse_card(doc["upcard"], "upcard")
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    if stock is not None and upcard != stock[0]:
        message = _("the upcard is the top card of the stock, {top}, not {card} (BG-3.3)")
        raise RecordError("upcard", message.format(top=card_name(stock[0]), card=card_name(upcard)))
    return upcard


def _codes(tokens: Any) -> tuple[Card, ...] | None:
    """A list of card codes ("5H", "GC"), the usual spelling, read with one look-up per card; None for anything
    else, which `parse_cards` reads the long way (or refuses, naming the token)."""
    if type(tokens) is list:
        try:
            return _look_up_codes(tokens)
        except (KeyError, TypeError):  # a token that is not a code, or not even hashable
            pass
    return None


def _look_up_codes(tokens: list[Any]) -> tuple[Card, ...]:
    """The card of each code in ``tokens``; KeyError for a token that is not a code, TypeError for one that cannot
    be looked up. Replay speed: an itemgetter of the codes looks them all up in one C loop (a map of
    ``_BY_CODE.__getitem__`` makes a call per card); it gives a tuple only for two codes or more."""
    if len(tokens) > 1:
        cards: tuple[Card, ...] = itemgetter(*tokens)(_BY_CODE)
        return cards
    return tuple(map(_BY_CODE.__getitem__, tokens))


# ---- the events --------------------------------------------------------------------------------------
# Paths like "events[4].card" are spelled out only for an event that is refused.


def _read_usual_steps(events: list[Any]) -> tuple[Step, ...] | None:
    """The events as steps when each is written the usual way: an object with a known type and a plain int seat,
    its card or call by its code, or its cards as a list of codes and no count; None as soon as one is not.
    `read_record` then reads them the careful way (`read_events`, `_read_steps`), which accepts the other spellings
    or names the first fault, with its path.

    Replay speed: a play or a call is one look-up of its seat and code in a table of steps made at import (a step
    no longer carries the event's number, so one tuple serves every record).
    """
    steps: list[Step] = []
    append = steps.append
    try:
        for event in events:
            # `type(seat) is int`: a bool is an int too, and a seat written true is refused.
            if type(event) is not dict or type(seat := event["seat"]) is not int:
                return None
            kind = event["type"]
            if kind == "play":
                append(_PLAY_STEPS[seat][event["card"]])
            elif kind == "call":
                append(_CALL_STEPS[seat][event["call"]])
            elif (kind == "draw" or kind == "discard") and seat in _SEAT_SET:
                # A draw or a discard that lists its cards by code and gives no count.
                if type(tokens := event["cards"]) is not list or event.get("count") is not None:
                    return None
                cards = _look_up_codes(tokens)
                append((kind, seat, None, None, cards, len(cards)))
            else:
                return None
    except (KeyError, TypeError):  # a missing type, seat or field, a code not found, a value that cannot be looked up
        return None
    return tuple(steps)


def _read_steps(events: list[CheckedEvent]) -> tuple[Step, ...]:
    """The events whose type and seat `read_events` has checked, as steps."""
    steps: list[Step] = []
    for number, kind, seat, data in events:
        if kind == "play":
            # Most plays write the card by its code ("5H"): looked up here, any other spelling read the long way.
            token = data.get("card")
            card = _BY_CODE.get(token) if isinstance(token, str) else None
            if card is None:
                card = _read_card(number, token)
            steps.append((kind, seat, card, None, None, 0))
        elif kind == "call":
            steps.append((kind, seat, None, _read_call(number, data.get("call")), None, 0))
        else:
            steps.append(_read_exchange_step(number, kind, seat, data))
    return tuple(steps)


def _read_card(number: int, token: Any) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise RecordError(f"events[{number - 1}].card", error.message) from None


def _read_call(number: int, value: Any) -> Call:
    try:
        return parse_call(value)
    except RecordError as error:
        raise RecordError(f"events[{number - 1}].call", error.message) from None


def _read_exchange_step(number: int, kind: str, seat: int, data: Mapping[str, Any]) -> Step:
    """A draw or a discard: its cards, or only how many when they were not seen (BG-4)."""
    count = data.get("count")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= STOCK_SIZE):
        raise RecordError(
            f"events[{number - 1}].count", _("count must be a whole number from 0 to {most}").format(most=STOCK_SIZE)
        )
    tokens = data.get("cards")
    if tokens is None:
        if count is None:
            if kind == "draw":
                message = _("a draw needs its cards, or a count when they were not seen")
            else:
                message = _("a discard needs its cards, or a count when they were not seen")
            raise RecordError(f"events[{number - 1}].cards", message)
        return (kind, seat, None, None, None, count)
    try:
        # The path goes into parse_cards's messages ("events[2].cards must be a list of cards"); a record has
        # only four draws and discards, so it is built up front.
        cards = parse_cards(tokens, f"events[{number - 1}].cards")
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    if count is not None and count != len(cards):
        message = ngettext(
            "count is {count} but {listed} card is listed", "count is {count} but {listed} cards are listed", len(cards)
        )
        raise RecordError(f"events[{number - 1}].count", message.format(count=count, listed=len(cards)))
    return (kind, seat, None, None, cards, len(cards))
