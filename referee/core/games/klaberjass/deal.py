"""Reading a Klaberjass hand record: the hands, the turn-up, the bottom card and the events
(KJ-1.1, KJ-3, KJ-5.1); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.games.klaberjass.rules import ANSWERS, BIDS, FIRST_DEAL, HAND_SIZE
from referee.core.games.klaberjass.setup import SETUP
from referee.core.pack32 import PACK32
from referee.core.record import (
    CheckedEvent,
    DealtCards,
    Event,
    Header,
    Record,
    card_at,
    event_card,
    event_cards,
    event_choice,
    in_pack,
)
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _, gettext_noop

_PACK = frozenset(PACK32)
_NOT_IN_PACK = gettext_noop("{card} is not in the 32-card Klaberjass pack: A K Q J 10 9 8 7 (KJ-1.1)")


@dataclass(frozen=True, slots=True, kw_only=True)
class KlaberjassRecord(Record):
    """A hand record as read, with the turn-up and the bottom card (or None); in a record of the plays only each
    hand is the cards its seat plays (`_hands_from_plays`)."""

    turn_up: Card
    bottom: Card | None


def _pack_card(card: Card, path: str) -> Card:
    return in_pack(card, _PACK, path, _NOT_IN_PACK)


def _one_card(doc: Mapping[str, Any], field: str) -> Card:
    return _pack_card(card_at(doc.get(field), field), field)


def _check_hands(hands: Sequence[Sequence[Card]]) -> set[Card]:
    """Refuse hands that are not 9 (or, KJ-3.2, 6) different cards each of the 32-card pack; return the cards dealt."""
    if {len(hand) for hand in hands} not in ({HAND_SIZE}, {FIRST_DEAL}):
        raise RecordError("hands", _("each hand must hold the 9 cards after the second deal (KJ-5.1)"))
    dealt = DealtCards(_PACK, _NOT_IN_PACK, gettext_noop("{card} is dealt twice"))
    for seat, hand in enumerate(hands):
        dealt.place_all(hand, f"hands[{seat}]")
    return set(dealt.seen)


def _read_event(checked: CheckedEvent) -> Event:
    """An event whose type and seat are checked: a play's card and announcement, a choice, a declaration's cards."""
    number, kind, seat, data = checked
    if kind == "play":
        card = _pack_card(event_card(number, data), f"events[{number - 1}].card")
        announce = data.get("announce")
        if announce not in (None, "bella"):
            message = _("the only announcement is bella, not {announce}")
            raise RecordError(f"events[{number - 1}].announce", message.format(announce=repr(announce)))
        return Event(number=number, type=kind, seat=seat, card=card, announce=announce or "")
    if kind in ("bid", "answer"):
        choice = event_choice(number, data, BIDS if kind == "bid" else ANSWERS)
        return Event(number=number, type=kind, seat=seat, choice=choice)
    if kind == "declare":
        cards = event_cards(number, data)
        for position, card in enumerate(cards):
            _pack_card(card, f"events[{number - 1}].cards[{position}]")
        return Event(number=number, type=kind, seat=seat, cards=cards)
    return Event(number=number, type=kind, seat=seat)  # dix


def _read_deal(doc: Mapping[str, Any], header: Header) -> tuple[Card, Card | None]:
    """The turn-up and the bottom card, once the hands are 9 (or 6) different cards each of the pack (KJ-3, KJ-5.1).
    A record of the plays only has no hands to check, and its turn-up may be played, once swapped for the dix."""
    if header.plays_only:
        turn_up = _one_card(doc, "turn_up") if "turn_up" in doc else _missing_turn_up()
        return turn_up, _one_card(doc, "bottom") if doc.get("bottom") is not None else None
    dealt = _check_hands(header.hands)
    if "turn_up" not in doc:
        _missing_turn_up()
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
    return turn_up, bottom


def _missing_turn_up() -> Card:
    raise RecordError("turn_up", _("turn_up is missing: the card turned face up after the deal (KJ-3.3)"))


def _hands_from_plays(header: Header, turn_up: Card, events: tuple[Event, ...]) -> tuple[tuple[Card, ...], ...]:
    """A record of the plays only: each hand is the cards its seat plays, with the cards of the sequences it
    declares (KJ-6.2, shown to the table), except that a player who swapped the dix (KJ-5.3) held the 7 of the
    turn-up's suit in the turn-up's place before the swap."""
    hands = [list(hand) for hand in header.hands]
    for event in events:  # a declared sequence is shown (KJ-6.2): its cards are held until played
        if event.type == "declare":
            hands[event.seat].extend(card for card in event.cards or () if not any(card in held for held in hands))
    seven = Card("7", turn_up.suit)
    dix = next((event for event in events if event.type == "dix"), None)
    if dix is not None and not any(seven in held for held in hands):
        hand = hands[dix.seat]
        if turn_up in hand:
            hand[hand.index(turn_up)] = seven
        else:
            hand.append(seven)
    return tuple(map(tuple, hands))


def read_record(doc: Mapping[str, Any], game: str) -> KlaberjassRecord:
    """Read a Klaberjass hand record; raise RecordError with the path of the problem: the first fault in this
    order: the header, the events' types and seats, the hands, the turn-up, the bottom card, each event's fields."""
    header, (turn_up, bottom), events = read_in_order(doc, game, SETUP, _read_deal, _read_event)
    hands = _hands_from_plays(header, turn_up, events) if header.plays_only else header.hands
    if len(header.hands[0]) == FIRST_DEAL and not header.plays_only:
        for event in events:
            if event.type in ("dix", "declare", "play"):
                message = _("the hands hold only the first six cards; record all nine to referee the play (KJ-5.1)")
                raise RecordError(f"events[{event.number - 1}]", message)
    return KlaberjassRecord.of(header, events, hands=hands, turn_up=turn_up, bottom=bottom)
