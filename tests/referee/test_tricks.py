"""What every replay shares (referee/core/tricks.py): the run of a record's events and the verdict it assembles, the
tricks each seat has taken, the seat due to play and a contract's deal entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.core.calls import parse_call
from referee.core.games import REFEREES
from referee.core.tricks import contract_entry
from referee.core.verdict import Verdict

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def replayed(game: str, events: int | None = None) -> Verdict:
    """The verdict on the game's fixture, replayed to its ``events``-th event (all of them by default)."""
    doc: dict[str, Any] = json.loads((FIXTURES / game / "hand.json").read_text(encoding="utf-8"))
    doc["events"] = doc["events"][:events]
    referee = REFEREES[game]
    return referee.replay(referee.parse(doc))


@pytest.mark.parametrize("game", sorted(REFEREES))
def test_a_whole_deal_is_complete_with_its_entry_and_the_tricks_won_by_each_seat(game: str) -> None:
    verdict = replayed(game)
    winners = [trick.winner for trick in verdict.tricks if trick.counts]
    assert verdict.tricks_won == tuple(winners.count(seat) for seat in range(len(verdict.tricks_won)))
    assert verdict.complete and verdict.deal_entry is not None and verdict.score is not None
    assert verdict.next_turn is None


@pytest.mark.parametrize("game", sorted(REFEREES))
def test_a_deal_short_of_its_last_event_is_not_complete_and_has_no_entry(game: str) -> None:
    verdict = replayed(game, events=-1)
    assert not verdict.complete and verdict.deal_entry is None and verdict.score is None
    assert verdict.next_turn is not None and verdict.next_turn.kind == "play"


def test_db_3_4_the_draw_tricks_are_shown_and_not_counted() -> None:
    verdict = replayed("draw_bridge")
    assert len(verdict.tricks) == 26 and sum(verdict.tricks_won) == 13


@pytest.mark.parametrize(
    ("declarer", "bid", "entry"),
    [
        (None, None, {"passed_out": True}),
        (None, "4S", {"passed_out": True}),
        (1, "4S", {"declarer": 1, "level": 4, "strain": "S", "doubled": 2, "tricks": 9}),
        (0, "3NT", {"declarer": 0, "level": 3, "strain": "NT", "doubled": 2, "tricks": 9}),
    ],
)
def test_contract_entry_is_passed_out_or_the_contract_and_the_tricks(
    declarer: int | None, bid: str | None, entry: dict[str, Any]
) -> None:
    call = parse_call(bid) if bid is not None else None
    assert contract_entry(declarer, call, 2, 9) == entry
