"""The one record reader (referee.core.record.read_record): every field of every event a game's setup describes is
read, by its kind or by the game's own reader, and a value that cannot be read is refused at that field's path.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.games import REFEREES
from referee.core.verdict import RecordError

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

# Every field of every event kind of every game: (game, event type, field name).
FIELDS = [
    (name, kind.type, field.name)
    for name, referee in REFEREES.items()
    for kind in referee.setup.events
    for field in kind.fields
]


@pytest.mark.parametrize(("game", "kind", "field"), FIELDS)
def test_every_field_of_a_setup_is_read_and_refused_at_its_path(game: str, kind: str, field: str) -> None:
    """A field of no reading every game shares (a number, a call) has the game's own reader: nothing is left unread.
    The event is added after a legal whole deal (the game's fixture), so its deal is read before its fields."""
    record: dict[str, Any] = copy.deepcopy(json.loads((FIXTURES / game / "hand.json").read_text()))
    record["events"].append({"type": kind, "seat": 0, field: {"not": "a value"}})
    number = len(record["events"]) - 1
    with pytest.raises(RecordError) as caught:
        REFEREES[game].parse(record)
    assert caught.value.path.startswith(f"events[{number}].")
