"""What each tap of the hand page does to a hand record (docs/hand-record.md, docs/referee/).

`apply_action` returns a changed copy, checked by `referee.limits.check_record`; the record it was given
is never touched, so a refused action loses or changes nothing already saved.
"""

from __future__ import annotations

import json
from typing import Any

from referee.core.cards import parse_card, parse_cards
from referee.core.verdict import RecordError
from referee.forms import EVENT_KINDS, EXTRA_FIELDS, request_number
from referee.limits import EVENT_TYPES, HAND_SIZE, check_record, used_cards
from scoring.core.games import GAMES


def _event(record: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The event for a tap, in the shape of the game's hand record, its cards in the card notation."""
    kind, seat = data["kind"], data["seat"]
    event_type = EVENT_KINDS[kind]
    game = record["game"]
    if event_type not in EVENT_TYPES[game]:
        raise RecordError(
            "kind", f"a {GAMES[game].title} hand has no {kind}: its events are {', '.join(EVENT_TYPES[game])}"
        )
    path = f"events[{len(record['events'])}]"
    event: dict[str, Any] = {"type": event_type, "seat": seat}
    if kind == "play" or (kind == "draw" and data["card"]):  # a single card (a Draw Bridge draw)
        event["card"] = parse_card(data["card"], f"{path}.card").code
        if kind == "play" and data["announce"] == "bella":
            event["announce"] = "bella"
    elif kind in ("draw", "discard", "declare"):
        tokens = data["cards"] or data["cards_text"].split()
        event["cards"] = [card.code for card in parse_cards(tokens, f"{path}.cards")]
    elif kind == "call":
        number = request_number(data["call"], digits=2)  # Call Bridge calls a number of tricks (CB-4.2)
        event["call"] = data["call"] if number is None else number
    elif kind in ("trump", "answer"):
        event["choice"] = data["choice"]
    return event


def apply_action(record: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``record`` changed by one action (HandActionForm's cleaned data); RecordError/CardError if refused."""
    changed = json.loads(json.dumps(record))
    action, seat = data["action"], data["seat"]
    if action == "undo_event":
        if changed["events"]:
            changed["events"].pop()
        return changed  # only ever shrinks the record, so even one stored before the limits can be undone
    game = changed["game"]
    if action == "add_card":
        code = parse_card(data["card"], "card").code
        if code in used_cards(changed):
            raise RecordError("card", f"{parse_card(code).label} is already in a hand")
        hand = changed["hands"][seat]
        if len(hand) >= HAND_SIZE[game]:
            raise RecordError(f"hands[{seat}]", f"{changed['players'][seat]} already holds {HAND_SIZE[game]} cards")
        hand.append(code)
    elif action == "remove_card":
        code = parse_card(data["card"], "card").code
        changed["hands"][seat] = [token for token in changed["hands"][seat] if parse_card(token).code != code]
    elif action == "set_hand":
        cards = [card.code for card in parse_cards(data["cards_text"], f"hands[{seat}]")]
        others = used_cards({**changed, "hands": [h for i, h in enumerate(changed["hands"]) if i != seat]})
        clash = [code for code in cards if code in others] or [c for c in cards if cards.count(c) > 1]
        if clash:
            raise RecordError(f"hands[{seat}]", f"{parse_card(clash[0]).label} is already used")
        changed["hands"][seat] = cards
    elif action == "set_extra":
        for field, _label, many in EXTRA_FIELDS[game]:
            text = data.get(field, "")
            if many:
                changed[field] = [card.code for card in parse_cards(text, field)] if text else []
            else:
                changed[field] = parse_card(text, field).code if text else None
            if not changed[field]:
                changed.pop(field)
    else:  # "event"
        changed["events"].append(_event(changed, data))
    check_record(changed)  # refuse what the referee cannot read, or what is over a cap; illegal plays are fine
    return changed
