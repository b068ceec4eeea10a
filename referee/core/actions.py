"""What each tap of the Check a hand page does to a hand record (docs/hand-record.md, docs/referee/).

`apply_action` returns a changed copy, checked by `referee.core.limits.check_record`; the record it was
given is never touched, so a refused action loses or changes nothing already saved. Everything it
knows of a game it asks the game's referee: the pack, the size of a hand and the fields outside the
hands from its setup, the event a tap records from its record builder.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.core.games import REFEREES
from referee.core.limits import check_record, used_cards
from referee.core.protocol import RefereeGame, Tap
from referee.core.verdict import RecordError
from scoring.core.cards import CardError, parse_card, parse_cards
from scoring.core.games import GAMES

ACTIONS = ("add_card", "remove_card", "set_hand", "set_extra", "event", "undo_event")
SEAT_ACTIONS = ("add_card", "remove_card", "set_hand", "event")  # the actions that need a seat


def apply_action(record: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``record`` changed by one action; a RecordError naming the field if it is refused.

    ``action`` holds the posted fields as read: ``action`` (one of ACTIONS), ``seat``, ``kind``, ``card``,
    ``cards``, ``cards_text``, ``call``, ``choice``, ``announce`` and one per field outside the hands.
    """
    changed: dict[str, Any] = json.loads(json.dumps(record))
    if action["action"] == "undo_event":
        if changed["events"]:
            changed["events"].pop()
        return changed  # only ever shrinks the record, so even one stored before the limits can be undone
    referee = REFEREES[changed["game"]]
    try:
        _apply(referee, changed, action)
    except CardError as error:
        raise RecordError(error.path, error.message) from None
    check_record(referee, changed)  # refuse what the referee cannot read, or what is over a cap; illegal plays are fine
    return changed


def _apply(referee: RefereeGame, changed: dict[str, Any], action: Mapping[str, Any]) -> None:
    setup = referee.setup
    name, seat = action["action"], action.get("seat")
    if name == "add_card":
        code = parse_card(action["card"], "card").code
        if code in used_cards(setup, changed):
            raise RecordError("card", f"{parse_card(code).label} is already in a hand")
        hand = changed["hands"][seat]
        if len(hand) >= setup.hand_size:
            raise RecordError(f"hands[{seat}]", f"{changed['players'][seat]} already holds {setup.hand_size} cards")
        hand.append(code)
    elif name == "remove_card":
        code = parse_card(action["card"], "card").code
        changed["hands"][seat] = [token for token in changed["hands"][seat] if parse_card(token).code != code]
    elif name == "set_hand":
        cards = [card.code for card in parse_cards(action["cards_text"], f"hands[{seat}]")]
        others = used_cards(setup, {**changed, "hands": [h for i, h in enumerate(changed["hands"]) if i != seat]})
        clash = [code for code in cards if code in others] or [c for c in cards if cards.count(c) > 1]
        if clash:
            raise RecordError(f"hands[{seat}]", f"{parse_card(clash[0]).label} is already used")
        changed["hands"][seat] = cards
    elif name == "set_extra":
        for field in setup.extras:
            text = action.get(field.name, "")
            if field.many:
                changed[field.name] = [card.code for card in parse_cards(text, field.name)] if text else []
            else:
                changed[field.name] = parse_card(text, field.name).code if text else None
            if not changed[field.name]:
                changed.pop(field.name)
    else:  # "event"
        kind = action["kind"]
        if kind not in setup.taps:
            title = GAMES[referee.name].title
            raise RecordError("kind", f"a {title} hand has no {kind}: its events are {', '.join(setup.taps)}")
        if not isinstance(seat, int):
            raise RecordError("seat", "choose a player")
        changed["events"].append(referee.build_event(Tap(kind, seat, action, at=len(changed["events"]))))
