"""The parts of a hand record that every game shares.

A hand record is one JSON object (documented in docs/hand-record.md)::

    {"game": "call_bridge", "players": [...], "dealer": 0, "flags": [],
     "hands": [["AS", "KS", ...], ...],   # as dealt, one list per seat
     ...game-specific fields (stock, upcard, turn_up)...,
     "events": [{"type": "play", "seat": 1, "card": "5H"}, ...]}

This module reads the common fields and every event's fields, each by its kind in the game's setup (`EventKind`);
each game's deal module reads the cards outside the hands and gives its words and its own readers (`read_record`).
A record may leave ``hands`` out: it gives the plays only, and each seat's hand is then the cards it plays in the
record (`cards_played`), so a card of a suit played after showing out of it proves a revoke (docs/hand-record.md,
"A record of the plays only").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self, TypeVar

from referee.core.setup import MAX_EVENTS, EventField, EventKind, Setup, ValueKind
from referee.core.verdict import RecordError
from scoring.core.base import EntryError, Flags
from scoring.core.games import GAMES
from scoring.core.match import MatchFile, parse_match
from vocabulary.cards import Card, CardError, card_name, parse_card, parse_cards
from vocabulary.i18n import _, gettext_noop, ngettext

Deal = TypeVar("Deal")
_DEALT_TWICE = gettext_noop("{card} is dealt twice (also at {path})")


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded event as read, with its fields by the names the record gives them (`EventField.name`).

    ``number`` is its 1-based position in the record's events, which a violation names. A field the event
    does not have keeps its default: a play has a ``card``; a Bridgette draw or discard its ``cards`` (None
    when they were not seen) and ``count``, how many it moves; a Klaberjass declaration its ``cards``; a
    ``call`` is a `calls.Call` in the bridge games and a number of tricks in Call Bridge; a ``choice`` and
    an ``announce`` are words ("take", "bella").
    """

    number: int
    type: str
    seat: int
    card: Card | None = None
    cards: tuple[Card, ...] | None = None
    count: int = 0
    call: Any = None
    choice: str = ""
    announce: str = ""


@dataclass(frozen=True, slots=True)
class Header:
    """The common fields before the events: the seats, the dealer, the flags and the hands as dealt.

    ``plays_only``: the record gives no hands, and each hand is the cards its seat plays in the record
    (`cards_played`), in the order played.
    """

    game: str
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    plays_only: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """A hand record as read: the header's seats, dealer, flags and hands, and the events. A game with cards outside
    the hands (a stock, a turn-up) adds them as fields of its own, in a subclass.

    ``plays_only``: no hands were recorded, and each is the cards its seat plays (`cards_played`).
    """

    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]
    plays_only: bool = False

    @classmethod
    def of(cls, header: Header, events: tuple[Event, ...], **fields: Any) -> Self:
        """The record of ``header`` and ``events``, with the game's own ``fields`` by name (the cards outside the
        hands; ``hands``, where the game gives them otherwise than the header does)."""
        read: dict[str, Any] = {
            "players": header.players,
            "dealer": header.dealer,
            "flags": header.flags,
            "hands": header.hands,
        }
        return cls(**(read | fields), events=events, plays_only=header.plays_only)


# An event whose type and seat are checked, as (number, type, seat, the event's object): for its fields to be read once
# the deal is checked.
CheckedEvent = tuple[int, str, int, Mapping[str, Any]]
# A game's own reading of an event's field, given its value and its path (``events[4].call``): what the `Event`
# holds there (Call Bridge's call, a whole number), or a RecordError at the path.
FieldReader = Callable[[Any, str], Any]
# A game's own reading of all the fields of an event of one type (Bridgette's draw: its cards, or a count).
EventReader = Callable[[CheckedEvent], Event]


def read_record(
    doc: Any,
    game: str,
    setup: Setup,
    read_deal: Callable[[Mapping[str, Any], Header, DealtCards], Deal],
    *,
    not_in_pack: str | None,
    twice: str = _DEALT_TWICE,
    field_readers: Mapping[str, FieldReader] | None = None,
    event_readers: Mapping[str, EventReader] | None = None,
) -> tuple[Header, Deal, tuple[Event, ...]]:
    """Read a hand record of ``game`` in the order every game tells its first fault: the header (`read_header`),
    each event's type and seat among the setup's (`read_events`), the deal (the game's ``read_deal``: the cards
    outside the hands and every card dealt, placed once in the `DealtCards` it is given), then each event's fields
    by its setup's `EventKind` (`read_event`). A RecordError names the path of what cannot be read.

    The game gives its words: ``not_in_pack``, the msgid refusing a card that is not of the setup's pack (None where
    every card a record can name is), and ``twice``, one refusing a card dealt twice; and its own readers, of a
    field by its name (``field_readers``) or of all of an event's fields by its type (``event_readers``)."""
    header = read_header(doc, game)
    checked = read_events(doc, game, setup.event_types)
    if header.plays_only:
        header = replace(header, hands=cards_played(checked, len(header.players)))
    sizes = (0, setup.hand_size) if setup.empty_hand else (setup.hand_size,)
    dealt = DealtCards(frozenset(setup.pack) if not_in_pack else None, not_in_pack or "", twice, sizes)
    deal = read_deal(doc, header, dealt)
    kinds = {kind.type: kind for kind in setup.events}
    events = tuple(read_event(event, kinds, dealt, field_readers or {}, event_readers or {}) for event in checked)
    return header, deal, events


