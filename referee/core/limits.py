"""How big a record of the Check a hand page may grow, and the check every change passes before it is saved.

A record is stored only if its game's own parser reads it. Until the deal is fully recorded the parser
would stop at the hands, so it reads a stand-in instead: the record with its missing cards dealt from
the rest of the game's pack (`stand_in`). The events are then read exactly as they will be once the
hands are in. The caps are documented in docs/hand-record.md ("Limits"); the events a record may hold
are the game's setup's `event_cap`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.core.protocol import RefereeGame
from referee.core.setup import Setup, has_hands
from referee.core.verdict import RecordError
from scoring.core.games import GAMES
from vocabulary.cards import CardError, parse_card
from vocabulary.i18n import _, ngettext

MAX_RECORD_BYTES = 64 * 1024  # the record as stored JSON


def _code(token: Any) -> str | None:
    try:
        return parse_card(token).code
    except CardError:
        return None  # the parser names it


def used_cards(setup: Setup, record: Mapping[str, Any]) -> set[str]:
    """The codes of the cards already placed: in a hand or in a field such as the stock or the turn-up (none in
    the hands of a record of the plays only, which gives none)."""
    hands = record["hands"] if has_hands(record) else []
    tokens = [token for hand in hands if isinstance(hand, list) for token in hand]
    for field in setup.extras_for(record):
        value = record.get(field.name)
        if value and not field.in_hand:
            tokens.extend(value if field.many and isinstance(value, list) else [value])
    return {code for code in map(_code, tokens) if code is not None}


def stand_in(setup: Setup, record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with every short hand and every required field its parser needs dealt from the unused cards.

    A list of cards longer than the game deals there (a stock of 27 in Draw Bridge) is refused here: the
    hands could not be completed, and the parser would blame them.
    """
    title = GAMES[record["game"]].title
    for field in setup.extras:
        value = record.get(field.name)
        if field.many and isinstance(value, list) and len(value) > field.size:
            raise RecordError(
                field.name,
                ngettext(
                    "{noun} holds {size} card in a {game} deal, not {count}",
                    "{noun} holds {size} cards in a {game} deal, not {count}",
                    field.size,
                ).format(noun=field.noun, size=field.size, game=title, count=len(value)),
            )
    used = used_cards(setup, record)
    spare = [card.code for card in setup.pack if card.code not in used]

    def deal(count: int) -> list[str]:
        dealt = spare[: max(count, 0)]
        del spare[: len(dealt)]
        return dealt

    doc = dict(record)
    if isinstance(record.get("hands"), list):
        size = setup.hand_size
        doc["hands"] = [
            [*hand, *deal(size - len(hand))] if isinstance(hand, list) else hand for hand in record["hands"]
        ]
    for field in setup.extras_for(record):
        value = record.get(field.name)
        if field.in_hand and value is None and field.required:  # one of the cards now in the hands
            doc[field.name] = next((card for hand in doc.get("hands") or [] for card in hand), None)
        elif field.required and field.many and isinstance(value, list):
            doc[field.name] = [*value, *deal(field.size - len(value))]
        elif field.required and value is None:
            dealt = deal(field.size)
            doc[field.name] = dealt if field.many else next(iter(dealt), None)
    return doc


def check_record(referee: RefereeGame, record: Mapping[str, Any]) -> None:
    """Refuse ``record`` with a RecordError naming the field when it is over a cap or its game cannot read it."""
    events = record.get("events")
    cap = referee.setup.event_cap
    if isinstance(events, list) and len(events) > cap:
        raise RecordError(
            "events",
            ngettext(
                "a {game} hand holds at most {count} event", "a {game} hand holds at most {count} events", cap
            ).format(game=GAMES[referee.name].title, count=cap),
        )
    size = len(json.dumps(record, ensure_ascii=False).encode())
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            "record",
            _("a hand record holds at most {limit} kB; this one would take {size:,} bytes").format(
                limit=MAX_RECORD_BYTES // 1024, size=size
            ),
        )
    referee.parse(stand_in(referee.setup.for_record(record), record))
