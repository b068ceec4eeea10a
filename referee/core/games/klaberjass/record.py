"""Reading a Klaberjass hand record: the hands, the turn-up, the bottom card and the events
(RULES.md KJ-1.1, KJ-3, KJ-5.1); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from referee.core.pack32 import PACK32
from referee.core.record import CheckedEvent, Event, bad_event, event_card, event_cards, event_list, read_header
from referee.core.verdict import RecordError
from scoring.core.base import Flags
from scoring.core.cards import SUITS, Card, CardError, card_name, parse_card
from scoring.core.i18n import _

EVENT_TYPES = ("bid", "answer", "dix", "declare", "play")
BIDS = ("take", "pass", "schmeiss", *SUITS)
ANSWERS = ("play", "throw_in")
HAND_SIZE = 9  # KJ-5.1
FIRST_DEAL = 6  # KJ-3.2: a record of an annulled deal may hold only these
_SEATS = range(2)  # KJ-1.1: two players
_PACK = frozenset(PACK32)
# The usual spellings of the 32 cards ("JH", "TH", "10H"), each straight to its card of the pack;
# any other spelling goes through the card reader and the pack check.
_BY_TOKEN: dict[Any, Card] = {card.code: card for card in PACK32} | {
    f"10{card.suit}": card for card in PACK32 if card.rank == "T"
}
_USUAL_FIRST = ("play", "bid", "answer", "dix", "declare")  # EVENT_TYPES, the usual first, for `in`


class KlaberjassEvent(NamedTuple):
    """One bid, answer, dix, declaration or play as read.

    A NamedTuple, not a frozen dataclass: just as immutable, and far cheaper to build (a frozen
    dataclass sets each field through object.__setattr__), which counts at one per event of
    every replay.
    """

    number: int  # 1-based position in the record's events (not `index`, a tuple method)
    type: str
    seat: int
    choice: str = ""
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    bella: bool = False


# The usual play as read: a plain tuple of KlaberjassEvent's fields in its order (speed: a plain tuple costs a
# quarter of a NamedTuple's build, at one per card). The fast lane unpacks it; `as_event` makes it a
# KlaberjassEvent for the handlers.
Play = tuple[int, str, int, str, Card, tuple[Card, ...], bool]


def as_event(event: KlaberjassEvent | Play) -> KlaberjassEvent:
    """The event with its fields by name: a usual play, read as a plain tuple, made a KlaberjassEvent."""
    return event if type(event) is KlaberjassEvent else KlaberjassEvent._make(event)


# The events below are made by tuple.__new__ with every field, half the cost of the NamedTuple's __new__.
# Holds the place of an event that `read_record` reads after checking the deal.
_NOT_YET_READ = KlaberjassEvent(0, "", 0)


class KlaberjassRecord(NamedTuple):
    """A hand record as read. A NamedTuple, not a frozen dataclass: as immutable, and far cheaper to build, once
    per replay (by tuple.__new__ with every field, half the cost of the NamedTuple's own __new__)."""

    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    bottom: Card | None
    events: tuple[KlaberjassEvent | Play, ...]  # the usual play a plain tuple (`Play`)


def _pack_card(card: Card, path: str) -> Card:
    if card not in _PACK:
        message = _("{card} is not in the 32-card Klaberjass pack: A K Q J 10 9 8 7 (KJ-1.1)")
        raise RecordError(path, message.format(card=card_name(card)))
    return card


def _one_card(doc: Mapping[str, Any], field: str) -> Card:
    token = doc.get(field)
    card = _BY_TOKEN.get(token) if isinstance(token, str) else None
    if card is not None:
        return card
    try:
        card = parse_card(token, field)
    except CardError as error:
        raise RecordError(field, error.message) from None
    return _pack_card(card, field)


_SIZES = ({HAND_SIZE}, {FIRST_DEAL})  # the hands' sizes as a set: 9 each, or 6 each (KJ-3.2)


def _check_hands(hands: Sequence[Sequence[Card]]) -> set[Card]:
    """Refuse hands that are not 9 (or, KJ-3.2, 6) different cards each of the 32-card pack; return the cards dealt."""
    sizes = set(map(len, hands))
    if sizes not in _SIZES:
        raise RecordError("hands", _("each hand must hold the 9 cards after the second deal (KJ-5.1)"))
    # The usual case in one set comparison: a set keeps each card's hash, so comparing it with the
    # pack hashes nothing again, and no path or message is built for a card that is fine.
    dealt = set().union(*hands)
    if len(dealt) == len(hands) * len(hands[0]) and dealt <= _PACK:
        return dealt
    seen: set[Card] = set()  # The first fault in record order, with its path.
    for seat, hand in enumerate(hands):
        for number, card in enumerate(hand):
            _pack_card(card, f"hands[{seat}][{number}]")
            if card in seen:
                raise RecordError(f"hands[{seat}][{number}]", _("{card} is dealt twice").format(card=card_name(card)))
            seen.add(card)
    return seen


def _event_card(number: int, seat: int, data: Mapping[str, Any]) -> Card:
    """The card of a play event; the usual spellings straight from the pack, any other through the reader."""
    token = data.get("card")
    card = _BY_TOKEN.get(token) if isinstance(token, str) else None
    if card is None:
        card = _pack_card(event_card(Event(number, "play", seat, data)), f"events[{number - 1}].card")
    return card


def _read_event(number: int, kind: str, seat: int, data: Mapping[str, Any]) -> KlaberjassEvent:
    # Paths like "events[4].choice" are spelled out only for an event that is refused.
    if kind == "play":
        card = _event_card(number, seat, data)
        announce = data.get("announce")
        if announce not in (None, "bella"):
            raise RecordError(
                f"events[{number - 1}].announce",
                _("the only announcement is bella, not {announce}").format(announce=repr(announce)),
            )
        return tuple.__new__(KlaberjassEvent, (number, kind, seat, "", card, (), announce == "bella"))
    if kind in ("bid", "answer"):
        options = BIDS if kind == "bid" else ANSWERS
        choice = data.get("choice")
        if type(choice) is str and choice in options:  # the usual choice, spelled as it is listed
            return tuple.__new__(KlaberjassEvent, (number, kind, seat, choice, None, (), False))
        if isinstance(choice, str) and kind == "bid" and choice.upper() in SUITS:
            choice = choice.upper()
        if choice not in options:
            raise RecordError(
                f"events[{number - 1}].choice",
                _("choice must be one of {options}, not {choice}").format(
                    options=", ".join(options), choice=repr(choice)
                ),
            )
        return tuple.__new__(KlaberjassEvent, (number, kind, seat, str(choice), None, (), False))
    if kind == "declare":
        tokens = data.get("cards")
        try:  # the usual list of card codes, straight from the pack; anything else through the card reader
            usual = tuple(map(_BY_TOKEN.__getitem__, tokens)) if type(tokens) is list else None
        except (KeyError, TypeError):
            usual = None
        cards = usual if usual is not None else event_cards(Event(number, kind, seat, data), "cards")
        if not _PACK.issuperset(cards):  # the path of the first card not in the pack, spelled out only then
            for position, card in enumerate(cards):
                _pack_card(card, f"events[{number - 1}].cards[{position}]")
        return tuple.__new__(KlaberjassEvent, (number, kind, seat, "", None, cards, False))
    return tuple.__new__(KlaberjassEvent, (number, kind, seat, "", None, (), False))  # dix


def _read_events(events: list[Any]) -> tuple[list[KlaberjassEvent | Play], list[tuple[int, CheckedEvent]]]:
    """The events read as `read_record` reads them: the usual plays read, the other events' places held."""
    # One pass over the events checks each one's type and seat (a bad one is refused at once, before the deal
    # is checked) and reads the usual play: a card code, bella or no announcement, as a plain tuple (`Play`).
    # Any other event keeps
    # its place and is read once the deal is checked, so that a record with several faults is refused for the
    # same first one as ever.
    read: list[KlaberjassEvent | Play] = []
    later: list[tuple[int, CheckedEvent]] = []  # (its place in `read`, the event as checked)
    append = read.append
    # Speed: the type compared with "play" first, the seat by one chained comparison, the card read only for a play.
    # A card code of another type than str finds no card (the table's keys are str) and is read later, as before.
    for number, event in enumerate(events, start=1):
        if type(event) is dict:
            kind, seat = event.get("type"), event.get("seat")
            if kind in _USUAL_FIRST and type(seat) is int and 0 <= seat <= 1:
                if kind == "play":
                    announce = event.get("announce")
                    try:  # a usual card code straight from the pack; anything else (unhashable too) is read later
                        card = _BY_TOKEN.get(event.get("card"))
                    except TypeError:
                        card = None
                    if card is not None and (announce is None or announce == "bella"):
                        append((number, kind, seat, "", card, (), announce is not None))  # bella or none
                        continue
                later.append((len(read), (number, kind, seat, event)))
                append(_NOT_YET_READ)
                continue
        raise bad_event(number, event, EVENT_TYPES, len(_SEATS))
    return read, later


def read_record(doc: Mapping[str, Any], game: str) -> KlaberjassRecord:
    """Read a Klaberjass hand record; raise RecordError with the path of the problem."""
    _game, players, dealer, flags, hands = read_header(doc, game)  # by place: a NamedTuple's field is a property
    read, later = _read_events(event_list(doc))
    dealt = _check_hands(hands)
    if "turn_up" not in doc:
        raise RecordError("turn_up", _("turn_up is missing: the card turned face up after the deal (KJ-3.3)"))
    turn_up = _one_card(doc, "turn_up")
    if turn_up in dealt:
        raise RecordError("turn_up", _("the turn-up {card} is also in a hand").format(card=card_name(turn_up)))
    bottom = None
    if doc.get("bottom") is not None:
        bottom = _one_card(doc, "bottom")
        if bottom in dealt or bottom == turn_up:
            raise RecordError(
                "bottom", _("the bottom card {card} is also dealt elsewhere").format(card=card_name(bottom))
            )
    # The events were read in one pass above; the ones other than the usual play, held over until now, are
    # read into their places.
    for position, (number, kind, seat, data) in later:
        read[position] = _read_event(number, kind, seat, data)
    events = tuple(read)
    if len(hands[0]) == FIRST_DEAL:
        for number, kind, *_fields in events:  # by place: a usual play is a plain tuple
            if kind in ("dix", "declare", "play"):
                raise RecordError(
                    f"events[{number - 1}]",
                    _("the hands hold only the first six cards; record all nine to referee the play (KJ-5.1)"),
                )
    return tuple.__new__(KlaberjassRecord, (players, dealer, flags, hands, turn_up, bottom, events))
