"""Reading a Klaberjass hand record: the hands, the turn-up, the bottom card and the events
(RULES.md KJ-1.1, KJ-3, KJ-5.1); see the package docstring for the record's shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.cards import SUITS, Card, CardError, klaberjass_pack, parse_card
from referee.core.record import Event, event_card, event_cards, read_common
from referee.core.verdict import RecordError
from scoring.core.base import Flags

EVENT_TYPES = ("bid", "answer", "dix", "declare", "play")
BIDS = ("take", "pass", "schmeiss", *SUITS)
ANSWERS = ("play", "throw_in")
HAND_SIZE = 9  # KJ-5.1
FIRST_DEAL = 6  # KJ-3.2: a record of an annulled deal may hold only these
_PACK = frozenset(klaberjass_pack())


@dataclass(frozen=True, slots=True)
class KlaberjassEvent:
    index: int  # 1-based position in the record's events
    type: str
    seat: int
    choice: str = ""
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    bella: bool = False


@dataclass(frozen=True, slots=True)
class KlaberjassRecord:
    players: tuple[str, ...]
    dealer: int
    flags: Flags
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card
    bottom: Card | None
    events: tuple[KlaberjassEvent, ...]


def _pack_card(card: Card, path: str) -> Card:
    if card not in _PACK:
        raise RecordError(path, f"{card.label} is not in the 32-card Klaberjass pack: A K Q J 10 9 8 7 (KJ-1.1)")
    return card


def _one_card(doc: Mapping[str, Any], field: str) -> Card:
    try:
        card = parse_card(doc.get(field), field)
    except CardError as error:
        raise RecordError(field, error.message) from None
    return _pack_card(card, field)


def _read_event(event: Event) -> KlaberjassEvent:
    path = f"events[{event.index - 1}]"
    data = event.data
    if event.type in ("bid", "answer"):
        options = BIDS if event.type == "bid" else ANSWERS
        choice = data.get("choice")
        if isinstance(choice, str) and event.type == "bid" and choice.upper() in SUITS:
            choice = choice.upper()
        if choice not in options:
            raise RecordError(f"{path}.choice", f"choice must be one of {', '.join(options)}, not {choice!r}")
        return KlaberjassEvent(event.index, event.type, event.seat, choice=str(choice))
    if event.type == "declare":
        cards = event_cards(event, "cards")
        for number, card in enumerate(cards):
            _pack_card(card, f"{path}.cards[{number}]")
        return KlaberjassEvent(event.index, event.type, event.seat, cards=cards)
    if event.type == "play":
        card = _pack_card(event_card(event), f"{path}.card")
        announce = data.get("announce")
        if announce not in (None, "bella"):
            raise RecordError(f"{path}.announce", f"the only announcement is bella, not {announce!r}")
        return KlaberjassEvent(event.index, event.type, event.seat, card=card, bella=announce == "bella")
    return KlaberjassEvent(event.index, event.type, event.seat)  # dix


def read_record(doc: Mapping[str, Any], game: str) -> KlaberjassRecord:
    """Read a Klaberjass hand record; raise RecordError with the path of the problem."""
    common = read_common(doc, game, EVENT_TYPES)
    sizes = {len(hand) for hand in common.hands}
    if sizes not in ({HAND_SIZE}, {FIRST_DEAL}):
        raise RecordError("hands", "each hand must hold the 9 cards after the second deal (KJ-5.1)")
    seen: set[Card] = set()
    for seat, hand in enumerate(common.hands):
        for number, card in enumerate(hand):
            _pack_card(card, f"hands[{seat}][{number}]")
            if card in seen:
                raise RecordError(f"hands[{seat}][{number}]", f"{card.label} is dealt twice")
            seen.add(card)
    if "turn_up" not in doc:
        raise RecordError("turn_up", "turn_up is missing: the card turned face up after the deal (KJ-3.3)")
    turn_up = _one_card(doc, "turn_up")
    if turn_up in seen:
        raise RecordError("turn_up", f"the turn-up {turn_up.label} is also in a hand")
    bottom = None
    if doc.get("bottom") is not None:
        bottom = _one_card(doc, "bottom")
        if bottom in seen or bottom == turn_up:
            raise RecordError("bottom", f"the bottom card {bottom.label} is also dealt elsewhere")
    events = tuple(_read_event(event) for event in common.events)
    if sizes == {FIRST_DEAL}:
        for event in events:
            if event.type in ("dix", "declare", "play"):
                raise RecordError(
                    f"events[{event.index - 1}]",
                    "the hands hold only the first six cards; record all nine to referee the play (KJ-5.1)",
                )
    return KlaberjassRecord(common.players, common.dealer, common.flags, common.hands, turn_up, bottom, events)