def read_event(
    checked: CheckedEvent,
    kinds: Mapping[str, EventKind],
    pack: DealtCards,
    field_readers: Mapping[str, FieldReader],
    event_readers: Mapping[str, EventReader],
) -> Event:
    """An event with the fields of its `EventKind` read in the setup's order, each by the game's own reader of it,
    or else by its kind (`read_field`: a card of the game's pack, ``pack``, the deal's); an event of a type the game
    reads its own way, by its reader. A RecordError names the first field that cannot be read (``events[4].card``)."""
    number, kind, seat, data = checked
    if kind in event_readers:
        return event_readers[kind](checked)
    values: dict[str, Any] = {}
    for field in kinds[kind].fields:
        path = f"events[{number - 1}].{field.name}"
        reader = field_readers.get(field.name)
        value = data.get(field.name)
        values[field.name] = reader(value, path) if reader is not None else read_field(field, value, path, pack)
    return Event(number=number, type=kind, seat=seat, **values)


def read_field(field: EventField, value: Any, path: str, pack: DealtCards) -> Any:
    """The ``value`` of an event's ``field`` at ``path``, read by the field's kind: one card, or a list of them, of
    ``pack``; or one of the field's words. A number or a free word (a call) has no reading every game shares: the
    game gives its own (`FieldReader`)."""
    if field.kind is ValueKind.CARD:
        return pack.of_pack(card_at(value, path), path)
    if field.kind is ValueKind.CARDS:
        cards = cards_at(value, path)
        for index, card in enumerate(cards):
            pack.of_pack(card, f"{path}[{index}]")
        return cards
    if field.kind is ValueKind.WORD and field.words:
        return choice_at(value, path, field.words)
    raise LookupError(f"{field.name}: a number or a free word is read by the game's own reader (field_readers)")


def read_header(doc: Any, game: str) -> Header:
    """Read game, players, dealer, flags and hands: everything but the events. A record without ``hands`` (or with
    ``"hands": null``) gives the plays only: its hands are empty here, and `read_record` fills them from the plays."""
    if not isinstance(doc, dict):
        raise RecordError("record", _("a hand record must be a JSON object"))
    seats = GAMES[game].seats
    try:
        match = _parse_match(doc.get("game"), game, doc.get("players"), doc.get("dealer"), doc.get("flags", []))
    except EntryError as error:
        path = "dealer" if error.field == "first_dealer" else error.field
        raise RecordError(path, error.message) from None
    hands = doc.get("hands")
    if hands is None:
        return Header(game, match.players, match.first_dealer, match.flags, ((),) * seats, plays_only=True)
    if not isinstance(hands, list) or len(hands) != seats:
        raise RecordError(
            "hands",
            ngettext(
                "hands must be a list of {count} hand, one per seat",
                "hands must be a list of {count} hands, one per seat",
                seats,
            ).format(count=seats),
        )
    parsed_hands = tuple(cards_at(hand, f"hands[{seat}]") for seat, hand in enumerate(hands))
    return Header(game, match.players, match.first_dealer, match.flags, parsed_hands)


