"""A deal in two steps (EntrySpec.first) and fixed totals (EntryField.total), for every game in the
registry: what a game says about them must agree with what its parse_deal keeps."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.core.base import FieldKind, RuleError
from scoring.core.games import GAMES
from scoring.core.steps import first_text, read_first
from tests.conftest import sample_deals

NO_FLAGS: frozenset[str] = frozenset()
SAMPLES = [
    (name, deal["entry"], frozenset(deal.get("flags", [])))
    for name in GAMES
    for deal in sample_deals(name)
    if len(deal["entry"]) > 1  # a deal with no play has nothing to enter in steps
]


@pytest.mark.parametrize("name", list(GAMES))
def test_first_fields_are_fields_of_the_spec_and_titled(name: str) -> None:
    spec = GAMES[name].entry_spec(NO_FLAGS)
    names = [field.name for field in spec.fields]
    assert all(first in names for first in spec.first)
    assert bool(spec.first) == bool(spec.first_title)
    assert spec.no_play not in spec.first


@pytest.mark.parametrize(("name", "entry", "flags"), SAMPLES)
def test_a_sample_deals_first_step_reads_back_unchanged(name: str, entry: dict[str, Any], flags: Any) -> None:
    game = GAMES[name]
    spec = game.entry_spec(flags)
    first = {field: entry[field] for field in spec.first}
    assert read_first(spec, first, game.seats) == first


@pytest.mark.parametrize(("name", "entry", "flags"), SAMPLES)
def test_a_total_is_what_parse_deal_keeps(name: str, entry: dict[str, Any], flags: Any) -> None:
    # Each per-seat field with a total adds up to it in every sample deal, and one more is refused.
    game = GAMES[name]
    for field in game.entry_spec(flags).fields:
        if field.total is None:
            continue
        assert field.per_seat and field.kind in (FieldKind.CHOICE, FieldKind.NUMBER)
        assert sum(entry[field.name]) == field.total
        values = list(entry[field.name])
        values[values.index(min(values))] += 1
        with pytest.raises(RuleError) as caught:
            game.parse_deal({**entry, field.name: values}, flags)
        assert caught.value.rule == field.rule


def test_cb_4_1_the_calls_are_entered_first_and_said_in_words() -> None:
    # docs/rules/call_bridge.md: calls when they are made (CB-4.1), tricks adding up to 13 (CB-5.4).
    spec = GAMES["call_bridge"].entry_spec(NO_FLAGS)
    assert (spec.first, spec.first_title, spec.field("tricks").total) == (("calls",), "Calls", 13)
    text = first_text(spec, {"calls": [3, 4, 2, 5]}, ("Asha", "Bilal", "Chen", "Dev"))
    assert text == "Calls: Asha 3, Bilal 4, Chen 2, Dev 5"


@pytest.mark.parametrize(
    ("dealer", "text"),
    [
        # The dealer's right calls first, then round the table in the players' order (CB-4.1).
        (0, "Calls: Bilal 4, Chen 2, Dev 5, Asha 3"),
        (2, "Calls: Dev 5, Asha 3, Bilal 4, Chen 2"),
        (3, "Calls: Asha 3, Bilal 4, Chen 2, Dev 5"),
    ],
)
def test_cb_4_1_the_calls_are_listed_in_calling_order(dealer: int, text: str) -> None:
    spec = GAMES["call_bridge"].entry_spec(frozenset())
    assert first_text(spec, {"calls": [3, 4, 2, 5]}, ("Asha", "Bilal", "Chen", "Dev"), dealer) == text
