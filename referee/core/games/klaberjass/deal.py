"""Reading a Klaberjass hand record: the hands, the turn-up, the bottom card and the events
(KJ-1.1, KJ-3, KJ-5.1); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.games.klaberjass.rules import FIRST_DEAL, HAND_SIZE
from referee.core.games.klaberjass.setup import SETUP
from referee.core.record import DealtCards, Event, Header, Record, card_at
from referee.core.record import read_record as read_in_order
from referee.core.verdict import RecordError
from vocabulary.cards import Card, card_name
from vocabulary.i18n import _, gettext_noop


@dataclass(frozen=True, slots=True, kw_only=True)
class KlaberjassRecord(Record):
    """A hand record as read, with the turn-up and the bottom card (or None); in a record of the plays only each
    hand is the cards its seat plays (`_hands_from_plays`)."""

    turn_up: Card
    bottom: Card | None


def _read_bella(value: Any, path: str) -> str:
    """A play's announcement: none, or bella with the second of the K and Q of trumps (KJ-7.1)."""
    if value not in (None, "bella"):
        raise RecordError(path, _("the only announcement is bella, not {announce}").format(announce=repr(value)))
    return value or ""


def _one_card(doc: Mapping[str, Any], field: str, dealt: DealtCards) -> Card:
    return dealt.of_pack(card_at(doc.get(field), field), field)


def _read_deal(doc: Mapping[str, Any], header: Header, dealt: DealtCards) -> tuple[Card, Card | None]:
    """The turn-up and the bottom card, once the hands are 9 (or 6) different cards each of the pack (KJ-3, KJ-5.1).
    A record of the plays only has no hands to check, and its turn-up may be played, once swapped for the dix."""
    if not header.plays_only:
        # The 9 cards each after the second deal, or the first deal's 6 (KJ-3.2), all different, of the 32-card pack.
        if {len(hand) for hand in header.hands} not in ({HAND_SIZE}, {FIRST_DEAL}):
            raise RecordError("hands", _("each hand must hold the 9 cards after the second deal (KJ-5.1)"))
        for seat, hand in enumerate(header.hands):
            dealt.place_all(hand, f"hands[{seat}]")
    if "turn_up" not in doc:
        raise RecordError("turn_up", _("turn_up is missing: the card turned face up after the deal (KJ-3.3)"))
    turn_up = _one_card(doc, "turn_up", dealt)
    if turn_up in dealt.seen:  # none is, in a record of the plays only
        raise RecordError("turn_up", _("the turn-up {card} is also in a hand").format(card=card_name(turn_up)))
    if doc.get("bottom") is None:
        return turn_up, None
    bottom = _one_card(doc, "bottom", dealt)
    if not header.plays_only and (bottom in dealt.seen or bottom == turn_up):
        raise RecordError("bottom", _("the bottom card {card} is also dealt elsewhere").format(card=card_name(bottom)))
    return turn_up, bottom


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
    header, (turn_up, bottom), events = read_in_order(
        doc,
        game,
        SETUP,
        _read_deal,
        not_in_pack=gettext_noop("{card} is not in the 32-card Klaberjass pack: A K Q J 10 9 8 7 (KJ-1.1)"),
        twice=gettext_noop("{card} is dealt twice"),
        field_readers={"announce": _read_bella},
    )
    hands = _hands_from_plays(header, turn_up, events) if header.plays_only else header.hands
    if len(header.hands[0]) == FIRST_DEAL and not header.plays_only:
        for event in events:
            if event.type in ("dix", "declare", "play"):
                message = _("the hands hold only the first six cards; record all nine to referee the play (KJ-5.1)")
                raise RecordError(f"events[{event.number - 1}]", message)
    return KlaberjassRecord.of(header, events, hands=hands, turn_up=turn_up, bottom=bottom)