def cards_played(checked: Sequence[CheckedEvent], seats: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's hand in a record of the plays only: the cards its ``play`` events name, in the order played.

    A card belongs to the first seat that plays it: played again (by anyone) it is a card played before or one
    another hand holds, which the replay flags. A card token that cannot be read is left out here; the game's
    event reader refuses it by its path (``events[4].card``).
    """
    hands: list[list[Card]] = [[] for _seat in range(seats)]
    placed: set[Card] = set()
    for _number, kind, seat, data in checked:
        if kind != "play":
            continue
        try:
            card = parse_card(data.get("card"))
        except CardError:
            continue
        if card not in placed:
            placed.add(card)
            hands[seat].append(card)
    return tuple(map(tuple, hands))


def _parse_match(named: Any, game: str, players: Any, dealer: Any, flags: Any) -> MatchFile:
    """The record's game, players, dealer and flags, read as a match file reads them (EntryError if bad)."""
    target = None if not GAMES[game].target_required else 1
    return parse_match({"game": named, "players": players, "first_dealer": dealer, "flags": flags, "target": target})


def read_events(doc: Any, game: str, event_types: tuple[str, ...]) -> list[CheckedEvent]:
    """Check the record's event list: at most `MAX_EVENTS` objects, each with one of ``event_types`` and a seat.
    The first that is not is refused (`bad_event`); the other fields are the game's to read."""
    if not isinstance(doc, dict):
        raise RecordError("record", _("a hand record must be a JSON object"))
    events = doc.get("events", [])
    if not isinstance(events, list):
        raise RecordError("events", _("events must be a list"))
    if len(events) > MAX_EVENTS:
        raise RecordError("events", _("a hand record holds at most {count} events").format(count=MAX_EVENTS))
    seats = GAMES[game].seats
    checked: list[CheckedEvent] = []
    for number, event in enumerate(events, start=1):
        problem = bad_event(number, event, event_types, seats)
        if problem is not None:
            raise problem
        checked.append((number, event["type"], event["seat"], event))
    return checked


def bad_event(number: int, event: Any, event_types: tuple[str, ...], seats: int) -> RecordError | None:
    """What is wrong with the ``number``th event (1-based), by its path (``events[4].seat``), if it is not an
    object with one of ``event_types`` and a seat from 0 to ``seats - 1``; None if it is."""
    path = f"events[{number - 1}]"
    if not isinstance(event, dict):
        return RecordError(path, _("an event must be a JSON object"))
    kind = event.get("type")
    if kind not in event_types:
        return RecordError(
            f"{path}.type",
            _("type must be one of {types}, not {type}").format(types=", ".join(event_types), type=repr(kind)),
        )
    seat = event.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        return RecordError(f"{path}.seat", _("seat must be a seat number from 0 to {last}").format(last=seats - 1))
    return None


def cards_at(value: Any, path: str) -> tuple[Card, ...]:
    """The cards of a list at ``path`` (``stock``, ``events[4].cards``), or a RecordError by the path of the first
    that cannot be read (``stock[3]``)."""
    try:
        return parse_cards(value, path)
    except CardError as error:
        raise RecordError(error.path, error.message) from None


def card_at(value: Any, path: str) -> Card:
    """The card at ``path`` (``turn_up``, ``events[4].card``), or a RecordError there."""
    try:
        return parse_card(value, path)
    except CardError as error:
        raise RecordError(path, error.message) from None


def choice_at(value: Any, path: str, options: Sequence[str]) -> str:
    """``value`` if it is one of the words ``options`` (a suit letter among them in either case), or a RecordError at
    ``path`` (``events[4].choice``)."""
    choice = value
    if isinstance(choice, str) and choice.upper() in options:
        choice = choice.upper()  # the words are lower case and the suit letters upper case: "s" is the suit S
    if choice not in options:
        message = _("choice must be one of {options}, not {choice}")
        raise RecordError(path, message.format(options=", ".join(options), choice=repr(choice)))
    return str(choice)


class DealtCards:
    """The cards of a deal, placed one by one in record order (the hands, then the cards outside them): a card
    that is not of the game's pack, or one placed twice, is refused at its path (``hands[1][4]``, ``stock[3]``)
    in the game's words, msgids with ``{card}`` and, for a card placed twice, ``{path}``, where it was first.
    ``sizes``: the sizes a hand as dealt may have, the setup's hand size (or none, where a hand may be left empty)."""

    def __init__(self, pack: frozenset[Card] | None, not_in_pack: str, twice: str, sizes: Sequence[int]) -> None:
        self.pack, self.not_in_pack, self.twice, self.sizes = pack, not_in_pack, twice, sizes
        self.seen: dict[Card, str] = {}

    def of_pack(self, card: Card, path: str) -> Card:
        """``card`` if the game's pack holds it (every card does where the game gives no pack); else a RecordError at
        ``path`` in the game's words."""
        if self.pack is not None and card not in self.pack:
            raise RecordError(path, _(self.not_in_pack).format(card=card_name(card)))
        return card

    def place(self, card: Card, path: str) -> None:
        self.of_pack(card, path)
        if card in self.seen:
            raise RecordError(path, _(self.twice).format(card=card_name(card), path=self.seen[card]))
        self.seen[card] = path

    def place_all(self, cards: Sequence[Card], path: str) -> None:
        for index, card in enumerate(cards):
            self.place(card, f"{path}[{index}]")

    def place_hands(self, header: Header, wrong_size: str, sizes: Sequence[int] = ()) -> None:
        """Place each hand as dealt in turn, once its size is one of ``sizes`` (the setup's, unless the game gives
        others); a hand of another size is refused at its path (``hands[1]``) with ``wrong_size``, a msgid with
        ``{count}``, the cards it holds, and ``{size}``, the last of ``sizes``. A record of the plays only has no
        hands as dealt: each is the cards its seat plays."""
        sizes = sizes or self.sizes
        for seat, hand in enumerate(() if header.plays_only else header.hands):
            if len(hand) not in sizes:
                raise RecordError(f"hands[{seat}]", _(wrong_size).format(count=len(hand), size=sizes[-1]))
            self.place_all(hand, f"hands[{seat}]")
