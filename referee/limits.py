"""How big a Check a hand record may grow, and the check every change passes before it is saved.

A record is stored only if its game's own parser reads it (referee/core/games/*/record.py). Until the
deal is fully recorded the parser would stop at the hands, so it reads a stand-in instead: the record
with its missing cards dealt from the rest of the pack. The events are then read exactly as they will
be once the hands are in. The caps are documented in docs/hand-record.md ("Limits").
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.cards import CardError, bridgette_pack, klaberjass_pack, parse_card, standard_pack
from referee.core.games import REFEREES, bridgette, call_bridge, draw_bridge, klaberjass
from referee.core.verdict import RecordError
from referee.forms import EXTRA_FIELDS
from scoring.core.games import GAMES

PACKS = {
    "bridgette": bridgette_pack(),
    "draw_bridge": standard_pack(),
    "call_bridge": standard_pack(),
    "klaberjass": klaberjass_pack(),
}
HAND_SIZE = {
    "bridgette": bridgette.HAND_SIZE,
    "draw_bridge": draw_bridge.HAND_SIZE,
    "call_bridge": call_bridge.TRICKS_PER_DEAL,
    "klaberjass": klaberjass.HAND_SIZE,
}
EVENT_TYPES = {
    "bridgette": bridgette.EVENT_TYPES,
    "draw_bridge": draw_bridge.EVENT_TYPES,
    "call_bridge": call_bridge.EVENT_TYPES,
    "klaberjass": klaberjass.EVENT_TYPES,
}
# The calls of the longest auction each game allows.
_LONGEST_AUCTION = {
    "bridgette": 3 * len(bridgette.LADDER) + 2,  # every bid doubled and redoubled, then two passes (BG-5)
    "draw_bridge": 3 * len(draw_bridge.ALL_BIDS) + 2,  # the same ladder without 0NT (DB-4)
    "call_bridge": GAMES["call_bridge"].seats,  # one call each (CB-4.2)
    "klaberjass": 2 * GAMES["klaberjass"].seats + 1,  # two rounds of bids, then an answer to a schmeiss (KJ-4, R-KJ-2)
}
# Events per record: twice every card of the pack and the longest auction. A whole deal fits with room to
# spare for flagged events (a call out of turn, a card played twice), and the record stays small.
EVENT_CAPS = {game: 2 * (len(PACKS[game]) + calls) for game, calls in _LONGEST_AUCTION.items()}
MAX_RECORD_BYTES = 64 * 1024  # the record as stored JSON
# The cards of a deal outside the hands: (field, how many, whether the parser needs them to read the events).
_DEAL_EXTRAS = {
    "bridgette": (("stock", bridgette.STOCK_SIZE, False),),  # optional, as is the upcard (R-BG-13)
    "draw_bridge": (("stock", draw_bridge.STOCK_SIZE, True),),  # DB-2.2
    "call_bridge": (),
    "klaberjass": (("turn_up", 1, True),),  # KJ-3.3; the bottom card is optional
}


def _code(token: Any) -> str | None:
    try:
        return parse_card(token).code
    except CardError:
        return None  # the parser names it


def used_cards(record: dict[str, Any]) -> set[str]:
    """The codes of the cards already placed: in a hand or in a field such as the stock or the turn-up."""
    tokens = [token for hand in record["hands"] if isinstance(hand, list) for token in hand]
    for field, _label, many in EXTRA_FIELDS[record["game"]]:
        value = record.get(field)
        if value:
            tokens.extend(value if many and isinstance(value, list) else [value])
    return {code for code in map(_code, tokens) if code is not None}


def stand_in(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with every short hand and every missing card its parser needs dealt from the unused cards.

    A stock longer than the game deals is refused here: the hands could not be completed, and the
    parser would blame them.
    """
    game = record["game"]
    for field, count, _needed in _DEAL_EXTRAS[game]:
        value = record.get(field)
        if isinstance(value, list) and len(value) > count:
            raise RecordError(field, f"the {field} holds {count} cards in a {GAMES[game].title} deal, not {len(value)}")
    used = used_cards(record)
    spare = [card.code for card in PACKS[game] if card.code not in used]

    def deal(count: int) -> list[str]:
        dealt = spare[: max(count, 0)]
        del spare[: len(dealt)]
        return dealt

    doc = dict(record)
    if isinstance(record.get("hands"), list):
        size = HAND_SIZE[game]
        doc["hands"] = [
            [*hand, *deal(size - len(hand))] if isinstance(hand, list) else hand for hand in record["hands"]
        ]
    many = {field: many for field, _label, many in EXTRA_FIELDS[game]}
    for field, count, needed in _DEAL_EXTRAS[game]:
        value = record.get(field)
        if needed and many[field] and isinstance(value, list):
            doc[field] = [*value, *deal(count - len(value))]
        elif needed and value is None:
            dealt = deal(count)
            doc[field] = dealt if many[field] else next(iter(dealt), None)
    return doc


def check_record(record: dict[str, Any]) -> None:
    """Refuse ``record`` with a RecordError naming the field when it is over a cap or its game cannot read it."""
    game = record["game"]
    events = record.get("events")
    cap = EVENT_CAPS[game]
    if isinstance(events, list) and len(events) > cap:
        raise RecordError("events", f"a {GAMES[game].title} hand holds at most {cap} events")
    size = len(json.dumps(record, ensure_ascii=False).encode())
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            "record", f"a hand record holds at most {MAX_RECORD_BYTES // 1024} kB; this one would take {size:,} bytes"
        )
    REFEREES[game].parse(stand_in(record))
